//! Malformed fixtures and manifests are clear errors (exit 2, file:line:col); scaffolding, wrong
//! solutions and stress work end to end in a temporary workspace.

use crate::common::*;

const TWICE_RS: &str = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    for t in s.split_ascii_whitespace() {\n        let n: u64 = t.parse().unwrap();\n        println!(\"{}\", 2 * n);\n    }\n}\n";

fn fixture_error(fixture: &str, expect: &str) {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    ws.write("fixtures/t.toml", fixture);
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains(expect),
        "expected {expect:?}\n{}",
        text(&out)
    );
}

#[test]
fn unknown_key_names_file_line_and_column() {
    fixture_error(
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n  outptu = \"2\"\n",
        "fixtures/t.toml:5:3: unknown field `outptu`",
    );
}

#[test]
fn duplicate_case_names_are_an_error() {
    fixture_error(
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n\n[[case]]\nname = \"a\"\ninput = \"2\"\noutput = \"4\"\n",
        "fixtures/t.toml:7:8: duplicate case name `a` (first used on line 2)",
    );
}

#[test]
fn a_path_escaping_fixtures_is_refused() {
    fixture_error(
        "[[case]]\nname = \"a\"\ninput_file = \"../problems/t/problem.toml\"\noutput = \"2\"\n",
        "fixtures/t.toml:3:14: input_file: `../problems/t/problem.toml` must be a relative path inside fixtures/",
    );
}

#[test]
fn broken_toml_and_wrong_types_are_located() {
    fixture_error("[[case]\nname = \"a\"\n", "fixtures/t.toml:1:");
    fixture_error(
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\ntime_limit_ms = \"fast\"\n",
        "fixtures/t.toml:5:17: invalid type",
    );
    fixture_error(
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\ncompare = \"fuzzy\"\n",
        "fixtures/t.toml:5:11: unknown compare mode `fuzzy`",
    );
}

#[test]
fn a_missing_fixture_file_and_a_bad_problem_toml_are_errors() {
    let ws = Ws::twice();
    std::fs::remove_file(ws.path("fixtures/t.toml")).unwrap();
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\nmemory_limit_kib = 1024\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("problems/u/problem.toml:1:1: missing field `time_limit_ms`"),
        "{err}"
    );
}

#[test]
fn the_runner_never_writes_to_fixtures_when_judging() {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    let before = std::fs::read(ws.path("fixtures/t.toml")).unwrap();
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert_eq!(std::fs::read(ws.path("fixtures/t.toml")).unwrap(), before);
}

#[test]
fn wrong_solutions_must_get_their_declared_verdict() {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    ws.write(
        "problems/t/wrong/thrice.rs",
        &TWICE_RS.replace("2 * n", "3 * n"),
    );
    ws.write("problems/t/wrong/same.rs", TWICE_RS);
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"thrice.rs\"\nexpect = \"WA\"\nwhy = \"triples\"\n\n\
         [[program]]\nfile = \"same.rs\"\nexpect = \"WA\"\nwhy = \"claims to be wrong but is right\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("same.rs [local Rust]: a wrong solution that must get WA got AC on 1"),
        "{s}"
    );
    assert!(s.contains("the fixtures do not catch this mistake"), "{s}");
    assert!(s.contains("wrong solutions: 1/2 got their verdict"), "{s}");
    assert!(
        stdout(&out)
            .trim_end()
            .ends_with("counted: 1 solution case, 2 wrong solutions\n2 passed, 1 failed"),
        "{s}"
    );
    // --skip-wrong judges the solution alone.
    let out = ws.runner(&["--skip-wrong"]);
    assert_code(&out, 0);
}

#[test]
fn wrong_manifest_errors_are_located() {
    let ws = Ws::twice();
    ws.write("problems/t/wrong/a.rs", TWICE_RS);
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"a.rs\"\nexpect = \"Wrong\"\nwhy = \"\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("problems/t/wrong/wrong.toml:3:10: `Wrong` is not a verdict"),
        "{}",
        text(&out)
    );
    ws.write("problems/t/wrong/wrong.toml", "");
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("a.rs is not listed"),
        "{}",
        text(&out)
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"a.rs\"\nexpect = \"AC\"\nwhy = \"\"\n",
    );
    let out = ws.runner(&[]);
    assert!(
        stderr(&out).contains("a wrong solution cannot expect AC"),
        "{}",
        text(&out)
    );
}

#[test]
fn selection_by_slug_and_case() {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"2\"\n[[case]]\nname = \"b\"\ninput = \"2\"\noutput = \"5\"\n",
    );
    let out = ws.runner(&["t", "--case", "a"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("1 passed, 0 failed"),
        "{}",
        text(&out)
    );
    let out = ws.runner(&["--case", "b", "-j", "1"]);
    assert_code(&out, 1);
    let out = ws.runner(&["nosuch"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no problem matches nosuch; the problems are: t"),
        "{}",
        text(&out)
    );
    let out = ws.runner(&["--case", "zzz"]);
    assert_code(&out, 2);
}

#[test]
fn new_scaffolds_a_problem_that_runs_and_refuses_to_overwrite() {
    let ws = Ws::twice();
    let out = ws.runner(&["new", "my-game"]);
    assert_code(&out, 0);
    // What any problem needs, and nothing that tests the tests unless asked for.
    for f in [
        "problems/my-game/problem.toml",
        "problems/my-game/README.md",
        "solutions/src/bin/my-game.rs",
        "fixtures/my-game.toml",
    ] {
        assert!(ws.path(f).is_file(), "{f} was not created");
    }
    for f in [
        "problems/my-game/brute.rs",
        "problems/my-game/gen.rs",
        "problems/my-game/validate.rs",
        "problems/my-game/wrong",
        "problems/_shared",
    ] {
        assert!(!ws.path(f).exists(), "{f} was created");
    }
    // The scaffold's solution, unchanged, is not judged (it would pass where the output is
    // empty): the problem is not written yet, skipped, no failure; judged as a file, the
    // placeholder sample fails, and nothing else is wrong.
    let out = ws.runner(&["my-game"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("SKIP my-game ")
            && stdout(&out)
                .contains("not written yet: solutions/src/bin/my-game.rs is still the scaffold"),
        "{}",
        text(&out)
    );
    assert_eq!(
        last_line(&out),
        "0 passed, 0 failed, 1 not written yet",
        "{}",
        text(&out)
    );
    let file = ws.path("solutions/src/bin/my-game.rs");
    let out = ws.runner(&["judge", "my-game", file.to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("case sample: WA"), "{}", text(&out));
    let out = ws.runner(&["new", "my-game"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("exists already"), "{}", text(&out));
    let out = ws.runner(&["new", "Bad_Slug"]);
    assert_code(&out, 2);
}

/// A validator for `t`: one integer 0..=1000 per line, at least one line.
const VALIDATE_RS: &str = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let mut lines = 0;\n    for l in s.lines() {\n        lines += 1;\n        let ok = l.parse::<u64>().is_ok_and(|n| n <= 1000);\n        if !ok {\n            eprintln!(\"line {lines}: {l:?} is not an integer in 0..=1000\");\n            std::process::exit(1);\n        }\n    }\n    if lines == 0 {\n        eprintln!(\"empty input\");\n        std::process::exit(1);\n    }\n}\n";

/// Gives `t` a validator and an input it must reject, as `verify` requires.
fn add_validator(ws: &Ws) {
    ws.write("problems/t/validate.rs", VALIDATE_RS);
    ws.write("problems/t/invalid/empty.in", "");
}

const GEN_RS: &str = "fn main() {\n    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();\n    let x = seed.wrapping_mul(0x9e3779b97f4a7c15) >> 40;\n    println!(\"{}\", x % 100);\n}\n";

#[test]
fn stress_finds_a_planted_bug_and_saves_it_without_disturbing_the_fixture() {
    let ws = Ws::twice();
    ws.write("problems/t/gen.rs", GEN_RS);
    ws.write("problems/t/brute.rs", TWICE_RS);
    add_validator(&ws);
    ws.write(
        "solutions/src/bin/t.rs",
        &TWICE_RS.replace("2 * n)", "2 * n + u64::from(n == 37))"),
    );
    let out = ws.runner(&["stress", "t", "--count", "2000"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("DISAGREES with the brute force on seed"), "{s}");
    assert!(s.contains("  37\n") && s.contains("-74\n+75\n"), "{s}");

    let before = std::fs::read_to_string(ws.path("fixtures/t.toml")).unwrap();
    let out = ws.runner(&["stress", "t", "--count", "2000", "--save", "found-37"]);
    assert_code(&out, 1);
    let after = std::fs::read_to_string(ws.path("fixtures/t.toml")).unwrap();
    assert!(
        after.starts_with(&before),
        "the old fixture text changed:\n{after}"
    );
    assert!(after.contains("name = \"found-37\""), "{after}");
    assert!(after.contains("source = \"brute\""), "{after}");
    // The saved case now fails the solution, and passes the brute force.
    let out = ws.runner(&["--case", "found-37"]);
    assert_code(&out, 1);
    let out = ws.runner(&["verify"]);
    assert_code(&out, 0);
    // The same name again is refused before anything is written.
    let out = ws.runner(&["stress", "t", "--save", "found-37"]);
    assert_code(&out, 2);
    assert_eq!(
        std::fs::read_to_string(ws.path("fixtures/t.toml")).unwrap(),
        after
    );
}

#[test]
fn stress_agrees_on_a_right_solution_and_blames_a_broken_brute_force() {
    let ws = Ws::twice();
    ws.write("problems/t/gen.rs", GEN_RS);
    ws.write("problems/t/brute.rs", TWICE_RS);
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    let out = ws.runner(&["stress", "t", "--count", "300", "--seed", "5"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("agrees with the brute force on all 300"),
        "{}",
        text(&out)
    );
    ws.write(
        "problems/t/brute.rs",
        "fn main() { std::process::abort(); }\n",
    );
    let out = ws.runner(&["stress", "t", "--count", "10"]);
    assert_code(&out, 2);
    assert!(
        stdout(&out).contains("the BRUTE FORCE failed on seed 1: RE (SIGABRT)"),
        "{}",
        text(&out)
    );
}

#[test]
fn verify_catches_a_fixture_the_brute_force_disagrees_with() {
    let ws = Ws::twice();
    ws.write("problems/t/brute.rs", TWICE_RS);
    add_validator(&ws);
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"good\"\nsource = \"hand\"\ninput = \"3\"\noutput = \"6\"\n\n\
         [[case]]\nname = \"bad\"\nsource = \"hand\"\ninput = \"4\"\noutput = \"9\"\n\n\
         [[case]]\nname = \"huge\"\nsource = \"formula\"\noracle = \"formula\"\ninput = \"5\"\noutput = \"11\"\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("case bad: WA"), "{s}");
    assert!(
        !s.contains("case huge"),
        "formula cases are not given to the brute force:\n{s}"
    );
    assert!(s.contains("brute force: 1/2 AC"), "{s}");
    assert!(
        s.contains("skipped 1 formula case (oracle = \"formula\")"),
        "{s}"
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"3\"\noutput = \"6\"\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("case `a` does not say where its expected output comes from"),
        "{}",
        text(&out)
    );
}

#[test]
fn stress_runs_every_solution_and_catches_a_port_that_disagrees() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"POJ\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write("problems/t/gen.rs", GEN_RS);
    ws.write("problems/t/brute.rs", TWICE_RS);
    add_validator(&ws);
    // The Rust solution is right; its C++98 port is wrong on 37 only.
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    ws.write(
        "solutions/cpp/t.cpp",
        "#include <cstdio>\nint main() { long n; while (std::scanf(\"%ld\", &n) == 1) std::printf(\"%ld\\n\", 2 * n + (n == 37)); return 0; }\n",
    );
    let out = ws.runner(&["stress", "t", "--count", "2000"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("stress t: solutions/cpp/t.cpp DISAGREES with the brute force on seed"),
        "{s}"
    );
    assert!(s.contains("-74\n+75\n"), "{s}");
    // Fixed, both are stressed and agree.
    ws.write(
        "solutions/cpp/t.cpp",
        "#include <cstdio>\nint main() { long n; while (std::scanf(\"%ld\", &n) == 1) std::printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    let out = ws.runner(&["stress", "t", "--count", "100"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "solutions/cpp/t.cpp, solutions/src/bin/t.rs each agrees with the brute force on all 100"
        ),
        "{}",
        text(&out)
    );
}

/// Five cases, input `n` and answer `2n`, under a 200 ms limit (the looping wrong solutions
/// burn it on each case they run).
fn five_cases(ws: &Ws) {
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 200\nmemory_limit_kib = 65536\n",
    );
    let mut f = String::new();
    for i in 1..=5 {
        f.push_str(&format!(
            "[[case]]\nname = \"c{i}\"\nsource = \"hand\"\ninput = \"{i}\\n\"\noutput = \"{}\\n\"\n",
            2 * i
        ));
    }
    ws.write("fixtures/t.toml", &f);
}

const LOOP_C: &str = "int main(void) { for (;;) { } }\n";
const TWICE_C: &str =
    "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 2 * n); return 0; }\n";

#[test]
fn a_wrong_solution_that_loops_runs_on_one_case_unless_all_cases() {
    let ws = Ws::twice();
    five_cases(&ws);
    ws.write("solutions/t/t.c", TWICE_C);
    ws.write("problems/t/wrong/loop.c", LOOP_C);
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"loop.c\"\nexpect = \"TLE\"\nwhy = \"never ends\"\n",
    );
    for (args, runs) in [
        (&["--format", "json"][..], 1),
        (&["--format", "json", "--all-cases"][..], 5),
    ] {
        let out = ws.runner(args);
        assert_code(&out, 0);
        let lines: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let of_loop: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|l| l["program"] == "problems/t/wrong/loop.c" && l["case"].is_string())
            .collect();
        assert_eq!(of_loop.len(), 5, "{args:?}");
        let ran: Vec<&serde_json::Value> = of_loop
            .iter()
            .copied()
            .filter(|l| l["verdict"] == "TLE")
            .collect();
        assert_eq!(ran.len(), runs, "{args:?}: {}", text(&out));
        let skipped = of_loop.iter().filter(|l| l["status"] == "skipped").count();
        assert_eq!(skipped, 5 - runs, "{args:?}");
        let wrong = lines
            .iter()
            .find(|l| l["program"] == "problems/t/wrong/loop.c" && l.get("passed").is_some())
            .expect("the wrong solution's record");
        assert_eq!(wrong["passed"], true, "{args:?}");
        assert_eq!(wrong["expect"], "TLE");
    }
    // The human report says it was caught.
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 1/1 got their verdict"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_wrong_solution_may_expect_a_set_of_verdicts() {
    let ws = Ws::twice();
    five_cases(&ws);
    ws.write("solutions/t/t.c", TWICE_C);
    ws.write("problems/t/wrong/loop.c", LOOP_C);
    // Right on inputs up to 3, wrong on 4 and 5.
    ws.write(
        "problems/t/wrong/late.c",
        "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", n > 3 ? n : 2 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"loop.c\"\nexpect = [\"RE\", \"TLE\"]\nwhy = \"never ends\"\n\n\
         [[program]]\nfile = \"late.c\"\nexpect = \"not AC\"\nwhy = \"forgets to double\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 2/2 got their verdict"),
        "{}",
        text(&out)
    );
    // AC or TLE on every case: the late one's WA is not allowed, and every case is judged.
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"loop.c\"\nallow = [\"AC\", \"TLE\"]\nwhy = \"slow\"\n\n\
         [[program]]\nfile = \"late.c\"\nallow = [\"AC\", \"TLE\"]\nwhy = \"slow\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("late.c [local C]: a wrong solution that must get AC or TLE on every case got AC on 3, WA on 2"),
        "{s}"
    );
    assert!(
        s.contains("case c4 got WA, which it may not get (it may get AC or TLE)"),
        "{s}"
    );
    assert!(s.contains("wrong solutions: 1/2 got their verdict"), "{s}");
}

#[test]
fn verdict_sets_in_wrong_toml_are_checked_and_located() {
    let ws = Ws::twice();
    ws.write("problems/t/wrong/a.c", LOOP_C);
    for (entry, want) in [
        (
            "expect = [\"WA\", \"WA\"]",
            "wrong.toml:3:10: `WA` is listed twice",
        ),
        ("expect = []", "wrong.toml:3:10: an empty list of verdicts"),
        (
            "expect = [\"WA\", \"not AC\"]",
            "wrong.toml:3:10: `not AC` stands alone",
        ),
        (
            "expect = [\"TLE\", \"JE\"]",
            "wrong.toml:1:1: `a.c`: JE is the checker's failure",
        ),
        (
            "allow = [\"AC\", \"JE\"]",
            "wrong.toml:1:1: `a.c`: JE is the checker's failure",
        ),
        (
            "expect = [\"AC\", \"TLE\"]",
            "`a.c`: a wrong solution cannot expect AC",
        ),
        (
            "allow = \"fast\"",
            "wrong.toml:3:9: `fast` is not a verdict",
        ),
        ("", "`a.c`: say `expect`"),
    ] {
        ws.write(
            "problems/t/wrong/wrong.toml",
            &format!("[[program]]\nfile = \"a.c\"\n{entry}\nwhy = \"\"\n"),
        );
        let out = ws.runner(&[]);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(want), "{entry}: {}", text(&out));
    }
}
