//! The value a command opens to reach the core: the workspace, its judge profiles and the file
//! kinds they build, the workshop (builds, and the sandbox it makes on first use), the verdict cache,
//! the job count and the run's cancellation, each made once from what the caller hands in
//! ([`SessionOptions`]: the root or where to look for it, the command that starts the runner,
//! the `Cancel` its signal handler holds). Through it a command executes a plan, builds a
//! problem's own programs and stresses a problem. It prints nothing: what it has to say (the
//! sandbox's note, the workshop's notes, the cache entries it could not read) it keeps for the
//! caller to take.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context as _, Result};
use sandbox::{Cancel, Limits, Sandbox};

use crate::cache::VerdictCache;
use crate::compile::Workshop;
use crate::config::ConfigError;
use crate::fixture::{self, Case};
use crate::holes;
use crate::judges::{Judges, Profile};
use crate::problem::{self, Problem, WrongProgram};
use crate::run::{Event, ExecOptions, FirstRejections, Planned, Role, RunReport, Subject};
use crate::scan::Scan;
use crate::stress::{StressOptions, StressReport};
use crate::tools::{Tool, Toolbox};
use crate::verdict::Verdict;
use crate::workspace::{FileKinds, Workspace};

/// What a session is opened with.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    /// The workspace's root (`--root`); `None`: found from `start` upwards.
    pub root: Option<PathBuf>,
    /// Where to look for the workspace when no root is given (the current folder).
    pub start: PathBuf,
    /// The command that starts the runner as the user runs it, for hints
    /// (`cargo run -p runner --`).
    pub invoked: &'static str,
    /// Programs run at once; `None`: the machine's CPUs.
    pub jobs: Option<usize>,
    /// Whether programs and compiles run in the sandbox (`--no-sandbox`: false).
    pub sandbox: bool,
    /// Whether verdicts are reused and kept (`--no-cache`: false).
    pub cache: bool,
    /// The run's cancellation (the binary's Ctrl-C / SIGTERM handler holds it).
    pub cancel: Cancel,
}

/// An open session: see the module's doc.
pub struct Session {
    /// The workspace: its root and folders.
    pub ws: Workspace,
    /// The judge profiles (`judges.toml`).
    pub judges: Arc<Judges>,
    /// The file kinds the judges build (by extension).
    pub kinds: FileKinds,
    /// Builds programs, and holds the sandbox they (and their compiles) run in.
    pub workshop: Workshop,
    /// Programs run at once.
    pub jobs: usize,
    /// The run's cancellation, handed to the engine and the sandbox.
    pub cancel: Cancel,
    /// The command that starts the runner as the user runs it, for hints.
    pub invoked: &'static str,
    /// The verdict cache; `None` with `--no-cache`.
    verdicts: Option<VerdictCache>,
}

/// Configuration errors (a fixture, `problem.toml`, `judges.toml`, a hole in the workspace),
/// each naming its file and line relative to the root: the caller prints them all and ends
/// with exit code 2.
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

/// Which holes of the workspace stop a load of its problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// A command on some problems: a hole that belongs to no problem (a stray file in
    /// `solutions/`, `problems/` or `fixtures/`) is a [`Warning::Stray`]; the problems' own
    /// holes stop the command when their fixtures are loaded ([`Session::fixtures`]).
    Some,
    /// A run of every problem: every problem must name a judge of `judges.toml`, and any hole
    /// of the workspace stops it.
    Every,
}

/// Something a load found that stops nothing: the caller shows it.
#[derive(Debug, Clone)]
pub enum Warning {
    /// A hole that belongs to no problem, in a load of [`Reach::Some`].
    Stray(ConfigError),
    /// Two cases of a fixture judged the same way.
    DuplicateCase(ConfigError),
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::Stray(e) => write!(f, "{e} (a run of every problem refuses it)"),
            Warning::DuplicateCase(e) => write!(f, "{e}"),
        }
    }
}

/// What a load gives: the value, and the warnings it found on the way.
#[derive(Debug)]
pub struct Loaded<T> {
    /// What was loaded.
    pub value: T,
    /// What it found that stops nothing, in the order found.
    pub warnings: Vec<Warning>,
}

/// Problems with the cases of their fixtures a command judges.
pub type Work = Vec<(Problem, Vec<Case>)>;

/// How a plan is executed, besides what the session holds.
#[derive(Debug, Clone, Copy, Default)]
pub struct Execution {
    /// The lines of an interactive case's dialogue kept (`all` with `--transcript`).
    pub transcript_lines: usize,
    /// Judge a wrong solution on every case (`--all-cases`).
    pub all_cases: bool,
    /// A solution stops at its first failing case (`--fail-fast`).
    pub fail_fast: bool,
    /// Cases not started by then are not run (`runner mutants --time`).
    pub deadline: Option<std::time::Instant>,
}

impl Session {
    /// Opens the session `o` describes. A bad `judges.toml` is a [`crate::config::ConfigError`]
    /// (its path relative to the root) in the error, for the caller to tell apart.
    pub fn open(o: SessionOptions) -> Result<Session> {
        let ws = match &o.root {
            Some(root) => Workspace::at(root)?,
            None => Workspace::find(&o.start, o.invoked)?,
        };
        let jobs = match o.jobs {
            Some(0) => anyhow::bail!("--jobs must be at least 1"),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(2, |n| n.get()),
        };
        // The runner's own folder in the workspace leads nowhere else (a `target` planted as a
        // link would take its build cache, verdicts and last run out of it).
        crate::write::no_link_on_the_way(ws.root(), &ws.cache_dir())?;
        let judges = Judges::load(&ws).map_err(|mut e| {
            e.path = ws.display(&e.path).to_string().into();
            anyhow::Error::new(e)
        })?;
        Ok(Session {
            kinds: judges.file_kinds(),
            judges: Arc::new(judges),
            workshop: Workshop::new(ws.cache_dir())
                .in_workspace(ws.root())
                .isolated(o.sandbox)
                .cancelled_by(o.cancel.clone()),
            jobs,
            verdicts: o
                .cache
                .then(|| VerdictCache::new(&ws.cache_dir(), o.sandbox)),
            cancel: o.cancel,
            invoked: o.invoked,
            ws,
        })
    }

    /// The executor, made on first use (the workshop's: compiles run in it too). When it cannot
    /// isolate here, [`Workshop::take_sandbox_note`] says so once.
    pub fn sandbox(&self) -> Result<&Sandbox> {
        self.workshop.sandbox()
    }

    /// `e` with its path relative to the workspace root, as messages show it.
    pub fn relative(&self, mut e: ConfigError) -> ConfigError {
        e.path = self.ws.display(&e.path).to_string().into();
        e
    }

    /// `errors` (none: `Ok`) as one [`ConfigErrors`], their paths relative to the root.
    pub fn refuse(&self, errors: Vec<ConfigError>) -> Result<()> {
        if errors.is_empty() {
            return Ok(());
        }
        let errors = errors.into_iter().map(|e| self.relative(e)).collect();
        Err(ConfigErrors(errors).into())
    }

    /// The problems of the workspace; which holes stop the load is `reach`'s to say. Every
    /// error is collected into one [`ConfigErrors`].
    pub fn problems(&self, reach: Reach) -> Result<Loaded<Vec<Problem>>> {
        let scan = Scan::of(&self.ws);
        let (problems, mut errors) = match problem::discover(&scan, &self.kinds) {
            Ok(p) => (p, Vec::new()),
            Err(e) => (Vec::new(), e),
        };
        let strays = holes::workspace(&self.ws, &scan, &self.kinds, self.invoked);
        let mut warnings = Vec::new();
        match reach {
            Reach::Every => {
                errors.extend(strays);
                errors.extend(holes::judges(&self.judges, &problems));
            }
            Reach::Some => {
                let strays = strays.into_iter().map(|e| self.relative(e));
                warnings.extend(strays.map(Warning::Stray));
            }
        }
        self.refuse(errors)?;
        Ok(Loaded {
            value: problems,
            warnings,
        })
    }

    /// The fixtures of `problems`, keeping only the cases named `cases` when given (each must
    /// name a case of one of them; a problem left with none is dropped). Every error, and every
    /// hole of a problem's folders, is collected into one [`ConfigErrors`].
    pub fn fixtures(&self, problems: &[&Problem], cases: &[String]) -> Result<Loaded<Work>> {
        let mut loaded = Vec::new();
        let mut errors = Vec::new();
        let mut warnings = Vec::new();
        let mut matched = vec![false; cases.len()];
        for p in problems {
            let f = match fixture::load(&self.ws, p) {
                Ok(f) => f,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            errors.extend(holes::judges(&self.judges, std::slice::from_ref(*p)));
            errors.extend(holes::problem(&self.ws, &self.kinds, p, &f));
            for e in holes::duplicate_cases(&self.ws, p, &f) {
                warnings.push(Warning::DuplicateCase(self.relative(e)));
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
        self.refuse(errors)?;
        unmatched_cases(problems, cases, &matched)?;
        if !cases.is_empty() {
            loaded.retain(|(_, c)| !c.is_empty());
        }
        Ok(Loaded {
            value: loaded,
            warnings,
        })
    }

    /// The language of the solutions `new` and `listen` write: workspace.toml's `lang`, else
    /// Rust; a bad workspace.toml is a [`ConfigErrors`].
    pub fn lang(&self) -> Result<crate::scaffold::Lang> {
        let settings =
            crate::settings::load(&self.ws).map_err(|e| ConfigErrors(vec![self.relative(e)]))?;
        Ok(settings.lang.unwrap_or(crate::scaffold::Lang::Rust))
    }

    /// The profile of `source` as a file of a problem of `judge`; a failure is a
    /// [`ConfigErrors`] naming the file.
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

    /// `source` as a subject of `problem` in `role`, built with `judge`'s profile.
    pub fn subject(
        &self,
        problem: &Problem,
        source: &Path,
        role: Role,
        judge: &str,
    ) -> Result<Subject> {
        Ok(Subject {
            source: source.to_path_buf(),
            role,
            why: None,
            limits: None,
            profile: self.subject_profile(problem, judge, source)?,
        })
    }

    /// A solution as a subject, built with its judge's profile.
    pub fn solution(&self, problem: &Problem, source: &Path) -> Result<Subject> {
        self.subject(problem, source, Role::Solution, &problem.meta.judge)
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

    /// The plan that judges each of `sources` as a solution of `problem` with `judge`'s
    /// profile, on every case, for [`first_rejections`].
    pub fn first_rejection_plan(
        &self,
        problem: &Problem,
        cases: Vec<Case>,
        sources: &[PathBuf],
        judge: &str,
    ) -> Result<Planned> {
        let subjects = sources
            .iter()
            .map(|s| self.subject(problem, s, Role::FirstRejection, judge))
            .collect::<Result<_>>()?;
        Ok(Planned::new(problem.clone(), cases, subjects))
    }

    /// The verdict cache, when verdicts are reused.
    pub fn verdicts(&self) -> Option<&VerdictCache> {
        self.verdicts.as_ref()
    }

    /// Executes `plan` (the engine builds the tools its cases need with the subjects), each
    /// event to `emit`.
    pub fn execute(
        &self,
        plan: Vec<Planned>,
        how: Execution,
        emit: &(dyn Fn(Event) + Sync),
    ) -> Result<RunReport> {
        crate::run::execute(
            plan,
            &self.workshop,
            self.sandbox()?,
            &ExecOptions {
                jobs: self.jobs,
                judges: &self.judges,
                transcript_lines: how.transcript_lines,
                cache: self.verdicts(),
                all_cases: how.all_cases,
                fail_fast: how.fail_fast,
                deadline: how.deadline,
                cancel: &self.cancel,
            },
            emit,
        )
    }

    /// The program built from `source` with `judge`'s profile for its extension, for a command
    /// that cannot go on without it: a missing file or a compile error is an error naming
    /// `what` (`{path}: {what} does not compile`).
    pub fn build(&self, judge: &str, source: &Path, what: &str) -> Result<sandbox::Program> {
        crate::tools::build_or_bail(&self.workshop, &self.judges, judge, source, what)
    }

    /// A pool of as many workers as the session's jobs.
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        crate::run::pool(self.jobs).context("cannot start the workers")
    }

    /// `problem`'s own programs `tools`, built in parallel and made ready to call.
    pub fn tools(&self, problem: &Problem, tools: &[Tool]) -> Result<Toolbox> {
        let pool = self.pool()?;
        crate::tools::build(&self.workshop, &self.judges, &pool, problem, tools)
    }

    /// Stresses `problem` as `opts` says, each seed done to `progress`.
    pub fn stress(
        &self,
        problem: &Problem,
        opts: &StressOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<StressReport> {
        crate::stress::stress(
            problem,
            &self.judges,
            &self.workshop,
            self.sandbox()?,
            opts,
            progress,
        )
    }
}

/// Of a run of a [`Session::first_rejection_plan`]: for each program, the first verdict other
/// than AC in the order of the cases, and the case that got it (`(build)` for CE); `None`: all
/// accepted. A case after a standing TLE is not run, so the first rejection is among those run.
pub fn first_rejections(report: &RunReport) -> FirstRejections {
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
    firsts
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

#[cfg(test)]
mod tests {
    use super::*;

    fn options(root: &std::path::Path) -> SessionOptions {
        SessionOptions {
            root: Some(root.to_path_buf()),
            start: root.to_path_buf(),
            invoked: "runner",
            jobs: Some(3),
            sandbox: false,
            cache: false,
            cancel: Cancel::new(),
        }
    }

    #[test]
    fn a_session_opens_on_a_workspace_and_names_a_bad_judges_toml() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problems")).unwrap();
        let s = Session::open(options(dir.path())).unwrap();
        assert_eq!(s.jobs, 3);
        assert!(s.verdicts().is_none());
        assert!(s.judges.get("local").is_some());
        let zero = SessionOptions {
            jobs: Some(0),
            ..options(dir.path())
        };
        let e = Session::open(zero).err().expect("refused");
        assert_eq!(e.to_string(), "--jobs must be at least 1");
        std::fs::write(dir.path().join("judges.toml"), "[[judge]]\nnope = 1\n").unwrap();
        let e = Session::open(options(dir.path())).err().expect("refused");
        let config = e
            .downcast_ref::<crate::config::ConfigError>()
            .expect("a config error");
        assert_eq!(config.path, std::path::Path::new("judges.toml"));
        assert_eq!(config.line.map(|(l, _)| l), Some(2), "{config}");
    }

    #[test]
    fn a_stray_file_warns_a_command_on_some_problems_and_stops_a_run_of_every_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problems")).unwrap();
        std::fs::write(dir.path().join("problems/notes.txt"), "x").unwrap();
        let s = Session::open(options(dir.path())).unwrap();
        let some = s.problems(Reach::Some).unwrap();
        assert!(some.value.is_empty());
        let [Warning::Stray(e)] = &some.warnings[..] else {
            panic!("one stray: {:?}", some.warnings)
        };
        assert_eq!(e.path, std::path::Path::new("problems/notes.txt"));
        assert!(
            some.warnings[0]
                .to_string()
                .ends_with("(a run of every problem refuses it)"),
            "{}",
            some.warnings[0]
        );
        let every = s.problems(Reach::Every).expect_err("refused");
        let errors = every.downcast_ref::<ConfigErrors>().expect("config errors");
        assert_eq!(errors.0.len(), 1, "{every}");
        assert_eq!(errors.0[0].path, std::path::Path::new("problems/notes.txt"));
    }
}
