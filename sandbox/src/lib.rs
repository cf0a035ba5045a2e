//! Running programs under time, memory and output limits, in a sandbox: one program on one input
//! ([`single`]), or two playing against each other ([`interact`]).
//!
//! Programs are forked by long-lived launchers (`launch.c`, one per worker; protocol in
//! [`launcher`]), never by the runner itself, so starting a program costs the same however much
//! the runner holds, and its peak memory is its own. Where cgroups can be made ([`cgroup`]),
//! each launcher runs in memory, CPU and pids cgroups of its own, which count every process of a
//! case and what the kernel holds for it. The layers, top down: this file (the executor and the
//! sandbox's launchers), `interact` (games), `single` (one run), `program` (the vocabulary),
//! `cgroup`, `launcher`.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

mod attached;
mod cancel;
mod cgroup;
mod compile;
mod gcc_launcher;
mod interact;
mod launcher;
mod left;
mod program;
mod single;

pub use cancel::Cancel;
pub use program::{
    decide_kill, safety_wall_limit, signal_name, wall_limit, Exit, Kill, Limits, Observation,
    Program, RunOutput, Stack, Stdin, MEMORY_MIB,
};
pub use single::{become_subreaper, box_path, reap_orphans};

pub use compile::{Compile, CompileOutput, CompilePaths, COMMANDS, OUTPUT, SOURCES, TOOLCHAIN};

pub use interact::{Exchange, Interaction, Party, Rules, Side, Transcript, IDLE};
pub use left::{Left, WRITABLE_CAP, WRITABLE_ENTRIES};

use std::io;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use launcher::Launcher;
use single::{open_stdin, run_with};

pub use launcher::PROCESS_LIMIT;

/// Whether programs run in the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Isolation {
    Sandboxed,
    /// `--no-sandbox`.
    Off,
    /// The sandbox could not be made here (why).
    Unavailable(String),
}

/// Runs programs. [`Sandbox`] is the real one; tests of the scheduling use a fake.
pub trait Executor: Sync {
    /// Runs `program` with `stdin` under `limits`, keeping at most `output_cap` bytes of stdout
    /// (more is an output-limit kill). An error means the program could not be run at all.
    fn run(
        &self,
        program: &Program,
        stdin: Stdin<'_>,
        limits: &Limits,
        output_cap: usize,
    ) -> io::Result<RunOutput>;

    /// Plays a game: `solution` and `interactor`, each one's stdout relayed to the other's
    /// stdin through the runner, each under its own limits ([`interact`] says how). `settle`
    /// says whether an interactor that ended with that exit has decided the verdict; the
    /// transcript keeps about `transcript_cap` bytes; `None`: the two are wired to each other
    /// (faster, no transcript; see [`interact`]); `rules` are the judge's where judges differ
    /// ([`Rules`]). An error means the game could not be played at all.
    fn run_interactive(
        &self,
        solution: Party<'_>,
        interactor: Party<'_>,
        settle: &dyn Fn(Exit) -> bool,
        transcript_cap: Option<usize>,
        rules: Rules,
    ) -> io::Result<Interaction> {
        let _ = (solution, interactor, settle, transcript_cap, rules);
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "this executor does not play interactive games",
        ))
    }
}

/// The real executor: programs run through launchers, one per worker at a time, in the
/// sandbox unless it is turned off or cannot be made.
pub struct Sandbox {
    launcher: launcher::LauncherFile,
    /// Where launchers build the sandbox's root (each over its own private mount).
    root: Option<PathBuf>,
    idle: Arc<Mutex<Vec<Launcher>>>,
    /// The launchers of compiles, apart: their cgroups end up holding the compilers' page cache
    /// (a toolchain's libraries, hundreds of MiB), which a program's memory cgroup must not
    /// carry (reclaiming it at the limit would slow an MLE into a TLE).
    compile_idle: Mutex<Vec<Launcher>>,
    isolation: Isolation,
    /// This run's cgroups, in the sandbox, where they can be made ([`cgroup`]): every launcher
    /// gets memory, CPU and pids cgroups of its own under them.
    cgroups: Option<Arc<Mutex<cgroup::RunCgroups>>>,
    launchers_made: Arc<AtomicUsize>,
    /// What the first launcher said it measures (`READY_*`).
    measures: i32,
    /// Starts the launchers of the other workers while the runner builds programs.
    prestart: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// The run's cancellation, handed to every launcher.
    cancel: Cancel,
}

/// Starts launcher number `launchers_made` (then one more), in its cgroups.
fn start_launcher(
    path: &Path,
    root: Option<&Path>,
    cgroups: Option<&Mutex<cgroup::RunCgroups>>,
    launchers_made: &AtomicUsize,
    cancel: &Cancel,
) -> io::Result<Launcher> {
    let n = launchers_made.fetch_add(1, Ordering::SeqCst);
    let cgroups = match cgroups {
        Some(c) => c.lock().unwrap_or_else(|e| e.into_inner()).worker(n),
        None => launcher::Cgroups::default(),
    };
    Launcher::start(path, root, &cgroups, cancel)
}

impl Sandbox {
    /// Builds the launcher into `cache_dir` (once; later calls find it there) and starts the
    /// first one, which tells whether the sandbox can be made here. `cancel` ends its runs.
    pub fn new(cache_dir: &Path, isolate: bool, cancel: Cancel) -> anyhow::Result<Sandbox> {
        use anyhow::Context as _;
        let launcher = launcher::build()?;
        let root = if isolate {
            let root = cache_dir.join("sandbox-root");
            std::fs::create_dir_all(&root)
                .with_context(|| format!("cannot create {}", root.display()))?;
            Some(root)
        } else {
            None
        };
        // One launcher per CPU is what a parallel run wants. Every worker's cgroups are made
        // first, then the launchers start together: moving a process into a cgroup waits for
        // an RCU grace period (milliseconds) and holds the kernel's cgroup lock meanwhile, so
        // moves made at once share one wait, and nothing else waits for the lock.
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut cgroups = root.as_ref().map(|_| cgroup::RunCgroups::make());
        let mut worker_cgroups: Vec<launcher::Cgroups> = (0..workers)
            .map(|n| cgroups.as_mut().map(|c| c.worker(n)).unwrap_or_default())
            .collect();
        let first_cgroups = worker_cgroups.remove(0);
        let cgroups = cgroups.map(|c| Arc::new(Mutex::new(c)));
        let idle = Arc::new(Mutex::new(Vec::new()));
        let launchers_made = Arc::new(AtomicUsize::new(workers));
        let prestart = (!worker_cgroups.is_empty()).then(|| {
            let (path, root, idle) = (launcher.path().to_path_buf(), root.clone(), idle.clone());
            let cancel = cancel.clone();
            std::thread::spawn(move || {
                for c in worker_cgroups {
                    match Launcher::start(&path, root.as_deref(), &c, &cancel) {
                        Ok(l) => idle.lock().unwrap_or_else(|e| e.into_inner()).push(l),
                        Err(_) => break,
                    }
                }
            })
        });
        let first = Launcher::start(launcher.path(), root.as_deref(), &first_cgroups, &cancel)
            .context("cannot start the launcher")?;
        let isolation = match &first.sandbox {
            Ok(()) => Isolation::Sandboxed,
            Err(None) => Isolation::Off,
            Err(Some(e)) => Isolation::Unavailable(e.to_string()),
        };
        let measures = first.flags.get();
        let root = if isolation == Isolation::Sandboxed {
            root
        } else {
            None
        };
        idle.lock().unwrap_or_else(|e| e.into_inner()).push(first);
        Ok(Sandbox {
            launcher,
            root,
            idle,
            compile_idle: Mutex::new(Vec::new()),
            cgroups,
            isolation,
            launchers_made,
            measures,
            prestart: Mutex::new(prestart),
            cancel,
        })
    }

    /// The run's cancellation: cancelling it kills what runs and starts nothing more.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// The one line to print when the sandbox was asked for and cannot be made here.
    pub fn unavailable_note(&self) -> Option<String> {
        match &self.isolation {
            Isolation::Unavailable(why) => Some(format!(
                "note: no sandbox here ({why}): programs run as you, with the machine in reach \
                 (see the manual's \"The sandbox\", docs/src/sandbox.md)"
            )),
            _ => None,
        }
    }

    /// What is measured here, in one line: the sandbox, and where memory, CPU and processes
    /// are counted (`memory: cgroup v1, cpu: cgroup v1, pids: cgroup v1`; `none` where a
    /// cgroup cannot be made, and the sandbox counts with rlimits and /proc instead).
    pub fn describe(&self) -> String {
        let what = match &self.isolation {
            Isolation::Sandboxed => "sandbox",
            Isolation::Off => "no sandbox",
            Isolation::Unavailable(_) => "no sandbox (unavailable)",
        };
        let cgroups = match &self.cgroups {
            Some(c) => c.lock().unwrap_or_else(|e| e.into_inner()).describe(),
            None => "memory: none, cpu: none, pids: none".into(),
        };
        let refusals = if self.measures & launcher::READY_REFUSALS != 0 {
            "allocations past the limit refused"
        } else {
            "allocations past the limit not seen"
        };
        format!("{what}; {cgroups}; {refusals}")
    }

    fn checkout(&self) -> io::Result<Launcher> {
        self.checkout_from(&self.idle)
    }

    /// An idle launcher of `pool` that is still alive, or a new one.
    fn checkout_from(&self, pool: &Mutex<Vec<Launcher>>) -> io::Result<Launcher> {
        loop {
            let idle = pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            match idle {
                Some(mut l) => {
                    if l.alive() {
                        return Ok(l);
                    }
                    // Killed while idle: dropped (reaped), and the next one is tried.
                }
                None => break,
            }
        }
        start_launcher(
            self.launcher.path(),
            self.root.as_deref(),
            self.cgroups.as_deref(),
            &self.launchers_made,
            &self.cancel,
        )
    }

    fn checkin(&self, l: Launcher) {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(l);
    }

    /// After a run through `launcher` taken from `pool`: a launcher that served it goes back to
    /// the pool (unless it is gone); one that failed is in an unknown state and is ended (a new
    /// one starts on the next run).
    fn give_back<T>(
        pool: &Mutex<Vec<Launcher>>,
        launcher: Launcher,
        served: io::Result<T>,
    ) -> io::Result<T> {
        match served {
            Ok(result) => {
                if !launcher.gone.get() {
                    pool.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(launcher);
                }
                Ok(result)
            }
            Err(e) => {
                launcher.kill();
                Err(e)
            }
        }
    }

    /// Runs `program` under `limits` with the runner's own stdin, stdout and stderr relayed to
    /// it (a person at the terminal is its other side: `runner run --human`), in the sandbox
    /// like any other: how it ended, and what it left in its writable files.
    pub fn run_attached(
        &self,
        program: &Program,
        limits: &Limits,
    ) -> io::Result<(Exit, Vec<Left>)> {
        let launcher = self.checkout()?;
        let served = attached::run(&launcher, program, limits);
        Self::give_back(&self.idle, launcher, served)?
    }
}

impl Executor for Sandbox {
    fn run(
        &self,
        program: &Program,
        stdin: Stdin<'_>,
        limits: &Limits,
        output_cap: usize,
    ) -> io::Result<RunOutput> {
        let stdin = open_stdin(stdin)?;
        let launcher = self.checkout()?;
        if launcher.memory_cgroup() {
            // The input's pages are read into the page cache here, charged to the runner, not
            // to the program's memory cgroup.
            // SAFETY: posix_fadvise on a descriptor we own; it only starts reading ahead.
            unsafe { libc::posix_fadvise(stdin.as_raw_fd(), 0, 0, libc::POSIX_FADV_WILLNEED) };
        }
        let served = run_with(&launcher, program, stdin, limits, output_cap);
        Self::give_back(&self.idle, launcher, served)?
    }

    fn run_interactive(
        &self,
        solution: Party<'_>,
        interactor: Party<'_>,
        settle: &dyn Fn(Exit) -> bool,
        transcript_cap: Option<usize>,
        rules: Rules,
    ) -> io::Result<Interaction> {
        let [a, b] = self.checkout_two()?;
        match interact::play(
            [&a, &b],
            [solution, interactor],
            settle,
            transcript_cap,
            rules,
        ) {
            Ok(result) => {
                // Back in the reverse order, so that the next game takes each launcher for the
                // same side again: a launcher keeps its /tmp and /box from one case to the next
                // only while its program, files and limits stay the same (the interactor's are
                // not the solution's), which is most of a short game's cost.
                for l in [b, a] {
                    if !l.gone.get() {
                        self.checkin(l);
                    }
                }
                result
            }
            Err(e) => {
                a.kill();
                b.kill();
                Err(e)
            }
        }
    }
}

impl Sandbox {
    /// Runs a compile ([`Compile`]) under `limits`: `make_argv` gets the paths of the compile's
    /// directories as the compiler sees them. An error means it could not be run at all.
    pub fn compile(
        &self,
        compile: &Compile,
        make_argv: &dyn Fn(&CompilePaths) -> Vec<std::ffi::OsString>,
        limits: &Limits,
    ) -> io::Result<CompileOutput> {
        let launcher = self.checkout_from(&self.compile_idle)?;
        let served = compile::run(&launcher, compile, make_argv, limits);
        Self::give_back(&self.compile_idle, launcher, served)?
    }

    /// Whether programs run in the sandbox.
    pub fn isolation(&self) -> &Isolation {
        &self.isolation
    }

    /// Two launchers for one game; on failure, none is kept out.
    fn checkout_two(&self) -> io::Result<[Launcher; 2]> {
        let first = self.checkout()?;
        match self.checkout() {
            Ok(second) => Ok([first, second]),
            Err(e) => {
                self.checkin(first);
                Err(e)
            }
        }
    }
}

impl Drop for Sandbox {
    /// Ends the launchers, all at once (each may take a few milliseconds to go), then removes
    /// the cgroups they were in (empty once they are gone).
    fn drop(&mut self) {
        if let Some(t) = self
            .prestart
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            let _ = t.join();
        }
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        let mut compiling = self.compile_idle.lock().unwrap_or_else(|e| e.into_inner());
        for l in idle.iter().chain(compiling.iter()) {
            l.shut_down();
        }
        idle.clear();
        compiling.clear();
        drop(idle);
        drop(compiling);
        self.cgroups = None;
    }
}

#[cfg(test)]
mod tests {
    //! What needs the crate's private items; the rest of the executor's contract is pinned
    //! through the public API in `tests/contract/`.
    use super::*;
    use std::ffi::OsString;
    use std::time::Duration;

    /// A shell command as a program.
    fn shell(script: &str) -> Program {
        Program {
            argv: vec![OsString::from("sh"), "-c".into(), script.into()],
            files: vec![],
            stack: Stack::Inherit,
            writable: vec![],
        }
    }

    fn run(program: &Program, input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/judge");
        let sandbox = Sandbox::new(&dir, true, Cancel::new()).unwrap();
        sandbox.run(program, Stdin::Bytes(input), limits, 1 << 20)
    }

    fn limits(ms: u64) -> Limits {
        Limits {
            time: Duration::from_millis(ms),
            memory_bytes: 256 << 20,
        }
    }

    #[test]
    fn a_spinner_the_rlimit_backstop_kills_before_the_poll_is_a_cpu_time_kill() {
        // The poll made late on purpose (a test-only knob: it kills for no time limit, however
        // busy the machine): RLIMIT_CPU's SIGXCPU, at the limit plus a second (2 s of CPU
        // here), ends the spinner, as on a machine so busy that the poll came after it. That
        // is the CPU-time limit's kill, with the CPU time measured.
        crate::program::late_poll_for_tests(true);
        let out = run(&shell("while :; do :; done"), b"", &limits(1000));
        crate::program::late_poll_for_tests(false);
        let out = out.unwrap();
        assert_eq!(out.exit, Exit::Signal(libc::SIGXCPU), "{out:?}");
        assert_eq!(out.killed, Some(Kill::CpuTime), "{out:?}");
        // More than the limit; what the sandbox counted may be below what RLIMIT_CPU counted.
        assert!(out.cpu > Duration::from_millis(1000), "{:?}", out.cpu);
    }
}
