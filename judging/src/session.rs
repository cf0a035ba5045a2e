//! The value a command opens to reach the core: the workspace, its judge profiles and the file
//! kinds they build, the builder (and the sandbox it makes on first use), the verdict cache,
//! the job count and the run's cancellation, each made once from what the caller hands in
//! ([`SessionOptions`]: the root or where to look for it, the command that starts the runner,
//! the `Cancel` its signal handler holds). Through it a command executes a plan, builds a
//! problem's own programs and stresses a problem. It prints nothing: what it has to say (the
//! sandbox's note, the builder's notes, the cache entries it could not read) it keeps for the
//! caller to take.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context as _, Result};
use sandbox::{Cancel, Sandbox};

use crate::cache::VerdictCache;
use crate::compile::Builder;
use crate::judges::Judges;
use crate::problem::Problem;
use crate::run::{Event, ExecOptions, Planned, RunReport};
use crate::stress::{StressOptions, StressReport};
use crate::tools::{Tool, Toolbox};
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
    pub ws: Workspace,
    pub judges: Arc<Judges>,
    /// The file kinds the judges build (by extension).
    pub kinds: FileKinds,
    /// Builds programs, and holds the sandbox they (and their compiles) run in.
    pub builder: Builder,
    pub jobs: usize,
    /// The run's cancellation, handed to the engine and the sandbox.
    pub cancel: Cancel,
    /// The verdict cache; `None` with `--no-cache`.
    verdicts: Option<VerdictCache>,
}

/// How a plan is executed, besides what the session holds.
#[derive(Debug, Clone, Copy, Default)]
pub struct Execution {
    /// The lines of an interactive case's dialogue kept ([`ExecOptions::transcript_lines`]).
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
            builder: Builder::new(ws.cache_dir())
                .in_workspace(ws.root())
                .isolated(o.sandbox)
                .cancelled_by(o.cancel.clone()),
            jobs,
            verdicts: o
                .cache
                .then(|| VerdictCache::new(&ws.cache_dir(), o.sandbox)),
            cancel: o.cancel,
            ws,
        })
    }

    /// The executor, made on first use (the builder's: compiles run in it too). When it cannot
    /// isolate here, [`Builder::take_sandbox_note`] says so once.
    pub fn sandbox(&self) -> Result<&Sandbox> {
        self.builder.sandbox()
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
            &self.builder,
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

    /// `problem`'s own programs `tools`, built in parallel and made ready to call.
    pub fn tools(&self, problem: &Problem, tools: &[Tool]) -> Result<Toolbox> {
        let pool = crate::run::pool(self.jobs).context("cannot start the workers")?;
        crate::tools::build(&self.builder, &self.judges, &pool, problem, tools)
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
            &self.builder,
            self.sandbox()?,
            opts,
            progress,
        )
    }
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
}
