//! One run: what goes in, what comes out, how it ended.

use sandbox::{signal_name, Executor, Exit, Program, Stack, Stdin};

use crate::{c_program, limits, run, sandbox, shell};

#[test]
fn feeds_stdin_and_collects_stdout() {
    let out = run(&shell("cat; echo err >&2"), b"hello\n", &limits(1000)).unwrap();
    assert_eq!(out.stdout, b"hello\n");
    assert_eq!(out.stderr, b"err\n");
    assert_eq!(out.exit, Exit::Code(0));
    assert_eq!(out.killed, None);
}

#[test]
fn stdin_can_be_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in");
    std::fs::write(&file, b"from a file\n").unwrap();
    let out = sandbox()
        .run(&shell("cat"), Stdin::File(&file), &limits(1000), 100)
        .unwrap();
    assert_eq!(out.stdout, b"from a file\n");
}

#[test]
fn exit_codes_and_signals_are_told_apart() {
    let out = run(&shell("exit 3"), b"", &limits(1000)).unwrap();
    assert_eq!(out.exit, Exit::Code(3));
    let out = run(&shell("kill -SEGV $$"), b"", &limits(1000)).unwrap();
    assert_eq!(out.exit.describe(), "SIGSEGV");
}

/// A compiled solution, as judging runs one: its binary the one file shown, its exit code,
/// its stdout and stderr kept apart, byte for byte.
#[test]
fn a_compiled_programs_exit_code_stdout_and_stderr_are_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let doubler = c_program(
        dir.path(),
        "doubler",
        r#"#include <stdio.h>
int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 2;
    printf("%ld\n", 2 * n);
    fprintf(stderr, "read %ld\n", n);
    return 7;
}
"#,
    );
    let out = run(&doubler, b"21\n", &limits(1000)).unwrap();
    assert_eq!(out.stdout, b"42\n", "{out:?}");
    assert_eq!(out.stderr, b"read 21\n", "{out:?}");
    assert_eq!(out.exit, Exit::Code(7), "{out:?}");
    assert_eq!(out.killed, None, "{out:?}");
    assert!(!out.exit.success());
    let out = run(&doubler, b"", &limits(1000)).unwrap();
    assert_eq!(out.exit, Exit::Code(2), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
}

/// A crash is a death by its signal, not a kill of the runner's: judging's RE, named by it.
#[test]
fn abort_and_segfault_are_deaths_by_their_signals() {
    let dir = tempfile::tempdir().unwrap();
    let abort = c_program(
        dir.path(),
        "abort",
        "#include <stdlib.h>\n#include <stdio.h>\nint main(void) { puts(\"before\"); fflush(stdout); abort(); }\n",
    );
    let out = run(&abort, b"", &limits(1000)).unwrap();
    assert_eq!(out.exit, Exit::Signal(libc::SIGABRT), "{out:?}");
    assert_eq!(out.exit.describe(), "SIGABRT");
    assert_eq!(out.killed, None, "{out:?}");
    assert_eq!(out.stdout, b"before\n", "{out:?}");
    let segv = c_program(
        dir.path(),
        "segv",
        "int main(void) { volatile int *p = 0; *p = 1; return 0; }\n",
    );
    let out = run(&segv, b"", &limits(1000)).unwrap();
    assert_eq!(out.exit, Exit::Signal(libc::SIGSEGV), "{out:?}");
    assert_eq!(out.exit.describe(), "SIGSEGV");
    assert_eq!(out.killed, None, "{out:?}");
}

#[test]
fn a_child_that_ignores_a_large_stdin_does_not_deadlock() {
    let input = vec![b'1'; 8 << 20];
    let out = run(&shell("echo done"), &input, &limits(2000)).unwrap();
    assert_eq!(out.stdout, b"done\n");
}

#[test]
fn peak_memory_is_the_programs_own() {
    let out = run(&shell("true"), b"", &limits(1000)).unwrap();
    assert!(out.peak_memory < 4 << 20, "{}", out.peak_memory);
}

#[test]
fn the_stack_limit_reaches_the_program() {
    let program = Program {
        stack: Stack::Bytes(1 << 20),
        ..shell("ulimit -s")
    };
    let out = run(&program, b"", &limits(1000)).unwrap();
    assert_eq!(out.stdout, b"1024\n");
    assert_eq!(out.stack_bytes, 1 << 20);
}

#[test]
fn a_missing_program_cannot_start() {
    let p = Program::file("/nonexistent/program");
    let e = run(&p, b"", &limits(1000)).unwrap_err();
    assert!(e.to_string().contains("cannot execute"), "{e}");
    // The launcher survives it.
    let out = run(&shell("echo ok"), b"", &limits(1000)).unwrap();
    assert_eq!(out.stdout, b"ok\n");
}

#[test]
fn signal_names() {
    assert_eq!(signal_name(11), "SIGSEGV");
    assert_eq!(signal_name(6), "SIGABRT");
    assert_eq!(signal_name(9), "SIGKILL");
}
