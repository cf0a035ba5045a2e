//! A compile as a sandboxed program: the compiler runs through a launcher like any judged
//! program (namespaces, cgroups, limits, killed with its case, with the runner's Ctrl-C, and
//! with the launcher when the runner dies), and sees the toolchain read-only (`/usr`, and a
//! toolchain directory outside it, such as rustup's, at [`TOOLCHAIN`]), the staged sources
//! read-only at [`SOURCES`], and one folder it may write at [`OUTPUT`] (in the sandbox a tmpfs of
//! its own as large as the compile's memory limit, which its pages are charged to: what it leaves
//! there is streamed to the build directory's `out/` after it ends), and nothing else of the
//! user's. Its environment is a clean one: `PATH`, `LANG`, and `HOME` and `TMPDIR` of its own.
//!
//! Its stdout and stderr are one message, of which the first `keep` bytes are kept and the rest
//! only counted (the runner never holds a compile bomb's message).

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use crate::launcher::{self, Expose, Launcher, Rlimits, PROCESS_LIMIT};
use crate::program::{Limits, RunOutput, Stack};
use crate::single::{self, SANDBOX_PATH};

/// Where the staged sources (the build directory's `ws/`) are in the sandbox, read-only.
pub const SOURCES: &str = "/box/src";
/// Where the compiler writes (the build directory's `out/` after the compile).
pub const OUTPUT: &str = "/box/rw-out";
/// Where the build directory's `bin/` (commands the compiler runs, by name: `cc`) is in the
/// sandbox, read-only, first on `PATH`.
pub const COMMANDS: &str = "/box/bin";
/// Where a toolchain directory outside `/usr` is in the sandbox.
pub const TOOLCHAIN: &str = "/box/toolchain";

/// A compile to run.
pub struct Compile<'a> {
    /// The build directory: the sources staged in its `ws/`, the output in its `out/`.
    pub work: &'a Path,
    /// A toolchain directory outside `/usr` the compiler needs (shown read-only).
    pub toolchain: Option<&'a Path>,
    /// Bytes of the compiler's message (stdout and stderr) kept; the rest is counted.
    pub keep: usize,
    /// More files or folders of the host shown read-only, each at `/box/NAME` (a toolchain
    /// manager's own program, which finds the toolchain: rustup); without the sandbox, where
    /// they are.
    pub shown: &'a [(&'a Path, &'a str)],
    /// Whether the compiler gets a `/proc` showing its own processes only (Debian's rustc 1.63
    /// finds its sysroot through `/proc/self/exe`, and panics without it).
    pub proc: bool,
}

/// Where a compile's directories are, as its command must name them: in the sandbox, [`SOURCES`],
/// [`OUTPUT`] and [`TOOLCHAIN`]; without it, the host's (`ws/`, `out/` of the build directory).
#[derive(Debug, Clone)]
pub struct CompilePaths {
    /// The build directory's `bin/`, when it has one.
    pub commands: Option<PathBuf>,
    pub sources: PathBuf,
    pub output: PathBuf,
    pub toolchain: Option<PathBuf>,
    /// Where each of the compile's `shown` is, in its order.
    pub shown: Vec<PathBuf>,
}

/// What a compile produced.
#[derive(Debug, Clone)]
pub struct CompileOutput {
    /// How it ended (its `stdout` and `stderr` are empty: the message is below).
    pub run: RunOutput,
    /// The first `keep` bytes of what it printed (stdout and stderr, interleaved).
    pub message: Vec<u8>,
    /// How many bytes it printed in all.
    pub message_bytes: u64,
}

/// The environment of a compile.
fn environment(sandboxed: bool, paths: &CompilePaths) -> Vec<OsString> {
    let mut path = OsString::from("PATH=");
    if let Some(c) = &paths.commands {
        path.push(c);
        path.push(":");
    }
    if let Some(t) = &paths.toolchain {
        path.push(t.join("bin"));
        path.push(":");
    }
    if sandboxed {
        path.push(SANDBOX_PATH.trim_start_matches("PATH="));
    } else {
        path.push(launcher::search_path());
    }
    // In the sandbox /tmp is the case's own fresh tmpfs; without it, the output folder.
    let home = if sandboxed {
        PathBuf::from("/tmp")
    } else {
        paths.output.clone()
    };
    let mut home_var = OsString::from("HOME=");
    home_var.push(&home);
    let mut tmp_var = OsString::from("TMPDIR=");
    tmp_var.push(&home);
    let mut env = vec![path, "LANG=C.UTF-8".into(), home_var, tmp_var];
    if let Some(t) = &paths.toolchain {
        // The sandbox has no /proc: the loader cannot expand `$ORIGIN` (rustc's RUNPATH,
        // `$ORIGIN/../lib`), so the toolchain's libraries are named.
        let mut libs = OsString::from("LD_LIBRARY_PATH=");
        libs.push(t.join("lib"));
        env.push(libs);
    }
    env
}

/// Drains `pipe` on a thread of its own: the first `keep` bytes, and the count of the rest.
fn drain(pipe: OwnedFd, keep: usize) -> mpsc::Receiver<(Vec<u8>, u64)> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut file = File::from(pipe);
        let mut kept = Vec::new();
        let mut total = 0u64;
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            match file.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    total += n as u64;
                    let room = keep.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..n.min(room)]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = tx.send((kept, total));
    });
    rx
}

/// Where the compile's directories are for its command, and what the sandbox shows (nothing
/// without it: the command names the host's directories).
fn placed(compile: &Compile, sandboxed: bool) -> (CompilePaths, Vec<Expose>) {
    let commands = compile.work.join("bin");
    let commands = commands.is_dir().then_some(commands);
    if !sandboxed {
        let paths = CompilePaths {
            commands,
            sources: compile.work.join("ws"),
            output: compile.work.join("out"),
            toolchain: compile.toolchain.map(Path::to_path_buf),
            shown: compile
                .shown
                .iter()
                .map(|(host, _)| host.to_path_buf())
                .collect(),
        };
        return (paths, Vec::new());
    }
    let mut expose = vec![
        Expose {
            host: compile.work.join("ws"),
            in_box: SOURCES.into(),
        },
        Expose {
            host: compile.work.join("out"),
            in_box: OUTPUT.into(),
        },
    ];
    if let Some(t) = compile.toolchain {
        expose.push(Expose {
            host: t.to_path_buf(),
            in_box: TOOLCHAIN.into(),
        });
    }
    if let Some(c) = &commands {
        expose.push(Expose {
            host: c.clone(),
            in_box: COMMANDS.into(),
        });
    }
    for (host, name) in compile.shown {
        expose.push(Expose {
            host: host.to_path_buf(),
            in_box: format!("/box/{name}"),
        });
    }
    let paths = CompilePaths {
        shown: compile
            .shown
            .iter()
            .map(|(_, n)| Path::new("/box").join(n))
            .collect(),
        commands: commands.map(|_| COMMANDS.into()),
        sources: SOURCES.into(),
        output: OUTPUT.into(),
        toolchain: compile.toolchain.map(|_| TOOLCHAIN.into()),
    };
    (paths, expose)
}

/// Copies what the compiler left in its writable folder (in the sandbox: a tmpfs in the
/// launcher's mount namespace, seen through `/proc/FORKER/root`) into the build directory's
/// `out/`, then empties it, before the launcher runs anything else. Only regular files and
/// folders (a build script's program is a folder), not followed through links.
fn take_output(launcher: &Launcher, compile: &Compile) -> io::Result<()> {
    let Some(root) = &launcher.root else {
        return Ok(());
    };
    let inside = root.join(OUTPUT.trim_start_matches('/'));
    let rel = inside.strip_prefix("/").unwrap_or(&inside);
    let view = Path::new(&format!("/proc/{}/root", launcher.forker)).join(rel);
    let out = compile.work.join("out");
    let copied = copy_tree(&view, &out, 0);
    crate::left::empty(&view);
    copied
}

/// How deep a compile's output may nest folders (a build script's program folder is shallow).
const OUTPUT_DEPTH: usize = 16;

/// Copies the regular files and folders under `from` into `to`, with their modes (write bits
/// off for others); links and special files are left out, and folders deeper than
/// [`OUTPUT_DEPTH`] (an error). The size is bounded by the tmpfs the compile wrote into.
fn copy_tree(from: &Path, to: &Path, depth: usize) -> io::Result<()> {
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let kind = e.file_type()?;
        if kind.is_dir() {
            if depth >= OUTPUT_DEPTH {
                return Err(io::Error::other(format!(
                    "the build's output nests folders deeper than {OUTPUT_DEPTH}"
                )));
            }
            let dir = to.join(e.file_name());
            std::fs::create_dir_all(&dir)?;
            copy_tree(&e.path(), &dir, depth + 1)?;
            continue;
        }
        if !kind.is_file() {
            continue;
        }
        let mut source = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(e.path())?;
        let mut copy = File::create(to.join(e.file_name()))?;
        std::io::copy(&mut source, &mut copy)?;
        let mode = source.metadata()?.permissions().mode();
        copy.set_permissions(std::fs::Permissions::from_mode(mode & 0o755))?;
    }
    Ok(())
}

/// Runs a compile through `launcher`: `make_argv` gets the compile's paths as the compiler sees
/// them.
pub(crate) fn run(
    launcher: &Launcher,
    compile: &Compile,
    make_argv: &dyn Fn(&CompilePaths) -> Vec<OsString>,
    limits: &Limits,
) -> io::Result<io::Result<CompileOutput>> {
    let sandboxed = launcher.sandbox.is_ok();
    let (paths, expose) = placed(compile, sandboxed);
    let argv = make_argv(&paths);
    let envp = environment(sandboxed, &paths);
    let rlimits = Rlimits {
        nproc: if sandboxed { PROCESS_LIMIT } else { 0 },
        flags: if compile.proc {
            launcher::REQUEST_PROC
        } else {
            0
        },
        ..single::rlimits(
            launcher,
            &crate::program::Program {
                argv: vec![],
                files: vec![],
                stack: Stack::Inherit,
                writable: vec![],
            },
            limits,
        )
    };
    let stdin = File::open("/dev/null")?;
    let (msg_r, msg_w) = nix::unistd::pipe()?;
    let msg_w2 = msg_w.try_clone()?;
    let message = drain(msg_r, compile.keep);
    // The poll loop's own pipes are empty and closed: the message is drained above.
    let (out_r, out_w) = nix::unistd::pipe()?;
    let (err_r, err_w) = nix::unistd::pipe()?;
    drop((out_w, err_w));
    let run = match single::start(
        launcher,
        &rlimits,
        &argv,
        &envp,
        &expose,
        [stdin.into(), msg_w, msg_w2],
    )? {
        Ok(run) => run,
        Err(e) => return Ok(Err(e)),
    };
    let out = single::watch(
        launcher,
        &run,
        File::from(out_r),
        File::from(err_r),
        limits,
        0,
    )?;
    let out = match out {
        Ok(out) => out,
        Err(e) => return Ok(Err(e)),
    };
    if sandboxed {
        if let Err(e) = take_output(launcher, compile) {
            return Ok(Err(e));
        }
    }
    // Every process of the case is gone (the launcher killed them), so the pipe is closed;
    // without the sandbox, one that left its group may hold it: the message is then lost.
    let (message, message_bytes) = message
        .recv_timeout(Duration::from_secs(2))
        .unwrap_or_default();
    Ok(Ok(CompileOutput {
        run: out,
        message,
        message_bytes,
    }))
}
