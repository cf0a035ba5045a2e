//! Compiles are sandboxed programs (issue 27): a source cannot embed a file it may not see
//! (the fixtures, a file outside the workspace, the runner's /proc), a compile bomb ends as CE
//! within its limits while the runner stays small, nothing outlives the runner, the verdict
//! cache keys an executable by its content, and a program that stops itself under ptrace gets
//! a verdict that is not an exit code. Each runs as the test's user and, when that is root, as
//! an ordinary user too (nobody, 65534, through `setpriv`), except what needs rustc: rustup's
//! toolchain is under root's home, which nobody cannot reach (those say so).

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

const NOBODY: u32 = 65534;

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Who runs the runner: the test's user, and nobody when the test is root.
fn users(test: &str) -> Vec<bool> {
    if is_root() {
        vec![false, true]
    } else {
        eprintln!("{test}: not root: runs as this ordinary user only");
        vec![false]
    }
}

fn chown_tree(dir: &Path, uid: u32) {
    let _ = std::os::unix::fs::lchown(dir, Some(uid), Some(uid));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                chown_tree(&e.path(), uid);
            } else {
                let _ = std::os::unix::fs::lchown(e.path(), Some(uid), Some(uid));
            }
        }
    }
}

/// The runner on `ws` (as nobody with `nobody`), with `args`.
fn runner_command(ws: &Ws, nobody: bool, args: &[&str]) -> Command {
    let bin = assert_cmd::cargo::cargo_bin("runner");
    let mut cmd = if nobody {
        chown_tree(ws.dir.path(), NOBODY);
        let mut cmd = Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(bin)
            .env("HOME", ws.dir.path());
        cmd
    } else {
        Command::new(bin)
    };
    cmd.arg("--root")
        .arg(ws.dir.path())
        .args(["--color", "never"])
        .args(args)
        .env_remove("CI")
        .env("RUNNER_TEST_SECRET", "env-secret-5150")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// What a run printed, and the runner's own peak resident set (VmHWM, sampled until it ends:
/// the runner's alone, not its compilers').
struct Ran {
    out: Output,
    peak_kib: u64,
}

fn hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `cmd` to its end (killed after two minutes), watching the runner's peak memory. Under
/// `setpriv` the runner is setpriv's exec: the same pid.
fn run(mut cmd: Command) -> Ran {
    let mut child = cmd.spawn().unwrap();
    let (mut o, mut e) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = o.read_to_end(&mut v);
        v
    });
    let err_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = e.read_to_end(&mut v);
        v
    });
    let t = Instant::now();
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = hwm_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if t.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ran {
        out: Output {
            status,
            stdout: out_t.join().unwrap(),
            stderr: err_t.join().unwrap(),
        },
        peak_kib: peak,
    }
}

/// Problem `t` (input 3, output 6), its fixture holding a secret, compile limits of `limits`.
fn workspace(limits: &str) -> Ws {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "# fixture-secret-8086\n[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    if !limits.is_empty() {
        let judges = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
        let defaults = "[compile_limits]\ncpu_s = 10\nmemory_mib = 1024\n";
        assert!(judges.contains(defaults));
        let judges = judges.replace(defaults, &format!("[compile_limits]\n{limits}\n"));
        std::fs::write(ws.path("judges.toml"), judges).unwrap();
    }
    ws
}

fn judge(ws: &Ws, nobody: bool, file: &str, extra: &[&str]) -> Ran {
    let path = ws.path(file);
    let mut args: Vec<&str> = extra.to_vec();
    args.extend(["judge", "t", path.to_str().unwrap()]);
    run(runner_command(ws, nobody, &args))
}

// ---- Embedding a file the compile may not see -------------------------------------------------

/// A source in `ext` that embeds `path` into the program (or, for `c-include`, includes it, so
/// that the compile error would quote it).
fn embedding(ext: &str, path: &Path) -> String {
    let p = path.display();
    match ext {
        "rs" => format!(
            "const DATA: &str = include_str!(\"{p}\");\nfn main() {{ println!(\"{{}}\", DATA.len()); }}\n"
        ),
        "c" => format!("#include \"{p}\"\nint main(void) {{ return 0; }}\n"),
        _ => format!(
            "#include <cstdio>\n__asm__(\".section .rodata\\n.global blob\\nblob:\\n.incbin \\\"{p}\\\"\\n.byte 0\\n.text\\n\");\nextern \"C\" const char blob[];\nint main() {{ std::puts(blob); }}\n"
        ),
    }
}

#[test]
fn a_source_cannot_embed_a_fixture_a_file_outside_the_workspace_or_proc() {
    let ws = workspace("");
    let outside = tempfile::tempdir().unwrap();
    let home_file = outside.path().join("secret.txt");
    std::fs::write(&home_file, "home-secret-1234\n").unwrap();
    std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let targets = [
        (ws.path("fixtures/t.toml"), "fixture-secret-8086"),
        (home_file.clone(), "home-secret-1234"),
        ("/proc/self/environ".into(), "env-secret-5150"),
    ];
    for nobody in users("embedding") {
        for ext in ["c", "cpp", "rs"] {
            if ext == "rs" && nobody {
                eprintln!("embedding: Rust as nobody skipped (rustup's rustc is in root's home)");
                continue;
            }
            for (target, secret) in &targets {
                let file = format!("embed-{ext}.{ext}");
                ws.write(&file, &embedding(ext, target));
                let ran = judge(&ws, nobody, &file, &[]);
                let s = text(&ran.out);
                let what = format!("{ext}, {}, nobody={nobody}", target.display());
                assert!(s.contains("CE on all 1 cases"), "{what}: {s}");
                assert!(
                    s.contains("No such file or directory") || s.contains("file not found"),
                    "{what}: {s}"
                );
                assert!(
                    !s.contains(secret),
                    "{what}: the secret is in the report: {s}"
                );
            }
        }
    }
    // Control: without the sandbox the fixture and the outside file are read (the C include
    // quotes them in its compile error; the C++ incbin builds and prints them).
    for (target, secret) in &targets[..2] {
        ws.write("control.c", &embedding("c", target));
        let s = text(&judge(&ws, false, "control.c", &["--no-sandbox"]).out);
        assert!(s.contains(secret), "control {}: {s}", target.display());
        ws.write("control.cpp", &embedding("cpp", target));
        let s = text(&judge(&ws, false, "control.cpp", &["--no-sandbox", "--no-cache"]).out);
        assert!(!s.contains("CE on"), "control {}: {s}", target.display());
    }
}

// ---- Compile bombs ------------------------------------------------------------------------------

/// A 16 MiB string built by the preprocessor, printed whole by the static assertion that fails.
const HUGE_MESSAGE: &str = "#define A \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n#define B A A A A A A A A\n#define C B B B B B B B B\n#define D C C C C C C C C\n#define E D D D D D D D D\n#define F E E E E E E E E\n#define G F F F F F F F F\nstatic_assert(false, G);\n";

/// 2^40 distinct instantiations.
const TEMPLATE_BOMB: &str = "template<int D, unsigned long N> struct B { static constexpr unsigned long v = B<D - 1, N * 2>::v + B<D - 1, N * 2 + 1>::v; };\ntemplate<unsigned long N> struct B<0, N> { static constexpr unsigned long v = N; };\nunsigned long x = B<40, 1>::v;\nint main() {}\n";

/// DMOJ's `cpp_compile_tle`: tokens grow tenfold per macro.
const MACRO_BOMB: &str = "#define a \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"\n#define b a a a a a a a a a a\n#define c b b b b b b b b b b\n#define d c c c c c c c c c c\n#define e d d d d d d d d d d\n#define f e e e e e e e e e e\n#define g f f f f f f f f f f\n#define h g g g g g g g g g g\n#define i h h h h h h h h h h\nconst char *s = i;\nint main() {}\n";

const CONST_EVAL_LOOP: &str = "#![allow(long_running_const_eval)]\nconst X: u64 = { let mut i = 1u64; while i != 0 { i = i.wrapping_mul(3); } i };\nfn main() { println!(\"{}\", X); }\n";

/// The first line of the compile error in a report (the line after the FAIL line).
fn reason(report: &str) -> String {
    let mut lines = report.lines().skip_while(|l| !l.contains("CE on all"));
    lines.next();
    lines.next().unwrap_or_default().trim().to_string()
}

/// How a bomb ends: its CPU limit, its memory limit, or, on a machine so busy that it got
/// less than 2 s of CPU in its 5 s of wall-clock time, the wall-clock backstop.
const BOMB_ENDS: &[&str] = &[
    "compilation took more than 2 s of CPU",
    "compilation used more than 256 MiB of memory",
    "compilation was stopped: it waited without using the CPU for",
];

#[test]
fn every_compile_bomb_ends_as_ce_within_its_limits_and_the_runner_stays_small() {
    let ws = workspace("cpu_s = 2\nmemory_mib = 256");
    let bombs: [(&str, &str, &[&str]); 6] = [
        ("dev-zero.c", "#include \"/dev/zero\"\n", BOMB_ENDS),
        ("template.cpp", TEMPLATE_BOMB, BOMB_ENDS),
        ("macro.cpp", MACRO_BOMB, BOMB_ENDS),
        (
            "proc-fd.cpp",
            "#include \"/proc/self/fd/1\"\n",
            &["No such file or directory"],
        ),
        ("huge.cpp", HUGE_MESSAGE, &["static assertion failed"]),
        ("const-eval.rs", CONST_EVAL_LOOP, BOMB_ENDS),
    ];
    let users = users("bombs");
    for &nobody in &users {
        for (file, source, reasons) in bombs {
            if file.ends_with(".rs") && nobody {
                eprintln!("bombs: Rust as nobody skipped (rustup's rustc is in root's home)");
                continue;
            }
            // Each bomb burns its CPU limit: by default each goes off once, as nobody where the
            // test can be nobody (Rust: as root), and as both users in CI (RUNNER_FULL_TESTS=1).
            let once_as = *users.last().unwrap() && !file.ends_with(".rs");
            if !full_tests() && nobody != once_as {
                continue;
            }
            ws.write(file, source);
            let t = Instant::now();
            let ran = judge(&ws, nobody, file, &[]);
            let took = t.elapsed();
            let s = text(&ran.out);
            let what = format!("{file}, nobody={nobody}");
            assert!(s.contains("CE on all 1 cases"), "{what}: {s}");
            let first = reason(&s);
            assert!(
                reasons.iter().any(|r| first.contains(r)),
                "{what}: {first:?} in {s}"
            );
            // 2 s of CPU, 5 s of wall clock at most, and the runner's own start and build.
            assert!(took < Duration::from_secs(60), "{what}: {took:?}");
            assert!(
                ran.peak_kib < 200 * 1024,
                "{what}: the runner peaked at {} KiB",
                ran.peak_kib
            );
            if file == "huge.cpp" {
                // The message is cut at 64 KiB, and says how much more there was.
                let more = s
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("… ")?.strip_suffix(" more bytes"))
                    .unwrap_or_else(|| panic!("{what}: not cut: {}", s.len()));
                assert!(more.parse::<u64>().unwrap() > 10 << 20, "{what}: {more}");
                assert!(s.len() < 200 << 10, "{what}: {} bytes", s.len());
            }
        }
    }
}

/// 96 MiB of initialised data: an object file and a program larger than the 64 MiB a program's
/// other writable files may hold.
const BIG_DATA: &str = "#include <stdio.h>\nchar a[96 << 20] = {1};\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; printf(\"%ld\\n\", 2 * n + a[1]); return 0; }\n";

#[test]
fn a_problem_s_compile_limits_win_and_a_large_program_compiles_within_the_memory_limit() {
    let ws = workspace("");
    // A program as large as its data compiles under the default 1 GiB (its output is bounded
    // by the compile's memory, not by the 64 MiB of an interactor's files), and is judged.
    ws.write("big.c", BIG_DATA);
    let ran = judge(&ws, false, "big.c", &[]);
    let s = text(&ran.out);
    assert!(s.contains("big.c [local C]: 1/1 AC"), "{s}");
    // The problem's own compile_limits win over its language's: 96 MiB of memory cannot hold
    // that output, and 1 KiB of message cuts a long one.
    let toml = std::fs::read_to_string(ws.path("problems/t/problem.toml")).unwrap();
    let limits = |keys: &str| {
        ws.write(
            "problems/t/problem.toml",
            &format!("{toml}compile_limits = {{ {keys} }}\n"),
        )
    };
    limits("memory_mib = 96");
    let ran = judge(&ws, false, "big.c", &[]);
    let s = text(&ran.out);
    assert!(s.contains("CE on all 1 cases"), "{s}");
    limits("message_kib = 1");
    ws.write("huge.cpp", HUGE_MESSAGE);
    let ran = judge(&ws, false, "huge.cpp", &[]);
    let s = text(&ran.out);
    let more = s
        .lines()
        .find_map(|l| l.trim().strip_prefix("… ")?.strip_suffix(" more bytes"))
        .unwrap_or_else(|| panic!("not cut at 1 KiB: {s}"));
    assert!(more.parse::<u64>().unwrap() > 1 << 20, "{more}");
    assert!(s.len() < 8 << 10, "{} bytes: {s}", s.len());
    // Out of range: a configuration error at its line.
    limits("memory_mib = 0");
    let ran = judge(&ws, false, "big.c", &[]);
    assert_code(&ran.out, 2);
    assert!(
        text(&ran.out)
            .contains("compile_limits: compile memory_mib and message_kib must be at least 1"),
        "{}",
        text(&ran.out)
    );
}

// ---- Nothing outlives the runner --------------------------------------------------------------

/// Starts the runner on a source that compiles for a long time (the template bomb, under the
/// default 10 s of CPU), waits for its compiler (its command line names the file), then signals
/// the runner.
fn compile_then(ws: &Ws, nobody: bool, file: &str, signal: i32) -> (Child, Vec<i32>) {
    ws.write(file, TEMPLATE_BOMB);
    let path = ws.path(file);
    let mut cmd = runner_command(ws, nobody, &["judge", "t", path.to_str().unwrap()]);
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    let mut runner = cmd.spawn().unwrap();
    let t = Instant::now();
    let mut compilers = Vec::new();
    // The compiler proper (cc1plus): the runner's own command line names the file too, and a
    // signal sent before the runner has set its handlers would not test the compile's end.
    let compiling = |pid: &i32| {
        std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "cc1plus")
    };
    while t.elapsed() < Duration::from_secs(60) && compilers.is_empty() {
        compilers = mentioning(file).into_iter().filter(compiling).collect();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !compilers.is_empty(),
        "the compiler of {file} never started"
    );
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(runner.id() as i32, signal) };
    if signal == libc::SIGKILL {
        runner.wait().unwrap();
    }
    (runner, compilers)
}

/// The live processes whose command line mentions `needle`.
fn mentioning(needle: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(needle) && alive(pid) {
            found.push(pid);
        }
    }
    found
}

fn gone_within(secs: u64, needle: &str) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if mentioning(needle).is_empty() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn ctrl_c_or_kill_9_of_the_runner_stops_its_compile_at_once() {
    let ws = workspace("");
    for nobody in users("compile kill") {
        for (name, signal) in [("sigint", libc::SIGINT), ("sigkill", libc::SIGKILL)] {
            let file = format!("{}.cpp", marker(&format!("ck{name}")));
            let t = Instant::now();
            let (mut runner, compilers) = compile_then(&ws, nobody, &file, signal);
            if signal == libc::SIGINT {
                let status = runner.wait().unwrap();
                assert_eq!(status.code(), Some(130), "nobody={nobody}");
                assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
            }
            assert!(
                gone_within(3, &file),
                "{name}, nobody={nobody}: still running: {:?} (were {compilers:?})",
                mentioning(&file)
            );
        }
    }
}

// ---- The verdict cache keys an executable by its content -------------------------------------

#[test]
fn another_executable_with_the_same_path_size_and_mtime_is_judged_afresh() {
    let ws = workspace("");
    for (name, answer) in [("right", "6"), ("wrong", "7")] {
        ws.write(
            &format!("{name}.c"),
            &format!("#include <stdio.h>\nint main(void) {{ puts(\"{answer}\"); return 0; }}\n"),
        );
        let ok = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(ws.path(name))
            .arg(ws.path(&format!("{name}.c")))
            .status()
            .unwrap()
            .success();
        assert!(ok);
    }
    let exe = ws.path("a.out");
    std::fs::copy(ws.path("right"), &exe).unwrap();
    let stamp = std::fs::metadata(&exe).unwrap().modified().unwrap();
    let judge_exe = || {
        let mut cmd = assert_cmd::Command::cargo_bin("runner").unwrap();
        cmd.arg("--root")
            .arg(ws.dir.path())
            .args(["--color", "never", "judge", "t"])
            .arg(&exe)
            .env_remove("CI");
        text(&cmd.output().unwrap())
    };
    let first = judge_exe();
    assert!(first.contains("1/1 AC"), "{first}");
    assert!(judge_exe().contains("1/1 AC"));
    // The wrong program, at the same path, with the same size and modification time.
    std::fs::copy(ws.path("wrong"), &exe).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&exe)
        .unwrap()
        .set_modified(stamp)
        .unwrap();
    let meta = std::fs::metadata(&exe).unwrap();
    assert_eq!(
        meta.len(),
        std::fs::metadata(ws.path("right")).unwrap().len()
    );
    assert_eq!(meta.modified().unwrap(), stamp);
    let again = judge_exe();
    assert!(again.contains("0/1 AC"), "{again}");
    assert!(again.contains("WA"), "{again}");
}

// ---- A ptrace stop is not an exit -------------------------------------------------------------

#[test]
fn a_program_that_stops_itself_under_ptrace_gets_a_verdict_that_is_not_an_exit_code() {
    let ws = workspace("");
    ws.write(
        "traced.c",
        "#include <signal.h>\n#include <sys/ptrace.h>\nint main(void) { ptrace(PTRACE_TRACEME, 0, 0, 0); raise(SIGUSR1); return 10; }\n",
    );
    for nobody in users("ptrace") {
        for extra in [&[][..], &["--no-sandbox"][..]] {
            let s = text(&judge(&ws, nobody, "traced.c", extra).out);
            assert!(s.contains("RE (SIGUSR1)"), "nobody={nobody} {extra:?}: {s}");
            assert!(!s.contains("exit code"), "nobody={nobody} {extra:?}: {s}");
        }
    }
}
