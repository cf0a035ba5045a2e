//! Issue 41: the contest day of a C++ or Python user, end to end, with the built binary
//! installed as `runner` (a copy on PATH, outside this repository): a C++ workspace, problems
//! from Competitive Companion for Codeforces, AtCoder and POJ, two solved (C++, Python) and one
//! left as it came; nothing that is not written blocks what is; a problem removed by hand and
//! `runner rm`; a wrong answer's input and a real answer's hint; a traceback and a panic naming
//! the user's file.

use std::path::{Path, PathBuf};

use crate::common::listener::Listener;
use crate::common::{assert_code, last_line, stderr, stdout, text, Installed};

/// A payload as the extension sends it for a problem page (its `batch` is the page's own).
fn payload(name: &str, url: &str, memory_mb: u32, tests: &[(&str, &str)]) -> String {
    let tests: Vec<String> = tests
        .iter()
        .map(|(i, o)| serde_json::json!({ "input": i, "output": o }).to_string())
        .collect();
    format!(
        r#"{{"name":{name:?},"group":"G","url":{url:?},"interactive":false,"memoryLimit":{memory_mb},"timeLimit":1000,"tests":[{}],"testType":"single","input":{{"type":"stdin"}},"output":{{"type":"stdout"}},"languages":{{"java":{{"mainClass":"Main","taskClass":"A"}}}},"batch":{{"id":{url:?},"size":1}}}}"#,
        tests.join(",")
    )
}

/// Codeforces 71A, AtCoder ABC 086 A and POJ 1000, as their pages' samples give them.
fn the_three() -> [(&'static str, String); 3] {
    [
        (
            "cf71a",
            payload(
                "A. Way Too Long Words",
                "https://codeforces.com/problemset/problem/71/A",
                256,
                &[(
                    "4\nword\nlocalization\ninternationalization\npneumonoultramicroscopicsilicovolcanoconiosis\n",
                    "word\nl10n\ni18n\np43s\n",
                )],
            ),
        ),
        (
            "abc086-a",
            payload(
                "A - Product",
                "https://atcoder.jp/contests/abc086/tasks/abc086_a",
                256,
                &[("3 4\n", "Even\n"), ("1 21\n", "Odd\n")],
            ),
        ),
        (
            "poj1000",
            payload(
                "A+B Problem",
                "http://poj.org/problem?id=1000",
                10,
                &[("1 2\n", "3\n")],
            ),
        ),
    ]
}

const CF71A_CPP: &str = "#include <iostream>\n#include <string>\nint main() {\n    int n;\n    std::cin >> n;\n    while (n-- > 0) {\n        std::string w;\n        std::cin >> w;\n        if (w.size() > 10) w = w[0] + std::to_string(w.size() - 2) + w[w.size() - 1];\n        std::cout << w << '\\n';\n    }\n}\n";

const ABC086A_PY: &str =
    "a, b = map(int, input().split())\nprint(\"Even\" if a * b % 2 == 0 else \"Odd\")\n";

/// Every file under `dir` whose name ends in `.rs`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            found.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            found.push(p);
        }
    }
    found
}

/// Receives the three problems through one `runner listen` of the installed runner, the way
/// the extension posts them; the listener's stdout.
fn receive_the_three(runner: &Installed, home: &Path) -> String {
    let l = Listener::spawn(runner.command(home, &["listen", "--port", "0"]));
    for (slug, body) in the_three() {
        let (code, said) = l.post(body.as_bytes());
        assert_eq!(code, 200, "{slug}: {said}");
        assert_eq!(said, format!("created problem `{slug}`\n"));
    }
    unsafe { libc::kill(l.child.id() as i32, libc::SIGTERM) };
    let (_, out, err) = l.finish();
    assert!(
        !err.contains("listen: 4") && !err.contains("listen: 5"),
        "{err}"
    );
    out
}

#[test]
fn a_cpp_users_contest_day_judges_what_is_written_and_skips_what_is_not() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let out = runner.run(home, &["init", "--lang", "cpp"]);
    assert_code(&out, 0);
    assert!(
        std::fs::read_to_string(home.join("workspace.toml"))
            .unwrap()
            .contains("lang = \"cpp\""),
        "{}",
        text(&out)
    );

    let listened = receive_the_three(&runner, home);
    // Each problem gets what any problem needs, its solution in C++: nothing of a game, and no
    // Rust file anywhere (POJ takes none; nor does a C++ workspace).
    for slug in ["cf71a", "abc086-a", "poj1000"] {
        for f in [
            format!("problems/{slug}/problem.toml"),
            format!("problems/{slug}/README.md"),
            format!("fixtures/{slug}.toml"),
            format!("solutions/cpp/{slug}.cpp"),
        ] {
            assert!(home.join(&f).is_file(), "{f}\n{listened}");
        }
        for f in ["validate.rs", "brute.rs", "gen.rs", "wrong"] {
            assert!(
                !home.join(format!("problems/{slug}/{f}")).exists(),
                "{slug}/{f}"
            );
        }
    }
    assert_eq!(rust_files(home), Vec::<PathBuf>::new());

    // Before anything is written: three problems not written yet, nothing failed.
    let out = runner.run(home, &[]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "0 passed, 0 failed, 3 not written yet");

    // One solved in C++, one in Python (beside its C++ scaffold, left as it came), one not.
    std::fs::write(home.join("solutions/cpp/cf71a.cpp"), CF71A_CPP).unwrap();
    std::fs::create_dir_all(home.join("solutions/py")).unwrap();
    std::fs::write(home.join("solutions/py/abc086-a.py"), ABC086A_PY).unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(s.contains("PASS cf71a "), "{}", text(&out));
    assert!(
        s.contains("solutions/cpp/cf71a.cpp [Codeforces C++]: 1/1 AC"),
        "{s}"
    );
    assert!(
        s.contains("PASS abc086-a ")
            && s.contains("solutions/py/abc086-a.py [AtCoder Python]: 2/2 AC")
            && s.contains(
                "solutions/cpp/abc086-a.cpp is still the scaffold: not judged (the written \
                 solution is)"
            ),
        "{s}"
    );
    assert!(
        s.contains("SKIP poj1000 ")
            && s.contains(
                "not written yet: solutions/cpp/poj1000.cpp is still the scaffold (write it, or \
                 `runner rm poj1000` to drop the problem)"
            ),
        "{s}"
    );
    assert_eq!(last_line(&out), "3 passed, 0 failed, 1 not written yet");
    assert!(
        s.contains("counted: 3 solution cases, 1 problem not written yet (skipped)"),
        "{s}"
    );

    // It exits by the two results: the Python one wrong, the run fails, and the wrong answer
    // shows its input.
    std::fs::write(
        home.join("solutions/py/abc086-a.py"),
        ABC086A_PY.replace("== 0", "== 1"),
    )
    .unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out)
            .contains("     first difference: line 1, token 1: expected \"Even\", got \"Odd\"\n")
            && stdout(&out).contains("     input:\n     │ 3 4\n"),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "1 passed, 2 failed, 1 not written yet");
    std::fs::write(home.join("solutions/py/abc086-a.py"), ABC086A_PY).unwrap();

    // The statement's sample, run by hand: its output, and no warning (no placeholder
    // validator stands in for the statement).
    let mut run = runner.command(home, &["run", "abc086-a", "-"]);
    let out = {
        use std::io::Write;
        let mut child = run
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"3 4\n").unwrap();
        child.wait_with_output().unwrap()
    };
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "Even\n");
    assert!(!stderr(&out).contains("warning"), "{}", text(&out));
    assert!(
        stderr(&out).starts_with("solutions/py/abc086-a.py: ran in "),
        "{}",
        text(&out)
    );
    // What is not written is not submitted.
    let out = runner.run(home, &["submit", "poj1000"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(
            "`poj1000` is not written yet: solutions/cpp/poj1000.cpp is still the scaffold"
        ),
        "{}",
        text(&out)
    );
    assert_eq!(rust_files(home), Vec::<PathBuf>::new());
}

#[test]
fn a_problem_removed_by_hand_says_how_to_remove_the_rest_and_rm_does() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    assert_code(&runner.run(home, &["init", "--lang", "py"]), 0);
    receive_the_three(&runner, home);
    // POJ takes no Python: its solution to start from is C++.
    assert!(home.join("solutions/py/cf71a.py").is_file());
    assert!(home.join("solutions/cpp/poj1000.cpp").is_file());
    assert!(!home.join("solutions/py/poj1000.py").exists());

    std::fs::remove_dir_all(home.join("problems/cf71a")).unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(
            "solutions/py/cf71a.py: no problem `cf71a`: a solution is named after its problem's \
             slug, and this file would never be judged; if problem `cf71a` was removed by hand, \
             `runner rm cf71a` removes what is left of it"
        ),
        "{}",
        text(&out)
    );
    // A link in the way is removed itself, never what it points to.
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("keep.txt"), "kept\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), home.join("fixtures/cf71a")).unwrap();
    let out = runner.run(home, &["rm", "cf71a"]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "removed problem `cf71a`:\n  fixtures/cf71a.toml\n  fixtures/cf71a (a link: what it \
         points to is left alone)\n  solutions/py/cf71a.py\n"
    );
    assert!(outside.path().join("keep.txt").is_file());
    let out = runner.run(home, &[]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "0 passed, 0 failed, 2 not written yet");
    let out = runner.run(home, &["rm", "cf71a"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no file of a problem `cf71a`: nothing was removed"),
        "{}",
        text(&out)
    );
    let out = runner.run(home, &["rm", "../etc"]);
    assert_code(&out, 2);
}

#[test]
fn a_real_answer_off_in_its_digits_names_the_float_mode_and_then_its_error() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    assert_code(&runner.run(home, &["init", "--lang", "py"]), 0);
    assert_code(&runner.run(home, &["new", "c168"]), 0);
    // ABC 168 C's first sample: the jury prints %.20f, the solution %.10f.
    std::fs::write(
        home.join("fixtures/c168.toml"),
        "[[case]]\nname = \"sample\"\nsource = \"sample\"\ninput = \"3 4 9 0\\n\"\noutput = \"5.00000000000000000000\\n\"\n",
    )
    .unwrap();
    std::fs::write(home.join("solutions/py/c168.py"), "print('%.10f' % 5.0)\n").unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains(
            "     hint: reals that differ in their digits alone (the same numbers written with \
             other digits): if the statement allows an error, set compare = { float = { abs = \
             1e-6, rel = 1e-6 } } in problem.toml with the error it allows\n"
        ),
        "{}",
        text(&out)
    );
    let toml_path = home.join("problems/c168/problem.toml");
    let toml = std::fs::read_to_string(&toml_path).unwrap();
    let toml = toml
        .lines()
        .map(|l| {
            if l.starts_with("compare = ") {
                "compare = { float = { abs = 1e-6, rel = 1e-6 } }"
            } else {
                l
            }
        })
        .filter(|l| !l.trim_start().starts_with("# { float"))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&toml_path, toml).unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 0);
    // Off by more than the tolerance: the error found, against it.
    std::fs::write(
        home.join("solutions/py/c168.py"),
        "print('%.10f' % 5.001)\n",
    )
    .unwrap();
    let out = runner.run(home, &[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains(
            "first difference: line 1, token 1: expected \"5.00000000000000000000\", got \
             \"5.0010000000\": off by 1.0e-3 (relative 2.0e-4); the tolerance: abs 1e-6, rel 1e-6"
        ),
        "{}",
        text(&out)
    );
    assert!(!stdout(&out).contains("hint:"), "{}", text(&out));
}

#[test]
fn a_traceback_and_a_panic_name_the_users_file_not_the_sandboxs() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    let home = home.path().canonicalize().unwrap();
    assert_code(&runner.run(&home, &["init"]), 0);
    assert_code(&runner.run(&home, &["new", "t", "--lang", "py"]), 0);
    std::fs::write(
        home.join("fixtures/t.toml"),
        "[[case]]\nname = \"three\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    )
    .unwrap();
    let py = home.join("solutions/py/t.py");
    std::fs::write(
        &py,
        "import sys\nn = int(sys.stdin.read())\nraise ValueError(n)\n",
    )
    .unwrap();
    let rs = home.join("solutions/src/bin/t.rs");
    std::fs::create_dir_all(rs.parent().unwrap()).unwrap();
    std::fs::write(
        &rs,
        "fn main() {\n    let v: Vec<u32> = Vec::new();\n    println!(\"{}\", v[3]);\n}\n",
    )
    .unwrap();
    let out = runner.run(&home, &[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains(&format!(
            "│   File \"{}\", line 3, in <module>\n",
            py.display()
        )),
        "{s}"
    );
    assert!(
        s.contains(&format!("panicked at {}:3:", rs.display())),
        "{s}"
    );
    assert!(!s.contains("/box/"), "{s}");
}

#[test]
fn the_workspaces_language_is_kept_checked_and_overridden() {
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let out = runner.run(home, &["init", "--lang", "cpp"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("solutions: C++"), "{}", text(&out));
    // init changes nothing that exists.
    let out = runner.run(home, &["init", "--lang", "py"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out)
            .contains("workspace.toml says lang = \"cpp\": init changes nothing that exists"),
        "{}",
        text(&out)
    );
    assert_code(&runner.run(home, &["init", "--lang", "cpp"]), 0);
    // new takes it; --lang overrides it for one problem.
    assert_code(&runner.run(home, &["new", "a"]), 0);
    assert!(home.join("solutions/cpp/a.cpp").is_file());
    assert_code(&runner.run(home, &["new", "b", "--lang", "py"]), 0);
    assert!(home.join("solutions/py/b.py").is_file());
    // A language it does not know: the file, line and column.
    std::fs::write(home.join("workspace.toml"), "# mine\nlang = \"java\"\n").unwrap();
    let out = runner.run(home, &["new", "c"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(
            "workspace.toml:2:8: lang `java` is not a language a solution is written in: rs, \
             cpp, c, py"
        ),
        "{}",
        text(&out)
    );
    assert!(!home.join("problems/c").exists());
    assert_eq!(rust_files(home), Vec::<PathBuf>::new());
}
