//! What a program cannot reach in the sandbox: the user's files, the network, more processes
//! than the limit. Each holds only where the sandbox can be made ([`isolated`]).

use std::path::Path;
use std::time::{Duration, Instant};

use sandbox::{Exit, PROCESS_LIMIT};

use crate::{c_program, isolated, limits, processes_with_cmdline, run, shell};

#[test]
fn a_fork_bomb_stops_at_the_process_limit_and_leaves_nothing_behind() {
    if !isolated() {
        return;
    }
    let many = PROCESS_LIMIT * 3;
    // A line per sleeper started (`echo` is a builtin: no fork); the shell ends at the
    // first fork refused.
    let bomb = format!("i=0; while [ $i -lt {many} ]; do sleep 31.5 & i=$((i + 1)); echo $i; done");
    let started = Instant::now();
    let out = run(&shell(&bomb), b"", &limits(2000)).unwrap();
    assert!(started.elapsed() < Duration::from_secs(20), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("fork"), "no fork refused: {said}");
    // What ran at once besides the shell: fewer than the limit, and near it (the bomb
    // was stopped by the limit, not by something else).
    let text = String::from_utf8_lossy(&out.stdout);
    let seen: u32 = text.lines().last().unwrap_or("0").parse().unwrap_or(0);
    assert!(
        (PROCESS_LIMIT / 2..PROCESS_LIMIT).contains(&seen),
        "{seen} sleepers started: {out:?}"
    );
    // The sleepers went with the case: none is left on the machine.
    assert_eq!(
        processes_with_cmdline(b"sleep\x0031.5\x00"),
        0,
        "sleepers left behind"
    );
}

#[test]
fn the_users_files_are_out_of_reach_and_writes_stay_in_the_box() {
    if !isolated() {
        return;
    }
    let mine = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    assert!(mine.is_file());
    let out = run(
        &shell(&format!("cat {}", mine.display())),
        b"",
        &limits(1000),
    )
    .unwrap();
    assert!(out.stdout.is_empty(), "read: {out:?}");
    assert_ne!(out.exit, Exit::Code(0));
    let planted = Path::new(env!("CARGO_MANIFEST_DIR")).join("written-by-a-program");
    let script = format!(
        "echo x > {} 2>/dev/null; echo x > /tmp/x && cat /tmp/x",
        planted.display()
    );
    let out = run(&shell(&script), b"", &limits(1000)).unwrap();
    assert!(!planted.exists(), "a program wrote {}", planted.display());
    // Its own scratch space works, and is its own.
    assert_eq!(out.stdout, b"x\n", "{out:?}");
}

/// A compiled program shown its own binary only: a file beside that binary, in the same
/// folder, is out of its reach, and so is writing there.
#[test]
fn a_compiled_program_sees_its_binary_and_nothing_beside_it() {
    if !isolated() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret");
    std::fs::write(&secret, b"the answers\n").unwrap();
    let planted = dir.path().join("planted");
    let prying = c_program(
        dir.path(),
        "prying",
        &format!(
            r#"#include <stdio.h>
int main(void) {{
    int seen = fopen("{}", "r") != NULL;
    int wrote = fopen("{}", "w") != NULL;
    printf("%d %d\n", seen, wrote);
    return 0;
}}
"#,
            secret.display(),
            planted.display()
        ),
    );
    let out = run(&prying, b"", &limits(1000)).unwrap();
    assert_eq!(out.stdout, b"0 0\n", "{out:?}");
    assert!(!planted.exists(), "a program wrote {}", planted.display());
}

/// No network: a program cannot connect to a port listening on the machine's loopback.
#[test]
fn a_program_cannot_reach_the_network() {
    if !isolated() {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();
    let client = c_program(
        dir.path(),
        "client",
        &format!(
            r#"#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
int main(void) {{
    struct sockaddr_in a = {{0}};
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) {{ puts("no socket"); return 1; }}
    a.sin_family = AF_INET;
    a.sin_port = htons({port});
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) {{ puts("no connection"); return 1; }}
    puts("connected");
    return 0;
}}
"#
        ),
    );
    // Outside the sandbox it connects: the test can tell.
    let host = std::process::Command::new(&client.argv[0])
        .output()
        .unwrap();
    assert_eq!(host.stdout, b"connected\n", "{host:?}");
    listener.accept().expect("the host's connection");
    let out = run(&client, b"", &limits(2000)).unwrap();
    assert_eq!(out.exit, Exit::Code(1), "{out:?}");
    assert_eq!(out.stdout, b"no connection\n", "{out:?}");
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        other => panic!("the listener was reached: {other:?}"),
    }
}
