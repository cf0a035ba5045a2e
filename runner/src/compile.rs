//! Building programs the way a judge does: one file, the command of its judge profile
//! (`judges.toml`), cached by the file's path and content, the profile and the compiler's
//! version, and by every other file the build read (headers, Rust modules, `include_str!`), as
//! the compiler itself lists them (`-MMD`, `--emit=dep-info`).

use sandbox::Program;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};

use crate::judges::{parse_version, Profile};

/// `template` with `{src}`, `{out}` and `{dir}` (the folder of `src`) replaced.
pub fn expand(template: &[String], src: &Path, out: &Path) -> Vec<OsString> {
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

/// The arguments that make `compiler` list every file it read into `{deps}` (a make rule), for
/// the compilers that can: the GCC family (and clang) and rustc. Other compilers' builds are
/// cached by the source's path and content alone.
fn dep_args(compiler: &str) -> Option<&'static [&'static str]> {
    let name = Path::new(compiler).file_name()?.to_str()?;
    // `x86_64-linux-gnu-g++-12` is g++.
    let name = name.rsplit_once('-').map_or(name, |(head, tail)| {
        if tail.chars().all(|c| c.is_ascii_digit() || c == '.') {
            head
        } else {
            name
        }
    });
    let base = name.rsplit('-').next().unwrap_or(name);
    match base {
        "rustc" => Some(&["--emit=link,dep-info={deps}"]),
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => Some(&["-MMD", "-MF", "{deps}"]),
        _ => None,
    }
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

/// A file's SHA-256, in hex; `None` when it cannot be read.
fn file_digest(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    Some(hex(&Sha256::digest(&bytes)))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The files a cached build read besides its source, each with the digest it had then
/// (`deps.txt` in the build's folder: `DIGEST\tPATH` lines).
fn read_manifest(dir: &Path) -> Option<Vec<(String, PathBuf)>> {
    let text = std::fs::read_to_string(dir.join("deps.txt")).ok()?;
    text.lines()
        .map(|l| {
            let (digest, path) = l.split_once('\t')?;
            Some((digest.to_string(), PathBuf::from(path)))
        })
        .collect()
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

/// Builds a program a command cannot go on without (the problem's generator, brute force,
/// validator or checker; the solution `stress` runs) under `judge`'s profile: a missing file or a
/// compile error is an error, `{path}: {what} is missing` or `{path}: {what} does not compile`.
pub fn build_or_bail(
    builder: &Builder,
    judges: &crate::judges::Judges,
    judge: &str,
    source: &Path,
    what: &str,
) -> Result<Program> {
    if !source.is_file() {
        anyhow::bail!("{}: {what} is missing", source.display());
    }
    let profile = judges
        .profile_for(judge, source)
        .map_err(|e| anyhow::anyhow!(e))?;
    builder.build(source, &profile)?.program.map_err(|msg| {
        anyhow::anyhow!(
            "{}: {what} does not compile:\n{}",
            source.display(),
            msg.trim_end()
        )
    })
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

/// Builds source files into a content-addressed cache, so that a re-run compiles nothing.
pub struct Builder {
    cache_dir: PathBuf,
    /// Version output of each version command (Err: the tool cannot run).
    versions: Once<Result<String, String>>,
    /// Whether each probed compile command works on this machine.
    probes: Once<bool>,
    /// Lines for the user (fallbacks taken), each once.
    notes: Mutex<Vec<String>>,
    /// The digest of each file a cached build read, by path, size and modification time,
    /// computed once (the same headers stand in the manifests of every C++ program).
    digests: Once<Option<String>>,
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
pub fn find_program(program: &str) -> Option<PathBuf> {
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
    format!(
        "{tool} not found: install {package} (Debian: apt-get install {package}); \
         {} programs cannot be built or run without it\n",
        profile.name()
    )
}

impl Builder {
    pub fn new(cache_dir: PathBuf) -> Self {
        Self {
            cache_dir,
            versions: Once::default(),
            probes: Once::default(),
            notes: Mutex::new(Vec::new()),
            digests: Once::default(),
        }
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

    /// The output of a version command, once per run.
    fn version(&self, argv: &[String]) -> Result<String, String> {
        self.versions.get(argv, || {
            match Command::new(&argv[0]).args(&argv[1..]).output() {
                Ok(out) if out.status.success() => {
                    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
                }
                Ok(out) => Err(format!(
                    "`{}` failed: {}",
                    argv.join(" "),
                    String::from_utf8_lossy(&out.stderr).trim_end()
                )),
                Err(e) => Err(format!("cannot run `{}`: {e}", argv.join(" "))),
            }
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

    /// Whether `command` builds the profile's probe program.
    fn probe(&self, profile: &Profile, command: &[String]) -> Result<bool> {
        let probe = &profile.fallback.as_ref().expect("a fallback").probe;
        std::fs::create_dir_all(&self.cache_dir)
            .with_context(|| format!("cannot create {}", self.cache_dir.display()))?;
        let dir = tempfile::Builder::new()
            .prefix(".probe-")
            .tempdir_in(&self.cache_dir)
            .context("cannot create a probe directory")?;
        let ext = profile.extensions.first().map_or("txt", String::as_str);
        let src = dir.path().join(format!("probe.{ext}"));
        std::fs::write(&src, probe)?;
        let argv = expand(command, &src, &dir.path().join("probe"));
        Ok(Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(dir.path())
            .output()
            .is_ok_and(|o| o.status.success()))
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
                Ok(run_program(profile, &source, &source))
            };
            return Ok(Built::new(program, false, profile.name()));
        };
        if find_program(&own[0]).is_none() {
            return Ok(Built::new(
                Err(not_found(&own[0], profile)),
                false,
                profile.name(),
            ));
        }
        let code =
            std::fs::read(&source).with_context(|| format!("cannot read {}", source.display()))?;
        // A program the profile's own command built is in the cache: that command works here,
        // no probe needed (a warm run runs no compiler).
        if profile.fallback.is_some() {
            if let Some(built @ Built { program: Ok(_), .. }) =
                self.cached_build(profile, own, profile.name(), &source, &code)
            {
                return Ok(built);
            }
        }
        let (command, fell_back) = self.command(profile)?;
        let mut built_as = profile.name();
        if fell_back {
            built_as.push_str(" (fallback build)");
        }
        if let Some(built) = self.cached_build(profile, command, built_as.clone(), &source, &code) {
            return Ok(built);
        }
        let version = match self.toolchain_version(profile, command) {
            Ok(v) => v,
            Err(msg) => return Ok(Built::new(Err(msg), false, built_as)),
        };
        let key = cache_key(profile, command, &version, &source, &code);
        let build = Build {
            profile,
            command,
            source: &source,
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
        code: &[u8],
    ) -> Option<Built> {
        let version = match self.toolchain_version(profile, command) {
            Ok(v) => v,
            Err(msg) => return Some(Built::new(Err(msg), false, built_as)),
        };
        let dir = self
            .cache_dir
            .join("build")
            .join(cache_key(profile, command, &version, source, code));
        let (hit, deps) = self.cached(&dir)?;
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
        let version = self.version(&version_argv).map_err(|e| format!("{e}\n"))?;
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

    /// Compiles `b.source` in a private directory, then moves it into the cache whole (a
    /// concurrent or interrupted build never leaves a half-written program there), with the
    /// list of every other file the compiler says it read.
    fn compile(&self, b: &Build) -> Result<Built> {
        let dep_args = dep_args(&b.command[0]);
        let builds = self.cache_dir.join("build");
        std::fs::create_dir_all(&builds)
            .with_context(|| format!("cannot create {}", self.cache_dir.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(&format!(".{}-", b.key))
            .tempdir_in(&builds)
            .context("cannot create a build directory")?;
        let deps_file = tmp.path().join("deps.d");
        let mut argv = expand(b.command, b.source, &tmp.path().join("prog"));
        for a in dep_args.unwrap_or_default() {
            argv.push(a.replace("{deps}", &deps_file.to_string_lossy()).into());
        }
        let out = match Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(tmp.path())
            .output()
        {
            Ok(out) => out,
            Err(e) => {
                let msg = format!("cannot run `{}`: {e}\n", argv[0].to_string_lossy());
                return Ok(Built::new(Err(msg), false, b.built_as.clone()));
            }
        };
        // A compiler that lists its inputs but did not (it stopped early) leaves the result
        // uncacheable: a compile error for a missing header must not outlive the header.
        let manifest = match dep_args {
            None => Some(Vec::new()),
            Some(_) => std::fs::read_to_string(&deps_file)
                .ok()
                .and_then(|t| manifest_of(&parse_deps(&t), tmp.path(), b.source)),
        };
        let result = if out.status.success() {
            Ok(())
        } else {
            let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
            if msg.trim().is_empty() {
                msg = format!("the compiler failed ({})", out.status);
            }
            std::fs::write(tmp.path().join("compile-error.txt"), &msg)?;
            Err(msg)
        };
        let deps: Vec<PathBuf> = manifest.iter().flatten().map(|(_, p)| p.clone()).collect();
        let program = |exe: &Path| run_program(b.profile, b.source, exe);
        let Some(manifest) = manifest else {
            // Not cached: the result stands for this run only (the directory goes with `tmp`,
            // so the program is moved out of it first).
            let program = result.map(|()| program(&tmp.keep().join("prog")));
            return Ok(Built {
                deps,
                ..Built::new(program, true, b.built_as.clone())
            });
        };
        let dir = self.store(tmp, &manifest, b.key)?;
        Ok(Built {
            deps,
            ..Built::new(
                result.map(|()| program(&dir.join("prog"))),
                true,
                b.built_as.clone(),
            )
        })
    }

    /// The cache entry in `dir`, while every file its build read is unchanged: `Ok` a program
    /// (`dir/prog`), `Err` its compile error, with the files the build read. `None`: absent, stale
    /// or incomplete.
    fn cached(&self, dir: &Path) -> Option<(Result<(), String>, Vec<PathBuf>)> {
        let manifest = read_manifest(dir)?;
        if !self.manifest_holds(&manifest) {
            return None;
        }
        let deps = manifest.into_iter().map(|(_, p)| p).collect();
        if dir.join("prog").is_file() {
            return Some((Ok(()), deps));
        }
        let msg = std::fs::read_to_string(dir.join("compile-error.txt")).ok()?;
        Some((Err(msg), deps))
    }
    /// Whether every file of a cached build's manifest still has the digest it had when it was
    /// built (a changed, moved or deleted header makes the build stale).
    fn manifest_holds(&self, manifest: &[(String, PathBuf)]) -> bool {
        manifest.iter().all(|(digest, path)| {
            // Keyed by the file's size and modification time too: a file edited while the
            // builder lives (`judge --watch`) is read again.
            let Ok(meta) = std::fs::metadata(path) else {
                return false;
            };
            let key = vec![
                path.to_string_lossy().into_owned(),
                format!("{} {:?}", meta.len(), meta.modified().ok()),
            ];
            self.digests.get(&key, || file_digest(path)).as_deref() == Some(digest.as_str())
        })
    }

    /// Puts a finished build directory into the cache under `key`, with its manifest; returns
    /// the entry's directory.
    fn store(
        &self,
        tmp: tempfile::TempDir,
        manifest: &[(String, PathBuf)],
        key: &str,
    ) -> Result<PathBuf> {
        let lines: String = manifest
            .iter()
            .map(|(d, p)| format!("{d}\t{}\n", p.display()))
            .collect();
        std::fs::write(tmp.path().join("deps.txt"), lines)?;
        let tmp = tmp.keep();
        let builds = self.cache_dir.join("build");
        let dir = builds.join(key);
        if self.cached(&dir).is_some() {
            // Another runner built the same source meanwhile, and its entry holds: keep it. Put
            // ours in its place and that runner, about to start its program, would find none.
            let _ = std::fs::remove_dir_all(&tmp);
            return Ok(dir);
        }
        if dir.exists() {
            // A stale entry: set it aside, then put the new one in its place.
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

/// One compilation: what [`Builder::compile`] needs.
struct Build<'a> {
    profile: &'a Profile,
    command: &'a [String],
    source: &'a Path,
    key: &'a str,
    built_as: String,
}

/// The cache key: the profile, the command, the compiler's version, and the source's path and
/// content. The path counts because what `#include "../x.h"` or `mod x;` reads depends on where
/// the file is (and a compiler's message names it). The other files the build read are checked
/// against the entry's manifest ([`cached`]).
fn cache_key(
    profile: &Profile,
    command: &[String],
    version: &str,
    source: &Path,
    code: &[u8],
) -> String {
    let mut hasher = Sha256::new();
    for part in [&profile.judge, &profile.language] {
        hasher.update(part.as_bytes());
        hasher.update(b"\0");
    }
    for arg in command.iter().chain(&profile.run) {
        hasher.update(arg.as_bytes());
        hasher.update(b"\0");
    }
    hasher.update(version.as_bytes());
    hasher.update(b"\0");
    hasher.update(source.as_os_str().as_encoded_bytes());
    hasher.update(b"\0");
    hasher.update(code);
    hex(&hasher.finalize()[..16])
}

/// The files a build read besides `source` (as the compiler listed them, relative to `cwd`),
/// with their digests now; `None` when one cannot be read.
fn manifest_of(files: &[PathBuf], cwd: &Path, source: &Path) -> Option<Vec<(String, PathBuf)>> {
    files
        .iter()
        .map(|f| {
            if f.is_absolute() {
                f.clone()
            } else {
                cwd.join(f)
            }
        })
        .filter(|f| f.canonicalize().map_or(true, |c| c != source))
        .map(|f| Some((file_digest(&f)?, f)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let first = Builder::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let built = first.build(&src, &p).unwrap();
        let prog = PathBuf::from(&built.program.unwrap().argv[0]);
        let entry = prog.parent().unwrap().to_path_buf();
        let key = entry.file_name().unwrap().to_str().unwrap().to_string();
        std::fs::write(entry.join("marker"), "the first runner's").unwrap();

        let second = Builder::new(dir.path().join("cache"));
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("prog"), "the second runner's").unwrap();
        let manifest = read_manifest(&entry).unwrap();
        let stored = second.store(tmp, &manifest, &key).unwrap();
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
        let third = Builder::new(dir.path().join("cache"));
        third.store(tmp, &manifest, &key).unwrap();
        assert!(!entry.join("marker").exists());
        assert_eq!(std::fs::read(&prog).unwrap(), b"rebuilt");
    }

    #[test]
    fn builds_once_then_caches_and_reports_compile_errors() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Builder::new(dir.path().join("cache"));
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
            assert_eq!(dep_args(gcc), Some(&["-MMD", "-MF", "{deps}"][..]), "{gcc}");
        }
        assert_eq!(
            dep_args("rustc"),
            Some(&["--emit=link,dep-info={deps}"][..])
        );
        assert_eq!(dep_args("javac"), None);
        assert_eq!(dep_args("python3"), None);
    }

    /// A C file that includes `../h.h`, built in `dir/sub/`.
    fn with_header(dir: &Path, value: &str) -> PathBuf {
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("h.h"), format!("#define V {value}\n")).unwrap();
        let src = dir.join("sub/a.c");
        std::fs::write(&src, "#include \"../h.h\"\nint main(void){return V;}\n").unwrap();
        src
    }

    #[test]
    fn a_changed_header_rebuilds_and_a_deleted_one_is_never_taken_from_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let src = with_header(dir.path(), "0");
        let builder = Builder::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        let first = builder.build(&src, &p).unwrap();
        assert!(
            first.compiled && first.program.is_ok(),
            "{:?}",
            first.program
        );
        assert_eq!(first.deps, [dir.path().join("sub/../h.h")]);
        assert!(
            !builder.build(&src, &p).unwrap().compiled,
            "nothing changed"
        );

        // The header changes: built again, and the new program is what runs.
        std::fs::write(dir.path().join("h.h"), "#define V 3\n").unwrap();
        let second = builder.build(&src, &p).unwrap();
        assert!(second.compiled, "a changed header must rebuild");
        let exe = &second.program.unwrap().argv[0];
        let status = Command::new(exe).status().unwrap();
        assert_eq!(status.code(), Some(3));
        assert!(!builder.build(&src, &p).unwrap().compiled);

        // The header goes: a compile error, not the cached program, and not cached either.
        std::fs::remove_file(dir.path().join("h.h")).unwrap();
        let gone = builder.build(&src, &p).unwrap();
        assert!(gone.compiled);
        assert!(gone.program.unwrap_err().contains("h.h"));
        std::fs::write(dir.path().join("h.h"), "#define V 0\n").unwrap();
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
        let builder = Builder::new(dir.path().join("cache"));
        let p = profile(Some(GCC), &["{out}"]);
        assert!(builder.build(&src, &p).unwrap().program.is_ok());
        // The same text one folder up, where `../h.h` does not exist: it does not build, and the
        // compiler's message names this file, not the first one.
        let moved = dir.path().join("a.c");
        std::fs::copy(&src, &moved).unwrap();
        let b = builder.build(&moved, &p).unwrap();
        assert!(b.compiled);
        let msg = b.program.unwrap_err();
        assert!(msg.contains(&*moved.to_string_lossy()), "{msg}");
        assert!(!msg.contains("sub/a.c"), "{msg}");
    }

    #[test]
    fn a_rust_module_is_a_dependency() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("lib")).unwrap();
        std::fs::write(dir.path().join("lib/m.rs"), "pub const V: i32 = 0;\n").unwrap();
        let src = dir.path().join("main.rs");
        std::fs::write(
            &src,
            "#[path = \"lib/m.rs\"]\nmod m;\nfn main() { std::process::exit(m::V) }\n",
        )
        .unwrap();
        let builder = Builder::new(dir.path().join("cache"));
        let mut p = profile(
            Some(&["rustc", "--edition", "2021", "{src}", "-o", "{out}"]),
            &["{out}"],
        );
        p.language = "Rust".into();
        let first = builder.build(&src, &p).unwrap();
        assert!(first.program.is_ok(), "{:?}", first.program);
        assert_eq!(first.deps, [dir.path().join("lib/m.rs")]);
        std::fs::write(dir.path().join("lib/m.rs"), "pub const V: i32 = 4;\n").unwrap();
        let second = builder.build(&src, &p).unwrap();
        assert!(second.compiled, "a changed module must rebuild");
        let status = Command::new(&second.program.unwrap().argv[0])
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(4));
    }

    #[test]
    fn a_missing_compiler_is_a_compile_error_naming_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("ok.c");
        std::fs::write(&src, "int main(void){return 0;}\n").unwrap();
        let builder = Builder::new(dir.path().join("cache"));
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
        let builder = Builder::new(dir.path().join("cache"));
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
            Builder::new(dir.path().join("cache"))
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
        let builder = Builder::new(dir.path().join("cache"));
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
        let builder = Builder::new(dir.path().join("cache"));
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
    fn an_interpreted_language_runs_its_source() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("a.c");
        std::fs::write(&src, "").unwrap();
        let builder = Builder::new(dir.path().join("cache"));
        let p = profile(None, &["sh", "{src}"]);
        let b = builder.build(&src, &p).unwrap();
        let argv = b.program.unwrap().argv;
        assert_eq!(argv[0], "sh");
        assert_eq!(Path::new(&argv[1]), src.canonicalize().unwrap());
    }
}
