//! The real runner binary against deliberately misbehaving programs: each gets its own verdict,
//! in bounded time, and no process is left behind.

use std::time::{Duration, Instant};

use crate::common::*;

const READ_N: &str = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n";

fn program(body: &str) -> String {
    format!("{READ_N}int main(void) {{ long n = 0; {body} return 0; }}\n")
}

/// Judges `body` and returns (stdout, elapsed), asserting the exit code.
fn judge(name: &str, body: &str, code: i32) -> (String, Duration) {
    let ws = Ws::twice();
    let t = Instant::now();
    let out = ws.judge_c(name, &program(body));
    let elapsed = t.elapsed();
    assert_code(&out, code);
    (stdout(&out), elapsed)
}

/// The last line of a report: it starts with `N passed, M failed`.
fn last_line_of(report: &str) -> &str {
    report.trim_end().lines().last().unwrap_or_default()
}

fn assert_verdict(out: &str, verdict: &str) {
    assert!(
        out.contains(&format!("case small: {verdict}")),
        "expected {verdict}:\n{out}"
    );
}

#[test]
fn correct_program_is_accepted() {
    let (out, _) = judge("ok", r#"scanf("%ld", &n); printf("%ld\n", 2 * n);"#, 0);
    assert!(out.contains("PASS t"), "{out}");
    assert!(
        last_line_of(&out).starts_with("1 passed, 0 failed"),
        "{out}"
    );
}

#[test]
fn wrong_answer_shows_the_diff() {
    let (out, _) = judge("wa", r#"scanf("%ld", &n); printf("%ld\n", 3 * n);"#, 1);
    assert_verdict(&out, "WA");
    assert!(
        out.contains("first difference: line 1, token 1: expected \"6\", got \"9\""),
        "{out}"
    );
    assert!(out.contains("-6\n") && out.contains("+9\n"), "{out}");
    assert!(
        last_line_of(&out).starts_with("0 passed, 1 failed"),
        "{out}"
    );
}

#[test]
fn whitespace_only_difference_is_pe() {
    let (out, _) = judge("pe", r#"scanf("%ld", &n); printf(" %ld\n", 2 * n);"#, 1);
    assert_verdict(&out, "PE");
    assert!(out.contains("+·6"), "{out}");
}

#[test]
fn infinite_loop_is_tle() {
    let (out, t) = judge("loop", "volatile long x = 0; for (;;) x++;", 1);
    assert_verdict(&out, "TLE");
    // Decided by CPU time, however busy the machine: time spent waiting for a CPU does not
    // count for the wall-clock backstop (only the absolute one, at 40 s, would come first).
    assert!(
        out.contains("case small: TLE (cpu "),
        "expected a TLE by CPU time:\n{out}"
    );
    assert!(t < Duration::from_secs(20), "{t:?}");
}

#[test]
fn sleeper_is_tle_at_the_wall_clock() {
    // At 200 ms the wall-clock backstop comes at 1.4 s (twice: a TLE by the wall clock is
    // confirmed alone).
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 200\nmemory_limit_kib = 65536\n",
    );
    let t = Instant::now();
    let out = ws.judge_c("sleep", &program("sleep(60);"));
    assert_code(&out, 1);
    // Killed at the backstop, 1.4 s of wall-clock time, and told so: it slept.
    assert_verdict(&stdout(&out), "TLE (slept 1.");
    assert!(
        stdout(&out).contains("waiting for a CPU; cpu "),
        "expected the TLE line to say what was measured:\n{}",
        stdout(&out)
    );
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

#[test]
fn segfault_is_re_with_the_signal() {
    let (out, _) = judge("segv", "volatile int *p = 0; *p = 1;", 1);
    assert_verdict(&out, "RE (SIGSEGV)");
}

#[test]
fn abort_is_re_with_the_signal() {
    let (out, _) = judge("abort", "abort();", 1);
    assert_verdict(&out, "RE (SIGABRT)");
}

#[test]
fn non_zero_exit_is_re_with_the_code() {
    let (out, _) = judge("exit3", r#"printf("6\n"); fflush(stdout); exit(3);"#, 1);
    assert_verdict(&out, "RE (exit code 3)");
}

#[test]
fn stdout_flood_is_ole() {
    let (out, t) = judge("flood", r#"for (;;) fputs("666666666666\n", stdout);"#, 1);
    assert_verdict(&out, "OLE");
    assert!(t < Duration::from_secs(20), "{t:?}");
}

#[test]
fn stderr_flood_neither_deadlocks_nor_counts() {
    let (out, _) = judge(
        "errflood",
        r#"static char buf[1 << 16]; memset(buf, 'e', sizeof buf);
           for (int i = 0; i < 1024; i++) fwrite(buf, 1, sizeof buf, stderr);
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#,
        0,
    );
    assert!(out.contains("PASS t"), "{out}");
}

#[test]
fn ignoring_a_large_stdin_does_not_deadlock() {
    let ws = Ws::twice();
    let big = "3\n".repeat(4 << 20);
    ws.write("fixtures/t/big.in", &big);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\ninput_file = \"t/big.in\"\noutput = \"6\\n\"\n",
    );
    let out = ws.judge_c("ignore", &program(r#"printf("6\n");"#));
    assert_code(&out, 0);
}

#[test]
fn closing_stdin_at_once_is_fine() {
    let (out, _) = judge("close", r#"close(0); printf("6\n");"#, 0);
    assert!(out.contains("PASS t"), "{out}");
}

#[test]
fn allocating_far_past_the_limit_is_mle() {
    // Touches 1 GiB page by page: killed when the resident set passes 64 MiB.
    let (out, t) = judge(
        "hog",
        r#"for (int i = 0; i < 1024; i++) { char *p = malloc(1 << 20); if (!p) return 1;
           for (int j = 0; j < (1 << 20); j += 4096) p[j] = 1; }
           printf("6\n");"#,
        1,
    );
    assert_verdict(&out, "MLE");
    assert!(t < Duration::from_secs(20), "{t:?}");
}

#[test]
fn reserving_far_past_the_limit_is_mle() {
    // A single 40 GiB allocation is refused by the launcher (larger than the memory limit),
    // which says so: the verdict does not come from the program's message.
    let ws = Ws::twice();
    ws.write(
        "hog.rs",
        "fn main() { let mut v = vec![0u8; std::hint::black_box(40 << 30)]; v[7] = 6; println!(\"{}\", std::hint::black_box(&v)[7]); }\n",
    );
    let out = ws.runner(&["judge", "t", ws.path("hog.rs").to_str().unwrap()]);
    assert_code(&out, 1);
    assert_verdict(
        &stdout(&out),
        "MLE (allocation of 40961.0 MiB refused, limit 64.0 MiB (SIGABRT))",
    );
}

#[test]
fn non_utf8_output_is_judged_and_shown_escaped() {
    let (out, _) = judge("bytes", r#"printf("\xff\xfe\n");"#, 1);
    assert_verdict(&out, "WA");
    assert!(out.contains("+\\xff\\xfe"), "{out}");
}

/// Without the sandbox (the program writes its children's pids into the workspace, which the
/// sandbox forbids; `sandbox.rs` checks the same under the sandbox).
#[test]
fn a_forked_child_does_not_outlive_the_run() {
    let ws = Ws::twice();
    let pids = ws.path("pids");
    let body = format!(
        r#"FILE *f = fopen("{p}", "w");
           pid_t a = fork(); if (a == 0) {{ sleep(60); _exit(0); }}
           pid_t b = fork(); if (b == 0) {{ setsid(); if (fork() == 0) {{ sleep(60); _exit(0); }} sleep(60); _exit(0); }}
           fprintf(f, "%d\n%d\n", a, b); fclose(f);
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#,
        p = pids.display()
    );
    let t = Instant::now();
    ws.write("forker.c", &program(&body));
    let out = ws.runner(&[
        "--no-sandbox",
        "judge",
        "t",
        ws.path("forker.c").to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    assert!(t.elapsed() < Duration::from_secs(20));
    let pids = crate::common::pids(&pids);
    assert_eq!(pids.len(), 2, "{}", text(&out));
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived the runner");
    }
}

#[test]
fn compile_error_is_ce_with_the_message_and_the_rest_still_runs() {
    let ws = Ws::twice();
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/u.toml",
        "[[case]]\nname = \"one\"\ninput = \"\"\noutput = \"1\\n\"\n",
    );
    ws.write(
        "solutions/src/bin/t.rs",
        "fn main() { let x: u32 = \"no\"; }\n",
    );
    ws.write("solutions/src/bin/u.rs", "fn main() { println!(\"1\"); }\n");
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("CE on all 1 cases"), "{s}");
    assert!(s.contains("mismatched types"), "{s}");
    assert!(s.contains("PASS u"), "{s}");
    assert!(last_line_of(&s).starts_with("1 passed, 1 failed"), "{s}");
}

#[test]
fn a_warm_rerun_compiles_nothing() {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", "use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let n: u64 = s.trim().parse().unwrap(); println!(\"{}\", 2 * n); }\n");
    let first = ws.runner(&[]);
    assert_code(&first, 0);
    assert!(stdout(&first).contains("1 compiled"), "{}", text(&first));
    let second = ws.runner(&[]);
    assert_code(&second, 0);
    assert!(!stdout(&second).contains("compiled"), "{}", text(&second));
}

/// Without the sandbox (pids in a file, as above); `sandbox.rs` has the sandboxed twin.
#[test]
fn ctrl_c_kills_everything_and_exits_130() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"T\"\njudge = \"local\"\ntime_limit_ms = 30000\nmemory_limit_kib = 65536\n",
    );
    let pids = ws.path("pids");
    ws.write(
        "slow.c",
        &program(&format!(
            r#"FILE *f = fopen("{}", "a"); fprintf(f, "%d\n", getpid()); fclose(f); for (;;) sleep(1);"#,
            pids.display()
        )),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args([
            "--root",
            ws.dir.path().to_str().unwrap(),
            "--no-sandbox",
            "judge",
            "t",
        ])
        .arg(ws.path("slow.c"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while crate::common::pids(&pids).is_empty() && t.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let victims = crate::common::pids(&pids);
    assert!(!victims.is_empty(), "the program never started");
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(t.elapsed() < Duration::from_secs(30));
    for pid in victims {
        assert!(!alive(pid), "process {pid} outlived the runner");
    }
}
