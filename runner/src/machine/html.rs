//! The report page (`--html FILE`): one self-contained HTML file, Polygon-style — per problem,
//! the programs × cases matrix of verdicts, CPU time drawn against the limit, a panel with what
//! the terminal shows for a cell (diff, checker's words, dialogue, the input beside a wrong
//! answer, the command that judges that case again, named as the runner was run).
//!
//! [`render`] is a pure function of the records the JSON and JUnit exporters read, so the page
//! says what they say. Everything from the run (program output above all) is hostile: it goes
//! into the page only as JSON inside `<script type="application/json">`, with `<`, `>` and `&`
//! escaped, and the page's script puts it into the document with `textContent`, never as markup.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::records::{Record, Records, RoleName, Status, Summary, WrongSolution};
use judging::{Verdict, Verdicts};

pub(crate) const STYLE: &str = include_str!("html/page.css");
const SCRIPT: &str = include_str!("html/page.js");

/// What the page says besides the records.
#[derive(Debug, Clone, Default)]
pub struct PageInfo {
    /// What was run, e.g. `runner verify` (the page's title).
    pub title: String,
    /// The command that starts the runner as the user runs it (`runner`, `cargo run -p runner
    /// --`, a path: `crate::invoked::command`): the page's commands start with it (`runner`
    /// when empty).
    pub runner: String,
    /// When the run ended, in milliseconds since the epoch (the page shows it in local time).
    pub generated_ms: u64,
    /// The mutation scores `runner mutants` measured last, per problem (one line per solution
    /// file).
    pub mutation: BTreeMap<String, Vec<String>>,
    /// A page rewritten by `--watch`: it reloads itself every so many seconds.
    pub reload_seconds: Option<u32>,
    /// Why nothing ran (an empty shard, nothing failed last time).
    pub nothing: Option<String>,
    /// What the last line counts, as the terminal says it above it (`counted: 911 solution
    /// cases, 96 wrong solutions`); a `verify`'s validator checks are counted there and have no
    /// cell.
    pub counted: Option<String>,
    /// `runner mutants`: each solution file's mutants (the page then has no matrix).
    pub mutants: Vec<MutantsView>,
}

/// The mutants of one solution file, as `runner mutants` judged them.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MutantsView {
    pub problem: String,
    pub program: String,
    /// The terminal's line: `mutants of …: N made, …; score C/J = P%`.
    pub score: String,
    pub mutants: Vec<MutantView>,
}

/// What became of one mutant.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// A case rejected it.
    Caught,
    /// Every case accepted it: the fixtures miss that change.
    Survived,
    /// It survived, and mutants.toml marks it equivalent to the solution.
    Equivalent,
    NoCompile,
    /// Not judged (`--time`, Ctrl-C).
    NotRun,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MutantView {
    pub id: String,
    /// `line 12: `<` → `<=``.
    pub what: String,
    pub fate: Fate,
    /// The case that caught it (the cases are judged smallest input first) and its verdict.
    pub case: Option<String>,
    pub verdict: Option<Verdict>,
    /// Why it is marked equivalent.
    pub reason: Option<String>,
    /// The change, as a unified diff of the source.
    pub diff: String,
}

/// The page of `records`.
pub fn render(records: &Records, info: &PageInfo) -> String {
    let view = View::new(records, info);
    let data = script_json(&serde_json::to_string(&view).expect("the view serializes"));
    let title = if info.title.is_empty() {
        "runner".to_string()
    } else {
        text(&info.title)
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n\
         <title>{title} · {last}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <noscript>This page draws its tables with a script: open it in a browser with \
         JavaScript on. The last line: {last}</noscript>\n\
         <script type=\"application/json\" id=\"run-data\">{data}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        last = text(&view.last_line),
    )
}

/// `json` made safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), no `>`
/// or `&`, and no line separators (which some parsers take for line ends). JSON reads the
/// `\uXXXX` escapes back as the same characters.
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 64);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// `s` as HTML text (for the title and the `<noscript>` line).
pub(crate) fn text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `s` quoted for a POSIX shell when it needs it.
pub fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./+,:=@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// What the page's script draws.
#[derive(Debug, Serialize)]
struct View<'a> {
    title: &'a str,
    generated_ms: u64,
    reload_seconds: Option<u32>,
    nothing: Option<&'a str>,
    counted: Option<&'a str>,
    /// The terminal's last line, `N passed, M failed` (for `mutants`: the survivors).
    last_line: String,
    mutants: &'a [MutantsView],
    summary: &'a Summary,
    problems: Vec<ProblemView>,
    wrong: &'a [WrongSolution],
}

/// One problem's matrix.
#[derive(Debug, Serialize, PartialEq)]
struct ProblemView {
    slug: String,
    /// Its cases in run order, and each quoted for a shell.
    cases: Vec<String>,
    case_args: Vec<String>,
    programs: Vec<ProgramView>,
    /// The slowest accepted case of a solution or port, against its limit.
    slowest: Option<Slowest>,
    mutation: Vec<String>,
    no_solution: bool,
    /// Its solutions are all `runner new`'s scaffold: skipped, not failed.
    not_written: bool,
    failed: bool,
}

#[derive(Debug, Serialize, PartialEq)]
struct ProgramView {
    program: String,
    role: RoleName,
    expect: Option<Verdicts>,
    /// Per case (in the problem's order), its record.
    cells: Vec<Option<Cell>>,
    /// Why its cases were not run, said once (a skipped cell without `detail` has this one).
    skipped: Option<String>,
    /// The compiler's message, said once (a CE cell without `stderr` has this one).
    compile_error: Option<String>,
    /// Its wrong-solution record (for a wrong solution).
    wrong: Option<usize>,
    /// Whether it fails the run (a solution's failed case, a wrong solution not caught).
    failed: bool,
    /// The command that judges it again; the script adds `--case NAME`.
    rerun: String,
}

/// A record in short: the problem, program and case are its place in the matrix; a field is left
/// out when it is empty (or false).
#[derive(Debug, Serialize, PartialEq)]
struct Cell {
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cpu_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wall_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    peak_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    memory_limit_bytes: Option<u64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    confirmed_alone: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    cached: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_difference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    transcript: Option<String>,
}

impl Cell {
    fn of(r: &Record) -> Cell {
        let ran = r.verdict.is_some();
        Cell {
            status: r.status,
            verdict: r.verdict,
            detail: r.detail.clone(),
            cpu_ms: r.cpu_ms,
            wall_ms: r.wall_ms,
            peak_bytes: r.peak_bytes,
            // The limits matter beside a time or a verdict only.
            time_limit_ms: r.time_limit_ms.filter(|_| ran),
            memory_limit_bytes: r.memory_limit_bytes.filter(|_| ran),
            confirmed_alone: r.confirmed_alone,
            cached: r.cached,
            first_difference: r.first_difference.clone(),
            diff: r.diff.clone(),
            hint: r.hint.clone(),
            input: r.input.clone(),
            stderr: r.stderr.clone(),
            transcript: r.transcript.clone(),
        }
    }
}

#[derive(Debug, Serialize, PartialEq)]
struct Slowest {
    program: String,
    case: String,
    cpu_ms: u64,
    limit_ms: u64,
    /// The margin rule: an accepted case over half its limit is warned about.
    over_half: bool,
}

impl<'a> View<'a> {
    fn new(records: &'a Records, info: &'a PageInfo) -> Self {
        let s = &records.summary;
        let last_line = if info.mutants.is_empty() {
            let mut line = format!("{} passed, {} failed", s.passed, s.failed);
            if !s.not_written.is_empty() {
                line.push_str(&format!(", {} not written yet", s.not_written.len()));
            }
            line
        } else {
            let survived = info
                .mutants
                .iter()
                .flat_map(|m| &m.mutants)
                .filter(|m| m.fate == Fate::Survived)
                .count();
            format!(
                "{survived} survivor{} not marked equivalent",
                if survived == 1 { "" } else { "s" }
            )
        };
        View {
            title: &info.title,
            generated_ms: info.generated_ms,
            reload_seconds: info.reload_seconds,
            nothing: info.nothing.as_deref(),
            counted: info.counted.as_deref(),
            last_line,
            mutants: &info.mutants,
            summary: s,
            problems: problems(records, &info.mutation, runner_of(info)),
            wrong: &records.wrong,
        }
    }
}

/// The command that starts the runner on the page.
fn runner_of(info: &PageInfo) -> &str {
    if info.runner.is_empty() {
        "runner"
    } else {
        &info.runner
    }
}

/// The problems in the order of the records, then those without a solution; `runner` starts
/// their commands.
fn problems(
    records: &Records,
    mutation: &BTreeMap<String, Vec<String>>,
    runner: &str,
) -> Vec<ProblemView> {
    let mut order: Vec<String> = Vec::new();
    let mut by_slug: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, r) in records.cases.iter().enumerate() {
        let list = by_slug.entry(r.problem.clone()).or_default();
        if list.is_empty() {
            order.push(r.problem.clone());
        }
        list.push(i);
    }
    for slug in records
        .summary
        .no_solution
        .iter()
        .chain(&records.summary.not_written)
    {
        if !by_slug.contains_key(slug) {
            by_slug.insert(slug.clone(), Vec::new());
            order.push(slug.clone());
        }
    }
    order
        .into_iter()
        .map(|slug| {
            let indices = &by_slug[&slug];
            let no_solution = records.summary.no_solution.contains(&slug);
            let mut p = problem(&slug, records, indices, runner);
            p.no_solution = no_solution;
            p.not_written = records.summary.not_written.contains(&slug);
            p.failed |= no_solution;
            p.mutation = mutation.get(&slug).cloned().unwrap_or_default();
            p
        })
        .collect()
}

/// One problem's view from its records (`indices` into `records.cases`).
fn problem(slug: &str, records: &Records, indices: &[usize], runner: &str) -> ProblemView {
    let mut cases: Vec<String> = Vec::new();
    let mut programs: Vec<ProgramView> = Vec::new();
    for &i in indices {
        let r = &records.cases[i];
        let c = match cases.iter().position(|c| *c == r.case) {
            Some(c) => c,
            None => {
                cases.push(r.case.clone());
                cases.len() - 1
            }
        };
        let p = match programs.iter().position(|p| p.program == r.program) {
            Some(p) => p,
            None => {
                programs.push(program_view(slug, r, records, runner));
                programs.len() - 1
            }
        };
        let prog = &mut programs[p];
        let mut cell = Cell::of(r);
        if r.status == Status::Skipped {
            if prog.skipped.is_none() {
                prog.skipped = r.detail.clone();
            }
            if prog.skipped == r.detail {
                cell.detail = None;
            }
        }
        if r.verdict == Some(Verdict::CompileError) {
            if prog.compile_error.is_none() {
                prog.compile_error = r.stderr.clone();
            }
            if prog.compile_error == r.stderr {
                cell.stderr = None;
            }
        }
        prog.failed |= r.status == Status::Failed;
        if prog.cells.len() <= c {
            prog.cells.resize_with(c + 1, || None);
        }
        prog.cells[c] = Some(cell);
    }
    for p in &mut programs {
        p.cells.resize_with(cases.len(), || None);
    }
    let slowest = indices
        .iter()
        .map(|&i| &records.cases[i])
        .filter(|r| matches!(r.role, RoleName::Solution | RoleName::Port))
        .filter(|r| r.verdict == Some(Verdict::Accepted))
        .filter_map(|r| Some((r, r.cpu_ms?, r.time_limit_ms.filter(|&l| l > 0)?)))
        .max_by(|a, b| (a.1 as f64 / a.2 as f64).total_cmp(&(b.1 as f64 / b.2 as f64)))
        .map(|(r, cpu_ms, limit_ms)| Slowest {
            program: r.program.clone(),
            case: r.case.clone(),
            cpu_ms,
            limit_ms,
            over_half: cpu_ms * 2 > limit_ms,
        });
    ProblemView {
        slug: slug.to_string(),
        case_args: cases.iter().map(|c| shell_quote(c)).collect(),
        cases,
        failed: programs.iter().any(|p| p.failed),
        programs,
        slowest,
        mutation: Vec::new(),
        no_solution: false,
        not_written: false,
    }
}

/// A program of `slug`, first seen in `r`; `runner` starts the command that judges it again.
fn program_view(slug: &str, r: &Record, records: &Records, runner: &str) -> ProgramView {
    let wrong = records
        .wrong
        .iter()
        .position(|w| w.problem == slug && w.program == r.program);
    let rerun = match r.role {
        RoleName::Brute => format!("{runner} verify {}", shell_quote(slug)),
        _ => format!(
            "{runner} judge {} {}",
            shell_quote(slug),
            shell_quote(&r.program)
        ),
    };
    ProgramView {
        program: r.program.clone(),
        role: r.role,
        expect: r.expect,
        cells: Vec::new(),
        skipped: None,
        compile_error: None,
        // A wrong solution an interruption stopped before its verdict is not run, not failed.
        failed: wrong.is_some_and(|w| !records.wrong[w].passed && !records.wrong[w].not_run),
        wrong,
        rerun,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::summarize;
    use crate::records::tests::{record, tally};

    fn records() -> Records {
        let mut cases = vec![
            record("t", "solutions/src/bin/t.rs", "a", Some(Verdict::Accepted)),
            record("t", "solutions/src/bin/t.rs", "b", Some(Verdict::Accepted)),
            record("t", "problems/t/wrong/w.rs", "a", Some(Verdict::Accepted)),
            record(
                "t",
                "problems/t/wrong/w.rs",
                "b",
                Some(Verdict::WrongAnswer),
            ),
            record(
                "u",
                "solutions/src/bin/u.rs",
                "x",
                Some(Verdict::WrongAnswer),
            ),
        ];
        cases[1].cpu_ms = Some(600);
        let wrong = vec![WrongSolution {
            schema: 1,
            problem: "t".into(),
            program: "problems/t/wrong/w.rs".into(),
            expect: Verdicts::one(Verdict::WrongAnswer),
            allow: None,
            why: Some("off by one".into()),
            passed: true,
            not_run: false,
            caught_by: Some("b".into()),
            verdicts: BTreeMap::new(),
        }];
        let summary = summarize(&cases, &tally(3, 1), false, vec!["v".into()]);
        Records {
            cases,
            wrong,
            summary,
        }
    }

    #[test]
    fn the_matrix_has_a_cell_per_record_and_the_margin_rule() {
        let r = records();
        let ps = problems(&r, &BTreeMap::new(), "runner");
        let slugs: Vec<&str> = ps.iter().map(|p| p.slug.as_str()).collect();
        assert_eq!(slugs, ["t", "u", "v"]);
        let t = &ps[0];
        assert_eq!(t.cases, ["a", "b"]);
        assert_eq!(t.programs.len(), 2);
        let of = |i: usize| Some(Cell::of(&r.cases[i]));
        assert_eq!(t.programs[0].cells, [of(0), of(1)]);
        assert_eq!(t.programs[1].cells, [of(2), of(3)]);
        assert_eq!(t.programs[1].wrong, Some(0));
        assert!(
            !t.failed,
            "a caught wrong solution's AC cells are no failure"
        );
        assert_eq!(
            t.slowest,
            Some(Slowest {
                program: "solutions/src/bin/t.rs".into(),
                case: "b".into(),
                cpu_ms: 600,
                limit_ms: 1000,
                over_half: true,
            })
        );
        assert!(ps[1].failed && ps[1].programs[0].failed);
        assert!(ps[2].failed && ps[2].no_solution && ps[2].programs.is_empty());
        let cells: usize = ps
            .iter()
            .flat_map(|p| &p.programs)
            .map(|p| p.cells.iter().flatten().count())
            .sum();
        assert_eq!(cells, r.summary.cases);
    }

    #[test]
    fn a_compile_error_and_a_skip_reason_are_said_once_per_program() {
        let mut r = records();
        for c in &mut r.cases[2..4] {
            c.verdict = Some(Verdict::CompileError);
            c.stderr = Some("w.rs:1: error: nope\n".into());
        }
        r.cases[1].verdict = None;
        r.cases[1].status = Status::Skipped;
        r.cases[1].detail = Some("not run: interrupted".into());
        let ps = problems(&r, &BTreeMap::new(), "runner");
        let w = &ps[0].programs[1];
        assert_eq!(w.compile_error.as_deref(), Some("w.rs:1: error: nope\n"));
        assert!(w.cells.iter().flatten().all(|c| c.stderr.is_none()));
        let sol = &ps[0].programs[0];
        assert_eq!(sol.skipped.as_deref(), Some("not run: interrupted"));
        assert_eq!(sol.cells[1].as_ref().unwrap().detail, None);
    }

    #[test]
    fn a_wrong_solution_not_caught_fails_its_problem() {
        let mut r = records();
        r.wrong[0].passed = false;
        let ps = problems(&r, &BTreeMap::new(), "runner");
        assert!(ps[0].failed && ps[0].programs[1].failed && !ps[0].programs[0].failed);
    }

    #[test]
    fn hostile_output_stays_data() {
        let mut r = records();
        r.cases[4].diff = Some("-1\n+</script><img src=x onerror=alert(1)>\u{2028}&amp;".into());
        r.cases[4].program = "solutions/src/bin/<b>u.rs".into();
        let info = PageInfo {
            title: "runner </title><script>alert(1)</script>".into(),
            ..PageInfo::default()
        };
        let page = render(&r, &info);
        // The only markup is the page's own: two scripts, no image, one title.
        assert_eq!(page.matches("<script").count(), 2, "{page}");
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(!page.contains("<img"));
        assert!(!page.contains("<b>"));
        assert_eq!(page.matches("</title>").count(), 1);
        assert!(!page.contains('\u{2028}'));
        // The data reads back to the same text.
        let start = page.find("id=\"run-data\">").unwrap() + "id=\"run-data\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let v: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        let u = &v["problems"][1]["programs"][0];
        assert_eq!(u["program"], "solutions/src/bin/<b>u.rs");
        assert_eq!(
            u["cells"][0]["diff"],
            r.cases[4].diff.clone().unwrap().as_str()
        );
        assert_eq!(u["cells"][0]["verdict"], "WA");
        assert_eq!(v["last_line"], "3 passed, 1 failed");
    }

    #[test]
    fn the_page_carries_the_counted_line_the_scores_and_the_reload() {
        let r = records();
        let mut mutation = BTreeMap::new();
        mutation.insert(
            "t".to_string(),
            vec!["mutants of t.rs: score 9/10 = 90.0%".into()],
        );
        let info = PageInfo {
            counted: Some("counted: 3 solution cases, 1 wrong solution".into()),
            mutation,
            reload_seconds: Some(2),
            ..PageInfo::default()
        };
        let page = render(&r, &info);
        assert!(page.contains("\"reload_seconds\":2"));
        assert!(page.contains("\"counted\":\"counted: 3 solution cases, 1 wrong solution\""));
        assert!(page.contains("\"mutation\":[\"mutants of t.rs: score 9/10 = 90.0%\"]"));
        assert!(render(&r, &PageInfo::default()).contains("\"reload_seconds\":null"));
    }

    #[test]
    fn a_mutants_page_counts_its_survivors() {
        let mutant = |id: &str, fate| MutantView {
            id: id.into(),
            what: "line 1: `<` → `<=`".into(),
            fate,
            case: None,
            verdict: None,
            reason: None,
            diff: "-a < b\n+a <= b\n".into(),
        };
        let info = PageInfo {
            mutants: vec![MutantsView {
                problem: "t".into(),
                program: "solutions/src/bin/t.rs".into(),
                score: "mutants of solutions/src/bin/t.rs: score 1/2 = 50.0%".into(),
                mutants: vec![
                    mutant("a", Fate::Caught),
                    mutant("b", Fate::Survived),
                    mutant("c", Fate::Equivalent),
                ],
            }],
            ..PageInfo::default()
        };
        let page = render(&Records::empty(), &info);
        assert!(page.contains("\"last_line\":\"1 survivor not marked equivalent\""));
        assert!(page.contains("\"fate\":\"equivalent\""));
    }

    #[test]
    fn commands_are_quoted_for_a_shell() {
        assert_eq!(shell_quote("small-1"), "small-1");
        assert_eq!(shell_quote("it's a case"), "'it'\\''s a case'");
        assert_eq!(shell_quote("$(rm -rf ~)"), "'$(rm -rf ~)'");
        assert_eq!(shell_quote(""), "''");
        let r = records();
        let ps = problems(&r, &BTreeMap::new(), "runner");
        assert_eq!(
            ps[0].programs[1].rerun,
            "runner judge t problems/t/wrong/w.rs"
        );
        // As the runner was run: the repository's build, or a path.
        let ps = problems(&r, &BTreeMap::new(), "cargo run -p runner --");
        assert_eq!(
            ps[0].programs[1].rerun,
            "cargo run -p runner -- judge t problems/t/wrong/w.rs"
        );
        let page = render(
            &r,
            &PageInfo {
                runner: "./bin/runner".into(),
                ..PageInfo::default()
            },
        );
        assert!(
            page.contains("\"rerun\":\"./bin/runner judge t solutions/src/bin/t.rs\""),
            "{page}"
        );
        // No command given: the installed name.
        let page = render(&r, &PageInfo::default());
        assert!(page.contains("\"rerun\":\"runner judge t solutions/src/bin/t.rs\""));
    }
}
