//! Reports for machines: the JSON Lines stream, the JUnit file, `--partition`, `--failed` and
//! `judge --watch`, through the real binary.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::Value;

/// The lines of a JSON Lines output, each parsed.
fn parse_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}\n{}", text(out)))
        })
        .collect()
}

fn of_type<'a>(lines: &'a [Value], ty: &str) -> Vec<&'a Value> {
    lines.iter().filter(|l| l["type"] == ty).collect()
}

/// The summary, which must be the last line.
fn summary(lines: &[Value]) -> &Value {
    let last = lines.last().expect("no output");
    assert_eq!(last["type"], "summary", "the last line is not the summary");
    assert_eq!(of_type(lines, "summary").len(), 1);
    last
}

/// `N passed, M failed` from the last line of a human report.
fn human_counts(out: &Output) -> (usize, usize) {
    let s = stdout(out);
    let last = s.lines().last().unwrap_or_default();
    let (p, rest) = last.split_once(" passed, ").expect("a summary line");
    let f = rest.split(" failed").next().expect("a summary line");
    (p.parse().unwrap(), f.parse().unwrap())
}

const CASE_FIELDS: [&str; 20] = [
    "type",
    "schema",
    "problem",
    "program",
    "role",
    "expect",
    "case",
    "status",
    "verdict",
    "detail",
    "cpu_ms",
    "wall_ms",
    "peak_bytes",
    "confirmed_alone",
    "cached",
    "first_difference",
    "diff",
    "stderr",
    "time_limit_ms",
    "memory_limit_bytes",
];

const C_HEAD: &str = "#include <stdio.h>\n";

/// Problem `t` (n -> 2n, cases `small` 3 and `big` 5) with its solution and three wrong solutions
/// that must get WA, TLE and CE; problem `u` whose solution gets WA and writes to stderr.
pub(crate) fn mixed() -> Ws {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"big\"\nsource = \"hand\"\ninput = \"5\\n\"\noutput = \"10\\n\"\n",
    );
    ws.write(
        "solutions/src/bin/t.rs",
        "use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let n: u64 = s.trim().parse().unwrap(); println!(\"{}\", 2 * n); }\n",
    );
    ws.write(
        "problems/t/wrong/thrice.c",
        &format!("{C_HEAD}int main(void) {{ long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 3 * n); return 0; }}\n"),
    );
    ws.write(
        "problems/t/wrong/spin.c",
        &format!("{C_HEAD}int main(void) {{ volatile long i = 0; for (;;) i++; }}\n"),
    );
    ws.write(
        "problems/t/wrong/broken.c",
        "int main(void) { return nope; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"thrice.c\"\nexpect = \"WA\"\nwhy = \"triples\"\n\n\
         [[program]]\nfile = \"spin.c\"\nexpect = \"TLE\"\nwhy = \"never stops\"\n\n\
         [[program]]\nfile = \"broken.c\"\nexpect = \"CE\"\nwhy = \"does not compile\"\n",
    );
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/u.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"\"\noutput = \"1\\n\"\n",
    );
    ws.write(
        "solutions/src/bin/u.rs",
        "fn main() { eprintln!(\"debug: 2\"); println!(\"2\"); }\n",
    );
    ws
}

fn case<'a>(cases: &[&'a Value], program: &str, name: &str) -> &'a Value {
    let found: Vec<&&Value> = cases
        .iter()
        .filter(|c| c["program"] == program && c["case"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{program} {name}: {found:?}");
    found[0]
}

#[test]
fn json_and_junit_of_a_run_with_ac_wa_tle_and_ce() {
    let ws = mixed();
    let out = ws.runner(&["--format", "json"]);
    assert_code(&out, 1);
    let lines = parse_lines(&out);
    let cases = of_type(&lines, "case");
    assert_eq!(cases.len(), 9, "{}", text(&out));
    for c in &cases {
        let mut keys: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
        // Present only where they say something (docs/src/machine-reports.md): a WA's input.
        if c["verdict"] == "WA" {
            assert!(c["input"].is_string(), "a WA shows its input: {c}");
        }
        keys.retain(|k| !["input", "hint"].contains(k));
        keys.sort();
        let mut want = CASE_FIELDS.to_vec();
        want.sort();
        assert_eq!(keys, want, "{c}");
        assert_eq!(c["schema"], 1);
    }

    // The solution: AC on both cases.
    let sol = "solutions/src/bin/t.rs";
    for name in ["small", "big"] {
        let c = case(&cases, sol, name);
        assert_eq!(c["problem"], "t");
        assert_eq!(c["role"], "solution");
        assert_eq!(c["expect"], Value::Null);
        assert_eq!(c["status"], "passed");
        assert_eq!(c["verdict"], "AC");
        assert_eq!(c["detail"], Value::Null);
        assert!(c["cpu_ms"].as_u64().unwrap() < 500, "{c}");
        assert!(c["wall_ms"].is_u64(), "{c}");
        assert!(c["peak_bytes"].as_u64().unwrap() > 0, "{c}");
        assert_eq!(c["confirmed_alone"], false);
        assert_eq!(c["first_difference"], Value::Null);
        assert_eq!(c["diff"], Value::Null);
        assert_eq!(c["stderr"], Value::Null);
    }

    // A solution with a WA: the first difference, a plain diff, its stderr.
    let c = case(&cases, "solutions/src/bin/u.rs", "one");
    assert_eq!(c["problem"], "u");
    assert_eq!(c["status"], "failed");
    assert_eq!(c["verdict"], "WA");
    assert_eq!(c["detail"], Value::Null);
    assert_eq!(
        c["first_difference"],
        "first difference: line 1, token 1: expected \"1\", got \"2\""
    );
    let diff = c["diff"].as_str().unwrap();
    assert!(diff.contains("-1\n") && diff.contains("+2\n"), "{diff}");
    assert!(!diff.contains('\x1b'), "the diff is plain text: {diff:?}");
    assert_eq!(c["stderr"], "debug: 2\n");
    assert!(c["cpu_ms"].is_u64() && c["peak_bytes"].is_u64(), "{c}");

    // The wrong solution that must get WA: caught on some case, the other caught or skipped.
    let thrice = "problems/t/wrong/thrice.c";
    let mut caught = 0;
    for (name, got) in [("small", "9"), ("big", "15")] {
        let c = case(&cases, thrice, name);
        assert_eq!(c["role"], "wrong");
        assert_eq!(c["expect"], "WA");
        match c["status"].as_str().unwrap() {
            "caught" => {
                caught += 1;
                assert_eq!(c["verdict"], "WA");
                let first = c["first_difference"].as_str().unwrap();
                assert!(first.ends_with(&format!("got \"{got}\"")), "{c}");
                assert!(
                    c["diff"].as_str().unwrap().contains(&format!("+{got}\n")),
                    "{c}"
                );
            }
            "skipped" => {
                assert_eq!(c["verdict"], Value::Null);
                assert!(
                    c["detail"]
                        .as_str()
                        .unwrap()
                        .starts_with("not run: it already got WA on case "),
                    "{c}"
                );
                assert_eq!(c["cpu_ms"], Value::Null);
            }
            other => panic!("{other}: {c}"),
        }
    }
    assert!(caught >= 1);

    // The wrong solution that must get TLE: a TLE decided by CPU time, which stands without a
    // re-run (only a wall-clock TLE is confirmed alone).
    let spin = "problems/t/wrong/spin.c";
    let tles: Vec<&&Value> = cases
        .iter()
        .filter(|c| c["program"] == spin && c["verdict"] == "TLE")
        .collect();
    assert!(!tles.is_empty(), "{cases:?}");
    let c = tles[0];
    assert_eq!(c["confirmed_alone"], false, "{c}");
    assert_eq!(
        (&c["verdict"], &c["status"]),
        (&"TLE".into(), &"caught".into())
    );
    assert!(c["cpu_ms"].as_u64().unwrap() >= 500, "{c}");
    assert!(c["detail"].as_str().unwrap().contains("cpu"), "{c}");

    // The wrong solution that must get CE: CE on every case, the compiler's message kept.
    for name in ["small", "big"] {
        let c = case(&cases, "problems/t/wrong/broken.c", name);
        assert_eq!(
            (&c["verdict"], &c["status"]),
            (&"CE".into(), &"caught".into())
        );
        assert_eq!(c["detail"], "compile error");
        assert!(c["stderr"].as_str().unwrap().contains("nope"), "{c}");
        assert_eq!(c["cpu_ms"], Value::Null);
        assert_eq!(c["wall_ms"], Value::Null);
        assert_eq!(c["peak_bytes"], Value::Null);
    }

    // One line per wrong solution.
    let wrong = of_type(&lines, "wrong_solution");
    assert_eq!(wrong.len(), 3);
    for (w, program, expect, why) in [
        (wrong[0], thrice, "WA", "triples"),
        (wrong[1], spin, "TLE", "never stops"),
        (
            wrong[2],
            "problems/t/wrong/broken.c",
            "CE",
            "does not compile",
        ),
    ] {
        assert_eq!(w["schema"], 1);
        assert_eq!(w["problem"], "t");
        assert_eq!(w["program"], program);
        assert_eq!(w["expect"], expect);
        assert_eq!(w["why"], why);
        assert_eq!(w["passed"], true);
        let by = w["caught_by"].as_str().unwrap();
        assert_eq!(case(&cases, program, by)["verdict"], expect);
        assert!(w["verdicts"][expect].as_u64().unwrap() >= 1, "{w}");
    }
    assert_eq!(wrong[2]["caught_by"], "small");
    assert_eq!(wrong[2]["verdicts"], serde_json::json!({"CE": 2}));

    // The summary: the human counts, the exit code, the verdicts.
    let s = summary(&lines);
    assert_eq!(s["schema"], 1);
    assert_eq!((&s["passed"], &s["failed"]), (&5.into(), &1.into()), "{s}");
    assert_eq!(s["exit_code"], 1);
    assert_eq!(s["cases"], 9);
    assert_eq!(s["interrupted"], false);
    assert_eq!(s["partition"], Value::Null);
    assert_eq!(s["failed_only"], false);
    assert_eq!(s["no_solution"], serde_json::json!([]));
    let skipped = cases.iter().filter(|c| c["status"] == "skipped").count();
    assert_eq!(s["skipped"], skipped);
    let mut verdicts: BTreeMap<String, u64> = BTreeMap::new();
    for v in cases.iter().filter_map(|c| c["verdict"].as_str()) {
        *verdicts.entry(v.to_string()).or_default() += 1;
    }
    assert_eq!(s["verdicts"], serde_json::to_value(&verdicts).unwrap());
    // Fixed by the workspace, whatever the timing: t.rs is AC on its two cases, broken.c is CE on
    // both, spin.c runs once (its largest case) and is a TLE.
    assert_eq!(
        (
            &s["verdicts"]["AC"],
            &s["verdicts"]["CE"],
            &s["verdicts"]["TLE"]
        ),
        (&2.into(), &2.into(), &1.into()),
        "{s}"
    );
    assert!(stderr(&out).is_empty(), "{}", text(&out));

    // The same run, human, with a JUnit file: the report is unchanged and the file's counts match.
    let junit = ws.path("out/junit.xml");
    let human = ws.runner(&["--junit", junit.to_str().unwrap()]);
    assert_code(&human, 1);
    let h = stdout(&human);
    assert!(h.contains("FAIL u "), "{h}");
    assert!(h.contains("case one: WA"), "{h}");
    assert_eq!(human_counts(&human), (5, 1));
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let n = |a: &str| root.attribute(a).unwrap().parse::<usize>().unwrap();
    let (tests, failures, skipped) = (n("tests"), n("failures"), n("skipped"));
    assert_eq!(n("errors"), 0);
    assert_eq!(tests, 9, "{xml}");
    assert_eq!(
        (tests - failures - skipped, failures),
        human_counts(&human),
        "{xml}"
    );
    let suites: Vec<&str> = root
        .children()
        .filter(|c| c.has_tag_name("testsuite"))
        .map(|c| c.attribute("name").unwrap())
        .collect();
    assert_eq!(suites, ["t", "u"]);
    let failure = doc
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .expect("a failure");
    let tc = failure.parent().unwrap();
    assert_eq!(tc.attribute("classname"), Some("solutions/src/bin/u.rs"));
    assert_eq!(tc.attribute("name"), Some("one"));
    assert_eq!(failure.attribute("type"), Some("WA"));
    assert_eq!(
        failure.attribute("message"),
        Some("WA: first difference: line 1, token 1: expected \"1\", got \"2\"")
    );
    assert!(failure.text().unwrap().contains("+2"), "{xml}");
}

/// Every case line's key and every wrong-solution line's key, with the shard's program of each.
fn keys(lines: &[Value]) -> Vec<String> {
    let mut keys: Vec<String> = lines
        .iter()
        .filter_map(|l| match l["type"].as_str()? {
            "case" => Some(format!(
                "case {}/{}/{}",
                l["problem"], l["program"], l["case"]
            )),
            "wrong_solution" => Some(format!("wrong {}/{}", l["problem"], l["program"])),
            _ => None,
        })
        .collect();
    keys.sort();
    keys
}

#[test]
fn the_shards_of_a_run_cover_every_program_and_case_once() {
    let problems = [
        "poj1067-wythoff",
        "hdu4388-stone-game-ii",
        "poj1704-georgia-and-bob",
    ];
    let run = |extra: &[&str]| {
        let mut args: Vec<&str> = problems.to_vec();
        args.extend(["--format", "json"]);
        args.extend(extra);
        let out = repo_runner(&args);
        assert_code(&out, 0);
        out
    };
    let whole = parse_lines(&run(&[]));
    let all = keys(&whole);
    let wrong_programs = of_type(&whole, "wrong_solution").len();
    assert!(wrong_programs >= 3 && all.len() > 60, "{all:?}");
    for scheme in ["count", "hash"] {
        for n in 1..=4 {
            let mut union = Vec::new();
            let mut passed = 0;
            for k in 1..=n {
                let out = run(&["--partition", &format!("{scheme}:{k}/{n}")]);
                let shard = parse_lines(&out);
                let s = summary(&shard);
                assert_eq!(s["partition"], format!("{scheme}:{k}/{n}"));
                passed += s["passed"].as_u64().unwrap();
                // A wrong solution is judged whole in one shard: all its cases are here.
                for w in of_type(&shard, "wrong_solution") {
                    let here = of_type(&shard, "case")
                        .iter()
                        .filter(|c| c["program"] == w["program"])
                        .count();
                    let everywhere = of_type(&whole, "case")
                        .iter()
                        .filter(|c| c["program"] == w["program"])
                        .count();
                    assert_eq!(here, everywhere, "{w}");
                }
                union.extend(keys(&shard));
            }
            union.sort();
            assert_eq!(union, all, "{scheme}:K/{n}");
            assert_eq!(passed, summary(&whole)["passed"].as_u64().unwrap());
        }
    }
}

#[test]
fn an_empty_shard_says_so_and_passes() {
    let ws = Ws::twice();
    ws.write(
        "solutions/src/bin/t.c",
        "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    // One (program, case): shard 1 of 2 has it, shard 2 has nothing.
    let out = ws.runner(&["--partition", "count:1/2"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("\n1 passed, 0 failed"),
        "{}",
        text(&out)
    );
    let junit = ws.path("junit.xml");
    let out = ws.runner(&["--partition", "2/2", "--junit", junit.to_str().unwrap()]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "partition 2/2: nothing to do\n");
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    assert_eq!(doc.root_element().attribute("tests"), Some("0"));
    let out = ws.runner(&["--partition", "2/2", "--format", "json"]);
    assert_code(&out, 0);
    assert_eq!(stderr(&out), "partition 2/2: nothing to do\n");
    let lines = parse_lines(&out);
    assert_eq!(lines.len(), 1);
    let s = summary(&lines);
    assert_eq!((&s["cases"], &s["exit_code"]), (&0.into(), &0.into()));
    assert_eq!(s["partition"], "count:2/2");
    // A partition that is not K/N is a usage error.
    assert_code(&ws.runner(&["--partition", "3/2"]), 2);
}

#[test]
fn failed_re_runs_exactly_what_failed() {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"b\"\ninput = \"5\\n\"\noutput = \"10\\n\"\n\n\
         [[case]]\nname = \"c\"\ninput = \"7\\n\"\noutput = \"14\\n\"\n",
    );
    let solution = |bug: &str| {
        format!("#include <stdio.h>\nint main(void) {{ long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", {bug}2 * n); return 0; }}\n")
    };
    ws.write("solutions/src/bin/t.c", &solution("n == 5 ? 11 : "));
    ws.write(
        "problems/t/wrong/thrice.c",
        "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 3 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"thrice.c\"\nexpect = \"WA\"\nwhy = \"triples\"\n",
    );
    // Without a last run, --failed has nothing to go on.
    let out = ws.runner(&["--failed"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("run once without --failed"),
        "{}",
        text(&out)
    );

    let out = ws.runner(&[]);
    assert_code(&out, 1);
    assert_eq!(human_counts(&out), (3, 1));

    // Exactly the failing case runs again: not the other cases, not the wrong solution.
    let out = ws.runner(&["--failed", "--format", "json"]);
    assert_code(&out, 1);
    let lines = parse_lines(&out);
    let cases = of_type(&lines, "case");
    assert_eq!(cases.len(), 1, "{}", text(&out));
    assert_eq!(
        (
            &cases[0]["program"],
            &cases[0]["case"],
            &cases[0]["verdict"]
        ),
        (&"solutions/src/bin/t.c".into(), &"b".into(), &"WA".into())
    );
    assert!(of_type(&lines, "wrong_solution").is_empty());
    let s = summary(&lines);
    assert_eq!(
        (&s["passed"], &s["failed"], &s["failed_only"]),
        (&0.into(), &1.into(), &true.into())
    );

    // Fixed: the failure is re-run and passes; then there is nothing left to re-run.
    ws.write("solutions/src/bin/t.c", &solution(""));
    let out = ws.runner(&["--failed"]);
    assert_code(&out, 0);
    assert_eq!(human_counts(&out), (1, 0));
    assert!(
        stdout(&out).contains("t.c [local C]: 1/1 AC"),
        "{}",
        text(&out)
    );
    let out = ws.runner(&["--failed"]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "the last run had no failures: nothing to re-run\n"
    );

    // A wrong solution that no case catches is re-run whole.
    ws.write(
        "problems/t/wrong/thrice.c",
        "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    assert_code(&ws.runner(&[]), 1);
    let out = ws.runner(&["--failed", "--format", "json"]);
    assert_code(&out, 1);
    let lines = parse_lines(&out);
    let cases = of_type(&lines, "case");
    assert_eq!(cases.len(), 3, "{}", text(&out));
    assert!(cases
        .iter()
        .all(|c| c["program"] == "problems/t/wrong/thrice.c"));
    assert_eq!(of_type(&lines, "wrong_solution")[0]["passed"], false);
}

#[test]
fn watch_re_judges_on_change_and_ends_on_ctrl_c() {
    let ws = Ws::twice();
    let file = ws.path("mine.c");
    let source = |k: u32| {
        format!("#include <stdio.h>\nint main(void) {{ long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", {k} * n); return 0; }}\n")
    };
    std::fs::write(&file, source(2)).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args([
            "--root",
            ws.dir.path().to_str().unwrap(),
            "--color",
            "never",
        ])
        .args(["judge", "t", file.to_str().unwrap(), "--watch"])
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let wait_for = |want: &str| {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(60) {
            if let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
                if line.starts_with(want) {
                    return;
                }
            }
        }
        panic!("no line `{want}` within 60 s");
    };
    wait_for("1 passed, 0 failed");
    std::fs::write(&file, source(3)).unwrap();
    wait_for("0 passed, 1 failed");
    std::fs::write(&file, source(2)).unwrap();
    wait_for("1 passed, 0 failed");
    let t = Instant::now();
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(t.elapsed() < Duration::from_secs(5));
}

/// What a record says of a (program, case), without its timings (a TLE's detail has some).
fn essence(v: &Value) -> String {
    let detail = v["detail"]
        .to_string()
        .replace(|c: char| c.is_ascii_digit(), "#");
    format!(
        "{} {} {} {} {} {detail}",
        v["problem"], v["program"], v["case"], v["status"], v["verdict"]
    )
}

/// The counts of a JUnit file's root.
fn junit_counts(path: &std::path::Path) -> Vec<(String, String)> {
    let xml = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    ["tests", "failures", "errors", "skipped"]
        .iter()
        .map(|a| (a.to_string(), root.attribute(*a).unwrap().to_string()))
        .collect()
}

#[test]
fn merged_shard_reports_equal_a_single_run() {
    let ws = mixed();
    let single_junit = ws.path("single.xml");
    let single = ws.runner(&[
        "--format",
        "json",
        "--no-cache",
        "--junit",
        single_junit.to_str().unwrap(),
    ]);
    let mut shards: Vec<String> = Vec::new();
    for k in 1..=3 {
        let shard = ws.runner(&[
            "--format",
            "json",
            "--no-cache",
            "--partition",
            &format!("hash:{k}/3"),
        ]);
        let path = ws.path(&format!("shard-{k}.jsonl"));
        std::fs::write(&path, &shard.stdout).unwrap();
        shards.push(path.to_str().unwrap().into());
    }
    let junit = ws.path("merged.xml");
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--format", "json", "--junit", junit.to_str().unwrap()]);
    let merged = ws.runner(&args);
    assert_eq!(
        merged.status.code(),
        single.status.code(),
        "{}",
        text(&merged)
    );
    let (one, all) = (parse_lines(&single), parse_lines(&merged));
    let summary = |lines: &[Value]| {
        let mut s = of_type(lines, "summary")[0].clone();
        s.as_object_mut().unwrap().remove("partition");
        s
    };
    assert_eq!(summary(&one), summary(&all));
    for ty in ["case", "wrong_solution"] {
        let mut a: Vec<String> = of_type(&one, ty).into_iter().map(essence).collect();
        let mut b: Vec<String> = of_type(&all, ty).into_iter().map(essence).collect();
        a.sort();
        b.sort();
        assert!(!a.is_empty());
        assert_eq!(a, b, "{ty}");
    }
    assert_eq!(junit_counts(&junit), junit_counts(&single_junit));
    // The human form ends with the single run's counts; a shard missing is an error.
    let human = ws.runner(&["merge", &shards[0], &shards[1], &shards[2]]);
    assert_eq!(
        human_counts(&human),
        human_counts(&ws.runner(&["--no-cache"]))
    );
    let partial = ws.runner(&["merge", &shards[0], &shards[1]]);
    assert_code(&partial, 2);
    assert!(
        stderr(&partial).contains("shard 3/3 missing"),
        "{}",
        text(&partial)
    );
}

/// The human report of a run with every kind of failure the renderers draw (a wrong answer
/// with its diff, a crash with its stderr, a wrong solution that is not caught, a compile
/// error), pinned whole: a change of any renderer shows here as a diff to review
/// (`cargo insta review`). Times and the temporary root are filtered out.
#[test]
fn the_human_report_is_pinned() {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 1000\n",
    );
    // n -> 2n; wrong from 10 up (prints 2n+1), crashes on 7.
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { long n; scanf(\"%ld\", &n);\n\
         if (n == 7) { fprintf(stderr, \"seven\\n\"); abort(); }\n\
         printf(\"%ld\\n\", n >= 10 ? 2 * n + 1 : 2 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/wrong.toml",
        "[[program]]\nfile = \"same.c\"\nexpect = \"WA\"\nwhy = \"planted: it is right\"\n\n\
         [[program]]\nfile = \"broken.c\"\nexpect = \"WA\"\nwhy = \"does not compile\"\n",
    );
    ws.write(
        "problems/t/wrong/same.c",
        "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 2 * n); return 0; }\n",
    );
    ws.write(
        "problems/t/wrong/broken.c",
        "int main(void) { return x; }\n",
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"1\\n\"\noutput = \"2\\n\"\n\n\
         [[case]]\nname = \"seven\"\nsource = \"hand\"\ninput = \"7\\n\"\noutput = \"14\\n\"\n\n\
         [[case]]\nname = \"ten\"\nsource = \"hand\"\ninput = \"10\\n\"\noutput = \"20\\n\"\n",
    );
    let out = ws.runner(&["-j", "1"]);
    assert_code(&out, 1);
    let root = ws.dir.path().to_str().unwrap().to_string();
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(&regex_escape(&root), "[ROOT]");
    settings.add_filter(r"\d+(\.\d+)? ?(ms|s)\b", "[TIME]");
    settings.add_filter(r"\d+(\.\d+)? MiB", "[MEM]");
    settings.bind(|| insta::assert_snapshot!(stdout(&out)));
}

/// `s` with the characters a regex gives a meaning escaped.
fn regex_escape(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let special = "\\.+*?()|[]{}^$".contains(c);
            special.then_some('\\').into_iter().chain([c])
        })
        .collect()
}
