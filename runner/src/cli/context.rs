//! One value per command, built once from the global options: the core's session
//! ([`judging::session::Session`]: the workspace, the judges and the kinds of file they build,
//! the builder, the sandbox, the verdict cache, jobs, the cancellation) and the presentation
//! (report options, outputs, the progress bar; the sandbox's "no sandbox" note, printed once).
//! Commands ask it to discover, plan and execute.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context as _, Result};

use super::{ColorChoice, GlobalArgs};
use crate::machine::{self, Outputs, Selected, Stream};
use crate::report::{self, Progress, ReportOptions};
use judging::cache::VerdictCache;
use judging::config::ConfigError;
use judging::fixture::{self, Case};
use judging::judges::Profile;
use judging::problem::{self, Problem, WrongProgram};
use judging::run::{FirstRejections, Planned, Role, RunReport, Subject, Tally};
use judging::scan::Scan;
use judging::session::{Execution, Session, SessionOptions};
use judging::verdict::Verdict;
use judging::workspace::Workspace;
use judging::{holes, lint};
use sandbox::{Cancel, Limits, Sandbox};

/// What a command gets: the core's [`Session`] (the workspace, the judges, the builder and its
/// sandbox, the verdict cache, the jobs, the cancellation), which it reads through (`cx.ws`,
/// `cx.builder`: [`Context`] derefs to it), and the presentation: how reports look, where
/// they go, the progress bar.
pub struct Context {
    pub session: Session,
    pub report: ReportOptions,
    /// Whether to draw a progress bar (a terminal, not CI, a human report).
    pub progress: bool,
    pub outputs: Outputs,
    /// Judge every wrong solution on every case (`--all-cases`).
    pub all_cases: bool,
    /// `--fail-fast`: a solution stops at its first failing case.
    pub fail_fast: bool,
}

/// A fixture or configuration error: printed, and the run ends with exit code 2.
#[derive(Debug)]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl std::fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0.len();
        writeln!(
            f,
            "{n} configuration error{}:",
            if n == 1 { "" } else { "s" }
        )?;
        for e in &self.0 {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

impl std::ops::Deref for Context {
    type Target = Session;

    fn deref(&self) -> &Session {
        &self.session
    }
}

impl Context {
    pub fn new(g: &GlobalArgs, reports: &machine::Options, cancel: Cancel) -> Result<Context> {
        Self::opened(g.root.clone(), g, reports, cancel)
    }

    /// The context of a command in the workspace `ws` (one found otherwise than from the
    /// current directory: `runner game` takes the game file's).
    pub fn in_workspace(
        ws: Workspace,
        g: &GlobalArgs,
        reports: &machine::Options,
        cancel: Cancel,
    ) -> Result<Context> {
        Self::opened(Some(ws.root().to_path_buf()), g, reports, cancel)
    }

    /// The context of a session opened at `root` (else found from the current directory).
    fn opened(
        root: Option<std::path::PathBuf>,
        g: &GlobalArgs,
        reports: &machine::Options,
        cancel: Cancel,
    ) -> Result<Context> {
        let session = Session::open(SessionOptions {
            root,
            start: std::env::current_dir().context("no current directory")?,
            invoked: crate::invoked::command(),
            jobs: g.jobs,
            sandbox: !g.no_sandbox,
            cache: !g.no_cache,
            cancel,
        })
        .map_err(|e| match e.downcast::<ConfigError>() {
            Ok(config) => ConfigErrors(vec![config]).into(),
            Err(e) => e,
        })?;
        let ws = &session.ws;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match g.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => !no_color && std::io::stdout().is_terminal(),
        };
        let outputs = Outputs::new(reports.clone(), ws.root(), &ws.cache_dir(), g.diff_lines)?;
        Ok(Context {
            report: ReportOptions {
                color,
                diff_lines: g.diff_lines,
                transcript: g.transcript,
            },
            progress: std::io::stderr().is_terminal()
                && std::env::var_os("CI").is_none()
                && outputs.human(),
            outputs,
            all_cases: false,
            fail_fast: false,
            session,
        })
    }

    /// The executor, made on first use (the builder's: compiles run in it too). When the
    /// sandbox cannot be made here, says so once.
    pub fn sandbox(&self) -> Result<&Sandbox> {
        let sandbox = self.builder.sandbox()?;
        if let Some(note) = self.builder.take_sandbox_note() {
            eprintln!("{}", judging::diff::terminal_safe(&note));
        }
        Ok(sandbox)
    }

    /// The lines of an interactive case's dialogue the engine keeps: all with `--transcript`.
    /// (How a diff is drawn is the report's alone: [`ReportOptions::diff`].)
    pub fn transcript_lines(&self) -> usize {
        if self.report.transcript {
            usize::MAX
        } else {
            12
        }
    }

    /// The language of the solutions `new` and `listen` write: workspace.toml's `lang`, else
    /// Rust; a bad workspace.toml is a configuration error.
    pub fn workspace_lang(&self) -> Result<judging::scaffold::Lang> {
        let settings =
            judging::settings::load(&self.ws).map_err(|e| ConfigErrors(vec![self.relative(e)]))?;
        Ok(settings.lang.unwrap_or(judging::scaffold::Lang::Rust))
    }

    /// `e` with its path relative to the workspace root, as messages show it.
    pub fn relative(&self, e: ConfigError) -> ConfigError {
        relative(&self.ws, e)
    }

    /// The problems of the workspace, for a command on some of them: a hole of the workspace
    /// that belongs to no problem (a stray file in `solutions/`, `problems/` or `fixtures/`,
    /// see [`holes::workspace`]) is a warning on stderr, not an error; the problems' own holes
    /// stop the commands that load them ([`Context::load_fixtures`]).
    pub fn discover(&self) -> Result<Vec<Problem>> {
        self.discover_with(false)
    }

    /// The problems of the workspace, for a run of all of them: every one must name a judge of
    /// `judges.toml`, and any hole in the workspace stops the run.
    pub fn discover_all(&self) -> Result<Vec<Problem>> {
        self.discover_with(true)
    }

    fn discover_with(&self, whole: bool) -> Result<Vec<Problem>> {
        let scan = Scan::of(&self.ws);
        let (problems, mut errors) = match problem::discover(&scan, &self.kinds) {
            Ok(p) => (p, Vec::new()),
            Err(e) => (Vec::new(), e),
        };
        let strays = holes::workspace(&self.ws, &scan, &self.kinds, crate::invoked::command());
        if whole {
            errors.extend(strays);
            errors.extend(holes::judges(&self.judges, &problems));
        } else {
            for e in strays {
                eprintln!(
                    "warning: {} (a run of every problem refuses it)",
                    self.relative(e)
                );
            }
        }
        if !errors.is_empty() {
            let errors = errors.into_iter().map(|e| self.relative(e)).collect();
            return Err(ConfigErrors(errors).into());
        }
        Ok(problems)
    }

    /// The profile of `source` as a file of a problem of `judge`; a failure is a configuration
    /// error.
    pub fn profile(&self, judge: &str, source: &Path) -> Result<Arc<Profile>> {
        self.judges.profile(judge, source).map_err(|message| {
            ConfigErrors(vec![ConfigError {
                path: self.ws.display(source).to_string().into(),
                line: None,
                message,
            }])
            .into()
        })
    }

    /// The profile of `source` as a solution (or wrong solution) of `problem` under `judge`:
    /// with the problem's own compile limits, where it has them.
    pub fn subject_profile(
        &self,
        problem: &Problem,
        judge: &str,
        source: &Path,
    ) -> Result<Arc<Profile>> {
        Ok(problem.meta.subject_profile(self.profile(judge, source)?))
    }

    /// A solution as a subject, built with its judge's profile.
    pub fn solution(&self, problem: &Problem, source: &Path) -> Result<Subject> {
        Ok(Subject {
            source: source.to_path_buf(),
            role: Role::Solution,
            why: None,
            limits: None,
            profile: self.subject_profile(problem, &problem.meta.judge, source)?,
        })
    }

    /// A wrong solution as a subject: built as a solution of the same problem would be (its
    /// judge's profile for the file's language, else `local`'s), with `limits` in place of the
    /// cases' own when given.
    pub fn wrong(
        &self,
        problem: &Problem,
        w: &WrongProgram,
        limits: Option<Limits>,
    ) -> Result<Subject> {
        Ok(Subject {
            role: Role::Wrong { expect: w.expect },
            why: Some(w.why.clone()),
            limits,
            ..self.solution(problem, &w.source)?
        })
    }

    /// Loads the fixtures of `problems`, keeping only `cases` when given; every error (and every
    /// hole of a problem's folders) is collected.
    pub fn load_fixtures(
        &self,
        problems: &[&Problem],
        cases: &[String],
    ) -> Result<Vec<(Problem, Vec<Case>)>> {
        let mut loaded = Vec::new();
        let mut errors = Vec::new();
        let mut matched = vec![false; cases.len()];
        for p in problems {
            match fixture::load(&self.ws, p) {
                Ok(f) => {
                    errors.extend(holes::judges(&self.judges, std::slice::from_ref(*p)));
                    errors.extend(holes::problem(&self.ws, &self.kinds, p, &f));
                    for e in holes::duplicate_cases(&self.ws, p, &f) {
                        let said = self.relative(e).to_string();
                        eprintln!("warning: {}", judging::diff::terminal_safe(&said));
                    }
                    for (i, name) in cases.iter().enumerate() {
                        matched[i] |= f.cases.iter().any(|c| &c.name == name);
                    }
                    let kept: Vec<Case> = f
                        .cases
                        .into_iter()
                        .filter(|c| cases.is_empty() || cases.contains(&c.name))
                        .collect();
                    loaded.push(((*p).clone(), kept));
                }
                Err(e) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            let errors = errors.into_iter().map(|e| self.relative(e)).collect();
            return Err(ConfigErrors(errors).into());
        }
        unmatched_cases(problems, cases, &matched)?;
        if !cases.is_empty() {
            loaded.retain(|(_, c)| !c.is_empty());
        }
        Ok(loaded)
    }

    /// The fixtures of the one problem `slug`, keeping only `cases` when given.
    pub fn load_one(
        &self,
        problems: &[Problem],
        slug: &str,
        cases: &[String],
    ) -> Result<(Problem, Vec<Case>)> {
        let problem = find_problem(problems, slug)?;
        Ok(self
            .load_fixtures(&[problem], cases)?
            .pop()
            .expect("one problem"))
    }

    /// Executes the plan (the engine builds the tools its cases need with the subjects),
    /// drawing progress. Prints nothing else but the builder's notes.
    pub fn execute(&self, plan: Vec<Planned>) -> Result<RunReport> {
        self.execute_streamed(plan, None, None)
    }

    /// [`Context::execute`] with a deadline: the cases not started by then are not run (as
    /// after Ctrl-C, but the run is not marked interrupted).
    pub fn execute_until(
        &self,
        plan: Vec<Planned>,
        deadline: Option<Instant>,
    ) -> Result<RunReport> {
        self.execute_streamed(plan, None, deadline)
    }

    /// [`Context::execute`], each case's record also sent to `stream` (`--format json`).
    fn execute_streamed(
        &self,
        plan: Vec<Planned>,
        stream: Option<&Stream>,
        deadline: Option<Instant>,
    ) -> Result<RunReport> {
        let progress = Progress::new(self.progress);
        // Made here, so that the sandbox's note is printed before the run.
        self.sandbox()?;
        let how = Execution {
            transcript_lines: self.transcript_lines(),
            all_cases: self.all_cases,
            fail_fast: self.fail_fast,
            deadline,
        };
        let report = self.session.execute(plan, how, &|e| {
            progress.on_event(&e);
            self.outputs.on_event(stream, &e);
        })?;
        drop(progress);
        self.print_notes();
        Ok(report)
    }

    /// Each of `sources` judged as a solution (on every case, not stopping at a wrong
    /// solution's verdict) with `judge`'s profile: the first verdict other than AC, in the
    /// order of `cases`, and the case that got it (`(build)` for CE); `None`: all accepted.
    /// A case after a standing TLE is not run, so the first rejection is among those run.
    pub fn first_rejections(
        &self,
        problem: &Problem,
        cases: Vec<Case>,
        sources: &[PathBuf],
        judge: &str,
    ) -> Result<FirstRejections> {
        let mut subjects = Vec::new();
        for source in sources {
            subjects.push(Subject {
                source: source.clone(),
                role: Role::FirstRejection,
                why: None,
                limits: None,
                profile: self.subject_profile(problem, judge, source)?,
            });
        }
        let report = self.execute(vec![Planned::new(problem.clone(), cases, subjects)])?;
        let mut firsts = FirstRejections::new();
        for p in &report.problems {
            for s in &p.subjects {
                let first = if s.build.program.is_err() {
                    Some((Verdict::CompileError, "(build)".to_string()))
                } else {
                    s.outcomes.iter().zip(&p.planned.cases).find_map(|(o, c)| {
                        let o = o.as_ref()?;
                        (o.verdict != Verdict::Accepted).then(|| (o.verdict, c.name.clone()))
                    })
                };
                firsts.insert(s.subject.source.clone(), first);
            }
        }
        Ok(firsts)
    }

    /// The builder's notes (a fallback build, …) and the verdict cache's, on stderr.
    pub fn print_notes(&self) {
        if let Some(note) = self.builder.take_sandbox_note() {
            eprintln!("{}", judging::diff::terminal_safe(&note));
        }
        for note in self.builder.take_notes() {
            eprintln!("note: {}", judging::diff::terminal_safe(&note));
        }
        if let Some(n) = self
            .verdicts()
            .map(VerdictCache::unreadable)
            .filter(|&n| n > 0)
        {
            eprintln!(
                "note: {n} verdict cache entr{} could not be read: judged again",
                if n == 1 { "y" } else { "ies" }
            );
        }
    }

    /// Executes `plan` and reports it, after `before` (a section already judged, e.g. the
    /// validator's in `verify`: its text is printed first and its counts join the last line).
    pub fn execute_and_report(
        &self,
        plan: Vec<Planned>,
        before: Option<(String, Tally)>,
    ) -> Result<u8> {
        // --partition and --failed choose what runs.
        let plan = match self.outputs.select(plan)? {
            Selected::Run(plan) => plan,
            Selected::Nothing(why) => return self.outputs.nothing(&why),
        };
        let lint_targets: Vec<(PathBuf, Arc<Profile>)> = plan
            .iter()
            .flat_map(|p| &p.subjects)
            .filter(|s| s.role == Role::Solution)
            .map(|s| (s.source.clone(), s.profile.clone()))
            .collect();
        let stream = self.outputs.stream();
        let report = self.execute_streamed(plan, stream.as_ref(), None)?;
        let mut tally = report.tally();
        let mut text = String::new();
        if report.compiled > 0 {
            text.push_str(&format!(
                "built {} program(s): {} compiled, {} from the cache\n",
                report.compiled + report.cached,
                report.compiled,
                report.cached
            ));
        }
        if report.reused > 0 {
            text.push_str(&format!(
                "reused {} verdict(s) from the cache: nothing they depend on changed (--no-cache judges everything)\n",
                report.reused
            ));
        }
        if let Some((first, t)) = before {
            text.push_str(&first);
            tally.add(t);
        }
        text.push_str(&report::render_body(&report, self.ws.root(), self.report));
        text.push_str(&self.lint_warnings(&lint_targets));
        text.push_str(&report::render_last_line(&tally, self.report));
        if self.outputs.human() {
            print(&fit_terminal(text))?;
        }
        self.outputs.finish(&report, stream, &tally)?;
        Ok(tally.exit_code_of(report.interrupted))
    }

    /// The dialect lint: a solution that passes here but falls into a judge's known trap.
    fn lint_warnings(&self, targets: &[(PathBuf, Arc<Profile>)]) -> String {
        let mut text = String::new();
        for (source, profile) in targets {
            let rules = self.judges.lint_rules(profile);
            if rules.is_empty() {
                continue;
            }
            let Ok(code) = std::fs::read(source) else {
                continue;
            };
            let path = source.strip_prefix(self.ws.root()).unwrap_or(source);
            for finding in lint::lint(&code, &rules) {
                text.push_str(&format!(
                    "warning: {} (`runner submit` refuses this file for {})\n",
                    lint::Located {
                        path,
                        finding: &finding
                    },
                    profile.name()
                ));
            }
        }
        text
    }
}

/// `e` with its path relative to the workspace root.
fn relative(ws: &Workspace, mut e: ConfigError) -> ConfigError {
    e.path = ws.display(&e.path).to_string().into();
    e
}

/// An error naming every `--case` that matched no case of `problems`.
fn unmatched_cases(problems: &[&Problem], cases: &[String], matched: &[bool]) -> Result<()> {
    let unmatched: Vec<&str> = cases
        .iter()
        .zip(matched)
        .filter(|(_, &m)| !m)
        .map(|(c, _)| c.as_str())
        .collect();
    if unmatched.is_empty() {
        return Ok(());
    }
    let slugs: Vec<&str> = problems.iter().map(|p| p.slug.as_str()).collect();
    let within = if slugs.len() <= 3 {
        slugs.join(", ")
    } else {
        format!("the {} problems judged", slugs.len())
    };
    bail!(
        "--case {}: no case of that name in {within} (every --case must match a case)",
        unmatched.join(", "),
    )
}

pub fn find_problem<'a>(problems: &'a [Problem], slug: &str) -> Result<&'a Problem> {
    problems.iter().find(|p| p.slug == slug).with_context(|| {
        let close: Vec<&str> = problems
            .iter()
            .filter(|p| p.slug.contains(slug))
            .map(|p| p.slug.as_str())
            .collect();
        if close.is_empty() {
            format!("no problem `{slug}` (`runner list` shows them all)")
        } else {
            format!("no problem `{slug}`; did you mean {}?", close.join(", "))
        }
    })
}

/// The problems whose slug contains one of `filters` (all when empty).
pub fn select<'a>(problems: &'a [Problem], filters: &[String]) -> Result<Vec<&'a Problem>> {
    if problems.is_empty() {
        bail!(
            "the workspace has no problems yet: `{} new <slug>` creates one",
            crate::invoked::command()
        );
    }
    let chosen: Vec<&Problem> = problems
        .iter()
        .filter(|p| filters.is_empty() || filters.iter().any(|f| p.slug.contains(f.as_str())))
        .collect();
    if chosen.is_empty() {
        let all: Vec<&str> = problems.iter().map(|p| p.slug.as_str()).collect();
        bail!(
            "no problem matches {}; the problems are: {}",
            filters.join(", "),
            all.join(", ")
        );
    }
    Ok(chosen)
}

/// `text` fitted to the terminal's width when stdout is a terminal (see [`report::fit`]); as it
/// is when it goes to a file or a pipe.
pub fn fit_terminal(text: String) -> String {
    match report::terminal_width() {
        Some(width) if std::io::stdout().is_terminal() => report::fit(&text, width),
        _ => text,
    }
}

/// Prints `text`, a report for the terminal, through [`judging::diff::terminal_safe`]: nothing
/// that came from outside commands the terminal; a closed stdout (`runner … | head`) is not an
/// error. (`print_bytes` prints bytes as they are: a program's own output that `runner run`
/// shows, a source for the clipboard.)
pub fn print(text: &str) -> Result<()> {
    print_bytes(judging::diff::terminal_safe(text).as_bytes())
}

pub fn print_bytes(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
