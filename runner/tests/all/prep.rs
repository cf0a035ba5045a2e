//! Problem preparation (issue 8): holes that would make a green run lie are errors before
//! anything runs; validators, checkers and float tolerances; the time-limit margin; the path of
//! someone adding a problem (`new`, `run`, `list`, `verify`'s summary).

use crate::common::*;

const TWICE_RS: &str = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    for t in s.split_ascii_whitespace() {\n        let n: u64 = t.parse().unwrap();\n        println!(\"{}\", 2 * n);\n    }\n}\n";

/// A strict validator for `t`: one integer 1..=100 per line, LF only, a final newline.
const VALIDATE_RS: &str = r#"use std::io::Read;
use std::process::exit;
fn fail(line: usize, msg: String) -> ! {
    eprintln!("line {line}: {msg}");
    exit(1)
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    if s.is_empty() {
        fail(1, "empty input".into());
    }
    let Some(body) = s.strip_suffix('\n') else { fail(s.split('\n').count(), "no final newline".into()) };
    for (i, line) in body.split('\n').enumerate() {
        if line.contains('\r') {
            fail(i + 1, "CR before the line end".into());
        }
        let n: i64 = line.parse().unwrap_or_else(|_| fail(i + 1, format!("{line:?} is not an integer")));
        if !(1..=100).contains(&n) {
            fail(i + 1, format!("n = {n} is out of 1..=100"));
        }
    }
}
"#;

/// The problem `t` with a right C solution (faster to build than Rust).
fn twice_c() -> Ws {
    let ws = Ws::twice();
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    ws
}

/// Asserts exit 2 before anything ran (no report at all) and that stderr holds `expect`.
/// A stray of another problem: a warning on stderr, and the run goes on.
fn warns_and_runs(ws: &Ws, args: &[&str], expect: &str) {
    let out = ws.runner(args);
    assert_code(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains(&format!("warning: {expect}"))
            && err.contains("(a run of every problem refuses it)"),
        "expected {expect:?}\n{}",
        text(&out)
    );
}

fn stops_before_running(ws: &Ws, args: &[&str], expect: &str) {
    let out = ws.runner(args);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(expect),
        "expected {expect:?}\n{}",
        text(&out)
    );
    assert!(
        stdout(&out).is_empty(),
        "nothing may run before the error:\n{}",
        text(&out)
    );
}

// --- 1. Holes --------------------------------------------------------------------------------

#[test]
fn an_empty_fixture_or_one_without_cases_stops_the_run() {
    let ws = twice_c();
    for text in ["", "# the cases will come later\n"] {
        ws.write("fixtures/t.toml", text);
        stops_before_running(
            &ws,
            &[],
            "fixtures/t.toml: no [[case]]: a problem with no cases proves nothing",
        );
    }
}

#[test]
fn a_fixture_file_or_folder_of_no_problem_stops_the_run() {
    let ws = twice_c();
    ws.write(
        "fixtures/no-such-problem.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n",
    );
    stops_before_running(
        &ws,
        &[],
        "fixtures/no-such-problem.toml: no problem `no-such-problem` (no problems/no-such-problem/problem.toml): its cases would never run",
    );
    // With a hint for a typo; judging only another problem, a warning.
    std::fs::remove_file(ws.path("fixtures/no-such-problem.toml")).unwrap();
    ws.write("fixtures/tt/big.in", "1\n");
    stops_before_running(&ws, &[], "fixtures/tt: no problem `tt`");
    stops_before_running(&ws, &[], "(did you mean `t`?)");
    warns_and_runs(&ws, &["t"], "fixtures/tt: no problem `tt`");
    std::fs::remove_dir_all(ws.path("fixtures/tt")).unwrap();
    ws.write("fixtures/notes.txt", "x");
    stops_before_running(&ws, &["verify"], "fixtures/notes.txt: not a fixture file");
    std::fs::remove_file(ws.path("fixtures/notes.txt")).unwrap();
    // READMEs and hidden files are never holes.
    ws.write("fixtures/README.md", "# the fixtures\n");
    ws.write("fixtures/.t.toml.swp", "x");
    assert_code(&ws.runner(&[]), 0);
}

#[test]
fn a_problem_folder_without_problem_toml_stops_the_run() {
    let ws = twice_c();
    ws.write("problems/empty-one/README.md", "# to do\n");
    stops_before_running(
        &ws,
        &[],
        "problems/empty-one: a problem folder without problem.toml",
    );
    warns_and_runs(
        &ws,
        &["t"],
        "problems/empty-one: a problem folder without problem.toml",
    );
    std::fs::remove_dir_all(ws.path("problems/empty-one")).unwrap();
    ws.write("problems/t.toml", "");
    stops_before_running(&ws, &[], "problems/t.toml: not a problem folder");
}

#[test]
fn a_solution_named_after_no_problem_stops_the_run() {
    let ws = twice_c();
    // The solutions package and READMEs are not solutions.
    ws.write("solutions/Cargo.toml", "[package]\nname = \"solutions\"\n");
    ws.write("solutions/src/lib.rs", "");
    ws.write("solutions/README.md", "");
    ws.write("solutions/cpp/README.md", "");
    ws.write("solutions/cpp/t.cpp", "#include <cstdio>\nint main() { long n; while (std::scanf(\"%ld\", &n) == 1) std::printf(\"%ld\\n\", 2 * n); }\n");
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("solutions/cpp/t.cpp [local C++]: 1/1 AC"),
        "{}",
        text(&out)
    );
    ws.write("solutions/src/bin/tt.rs", TWICE_RS);
    stops_before_running(
        &ws,
        &[],
        "solutions/src/bin/tt.rs: no problem `tt`: a solution is named after its problem's slug, and this file would never be judged (did you mean `t`?)",
    );
    std::fs::remove_file(ws.path("solutions/src/bin/tt.rs")).unwrap();
    ws.write("solutions/t.hs", "main = interact id\n");
    stops_before_running(
        &ws,
        &[],
        "solutions/t.hs: not a source file the runner builds",
    );
}

#[test]
fn wrong_toml_naming_a_missing_file_and_stray_files_in_wrong_stop_the_run() {
    let ws = twice_c();
    ws.write(
        "problems/t/wrong/wrong.toml",
        "# wrong ones\n\n[[program]]\nfile = \"gone.rs\"\nexpect = \"WA\"\nwhy = \"deleted\"\n",
    );
    stops_before_running(
        &ws,
        &[],
        "problems/t/wrong/wrong.toml:3:1: `gone.rs` is not a file in wrong/",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "# wrong ones\n[program]\nfile = \"gone.rs\"\nexpect = \"WA\"\nwhy = \"deleted\"\n",
    );
    stops_before_running(
        &ws,
        &[],
        "problems/t/wrong/wrong.toml:2:1: `[program]` declares a single table: write `[[program]]`",
    );
    ws.write("problems/t/wrong/wrong.toml", "");
    ws.write("problems/t/wrong/notes.txt", "ideas");
    stops_before_running(
        &ws,
        &[],
        "problems/t/wrong/notes.txt: not a wrong solution the runner builds",
    );
}

#[test]
fn single_bracket_case_says_to_write_double_brackets_at_its_line() {
    let ws = twice_c();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n\n[case]\nname = \"b\"\ninput = \"2\"\noutput = \"4\"\n",
    );
    stops_before_running(
        &ws,
        &[],
        "fixtures/t.toml:6:1: `[case]` declares a single table: write `[[case]]` (two brackets) for each case",
    );
}

#[test]
fn every_case_filter_must_match_a_case() {
    let ws = twice_c();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n[[case]]\nname = \"b\"\ninput = \"2\"\noutput = \"4\"\n",
    );
    let out = ws.runner(&["--case", "a", "--case", "b"]);
    assert_code(&out, 0);
    stops_before_running(
        &ws,
        &["--case", "a", "--case", "zzz"],
        "--case zzz: no case of that name in t (every --case must match a case)",
    );
    let file = ws.path("solutions/t.c");
    stops_before_running(
        &ws,
        &[
            "judge",
            "t",
            file.to_str().unwrap(),
            "--case",
            "b",
            "--case",
            "nope",
        ],
        "--case nope: no case of that name",
    );
}

#[test]
fn a_fixture_file_no_case_reads_stops_the_run() {
    let ws = twice_c();
    ws.write("fixtures/t/big.in", "5\n");
    ws.write("fixtures/t/big.out", "10\n");
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"big\"\ninput_file = \"t/big.in\"\noutput_file = \"t/big.out\"\n",
    );
    assert_code(&ws.runner(&[]), 0);
    ws.write("fixtures/t/forgotten.in", "7\n");
    stops_before_running(
        &ws,
        &[],
        "fixtures/t/forgotten.in: no case reads this file: a forgotten case? (add a [[case]] with input_file = \"t/forgotten.in\" to t.toml, or delete the file)",
    );
}

#[test]
fn a_checker_that_is_missing_or_unused_and_stray_invalid_files_stop_the_run() {
    let ws = twice_c();
    ws.write("problems/t/checker.rs", "fn main() {}\n");
    stops_before_running(
        &ws,
        &[],
        "problems/t/checker.rs: no case is judged by this checker",
    );
    std::fs::remove_file(ws.path("problems/t/checker.rs")).unwrap();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\ncompare = \"checker\"\n",
    );
    stops_before_running(
        &ws,
        &[],
        "problems/t/checker.rs: missing: compare = \"checker\" needs the problem's checker",
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n",
    );
    // A problem's own program may be in any language the runner builds, but only one is run.
    ws.write("problems/t/validate.rs", VALIDATE_RS);
    ws.write("problems/t/validate.py", "import sys\n");
    stops_before_running(
        &ws,
        &[],
        "problems/t/validate.py: a second validate program: only validate.rs is run (keep one)",
    );
    std::fs::remove_file(ws.path("problems/t/validate.py")).unwrap();
    ws.write("problems/t/gen.txt", "1\n");
    stops_before_running(
        &ws,
        &[],
        "problems/t/gen.txt: gen in a language the runner does not build: this file would be ignored",
    );
    std::fs::remove_file(ws.path("problems/t/gen.txt")).unwrap();
    std::fs::remove_file(ws.path("problems/t/validate.rs")).unwrap();
    ws.write("problems/t/invalid/zero.txt", "0\n");
    stops_before_running(
        &ws,
        &[],
        "problems/t/invalid/zero.txt: invalid/ holds inputs the validator must reject, named *.in",
    );
}

// --- 2. Validators ---------------------------------------------------------------------------

/// `t` with a brute force, a validator and a fixture that passes `verify`.
fn with_validator() -> Ws {
    let ws = twice_c();
    ws.write("problems/t/brute.rs", TWICE_RS);
    ws.write("problems/t/validate.rs", VALIDATE_RS);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"crlf\"\nsource = \"hand\"\noutside_statement = \"CRLF line ends\"\ninput = \"3\\r\\n4\\r\\n\"\noutput = \"6\\n8\\n\"\n",
    );
    ws
}

#[test]
fn verify_runs_the_validator_on_every_input_and_names_what_it_got_wrong() {
    let ws = with_validator();
    let out = ws.runner(&["verify"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(
        s.contains("PASS t                            validator: 2/2 inputs as marked (1 to accept, 1 to reject)"),
        "{s}"
    );
    assert!(
        stdout(&out)
            .trim_end()
            .ends_with("counted: 2 brute-force cases, 2 validator checks\n4 passed, 0 failed"),
        "{s}"
    );

    // A planted input outside the statement, not marked so; a marked case the validator accepts;
    // an invalid/ file it accepts.
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"too-big\"\nsource = \"hand\"\ninput = \"500\\n\"\noutput = \"1000\\n\"\n\n\
         [[case]]\nname = \"claims-crlf\"\nsource = \"hand\"\noutside_statement = \"CRLF line ends\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    ws.write("problems/t/invalid/zero.in", "0\n");
    ws.write("problems/t/invalid/fine.in", "7\n");
    let out = ws.runner(&["verify"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("FAIL t · problems/t/validate.rs · case too-big: REJECTED, but it must be accepted (it is inside the statement):\n     │ line 1: n = 500 is out of 1..=100"),
        "{s}"
    );
    assert!(
        s.contains("case claims-crlf: ACCEPTED, but it must be rejected (CRLF line ends)"),
        "{s}"
    );
    assert!(
        s.contains("problems/t/invalid/fine.in: ACCEPTED, but it must be rejected (every file in invalid/ breaks the statement)"),
        "{s}"
    );
    assert!(!s.contains("zero.in"), "{s}");
    assert!(
        s.contains("FAIL t                            validator: 2/5 inputs as marked"),
        "{s}"
    );
    assert_eq!(last_line(&out), "5 passed, 3 failed", "{s}");
}

#[test]
fn verify_requires_a_validator_that_is_shown_to_reject_something() {
    let ws = with_validator();
    std::fs::remove_file(ws.path("problems/t/validate.rs")).unwrap();
    stops_before_running(
        &ws,
        &["verify"],
        "problems/t/validate.rs: missing validate.rs",
    );
    ws.write("problems/t/validate.rs", VALIDATE_RS);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    stops_before_running(
        &ws,
        &["verify"],
        "problems/t/validate.rs: nothing shows that the validator rejects anything",
    );
    // A file in invalid/ is enough.
    ws.write("problems/t/invalid/empty.in", "");
    assert_code(&ws.runner(&["verify"]), 0);
    // A validator that does not compile is an error too.
    ws.write("problems/t/validate.rs", "fn main() { nope }\n");
    let out = ws.runner(&["verify"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("problems/t/validate.rs: the validator does not compile"),
        "{}",
        text(&out)
    );
}

#[test]
fn stress_reports_a_generator_that_leaves_the_statement_as_a_generator_bug() {
    let ws = with_validator();
    // Seeds 1..=100 are in range; seed 101 prints 101, outside 1..=100.
    ws.write(
        "problems/t/gen.rs",
        "fn main() {\n    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();\n    println!(\"{}\", seed % 150);\n}\n",
    );
    let out = ws.runner(&["stress", "t", "--count", "200", "-j", "2"]);
    assert_code(&out, 2);
    let s = stdout(&out);
    assert!(
        s.contains("stress t: the GENERATOR left the statement on seed 101 (size 1): the validator rejects its input"),
        "{s}"
    );
    assert!(s.contains("line 1: n = 101 is out of 1..=100"), "{s}");
    assert!(!s.contains("DISAGREES") && !s.contains("WA"), "{s}");
    let out = ws.runner(&["stress", "t", "--count", "100"]);
    assert_code(&out, 0);
}

// --- 3. Checkers and tolerances ---------------------------------------------------------------

/// A checker for `sum`: each input line holds n; the output line must be two integers a b with
/// a, b >= 0 and a + b = n (many answers are right).
const SUM_CHECKER: &str = r#"use std::process::exit;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let read = |i: usize| std::fs::read_to_string(&args[i]).unwrap_or_else(|e| { eprintln!("{e}"); exit(3) });
    let (input, actual, _answer) = (read(1), read(2), read(3));
    let mut lines = actual.lines();
    for (t, n) in input.split_ascii_whitespace().enumerate() {
        let n: i64 = n.parse().unwrap();
        let Some(line) = lines.next() else { eprintln!("test {}: no answer", t + 1); exit(1) };
        let v: Vec<i64> = line.split(' ').map(|x| x.parse().unwrap_or(-1)).collect();
        if v.len() != 2 { eprintln!("test {}: {line:?} is not two numbers", t + 1); exit(2) }
        if v[0] < 0 || v[1] < 0 || v[0] + v[1] != n {
            eprintln!("test {}: {} + {} is not {n}", t + 1, v[0], v[1]);
            exit(1)
        }
    }
    if lines.next().is_some() { eprintln!("extra output"); exit(1) }
}
"#;

fn sum_problem() -> Ws {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Sum\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"checker\"\n",
    );
    ws.write("problems/t/checker.rs", SUM_CHECKER);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"two\"\nsource = \"hand\"\ninput = \"5\\n3\\n\"\noutput = \"0 5\\n0 3\\n\"\n",
    );
    // A right answer other than the expected one: n 0 instead of 0 n.
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld 0\\n\", n); return 0; }\n",
    );
    ws
}

#[test]
fn a_checker_accepts_a_different_right_answer_and_explains_a_wrong_one() {
    let ws = sum_problem();
    ws.write(
        "problems/t/wrong/one-one.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"1 1\\n\"); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"one-one.c\"\nexpect = \"WA\"\nwhy = \"always 1 1\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(s.contains("solutions/t.c [local C]: 1/1 AC"), "{s}");
    assert!(s.contains("wrong solutions: 1/1 got their verdict"), "{s}");
    // Judged alone, the wrong one gets WA with the checker's reason in place of a diff.
    let wrong = ws.path("problems/t/wrong/one-one.c");
    let out = ws.runner(&["judge", "t", wrong.to_str().unwrap()]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("case two: WA (by the checker)"), "{s}");
    assert!(
        s.contains("     checker:\n     │ test 1: 1 + 1 is not 5\n"),
        "{s}"
    );
    assert!(!s.contains("first difference"), "{s}");
    // A layout the checker refuses is PE.
    ws.write(
        "pe.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld  0\\n\", n); return 0; }\n",
    );
    let out = ws.runner(&["judge", "t", ws.path("pe.c").to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains("case two: PE (by the checker)"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_crashing_checker_is_a_checker_failure_never_the_solutions_wrong_answer() {
    let ws = sum_problem();
    ws.write(
        "problems/t/wrong/one-one.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"1 1\\n\"); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"one-one.c\"\nexpect = \"WA\"\nwhy = \"always 1 1\"\n",
    );
    ws.write(
        "problems/t/checker.rs",
        "fn main() {\n    eprintln!(\"checker: index out of range\");\n    std::process::abort();\n}\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    let s = stdout(&out);
    assert!(s.contains("case two: JE (checker failed (SIGABRT))"), "{s}");
    assert!(
        s.contains("checker stderr:\n     │ checker: index out of range"),
        "{s}"
    );
    assert!(s.contains("error: the checker failed on 2 runs"), "{s}");
    // The wrong solution is not counted as having got its WA.
    assert!(s.contains("got JE on 1"), "{s}");
    assert!(!s.contains("case two: WA"), "{s}");
    // An exit code other than 0, 1, 2 is a failure too.
    ws.write(
        "problems/t/checker.rs",
        "fn main() { eprintln!(\"bad jury answer\"); std::process::exit(3); }\n",
    );
    let out = ws.runner(&["--skip-wrong"]);
    assert_code(&out, 2);
    assert!(
        stdout(&out).contains("JE (checker failed (exit code 3))"),
        "{}",
        text(&out)
    );
    // A checker that does not compile stops the run.
    ws.write("problems/t/checker.rs", "fn main() { nope }\n");
    let out = ws.runner(&["--skip-wrong"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("checker.rs: the checker does not compile"),
        "{}",
        text(&out)
    );
}

#[test]
fn float_tolerance_accepts_close_numbers_and_rejects_far_ones() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Third\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = { float = { abs = 1e-6 } }\n",
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\\n\"\noutput = \"0.333333333\\n\"\n",
    );
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { double n; scanf(\"%lf\", &n); printf(\"%.7f\\n\", n / 3); return 0; }\n",
    );
    assert_code(&ws.runner(&[]), 0);
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { double n; scanf(\"%lf\", &n); printf(\"%.3f\\n\", n / 3); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("case a: WA"), "{}", text(&out));
    ws.write(
        "problems/t/problem.toml",
        "title = \"Third\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"float\"\n",
    );
    stops_before_running(&ws, &[], "`float` needs its tolerances");
}

// --- 4. The margin to the time limit ---------------------------------------------------------

#[test]
fn a_solution_using_over_half_its_time_limit_is_warned_about() {
    let ws = Ws::twice();
    // About 320 ms of CPU time of the 500 ms limit: accepted, with a warning.
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\n#include <time.h>\nint main(void) { long n; volatile long x = 0; while (clock() < CLOCKS_PER_SEC / 100 * 32) x++; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    let s = stdout(&out);
    let warning = s
        .lines()
        .find(|l| l.starts_with("warning: solutions/t.c: case small used "))
        .unwrap_or_else(|| panic!("no warning:\n{s}"));
    assert!(
        warning.ends_with(" of 500 ms (over half the limit)"),
        "expected the warning to end \" of 500 ms (over half the limit)\", got {warning:?}:\n{s}"
    );
    // Accepted however busy the machine: waiting for a CPU does not count for the backstop.
    assert!(
        last_line(&out).starts_with("1 passed, 0 failed"),
        "expected 1 passed, 0 failed:\n{s}"
    );
    // A fast solution gets no warning.
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(!stdout(&out).contains("warning"), "{}", text(&out));
}

// --- 5. The path of someone adding a problem -------------------------------------------------

#[test]
fn new_scaffolds_the_programs_asked_for_and_names_verify_and_stress() {
    let ws = Ws::twice();
    let out = ws.runner(&["new", "my-game"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(!ws.path("problems/my-game/validate.rs").exists());
    // What tests the tests is offered, not written.
    assert!(
        s.contains("`cargo run -p runner -- new my-game --validator --brute --gen` adds"),
        "{s}"
    );
    assert!(!s.contains("verify my-game"), "{s}");
    // Asked for, on the problem that exists: only they are written, each saying what it
    // checks as written.
    let out = ws.runner(&["new", "my-game", "--validator", "--brute", "--gen"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(s.starts_with("added to problem `my-game`:\n"), "{s}");
    for f in [
        "problems/my-game/validate.rs",
        "problems/my-game/invalid/empty.in",
        "problems/my-game/brute.rs",
        "problems/my-game/gen.rs",
        // The reader the validator takes in: the workspace had none.
        "problems/_shared/validate_input.rs",
    ] {
        assert!(ws.path(f).is_file(), "{f} was not created");
        assert!(s.contains(f), "{s}");
    }
    for (f, says) in [
        (
            "validate.rs",
            "it checks a placeholder format, not the\n//! statement's",
        ),
        ("brute.rs", "it answers nothing"),
        ("gen.rs", "it prints a placeholder input"),
    ] {
        let text = std::fs::read_to_string(ws.path(&format!("problems/my-game/{f}"))).unwrap();
        assert!(text.contains(says), "{f}: {text}");
    }
    assert!(!ws.path("problems/my-game/checker.rs").exists());
    assert!(!ws.path("problems/my-game/wrong").exists());
    for hint in [
        "runner -- verify my-game",
        "runner -- stress my-game",
        "runner -- run my-game --brute",
    ] {
        assert!(s.contains(hint), "{hint}: {s}");
    }
    // Nothing is written twice.
    let out = ws.runner(&["new", "my-game", "--brute"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("problems/my-game/brute.rs exists already"),
        "{}",
        text(&out)
    );
    // The scaffold's other files are no hole; its solution, unchanged, is not judged (the
    // problem is not written yet), and judged as a file its placeholder sample fails.
    let out = ws.runner(&["my-game"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("not written yet"), "{}", text(&out));
    let file = ws.path("solutions/src/bin/my-game.rs");
    let out = ws.runner(&["judge", "my-game", file.to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("case sample: WA"), "{}", text(&out));
    // The scaffolded validator works: it accepts a number, rejects the empty input of invalid/
    // (the problem is not written yet: the scaffold is run by name).
    let run = |input: &std::path::Path| {
        ws.runner(&[
            "run",
            "my-game",
            "--program",
            file.to_str().unwrap(),
            input.to_str().unwrap(),
        ])
    };
    let ok = ws.path("ok.in");
    std::fs::write(&ok, "7\n").unwrap();
    let out = run(&ok);
    assert_code(&out, 0);
    assert!(!stderr(&out).contains("warning"), "{}", text(&out));
    let empty = ws.path("problems/my-game/invalid/empty.in");
    let out = run(&empty);
    assert!(
        stderr(&out).contains("the validator rejects this input (it is outside the statement):\n  line 1: empty input"),
        "{}",
        text(&out)
    );
    let zero = ws.path("zero.in");
    std::fs::write(&zero, "0\n").unwrap();
    let out = run(&zero);
    assert!(
        stderr(&out).contains("line 1, column 1: n = 0 is out of 1..=1000"),
        "{}",
        text(&out)
    );
    // The shared reader changes: the validator that takes it in is built again (rustc's
    // dep-info names the file), not taken from the cache.
    let shared = ws.path("problems/_shared/validate_input.rs");
    let reader = std::fs::read_to_string(&shared).unwrap();
    std::fs::write(&shared, reader.replace("is out of", "is outside")).unwrap();
    let out = run(&zero);
    assert!(
        stderr(&out).contains("line 1, column 1: n = 0 is outside 1..=1000"),
        "{}",
        text(&out)
    );

    let out = ws.runner(&["new", "other-game", "--checker", "--validator"]);
    assert_code(&out, 0);
    // The workspace's shared reader is kept as it is.
    assert!(!stdout(&out).contains("_shared"), "{}", text(&out));
    assert!(std::fs::read_to_string(&shared)
        .unwrap()
        .contains("is outside"));
    assert!(ws.path("problems/other-game/checker.rs").is_file());
    let toml = std::fs::read_to_string(ws.path("problems/other-game/problem.toml")).unwrap();
    assert!(toml.contains("compare = \"checker\""), "{toml}");
    // Judged through its checker: the placeholder sample fails by the checker's word.
    let file = ws.path("solutions/src/bin/other-game.rs");
    let out = ws.runner(&["judge", "other-game", file.to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains("case sample: WA (by the checker)"),
        "{}",
        text(&out)
    );
}

#[test]
fn run_prints_the_brute_forces_output_and_any_programs_verdict() {
    let ws = with_validator();
    let input = ws.path("mine.in");
    std::fs::write(&input, "21\n4\n").unwrap();
    let out = ws.runner(&["run", "t", "--brute", input.to_str().unwrap()]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "42\n8\n");
    assert!(
        stderr(&out).contains("the brute force: ran in ")
            && stderr(&out).contains("(limits 10000 ms, 1024.0 MiB)"),
        "{}",
        text(&out)
    );
    // The default is the solution, under the problem's limits.
    let out = ws.runner(&["run", "t", input.to_str().unwrap()]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "42\n8\n");
    assert!(
        stderr(&out).contains("(limits 500 ms, 64.0 MiB)"),
        "{}",
        text(&out)
    );
    // An input outside the statement is run, with a warning.
    std::fs::write(&input, "0\n").unwrap();
    let out = ws.runner(&["run", "t", "--brute", input.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("warning: the validator rejects this input (it is outside the statement):\n  line 1: n = 0 is out of 1..=100"),
        "{}",
        text(&out)
    );
    // Any program under the judge's limits: its output, and its verdict on stderr.
    ws.write(
        "slow.c",
        "#include <stdio.h>\nint main(void) { printf(\"partial\\n\"); fflush(stdout); for (volatile long i = 0;; i++); }\n",
    );
    let out = ws.runner(&[
        "run",
        "t",
        "--program",
        ws.path("slow.c").to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_code(&out, 1);
    assert_eq!(stdout(&out), "partial\n");
    assert!(stderr(&out).contains("slow.c: TLE ("), "{}", text(&out));
    let out = ws.runner(&["run", "t", "--brute", "--program", "x.c", "in"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("'--brute' cannot be used with '--program"),
        "{}",
        text(&out)
    );
}

#[test]
fn list_shows_the_problems_and_an_unknown_slug_points_to_it() {
    let ws = twice_c();
    ws.write(
        "problems/hdu1000-a/problem.toml",
        "title = \"A + B\"\njudge = \"HDU\"\nid = \"1000\"\ntime_limit_ms = 1000\nmemory_limit_kib = 32768\n",
    );
    ws.write("fixtures/hdu1000-a.toml", "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n[[case]]\nname = \"b\"\ninput = \"1\"\noutput = \"2\"\n");
    let out = ws.runner(&["list"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["slug", "judge", "id", "cases", "title"],
        "{s}"
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["hdu1000-a", "HDU", "1000", "2", "A", "+", "B"],
        "{s}"
    );
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["t", "local", "-", "1", "Twice"],
        "{s}"
    );
    let file = ws.path("solutions/t.c");
    let out = ws.runner(&["judge", "nosuch", file.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no problem `nosuch` (`runner list` shows them all)"),
        "{}",
        text(&out)
    );
}

#[test]
fn verify_says_what_it_skipped_and_shows_the_brute_forces_limits() {
    let ws = with_validator();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"bad\"\nsource = \"hand\"\ninput = \"4\\n\"\noutput = \"9\\n\"\n\n\
         [[case]]\nname = \"huge-1\"\nsource = \"formula\"\noracle = \"formula\"\noutside_statement = \"n past 100\"\ninput = \"1000000\\n\"\noutput = \"2000000\\n\"\n\n\
         [[case]]\nname = \"huge-2\"\nsource = \"formula\"\noracle = \"formula\"\noutside_statement = \"n past 100\"\ninput = \"2000000\\n\"\noutput = \"4000000\\n\"\n",
    );
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n\n[brute]\ntime_limit_ms = 3000\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    // The failing case's header and the summary show the brute force's limits, not the problem's.
    assert!(
        s.contains("case bad: WA") && s.contains(" of 3000 ms, "),
        "{s}"
    );
    assert!(s.contains(" of 1024.0 MiB"), "{s}");
    assert!(!s.contains(" of 500 ms"), "{s}");
    assert!(
        s.contains("brute force: 1/2 AC, slowest ")
            && s.contains("; skipped 2 formula cases (oracle = \"formula\")"),
        "{s}"
    );
    assert!(!s.contains("case huge"), "{s}");
    // A formula oracle on a brute-force case contradicts itself.
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"big\"\nsource = \"brute\"\noracle = \"formula\"\ninput = \"4\\n\"\noutput = \"8\\n\"\n",
    );
    stops_before_running(
        &ws,
        &["verify"],
        "fixtures/t.toml:7:1: case `big`: source = \"brute\" with oracle = \"formula\"",
    );
}

#[test]
fn the_last_line_says_what_it_counts() {
    let ws = twice_c();
    ws.write(
        "problems/t/wrong/thrice.c",
        "#include <stdio.h>\nint main(void) { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 3 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"thrice.c\"\nexpect = \"WA\"\nwhy = \"triples\"\n",
    );
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/u.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).trim_end().ends_with(
            "counted: 1 solution case, 1 wrong solution, 1 problem without a solution\n2 passed, 1 failed"
        ),
        "{}",
        text(&out)
    );
}

#[test]
fn mle_shows_the_peak_and_the_limit() {
    let ws = Ws::twice();
    let out = ws.judge_c(
        "hog",
        "#include <stdlib.h>\n#include <string.h>\nint main(void) { for (int i = 0; i < 256; i++) { char *p = malloc(1 << 20); if (!p) return 1; memset(p, 1, 1 << 20); } return 0; }\n",
    );
    assert_code(&out, 1);
    let s = stdout(&out);
    let line = s
        .lines()
        .find(|l| l.contains("case small: MLE"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        line.contains("(peak ") && line.contains(" MiB, limit 64.0 MiB)"),
        "{line}"
    );
}

#[test]
fn a_wrong_solution_that_must_tle_must_be_slow_by_a_clear_factor() {
    let ws = with_validator();
    // Problem t's limit is 500 ms. This one spins for 600 ms of CPU, then answers right: a TLE
    // here, but a machine twice as fast would accept it (at 1000 ms it has 3 s of wall clock to
    // finish, less the time it waits for a CPU: room however busy the machine).
    ws.write(
        "problems/t/wrong/barely.c",
        "#include <stdio.h>\n#include <time.h>\nint main(void) { while (clock() < CLOCKS_PER_SEC * 6 / 10) {} long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"barely.c\"\nexpect = \"TLE\"\nwhy = \"slow start\"\n",
    );
    let out = ws.runner(&["--case", "small"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 1/1 got their verdict"),
        "{}",
        text(&out)
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("a wrong solution that must get TLE got AC"),
        "{s}"
    );
    assert!(
        s.contains("wrong solutions that must TLE judged at 2 × the time limit"),
        "{s}"
    );
}
