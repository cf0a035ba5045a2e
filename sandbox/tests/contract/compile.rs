//! A compile job: the compiler sees the staged sources read-only and writes one folder, which
//! is all that comes out of it.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use sandbox::{Compile, CompilePaths, Exit, Limits, Program};

use crate::{isolated, limits, run, sandbox};

fn compile_limits() -> Limits {
    Limits {
        time: Duration::from_secs(20),
        memory_bytes: 1 << 30,
    }
}

/// A build directory as judging stages one: the source in `ws/`, an empty `out/`.
fn staged(source: &str) -> tempfile::TempDir {
    let work = tempfile::tempdir().unwrap();
    std::fs::create_dir(work.path().join("ws")).unwrap();
    std::fs::create_dir(work.path().join("out")).unwrap();
    std::fs::write(work.path().join("ws/hello.c"), source).unwrap();
    work
}

fn request(work: &Path) -> Compile<'_> {
    Compile {
        work,
        toolchain: None,
        keep: 64 << 10,
        shown: &[],
        proc: false,
    }
}

/// gcc in the sandbox: the program it writes lands in the build directory's `out/`, and runs.
#[test]
fn a_compile_writes_its_program_into_out() {
    let work = staged("#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n");
    let argv = |p: &CompilePaths| -> Vec<OsString> {
        vec![
            "gcc".into(),
            "-O1".into(),
            p.sources.join("hello.c").into(),
            "-o".into(),
            p.output.join("hello").into(),
        ]
    };
    let out = sandbox()
        .compile(&request(work.path()), &argv, &compile_limits())
        .unwrap();
    let message = String::from_utf8_lossy(&out.message);
    assert_eq!(out.run.exit, Exit::Code(0), "{message}");
    assert_eq!(out.run.killed, None, "{message}");
    let built = work.path().join("out/hello");
    assert!(built.is_file(), "no program in out/: {message}");
    let ran = run(&Program::file(&built), b"", &limits(1000)).unwrap();
    assert_eq!(ran.stdout, b"hello\n");
}

/// A compiler's error message is the compile's message, and its exit is a failure.
#[test]
fn a_compile_error_is_a_failure_with_the_compilers_message() {
    let work = staged("int main(void) { return undeclared_name; }\n");
    let argv = |p: &CompilePaths| -> Vec<OsString> {
        vec![
            "gcc".into(),
            p.sources.join("hello.c").into(),
            "-o".into(),
            p.output.join("hello").into(),
        ]
    };
    let out = sandbox()
        .compile(&request(work.path()), &argv, &compile_limits())
        .unwrap();
    assert_eq!(out.run.exit, Exit::Code(1), "{out:?}");
    let message = String::from_utf8_lossy(&out.message);
    assert!(message.contains("undeclared_name"), "{message}");
    assert_eq!(out.message_bytes, out.message.len() as u64);
    assert!(!work.path().join("out/hello").exists());
}

/// What a compile writes outside its output folder goes nowhere: not into the staged sources,
/// not beside the build directory.
#[test]
fn a_compiles_writes_are_confined_to_its_output_folder() {
    if !isolated() {
        return;
    }
    let work = staged("int main(void) { return 0; }\n");
    let beside = tempfile::tempdir().unwrap();
    let planted = beside.path().join("planted");
    let script = format!(
        "echo kept > \"$1/kept\"; echo no > \"$2/planted\"; echo no > {}; exit 0",
        planted.display()
    );
    let argv = |p: &CompilePaths| -> Vec<OsString> {
        vec![
            "sh".into(),
            "-c".into(),
            script.clone().into(),
            "sh".into(),
            p.output.clone().into(),
            p.sources.clone().into(),
        ]
    };
    let out = sandbox()
        .compile(&request(work.path()), &argv, &compile_limits())
        .unwrap();
    assert_eq!(out.run.exit, Exit::Code(0), "{out:?}");
    assert_eq!(
        std::fs::read(work.path().join("out/kept")).unwrap(),
        b"kept\n"
    );
    assert!(
        !work.path().join("ws/planted").exists(),
        "wrote the sources"
    );
    assert!(!planted.exists(), "wrote {}", planted.display());
    // The staged sources are as they were.
    let names: Vec<_> = std::fs::read_dir(work.path().join("ws"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![OsString::from("hello.c")]);
}
