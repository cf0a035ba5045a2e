//! `--html`: the report page, opened in a real headless Chromium (driven over the DevTools
//! protocol, common/cdp.rs). Skipped with a reason where /usr/bin/chromium is missing; CI sets
//! RUNNER_NEEDS_CHROMIUM so that there it fails instead.
//!
//! The main test keeps its screenshot in its temporary folder; `docs_screenshot` (ignored, run by
//! `scripts/screenshot-html`) makes the README's picture, docs/img/invocations.png, from one of the
//! repository's problems.

use serde_json::Value;

use crate::common::cdp::{self, Browser};
use crate::common::*;

/// What a program prints to break out of the page: the page must show it as text.
const HOSTILE: &str = r#"</script><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>"#;

/// The reports' workspace (t: all caught; u: a WA with stderr) and problem `h`: its solution is
/// slow on case `slow` (30 ms of CPU time of 50 ms: over half the limit, still AC; the wall-clock
/// backstop is 1.1 s away, so a machine loaded 30 times over still gives it the time) and prints
/// markup on case `xss` (WA).
fn workspace() -> Ws {
    let ws = crate::reports::mixed();
    ws.write(
        "problems/h/problem.toml",
        "title = \"H\"\njudge = \"local\"\ntime_limit_ms = 50\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/h.toml",
        "[[case]]\nname = \"slow\"\nsource = \"hand\"\ninput = \"1\\n\"\noutput = \"ok\\n\"\n\n\
         [[case]]\nname = \"xss\"\nsource = \"hand\"\ninput = \"2\\n\"\noutput = \"safe\\n\"\n",
    );
    let hostile = HOSTILE.replace('\\', "\\\\").replace('"', "\\\"");
    ws.write(
        "solutions/c/h.c",
        &format!(
            "#include <stdio.h>\n#include <time.h>\n\
             int main(void) {{ int n = 0; if (scanf(\"%d\", &n) != 1) return 1;\n\
             if (n == 1) {{ volatile long i = 0; while (clock() < CLOCKS_PER_SEC * 3 / 100) i++; puts(\"ok\"); return 0; }}\n\
             puts(\"{hostile}\"); fputs(\"{hostile}\\n\", stderr); return 0; }}\n"
        ),
    );
    ws
}

fn summary(out: &std::process::Output) -> Value {
    let last = String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    let v: Value = serde_json::from_str(&last).unwrap_or_else(|_| panic!("{}", text(out)));
    assert_eq!(v["type"], "summary", "{}", text(out));
    v
}

#[test]
fn the_page_in_chromium_counts_filters_and_shows_a_diff() {
    let Some(_) = cdp::chromium() else { return };
    let ws = workspace();
    let page = ws.path("target/report.html");
    let out = ws.runner(&["--format", "json", "--html", page.to_str().unwrap()]);
    assert_code(&out, 1);
    let s = summary(&out);
    let cases = s["cases"].as_u64().unwrap();
    assert_eq!(cases, 9 + 2, "{}", text(&out));

    let mut b = Browser::start(1400, 900);
    b.open(&page);
    assert_eq!(b.errors, Vec::<String>::new(), "console errors on load");

    // A cell per record, and the terminal's last line.
    assert_eq!(b.eval("document.querySelectorAll('td.cell').length"), cases);
    assert_eq!(
        b.eval("document.getElementById('last-line').textContent"),
        format!("{} passed, {} failed", s["passed"], s["failed"])
    );
    let slugs = "Array.from(document.querySelectorAll('section.problem'))\
                 .filter(e => e.offsetParent !== null).map(e => e.dataset.slug).sort()";
    assert_eq!(b.eval(slugs), serde_json::json!(["h", "t", "u"]));
    // The margin rule: h's slow case is AC and marked over half the limit.
    assert_eq!(
        b.eval("document.querySelectorAll(\"section[data-slug='h'] td.s-passed.margin\").length"),
        1
    );

    // The filter: failures only hides t (all its wrong solutions caught) and h's passing row.
    b.click("#failures-only");
    assert_eq!(b.eval(slugs), serde_json::json!(["h", "u"]));
    let visible_rows = "Array.from(document.querySelectorAll(\"section[data-slug='h'] tbody tr\"))\
                        .filter(e => e.offsetParent !== null).map(e => e.dataset.name)";
    assert_eq!(b.eval(visible_rows), serde_json::json!(["xss"]));

    // A click on u's failing cell: the diff side by side, its stderr, the command.
    b.click("section[data-slug='u'] td.s-failed");
    assert_eq!(
        b.eval("document.getElementById('panel').offsetParent !== null || getComputedStyle(document.getElementById('panel')).display !== 'none'"),
        true
    );
    assert_eq!(
        b.eval("Array.from(document.querySelectorAll('#diff td.del')).map(e => e.textContent)"),
        serde_json::json!(["1"])
    );
    assert_eq!(
        b.eval("Array.from(document.querySelectorAll('#diff td.ins')).map(e => e.textContent)"),
        serde_json::json!(["2"])
    );
    assert!(b
        .eval("document.getElementById('panel-title').textContent")
        .as_str()
        .unwrap()
        .contains("u · solutions/src/bin/u.rs · case one: WA"));
    assert_eq!(
        b.eval("document.getElementById('stderr').textContent"),
        "debug: 2\n"
    );
    assert_eq!(
        b.eval("document.getElementById('rerun').textContent"),
        "cargo run -p runner -- judge u solutions/src/bin/u.rs --case one"
    );

    // The hostile output: shown as text, run never.
    b.click("section[data-slug='h'] td.s-failed");
    b.settle();
    let actual = b.eval(
        "Array.from(document.querySelectorAll('#diff td.ins')).map(e => e.textContent).join('')",
    );
    assert!(actual.as_str().unwrap().contains(HOSTILE), "{actual}");
    assert_eq!(b.eval("document.querySelectorAll('img').length"), 0);
    assert_eq!(b.eval("document.querySelectorAll('script').length"), 2);
    assert!(!b.eval("document.title").as_str().unwrap().contains("pwned"));

    // A compile error: the compiler's message, said once in the page, in every CE cell.
    b.click("#failures-only");
    b.eval(
        "Array.from(document.querySelectorAll(\"section[data-slug='t'] td.cell\"))\
         .filter(td => td.textContent.startsWith('CE')).pop().id = 'ce'",
    );
    b.click("#ce");
    let compiler = b.eval("document.getElementById('stderr').textContent");
    assert!(compiler.as_str().unwrap().contains("nope"), "{compiler}");
    b.click("#failures-only");

    // Sorting by the solution's CPU time puts the slow case first, then last.
    b.click("#failures-only");
    let rows = "Array.from(document.querySelectorAll(\"section[data-slug='h'] tbody tr\")).map(e => e.dataset.name)";
    assert_eq!(b.eval(rows), serde_json::json!(["slow", "xss"]));
    b.click("section[data-slug='h'] thead th:nth-child(2) button");
    assert_eq!(b.eval(rows), serde_json::json!(["slow", "xss"]));
    b.click("section[data-slug='h'] thead th:nth-child(2) button");
    assert_eq!(b.eval(rows), serde_json::json!(["xss", "slow"]));

    b.click("section[data-slug='u'] td.s-failed");
    b.eval("window.scrollTo(0, 0)");
    b.settle();
    let png = b.screenshot();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let kept = ws.path("target/invocations.png");
    std::fs::write(&kept, &png).unwrap();
    eprintln!("screenshot: {}", kept.display());
    assert_eq!(b.errors, Vec::<String>::new(), "console errors");
}

/// The README's picture: the page of one of the repository's problems (two solutions, nine
/// wrong solutions), a caught wrong answer open beside it. Writes `RUNNER_HTML_SCREENSHOT`.
#[test]
#[ignore = "makes docs/img/invocations.png: scripts/screenshot-html"]
fn docs_screenshot() {
    let out_png = std::env::var_os("RUNNER_HTML_SCREENSHOT").expect("RUNNER_HTML_SCREENSHOT=PATH");
    assert!(cdp::chromium().is_some());
    let root = repo_root();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .current_dir(&root)
        .args(["hdu1847-cet4", "--html", "target/invocations.html"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let mut b = Browser::start(1600, 900);
    b.open(&root.join("target/invocations.html"));
    // The first caught wrong answer: its output beside the expected one.
    b.eval(
        "(() => { for (const td of document.querySelectorAll('td.s-caught')) { td.click(); \
         if (document.getElementById('diff') && td.textContent.startsWith('WA')) { td.id = 'shot'; return; } } })()",
    );
    b.click("#shot");
    b.eval("window.scrollTo(0, 0)");
    b.settle();
    assert!(b.eval("document.getElementById('diff') !== null") == true);
    std::fs::write(&out_png, b.screenshot()).unwrap();
    assert_eq!(b.errors, Vec::<String>::new());
}

#[test]
fn the_terminal_and_the_page_end_on_the_same_line() {
    let ws = workspace();
    let page = ws.path("report.html");
    let out = ws.runner(&["--html", page.to_str().unwrap()]);
    assert_code(&out, 1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap();
    let counted = stdout.lines().rev().nth(1).unwrap();
    assert!(counted.starts_with("counted: "), "{}", text(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(&format!("\"counted\":\"{counted}\"")),
        "{counted}"
    );
    assert!(
        html.contains(&format!("\"last_line\":\"{last}\"")),
        "{last}\n{}",
        text(&out)
    );
    assert!(
        html.contains("\"reload_seconds\":null"),
        "only a watched run reloads"
    );
    assert!(!html.contains("<img"));
}

#[test]
fn a_watched_page_reloads_itself_with_each_round() {
    let Some(_) = cdp::chromium() else { return };
    let ws = Ws::twice();
    let file = ws.path("mine.c");
    let page = ws.path("watch.html");
    let source = |k: u32| {
        format!("#include <stdio.h>\nint main(void) {{ long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", {k} * n); return 0; }}\n")
    };
    std::fs::write(&file, source(2)).unwrap();
    // Ends the watcher however the test ends.
    struct Stop(std::process::Child);
    impl Drop for Stop {
        fn drop(&mut self) {
            unsafe { libc::kill(self.0.id() as i32, libc::SIGINT) };
            let _ = self.0.wait();
        }
    }
    let _watcher = Stop(
        std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
            .args([
                "--root",
                ws.dir.path().to_str().unwrap(),
                "--color",
                "never",
            ])
            .args(["--html", page.to_str().unwrap()])
            .args(["judge", "t", file.to_str().unwrap(), "--watch"])
            .env_remove("CI")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let wait = |what: &str, ok: &mut dyn FnMut() -> bool| {
        let t = std::time::Instant::now();
        while t.elapsed() < std::time::Duration::from_secs(60) {
            if ok() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("{what}: not within 60 s");
    };
    wait("the first page", &mut || {
        std::fs::read_to_string(&page)
            .is_ok_and(|t| t.contains("\"last_line\":\"1 passed, 0 failed\""))
    });
    let mut b = Browser::start(1000, 700);
    b.open(&page);
    // The page reloads every 2 s: each look waits for a document that answers it.
    let mut see = |what: &str, expression: &str, want: Value| {
        wait(what, &mut || {
            b.try_eval(expression).is_ok_and(|v| v == want)
        });
    };
    let last = "document.getElementById('last-line').textContent";
    see("the first round", last, "1 passed, 0 failed".into());
    see(
        "the watch said",
        "document.querySelector('header').textContent.includes('watching: reloads every 2 s')",
        true.into(),
    );
    see(
        "the filter on",
        "(() => { const c = document.getElementById('failures-only'); \
         if (!c.checked) c.click(); return c.checked; })()",
        true.into(),
    );
    std::fs::write(&file, source(3)).unwrap();
    // The runner writes the page again; the open page reloads itself and keeps its filter.
    see("the second round", last, "0 passed, 1 failed".into());
    see(
        "the filter kept",
        "document.getElementById('failures-only').checked",
        true.into(),
    );
    see(
        "the failing cell",
        "document.querySelectorAll('td.s-failed').length",
        1.into(),
    );
    assert_eq!(b.errors, Vec::<String>::new(), "console errors");
}

/// The JSON a page carries.
fn page_data(html: &str) -> Value {
    let start = html.find("id=\"run-data\">").unwrap() + "id=\"run-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn the_mutants_page_lists_every_mutant_and_shows_the_survivor() {
    let ws = crate::mutants::weak();
    let page = ws.path("mutants.html");
    let out = ws.runner(&["mutants", "t", "--html", page.to_str().unwrap()]);
    assert_code(&out, 1);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let score = stdout.lines().next().unwrap();
    let made: usize = score
        .split(": ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{score}"));
    let survived: usize = score
        .split(", ")
        .find_map(|p| p.strip_suffix(" survived"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{score}"));
    assert!(survived > 0, "{score}");
    let v = page_data(&std::fs::read_to_string(&page).unwrap());
    assert_eq!(
        v["last_line"],
        format!(
            "{survived} survivor{} not marked equivalent",
            if survived == 1 { "" } else { "s" }
        )
    );
    let m = &v["mutants"][0];
    assert_eq!(m["score"], score);
    assert_eq!(m["program"], "solutions/t.c");
    let list = m["mutants"].as_array().unwrap();
    assert_eq!(list.len(), made);
    let survivors: Vec<&Value> = list.iter().filter(|m| m["fate"] == "survived").collect();
    assert_eq!(survivors.len(), survived, "{m}");
    assert!(
        survivors.iter().any(|s| s["what"] == "line 5: `>=` → `>`"),
        "{m}"
    );
    assert!(list
        .iter()
        .all(|m| (m["fate"] == "caught") == m["case"].is_string()));

    // The judging options are not the mutants'.
    let refused = ws.runner(&["mutants", "t", "--junit", "x.xml"]);
    assert_code(&refused, 2);

    let Some(_) = cdp::chromium() else { return };
    let mut b = Browser::start(1200, 800);
    b.open(&page);
    assert_eq!(
        b.eval("document.querySelectorAll('table.mutants tbody tr').length"),
        made
    );
    b.click("#failures-only");
    assert_eq!(
        b.eval("Array.from(document.querySelectorAll('table.mutants tbody tr')).filter(e => e.offsetParent !== null).length"),
        survived
    );
    b.eval(
        "Array.from(document.querySelectorAll('table.mutants tbody tr'))\
         .find(e => e.textContent.includes('line 5: `>=` → `>`')).id = 'boundary'",
    );
    b.click("#boundary td");
    let diff = b.eval("document.getElementById('diff').textContent");
    assert!(
        diff.as_str().unwrap().contains("+        puts(n > 10"),
        "{diff}"
    );
    assert_eq!(b.errors, Vec::<String>::new(), "console errors");
}

/// Each cell of a page as `problem program case`, sorted (not its verdict: whether a caught
/// wrong solution's other cases ran depends on the run's timing).
fn cells(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for p in v["problems"].as_array().unwrap() {
        for prog in p["programs"].as_array().unwrap() {
            for (i, c) in prog["cells"].as_array().unwrap().iter().enumerate() {
                if !c.is_null() {
                    out.push(format!(
                        "{} {} {}",
                        p["slug"], prog["program"], p["cases"][i]
                    ));
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_merged_report_has_the_page_of_the_whole_run() {
    let ws = crate::reports::mixed();
    let single_page = ws.path("single.html");
    let single = ws.runner(&[
        "--format",
        "json",
        "--no-cache",
        "--html",
        single_page.to_str().unwrap(),
    ]);
    let s = summary(&single);
    let mut shards = Vec::new();
    for k in 1..=2 {
        let out = ws.runner(&[
            "--format",
            "json",
            "--no-cache",
            "--partition",
            &format!("{k}/2"),
        ]);
        let path = ws.path(&format!("shard-{k}.jsonl"));
        std::fs::write(&path, &out.stdout).unwrap();
        shards.push(path.to_str().unwrap().to_string());
    }
    let page = ws.path("merged.html");
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--html", page.to_str().unwrap()]);
    let merged = ws.runner(&args);
    assert_code(&merged, 1);
    let v = page_data(&std::fs::read_to_string(&page).unwrap());
    let one = page_data(&std::fs::read_to_string(&single_page).unwrap());
    assert_eq!(
        v["last_line"],
        format!("{} passed, {} failed", s["passed"], s["failed"])
    );
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout)
            .lines()
            .last()
            .unwrap(),
        v["last_line"]
    );
    assert_eq!(cells(&v).len() as u64, s["cases"].as_u64().unwrap());
    assert_eq!(cells(&v), cells(&one));
}

/// A case line of `--format json`, failed with a WA that a checker or an interactor gave.
fn judged_line(problem: &str, case: &str, detail: &str, transcript: Option<&str>) -> Value {
    serde_json::json!({
        "type": "case", "schema": 1, "problem": problem,
        "program": format!("solutions/src/bin/{problem}.rs"), "role": "solution",
        "expect": null, "case": case, "status": "failed", "verdict": "WA", "detail": detail,
        "cpu_ms": 1, "wall_ms": 2, "peak_bytes": 1048576, "confirmed_alone": false,
        "cached": false, "first_difference": null, "diff": null, "stderr": null,
        "transcript": transcript, "time_limit_ms": 1000, "memory_limit_bytes": 268435456
    })
}

#[test]
fn a_checkers_words_and_a_games_dialogue_show_in_the_panel() {
    let Some(_) = cdp::chromium() else { return };
    // A one-shard report, as `--partition 1/1 --format json` writes it, read by `merge`.
    let ws = Ws::empty();
    let dialogue = "> 3 4\n< first\n< 0 1\n> 3 3\n";
    let lines = [
        judged_line(
            "c",
            "k",
            "test 4: move 3 takes more than the 5 stones of pile 3\nsee line 2",
            None,
        ),
        judged_line(
            "g",
            "game-1",
            "the judge took the last stone at move 2: the solution lost",
            Some(dialogue),
        ),
        serde_json::json!({
            "type": "summary", "schema": 1, "passed": 0, "failed": 2, "skipped": 0,
            "verdicts": {"WA": 2}, "cases": 2, "exit_code": 1, "interrupted": false,
            "partition": "count:1/1", "failed_only": false, "no_solution": []
        }),
    ];
    let shard = ws.path("shard.jsonl");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&shard, text).unwrap();
    let page = ws.path("merged.html");
    let out = ws.runner(&[
        "merge",
        shard.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_code(&out, 1);

    let mut b = Browser::start(1200, 800);
    b.open(&page);
    assert_eq!(b.eval("document.querySelectorAll('td.cell').length"), 2);
    b.click("section[data-slug='c'] td.s-failed");
    let title = b.eval("document.getElementById('panel-title').textContent");
    assert!(
        title
            .as_str()
            .unwrap()
            .ends_with("case k: WA (by the checker)"),
        "{title}"
    );
    assert_eq!(
        b.eval("document.getElementById('detail').textContent"),
        "test 4: move 3 takes more than the 5 stones of pile 3\nsee line 2"
    );
    assert_eq!(b.eval("document.getElementById('diff')"), Value::Null);
    b.click("section[data-slug='g'] td.s-failed");
    let title = b.eval("document.getElementById('panel-title').textContent");
    assert!(
        title
            .as_str()
            .unwrap()
            .ends_with("case game-1: WA (by the interactor)"),
        "{title}"
    );
    assert_eq!(
        b.eval("document.getElementById('transcript').textContent"),
        dialogue
    );
    assert_eq!(
        b.eval("Array.from(document.querySelectorAll('#transcript .me')).map(e => e.textContent)"),
        serde_json::json!(["< first\n", "< 0 1\n"])
    );
    assert_eq!(b.errors, Vec::<String>::new(), "console errors");
}

/// A C++ user's page, the runner installed: the command that judges a case again is `runner …`
/// as it was run (not the repository's `cargo run`), the C++ solution is called a solution, the
/// page says what it is, and a wrong answer shows its input.
#[test]
fn an_installed_runners_page_speaks_the_users_words() {
    let Some(_) = cdp::chromium() else { return };
    let runner = Installed::new();
    let home = tempfile::tempdir().unwrap();
    assert_code(&runner.run(home.path(), &["init", "--lang", "cpp"]), 0);
    assert_code(&runner.run(home.path(), &["new", "twice"]), 0);
    std::fs::write(
        home.path().join("fixtures/twice.toml"),
        "[[case]]\nname = \"sample\"\nsource = \"sample\"\ninput = \"3\\n1\\n2\\n3\\n\"\noutput = \"2\\n4\\n6\\n\"\n",
    )
    .unwrap();
    // Doubles, but 2 gives 5.
    std::fs::write(
        home.path().join("solutions/cpp/twice.cpp"),
        "#include <iostream>\nint main() {\n    long long t, n;\n    std::cin >> t;\n    while (t-- > 0 && std::cin >> n) std::cout << (n == 2 ? 5 : 2 * n) << '\\n';\n}\n",
    )
    .unwrap();
    let out = runner.run(home.path(), &["--html", "report.html"]);
    assert_code(&out, 1);

    let mut b = Browser::start(1200, 800);
    b.open(&home.path().join("report.html"));
    assert_eq!(b.errors, Vec::<String>::new(), "console errors on load");
    assert_eq!(
        b.eval("document.querySelector('h1').textContent"),
        "Judging report"
    );
    assert_eq!(
        b.eval("document.querySelector('header code.command').textContent"),
        "runner --color never --html report.html"
    );
    assert_eq!(
        b.eval("document.querySelector(\"section[data-slug='twice'] thead .role\").textContent"),
        "solution"
    );
    b.click("section[data-slug='twice'] td.s-failed");
    assert_eq!(
        b.eval("document.getElementById('rerun').textContent"),
        "runner judge twice solutions/cpp/twice.cpp --case sample"
    );
    assert_eq!(
        b.eval("document.getElementById('input').textContent"),
        "3\n1\n2\n3\n"
    );
    assert_eq!(b.errors, Vec::<String>::new(), "console errors");
}
