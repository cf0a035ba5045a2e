//! `runner mutants`: a planted weak fixture set lets a mutant through; the case that was
//! missing kills it; an equivalent mutant marked in mutants.toml is not reported again.

use crate::common::*;

/// Problem `t`: n (0 ≤ n ≤ 100) → `big` when n ≥ 10, else `small`. The solution, in C.
const SOLUTION: &str = "#include <stdio.h>\nint main(void) {\n    int n;\n    while (scanf(\"%d\", &n) == 1)\n        puts(n >= 10 ? \"big\" : \"small\");\n    return 0;\n}\n";

pub(crate) fn weak() -> Ws {
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
    // The score is kept as a record, the one the report's line was drawn from.
    let line = s.lines().next().unwrap();
    let kept: serde_json::Value = serde_json::from_slice(
        &std::fs::read(ws.path("target/judge/mutants/t.score.json")).unwrap(),
    )
    .unwrap();
    let n = |key: &str| {
        kept[0][key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key}: {kept}"))
    };
    assert_eq!(kept[0]["program"], "solutions/t.c");
    assert!(
        line.starts_with(&format!(
            "mutants of solutions/t.c: {} made, {} did not compile, {} caught, {} survived",
            n("made"),
            n("no_compile"),
            n("caught"),
            n("survived")
        )),
        "{line}\n{kept}"
    );
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

/// Problem `s`: lines of n (1 ≤ n ≤ 1000), each answered `big` (n ≥ 10) or `small`; a
/// validator, a generator of 40 lines, a brute force written another way.
fn shrinkable() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/s/problem.toml",
        "title = \"Big, many\"\njudge = \"local\"\ntime_limit_ms = 1000\n",
    );
    ws.write(
        "problems/s/validate.c",
        "#include <stdio.h>\nint main(void){long n;int lines=0;char c;\n\
         while(scanf(\"%ld%c\",&n,&c)==2){if(n<1||n>1000||c!='\\n'){fprintf(stderr,\"line %d: %ld out of 1..1000\\n\",lines+1,n);return 1;}lines++;}\n\
         if(!lines){fprintf(stderr,\"no line\\n\");return 1;}return 0;}\n",
    );
    ws.write(
        "problems/s/gen.c",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc,char**argv){unsigned long x=strtoul(argv[1],0,10)*2654435761UL+1;\n\
         for(int i=0;i<40;i++){x=x*6364136223846793005UL+1442695040888963407UL;printf(\"%lu\\n\",(x>>33)%1000+1);}return 0;}\n",
    );
    ws.write(
        "problems/s/brute.c",
        "#include <stdio.h>\nint main(void){long n;while(scanf(\"%ld\",&n)==1)puts(n<10?\"small\":\"big\");return 0;}\n",
    );
    ws.write(
        "solutions/s.c",
        "#include <stdio.h>\nint main(void){long n;while(scanf(\"%ld\",&n)==1)puts(n>=10?\"big\":\"small\");return 0;}\n",
    );
    ws.write(
        "fixtures/s.toml",
        "[[case]]\nname = \"few\"\nsource = \"hand\"\ninput = \"3\\n20\\n\"\noutput = \"small\\nbig\\n\"\n",
    );
    ws.write("problems/s/wrong/wrong.toml", "");
    ws
}

#[test]
fn stress_shrinks_a_large_failing_input_to_a_minimal_valid_one_that_still_fails() {
    let ws = shrinkable();
    // The planted bug: from 500 up it says `small`.
    ws.write(
        "planted.c",
        "#include <stdio.h>\nint main(void){long n;while(scanf(\"%ld\",&n)==1)puts(n>=10&&n<500?\"big\":\"small\");return 0;}\n",
    );
    let planted = ws.path("planted.c");
    let out = ws.runner(&[
        "stress",
        "s",
        "--count",
        "20",
        "--program",
        planted.to_str().unwrap(),
    ]);
    assert_code(&out, 1);
    let s = stdout(&out);
    // 40 generated lines become one: the least failing value, still inside the statement.
    assert!(s.contains("input, shrunk from the "), "{s}");
    let after = s
        .split("shrunk.in; the validator accepts it):\n")
        .nth(1)
        .unwrap_or("");
    assert!(after.starts_with("  500\nbrute force:\n  big\n"), "{s}");
    let shrunk = std::fs::read_dir(ws.path("target/judge/stress"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().ends_with(".shrunk.in"))
        .expect("the shrunk input is kept");
    assert_eq!(std::fs::read(shrunk.path()).unwrap(), b"500\n");
}

#[test]
fn stress_hunts_a_survivor_and_save_makes_the_killing_input_a_fixture_case() {
    let ws = shrinkable();
    let out = ws.runner(&["mutants", "s", "--save"]);
    let s = stdout(&out);
    let line = s
        .lines()
        .find(|l| l.contains("killed by stress") && l.contains("input \"10\""))
        .unwrap_or_else(|| panic!("no survivor killed on 10 in\n{s}"));
    let id = line.split_whitespace().nth(1).unwrap();
    let fixture = std::fs::read_to_string(ws.path("fixtures/s.toml")).unwrap();
    assert!(
        fixture.contains(&format!("name = \"mutant-{id}\"")),
        "{fixture}"
    );
    assert!(fixture.contains("source = \"brute\""), "{fixture}");
    // 10 ≥ 10: big, as the brute force says.
    assert!(
        fixture.contains("input = \"\"\"\n10\n\"\"\"\noutput = \"\"\"\nbig\n\"\"\""),
        "{fixture}"
    );
    // Saved once, however many survivors it kills.
    assert_eq!(fixture.matches("\n10\n").count(), 1, "{fixture}");
    // With that case the mutant is caught.
    let out = ws.runner(&["mutants", "s", "--hunt", "0"]);
    assert!(
        !stdout(&out).contains(&format!("survivor {id}")),
        "{}",
        text(&out)
    );
}

/// Problem `k`: print any integer greater than n, judged by a Kattis output validator (42
/// accepts, 43 rejects; the output on its stdin). `strict`: only n + 1 is accepted.
fn kattis_checked(strict: bool) -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/k/problem.toml",
        "title = \"Greater\"\njudge = \"local\"\ntime_limit_ms = 1000\ncompare = \"checker\"\n\
         checker_convention = \"kattis\"\n",
    );
    write_kattis_checker(&ws, strict);
    ws.write(
        "solutions/k.c",
        "#include <stdio.h>\nint main(void) {\n    int n;\n    if (scanf(\"%d\", &n) != 1) return 1;\n    printf(\"%d\\n\", n + 1);\n    return 0;\n}\n",
    );
    ws.write(
        "fixtures/k.toml",
        "[[case]]\nname = \"three\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"4\\n\"\n",
    );
    ws
}

/// The Kattis output validator of `k`: `checker INPUT ANSWER FEEDBACK_DIR/ < OUTPUT`.
fn write_kattis_checker(ws: &Ws, strict: bool) {
    let accepts = if strict { "x == n + 1" } else { "x > n" };
    ws.write(
        "problems/k/checker.c",
        &format!(
            "#include <stdio.h>\nint main(int argc, char **argv) {{\n\
             if (argc != 4) return 1;\n\
             FILE *in = fopen(argv[1], \"r\"); long n, x;\n\
             if (!in || fscanf(in, \"%ld\", &n) != 1) return 1;\n\
             if (scanf(\"%ld\", &x) != 1) return 43;\n\
             return ({accepts}) ? 42 : 43;\n}}\n"
        ),
    );
}

/// The outcomes `runner mutants` kept for problem `slug` (`caught WA three`, `survived`, …).
fn kept_fates(ws: &Ws, slug: &str) -> Vec<String> {
    let dir = ws.path(&format!("target/judge/mutants/{slug}"));
    let mut fates: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .collect();
    fates.sort();
    fates
}

#[test]
fn a_kattis_output_validator_scores_the_mutants_truly_and_a_changed_checker_is_judged_again() {
    let ws = kattis_checked(false);
    let out = ws.runner(&["mutants", "k"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    // n + 2 is greater than n: the validator accepts it, the mutant survives (exact comparison
    // would have caught it; a validator called the testlib way fails on every mutant and
    // scored 100%).
    assert!(s.contains("line 5: `1` → `2`"), "{s}");
    assert!(s.lines().any(|l| l.starts_with("survivor ")), "{s}");
    // n − 1 and n + 0 are not: the validator rejects them (WA), not a checker failure.
    for caught in ["line 5: `+` → `-`", "line 5: `1` → `0`"] {
        assert!(!s.contains(caught), "{caught} survived:\n{s}");
    }
    let fates = kept_fates(&ws, "k");
    assert_eq!(
        fates.iter().filter(|f| *f == "caught WA three").count(),
        2,
        "{fates:?}"
    );
    assert!(!fates.iter().any(|f| f.contains("JE")), "{fates:?}");
    let score = s.lines().next().unwrap().to_string();

    // A stricter validator: only n + 1. The kept results were judged by the old one, so the
    // mutants are judged again and n + 2 is caught.
    write_kattis_checker(&ws, true);
    let out = ws.runner(&["mutants", "k"]);
    let s = stdout(&out);
    assert!(!s.contains("line 5: `1` → `2`"), "{s}");
    let again = s.lines().next().unwrap().to_string();
    assert_eq!(caught(&again), caught(&score) + 1, "{score}\n{again}");
}

/// The number of mutants caught, from a score line (`…, 5 caught, …`).
fn caught(score: &str) -> usize {
    let words: Vec<&str> = score.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.starts_with("caught"))
        .unwrap_or_else(|| panic!("no count caught in {score}"));
    words[at - 1].parse().unwrap()
}
