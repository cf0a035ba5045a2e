//! Building programs the way a judge does: one file, the command of its judge profile
//! (`judges.toml`), in the sandbox like any judged program, under the profile's compile limits,
//! and cached by everything the compiler could see.
//!
//! The compiler runs on copies of the files its source may see (`crate::sight`), staged in a
//! build directory in their workspace layout and shown to it (with the toolchain, read-only)
//! and nothing else of the user's: so the cache key, made of the command, the profile, the
//! compiler's version and every file shown (path and content), is complete by construction.
//! Its messages name the user's real paths (the staging prefix is rewritten).

use sandbox::Cancel;
use sandbox::{Compile, CompilePaths, Kill, Program, Sandbox};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};

use crate::judges::{parse_version, CompileLimits, Profile};
use crate::sight::{self, Sight};

/// `template` with `{src}`, `{out}` and `{dir}` (the folder of `src`) replaced.
pub(crate) fn expand(template: &[String], src: &Path, out: &Path) -> Vec<OsString> {
    let dir = src.parent().unwrap_or(Path::new("."));
    template
        .iter()
        .map(|a| match a.as_str() {
            "{src}" => src.into(),
            "{out}" => out.into(),
            "{dir}" => dir.into(),
            _ => a
                .replace("{src}", &src.to_string_lossy())
                .replace("{out}", &out.to_string_lossy())
                .replace("{dir}", &dir.to_string_lossy())
                .into(),
        })
        .collect()
}

/// The compiler's family, from its name (`x86_64-linux-gnu-g++-12` is g++).
fn family(compiler: &str) -> &str {
    let Some(name) = Path::new(compiler).file_name().and_then(|n| n.to_str()) else {
        return "";
    };
    let name = name.rsplit_once('-').map_or(name, |(head, tail)| {
        if tail.chars().all(|c| c.is_ascii_digit() || c == '.') {
            head
        } else {
            name
        }
    });
    name.rsplit('-').next().unwrap_or(name)
}

/// The arguments that make `compiler` list the files it read into `{deps}` (a make rule): the
/// GCC family (and clang) and rustc. Only reported (`runner submit` warns of a file that reads
/// others); the cache does not need them.
fn dep_args(compiler: &str) -> &'static [&'static str] {
    match family(compiler) {
        "rustc" => &["--emit=link,dep-info={deps}"],
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => &["-MMD", "-MF", "{deps}"],
        _ => &[],
    }
}

/// The arguments that stop `compiler` after a readable number of errors.
fn error_limit_args(compiler: &str) -> &'static [&'static str] {
    match family(compiler) {
        "gcc" | "g++" | "cc" | "c++" => &["-fmax-errors=50"],
        "clang" | "clang++" => &["-ferror-limit=50"],
        _ => &[],
    }
}

/// Commands a compile runs by a name whose link leaves `/usr`: rustc links with `cc`, which
/// Debian makes a link into `/etc/alternatives`, not in the sandbox. The build directory's
/// `bin/` (first on the compile's `PATH`) gets a `cc` that runs what `cc` resolves to here (the
/// name stays `cc`: rustc then links with its own lld, measurably faster than with GNU ld).
/// rustc's lld wrapper finds lld through `/proc/self/exe`, which the sandbox has not: where
/// there is no `/proc`, this `cc` puts `bin/lld/` first on the linker's search path, whose
/// `ld.lld` is the toolchain's `rust-lld` as the sandbox shows it (`toolchain_lld`).
fn commands(work: &Path, toolchain_lld: Option<&Path>) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let Some(cc) = find_program("cc").and_then(|p| p.canonicalize().ok()) else {
        return Ok(());
    };
    if !in_system(&cc) {
        return Ok(());
    }
    let bin = work.join("bin");
    std::fs::create_dir_all(bin.join("lld"))?;
    let script = format!(
        "#!/bin/sh\nif [ -e /proc/self/exe ]; then exec {cc} \"$@\"; fi\nexec {cc} -B\"${{0%/*}}/lld\" \"$@\"\n",
        cc = cc.display()
    );
    std::fs::write(bin.join("cc"), script)?;
    std::fs::set_permissions(bin.join("cc"), std::fs::Permissions::from_mode(0o755))?;
    if let Some(lld) = toolchain_lld {
        std::os::unix::fs::symlink(lld, bin.join("lld/ld.lld"))
            .with_context(|| format!("cannot write {}", bin.display()))?;
    }
    Ok(())
}

/// The toolchain's `rust-lld`, relative to its folder (`lib/rustlib/TRIPLE/bin/rust-lld`).
fn rust_lld(toolchain: &Path) -> Option<PathBuf> {
    let rustlib = toolchain.join("lib/rustlib");
    std::fs::read_dir(&rustlib)
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin/rust-lld"))
        .find(|p| p.is_file())
        .and_then(|p| p.strip_prefix(toolchain).ok().map(Path::to_path_buf))
}

/// The files of a make rule written by a compiler (`out: a.c b.h \`), in order.
fn parse_deps(text: &str) -> Vec<PathBuf> {
    let joined = text.replace("\\\n", " ").replace("\\\r\n", " ");
    let Some(rule) = joined
        .lines()
        .find(|l| l.contains(": ") || l.ends_with(':'))
    else {
        return Vec::new();
    };
    let after = rule.find(": ").map_or("", |i| &rule[i + 2..]).trim_start();
    let mut files = Vec::new();
    let mut cur = String::new();
    let mut chars = after.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some(' ' | '#' | '\\')) => {
                cur.push(chars.next().expect("peeked"));
            }
            '$' if chars.peek() == Some(&'$') => {
                chars.next();
                cur.push('$');
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    files.push(PathBuf::from(std::mem::take(&mut cur)));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        files.push(PathBuf::from(cur));
    }
    files
}

/// The most files and folders a build may leave in its folder.
const BUILD_ENTRIES: usize = 4096;

/// The largest script or executable the runner copies to run (see `Workshop::pin`).
const PIN_MAX: u64 = 256 << 20;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The program that runs `source` built into `out` under `profile`: its run command, the file it
/// needs (the built program, or the script), and the judge's stack.
fn run_program(profile: &Profile, source: &Path, out: &Path) -> Program {
    Program {
        argv: expand(&profile.run, source, out),
        files: profile
            .run
            .iter()
            .position(|a| a == "{src}" || a == "{out}")
            .into_iter()
            .collect(),
        stack: profile.stack,
        writable: vec![],
    }
}

/// The digest of a program: its command line, its stack, and the content of its files (the
/// binary or the script). A file of the build cache (under `builds`) is named by its path
/// alone: its entry's folder is the build's key, derived from everything the compile saw, and
/// an entry is written whole and never rewritten in place, so the path stands for the content
/// and a warm run reads no binary. Any other file (an executable judged by path, a script) is
/// read and hashed: never its size or modification time, which another file can share. `None`
/// when a file cannot be read.
pub(crate) fn program_digest(program: &Program, builds: &Path) -> Option<[u8; 32]> {
    let mut h = Sha256::new();
    for (i, arg) in program.argv.iter().enumerate() {
        h.update(arg.as_encoded_bytes());
        h.update(b"\0");
        if program.files.contains(&i) {
            let path = Path::new(arg);
            if path.starts_with(builds) && path.is_file() {
                h.update(b"build cache entry");
            } else {
                let mut file = std::fs::File::open(path).ok()?;
                std::io::copy(&mut file, &mut h).ok()?;
            }
            h.update(b"\0");
        }
    }
    h.update(format!("{:?}", program.stack).as_bytes());
    Some(h.finalize().into())
}

/// The result of building one source file.
#[derive(Debug, Clone)]
pub struct Built {
    /// The program, or the compiler's message.
    pub program: Result<Program, String>,
    /// Whether the compiler ran (false: taken from the cache, or nothing to compile).
    pub compiled: bool,
    /// How reports name the profile it was built with: "POJ G++", and "(fallback build)" when
    /// the profile's own command could not work here.
    pub built_as: String,
    /// The files the build read besides the source (headers, modules), as the compiler listed
    /// them; empty for a compiler that cannot list them.
    pub deps: Vec<PathBuf>,
}

impl Built {
    fn new(program: Result<Program, String>, compiled: bool, built_as: String) -> Built {
        Built {
            program,
            compiled,
            built_as,
            deps: Vec::new(),
        }
    }
}

/// A compiler that lives outside `/usr` (rustup's rustc): the folder shown to the compile
/// read-only, and the compiler's path in it.
#[derive(Debug, Clone)]
struct Toolchain {
    dir: PathBuf,
    exe: PathBuf,
}

/// Where programs are made and run: it builds source files into a content-addressed cache (so
/// that a re-run compiles nothing) and holds the sandbox the compiles and the programs run in.
pub struct Workshop {
    cache_dir: PathBuf,
    /// The workspace, whose layout says what each compile may see ([`sight`]).
    workspace: Option<PathBuf>,
    /// Whether compiles (and programs) run in the sandbox (`--no-sandbox`: false).
    isolate: bool,
    /// Version output of each version command (Err: the tool cannot run).
    versions: Once<Result<String, String>>,
    /// Whether each probed compile command works on this machine.
    probes: Once<bool>,
    /// The toolchain folder of each compiler outside `/usr`.
    toolchains: Once<Result<Option<Toolchain>, String>>,
    /// What each problem's problem.toml declares visible to compiles.
    declared: Once<Result<sight::Declared, String>>,
    /// Lines for the user (fallbacks taken), each once.
    notes: Mutex<Vec<String>>,
    /// The executor compiles and programs run in, made on first use.
    sandbox: OnceLock<Sandbox>,
    sandbox_made: Mutex<()>,
    /// "no sandbox here": said once, when the sandbox was made without isolation, until the
    /// caller takes it ([`Workshop::take_sandbox_note`]).
    sandbox_note: Mutex<Option<String>>,
    /// The run's cancellation, handed to the sandbox.
    cancel: Cancel,
}

/// Values computed once per key for the whole run, even when parallel builds ask for the same
/// key at once (the others wait for the first instead of running the command again).
struct Once<T> {
    cells: Mutex<HashMap<Vec<String>, Arc<OnceLock<T>>>>,
}

impl<T> Default for Once<T> {
    fn default() -> Self {
        Once {
            cells: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> Once<T> {
    fn get(&self, key: &[String], compute: impl FnOnce() -> T) -> T {
        let cell = self
            .cells
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key.to_vec())
            .or_default()
            .clone();
        cell.get_or_init(compute).clone()
    }
}

/// Where `program` is found: itself when it holds a `/`, else the first match on PATH.
pub(crate) fn find_program(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let p = PathBuf::from(program);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The message of a compile error for a tool that is not installed.
fn not_found(tool: &str, profile: &Profile) -> String {
    let package = profile.package.as_deref().unwrap_or(tool);
    // A package name, or words saying where the tool comes from.
    let how = if package.contains(' ') {
        format!("install {package}")
    } else {
        format!("install {package} (Debian: apt-get install {package})")
    };
    format!(
        "{tool} not found: {how}; {} programs cannot be built or run without it\n",
        profile.name()
    )
}

/// The folder of a toolchain named by a profile (`toolchain = "kotlinc"`) that lives under
/// `/usr`: the folder above its program's `bin`, shown where it is.
fn system_toolchain(named: &str) -> Option<PathBuf> {
    Some(
        find_program(named)?
            .canonicalize()
            .ok()?
            .parent()?
            .parent()?
            .to_path_buf(),
    )
}

/// `{toolchain}` in `argv` replaced by `dir`, the toolchain's folder as the command sees it.
fn toolchain_in(argv: &mut [OsString], dir: &Path) {
    for a in argv {
        let text = a.to_string_lossy();
        if text.contains("{toolchain}") {
            *a = text.replace("{toolchain}", &dir.to_string_lossy()).into();
        }
    }
}

/// rustup's own program, when `path` (found on `PATH`; `real`, its target) is one of its
/// proxies: a link to `rustup`, or the same file as the `rustup` beside it (rustup installs its
/// proxies as hard links where it cannot link).
fn rustup_proxy(path: &Path, real: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    if real.file_name().is_some_and(|n| n == "rustup") {
        return Some(real.to_path_buf());
    }
    let beside = path.parent()?.join("rustup");
    let (a, b) = (
        std::fs::metadata(real).ok()?,
        std::fs::metadata(&beside).ok()?,
    );
    (a.dev() == b.dev() && a.ino() == b.ino()).then(|| beside.canonicalize().unwrap_or(beside))
}

/// Whether `path` is part of the system the sandbox shows every program (`/usr` and the
/// top-level links into it).
fn in_system(path: &Path) -> bool {
    [
        "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
    ]
    .iter()
    .any(|d| path.starts_with(d))
}

/// What a compile in the sandbox produced.
struct Compiled {
    /// `Ok`: the program is in the build directory; `Err`: the message.
    result: Result<(), String>,
    /// Whether the result may be cached (not when a limit or Ctrl-C stopped it: the next run
    /// tries again).
    cacheable: bool,
}

impl Workshop {
    /// A builder whose cache of builds is `cache_dir`.
    pub fn new(cache_dir: PathBuf) -> Self {
        Self {
            cache_dir,
            workspace: None,
            isolate: true,
            versions: Once::default(),
            probes: Once::default(),
            toolchains: Once::default(),
            declared: Once::default(),
            notes: Mutex::new(Vec::new()),
            sandbox: OnceLock::new(),
            sandbox_made: Mutex::new(()),
            sandbox_note: Mutex::new(None),
            cancel: Cancel::new(),
        }
    }

    /// The builder of a run that `cancel` ends (Ctrl-C): its sandbox's programs and compiles
    /// are killed and no more start.
    pub fn cancelled_by(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// The builder of the workspace at `root`: what a compile sees follows its layout.
    pub fn in_workspace(mut self, root: &Path) -> Self {
        self.workspace = Some(root.canonicalize().unwrap_or_else(|_| root.to_path_buf()));
        self
    }

    /// With `false` (`--no-sandbox`), compiles and programs run without the sandbox (still
    /// through the launchers, under their limits).
    pub fn isolated(mut self, isolate: bool) -> Self {
        self.isolate = isolate;
        self
    }

    /// The executor, made on first use. When the sandbox cannot isolate here, that is a note
    /// for the caller to show ([`Workshop::take_sandbox_note`]): this crate prints nothing.
    pub fn sandbox(&self) -> Result<&Sandbox> {
        if let Some(s) = self.sandbox.get() {
            return Ok(s);
        }
        let _one = self.sandbox_made.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = self.sandbox.get() {
            return Ok(s);
        }
        let made = Sandbox::new(&self.cache_dir, self.isolate, self.cancel.clone())?;
        *self.sandbox_note.lock().unwrap_or_else(|e| e.into_inner()) = made.unavailable_note();
        Ok(self.sandbox.get_or_init(|| made))
    }

    /// The note that the sandbox runs programs without isolation here (`note: no sandbox here
    /// (…)`), once: `None` before the sandbox is made, when it isolates, and after it was taken.
    pub fn take_sandbox_note(&self) -> Option<String> {
        self.sandbox_note
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// The notes gathered so far (a fallback taken, …), each once; the caller prints them.
    pub fn take_notes(&self) -> Vec<String> {
        std::mem::take(&mut *self.notes.lock().unwrap())
    }

    fn note(&self, line: &str) {
        let mut notes = self.notes.lock().unwrap();
        if !notes.iter().any(|n| n == line) {
            notes.push(line.to_string());
        }
    }

    /// The output of a version command, once per run: run in the sandbox like a compile (a
    /// workspace's judges.toml may say `version = ["sh", "-c", …]`), its program found as a
    /// compile's is, with its toolchain shown; with the profile's `named` toolchain, that one is
    /// shown and `{toolchain}` in the command is its folder, as in a compile.
    fn version(&self, argv: &[String], named: Option<&str>) -> Result<String, String> {
        let mut key = argv.to_vec();
        key.extend(named.map(|n| format!("{{toolchain}}={n}")));
        self.versions.get(&key, || {
            let toolchain = self.toolchain(named.unwrap_or(&argv[0]))?;
            let dir = toolchain.as_ref().map(|t| t.dir.as_path());
            let in_system = named
                .filter(|_| toolchain.is_none())
                .and_then(system_toolchain);
            let proc = toolchain.is_none() && family(&argv[0]) == "rustc";
            self.ask(&argv.join(" "), (dir, &[], proc), &|paths| {
                let mut v: Vec<OsString> = argv.iter().map(OsString::from).collect();
                if let (None, Some(t), Some(dir)) = (named, &toolchain, &paths.toolchain) {
                    v[0] = dir.join(&t.exe).into();
                }
                if let Some(dir) = named.and(paths.toolchain.as_ref().or(in_system.as_ref())) {
                    toolchain_in(&mut v, dir);
                }
                v
            })
        })
    }

    /// What a command that only asks something (a version, where a toolchain is) prints, run
    /// in the sandbox like a compile (under the default compile limits, on an empty build
    /// directory, with `toolchain` and `shown` shown read-only, and a `/proc` of its own
    /// processes with `proc`): its stdout and stderr.
    fn ask(
        &self,
        what: &str,
        (toolchain, shown, proc): (Option<&Path>, &[(&Path, &str)], bool),
        make_argv: &dyn Fn(&CompilePaths) -> Vec<OsString>,
    ) -> Result<String, String> {
        let cannot = |e: &dyn std::fmt::Display| format!("cannot run `{what}`: {e}");
        let dir = std::fs::create_dir_all(&self.cache_dir)
            .and_then(|()| {
                tempfile::Builder::new()
                    .prefix(".ask-")
                    .tempdir_in(&self.cache_dir)
            })
            .map_err(|e| cannot(&e))?;
        let empty = Sight {
            root: dir.path().to_path_buf(),
            source: PathBuf::new(),
            files: Vec::new(),
        };
        stage(&empty, dir.path())
            .and_then(|()| Ok(std::fs::create_dir_all(dir.path().join("ws"))?))
            .and_then(|()| commands(dir.path(), None))
            .map_err(|e| cannot(&e))?;
        let request = Compile {
            work: dir.path(),
            toolchain,
            keep: 64 << 10,
            shown,
            proc,
        };
        let limits = CompileLimits::default();
        let run_limits = sandbox::Limits {
            time: limits.cpu,
            memory_bytes: limits.memory_bytes,
        };
        let sandbox = self.sandbox().map_err(|e| cannot(&e))?;
        let out = sandbox
            .compile(&request, make_argv, &run_limits)
            .map_err(|e| cannot(&e))?;
        let text = String::from_utf8_lossy(&out.message).into_owned();
        if out.run.exit.success() && out.run.killed.is_none() {
            Ok(text)
        } else {
            Err(format!("`{what}` failed: {}", text.trim_end()))
        }
    }

    /// The toolchain folder `compiler` needs shown, when it lives outside `/usr`: for rustup's
    /// `rustc` (a proxy) the toolchain rustup resolves (asked in the sandbox, where no
    /// workspace's rust-toolchain.toml and none of the user's variables are: the same toolchain
    /// wherever the runner is started), whose own `rustc` runs (it finds its libraries beside
    /// its executable); another compiler outside `/usr` gets the folder above its `bin` when that
    /// folder is laid out as a toolchain (`lib` or `libexec` beside `bin`) and holds neither the
    /// workspace nor the home folder, else only its own folder (a wrapper script in `~/bin` or a
    /// temporary folder must not show the user's files). Nothing here runs outside the sandbox.
    fn toolchain(&self, compiler: &str) -> Result<Option<Toolchain>, String> {
        self.toolchains.get(&[compiler.to_string()], || {
            let path = find_program(compiler).ok_or_else(|| format!("{compiler} not found"))?;
            let real = path.canonicalize().unwrap_or_else(|_| path.clone());
            if in_system(&real) {
                return Ok(None);
            }
            if let Some(rustup) = rustup_proxy(&path, &real) {
                return self.rustup_toolchain(compiler, &rustup).map(Some);
            }
            let bin = real.parent().unwrap_or(Path::new("/"));
            let above = bin.parent().filter(|above| {
                let holds = |p: Option<&Path>| p.is_some_and(|p| p.starts_with(above));
                bin.file_name().is_some_and(|n| n == "bin")
                    && (above.join("lib").is_dir() || above.join("libexec").is_dir())
                    && above.parent().is_some()
                    && !holds(self.workspace.as_deref())
                    && !holds(std::env::var_os("HOME").map(PathBuf::from).as_deref())
            });
            let dir = above.unwrap_or(bin).to_path_buf();
            let exe = real.strip_prefix(&dir).unwrap_or(&real).to_path_buf();
            Ok(Some(Toolchain { dir, exe }))
        })
    }

    /// The toolchain of rustup's proxy `tool` (`rustc`, …): rustup itself (`rustup`, the
    /// proxy's program) asked `rustup which TOOL` in the sandbox, with rustup's home shown
    /// read-only (`RUSTUP_HOME`, else `~/.rustup`), its working folder the sandbox's `/tmp` and
    /// no variable of the user's but that home: its default toolchain. Its answer must be a
    /// `bin/TOOL` in a toolchain folder.
    fn rustup_toolchain(&self, tool: &str, rustup: &Path) -> Result<Toolchain, String> {
        let home = std::env::var_os("RUSTUP_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".rustup")))
            .ok_or("rustup's home is not known (neither RUSTUP_HOME nor HOME is set)")?;
        let home = home
            .canonicalize()
            .map_err(|e| format!("rustup's home {} cannot be read: {e}", home.display()))?;
        let name = Path::new(tool)
            .file_name()
            .map_or(tool.into(), |n| n.to_string_lossy().into_owned());
        let seen = Mutex::new(PathBuf::new());
        let asked = format!("rustup which {name}");
        // rustup finds its own folders through /proc/self/exe.
        let shown = (Some(home.as_path()), &[(rustup, "rustup")][..], true);
        let answer = self.ask(&asked, shown, &|paths| {
            let inside = paths.toolchain.clone().unwrap_or_default();
            let mut home_var = OsString::from("RUSTUP_HOME=");
            home_var.push(&inside);
            *seen.lock().unwrap_or_else(|e| e.into_inner()) = inside;
            vec![
                "env".into(),
                home_var,
                paths.shown[0].clone().into(),
                "which".into(),
                name.clone().into(),
            ]
        })?;
        let inside = seen.into_inner().unwrap_or_else(|e| e.into_inner());
        let said = answer
            .lines()
            .rev()
            .find(|l| l.starts_with('/'))
            .unwrap_or("");
        let exe = Path::new(said)
            .strip_prefix(&inside)
            .map(|rel| home.join(rel))
            .unwrap_or_else(|_| PathBuf::from(said));
        let dir = exe
            .parent()
            .filter(|bin| bin.file_name().is_some_and(|n| n == "bin"))
            .and_then(Path::parent)
            .filter(|_| exe.is_file())
            .ok_or_else(|| format!("`{asked}` names no toolchain: {}", answer.trim_end()))?;
        let dir = dir.canonicalize().map_err(|e| e.to_string())?;
        Ok(Toolchain {
            exe: PathBuf::from("bin").join(&name),
            dir,
        })
    }

    /// What problem `slug`'s problem.toml declares visible to compiles (read once).
    fn declared(&self, slug: &str) -> Result<sight::Declared> {
        let Some(root) = &self.workspace else {
            return Ok((Vec::new(), Vec::new()));
        };
        let toml = root.join("problems").join(slug).join("problem.toml");
        if !toml.is_file() {
            return Ok((Vec::new(), Vec::new()));
        }
        self.declared
            .get(&[slug.to_string()], || {
                sight::declared_includes(&toml, root).map_err(|e| e.to_string())
            })
            .map_err(anyhow::Error::msg)
    }

    /// What a compile of `source` sees.
    fn sight(&self, source: &Path) -> Result<Sight> {
        sight::of(self.workspace.as_deref(), source, &|slug| {
            self.declared(slug)
        })
    }

    /// The compile command to use for `profile` here: its own, or its fallback when the own
    /// cannot build the probe program (probed once per run).
    fn command<'a>(&self, profile: &'a Profile) -> Result<(&'a [String], bool)> {
        let own = profile.compile.as_deref().expect("a compiled language");
        let Some(fallback) = &profile.fallback else {
            return Ok((own, false));
        };
        // A probe that cannot even be set up counts as failing: the fallback is taken.
        let works = self
            .probes
            .get(own, || self.probe(profile, own).unwrap_or(false));
        if works {
            Ok((own, false))
        } else {
            self.note(&fallback.note);
            Ok((&fallback.command, true))
        }
    }

    /// Whether `command` builds the profile's probe program (in the sandbox, as every compile).
    fn probe(&self, profile: &Profile, command: &[String]) -> Result<bool> {
        let probe = &profile.fallback.as_ref().expect("a fallback").probe;
        std::fs::create_dir_all(&self.cache_dir)
            .with_context(|| format!("cannot create {}", self.cache_dir.display()))?;
        let dir = tempfile::Builder::new()
            .prefix(".probe-")
            .tempdir_in(&self.cache_dir)
            .context("cannot create a probe directory")?;
        let ext = profile.extensions.first().map_or("txt", String::as_str);
        let name = PathBuf::from(format!("probe.{ext}"));
        let sight = Sight {
            root: dir.path().to_path_buf(),
            source: name.clone(),
            files: vec![(name, probe.as_bytes().to_vec())],
        };
        let work = dir.path().join("work");
        stage(&sight, &work)?;
        let compiled = self.run_compiler(profile, command, &sight, &work)?;
        Ok(compiled.result.is_ok() && work.join("out/prog").is_file())
    }

    /// Builds `source` with `profile` (or takes it from the cache). An error is returned only
    /// when the build could not be attempted; a compile error — a missing compiler included —
    /// is a `Built` with `program: Err(message)`, so the rest of the run goes on.
    pub fn build(&self, source: &Path, profile: &Profile) -> Result<Built> {
        let source = source
            .canonicalize()
            .with_context(|| format!("cannot open {}", source.display()))?;
        let Some(own) = &profile.compile else {
            // Interpreted, or ready: the run command is the program.
            let tool = &profile.run[0];
            let program = if tool != "{src}" && find_program(tool).is_none() {
                Err(not_found(tool, profile))
            } else {
                // What runs is a copy, named by its content: the verdict cache keys what was
                // run, whatever happens to the file meanwhile.
                let pinned = self.pin(&source)?;
                Ok(run_program(profile, &pinned, &pinned))
            };
            return Ok(Built::new(program, false, profile.name()));
        };
        let tools = std::iter::once(&own[0]).chain(&profile.toolchain);
        if let Some(missing) = tools.into_iter().find(|t| find_program(t).is_none()) {
            return Ok(Built::new(
                Err(not_found(missing, profile)),
                false,
                profile.name(),
            ));
        }
        let sight = self.sight(&source)?;
        // A program the profile's own command built is in the cache: that command works here,
        // no probe needed (a warm run runs no compiler).
        if profile.fallback.is_some() {
            if let Some(built @ Built { program: Ok(_), .. }) =
                self.cached_build(profile, own, profile.name(), &source, &sight)
            {
                return Ok(built);
            }
        }
        let (command, fell_back) = self.command(profile)?;
        let mut built_as = profile.name();
        if fell_back {
            built_as.push_str(" (fallback build)");
        }
        if let Some(built) = self.cached_build(profile, command, built_as.clone(), &source, &sight)
        {
            return Ok(built);
        }
        let version = match self.toolchain_version(profile, command) {
            Ok(v) => v,
            Err(msg) => return Ok(Built::new(Err(msg), false, built_as)),
        };
        let key = cache_key(profile, command, &version, &sight);
        let build = Build {
            profile,
            command,
            source: &source,
            sight: &sight,
            key: &key,
            built_as,
        };
        self.compile(&build)
    }

    /// The build of `source` with `command` in the cache, if there is one (a compile error, or a
    /// compiler too old, included: `program` is then `Err`).
    fn cached_build(
        &self,
        profile: &Profile,
        command: &[String],
        built_as: String,
        source: &Path,
        sight: &Sight,
    ) -> Option<Built> {
        let version = match self.toolchain_version(profile, command) {
            Ok(v) => v,
            Err(msg) => return Some(Built::new(Err(msg), false, built_as)),
        };
        let dir = self
            .cache_dir
            .join("build")
            .join(cache_key(profile, command, &version, sight));
        let (hit, deps) = cached(&dir)?;
        let program = hit.map(|()| run_program(profile, source, &dir.join("prog")));
        Some(Built {
            deps,
            ..Built::new(program, false, built_as)
        })
    }

    /// The compiler's version (`version` of the profile, else `--version`), refused when older
    /// than the profile's `min_version`. `Err` is the compile error to report.
    fn toolchain_version(&self, profile: &Profile, command: &[String]) -> Result<String, String> {
        let version_argv = profile
            .version
            .clone()
            .unwrap_or_else(|| vec![command[0].clone(), "--version".into()]);
        let version = self
            .version(&version_argv, profile.toolchain.as_deref())
            .map_err(|e| format!("{e}\n"))?;
        if let Some(min) = &profile.min_version {
            if let (Some(need), Some(have)) = (parse_version(min), parse_version(&version)) {
                if have < need {
                    return Err(format!(
                        "{} is {}.{}.{}, older than the {min} the {} profile needs \
                         (judges.toml min_version)\n",
                        command[0],
                        have.0,
                        have.1,
                        have.2,
                        profile.name()
                    ));
                }
            }
        }
        Ok(version)
    }

    /// Runs `command` on the staged `sight` in the build directory `work`, in the sandbox,
    /// under the profile's compile limits.
    fn run_compiler(
        &self,
        profile: &Profile,
        command: &[String],
        sight: &Sight,
        work: &Path,
    ) -> Result<Compiled> {
        let named = profile.toolchain.as_deref();
        let toolchain = match self.toolchain(named.unwrap_or(&command[0])) {
            Ok(t) => t,
            Err(msg) => {
                return Ok(Compiled {
                    result: Err(format!("{msg}\n")),
                    cacheable: false,
                })
            }
        };
        let limits = profile.compile_limits;
        let lld = toolchain
            .as_ref()
            .and_then(|t| Some(Path::new(sandbox::TOOLCHAIN).join(rust_lld(&t.dir)?)));
        commands(work, lld.as_deref())?;
        let request = Compile {
            work,
            toolchain: toolchain.as_ref().map(|t| t.dir.as_path()),
            keep: limits.message_bytes,
            shown: &[],
            // Debian's rustc finds its sysroot through /proc/self/exe (rustup's finds it
            // through its own library, and is shown no /proc).
            proc: toolchain.is_none() && family(&command[0]) == "rustc",
        };
        // A named toolchain under `/usr` is shown where it is: its folder above `bin`.
        let in_system = named
            .filter(|_| toolchain.is_none())
            .and_then(system_toolchain);
        let make_argv = |paths: &CompilePaths| {
            let src = paths.sources.join(&sight.source);
            let mut argv = expand(command, &src, &paths.output.join("prog"));
            if let (Some(t), Some(dir), None) = (&toolchain, &paths.toolchain, named) {
                argv[0] = dir.join(&t.exe).into();
            }
            // `{toolchain}`: the named program's folder, as the compile sees it.
            if let Some(dir) = named.and(paths.toolchain.as_ref().or(in_system.as_ref())) {
                toolchain_in(&mut argv, dir);
            }
            let deps = paths.output.join("deps.d");
            for a in dep_args(&command[0]) {
                argv.push(a.replace("{deps}", &deps.to_string_lossy()).into());
            }
            argv.extend(error_limit_args(&command[0]).iter().map(OsString::from));
            argv
        };
        let run_limits = sandbox::Limits {
            time: limits.cpu,
            memory_bytes: limits.memory_bytes,
        };
        let out = match self.sandbox()?.compile(&request, &make_argv, &run_limits) {
            Ok(out) => out,
            Err(e) => {
                return Ok(Compiled {
                    result: Err(format!("cannot run `{}`: {e}\n", command[0])),
                    cacheable: false,
                })
            }
        };
        // The compiler named the staged files: name the user's.
        let prefixes = [
            format!("{}/", sandbox::SOURCES),
            format!("{}/ws/", work.display()),
        ];
        let root = format!("{}/", sight.root.display());
        Ok(judge_compile(&out, &limits, &prefixes, &root))
    }

    /// Compiles `b.source` in a private build directory (the files it may see staged there),
    /// then moves it into the cache whole (a concurrent or interrupted build never leaves a
    /// half-written program there).
    fn compile(&self, b: &Build) -> Result<Built> {
        let builds = self.cache_dir.join("build");
        std::fs::create_dir_all(&builds)
            .with_context(|| format!("cannot create {}", self.cache_dir.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(&format!(".{}-", b.key))
            .tempdir_in(&builds)
            .context("cannot create a build directory")?;
        stage(b.sight, tmp.path())?;
        let compiled = self.run_compiler(b.profile, b.command, b.sight, tmp.path())?;
        let deps = std::fs::read_to_string(tmp.path().join("out/deps.d"))
            .map(|t| read_by_build(&parse_deps(&t), tmp.path(), b.sight))
            .unwrap_or_default();
        // The program goes to the entry's top (the staged copies and the output folder go).
        let _ = std::fs::rename(tmp.path().join("out/prog"), tmp.path().join("prog"));
        let _ = std::fs::remove_dir_all(tmp.path().join("out"));
        let _ = std::fs::remove_dir_all(tmp.path().join("bin"));
        // What the build leaves is bounded on disk as its memory is (see bounded::disk_bytes).
        let most = b.profile.compile_limits.memory_bytes;
        let left = crate::bounded::disk_bytes(tmp.path(), BUILD_ENTRIES);
        let result = match compiled.result {
            Ok(()) if left > most => Err(format!(
                "the build left {} in its folder (sparse files at their size), more than the {} \
                 a build may keep (its compile memory limit); nothing of it is kept\n",
                crate::diff::mib(left),
                crate::diff::mib(most)
            )),
            Ok(()) if made(&tmp.path().join("prog")) => Ok(()),
            Ok(()) => Err("the compiler made no program\n".to_string()),
            Err(msg) => Err(msg),
        };
        if let Err(msg) = &result {
            std::fs::write(tmp.path().join("compile-error.txt"), msg)?;
        }
        let program = |exe: &Path| run_program(b.profile, b.source, exe);
        if !compiled.cacheable || left > most {
            // Not cached: tried again next run (the directory goes with `tmp`).
            let msg = result.err().unwrap_or_default();
            return Ok(Built::new(Err(msg), true, b.built_as.clone()));
        }
        let dir = self.store(tmp, &deps, b.key)?;
        Ok(Built {
            deps,
            ..Built::new(
                result.map(|()| program(&dir.join("prog"))),
                true,
                b.built_as.clone(),
            )
        })
    }

    /// A copy of the script or executable `source` in the build cache, in a folder named by the
    /// SHA-256 of its content and name (`pinned-<sha>/<its name>`), made whole beside and renamed into
    /// place: the file that is run and hashed is this copy, so a file swapped or changed while
    /// a run judges it changes nothing that run runs or the verdict cache keeps.
    fn pin(&self, source: &Path) -> Result<PathBuf> {
        use std::io::{Read, Write};
        use std::os::unix::fs::PermissionsExt;
        let mut file = crate::bounded::open_regular(source)?;
        let mode = file.metadata()?.permissions().mode() & 0o755;
        let builds = self.cache_dir.join("build");
        std::fs::create_dir_all(&builds)
            .with_context(|| format!("cannot create {}", builds.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(".pinned-")
            .tempdir_in(&builds)
            .context("cannot create a folder in the build cache")?;
        let name = source.file_name().context("a file without a name")?;
        let mut copy = std::fs::File::create(tmp.path().join(name))?;
        let (mut h, mut buf, mut total) = (Sha256::new(), vec![0u8; 1 << 16], 0u64);
        loop {
            let n = file.read(&mut buf)?;
            if n == 0 {
                break;
            }
            total += n as u64;
            if total > PIN_MAX {
                anyhow::bail!("{}: larger than {PIN_MAX} bytes: refused", source.display());
            }
            h.update(&buf[..n]);
            copy.write_all(&buf[..n])?;
        }
        copy.set_permissions(std::fs::Permissions::from_mode(mode))?;
        drop(copy);
        // Two files of the same content and other names are two entries.
        h.update(b"\0");
        h.update(name.as_encoded_bytes());
        let dir = builds.join(format!("pinned-{}", hex(&h.finalize())));
        let pinned = dir.join(name);
        if !pinned.is_file() && std::fs::rename(tmp.path(), &dir).is_ok() {
            let _ = tmp.keep();
        }
        Ok(pinned)
    }

    /// Puts a finished build directory into the cache under `key`, with the files its build
    /// read; returns the entry's directory.
    fn store(&self, tmp: tempfile::TempDir, deps: &[PathBuf], key: &str) -> Result<PathBuf> {
        let lines: String = deps.iter().map(|p| format!("{}\n", p.display())).collect();
        std::fs::write(tmp.path().join("deps.txt"), lines)?;
        // The staged copies are not needed any more.
        let _ = std::fs::remove_dir_all(tmp.path().join("ws"));
        let tmp = tmp.keep();
        let builds = self.cache_dir.join("build");
        let dir = builds.join(key);
        if cached(&dir).is_some() {
            // Another runner built the same source meanwhile, and its entry holds: keep it. Put
            // ours in its place and that runner, about to start its program, would find none.
            let _ = std::fs::remove_dir_all(&tmp);
            return Ok(dir);
        }
        if dir.exists() {
            // An incomplete entry: set it aside, then put the new one in its place.
            let old = builds.join(format!(".{key}-stale-{}", std::process::id()));
            if std::fs::rename(&dir, &old).is_ok() {
                let _ = std::fs::remove_dir_all(&old);
            }
        }
        if std::fs::rename(&tmp, &dir).is_err() {
            // Another build of the same source won the race; use its result.
            let _ = std::fs::remove_dir_all(&tmp);
        }
        Ok(dir)
    }
}

/// Whether a build made its program at `prog`: a file, or the folder a build script's program is
/// (judges.toml's `Kattis build script`: its `run` is the program).
fn made(prog: &Path) -> bool {
    prog.is_file() || prog.join("run").is_file()
}

/// The cache entry in `dir`: `Ok` a program (`dir/prog`), `Err` its compile error, with the
/// files its build read. `None`: absent or incomplete.
fn cached(dir: &Path) -> Option<(Result<(), String>, Vec<PathBuf>)> {
    let deps = std::fs::read_to_string(dir.join("deps.txt")).ok()?;
    let deps = deps.lines().map(PathBuf::from).collect();
    if made(&dir.join("prog")) {
        return Some((Ok(()), deps));
    }
    let msg = std::fs::read_to_string(dir.join("compile-error.txt")).ok()?;
    Some((Err(msg), deps))
}

/// Copies the files of `sight` into `work/ws/`, in their layout, and makes `work/out/`, where
/// the compiler writes (without the sandbox, itself; in it, in a capped tmpfs of its own,
/// whose files are then copied there).
fn stage(sight: &Sight, work: &Path) -> Result<()> {
    let ws = work.join("ws");
    for (rel, content) in &sight.files {
        let to = ws.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&to, content).with_context(|| format!("cannot write {}", to.display()))?;
    }
    let out = work.join("out");
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    Ok(())
}

/// The files a compile read besides its source, as the user's paths: those of the staged
/// workspace only (the toolchain's are not the user's).
fn read_by_build(files: &[PathBuf], work: &Path, sight: &Sight) -> Vec<PathBuf> {
    let staged = [PathBuf::from(sandbox::SOURCES), work.join("ws")];
    let mut read: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| staged.iter().find_map(|s| f.strip_prefix(s).ok()))
        .map(normalize)
        .filter(|rel| *rel != sight.source)
        .map(|rel| sight.root.join(rel))
        .collect();
    read.dedup();
    read
}

/// `path` with its `.` and `..` components resolved by name (`a/../b` is `b`).
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// What a compile's end says: a program, or a compile error (the reason in one line when a
/// limit stopped it, then the compiler's message, its first bytes only, with its staged paths
/// named as the user's).
fn judge_compile(
    out: &sandbox::CompileOutput,
    limits: &CompileLimits,
    prefixes: &[String],
    root: &str,
) -> Compiled {
    let mut text = String::from_utf8_lossy(&out.message).into_owned();
    for p in prefixes {
        text = text.replace(p.as_str(), root);
    }
    let cut = out.message_bytes.saturating_sub(out.message.len() as u64);
    if cut > 0 {
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&format!("… {cut} more bytes\n"));
    }
    let run = &out.run;
    let mib = limits.memory_bytes >> 20;
    let reason = match run.killed {
        Some(Kill::CpuTime) => Some(format!(
            "compilation took more than {} s of CPU",
            seconds(limits.cpu)
        )),
        Some(Kill::Memory) => Some(format!("compilation used more than {mib} MiB of memory")),
        Some(Kill::WallClock) => Some(format!(
            "compilation was stopped: it waited without using the CPU for {} s \
             ({} s of wall-clock time, {} s of CPU: it waited for something, or for a busy \
             machine's CPU)",
            seconds(run.wall.saturating_sub(run.cpu)),
            seconds(run.wall),
            seconds(run.cpu)
        )),
        Some(Kill::Interrupted) => Some("compilation was interrupted".to_string()),
        Some(Kill::Output | Kill::Idle) => Some("compilation was stopped".to_string()),
        None if run.refused_allocation.is_some() && !run.exit.success() => {
            Some(format!("compilation used more than {mib} MiB of memory"))
        }
        None => None,
    };
    match reason {
        Some(r) => Compiled {
            result: Err(format!("{r}\n{text}")),
            cacheable: false,
        },
        None if run.exit.success() => Compiled {
            result: Ok(()),
            cacheable: true,
        },
        None => {
            if text.trim().is_empty() {
                text = format!("the compiler failed ({})\n", run.exit.describe());
            }
            Compiled {
                result: Err(text),
                cacheable: true,
            }
        }
    }
}

/// A duration in seconds as a person writes it: `10`, `0.5`.
fn seconds(d: std::time::Duration) -> String {
    let s = format!("{:.1}", d.as_secs_f64());
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

/// One compilation: what [`Workshop::compile`] needs.
struct Build<'a> {
    profile: &'a Profile,
    command: &'a [String],
    source: &'a Path,
    sight: &'a Sight,
    key: &'a str,
    built_as: String,
}

/// The cache key: the profile (its command, run command and compile limits), the compiler's
/// version, the workspace's place, and every file the compile sees, by its path there and its
/// content. Complete by construction: the compiler sees nothing else of the user's.
fn cache_key(profile: &Profile, command: &[String], version: &str, sight: &Sight) -> String {
    let mut hasher = Sha256::new();
    let mut part = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    };
    part(profile.judge.as_bytes());
    part(profile.language.as_bytes());
    for arg in command.iter().chain(&profile.run) {
        part(arg.as_bytes());
    }
    part(format!("{:?}", profile.compile_limits).as_bytes());
    part(version.as_bytes());
    part(sight.root.as_os_str().as_encoded_bytes());
    for (rel, content) in &sight.files {
        part(rel.as_os_str().as_encoded_bytes());
        part(content);
    }
    hex(&hasher.finalize()[..16])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn profile(compile: Option<&[&str]>, run: &[&str]) -> Profile {
        let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Profile {
            judge: "test".into(),
            language: "C".into(),
            label: "C".into(),
            extensions: vec!["c".into()],
            compile: compile.map(v),
            run: v(run),
            fallback: None,
            version: None,
            min_version: None,
            stack: sandbox::Stack::Bytes(1 << 20),
            package: Some("the-package".into()),
            about: None,
            toolchain: None,
            compile_limits: CompileLimits::default(),
        }
    }

    const GCC: &[&str] = &["gcc", "-O2", "-x", "c", "{src}", "-o", "{out}"];

    #[test]
    fn templates_expand() {
        let t: Vec<String> = ["rustc", "{src}", "-o", "{out}", "--x={out}"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let argv = expand(&t, Path::new("s.rs"), Path::new("o"));
        assert_eq!(argv, ["rustc", "s.rs", "-o", "o", "--x=o"]);
    }

    #[test]
    fn a_second_runner_finishing_the_same_build_keeps_the_first_ones_entry() {
        // Two runners (two builders on one cache) compile the same source at once: the first
        // stores its entry and starts its program; the second, finishing later, must not take
        // that entry away (it once replaced it, and the first found no program to start).
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let first = Workshop::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let built = first.build(&src, &p).unwrap();
        let prog = PathBuf::from(&built.program.unwrap().argv[0]);
        let entry = prog.parent().unwrap().to_path_buf();
        let key = entry.file_name().unwrap().to_str().unwrap().to_string();
        std::fs::write(entry.join("marker"), "the first runner's").unwrap();

        let second = Workshop::new(dir.path().join("cache"));
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("prog"), "the second runner's").unwrap();
        let stored = second.store(tmp, &[], &key).unwrap();
        assert_eq!(stored, entry);
        assert!(
            entry.join("marker").is_file(),
            "the first runner's entry was replaced"
        );
        assert_ne!(std::fs::read(&prog).unwrap(), b"the second runner's");

        // An entry that does not hold (here: its program is gone) is replaced.
        std::fs::remove_file(&prog).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("prog"), "rebuilt").unwrap();
        let third = Workshop::new(dir.path().join("cache"));
        third.store(tmp, &[], &key).unwrap();
        assert!(!entry.join("marker").exists());
        assert_eq!(std::fs::read(&prog).unwrap(), b"rebuilt");
    }

    #[test]
    fn builds_once_then_caches_and_reports_compile_errors() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let first = builder.build(&src, &p).unwrap();
        assert!(first.compiled && first.program.is_ok());
        assert_eq!(first.built_as, "test C");
        assert_eq!(
            first.program.as_ref().unwrap().stack,
            sandbox::Stack::Bytes(1 << 20)
        );
        let second = builder.build(&src, &p).unwrap();
        assert!(!second.compiled);
        assert_eq!(first.program.unwrap(), second.program.unwrap());

        // Another profile (another command) is another cache entry.
        let mut other = p.clone();
        other.compile = Some(
            ["gcc", "-O0", "-x", "c", "{src}", "-o", "{out}"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        );
        assert!(builder.build(&src, &other).unwrap().compiled);
        let mut renamed = p.clone();
        renamed.judge = "other".into();
        assert!(builder.build(&src, &renamed).unwrap().compiled);

        let bad = dir.path().join("bad.c");
        std::fs::write(&bad, "int main(void){ return x; }\n").unwrap();
        let ce = builder.build(&bad, &p).unwrap();
        assert!(ce.program.as_ref().unwrap_err().contains("undeclared"));
        let again = builder.build(&bad, &p).unwrap();
        assert!(!again.compiled && again.program.is_err());
    }

    #[test]
    fn dependency_rules_are_parsed_and_compilers_recognised() {
        assert_eq!(
            parse_deps("out/prog: /a/m.rs /a/sub/x.rs \\\n /a/my\\ file.h\n\n/a/m.rs:\n"),
            [
                PathBuf::from("/a/m.rs"),
                PathBuf::from("/a/sub/x.rs"),
                PathBuf::from("/a/my file.h")
            ]
        );
        assert_eq!(parse_deps(""), Vec::<PathBuf>::new());
        for gcc in [
            "gcc",
            "/usr/bin/g++",
            "x86_64-linux-gnu-g++-12",
            "clang++",
            "cc",
        ] {
            assert_eq!(dep_args(gcc), &["-MMD", "-MF", "{deps}"][..], "{gcc}");
        }
        assert_eq!(dep_args("rustc"), &["--emit=link,dep-info={deps}"][..]);
        assert!(dep_args("javac").is_empty());
        assert!(dep_args("python3").is_empty());
        assert_eq!(error_limit_args("g++-12"), ["-fmax-errors=50"]);
        assert_eq!(error_limit_args("clang++"), ["-ferror-limit=50"]);
    }

    /// A C file that includes `h.h` beside it, in `dir/sub/` (outside a workspace: the
    /// header-like files beside a file are shown to its compile).
    fn with_header(dir: &Path, value: &str) -> PathBuf {
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/h.h"), format!("#define V {value}\n")).unwrap();
        let src = dir.join("sub/a.c");
        std::fs::write(&src, "#include \"h.h\"\nint main(void){return V;}\n").unwrap();
        src
    }

    #[test]
    fn a_changed_header_rebuilds_and_a_deleted_one_is_never_taken_from_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let src = with_header(dir.path(), "0");
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let first = builder.build(&src, &p).unwrap();
        assert!(
            first.compiled && first.program.is_ok(),
            "{:?}",
            first.program
        );
        let header = dir.path().canonicalize().unwrap().join("sub/h.h");
        assert_eq!(first.deps, std::slice::from_ref(&header));
        assert!(
            !builder.build(&src, &p).unwrap().compiled,
            "nothing changed"
        );

        // The header changes: built again, and the new program is what runs.
        std::fs::write(&header, "#define V 3\n").unwrap();
        let second = builder.build(&src, &p).unwrap();
        assert!(second.compiled, "a changed header must rebuild");
        let exe = &second.program.unwrap().argv[0];
        let status = Command::new(exe).status().unwrap();
        assert_eq!(status.code(), Some(3));
        assert!(!builder.build(&src, &p).unwrap().compiled);

        // The header goes: a compile error, not the cached program, and not cached either.
        std::fs::remove_file(&header).unwrap();
        let gone = builder.build(&src, &p).unwrap();
        assert!(gone.compiled);
        assert!(gone.program.unwrap_err().contains("h.h"));
        std::fs::write(&header, "#define V 0\n").unwrap();
        let back = builder.build(&src, &p).unwrap();
        assert!(
            back.program.is_ok(),
            "the header is back: the file builds again"
        );
    }

    #[test]
    fn the_same_text_elsewhere_is_another_build() {
        let dir = tempfile::tempdir().unwrap();
        let src = with_header(dir.path(), "0");
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        assert!(builder.build(&src, &p).unwrap().program.is_ok());
        // The same text one folder up, where `h.h` does not exist: it does not build, and the
        // compiler's message names this file (its real path, not the staged one), not the
        // first one.
        let moved = dir.path().join("a.c");
        std::fs::copy(&src, &moved).unwrap();
        let b = builder.build(&moved, &p).unwrap();
        assert!(b.compiled);
        let msg = b.program.unwrap_err();
        let real = moved.canonicalize().unwrap();
        assert!(msg.contains(&*real.to_string_lossy()), "{msg}");
        assert!(!msg.contains("sub/a.c"), "{msg}");
        assert!(!msg.contains(sandbox::SOURCES), "{msg}");
    }

    #[test]
    fn a_rust_module_is_a_dependency() {
        // A problem's program of a workspace, with a module in problems/_shared/.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("problems/_shared")).unwrap();
        std::fs::create_dir_all(root.join("problems/p")).unwrap();
        let module = root.join("problems/_shared/m.rs");
        std::fs::write(&module, "pub const V: i32 = 0;\n").unwrap();
        let src = root.join("problems/p/gen.rs");
        std::fs::write(
            &src,
            "#[path = \"../_shared/m.rs\"]\nmod m;\nfn main() { std::process::exit(m::V) }\n",
        )
        .unwrap();
        let builder = Workshop::new(root.join("cache")).in_workspace(&root);
        let mut p = profile(
            Some(&["rustc", "--edition", "2021", "{src}", "-o", "{out}"]),
            &["{out}"],
        );
        p.language = "Rust".into();
        let first = builder.build(&src, &p).unwrap();
        assert!(first.program.is_ok(), "{:?}", first.program);
        assert_eq!(first.deps, std::slice::from_ref(&module));
        std::fs::write(&module, "pub const V: i32 = 4;\n").unwrap();
        let second = builder.build(&src, &p).unwrap();
        assert!(second.compiled, "a changed module must rebuild");
        let status = Command::new(&second.program.unwrap().argv[0])
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(4));
    }

    #[test]
    fn a_compile_sees_no_file_outside_its_sight_nor_the_environment() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let secret = elsewhere.path().join("secret.h");
        std::fs::write(&secret, "#define SECRET \"xyzzy-4711\"\n").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let src = dir.path().join("a.c");
        // Control: the header is there outside the sandbox.
        assert!(secret.is_file());
        for target in [
            secret.to_str().unwrap(),
            "/proc/self/environ",
            "/etc/passwd",
        ] {
            std::fs::write(
                &src,
                format!("#include \"{target}\"\nint main(void){{return 0;}}\n"),
            )
            .unwrap();
            let msg = builder.build(&src, &p).unwrap().program.unwrap_err();
            assert!(msg.contains("No such file or directory"), "{target}: {msg}");
            assert!(!msg.contains("xyzzy-4711"), "{msg}");
        }
    }

    #[test]
    fn limits_stop_a_compile_with_their_reason_and_the_message_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let mut p = profile(Some(GCC), &["{out}"]);
        p.compile_limits = CompileLimits {
            cpu: std::time::Duration::from_secs(1),
            memory_bytes: 128 << 20,
            message_bytes: 1024,
        };
        let src = dir.path().join("zero.c");
        std::fs::write(&src, "#include \"/dev/zero\"\n").unwrap();
        let b = builder.build(&src, &p).unwrap();
        let msg = b.program.unwrap_err();
        let first = msg.lines().next().unwrap();
        assert!(
            first == "compilation took more than 1 s of CPU"
                || first == "compilation used more than 128 MiB of memory",
            "{msg}"
        );
        // Not cached: the next run tries again.
        assert!(builder.build(&src, &p).unwrap().compiled);
        // Many errors: the first KiB, then how much more there was.
        let many = dir.path().join("many.c");
        let body: String = (0..40)
            .map(|i| format!("int v{i} = undeclared{i};\n"))
            .collect();
        std::fs::write(&many, body).unwrap();
        let msg = builder.build(&many, &p).unwrap().program.unwrap_err();
        assert!(msg.contains("undeclared0"), "{msg}");
        let tail = msg.lines().last().unwrap();
        assert!(
            tail.starts_with("… ") && tail.ends_with(" more bytes"),
            "{msg}"
        );
        assert!(msg.len() < 1024 + 100, "{}", msg.len());
    }

    #[test]
    fn a_missing_compiler_is_a_compile_error_naming_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(
            Some(&["no-such-compiler-here", "{src}", "-o", "{out}"]),
            &["{out}"],
        );
        let b = builder.build(&src, &p).unwrap();
        let msg = b.program.unwrap_err();
        assert!(
            msg.starts_with("no-such-compiler-here not found: install the-package (Debian: apt-get install the-package)"),
            "{msg}"
        );
        let p = profile(None, &["no-such-interpreter-here", "{src}"]);
        let msg = builder.build(&src, &p).unwrap().program.unwrap_err();
        assert!(
            msg.starts_with("no-such-interpreter-here not found"),
            "{msg}"
        );
    }

    #[test]
    fn a_command_that_cannot_build_the_probe_falls_back_with_one_note() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let mut p = profile(
            Some(&[
                "gcc",
                "-fno-such-flag-xyz",
                "-x",
                "c",
                "{src}",
                "-o",
                "{out}",
            ]),
            &["{out}"],
        );
        p.fallback = Some(crate::judges::Fallback {
            probe: "int main(void) { return 0; }\n".into(),
            command: GCC.iter().map(|s| s.to_string()).collect(),
            note: "the flag is not available; building without it".into(),
        });
        let b = builder.build(&src, &p).unwrap();
        assert!(b.program.is_ok(), "{:?}", b.program);
        assert_eq!(b.built_as, "test C (fallback build)");
        let other = dir.path().join("other.c");
        std::fs::write(&other, "int main(void){return 1-1;}\n").unwrap();
        assert!(builder.build(&other, &p).unwrap().program.is_ok());
        assert_eq!(
            builder.take_notes(),
            ["the flag is not available; building without it"]
        );
    }

    #[test]
    fn a_program_the_own_command_built_is_taken_from_the_cache_without_a_probe() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let plain = profile(Some(GCC), &["{out}"]);
        assert!(
            Workshop::new(dir.path().join("cache"))
                .build(&src, &plain)
                .unwrap()
                .compiled
        );
        // A probe that cannot build: had it run, the fallback would be taken (with its note).
        let mut p = plain.clone();
        p.fallback = Some(crate::judges::Fallback {
            probe: "not C\n".into(),
            command: ["gcc", "-O0", "-x", "c", "{src}", "-o", "{out}"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            note: "the probe failed".into(),
        });
        let builder = Workshop::new(dir.path().join("cache"));
        let b = builder.build(&src, &p).unwrap();
        assert!(!b.compiled && b.program.is_ok());
        assert_eq!(b.built_as, "test C");
        assert!(builder.take_notes().is_empty());
        // A source not in the cache is probed: the fallback is taken.
        let other = dir.path().join("other.c");
        std::fs::write(&other, "int main(void){return 1-1;}\n").unwrap();
        let b = builder.build(&other, &p).unwrap();
        assert_eq!(b.built_as, "test C (fallback build)");
        assert_eq!(builder.take_notes(), ["the probe failed"]);
    }

    #[test]
    fn a_compiler_older_than_min_version_is_a_compile_error() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let mut p = profile(Some(GCC), &["{out}"]);
        p.min_version = Some("999.1".into());
        let msg = builder.build(&src, &p).unwrap().program.unwrap_err();
        assert!(
            msg.contains("older than the 999.1 the test C profile needs"),
            "{msg}"
        );
        p.min_version = Some("2.0".into());
        assert!(builder.build(&src, &p).unwrap().program.is_ok());
    }

    #[test]
    fn an_interpreted_language_runs_a_copy_of_its_source_named_by_its_content() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("a.c");
        std::fs::write(&src, "echo one").unwrap();
        let builder = Workshop::new(dir.path().join("cache"));
        let p = profile(None, &["sh", "{src}"]);
        let run = |b: &Workshop| b.build(&src, &p).unwrap().program.unwrap().argv;
        let argv = run(&builder);
        assert_eq!(argv[0], "sh");
        let pinned = Path::new(&argv[1]);
        assert!(
            pinned.starts_with(dir.path().join("cache/build")),
            "{pinned:?}"
        );
        assert!(pinned
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("pinned-"));
        assert_eq!(pinned.file_name().unwrap(), "a.c");
        assert_eq!(std::fs::read(pinned).unwrap(), b"echo one");
        // The same content is the same copy; another content another, the first unchanged.
        assert_eq!(run(&builder), argv);
        std::fs::write(&src, "echo two").unwrap();
        let other = run(&builder);
        assert_ne!(other, argv);
        assert_eq!(std::fs::read(pinned).unwrap(), b"echo one");
        assert_eq!(std::fs::read(Path::new(&other[1])).unwrap(), b"echo two");
    }
}
