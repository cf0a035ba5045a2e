//! Verdicts that were wrong on real problems (Library Checker's, judged by their testlib
//! checkers): the checker's argument order, a build cache blind to headers and to where a file
//! is, the output limit under a checker, the stack, a checker's PE, and what a setter coming from
//! elsewhere needs (no brute force for formula-only fixtures, `source = "reference"`, a default
//! memory limit, headers beside a solution).

use crate::common::*;

/// The checker of `split`: the input is n; a right output is two numbers a, b >= 0 with
/// a + b = n (many are right). Written the way every testlib checker is: the contestant's output
/// from `ouf`, the jury's from `ans`.
const SPLIT_CHECKER: &str = r#"#include "testlib.h"
int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long n = inf.readLong();
    long long ja = ans.readLong(), jb = ans.readLong();
    if (ja + jb != n) quitf(_fail, "the jury's answer %lld + %lld is not %lld", ja, jb, n);
    long long a = ouf.readLong(), b = ouf.readLong();
    if (a < 0 || b < 0 || a + b != n) quitf(_wa, "%lld + %lld is not %lld", a, b, n);
    if (!ouf.seekEof()) quitf(_pe, "extra output after the answer");
    quitf(_ok, "n = %lld", n);
}
"#;

/// Problem `split` judged by the testlib checker above; the jury's answers are `0 n`.
fn split() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/split/problem.toml",
        "title = \"Split\"\njudge = \"local\"\ntime_limit_ms = 1000\ncompare = \"checker\"\n",
    );
    ws.write("problems/split/testlib.h", TESTLIB_H);
    ws.write("problems/split/checker.cpp", SPLIT_CHECKER);
    ws.write(
        "fixtures/split.toml",
        "[[case]]\nname = \"five\"\nsource = \"hand\"\ninput = \"5\\n\"\noutput = \"0 5\\n\"\n\n\
         [[case]]\nname = \"nine\"\nsource = \"hand\"\ninput = \"9\\n\"\noutput = \"0 9\\n\"\n",
    );
    ws
}

fn judge_c(ws: &Ws, slug: &str, name: &str, source: &str, extra: &[&str]) -> std::process::Output {
    ws.write(name, source);
    let path = ws.path(name);
    let mut args = vec!["judge", slug, path.to_str().unwrap()];
    args.extend_from_slice(extra);
    ws.runner(&args)
}

#[test]
fn a_testlib_checker_gets_the_contestants_output_second_and_the_jurys_answer_third() {
    let ws = split();
    // Right, and not the jury's answer: accepted.
    let right = judge_c(
        &ws,
        "split",
        "right.c",
        "#include <stdio.h>\nint main(void){long n; scanf(\"%ld\",&n); printf(\"%ld %ld\\n\", n/2, n-n/2); return 0;}\n",
        &[],
    );
    assert_code(&right, 0);
    assert!(stdout(&right).contains("2/2 AC"), "{}", text(&right));

    // Wrong: 1 + 1 is not n. Called in the old order (the jury's answer second), the checker
    // read the jury's `0 n` as the contestant's and accepted this program on every case.
    let wrong = judge_c(
        &ws,
        "split",
        "wrong.c",
        "#include <stdio.h>\nint main(void){printf(\"1 1\\n\"); return 0;}\n",
        &[],
    );
    assert_code(&wrong, 1);
    let out = stdout(&wrong);
    assert!(
        out.contains("case five: WA (by the checker)"),
        "{}",
        text(&wrong)
    );
    assert!(
        out.contains("│ wrong answer 1 + 1 is not 5"),
        "{}",
        text(&wrong)
    );
    assert!(out.contains("0/2 AC"), "{}", text(&wrong));
}

#[test]
fn a_checkers_pe_shows_its_own_message_not_the_same_tokens_hint() {
    let ws = split();
    let short = judge_c(
        &ws,
        "split",
        "short.c",
        "#include <stdio.h>\nint main(void){long n; scanf(\"%ld\",&n); printf(\"%ld\\n\", n); return 0;}\n",
        &[],
    );
    assert_code(&short, 1);
    let out = stdout(&short);
    assert!(
        out.contains("case five: PE (by the checker)"),
        "{}",
        text(&short)
    );
    assert!(
        out.contains("│ wrong output format Unexpected end of file - int64 expected"),
        "{}",
        text(&short)
    );
    assert!(!out.contains("same tokens"), "{}", text(&short));

    // The same in the JSON records: the checker's message, no compare-mode hint.
    let json = ws.runner(&[
        "judge",
        "split",
        ws.path("short.c").to_str().unwrap(),
        "--format",
        "json",
    ]);
    let records = stdout(&json);
    assert!(
        records.contains("Unexpected end of file - int64 expected"),
        "{records}"
    );
    assert!(!records.contains("same tokens"), "{records}");
}

#[test]
fn nim_move_still_passes_with_its_checker_in_testlibs_order() {
    let out = assert_cmd::Command::cargo_bin("runner")
        .unwrap()
        .arg("--root")
        .arg(repo_root())
        .args(["--color", "never", "nim-move"])
        .env_remove("CI")
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 8/8 got their verdict"),
        "{}",
        text(&out)
    );
}

/// Problem `ones`: the input is n, a right output is any list of positive numbers (one per
/// line) that sums to n; the jury answers with the one line `n`. Judged by a C checker.
fn ones() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/ones/problem.toml",
        "title = \"Ones\"\njudge = \"local\"\ntime_limit_ms = 2000\nmemory_limit_kib = 262144\ncompare = \"checker\"\n",
    );
    ws.write(
        "problems/ones/checker.c",
        r#"#include <stdio.h>
int main(int argc, char **argv) {
    FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r");
    long n, x, sum = 0;
    if (!in || !out || fscanf(in, "%ld", &n) != 1) return 3;
    while (fscanf(out, "%ld", &x) == 1) {
        if (x <= 0) { fprintf(stderr, "%ld is not positive\n", x); return 1; }
        sum += x;
    }
    if (sum != n) { fprintf(stderr, "the sum is %ld, not %ld\n", sum, n); return 1; }
    return 0;
}
"#,
    );
    ws.write(
        "fixtures/ones.toml",
        "[[case]]\nname = \"big\"\nsource = \"hand\"\ninput = \"1500000\\n\"\noutput = \"1500000\\n\"\n",
    );
    ws
}

const ALL_ONES: &str = "#include <stdio.h>\nint main(void){long n; scanf(\"%ld\",&n); for(long i=0;i<n;i++) puts(\"1\"); return 0;}\n";

#[test]
fn a_long_right_answer_under_a_checker_is_accepted_and_the_limit_is_the_problems() {
    let ws = ones();
    // 3 MB of output where the jury's answer is 8 bytes: a right answer, not an OLE.
    let out = judge_c(&ws, "ones", "ones.c", ALL_ONES, &[]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));

    // problem.toml's own output limit applies, to every compare mode.
    ws.write(
        "problems/ones/problem.toml",
        "title = \"Ones\"\njudge = \"local\"\ntime_limit_ms = 2000\nmemory_limit_kib = 262144\ncompare = \"checker\"\noutput_limit_kib = 1024\n",
    );
    let out = judge_c(&ws, "ones", "ones.c", ALL_ONES, &[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains("case big: OLE (more than 1048576 bytes of output)"),
        "{}",
        text(&out)
    );
}

/// Recursion `depth` deep with a frame the optimiser cannot remove (about 100 bytes a level).
const DEEP: &str = r#"#include <stdio.h>
int down(int n) { volatile char pad[64]; pad[0] = (char)n; if (n == 0) return 0; return down(n - 1) + pad[0]; }
int main(void) { int n; if (scanf("%d", &n) != 1) return 1; printf("%d\n", down(500000) * 0 + 2 * n); return 0; }
"#;

#[test]
fn the_local_stack_is_the_memory_limit_and_a_judges_small_stack_says_stack_overflow() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"HDU\"\nid = \"1\"\ntime_limit_ms = 2000\nmemory_limit_kib = 262144\n",
    );
    // local: a stack as large as the memory limit (256 MiB) holds 500 000 levels (~50 MB).
    let local = judge_c(&ws, "t", "deep.c", DEEP, &["--judge", "local"]);
    assert_code(&local, 0);
    assert!(stdout(&local).contains("1/1 AC"), "{}", text(&local));

    // HDU GCC: MinGW's 2 MiB stack overflows, and the report says what probably happened.
    let hdu = judge_c(&ws, "t", "deep.c", DEEP, &["--judge", "HDU"]);
    assert_code(&hdu, 1);
    assert!(
        stdout(&hdu).contains(
            "RE (SIGSEGV; stack overflow? the stack is 2.0 MiB (stack_kib of the judge profile))"
        ),
        "{}",
        text(&hdu)
    );
}

#[test]
fn a_wrong_solution_is_built_under_the_problems_judge_profile() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"POJ\"\nid = \"1\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "solutions/cpp/t.cpp",
        "#include <cstdio>\nint main() { long n; while (scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    // C++11 that g++ 12 takes by default, and POJ's C++98 does not: CE there.
    ws.write(
        "problems/t/wrong/auto.cpp",
        "#include <cstdio>\nint main() { long n; while (scanf(\"%ld\", &n) == 1) { auto m = 2 * n; printf(\"%ld\\n\", m); } return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"auto.cpp\"\nexpect = \"CE\"\nwhy = \"`auto` is C++11: POJ's G++ is C++98\"\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 1/1 got their verdict"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_header_declared_for_solutions_is_followed_by_the_cache_and_is_no_hole() {
    let ws = Ws::twice();
    ws.write("lib/io.h", "#include <stdio.h>\n#define FACTOR 2\n");
    let main = "#include \"../lib/io.h\"\nint main(void){long n; while(scanf(\"%ld\",&n)==1) printf(\"%ld\\n\", FACTOR*n); return 0;}\n";
    ws.write("mine/t.c", main);
    let mine = ws.path("mine/t.c");
    let mine = mine.to_str().unwrap();
    // Not declared: the compile does not see it.
    let out = ws.runner(&["judge", "t", mine]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("CE on all 1 cases"), "{}", text(&out));
    assert!(stdout(&out).contains("No such file"), "{}", text(&out));
    // Declared for the problem's solutions (a file named t.c is one).
    let toml = std::fs::read_to_string(ws.path("problems/t/problem.toml")).unwrap();
    ws.write(
        "problems/t/problem.toml",
        &format!("{toml}solution_include = [\"../../lib/io.h\", \"../../solutions/io.h\"]\n"),
    );
    ws.write("solutions/io.h", "#include <stdio.h>\n#define FACTOR 2\n");
    assert_code(&ws.runner(&["judge", "t", mine]), 0);

    // The header changes: rebuilt, and now wrong.
    ws.write("lib/io.h", "#include <stdio.h>\n#define FACTOR 3\n");
    let out = ws.runner(&["judge", "t", mine]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("WA"), "{}", text(&out));
    ws.write("lib/io.h", "#include <stdio.h>\n#define FACTOR 2\n");

    // The same text where `../lib/io.h` does not exist: CE, never the cached AC.
    ws.write("elsewhere/deeper/t.c", main);
    let moved = ws.path("elsewhere/deeper/t.c");
    let out = ws.runner(&["judge", "t", moved.to_str().unwrap()]);
    assert_code(&out, 1);
    assert!(stdout(&out).contains("CE on all 1 cases"), "{}", text(&out));
    assert!(stdout(&out).contains("io.h"), "{}", text(&out));

    // A header beside the solutions (with <…> through the include path) is not a hole.
    ws.write(
        "solutions/t.c",
        "#include <io.h>\nint main(void){long n; while(scanf(\"%ld\",&n)==1) printf(\"%ld\\n\", FACTOR*n); return 0;}\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));

    // An entry that leaves the workspace, or names the fixtures, is an error naming its line.
    for (entry, why) in [
        ("../../../x.h", "cannot be read"),
        ("../../fixtures/t.toml", "is in the fixtures"),
    ] {
        ws.write(
            "problems/t/problem.toml",
            &format!("{toml}solution_include = [\"{entry}\"]\n"),
        );
        let out = ws.runner(&[]);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains("problem.toml:5"), "{err}");
        assert!(
            err.contains(&format!("solution_include: `{entry}` {why}")),
            "{err}"
        );
    }
}

#[test]
fn verify_needs_no_brute_force_for_formula_cases_and_counts_reference_answers() {
    let ws = Ws::empty();
    // No memory_limit_kib: the default (256 MiB) applies.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\n",
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\nsource = \"formula\"\noracle = \"formula\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"b\"\nsource = \"reference\"\noracle = \"formula\"\ninput = \"4\\n\"\noutput = \"8\\n\"\n",
    );
    ws.write(
        "problems/t/validate.c",
        "#include <stdio.h>\nint main(void){long n; char c; if(scanf(\"%ld%c\",&n,&c)!=2||c!='\\n'||n<1){fputs(\"bad\\n\",stderr);return 1;} return 0;}\n",
    );
    ws.write("problems/t/invalid/zero.in", "0\n");
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void){long n; while(scanf(\"%ld\",&n)==1) printf(\"%ld\\n\", 2*n); return 0;}\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 0);
    let judged = ws.runner(&[]);
    assert_code(&judged, 0);
    assert!(
        stdout(&judged).contains("of 256.0 MiB"),
        "{}",
        text(&judged)
    );

    // A case the brute force should check, and no brute force: verify says so.
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\nsource = \"reference\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("missing: verify needs the problem's brute force"),
        "{}",
        text(&out)
    );
    // With one, the reference case is checked by it and marked as weaker evidence.
    ws.write(
        "problems/t/brute.c",
        "#include <stdio.h>\nint main(void){long n; while(scanf(\"%ld\",&n)==1){long s=0; for(long i=0;i<n;i++) s+=2; printf(\"%ld\\n\", s);} return 0;}\n",
    );
    let out = ws.runner(&["verify"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "1 case rests on a reference solution's output (source = \"reference\"): weaker evidence than a brute force"
        ),
        "{}",
        text(&out)
    );
}
