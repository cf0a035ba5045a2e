//! The verdict cache: a second run reuses what nothing changed, and each thing a verdict depends
//! on invalidates it.

use crate::common::*;
use serde_json::Value;

const TWICE_C: &str = "#include <stdio.h>\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; printf(\"%ld\\n\", 2 * n); return 0; }\n";

/// Problem `t` (twice the input) with two cases and a C solution.
fn ws() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    ws.write("fixtures/t.toml", &fixture("3", "6", "5", "10"));
    ws.write("solutions/t.c", TWICE_C);
    ws
}

fn fixture(a: &str, a_out: &str, b: &str, b_out: &str) -> String {
    format!(
        "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"{a}\\n\"\noutput = \"{a_out}\\n\"\n\n\
         [[case]]\nname = \"b\"\nsource = \"hand\"\ninput = \"{b}\\n\"\noutput = \"{b_out}\\n\"\n"
    )
}

/// The run's case records as (case, verdict, cached), sorted by case.
fn judged(ws: &Ws, extra: &[&str]) -> Vec<(String, String, bool)> {
    let mut args = vec!["--format", "json"];
    args.extend_from_slice(extra);
    let out = ws.runner(&args);
    let mut cases: Vec<(String, String, bool)> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "case")
        .map(|v| {
            (
                v["case"].as_str().unwrap().to_string(),
                v["verdict"].as_str().unwrap_or("-").to_string(),
                v["cached"].as_bool().unwrap(),
            )
        })
        .collect();
    cases.sort();
    cases
}

fn row(case: &str, verdict: &str, cached: bool) -> (String, String, bool) {
    (case.to_string(), verdict.to_string(), cached)
}

#[test]
fn a_second_run_reuses_every_verdict_and_no_cache_judges_them_all() {
    let ws = ws();
    let first = judged(&ws, &[]);
    assert_eq!(first, [row("a", "AC", false), row("b", "AC", false)]);
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "AC", true)]
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("reused 2 verdict(s) from the cache"),
        "{}",
        text(&out)
    );
    assert_eq!(
        judged(&ws, &["--no-cache"]),
        [row("a", "AC", false), row("b", "AC", false)]
    );
}

#[test]
fn the_input_the_expected_output_the_limits_and_the_program_each_invalidate() {
    let ws = ws();
    judged(&ws, &[]);
    // A changed input (and its output): only that case is judged again.
    ws.write("fixtures/t.toml", &fixture("4", "8", "5", "10"));
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "AC", true)]
    );
    // A changed expected output alone: judged again, and now wrong.
    ws.write("fixtures/t.toml", &fixture("4", "8", "5", "11"));
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "WA", false)]
    );
    ws.write("fixtures/t.toml", &fixture("4", "8", "5", "10"));
    judged(&ws, &[]);
    // A changed limit: every case again.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 900\nmemory_limit_kib = 65536\n",
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "AC", false)]
    );
    // A changed program: every case again, with its own verdicts.
    ws.write(
        "solutions/t.c",
        &TWICE_C.replace("2 * n", "n + n + (n == 5)"),
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "WA", false)]
    );
}

#[test]
fn another_judge_profile_is_another_program() {
    let ws = ws();
    judged(&ws, &[]);
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"POJ\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "AC", false)]
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "AC", true)]
    );
}

#[test]
fn a_changed_checker_judges_its_cases_again() {
    let ws = ws();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\ncompare = \"checker\"\n",
    );
    let checker = |verdict: i32| {
        format!(
            "fn main() {{ let a: Vec<String> = std::env::args().collect(); \
             let out = std::fs::read_to_string(&a[2]).unwrap(); \
             let ans = std::fs::read_to_string(&a[3]).unwrap(); \
             std::process::exit(if out.trim() == ans.trim() {{ {verdict} }} else {{ 1 }}); }}\n"
        )
    };
    ws.write("problems/t/checker.rs", &checker(0));
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "AC", false)]
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "AC", true)]
    );
    // The same verdicts from a checker that now calls every right answer PE.
    ws.write("problems/t/checker.rs", &checker(2));
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "PE", false), row("b", "PE", false)]
    );
}

#[test]
fn a_peak_near_the_memory_limit_is_measured_again_every_run() {
    let ws = ws();
    // 56 MiB touched under a 64 MiB limit: within a quarter of the limit on every machine.
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; \
         if (n == 5) { volatile char *p = malloc(56 << 20); long s = 0; for (long i = 0; i < (56L << 20); i += 4096) p[i] = 1; \
         for (long i = 0; i < (56L << 20); i += 4096) s += p[i]; if (s != (56L << 8)) return 2; } \
         printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", false), row("b", "AC", false)]
    );
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "AC", false)]
    );
}

#[test]
fn an_unreadable_entry_is_judged_again_with_a_note() {
    let ws = ws();
    judged(&ws, &[]);
    let mut entries = 0;
    for e in walkdir(&ws.path("target/judge/verdicts")) {
        std::fs::write(&e, "{ not json").unwrap();
        entries += 1;
    }
    assert_eq!(entries, 2);
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("note: 2 verdict cache entries could not be read: judged again"),
        "{}",
        text(&out)
    );
    assert!(!stdout(&out).contains("reused"), "{}", text(&out));
    assert_eq!(
        judged(&ws, &[]),
        [row("a", "AC", true), row("b", "AC", true)]
    );
}

/// Every file below `dir`.
fn walkdir(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files.extend(walkdir(&p));
        } else {
            files.push(p);
        }
    }
    files
}

/// `runner` with `args` exactly (the workspace's `runner` adds `--color never`).
fn runner_as_given(ws: &Ws, args: &[&str]) -> std::process::Output {
    let mut cmd = assert_cmd::Command::cargo_bin("runner").unwrap();
    cmd.arg("--root")
        .arg(ws.path(""))
        .args(args)
        .env_remove("CI")
        .env_remove("NO_COLOR")
        .timeout(std::time::Duration::from_secs(120));
    cmd.output().unwrap()
}

/// The failure block's diff lines: the paired lines (`line N: …`) and the cut note.
fn diff_lines(report: &str) -> (Vec<&str>, Vec<&str>) {
    let lines: Vec<&str> = report.lines().map(str::trim).collect();
    let paired = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("line "))
        .collect();
    let cut = lines
        .iter()
        .copied()
        .filter(|l| l.contains("more differing lines not shown"))
        .collect();
    (paired, cut)
}

#[test]
fn how_a_report_is_drawn_never_judges_again() {
    // Twice each number, but one more from 10 on: case a is right, case b wrong on the 11
    // lines of 10..=20.
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    let numbers: Vec<String> = (1..=20).map(|n| n.to_string()).collect();
    let twice: Vec<String> = (1..=20).map(|n| (2 * n).to_string()).collect();
    ws.write(
        "fixtures/t.toml",
        &format!(
            "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"3\\n1\\n2\\n3\\n\"\n\
             output = \"2\\n4\\n6\\n\"\n\n[[case]]\nname = \"b\"\nsource = \"hand\"\n\
             input = \"20\\n{}\\n\"\noutput = \"{}\\n\"\n",
            numbers.join("\\n"),
            twice.join("\\n")
        ),
    );
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void) { long t, n; if (scanf(\"%ld\", &t) != 1) return 1;\n\
         while (t-- > 0 && scanf(\"%ld\", &n) == 1) printf(\"%ld\\n\", 2 * n + (n >= 10));\n\
         return 0; }\n",
    );
    let reused = "reused 2 verdict(s) from the cache";

    let never = runner_as_given(&ws, &["--color", "never", "t"]);
    assert_code(&never, 1);
    let report = stdout(&never);
    assert!(
        !report.contains(reused) && !report.contains('\x1b'),
        "{report}"
    );
    let (paired, cut) = diff_lines(&report);
    assert_eq!(paired.len(), 11, "{report}");
    assert_eq!(paired[0], "line 10: expected 20, got 21   (input: 10)");
    assert!(cut.is_empty(), "{report}");

    // Colour on: every verdict reused, the same diff drawn in colour.
    let always = runner_as_given(&ws, &["--color", "always", "t"]);
    assert_code(&always, 1);
    let report = stdout(&always);
    assert!(report.contains(reused), "{report}");
    assert!(
        report.contains("line 10: expected \x1b[32m20\x1b[0m, got \x1b[31m21\x1b[0m"),
        "{report}"
    );

    // Five diff lines: every verdict reused, the diff cut at 5 with the count of the rest.
    let five = runner_as_given(&ws, &["--color", "never", "--diff-lines", "5", "t"]);
    assert_code(&five, 1);
    let report = stdout(&five);
    assert!(report.contains(reused), "{report}");
    let (paired, cut) = diff_lines(&report);
    assert_eq!(
        paired,
        (10..=14)
            .map(|n| format!(
                "line {n}: expected {}, got {}   (input: {n})",
                2 * n,
                2 * n + 1
            ))
            .collect::<Vec<_>>(),
        "{report}"
    );
    assert_eq!(
        cut,
        ["… 6 more differing lines not shown (expected 20 lines, got 20)"],
        "{report}"
    );

    // The machine report draws from the cached facts too, with its own length.
    let json = runner_as_given(&ws, &["--format", "json", "--diff-lines", "3", "t"]);
    let records: Vec<Value> = stdout(&json)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "case")
        .collect();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r["cached"] == true), "{records:?}");
    let b = records.iter().find(|r| r["case"] == "b").unwrap();
    assert_eq!(
        b["diff"],
        "line 10: expected 20, got 21   (input: 10)\nline 11: expected 22, got 23   (input: \
         11)\nline 12: expected 24, got 25   (input: 12)\n… 8 more differing lines not shown \
         (expected 20 lines, got 20)\n"
    );
}
