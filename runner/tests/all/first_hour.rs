//! A new user's first hour: the judge installed and used in an empty folder (`runner init`,
//! `new`, a solution, a run), hints that name the command as it was run, a stray file that warns
//! instead of blocking, problems from Codeforces and AtCoder with their judge's profile, and
//! `submit SLUG FILE` with a file from anywhere.

use crate::common::listener::Listener;
use crate::common::{assert_code, last_line, stderr, stdout, text, Installed, Ws};

const TWICE_CPP: &str =
    "#include <iostream>\nint main() {\n    long long n;\n    while (std::cin >> n) std::cout << 2 * n << '\\n';\n}\n";

#[test]
fn in_an_empty_folder_init_new_a_solution_and_a_run_pass() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();

    // Before init: the error says what to run.
    let out = runner.run(home.path(), &["new", "x"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("`runner init` makes one here"),
        "{}",
        text(&out)
    );

    let out = runner.run(home.path(), &["init"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(s.contains("problems/, fixtures/, solutions/"), "{s}");
    assert!(s.contains("next: runner new <slug> --lang cpp"), "{s}");
    for dir in ["problems", "fixtures", "solutions"] {
        assert!(home.path().join(dir).is_dir(), "{dir}");
    }
    // The built-in profiles serve: no judges.toml is written unless asked for.
    assert!(!home.path().join("judges.toml").exists());
    let again = runner.run(home.path(), &["init"]);
    assert!(
        stdout(&again).contains("a workspace already"),
        "{}",
        text(&again)
    );

    let out = runner.run(home.path(), &["new", "x", "--lang", "cpp"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(
        s.contains("write the solution (solutions/cpp/x.cpp)"),
        "{s}"
    );
    assert!(
        s.contains("\n  runner x "),
        "the hint names `runner`, as run: {s}"
    );
    assert!(!s.contains("cargo run"), "{s}");

    // The scaffold as it is: not judged (it would pass where the output is empty), the
    // problem skipped as not written yet, which fails nothing.
    let out = runner.run(home.path(), &[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "not written yet: solutions/cpp/x.cpp is still the scaffold (write it, or `runner rm \
             x` to drop the problem)"
        ),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "0 passed, 0 failed, 1 not written yet");

    std::fs::write(home.path().join("solutions/cpp/x.cpp"), TWICE_CPP).unwrap();
    std::fs::write(
        home.path().join("fixtures/x.toml"),
        "[[case]]\nname = \"sample\"\nsource = \"sample\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    )
    .unwrap();
    // From a folder inside the workspace, as from its root.
    let out = runner.run(&home.path().join("solutions"), &[]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "1 passed, 0 failed", "{}", text(&out));
    assert!(stdout(&out).contains("PASS x"), "{}", text(&out));
}

#[test]
fn a_stray_file_warns_and_blocks_only_a_run_of_every_problem() {
    let ws = Ws::twice();
    ws.write("solutions/t.c", "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); printf(\"%lld\\n\", 2 * n); return 0; }\n");
    ws.write("solutions/scratch.cpp", "int main() {}\n");
    ws.write("problems/notes.txt", "scratch\n");

    let out = ws.runner(&["t"]);
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("warning: solutions/scratch.cpp: no problem `scratch`"),
        "{}",
        text(&out)
    );
    assert!(
        err.contains("warning: problems/notes.txt: not a problem folder"),
        "{err}"
    );
    let file = ws.path("solutions/t.c");
    let out = ws.runner(&["judge", "t", file.to_str().unwrap()]);
    assert_code(&out, 0);

    // The whole run still refuses them.
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("2 configuration errors"),
        "{}",
        text(&out)
    );
}

/// `runner listen --once --port 0` in `ws`, sent `payload`; the listener's stdout after its
/// first line.
fn receive(ws: &Ws, payload: &str) -> String {
    let l = Listener::start(ws, &["--once"]);
    let (code, body) = l.post(payload.as_bytes());
    assert_eq!(code, 200, "{body}");
    let (status, out, err) = l.finish();
    assert_eq!(status, Some(0), "{out}{err}");
    out
}

fn payload(name: &str, url: &str, memory_mb: u32) -> String {
    format!(
        r#"{{"name":"{name}","group":"G","url":"{url}","interactive":false,"memoryLimit":{memory_mb},"timeLimit":2000,"tests":[{{"input":"3\n","output":"6\n"}},{{"input":"21\n","output":"42\n"}}],"testType":"single","input":{{"type":"stdin"}},"output":{{"type":"stdout"}},"languages":{{}},"batch":{{"id":"b-{name}","size":1}}}}"#
    )
}

#[test]
fn codeforces_and_atcoder_problems_come_in_with_their_judge_and_submit_makes_their_packets() {
    let ws = Ws::empty();
    let out = receive(
        &ws,
        &payload(
            "G. Team Work",
            "https://codeforces.com/contest/954/problem/G",
            256,
        ),
    );
    assert!(
        out.contains(
            "created problem `cf954g`: \"G. Team Work\" (Codeforces 954G), 2000 ms, 262144 KiB"
        ),
        "{out}"
    );
    let toml = std::fs::read_to_string(ws.path("problems/cf954g/problem.toml")).unwrap();
    assert!(toml.contains("judge = \"Codeforces\""), "{toml}");

    let out = receive(
        &ws,
        &payload(
            "A - Twice",
            "https://atcoder.jp/contests/abc300/tasks/abc300_a",
            1024,
        ),
    );
    assert!(
        out.contains(
            "created problem `abc300-a`: \"A - Twice\" (AtCoder abc300_a), 2000 ms, 1048576 KiB"
        ),
        "{out}"
    );

    // Files from anywhere: a C++ file for Codeforces, a Python one for AtCoder. The scaffold
    // solutions `listen` wrote are not what is submitted.
    let elsewhere = tempfile::tempdir().unwrap();
    let cpp = elsewhere.path().join("a.cpp");
    std::fs::write(&cpp, TWICE_CPP).unwrap();
    let out = ws.runner(&["submit", "cf954g", cpp.to_str().unwrap()]);
    assert_code(&out, 0);
    let s = stdout(&out);
    for line in [
        "under Codeforces C++, and the Codeforces C++ lint finds nothing",
        "  problem    https://codeforces.com/contest/954/problem/G",
        "  submit at  https://codeforces.com/problemset/submit",
        "  language   Codeforces: pick \"GNU G++23 14.2 (64 bit, msys2)\" in its language list",
        "  file       target/submit/cf954g.cpp",
    ] {
        assert!(s.contains(line), "missing {line:?}\n{s}");
    }
    assert_eq!(
        std::fs::read_to_string(ws.path("target/submit/cf954g.cpp")).unwrap(),
        TWICE_CPP
    );

    let py = elsewhere.path().join("twice.py");
    std::fs::write(&py, "print(2 * int(input()))\n").unwrap();
    let out = ws.runner(&["submit", "abc300-a", py.to_str().unwrap()]);
    assert_code(&out, 0);
    let s = stdout(&out);
    for line in [
        "  problem    https://atcoder.jp/contests/abc300/tasks/abc300_a",
        "  submit at  https://atcoder.jp/contests/abc300/submit?taskScreenName=abc300_a",
        "  language   AtCoder: pick \"Python (CPython 3.11.4)\" in its language list",
    ] {
        assert!(s.contains(line), "missing {line:?}\n{s}");
    }

    // A file the judge does not take, and a wrong one: refused, nothing written.
    let txt = elsewhere.path().join("a.txt");
    std::fs::write(&txt, "x").unwrap();
    let out = ws.runner(&["submit", "abc300-a", txt.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("AtCoder takes no `.txt` file"),
        "{}",
        text(&out)
    );
    std::fs::write(&cpp, "int main() { return 0; }\n").unwrap();
    let out = ws.runner(&["submit", "abc300-a", cpp.to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains("refused: 2 of 2 cases are not accepted under AtCoder C++"),
        "{}",
        text(&out)
    );
    assert!(!ws.path("target/submit/abc300-a.cpp").exists());
}

#[test]
fn a_wrong_answer_per_line_is_paired_with_its_input_line_and_located_in_its_line() {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"three\"\nsource = \"hand\"\ninput = \"3\\n1\\n2\\n3\\n\"\noutput = \"2\\n4\\n6\\n\"\n\n\
         [[case]]\nname = \"pairs\"\nsource = \"hand\"\ninput = \"1\\n\"\noutput = \"1 2\\n3 4\\n\"\n",
    );
    // Doubles, but 2 gives 5; and the second case's line 2, token 2 is wrong.
    let c = "#include <stdio.h>\nint main(void) {\n    long long t, n;\n    if (scanf(\"%lld\", &t) != 1) return 1;\n    if (t == 1) { printf(\"1 2\\n3 5\\n\"); return 0; }\n    while (t-- > 0 && scanf(\"%lld\", &n) == 1) printf(\"%lld\\n\", n == 2 ? 5 : 2 * n);\n    return 0;\n}\n";
    let out = ws.judge_c("per-line", c);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("first difference: line 2, token 1: expected \"4\", got \"5\""),
        "{s}"
    );
    assert!(
        s.contains("\n     line 2: expected 4, got 5   (input: 2)\n"),
        "{s}"
    );
    assert!(
        s.contains("first difference: line 2, token 2: expected \"4\", got \"5\""),
        "{s}"
    );
    assert!(s.contains("\n     -3 4\n     +3 5\n"), "{s}");
}

#[test]
fn fail_fast_stops_a_solution_at_its_first_failing_case() {
    let ws = Ws::twice();
    // The looping solution burns the limit on each case it runs: a short one.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 200\nmemory_limit_kib = 65536\n",
    );
    let mut fixture = String::new();
    for i in 0..4 {
        fixture.push_str(&format!(
            "[[case]]\nname = \"c{i}\"\nsource = \"hand\"\ninput = \"{i}\\n\"\noutput = \"{}\\n\"\n\n",
            2 * i
        ));
    }
    ws.write("fixtures/t.toml", &fixture);
    ws.write("solutions/t.c", "int main(void) { for (;;) {} }\n");
    let out = ws.runner(&["-j", "1", "--fail-fast"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("0/4 AC (3 not run: --fail-fast)"), "{s}");
    assert_eq!(s.matches(": TLE").count(), 1, "{s}");
    // Without it, every case runs.
    let out = ws.runner(&["-j", "2", "--no-cache"]);
    assert_code(&out, 1);
    assert_eq!(stdout(&out).matches(": TLE").count(), 4, "{}", text(&out));
    // Other commands need every case.
    let out = ws.runner(&["--fail-fast", "verify"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--fail-fast applies to judging"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_case_that_repeats_another_is_warned_about() {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"b\"\nsource = \"hand\"\ninput = \"4\\n\"\noutput = \"8\\n\"\n\n\
         [[case]]\nname = \"again\"\nsource = \"brute\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"slower\"\nsource = \"hand\"\ntime_limit_ms = 900\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    ws.write("solutions/t.c", "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); printf(\"%lld\\n\", 2 * n); return 0; }\n");
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("warning: fixtures/t.toml:13:1: case `again` repeats case `a`"),
        "{}",
        text(&out)
    );
    // The same input judged under another limit is another case.
    assert!(!err.contains("`slower`"), "{err}");
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
}
