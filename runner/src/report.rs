//! The reporter: the only part of the runner that prints a judge run.
//!
//! Progress goes to stderr while the run lasts (a bar on a terminal, nothing otherwise); the
//! report goes to stdout at the end: a block per failure with its diff, a line per problem, and
//! last `N passed, M failed`.

use sandbox::Limits;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use anstyle::{AnsiColor, Effects, Style};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use judging::diff;
use judging::judgement::{Failure, Outcome};
use judging::stress::{Finding, StressReport};
use judging::validate::ProblemChecks;
use judging::CompareMode;
use judging::{Event, Phase, ProblemReport, Role, RunReport, SubjectReport, Tally};
use judging::{Expect, Verdict};

/// How the report looks.
#[derive(Debug, Clone, Copy)]
pub struct ReportOptions {
    pub color: bool,
    pub diff_lines: usize,
}

impl ReportOptions {
    /// How this invocation draws a failure's diff (a verdict from the cache included: it keeps
    /// the outputs, not a drawing).
    pub fn diff(&self) -> diff::DiffOptions {
        diff::DiffOptions {
            color: self.color,
            max_lines: self.diff_lines,
        }
    }
}

/// Shows progress while a run lasts.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress bar on stderr when `show`, else silence.
    pub fn new(show: bool) -> Self {
        let bar = show.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} {msg:<12} [{bar:30}] {pos}/{len} {elapsed}",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
        Self { bar }
    }

    pub fn on_event(&self, event: &Event) {
        let Some(bar) = &self.bar else { return };
        match event {
            Event::PhaseStarted { phase, total } => {
                bar.set_message(match phase {
                    Phase::Build => "building",
                    Phase::Judge => "judging",
                    Phase::Confirm => "confirming TLE alone",
                    Phase::FollowUp => "looking alone for a TLE",
                });
                bar.set_length(*total as u64);
                bar.set_position(0);
            }
            Event::Built | Event::CaseFinished { .. } => bar.inc(1),
            Event::Finished => bar.finish_and_clear(),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

struct Painter {
    color: bool,
    diff: diff::DiffOptions,
}

impl Painter {
    fn of(opts: ReportOptions) -> Painter {
        Painter {
            color: opts.color,
            diff: opts.diff(),
        }
    }
    /// A failure's diff, drawn with this invocation's options.
    fn diff(&self, f: &Failure) -> Option<String> {
        f.compared.as_ref().map(|c| c.draw(self.diff))
    }
    fn paint(&self, style: Style, text: &str) -> String {
        diff::paint(self.color, style, text)
    }
    fn fg(&self, c: AnsiColor, text: &str) -> String {
        self.paint(Style::new().fg_color(Some(c.into())), text)
    }
    fn bold(&self, text: &str) -> String {
        self.paint(Style::new().effects(Effects::BOLD), text)
    }
    fn verdict(&self, v: Verdict) -> String {
        let c = if v.is_accepted() {
            AnsiColor::Green
        } else {
            AnsiColor::Red
        };
        self.paint(
            Style::new().fg_color(Some(c.into())).effects(Effects::BOLD),
            v.as_str(),
        )
    }
}

fn ms(d: Duration) -> String {
    format!("{} ms", d.as_millis())
}

use diff::{mib, tail};

fn indent(text: &str, by: &str) -> String {
    text.lines().map(|l| format!("{by}{l}\n")).collect()
}

/// `path` relative to `root`, its control characters escaped (a file name is outside text).
fn rel(root: &Path, path: &Path) -> String {
    let shown = path.strip_prefix(root).unwrap_or(path).to_string_lossy();
    diff::printable(&shown).into_owned()
}

/// A subject's file and the judge profile it was built with: `solutions/cpp/x.cpp [POJ G++]`.
fn named(root: &Path, subject: &SubjectReport) -> String {
    format!(
        "{} [{}]",
        rel(root, &subject.subject.source),
        subject.build.built_as
    )
}

/// Renders the whole report (everything printed to stdout at the end of a run).
pub fn render(report: &RunReport, root: &Path, opts: ReportOptions) -> String {
    let mut out = render_body(report, root, opts);
    out.push_str(&render_last_line(&report.tally(), opts));
    out
}

/// The report without its last line: failure blocks, a line per problem, warnings.
pub fn render_body(report: &RunReport, root: &Path, opts: ReportOptions) -> String {
    let p = Painter::of(opts);
    let mut out = String::new();
    for problem in &report.problems {
        for subject in &problem.subjects {
            failures(&mut out, &p, problem, subject, root);
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut warnings = Vec::new();
    for problem in &report.problems {
        summary_line(&mut out, &p, problem, root, report.interrupted);
        warnings.extend(margin_warnings(problem, root));
    }
    for w in warnings {
        let _ = writeln!(out, "{}", p.fg(AnsiColor::Yellow, &w));
    }
    let tally = report.tally();
    if tally.checker_failures > 0 {
        let n = tally.checker_failures;
        let _ = writeln!(
            out,
            "{}",
            p.fg(
                AnsiColor::Red,
                &format!(
                    "error: the checker failed on {n} run{}: those verdicts say nothing about the programs (fix the checker)",
                    if n == 1 { "" } else { "s" }
                )
            )
        );
    }
    if report.interrupted {
        let line = match tally.not_run {
            0 => "interrupted: the run is incomplete".to_string(),
            n => format!(
                "interrupted: {n} not run (cases of solutions, wrong solutions without their \
                 verdict yet); the verdicts above are of what finished, STOP marks a problem \
                 where nothing that ran failed"
            ),
        };
        let _ = writeln!(out, "{}", p.fg(AnsiColor::Yellow, &line));
    }
    out
}

/// The last line, which CI systems read: `N passed, M failed` (`, K not run` after an
/// interruption, `, P not written yet` for problems skipped so).
pub fn last_line(tally: &Tally) -> String {
    let mut line = format!("{} passed, {} failed", tally.passed, tally.failed);
    if tally.not_run > 0 {
        line.push_str(&format!(", {} not run", tally.not_run));
    }
    if tally.not_written > 0 {
        line.push_str(&format!(", {} not written yet", tally.not_written));
    }
    line
}

/// What the last line counts, e.g. `counted: 371 solution cases, 41 wrong solutions`;
/// `None` when nothing was counted.
pub fn counted(tally: &Tally) -> Option<String> {
    let kinds = [
        (tally.solution_cases, "solution case", "solution cases"),
        (tally.wrong_solutions, "wrong solution", "wrong solutions"),
        (tally.brute_cases, "brute-force case", "brute-force cases"),
        (
            tally.validator_checks,
            "validator check",
            "validator checks",
        ),
        (
            tally.missing_solutions,
            "problem without a solution",
            "problems without a solution",
        ),
        (
            tally.not_written,
            "problem not written yet (skipped)",
            "problems not written yet (skipped)",
        ),
    ];
    let what: Vec<String> = kinds
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|&(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
    (!what.is_empty()).then(|| format!("counted: {}", what.join(", ")))
}

/// The last line, `N passed, M failed (…)`.
/// The last line, `N passed, M failed`, after a line saying what it counts.
pub fn render_last_line(tally: &Tally, opts: ReportOptions) -> String {
    let p = Painter::of(opts);
    let mut out = String::new();
    if let Some(counted) = counted(tally) {
        let _ = writeln!(out, "{counted}");
    }
    let _ = writeln!(out, "{}", p.bold(&last_line(tally)));
    out
}

/// A solution's case that used more than half its time limit: a machine twice as slow (or a
/// judge's) could fail it. One warning per solution, naming its tightest case.
fn margin_warnings(problem: &ProblemReport, root: &Path) -> Vec<String> {
    let mut warnings = Vec::new();
    for s in &problem.subjects {
        if s.subject.role != Role::Solution {
            continue;
        }
        let tightest = s
            .outcomes
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let o = o.as_ref().filter(|o| o.verdict.is_accepted())?;
                let limit = s
                    .subject
                    .limits
                    .unwrap_or(problem.planned.cases[i].limits)
                    .time;
                (o.cpu * 2 > limit).then_some((i, o.cpu, limit))
            })
            .max_by(|a, b| {
                let ratio = |&(_, cpu, limit): &(usize, Duration, Duration)| {
                    cpu.as_secs_f64() / limit.as_secs_f64().max(1e-9)
                };
                ratio(a).total_cmp(&ratio(b))
            });
        if let Some((i, cpu, limit)) = tightest {
            warnings.push(format!(
                "warning: {}: case {} used {} of {} (over half the limit)",
                rel(root, &s.subject.source),
                problem.planned.cases[i].name,
                ms(cpu),
                ms(limit)
            ));
        }
    }
    warnings
}

fn case_header(
    p: &Painter,
    problem: &ProblemReport,
    subject: &SubjectReport,
    case: usize,
    o: &Outcome,
    root: &Path,
) -> String {
    let case = &problem.planned.cases[case];
    let limits = subject.subject.limits.unwrap_or(case.limits);
    let mut h = format!(
        "{} {} · {} · case {}: {}",
        p.fg(AnsiColor::Red, "FAIL"),
        p.bold(&problem.planned.problem.slug),
        named(root, subject),
        p.bold(&case.name),
        p.verdict(o.verdict),
    );
    if let Some(d) = &o.detail {
        if by_checker(case, o) {
            let by = match case.compare {
                // A multi-pass problem that is not interactive: its checker played the passes.
                CompareMode::Interactor if problem.planned.problem.meta.passes_fed() => {
                    "the checker"
                }
                CompareMode::Interactor => "the interactor",
                _ => "the checker",
            };
            let _ = write!(h, " (by {by})");
        } else {
            let _ = write!(h, " ({})", d.lines().next().unwrap_or_default());
        }
    }
    let _ = write!(
        h,
        "  {} of {}, {} of {}",
        ms(o.cpu),
        ms(limits.time),
        mib(o.memory),
        mib(limits.memory_bytes)
    );
    if o.confirmed_alone {
        // What was done, not more: other work on the machine may still have run beside it.
        h.push_str(", run again with nothing else of this run beside it");
        if let Some(load) = o.alone_load {
            let _ = write!(h, " (machine load {load:.1})");
        }
    }
    h.push('\n');
    h
}

/// The failure blocks of one subject.
fn failures(
    out: &mut String,
    p: &Painter,
    problem: &ProblemReport,
    subject: &SubjectReport,
    root: &Path,
) {
    let source = named(root, subject);
    let slug = &problem.planned.problem.slug;
    if let Role::Wrong { expect } = subject.subject.role {
        if subject.failed() {
            wrong_not_caught(
                out,
                p,
                subject,
                slug,
                &source,
                expect,
                &problem.planned.cases,
            );
        }
        return;
    }
    if subject.build_cut {
        return;
    }
    if let Err(msg) = &subject.build.program {
        let _ = writeln!(
            out,
            "{} {} · {}: {} on all {} cases\n{}",
            p.fg(AnsiColor::Red, "FAIL"),
            p.bold(slug),
            source,
            p.verdict(Verdict::CompileError),
            subject.outcomes.len(),
            indent(&tail(msg.as_bytes(), 40), "     ")
        );
        return;
    }
    for (i, o) in subject.outcomes.iter().enumerate() {
        let Some(o) = o else { continue };
        if !o.verdict.is_accepted() {
            failed_case(out, p, problem, subject, i, o, root);
        }
    }
}

/// A wrong solution that did not get its verdict: what it got, and why it is wrong.
fn wrong_not_caught(
    out: &mut String,
    p: &Painter,
    subject: &SubjectReport,
    slug: &str,
    source: &str,
    expect: Expect,
    cases: &[judging::Case],
) {
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for i in 0..subject.outcomes.len() {
        if let Some(v) = subject.verdict(i) {
            match counts.iter_mut().find(|(w, _)| *w == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v, 1)),
            }
        }
    }
    counts.sort();
    let got: Vec<String> = counts
        .iter()
        .map(|(v, n)| format!("{} on {n}", p.verdict(*v)))
        .collect();
    let _ = writeln!(
        out,
        "{} {} · {}: a wrong solution that must get {} got {}",
        p.fg(AnsiColor::Red, "FAIL"),
        p.bold(slug),
        source,
        p.bold(&expect.to_string()),
        if got.is_empty() {
            "no verdict (no case ran)".to_string()
        } else {
            got.join(", ")
        }
    );
    if let Some(i) = subject.unpermitted() {
        let v = subject.verdict(i).expect("a verdict");
        let _ = writeln!(
            out,
            "     case {} got {}, which it may not get (it may get {})",
            cases[i].name,
            p.verdict(v),
            expect.permitted.unwrap_or_default().union(expect.required)
        );
    }
    if let Some(why) = &subject.subject.why {
        let _ = writeln!(out, "     it is wrong because: {why}");
    }
    if !expect.required.is_empty() && counts.iter().all(|(v, _)| v.is_accepted()) {
        let _ = writeln!(
            out,
            "     the fixtures do not catch this mistake: add a case that does"
        );
    }
    out.push('\n');
}

/// One failed case of a solution: its header, the checker's words, the first difference and
/// the diff, the end of its stderr.
fn failed_case(
    out: &mut String,
    p: &Painter,
    problem: &ProblemReport,
    subject: &SubjectReport,
    i: usize,
    o: &Outcome,
    root: &Path,
) {
    let case = &problem.planned.cases[i];
    // A multi-pass problem that is not interactive: its checker played the passes.
    let fed = problem.planned.problem.meta.passes_fed();
    out.push_str(&case_header(p, problem, subject, i, o, root));
    if let Some(d) = &o.detail {
        // A checker's reason stands in place of the diff; a detail of several lines (a
        // failed checker's stderr) is shown whole.
        let rest: Vec<&str> = if by_checker(case, o) {
            d.lines().collect()
        } else {
            d.lines().skip(1).collect()
        };
        if !rest.is_empty() {
            let label = match (case.compare, o.verdict) {
                (CompareMode::Interactor, _) if fed => "checker",
                (CompareMode::Interactor, _) => "interactor",
                (_, Verdict::CheckerFailed) => "checker stderr",
                _ => "checker",
            };
            let _ = writeln!(out, "     {label}:");
            for l in rest {
                let _ = writeln!(out, "     │ {l}");
            }
        }
    }
    let Some(f) = &o.failure else { return };
    if let Some(s) = &f.first_difference {
        let _ = writeln!(out, "     {s}");
    } else if o.verdict == Verdict::PresentationError && f.compared.is_some() {
        // Only the compare mode's PE is "same tokens"; a checker's PE says why itself.
        let _ = writeln!(
            out,
            "     same tokens; the whitespace differs (· space, → tab, ␍ CR)"
        );
    }
    if let Some(h) = &f.hint {
        let _ = writeln!(out, "     {}", p.fg(AnsiColor::Yellow, h));
    }
    if let Some(d) = p.diff(f) {
        out.push_str(&indent(&d, "     "));
    }
    if let Some(input) = &f.input {
        let _ = writeln!(out, "     input:");
        out.push_str(&indent(input, "     │ "));
    }
    if !f.stderr.is_empty() {
        let _ = writeln!(out, "     stderr:");
        out.push_str(&indent(&tail(&f.stderr, 10), "     │ "));
    }
    if let Some(t) = &f.transcript {
        let title = if fed {
            "the pass (> its input, < the solution's output)"
        } else {
            "dialogue (> interactor, < solution)"
        };
        let _ = writeln!(out, "     {title}:");
        out.push_str(&indent(t, "     │ "));
    }
    out.push('\n');
}

/// Whether `o`'s verdict was given by the checker (its detail is the checker's reason).
fn by_checker(case: &judging::Case, o: &Outcome) -> bool {
    matches!(case.compare, CompareMode::Checker | CompareMode::Interactor)
        && matches!(
            o.verdict,
            Verdict::Accepted | Verdict::WrongAnswer | Verdict::PresentationError
        )
}

/// The line of one problem.
fn summary_line(
    out: &mut String,
    p: &Painter,
    problem: &ProblemReport,
    root: &Path,
    interrupted: bool,
) {
    let slug = &problem.planned.problem.slug;
    let mut parts: Vec<String> = Vec::new();
    for s in &problem.subjects {
        if !matches!(s.subject.role, Role::Wrong { .. }) {
            parts.push(solution_part(problem, s, root, interrupted));
        }
    }
    let wrong: Vec<&SubjectReport> = problem
        .subjects
        .iter()
        .filter(|s| matches!(s.subject.role, Role::Wrong { .. }))
        .collect();
    if !wrong.is_empty() {
        let rejected = wrong.iter().filter(|s| s.passed()).count();
        let mut part = format!(
            "wrong solutions: {rejected}/{} got their verdict",
            wrong.len()
        );
        let open = wrong.iter().filter(|s| !s.passed() && !s.failed()).count();
        if open > 0 {
            let _ = write!(part, " ({open} not run to the end: interrupted)");
        }
        parts.push(part);
    }
    if problem.not_written() {
        parts.insert(0, not_written(problem, root));
    } else if problem.subjects.is_empty() {
        parts.push(format!("no solution (add solutions/src/bin/{slug}.rs)"));
    }
    parts.extend(problem.planned.notes.iter().cloned());
    let mark = if problem.passed() {
        p.fg(AnsiColor::Green, "PASS")
    } else if problem.failed() {
        p.fg(AnsiColor::Red, "FAIL")
    } else if problem.not_written() {
        p.fg(AnsiColor::Yellow, "SKIP")
    } else {
        // Nothing failed of what ran; the rest did not run (an interruption).
        p.fg(AnsiColor::Yellow, "STOP")
    };
    let _ = writeln!(out, "{mark} {:<28} {}", slug, parts.join("; "));
}

/// The part of a problem's line that says it is not written yet, and what to do.
fn not_written(problem: &ProblemReport, root: &Path) -> String {
    let files: Vec<String> = problem
        .planned
        .not_written
        .iter()
        .map(|f| rel(root, f))
        .collect();
    let slug = &problem.planned.problem.slug;
    format!(
        "not written yet: {} {} still the scaffold (write it, or `{} rm {slug}` to drop the \
         problem)",
        files.join(", "),
        if files.len() == 1 { "is" } else { "are" },
        crate::invoked::command()
    )
}

/// The part of a problem's line about one solution (or its brute force): how many cases it
/// passed, why some did not run, its slowest time and peak memory against the limits.
fn solution_part(
    problem: &ProblemReport,
    s: &SubjectReport,
    root: &Path,
    interrupted: bool,
) -> String {
    let cases = problem.planned.cases.len();
    let accepted = s.accepted();
    let ran: Vec<&Outcome> = s.outcomes.iter().flatten().collect();
    let slowest = ran.iter().map(|o| o.cpu).max().unwrap_or_default();
    let peak = ran.iter().map(|o| o.memory).max().unwrap_or_default();
    let what = if s.subject.role == Role::Oracle {
        "brute force".to_string()
    } else {
        named(root, s)
    };
    let mut part = format!("{what}: {accepted}/{cases} AC");
    if s.not_run() > 0 {
        // Not run: the run was interrupted, or (--fail-fast) the solution had failed.
        let why = if interrupted {
            "interrupted"
        } else {
            "--fail-fast"
        };
        let _ = write!(part, " ({} not run: {why})", s.not_run());
    }
    // The subject's own limits (the brute force's), else the problem's: memory is per
    // problem, time the largest of the per-case limits.
    let limits = s.subject.limits.or_else(|| {
        let first = problem.planned.cases.first()?.limits;
        let time = problem.planned.cases.iter().map(|c| c.limits.time).max()?;
        Some(Limits { time, ..first })
    });
    if let (false, Some(limits)) = (ran.is_empty(), limits) {
        let _ = write!(
            part,
            ", slowest {} of {}, peak {} of {}",
            ms(slowest),
            ms(limits.time),
            mib(peak),
            mib(limits.memory_bytes)
        );
    }
    part
}

/// A progress bar for `stress` on a terminal, else nothing.
pub struct StressProgress {
    bar: Option<ProgressBar>,
}

impl StressProgress {
    pub fn new(show: bool, count: u64) -> Self {
        let bar = show.then(|| {
            let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("stress [{bar:30}] {pos}/{len} seeds {elapsed}")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar
        });
        Self { bar }
    }

    pub fn set(&self, done: u64) {
        if let Some(b) = &self.bar {
            b.set_position(done);
        }
    }
}

impl Drop for StressProgress {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// At most `lines` lines of `bytes`, indented.
fn excerpt(bytes: &[u8], lines: usize) -> String {
    indent(&diff::head(bytes, lines, usize::MAX), "  ")
}

/// Renders the result of `stress`.
pub fn render_stress(
    r: &StressReport,
    root: &Path,
    save_asked: bool,
    opts: ReportOptions,
) -> String {
    let p = Painter::of(opts);
    let Some((seed, size, finding)) = &r.finding else {
        return stress_agreed(r, root, save_asked);
    };
    let mut out = String::new();
    stress_finding(&mut out, &p, r, root, (*seed, *size), finding);
    if let Some(cmd) = &r.reproduce {
        let _ = writeln!(out, "reproduce: {} {cmd}", crate::invoked::command());
    }
    if matches!(finding, Finding::Disagree { .. }) {
        match &r.saved {
            Some((name, path)) => {
                let _ = writeln!(out, "saved as case `{name}` in {}", rel(root, path));
            }
            None => {
                let _ = writeln!(out, "keep it as a fixture case: add --save NAME");
            }
        }
    }
    out
}

/// The line of a stress run without a finding.
fn stress_agreed(r: &StressReport, root: &Path, save_asked: bool) -> String {
    let mut out = String::new();
    let secs = r.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        r.seeds as f64 / secs
    } else {
        0.0
    };
    if r.interrupted {
        let _ = writeln!(
            out,
            "stress {}: interrupted after {} seeds, no disagreement",
            r.slug, r.seeds
        );
        return out;
    }
    let programs: Vec<String> = r
        .programs
        .iter()
        .map(|s| rel(root, s).to_string())
        .collect();
    let _ =
        writeln!(
        out,
        "stress {}: seeds {}..={}: {} {} with the brute force on all {} ({:.1} s, {:.0} seeds/s{})",
        r.slug,
        r.first_seed,
        r.first_seed + r.seeds.saturating_sub(1),
        programs.join(", "),
        if programs.len() == 1 { "agrees" } else { "each agrees" },
        r.seeds,
        secs,
        rate,
        if r.validated { ", every input validated" } else { "" }
    );
    if save_asked {
        let _ = writeln!(out, "nothing to save");
    }
    out
}

/// What stress found on `seed` (of `size`): whose fault it is, and the inputs and outputs.
fn stress_finding(
    out: &mut String,
    p: &Painter,
    r: &StressReport,
    root: &Path,
    (seed, size): (u64, u64),
    finding: &Finding,
) {
    match finding {
        Finding::GeneratorFailed { why } => {
            let _ = writeln!(
                out,
                "stress {}: the generator or brute force failed on seed {seed}: {why}",
                r.slug
            );
        }
        Finding::InvalidInput { input, why } => {
            let _ = writeln!(
                out,
                "stress {}: the GENERATOR left the statement on seed {seed} (size {size}): the validator rejects its input — a generator bug (or a validator bug), not a wrong answer",
                r.slug
            );
            let _ = write!(out, "validate.rs says:\n{}", excerpt(why.as_bytes(), 10));
            let _ = write!(out, "input:\n{}", excerpt(input, 30));
        }
        Finding::CheckerFailed { input, why } => {
            let _ = writeln!(
                out,
                "stress {}: the CHECKER failed on seed {seed} — this says nothing about the solutions",
                r.slug
            );
            let _ = write!(
                out,
                "{}input:\n{}",
                excerpt(why.as_bytes(), 20),
                excerpt(input, 30)
            );
        }
        Finding::BruteFailed {
            input,
            verdict,
            detail,
        } => {
            let _ = writeln!(
                out,
                "stress {}: the BRUTE FORCE failed on seed {seed}: {verdict} ({detail}) — this says nothing about the solution",
                r.slug,
            );
            let _ = write!(out, "input:\n{}", excerpt(input, 30));
            let _ = writeln!(
                out,
                "the brute force may be out of its reach: try a smaller --size"
            );
        }
        Finding::Disagree { .. } => disagreement(out, p, r, root, (seed, size), finding),
    }
}

/// A solution that disagrees with the brute force: the input, both outputs, the checker's
/// words or the first difference and the diff.
fn disagreement(
    out: &mut String,
    p: &Painter,
    r: &StressReport,
    root: &Path,
    (seed, size): (u64, u64),
    finding: &Finding,
) {
    let Finding::Disagree {
        input,
        expected,
        program,
        actual,
        outcome,
    } = finding
    else {
        return;
    };
    let secs = r.elapsed.as_secs_f64();
    let _ = writeln!(
        out,
        "stress {}: {} DISAGREES with the brute force on seed {seed} (after {} seeds, {secs:.1} s): {}{}",
        r.slug,
        rel(root, program),
        r.seeds,
        p.verdict(outcome.verdict),
        outcome.detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default()
    );
    match &r.shrunk_from {
        Some(original) => {
            let _ = write!(
                out,
                "input, shrunk from the {} bytes of gen.rs {seed} {size} to {} (both kept in \
                 target/judge/stress/{}-{seed}.in and .shrunk.in; the validator accepts it):\n{}",
                original.len(),
                input.len(),
                r.slug,
                excerpt(input, 30)
            );
        }
        None => {
            let _ = write!(out, "input (gen.rs {seed} {size}):\n{}", excerpt(input, 30));
        }
    }
    let _ = write!(out, "brute force:\n{}", excerpt(expected, 30));
    // An interactive game's dialogue stands for the output, judged by the interactor.
    let interactive = outcome
        .failure
        .as_ref()
        .is_some_and(|f| f.transcript.is_some());
    let (shown, judge) = match interactive {
        true => ("dialogue (> interactor, < solution)", "interactor"),
        false => ("solution", "checker"),
    };
    let _ = write!(out, "{shown}:\n{}", excerpt(actual, 30));
    if let Some(d) = outcome.detail.as_ref().filter(|_| outcome.killed.is_none()) {
        if !d.is_empty()
            && outcome
                .failure
                .as_ref()
                .is_none_or(|f| f.compared.is_none())
        {
            let _ = write!(out, "{judge}:\n{}", excerpt(d.as_bytes(), 20));
        }
    }
    if let Some(f) = &outcome.failure {
        if let Some(s) = &f.first_difference {
            let _ = writeln!(out, "{s}");
        }
        if let Some(d) = p.diff(f) {
            out.push_str(&d);
        }
    }
}

/// Renders the validator's results (`verify`): a block per failed check, then a line per
/// problem. The caller adds them to the brute force's report.
pub fn render_validation(problems: &[ProblemChecks], root: &Path, opts: ReportOptions) -> String {
    let p = Painter::of(opts);
    let mut out = String::new();
    for pc in problems {
        for c in &pc.checks {
            let Some(why) = c.failure() else { continue };
            let mut lines = why.lines();
            let _ = writeln!(
                out,
                "{} {} · {} · {}: {}",
                p.fg(AnsiColor::Red, "FAIL"),
                p.bold(&pc.slug),
                rel(root, &pc.validator),
                p.bold(&c.what),
                lines.next().unwrap_or_default()
            );
            for l in lines {
                let _ = writeln!(out, "     │ {l}");
            }
            out.push('\n');
        }
    }
    for pc in problems {
        let n = pc.checks.len();
        let passed = pc.checks.iter().filter(|c| c.passed()).count();
        let reject = pc.checks.iter().filter(|c| c.must_reject.is_some()).count();
        let mark = if passed == n {
            p.fg(AnsiColor::Green, "PASS")
        } else {
            p.fg(AnsiColor::Red, "FAIL")
        };
        let _ = writeln!(
            out,
            "{mark} {:<28} validator: {passed}/{n} inputs as marked ({} to accept, {reject} to reject)",
            pc.slug,
            n - reject
        );
    }
    out
}

#[cfg(test)]
mod fit_tests {
    use super::fit;

    #[test]
    fn long_report_lines_wrap_at_words_and_diffs_stay_whole() {
        let long = format!(
            "FAIL x · solutions/x.c [local C] · case c0: {}\n",
            "word ".repeat(30).trim_end()
        );
        let diff = format!("     -{}\n     +{}\n", "a".repeat(100), "b".repeat(100));
        let paired = format!("     line 7: expected {}, got x\n", "K".repeat(90));
        let out = fit(&format!("{long}{diff}{paired}short\n"), 60);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("FAIL x · solutions/x.c"), "{out}");
        let wrapped: Vec<&&str> = lines
            .iter()
            .take_while(|l| !l.trim_start().starts_with('-'))
            .collect();
        assert!(wrapped.len() > 1, "{out}");
        for l in &wrapped {
            assert!(l.chars().count() <= 60, "{l:?}");
        }
        assert!(
            wrapped[1..].iter().all(|l| l.starts_with("    word")),
            "{out}"
        );
        assert_eq!(
            wrapped
                .iter()
                .map(|l| l.trim())
                .collect::<Vec<_>>()
                .join(" "),
            long.trim_end()
        );
        assert!(out.ends_with(&format!("{diff}{paired}short\n")), "{out}");
        // Colour codes take no width.
        let red = format!("\x1b[31mFAIL\x1b[0m {}\n", "y".repeat(50));
        assert_eq!(fit(&red, 60), red);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_line_is_the_counts_and_the_line_above_says_what_they_count() {
        let t = Tally {
            passed: 412,
            failed: 0,
            solution_cases: 371,
            wrong_solutions: 41,
            ..Tally::default()
        };
        assert_eq!(last_line(&t), "412 passed, 0 failed");
        assert_eq!(
            counted(&t).unwrap(),
            "counted: 371 solution cases, 41 wrong solutions"
        );
        let t = Tally {
            passed: 3,
            failed: 1,
            brute_cases: 1,
            validator_checks: 3,
            ..Tally::default()
        };
        assert_eq!(
            counted(&t).unwrap(),
            "counted: 1 brute-force case, 3 validator checks"
        );
        assert_eq!(last_line(&Tally::default()), "0 passed, 0 failed");
        assert_eq!(counted(&Tally::default()), None);
        // A problem not written yet is counted apart, and fails nothing.
        let t = Tally {
            passed: 2,
            solution_cases: 2,
            not_written: 1,
            ..Tally::default()
        };
        assert_eq!(last_line(&t), "2 passed, 0 failed, 1 not written yet");
        assert_eq!(
            counted(&t).unwrap(),
            "counted: 2 solution cases, 1 problem not written yet (skipped)"
        );
        assert_eq!(t.exit_code(), judging::exit::PASSED);
    }

    // The renderers of `stress` and `verify`, pinned by insta snapshots (`src/snapshots/`;
    // `cargo insta review` after a deliberate change). The reports are built here, their
    // outcomes judged by the judging crate itself, so a change of either shows.

    const PLAIN: ReportOptions = ReportOptions {
        color: false,
        diff_lines: 40,
    };

    fn stress_report(finding: Option<(u64, u64, Finding)>) -> StressReport {
        let seeds = finding.as_ref().map_or(40, |(seed, _, _)| *seed);
        StressReport {
            slug: "twice".into(),
            programs: vec!["/ws/solutions/src/bin/twice.rs".into()],
            validated: true,
            first_seed: 1,
            seeds,
            elapsed: Duration::from_millis(2000),
            interrupted: false,
            saved: None,
            reproduce: finding.as_ref().map(|(seed, size, _)| {
                format!("stress twice --seed {seed} --count 1 --size {size}")
            }),
            shrunk_from: None,
            finding,
        }
    }

    #[test]
    fn the_stress_report_of_an_agreement_is_pinned() {
        let r = stress_report(None);
        insta::assert_snapshot!(render_stress(&r, Path::new("/ws"), true, PLAIN));
    }

    #[test]
    fn the_stress_report_of_a_disagreement_is_pinned() {
        let limits = Limits {
            time: Duration::from_millis(1000),
            memory_bytes: 64 << 20,
        };
        // n -> 2n, the solution wrong on the second line.
        let (input, expected, actual) = (b"3\n1\n5\n2\n".to_vec(), b"2\n10\n4\n", b"2\n11\n4\n");
        let run = sandbox::RunOutput {
            stdout: actual.to_vec(),
            stderr: b"debug: n=5\n".to_vec(),
            exit: sandbox::Exit::Code(0),
            cpu: Duration::from_millis(3),
            wall: Duration::from_millis(4),
            waited: Duration::ZERO,
            peak_memory: 1 << 20,
            refused_allocation: None,
            killed: None,
            output_overflow: false,
            stack_bytes: 8 << 20,
        };
        let input_of = || Some(input.clone());
        let outcome =
            judging::judgement::judge_case(&run, expected, &input_of, CompareMode::Tokens, &limits);
        assert_eq!(outcome.verdict, Verdict::WrongAnswer);
        let finding = Finding::Disagree {
            input,
            expected: expected.to_vec(),
            program: "/ws/solutions/src/bin/twice.rs".into(),
            actual: actual.to_vec(),
            outcome,
        };
        let r = stress_report(Some((40, 3, finding)));
        let out = render_stress(&r, Path::new("/ws"), false, PLAIN);
        let command = crate::invoked::command();
        insta::assert_snapshot!(out.replace(command, "[RUNNER]"));
    }

    #[test]
    fn the_stress_report_of_a_failed_brute_force_and_of_an_invalid_input_is_pinned() {
        let brute = Finding::BruteFailed {
            input: b"1000000\n".to_vec(),
            verdict: Verdict::TimeLimitExceeded,
            detail: "CPU 1.00 s, the limit".into(),
        };
        let invalid = Finding::InvalidInput {
            input: b"0\n".to_vec(),
            why: "n = 0 is below 1 (line 1)".into(),
        };
        let command = crate::invoked::command();
        let out: Vec<String> = [brute, invalid]
            .into_iter()
            .map(|f| {
                let r = stress_report(Some((7, 2, f)));
                render_stress(&r, Path::new("/ws"), false, PLAIN).replace(command, "[RUNNER]")
            })
            .collect();
        insta::assert_snapshot!(out.join("----\n"));
    }

    #[test]
    fn the_validation_report_is_pinned() {
        use judging::validate::{Check, Validation};
        let check = |what: &str, must_reject: Option<&str>, result: Validation| Check {
            what: what.into(),
            must_reject: must_reject.map(str::to_string),
            message: None,
            result,
        };
        let problems = vec![
            ProblemChecks {
                slug: "twice".into(),
                validator: "/ws/problems/twice/validate.rs".into(),
                checks: vec![
                    check("case one", None, Validation::Valid),
                    check(
                        "case big",
                        None,
                        Validation::Invalid("n = 2000000 is above 1000000\n(line 1)".into()),
                    ),
                    check(
                        "problems/twice/invalid/zero.in",
                        Some("n = 0 is below 1"),
                        Validation::Valid,
                    ),
                    check(
                        "problems/twice/invalid/letters.in",
                        Some("not a number"),
                        Validation::Invalid("expected an integer".into()),
                    ),
                ],
            },
            ProblemChecks {
                slug: "sum".into(),
                validator: "/ws/problems/sum/validate.rs".into(),
                checks: vec![check("case a", None, Validation::Valid)],
            },
        ];
        insta::assert_snapshot!(render_validation(&problems, Path::new("/ws"), PLAIN));
    }
}

/// `text` fitted to a terminal `width` columns wide: a report line longer than that is broken
/// between words, its continuation indented by four spaces. Diff lines (`-`, `+`, `@@`, the
/// coloured diff's `│` column, the line-paired `line N:`) are left whole, as a diff is read by
/// its columns. Colour codes take no width.
pub fn fit(text: &str, width: usize) -> String {
    const INDENT: &str = "    ";
    let width = width.max(40);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let plain = console::strip_ansi_codes(body);
        let plain = plain.trim_start();
        // Diff lines, paired lines, and what is quoted under a bar (an input, stderr, a
        // dialogue) are read by their columns.
        let diff = plain.starts_with(['-', '+', '@', '│'])
            || plain.starts_with("line ")
            || plain.contains(" │");
        if diff || console::measure_text_width(body) <= width {
            out.push_str(line);
            continue;
        }
        let lead = body.len() - body.trim_start().len();
        let mut used = 0;
        for (i, word) in body[lead..].split(' ').enumerate() {
            let w = console::measure_text_width(word);
            if i == 0 {
                out.push_str(&body[..lead]);
                used = lead;
            } else if used + 1 + w > width && used > INDENT.len() {
                out.push('\n');
                out.push_str(INDENT);
                used = INDENT.len();
            } else {
                out.push(' ');
                used += 1;
            }
            out.push_str(word);
            used += w;
        }
        out.push_str(nl);
    }
    out
}

/// The width of the terminal stdout is, if it is one.
pub fn terminal_width() -> Option<usize> {
    console::Term::stdout()
        .size_checked()
        .map(|(_, cols)| usize::from(cols))
}
