//! Flat records of a judge run, for machines: one per (program, case), one per wrong solution,
//! and a summary. The exporters (JSON Lines, JUnit), the history and the partition read only
//! these; [`from_report`] and [`case_record`] are the only code that reads the run model.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use judging::diff;
use judging::judgement::Outcome;
use judging::Case;
use judging::{Event, Role, RunReport, Subject, Tally};
use judging::{Verdict, Verdicts};

/// The version of the record format; bumped when a field changes meaning or goes away (adding a
/// field does not bump it).
pub const SCHEMA: u32 = 1;

/// A record's diff is cut at this many bytes (and at `--diff-lines` lines).
pub const DIFF_BYTES: usize = 16 * 1024;

/// Lines of stderr kept in a record (a compiler's message: 40).
const STDERR_LINES: usize = 10;

/// What a program is to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleName {
    /// `solutions/src/bin/<slug>.rs`, or a file given to `runner judge`.
    Solution,
    /// A solution in another language under `solutions/` (e.g. `solutions/cpp/<slug>.cpp`).
    Port,
    /// A wrong solution from `problems/<slug>/wrong/`; `expect` says the verdict it must get.
    Wrong,
    /// The brute force (`runner verify`).
    Brute,
}

/// What one (program, case) record says, judged on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution, port or brute force got AC.
    Passed,
    /// A solution, port or brute force got anything else (CE included).
    Failed,
    /// A wrong solution got the verdict it must get on this case.
    Caught,
    /// A wrong solution got another verdict on this case (which alone is no failure: a wrong
    /// solution passes when some case catches it; see its `wrong_solution` record).
    NotCaught,
    /// Not run: the wrong solution was already caught, it did not compile, or the run was
    /// interrupted (`detail` says which).
    Skipped,
}

/// One (program, case).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub schema: u32,
    pub problem: String,
    /// The program's path relative to the workspace root (absolute when outside it).
    pub program: String,
    pub role: RoleName,
    /// The verdicts of which a wrong solution must get one (a code, a list of codes, or
    /// `"not AC"`); null for the other roles.
    pub expect: Option<Verdicts>,
    pub case: String,
    pub status: Status,
    /// Null when the case was not run.
    pub verdict: Option<Verdict>,
    /// The signal or exit code of an RE, what was hit for a limit verdict, why a case was skipped.
    pub detail: Option<String>,
    pub cpu_ms: Option<u64>,
    pub wall_ms: Option<u64>,
    pub peak_bytes: Option<u64>,
    /// The verdict comes from a re-run alone (a TLE seen under a parallel run is re-run alone
    /// before it stands).
    pub confirmed_alone: bool,
    /// The verdict was reused from the verdict cache: nothing it depends on changed since it
    /// was judged.
    #[serde(default)]
    pub cached: bool,
    /// For WA and PE: where the output first differs, one line.
    pub first_difference: Option<String>,
    /// For WA and PE: a plain unified diff, `-` expected, `+` actual, capped.
    pub diff: Option<String>,
    /// For WA: one line saying what to change in the problem, when the failure looks like one
    /// of its compare mode (reals that differ in their digits alone: set `compare = { float =
    /// … }`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// For WA: the case's input, when it is short (at most 8 KiB): its first 10 lines, each cut
    /// at 100 characters, with the count of what is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The last lines of the program's stderr (for a CE, of the compiler's message).
    pub stderr: Option<String>,
    /// An interactive case's dialogue, `> ` the interactor's lines and `< ` the solution's: its
    /// last lines, or all of it with `--transcript`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// The CPU time limit the program had on this case (a wrong solution that must TLE is
    /// judged at twice the limit by `verify`); null in reports written before it was recorded.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// The memory limit the program had on this case.
    #[serde(default)]
    pub memory_limit_bytes: Option<u64>,
}

impl Record {
    /// The key that names the (program, case) across runs: `problem/program/case`.
    pub fn key(&self) -> String {
        format!("{}/{}/{}", self.problem, self.program, self.case)
    }
}

/// One wrong solution, judged on its cases together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WrongSolution {
    pub schema: u32,
    pub problem: String,
    pub program: String,
    /// The verdicts of which some case must get one (a code, a list of codes, or `"not AC"`).
    pub expect: Verdicts,
    /// The verdicts every case may get besides those (wrong.toml's `allow`); absent: any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow: Option<Verdicts>,
    /// Why the program is wrong (from wrong.toml).
    pub why: Option<String>,
    /// Whether some case gave it a verdict it must get, and none one it may not.
    pub passed: bool,
    /// Not passed, but not failed either: the run was interrupted before the cases it was
    /// due (it is neither "not caught" nor a failure).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_run: bool,
    /// The first case (in fixture order) that did.
    pub caught_by: Option<String>,
    /// How many cases got each verdict.
    pub verdicts: BTreeMap<Verdict, usize>,
}

/// The last line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub schema: u32,
    /// The human report's `N passed, M failed`: a case of a solution, port or brute force counts
    /// once, a wrong solution counts once, a problem without a solution counts as one failure.
    pub passed: usize,
    pub failed: usize,
    /// Records with status `skipped`.
    pub skipped: usize,
    /// Records per verdict (every record that has one).
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Records in all.
    pub cases: usize,
    /// 0 all passed, 1 something failed, 130 interrupted.
    pub exit_code: u8,
    pub interrupted: bool,
    /// The shard, e.g. `count:2/4`, when `--partition` was given.
    pub partition: Option<String>,
    /// Whether the run was `--failed` (only what failed last time).
    pub failed_only: bool,
    /// Problems that have no solution (each counted as a failure).
    pub no_solution: Vec<String>,
    /// Problems not written yet (every solution still `runner new`'s scaffold): skipped, no
    /// failure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_written: Vec<String>,
}

impl Summary {
    /// The summary of a run that ran nothing (an empty shard, nothing failed last time).
    pub fn empty() -> Self {
        Summary {
            schema: SCHEMA,
            passed: 0,
            failed: 0,
            skipped: 0,
            verdicts: BTreeMap::new(),
            cases: 0,
            exit_code: 0,
            interrupted: false,
            partition: None,
            failed_only: false,
            no_solution: Vec::new(),
            not_written: Vec::new(),
        }
    }
}

/// One line of the JSON Lines output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    Case(Record),
    WrongSolution(WrongSolution),
    Summary(Summary),
}

/// Everything a finished run says, in plan order (problems, programs, cases).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    pub cases: Vec<Record>,
    pub wrong: Vec<WrongSolution>,
    pub summary: Summary,
}

impl Records {
    /// The records of a run that ran nothing.
    pub fn empty() -> Self {
        Records {
            cases: Vec::new(),
            wrong: Vec::new(),
            summary: Summary::empty(),
        }
    }
}

/// `source` relative to the workspace root, or absolute when outside it: the same string for the
/// same file whatever the current directory.
pub fn program_path(root: &Path, source: &Path) -> String {
    let abs = source
        .canonicalize()
        .or_else(|_| std::path::absolute(source))
        .unwrap_or_else(|_| source.to_path_buf());
    match abs.strip_prefix(root) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => abs.display().to_string(),
    }
}

/// The role of `subject` whose path (relative to the root) is `program`.
pub fn role_name(role: Role, program: &str) -> (RoleName, Option<Verdicts>) {
    match role {
        Role::Solution
            if program.starts_with("solutions/") && !program.starts_with("solutions/src/") =>
        {
            (RoleName::Port, None)
        }
        Role::Solution | Role::FirstRejection => (RoleName::Solution, None),
        Role::Wrong { expect } => (RoleName::Wrong, Some(expect.required)),
        Role::Oracle => (RoleName::Brute, None),
    }
}

/// The last `n` lines of `bytes`, escaped ([`diff::tail`]); `None` when empty.
fn tail(bytes: &[u8], n: usize) -> Option<String> {
    Some(diff::tail(bytes, n)).filter(|s| !s.is_empty())
}

/// `text` cut at `max` bytes (on a character boundary), with a note.
fn cap(mut text: String, max: usize) -> String {
    if text.len() > max {
        let mut end = max;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let cut = text.len() - end;
        text.truncate(end);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&format!("… {cut} more bytes cut\n"));
    }
    text
}

/// What happened to a program on a case.
#[derive(Debug, Clone, Copy)]
pub enum Happened<'a> {
    Ran(&'a Outcome),
    /// It did not compile: the compiler's message.
    CompileError(&'a str),
    /// It was not run, for this reason.
    Skipped(&'a str),
}

/// The record of `subject` on `case`.
pub fn case_record(
    slug: &str,
    program: &str,
    subject: &Subject,
    case: &Case,
    happened: Happened,
    diff_lines: usize,
) -> Record {
    let (role, expect) = role_name(subject.role, program);
    let mut r = Record {
        schema: SCHEMA,
        problem: slug.to_string(),
        program: program.to_string(),
        role,
        expect,
        case: case.name.clone(),
        status: Status::Skipped,
        verdict: None,
        detail: None,
        cpu_ms: None,
        wall_ms: None,
        peak_bytes: None,
        confirmed_alone: false,
        cached: false,
        first_difference: None,
        diff: None,
        hint: None,
        input: None,
        stderr: None,
        transcript: None,
        time_limit_ms: None,
        memory_limit_bytes: None,
    };
    let limits = subject.limits.unwrap_or(case.limits);
    r.time_limit_ms = Some(limits.time.as_millis() as u64);
    r.memory_limit_bytes = Some(limits.memory_bytes);
    let verdict = match happened {
        Happened::CompileError(message) => {
            r.detail = Some("compile error".into());
            r.stderr = tail(message.as_bytes(), 40);
            Verdict::CompileError
        }
        Happened::Ran(o) => {
            r.detail = o.detail.clone();
            r.cpu_ms = Some(o.cpu.as_millis() as u64);
            r.wall_ms = Some(o.wall.as_millis() as u64);
            r.peak_bytes = Some(o.memory);
            r.confirmed_alone = o.confirmed_alone;
            r.cached = o.cached;
            if let Some(f) = &o.failure {
                // A compare mode's WA and PE carry a diff; a checker's verdict its own message
                // (in `detail`), never the compare mode's "same tokens".
                if matches!(o.verdict, Verdict::WrongAnswer | Verdict::PresentationError)
                    && f.compared.is_some()
                {
                    r.first_difference = Some(f.first_difference.clone().unwrap_or_else(|| {
                        "same tokens; the whitespace differs (· space, → tab, ␍ CR)".into()
                    }));
                    let plain = diff::DiffOptions {
                        color: false,
                        max_lines: diff_lines,
                    };
                    r.diff = f.compared.as_ref().map(|c| cap(c.draw(plain), DIFF_BYTES));
                }
                r.hint = f.hint.clone();
                r.input = f.input.clone();
                r.stderr = tail(&f.stderr, STDERR_LINES);
                r.transcript = f.transcript.clone();
            }
            o.verdict
        }
        Happened::Skipped(reason) => {
            r.detail = Some(reason.to_string());
            return r;
        }
    };
    r.verdict = Some(verdict);
    r.status = match expect {
        Some(e) if e.contains(verdict) => Status::Caught,
        Some(_) => Status::NotCaught,
        None if verdict.is_accepted() => Status::Passed,
        None => Status::Failed,
    };
    r
}

/// The record of a finished (program, case) event, for the stream (its diff of at most
/// `diff_lines` lines).
pub fn from_event(event: &Event, root: &Path, diff_lines: usize) -> Option<Record> {
    let Event::CaseFinished {
        slug,
        outcome,
        subject,
        fixture,
        ..
    } = event
    else {
        return None;
    };
    let program = program_path(root, &subject.source);
    Some(case_record(
        slug,
        &program,
        subject,
        fixture,
        Happened::Ran(outcome),
        diff_lines,
    ))
}

/// The records of a finished run (each diff of at most `diff_lines` lines). The summary's
/// `passed` and `failed` are the human report's.
pub fn from_report(report: &RunReport, root: &Path, diff_lines: usize) -> Records {
    let mut cases = Vec::new();
    let mut wrong = Vec::new();
    let mut no_solution = Vec::new();
    let mut not_written = Vec::new();
    for pr in &report.problems {
        let slug = &pr.planned.problem.slug;
        if pr.not_written() {
            not_written.push(slug.clone());
        } else if pr.subjects.is_empty() {
            no_solution.push(slug.clone());
        }
        for sr in &pr.subjects {
            let program = program_path(root, &sr.subject.source);
            let build_error = sr.build.program.as_ref().err().map(String::as_str);
            let caught_by = sr
                .satisfied_by()
                .and_then(|i| pr.planned.cases.get(i))
                .map(|c| c.name.clone());
            let skip_reason = match (&caught_by, sr.subject.role) {
                (Some(c), Role::Wrong { expect }) => {
                    format!("not run: it already got {expect} on case {c}")
                }
                _ if report.interrupted => "not run: interrupted".into(),
                _ => "not run".into(),
            };
            let first = cases.len();
            for (i, case) in pr.planned.cases.iter().enumerate() {
                cases.push(case_record(
                    slug,
                    &program,
                    &sr.subject,
                    case,
                    match (build_error, &sr.outcomes[i]) {
                        (Some(message), _) => Happened::CompileError(message),
                        (None, Some(o)) => Happened::Ran(o),
                        (None, None) => Happened::Skipped(&skip_reason),
                    },
                    diff_lines,
                ));
            }
            if let Role::Wrong { expect } = sr.subject.role {
                let mut verdicts = BTreeMap::new();
                for r in &cases[first..] {
                    if let Some(v) = r.verdict {
                        *verdicts.entry(v).or_insert(0) += 1;
                    }
                }
                wrong.push(WrongSolution {
                    schema: SCHEMA,
                    problem: slug.clone(),
                    program,
                    expect: expect.required,
                    allow: expect.permitted,
                    why: sr.subject.why.clone(),
                    passed: sr.passed(),
                    not_run: !sr.passed() && !sr.failed(),
                    caught_by,
                    verdicts,
                });
            }
        }
    }
    let mut summary = summarize(&cases, &report.tally(), report.interrupted, no_solution);
    summary.not_written = not_written;
    Records {
        cases,
        wrong,
        summary,
    }
}

/// The summary of `cases` with the human report's counts.
pub fn summarize(
    cases: &[Record],
    tally: &Tally,
    interrupted: bool,
    no_solution: Vec<String>,
) -> Summary {
    let mut verdicts = BTreeMap::new();
    for v in cases.iter().filter_map(|r| r.verdict) {
        *verdicts.entry(v).or_insert(0) += 1;
    }
    let mut summary = Summary {
        schema: SCHEMA,
        passed: 0,
        failed: 0,
        skipped: cases.iter().filter(|r| r.status == Status::Skipped).count(),
        verdicts,
        cases: cases.len(),
        exit_code: 0,
        interrupted,
        partition: None,
        failed_only: false,
        no_solution,
        not_written: Vec::new(),
    };
    summary.count(tally, interrupted);
    summary
}

impl Summary {
    /// Takes the counts and the exit code from the run's tally (the model decides them).
    pub fn count(&mut self, tally: &Tally, interrupted: bool) {
        self.passed = tally.passed;
        self.failed = tally.failed;
        self.exit_code = tally.exit_code_of(interrupted);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A tally of `passed` and `failed` items.
    pub fn tally(passed: usize, failed: usize) -> Tally {
        Tally {
            passed,
            failed,
            ..Tally::default()
        }
    }

    /// A record for the exporters' tests.
    pub fn record(problem: &str, program: &str, case: &str, verdict: Option<Verdict>) -> Record {
        let wrong = program.contains("wrong/");
        let expect = wrong.then_some(Verdict::WrongAnswer);
        let status = match (verdict, expect) {
            (None, _) => Status::Skipped,
            (Some(v), Some(e)) if v == e => Status::Caught,
            (Some(_), Some(_)) => Status::NotCaught,
            (Some(Verdict::Accepted), None) => Status::Passed,
            (Some(_), None) => Status::Failed,
        };
        Record {
            schema: SCHEMA,
            problem: problem.into(),
            program: program.into(),
            role: if wrong {
                RoleName::Wrong
            } else {
                RoleName::Solution
            },
            expect: expect.map(Verdicts::one),
            case: case.into(),
            status,
            verdict,
            detail: verdict.is_none().then(|| "not run".into()),
            cpu_ms: verdict.map(|_| 3),
            wall_ms: verdict.map(|_| 4),
            peak_bytes: verdict.map(|_| 1 << 20),
            confirmed_alone: false,
            cached: false,
            first_difference: (verdict == Some(Verdict::WrongAnswer))
                .then(|| "first difference: line 1, token 1: expected \"6\", got \"7\"".into()),
            diff: (verdict == Some(Verdict::WrongAnswer))
                .then(|| "--- expected\n+++ actual\n@@ -1 +1 @@\n-6\n+7\n".into()),
            hint: None,
            input: None,
            stderr: None,
            transcript: None,
            time_limit_ms: Some(1000),
            memory_limit_bytes: Some(256 << 20),
        }
    }

    #[test]
    fn lines_carry_their_type_and_schema_and_round_trip() {
        let r = record(
            "t",
            "solutions/src/bin/t.rs",
            "small",
            Some(Verdict::WrongAnswer),
        );
        let text = serde_json::to_string(&Line::Case(r.clone())).unwrap();
        assert!(
            text.starts_with(r#"{"type":"case","schema":1,"problem":"t","#),
            "{text}"
        );
        assert!(text.contains(r#""verdict":"WA""#), "{text}");
        assert!(text.contains(r#""status":"failed""#), "{text}");
        let back: Line = serde_json::from_str(&text).unwrap();
        assert_eq!(back, Line::Case(r));
        let mut s = Summary::empty();
        s.verdicts.insert(Verdict::TimeLimitExceeded, 2);
        let text = serde_json::to_string(&Line::Summary(s)).unwrap();
        assert!(text.contains(r#""verdicts":{"TLE":2}"#), "{text}");
    }

    #[test]
    fn cap_cuts_on_a_character_boundary_with_a_note() {
        let s = cap("ééééé".into(), 5);
        assert_eq!(s, "éé\n… 6 more bytes cut\n");
        assert_eq!(cap("short\n".into(), 100), "short\n");
    }

    #[test]
    fn roles_tell_ports_from_solutions() {
        assert_eq!(
            role_name(Role::Solution, "solutions/src/bin/nim.rs").0,
            RoleName::Solution
        );
        assert_eq!(
            role_name(Role::Solution, "solutions/cpp/nim.cpp").0,
            RoleName::Port
        );
        assert_eq!(
            role_name(Role::Solution, "/tmp/mine.rs").0,
            RoleName::Solution
        );
        assert_eq!(
            role_name(
                Role::Wrong {
                    expect: judging::Expect::one(Verdict::TimeLimitExceeded)
                },
                "problems/nim/wrong/a.rs"
            ),
            (
                RoleName::Wrong,
                Some(Verdicts::one(Verdict::TimeLimitExceeded))
            )
        );
        assert_eq!(
            role_name(Role::Oracle, "problems/nim/brute.rs").0,
            RoleName::Brute
        );
    }
}
