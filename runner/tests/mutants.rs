//! `runner mutants`: a planted weak fixture set lets a mutant through; the case that was
//! missing kills it; an equivalent mutant marked in mutants.toml is not reported again.

mod common;

use common::*;

/// Problem `t`: n (0 ≤ n ≤ 100) → `big` when n ≥ 10, else `small`. The solution, in C.
const SOLUTION: &str = "#include <stdio.h>\nint main(void) {\n    int n;\n    while (scanf(\"%d\", &n) == 1)\n        puts(n >= 10 ? \"big\" : \"small\");\n    return 0;\n}\n";

fn weak() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Big\"\njudge = \"local\"\ntime_limit_ms = 1000\n",
    );
    ws.write("solutions/t.c", SOLUTION);
    // By hand: 3 < 10 is small, 20 ≥ 10 is big. The boundary, 10, is missing.
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"three\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"small\\n\"\n\n\
         [[case]]\nname = \"twenty\"\nsource = \"hand\"\ninput = \"20\\n\"\noutput = \"big\\n\"\n",
    );
    ws
}

#[test]
fn a_missing_boundary_lets_a_mutant_survive_and_the_boundary_case_kills_it() {
    let ws = weak();
    let out = ws.runner(&["mutants", "t"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("survivor "), "{s}");
    assert!(s.contains("line 5: `>=` → `>`"), "{s}");
    // The survivor is shown as a diff of the source.
    assert!(
        s.contains("-        puts(n >= 10") && s.contains("+        puts(n > 10"),
        "{s}"
    );
    // 10 ≥ 10: big, by hand; with it the mutant is caught.
    let fixture = std::fs::read_to_string(ws.path("fixtures/t.toml")).unwrap()
        + "\n[[case]]\nname = \"ten\"\nsource = \"hand\"\ninput = \"10\\n\"\noutput = \"big\\n\"\n";
    ws.write("fixtures/t.toml", &fixture);
    let out = ws.runner(&["mutants", "t"]);
    let s = stdout(&out);
    assert!(!s.contains("`>=` → `>`"), "{s}");
}

#[test]
fn a_mutant_marked_equivalent_is_not_reported_again_and_does_not_count() {
    let ws = weak();
    let out = ws.runner(&["mutants", "t"]);
    let s = stdout(&out);
    let id = s
        .lines()
        .find(|l| l.starts_with("survivor ") && l.contains("`>=` → `>`"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_else(|| panic!("no survivor in\n{s}"))
        .to_string();
    ws.write(
        "problems/t/mutants.toml",
        &format!("[[equivalent]]\nid = \"{id}\"\nreason = \"planted: the test says so\"\n"),
    );
    let out = ws.runner(&["mutants", "t"]);
    let s = stdout(&out);
    assert!(!s.contains(&format!("survivor {id}")), "{s}");
    assert!(s.contains("1 marked equivalent"), "{s}");
}
