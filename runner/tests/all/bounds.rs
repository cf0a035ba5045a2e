//! Issue 37, part B: nothing unbounded in the runner, nothing trusted that changed while it was
//! used, nothing read from a file that panics or hangs the runner, nothing printed raw.

use std::time::{Duration, Instant};

use crate::common::*;

/// A Codeforces problem `p` (a judge to submit to) with one case: `n` in, `2n` out.
fn submittable(ws: &Ws) {
    ws.write(
        "problems/p/problem.toml",
        "title = \"Twice\"\njudge = \"Codeforces\"\nid = \"1000A\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/p.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
}

#[test]
fn submit_and_judge_refuse_a_fifo_and_a_link_to_dev_zero_at_once() {
    let ws = Ws::empty();
    submittable(&ws);
    let fifo = ws.path("fifo.cpp");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let zero = ws.path("zero.cpp");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for (file, what) in [(&fifo, "a FIFO"), (&zero, "a character device")] {
        let file = file.to_str().unwrap();
        for args in [vec!["submit", "p", file], vec!["judge", "p", file]] {
            let started = Instant::now();
            let out = ws.runner(&args);
            assert_code(&out, 2);
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{args:?} took {:?}",
                started.elapsed()
            );
            assert!(
                stderr(&out).contains(&format!("{file}: not a regular file ({what}): refused")),
                "{args:?}: {}",
                text(&out)
            );
        }
    }
    assert!(!ws.path("target/submit").exists());
}

#[test]
fn a_file_name_with_esc_and_bel_and_a_title_with_osc_reach_the_terminal_escaped() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\\u001b]0;pwned\\u0007\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    let out = ws.runner(&["list"]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(said.contains("Twice\\x1b]0;pwned\\x07"), "{said}");
    assert!(!said.contains('\x1b') && !said.contains('\x07'), "{said:?}");
    // A wrong program whose file name rings the bell and clears the screen.
    let name = "w\x1b[2J\x07.c";
    ws.write(
        name,
        "#include <stdio.h>\nint main(void) { puts(\"7\"); return 0; }\n",
    );
    let out = ws.runner(&["judge", "t", ws.path(name).to_str().unwrap()]);
    assert_code(&out, 1);
    let said = text(&out);
    assert!(said.contains("w\\x1b[2J\\x07.c"), "{said}");
    assert!(!said.contains('\x1b') && !said.contains('\x07'), "{said:?}");
}

/// A C program that writes `2n` and then floods its output with lines forever.
const FLOOD_C: &str = "#include <stdio.h>\n#include <string.h>\nint main(void) { static char line[4096]; memset(line, '1', sizeof line - 1); line[sizeof line - 1] = '\\n'; for (;;) fwrite(line, 1, sizeof line, stdout); }\n";

#[test]
fn a_flood_on_a_multi_pass_problem_is_ole_as_on_any_problem() {
    let ws = Ws::twice();
    let flood = ws.path("flood.c");
    ws.write("flood.c", FLOOD_C);
    let plain = ws.runner(&["judge", "t", flood.to_str().unwrap()]);
    assert_code(&plain, 1);
    assert!(text(&plain).contains("case small: OLE"), "{}", text(&plain));
    // The same program on a multi-pass problem, judged by a Kattis validator that accepts.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n\
         compare = \"checker\"\nchecker_convention = \"kattis\"\nmulti_pass = true\nmax_passes = 2\n",
    );
    ws.write(
        "problems/t/checker.py",
        "import sys\nsys.stdin.buffer.read()\nsys.exit(42)\n",
    );
    let out = ws.runner(&["judge", "t", flood.to_str().unwrap()]);
    let said = text(&out);
    assert_code(&out, 1);
    assert!(said.contains("case small: OLE"), "{said}");
    assert!(!said.contains("JE"), "{said}");
}
