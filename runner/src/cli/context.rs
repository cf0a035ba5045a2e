//! One value per command, built once from the global options: the core's session
//! ([`judging::Session`]: the workspace, the judges and the kinds of file they build,
//! the workshop, the sandbox, the verdict cache, jobs, the cancellation; the loading of the
//! problems, which holes stop it, the plans' subjects) and the presentation: report options,
//! outputs, the progress bar, and the printing of what the session hands back (its warnings,
//! the sandbox's "no sandbox" note once, the workshop's notes). Commands read the session through
//! it ([`Context`] derefs to [`Session`]) and ask it to execute and report.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context as _, Result};

use super::{ColorChoice, GlobalArgs};
use crate::machine::{self, Outputs, Selected, Stream};
use crate::report::{self, Progress, ReportOptions};
use judging::lint;
use judging::Case;
use judging::Problem;
use judging::Profile;
use judging::VerdictCache;
use judging::Workspace;
use judging::{ConfigErrors, Execution, Loaded, Reach, Session, SessionOptions, Work};
use judging::{FirstRejections, Planned, Role, RunReport, Tally};
use sandbox::{Cancel, Sandbox};

/// What a command gets: the core's [`Session`] (the workspace, the judges, the workshop: builds
/// and the sandbox, the verdict cache, the jobs, the cancellation), which it reads through
/// (`cx.ws`, `cx.solution(…)`: [`Context`] derefs to it), how the invoked command executes a
/// plan, and the presentation: how reports look, where they go, the progress bar.
pub struct Context {
    /// The core's session: the one way into it.
    pub session: Session,
    /// How reports are drawn (`--color`, `--diff-lines`, `--transcript`).
    pub report: ReportOptions,
    /// Whether to draw a progress bar (a terminal, not CI, a human report).
    pub progress: bool,
    /// Where the reports go (`--format`, `--junit`, `--html`, …).
    pub outputs: Outputs,
    /// How the command's plans are executed (`--all-cases`, `--fail-fast`, the transcript's
    /// length); a deadline is given per execution.
    pub execution: Execution,
}

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
        .map_err(|e| match e.downcast::<judging::ConfigError>() {
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
            },
            progress: std::io::stderr().is_terminal()
                && std::env::var_os("CI").is_none()
                && outputs.human(),
            outputs,
            execution: Execution {
                transcript_lines: if g.transcript { usize::MAX } else { 12 },
                ..Execution::default()
            },
            session,
        })
    }

    /// The executor, made on first use (the workshop's: compiles run in it too). When the
    /// sandbox cannot be made here, says so once.
    pub fn sandbox(&self) -> Result<&Sandbox> {
        let sandbox = self.workshop.sandbox()?;
        if let Some(note) = self.workshop.take_sandbox_note() {
            eprintln!("{}", judging::diff::terminal_safe(&note));
        }
        Ok(sandbox)
    }

    /// The lines of an interactive case's dialogue the engine keeps: all with `--transcript`.
    /// (How a diff is drawn is the report's alone: [`ReportOptions::diff`].)
    pub fn transcript_lines(&self) -> usize {
        self.execution.transcript_lines
    }

    /// The problems of the workspace, for a command on some of them: a hole of the workspace
    /// that belongs to no problem is a warning on stderr, not an error; the problems' own holes
    /// stop the commands that load them ([`Context::load_fixtures`]). See [`Reach::Some`].
    pub fn discover(&self) -> Result<Vec<Problem>> {
        Ok(self.shown(self.session.problems(Reach::Some)?))
    }

    /// The problems of the workspace, for a run of all of them ([`Reach::Every`]).
    pub fn discover_all(&self) -> Result<Vec<Problem>> {
        Ok(self.shown(self.session.problems(Reach::Every)?))
    }

    /// The fixtures of `problems`, keeping only `cases` when given ([`Session::fixtures`]); its
    /// warnings on stderr.
    pub fn load_fixtures(&self, problems: &[&Problem], cases: &[String]) -> Result<Work> {
        Ok(self.shown(self.session.fixtures(problems, cases)?))
    }

    /// What a load found, its warnings printed on stderr.
    fn shown<T>(&self, loaded: Loaded<T>) -> T {
        for w in &loaded.warnings {
            eprintln!("warning: {}", judging::diff::terminal_safe(&w.to_string()));
        }
        loaded.value
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
    /// drawing progress. Prints nothing else but the workshop's notes.
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
            deadline,
            ..self.execution
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
    /// solution's verdict) with `judge`'s profile, drawing progress: the first rejection of
    /// each ([`judging::first_rejections`]).
    pub fn first_rejections(
        &self,
        problem: &Problem,
        cases: Vec<Case>,
        sources: &[PathBuf],
        judge: &str,
    ) -> Result<FirstRejections> {
        let plan = self
            .session
            .first_rejection_plan(problem, cases, sources, judge)?;
        Ok(judging::first_rejections(&self.execute(vec![plan])?))
    }

    /// The workshop's notes (a fallback build, …) and the verdict cache's, on stderr.
    pub fn print_notes(&self) {
        if let Some(note) = self.workshop.take_sandbox_note() {
            eprintln!("{}", judging::diff::terminal_safe(&note));
        }
        for note in self.workshop.take_notes() {
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
