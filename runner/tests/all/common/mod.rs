//! Helpers for the integration tests: a temporary workspace and the real runner binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

pub mod cdp;
pub mod listener;

pub struct Ws {
    pub dir: tempfile::TempDir,
}

impl Ws {
    /// A workspace with one problem `t`: input `n`, output `2n`; 500 ms, 64 MiB.
    pub fn twice() -> Ws {
        let ws = Ws::empty();
        ws.write(
            "problems/t/problem.toml",
            "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
        );
        ws.write(
            "fixtures/t.toml",
            "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
        );
        ws
    }

    /// A workspace with the repository's judge profiles (judges.toml) and nothing else.
    pub fn empty() -> Ws {
        let ws = Ws {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(ws.path("problems")).unwrap();
        std::fs::copy(repo_root().join("judges.toml"), ws.path("judges.toml")).unwrap();
        ws
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    pub fn runner(&self, args: &[&str]) -> Output {
        let mut cmd = Command::cargo_bin("runner").unwrap();
        cmd.arg("--root")
            .arg(self.dir.path())
            .arg("--color")
            .arg("never")
            .args(args)
            .env_remove("CI")
            .timeout(std::time::Duration::from_secs(120));
        cmd.output().unwrap()
    }

    /// Judges a C program given as source text on problem `t`.
    pub fn judge_c(&self, name: &str, source: &str) -> Output {
        let file = format!("{name}.c");
        self.write(&file, source);
        let path = self.path(&file);
        self.runner(&["judge", "t", path.to_str().unwrap()])
    }
}

/// The runner as `cargo install` leaves it: a copy of the binary in a `bin/` folder on PATH,
/// outside this repository, run from `cwd` with no --root.
pub struct Installed {
    _dir: tempfile::TempDir,
    bin: PathBuf,
}

impl Installed {
    pub fn new() -> Installed {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let exe = bin.join("runner");
        std::fs::copy(env!("CARGO_BIN_EXE_runner"), &exe).unwrap();
        // A child another test thread forked while the copy was open for writing holds it open
        // until it execs: running the copy fails with ETXTBSY meanwhile. Once it has run, no one
        // writes it again.
        let start = std::time::Instant::now();
        loop {
            match std::process::Command::new(&exe).arg("--version").output() {
                Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                    assert!(start.elapsed().as_secs() < 30, "{}: {e}", exe.display());
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                ran => {
                    ran.unwrap();
                    break;
                }
            }
        }
        Installed { _dir: dir, bin }
    }

    pub fn run(&self, cwd: &Path, args: &[&str]) -> Output {
        self.command(cwd, args).output().unwrap()
    }

    /// `runner --color never ARGS` in `cwd`, found on PATH as installed, not yet run.
    pub fn command(&self, cwd: &Path, args: &[&str]) -> std::process::Command {
        let path = format!(
            "{}:{}",
            self.bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut cmd = std::process::Command::new("runner");
        cmd.args(["--color", "never"])
            .args(args)
            .current_dir(cwd)
            .env("PATH", path)
            .env_remove("CI");
        cmd
    }
}

pub fn text(out: &Output) -> String {
    format!(
        "status: {:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Asserts the exit code, printing the whole output when it differs.
pub fn assert_code(out: &Output, code: i32) {
    assert_eq!(out.status.code(), Some(code), "{}", text(out));
}

/// The last line of stdout: `N passed, M failed (…)` after a judge run.
pub fn last_line(out: &Output) -> String {
    stdout(out)
        .trim_end()
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Whether process `pid` is alive (a zombie counts as dead).
pub fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Reads the pids a test program wrote, one per line.
pub fn pids(path: &Path) -> Vec<i32> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// The workspace of this repository.
/// Whether the deep version of the sweeps over the repository's own problems runs: CI sets
/// `RUNNER_FULL_TESTS=1` (every problem verified, stressed with 300 seeds, exported and checked
/// by problemtools); a plain `cargo test` runs the same checks over [`QUICK_PROBLEMS`] (README,
/// "The project's tests").
pub fn full_tests() -> bool {
    std::env::var_os("RUNNER_FULL_TESTS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The problems a plain `cargo test` verifies and stresses: between them every kind of program
/// (a checker and a wrong solution that must TLE: nim-move; an interactor: nim-interactive; a
/// C++ port and the shared validator reader: POJ 1704).
pub const QUICK_PROBLEMS: [&str; 3] = ["nim-interactive", "nim-move", "poj1704-georgia-and-bob"];

/// The repository's problems a sweep covers: every one with `RUNNER_FULL_TESTS=1`, else
/// `quick` (said on stderr).
pub fn swept_problems(quick: &[&str]) -> Vec<String> {
    let mut slugs: Vec<String> = std::fs::read_dir(repo_root().join("problems"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("problem.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    slugs.sort();
    assert!(slugs.len() >= 14, "{slugs:?}");
    if !full_tests() {
        slugs.retain(|s| quick.contains(&s.as_str()));
        assert_eq!(slugs.len(), quick.len(), "{slugs:?}");
        eprintln!("sweeping {slugs:?} (RUNNER_FULL_TESTS=1: every problem)");
    }
    slugs
}

/// The runner on this repository itself (`--root`), without colours or CI's settings.
pub fn repo_runner(args: &[&str]) -> Output {
    Command::cargo_bin("runner")
        .unwrap()
        .arg("--root")
        .arg(repo_root())
        .args(["--color", "never"])
        .args(args)
        .env_remove("CI")
        .timeout(std::time::Duration::from_secs(900))
        .output()
        .unwrap()
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The pids of the live processes whose name (comm, 15 bytes at most) is `name`.
pub fn processes_named(name: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        if comm.trim_end() == name && alive(pid) {
            found.push(pid);
        }
    }
    found
}

/// A process name of 15 bytes unique to this test run.
pub fn marker(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let s = format!("{prefix}{:x}{n}", std::process::id());
    s.chars().take(15).collect()
}

/// A stand-in for testlib.h, brought by the tests (the runner ships no testlib): just what their
/// checkers and interactor use, with testlib's documented contract. `registerTestlibCmd(argc,
/// argv)` (a checker) opens
/// `inf` = argv[1] (the input), `ouf` = argv[2] (the contestant's output) and `ans` = argv[3] (the
/// jury's answer); `quitf` exits 0 `_ok`, 1 `_wa`, 2 `_pe`, 3 `_fail`; a read that fails on `ouf`
/// is `_pe` ("Unexpected end of file - int64 expected"), on `inf` or `ans` `_fail`.
/// `registerInteraction(argc, argv)` (an interactor) opens `inf` = argv[1] and `tout` = argv[2]
/// for writing; `ouf` is then stdin (the solution's output).
pub const TESTLIB_H: &str = r#"#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
static const char *testlib_names[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
inline void quitf(TResult r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::fprintf(stderr, "%s ", testlib_names[r]);
    std::vfprintf(stderr, fmt, ap);
    std::fprintf(stderr, "\n");
    va_end(ap);
    std::exit(r);
}
struct InStream {
    FILE *f;
    TResult on_error;
    void open(const char *path, TResult e) {
        on_error = e;
        f = std::fopen(path, "r");
        if (!f) quitf(_fail, "cannot open %s", path);
    }
    long long readLong() {
        long long x;
        if (std::fscanf(f, "%lld", &x) != 1) {
            int c;
            do c = std::fgetc(f); while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
            if (c == EOF) quitf(on_error, "Unexpected end of file - int64 expected");
            quitf(on_error, "Expected int64, but \"%c...\" found", c);
        }
        return x;
    }
    bool seekEof() {
        int c;
        do c = std::fgetc(f); while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
        return c == EOF;
    }
};
InStream inf, ouf, ans;
FILE *tout;
inline void registerTestlibCmd(int argc, char *argv[]) {
    if (argc < 4) quitf(_fail, "usage: checker <input-file> <output-file> <answer-file>");
    inf.open(argv[1], _fail);
    ouf.open(argv[2], _pe);
    ans.open(argv[3], _fail);
}
inline void registerInteraction(int argc, char *argv[]) {
    if (argc < 3) quitf(_fail, "usage: interactor <input-file> <output-file>");
    inf.open(argv[1], _fail);
    tout = std::fopen(argv[2], "w");
    if (!tout) quitf(_fail, "cannot open %s", argv[2]);
    ouf.f = stdin;
    ouf.on_error = _pe;
}
"#;

/// Whether `tools` are all there (a path: an executable file; a name: on PATH); when not, a test
/// skips (or fails under RUNNER_NEEDS_LANGUAGES).
pub fn have(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|t| {
            std::process::Command::new("sh")
                .args(["-c", &format!("command -v {t}")])
                .output()
                .map_or(true, |o| !o.status.success())
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    let needed = std::env::var_os("RUNNER_NEEDS_LANGUAGES").is_some_and(|v| v != "0");
    assert!(
        !needed,
        "RUNNER_NEEDS_LANGUAGES is set and {missing:?} missing"
    );
    eprintln!("skipped: {missing:?} not installed (.ci/run installs them)");
    false
}
