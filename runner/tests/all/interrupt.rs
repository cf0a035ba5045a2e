//! Ctrl-C in the middle of a whole run: what finished is reported, the rest is shown as not run,
//! nothing that did not run is called a failure, and the run exits 130.

use std::io::Read;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::*;

const HEAD: &str = "#include <stdio.h>\n#include <unistd.h>\n#include <sys/prctl.h>\n";

/// Reads n, prints 2n.
const TWICE_C: &str = "#include <stdio.h>\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; printf(\"%ld\\n\", 2 * n); return 0; }\n";

/// A problem `slug` (input n, output 2n) with these cases (name, n), 10 s of CPU time.
fn problem(ws: &Ws, slug: &str, cases: &[(&str, u64)]) {
    ws.write(
        &format!("problems/{slug}/problem.toml"),
        "title = \"P\"\njudge = \"local\"\ntime_limit_ms = 10000\nmemory_limit_kib = 65536\n",
    );
    let mut toml = String::new();
    for (name, n) in cases {
        toml.push_str(&format!(
            "[[case]]\nname = \"{name}\"\nsource = \"hand\"\ninput = \"{n}\\n\"\noutput = \"{}\\n\"\n\n",
            2 * n
        ));
    }
    ws.write(&format!("fixtures/{slug}.toml"), &toml);
}

#[test]
fn an_interrupted_run_reports_what_finished_and_calls_nothing_else_a_failure() {
    let ws = Ws::empty();
    let slow = marker("intslow");
    // One worker runs the solutions' cases first, larger inputs first: a's two, c's, then b's,
    // whose solution names itself and sleeps (past any moment of the test: its backstop is at
    // 21 s). The wrong solutions come after, and are never reached.
    problem(&ws, "a", &[("a1", 1_000_000_001), ("a2", 1_000_000_002)]);
    ws.write("solutions/c/a.c", TWICE_C);
    problem(&ws, "c", &[("c1", 100_000_001)]);
    ws.write("solutions/c/c.c", TWICE_C);
    ws.write(
        "problems/c/wrong/thrice.c",
        "#include <stdio.h>\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; printf(\"%ld\\n\", 3 * n); return 0; }\n",
    );
    ws.write(
        "problems/c/wrong/wrong.toml",
        "[[program]]\nfile = \"thrice.c\"\nexpect = \"WA\"\nwhy = \"triples\"\n",
    );
    problem(&ws, "b", &[("b1", 1), ("b2", 2)]);
    ws.write(
        "solutions/c/b.c",
        &format!(
            "{HEAD}int main(void) {{ prctl(PR_SET_NAME, \"{slow}\", 0, 0, 0); sleep(60); return 0; }}\n"
        ),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .arg("--root")
        .arg(ws.dir.path())
        .args(["--color", "never", "-j", "1", "--junit"])
        .arg(ws.path("junit.xml"))
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Half-way: once b's solution runs, a's and c's solutions have finished.
    let t = Instant::now();
    let mut running = false;
    while t.elapsed() < Duration::from_secs(120) && child.try_wait().unwrap().is_none() {
        if !processes_named(&slow).is_empty() {
            running = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: kill(2) of our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let all = format!("{status:?}\nstdout:\n{out}\nstderr:\n{err}");
    assert!(running, "expected b's solution to start: {all}");
    assert_eq!(status.code(), Some(130), "expected exit 130: {all}");
    assert!(
        processes_named(&slow).is_empty(),
        "expected b's solution killed: {all}"
    );
    // What finished stands; what did not run is said so, never called a failure.
    for line in [
        "PASS a                            solutions/c/a.c [local C]: 2/2 AC",
        "STOP b                            solutions/c/b.c [local C]: 0/2 AC (2 not run: interrupted)",
        "STOP c                            solutions/c/c.c [local C]: 1/1 AC, slowest",
        "; wrong solutions: 0/1 got their verdict (1 not run to the end: interrupted)",
        "interrupted: 3 not run",
        "3 passed, 0 failed, 3 not run",
    ] {
        assert!(out.contains(line), "expected {line:?} in: {all}");
    }
    for word in ["FAIL", "do not catch", "not caught", "RE ("] {
        assert!(!out.contains(word), "expected no {word:?} in: {all}");
    }
    // The JUnit report says the same: no failure, the rest skipped as not run.
    let junit = std::fs::read_to_string(ws.path("junit.xml")).unwrap_or_default();
    assert!(
        !junit.contains("<failure"),
        "expected no failure in:\n{junit}"
    );
    for word in ["not run: interrupted", "interrupted before its verdict"] {
        assert!(junit.contains(word), "expected {word:?} in:\n{junit}");
    }
}
