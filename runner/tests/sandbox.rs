//! Hostile programs under the default sandbox: each tries to escape it and must fail, the run
//! goes on, and nothing is left behind. The first test also runs with `--no-sandbox`, where
//! the same program succeeds: the check can fail.

mod common;

use std::io::Read;
use std::time::{Duration, Instant};

use common::*;

const HEAD: &str = "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n#include <sys/prctl.h>\n#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n";

fn c_program(body: &str) -> String {
    format!("{HEAD}int main(void) {{ long n = 0; {body} return 0; }}\n")
}

/// Problem `t` (input n, output 2n) with its expected output kept in a file.
fn ws_with_output_file() -> Ws {
    let ws = Ws::twice();
    ws.write("fixtures/t/small.in", "3\n");
    ws.write("fixtures/t/small.out", "6\n");
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput_file = \"t/small.in\"\noutput_file = \"t/small.out\"\n",
    );
    ws
}

fn judge(ws: &Ws, name: &str, body: &str, extra: &[&str]) -> std::process::Output {
    let file = format!("{name}.c");
    ws.write(&file, &c_program(body));
    let path = ws.path(&file);
    let mut args: Vec<&str> = extra.to_vec();
    args.extend(["judge", "t", path.to_str().unwrap()]);
    ws.runner(&args)
}

#[test]
fn a_program_cannot_read_the_expected_output() {
    let ws = ws_with_output_file();
    let expected = ws.path("fixtures/t/small.out");
    let body = format!(
        r#"FILE *f = fopen("{}", "r");
           if (!f) {{ perror("cannot open the expected output"); return 1; }}
           int c; while ((c = fgetc(f)) != EOF) putchar(c);"#,
        expected.display()
    );
    let out = judge(&ws, "cheat", &body, &[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("case small: RE (exit code 1)"), "{s}");
    assert!(
        s.contains("cannot open the expected output: No such file"),
        "{s}"
    );
    // Without the sandbox the same program is accepted: the test can fail.
    let out = judge(&ws, "cheat", &body, &["--no-sandbox"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
}

fn hash_tree(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = walk(dir)
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p.display().to_string(), bytes)
        })
        .collect();
    all.sort();
    all
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn writes_and_deletions_leave_no_trace() {
    let ws = ws_with_output_file();
    let fixtures = ws.path("fixtures");
    let before = hash_tree(&fixtures);
    let tag = marker("w");
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let targets = [
        ws.path(&format!("planted-{tag}")),
        std::path::PathBuf::from(format!("{home}/planted-{tag}")),
        std::path::PathBuf::from(format!("/tmp/planted-{tag}")),
    ];
    let mut body = String::new();
    for t in &targets {
        body.push_str(&format!(
            r#"{{ FILE *f = fopen("{}", "w"); if (f) {{ fputs("x", f); fclose(f); }} }}"#,
            t.display()
        ));
    }
    body.push_str(&format!(
        r#"{{ FILE *f = fopen("{fx}/t.toml", "w"); if (f) {{ fputs("garbage", f); fclose(f); }} }}
           unlink("{fx}/t/small.out"); truncate("{fx}/t/small.in", 0);
           {{ FILE *f = fopen("/tmp/mine", "w"); if (!f) return 3; fputs("scratch", f); fclose(f); }}
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#,
        fx = fixtures.display()
    ));
    let out = judge(&ws, "vandal", &body, &[]);
    // It may write its own /tmp, and it is judged on its answer.
    assert_code(&out, 0);
    assert_eq!(hash_tree(&fixtures), before, "the fixtures changed");
    for t in &targets {
        assert!(!t.exists(), "{} was written", t.display());
    }
}

#[test]
fn the_network_is_out_of_reach() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let ws = Ws::twice();
    let body = format!(
        r#"int s = socket(AF_INET, SOCK_STREAM, 0);
           struct sockaddr_in a; memset(&a, 0, sizeof a);
           a.sin_family = AF_INET; a.sin_port = htons({port}); a.sin_addr.s_addr = inet_addr("127.0.0.1");
           if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) {{ write(s, "hi", 2); fprintf(stderr, "connected\n"); }}
           else perror("connect");
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#
    );
    let out = judge(&ws, "net", &body, &[]);
    assert_code(&out, 0);
    std::thread::sleep(Duration::from_millis(100));
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((mut conn, _)) => {
            let mut got = String::new();
            let _ = conn.read_to_string(&mut got);
            panic!("the program reached the test's port and sent {got:?}");
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_setsid_grandchild_dies_when_its_case_ends() {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"1\\n\"\noutput = \"2\\n\"\n\n\
         [[case]]\nname = \"b\"\nsource = \"hand\"\ninput = \"2\\n\"\noutput = \"4\\n\"\n",
    );
    let (orphan, second) = (marker("orph"), marker("second"));
    ws.write(
        "escape.c",
        &c_program(&format!(
            r#"scanf("%ld", &n);
               if (n == 1 && fork() == 0) {{ setsid(); if (fork() == 0) {{ prctl(PR_SET_NAME, "{orphan}"); sleep(60); }} _exit(0); }}
               if (n == 2) {{ prctl(PR_SET_NAME, "{second}"); sleep(1); }}
               printf("%ld\n", 2 * n);"#
        )),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args(["--root", ws.dir.path().to_str().unwrap(), "-j", "1"])
        .args(["judge", "t", ws.path("escape.c").to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // While case b runs, case a's grandchild must already be gone.
    let t = Instant::now();
    let mut checked = false;
    while t.elapsed() < Duration::from_secs(60) {
        if !processes_named(&second).is_empty() {
            assert!(
                processes_named(&orphan).is_empty(),
                "case a's setsid grandchild is alive while case b runs"
            );
            checked = true;
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = child.wait().unwrap();
    let mut s = String::new();
    child.stdout.unwrap().read_to_string(&mut s).unwrap();
    assert!(checked, "case b was never seen running:\n{s}");
    assert_eq!(status.code(), Some(0), "{s}");
    assert!(processes_named(&orphan).is_empty());
}

/// Refuses to go on (fails) when the sandbox cannot be made here: the hostile programs below
/// must never run unconfined.
fn require_sandbox(ws: &Ws) {
    ws.write(
        "probe.c",
        &c_program(r#"scanf("%ld", &n); printf("%ld\n", 2 * n);"#),
    );
    let out = ws.runner(&["judge", "t", ws.path("probe.c").to_str().unwrap()]);
    assert!(
        !stderr(&out).contains("no sandbox"),
        "no sandbox on this machine; not running a fork bomb unconfined:\n{}",
        text(&out)
    );
}

#[test]
fn a_fork_bomb_is_stopped_within_its_case_and_the_run_goes_on() {
    let ws = Ws::twice();
    require_sandbox(&ws);
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/u.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"\"\noutput = \"1\\n\"\n",
    );
    let bomb = marker("bomb");
    ws.write(
        "solutions/t.c",
        &c_program(&format!(
            r#"prctl(PR_SET_NAME, "{bomb}"); for (;;) fork();"#
        )),
    );
    ws.write("solutions/u.c", &c_program(r#"puts("1");"#));
    let t = Instant::now();
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("case small: TLE") || s.contains("case small: RE"),
        "{s}"
    );
    assert!(s.contains("PASS u"), "the run did not go on:\n{s}");
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert!(
        processes_named(&bomb).is_empty(),
        "the bomb outlived its case"
    );
}

#[test]
fn ctrl_c_in_the_sandbox_kills_everything_and_exits_130() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"T\"\njudge = \"local\"\ntime_limit_ms = 30000\nmemory_limit_kib = 65536\n",
    );
    let name = marker("slow");
    ws.write(
        "slow.c",
        &c_program(&format!(
            r#"prctl(PR_SET_NAME, "{name}"); if (fork() == 0) setsid(); for (;;) sleep(1);"#
        )),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args(["--root", ws.dir.path().to_str().unwrap(), "judge", "t"])
        .arg(ws.path("slow.c"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while processes_named(&name).len() < 2 && t.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(processes_named(&name).len(), 2, "the program never started");
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(
        processes_named(&name).is_empty(),
        "a process outlived the run"
    );
}
