//! The sandbox's contract: what `judging` builds a verdict from, pinned through the crate's
//! public API only, as judging calls it (`Sandbox::new`, `Executor::run`,
//! `Executor::run_interactive`, `Sandbox::compile`, `Cancel`).
//!
//! Programs are `/bin/sh` scripts, or tiny C programs compiled here with the host's gcc. Where
//! a fact holds only in the sandbox (no network, no file of the user's in reach), the test
//! says so on stderr and checks nothing when the sandbox cannot be made on this machine (it
//! needs root or user namespaces; CI runs as root).

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

mod cancel;
mod compile;
mod interact;
mod isolation;
mod limits;
mod runs;
mod timing;

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use sandbox::{Cancel, Executor, Isolation, Limits, Program, RunOutput, Sandbox, Stack, Stdin};

/// A shell command as a program.
pub fn shell(script: &str) -> Program {
    Program {
        argv: vec![OsString::from("sh"), "-c".into(), script.into()],
        files: vec![],
        stack: Stack::Inherit,
        writable: vec![],
    }
}

/// Where the tests' sandboxes build their root: the runner's own cache (as judging does).
pub fn cache_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/judge")
}

/// The sandbox the tests share (a test that cancels makes its own).
pub fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| Sandbox::new(&cache_dir(), true, Cancel::new()).unwrap())
}

/// A CPU-time limit of `ms` and 256 MiB of memory.
pub fn limits(ms: u64) -> Limits {
    Limits {
        time: Duration::from_millis(ms),
        memory_bytes: 256 << 20,
    }
}

/// `program` on `input` in the shared sandbox, 1 MiB of stdout kept.
pub fn run(program: &Program, input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
    sandbox().run(program, Stdin::Bytes(input), limits, 1 << 20)
}

/// Whether the tests' sandbox isolates (it cannot be made everywhere; then the escapes are
/// the machine's and are not tested, and the test says so).
pub fn isolated() -> bool {
    let yes = *sandbox().isolation() == Isolation::Sandboxed;
    if !yes {
        eprintln!("no sandbox here: {:?}", sandbox().isolation());
    }
    yes
}

/// The C program `source` compiled with the host's gcc into `dir`, as a program to run (its
/// binary the one file of the user's it is shown).
pub fn c_program(dir: &Path, name: &str, source: &str) -> Program {
    let src = dir.join(format!("{name}.c"));
    std::fs::write(&src, source).unwrap();
    let bin = dir.join(name);
    let out = std::process::Command::new("gcc")
        .arg("-O1")
        .arg("-o")
        .arg(&bin)
        .arg(&src)
        .output()
        .expect("cannot run gcc");
    assert!(
        out.status.success(),
        "gcc failed on {name}.c: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Program::file(bin)
}

/// How many processes of the machine run with exactly this command line (seen from here,
/// outside the sandbox's process namespace).
pub fn processes_with_cmdline(cmdline: &[u8]) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|c| c == cmdline)
        .count()
}
