//! Running one program on one input under time, memory and output limits.
//!
//! Programs are forked by long-lived launchers (`launch.c`, one per worker; protocol in
//! [`launcher`]), never by the runner itself, so starting a program costs the same however much
//! the runner holds, and its peak memory is its own. stdin is a file (the fixture's file, or a
//! memfd holding inline bytes); stdout and stderr are pipes drained on the calling thread by one
//! `poll` loop, which also waits for the launcher's exit report, so a run needs no extra thread.
//! Each program runs in its own process group. In the sandbox the launcher is PID 1 of the
//! program's PID namespace and kills every process of it when the program ends or when the
//! runner asks (a limit, Ctrl-C); without it, the group is killed and the runner, a child
//! subreaper, kills any descendant that left it with [`reap_orphans`] at the end.
//! Where cgroups can be made ([`cgroup`]), each launcher runs in memory, CPU and pids cgroups
//! of its own, which count every process of a case and what the kernel holds for it.

mod cgroup;
mod interact;
mod launcher;

pub use interact::{Exchange, Interaction, Party, Side, Transcript, IDLE};

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Seek, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use launcher::{Expose, Launcher, Reply, Rlimits, Usage};

/// The limits of a run: the one type for them, from problem.toml to the launcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) the program may use.
    pub time: Duration,
    /// Peak resident memory the program may use.
    pub memory_bytes: u64,
}

/// The stack a judge gives a program (RLIMIT_STACK).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stack {
    /// The runner's own.
    #[default]
    Inherit,
    Bytes(u64),
    /// As large as the run's memory limit, as most judges give today.
    MemoryLimit,
}

impl Stack {
    /// RLIMIT_STACK in bytes for a run with `memory_bytes` of memory; 0 inherits the runner's.
    pub fn bytes(self, memory_bytes: u64) -> u64 {
        match self {
            Stack::Inherit => 0,
            Stack::Bytes(b) => b,
            Stack::MemoryLimit => memory_bytes,
        }
    }
}

/// A program ready to run: its command line and the stack its judge gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub argv: Vec<OsString>,
    /// Which elements of `argv` are files of the user's that the program needs (its binary or
    /// script; a checker's input, expected and actual outputs): the sandbox shows the program
    /// those files and nothing else of the user's.
    pub files: Vec<usize>,
    /// RLIMIT_STACK of its runs.
    pub stack: Stack,
    /// Which elements of `argv` are files or directories of the user's that the program may
    /// write (an interactor's output file, a validator's feedback directory).
    pub writable: Vec<usize>,
}

impl Program {
    /// A program whose `argv[0]` is its own file.
    pub fn file(path: impl Into<OsString>) -> Program {
        Program {
            argv: vec![path.into()],
            files: vec![0],
            stack: Stack::Inherit,
            writable: vec![],
        }
    }
}

pub use launcher::PROCESS_LIMIT;

/// `PATH` inside the sandbox.
const SANDBOX_PATH: &str = "PATH=/usr/local/bin:/usr/bin:/bin";

/// Whether programs run in the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Isolation {
    Sandboxed,
    /// `--no-sandbox`.
    Off,
    /// The sandbox could not be made here (why).
    Unavailable(String),
}

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

impl Exit {
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }

    /// "exit code 3", "SIGSEGV", …
    pub fn describe(self) -> String {
        match self {
            Exit::Code(c) => format!("exit code {c}"),
            Exit::Signal(s) => signal_name(s),
        }
    }

    fn from_wait_status(status: i32) -> Exit {
        if libc::WIFSIGNALED(status) {
            Exit::Signal(libc::WTERMSIG(status))
        } else {
            Exit::Code(libc::WEXITSTATUS(status))
        }
    }
}

/// The name of signal `sig` (`SIGSEGV`), or its number when unknown.
pub fn signal_name(sig: i32) -> String {
    Signal::try_from(sig).map_or_else(|_| format!("signal {sig}"), |s| s.as_str().to_string())
}

/// Why the runner killed a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// Ctrl-C (or SIGTERM/SIGHUP) reached the runner.
    Interrupted,
    /// stdout passed the cap.
    Output,
    /// The resident set passed the memory limit, or the kernel killed a process of the case
    /// because its memory cgroup was full.
    Memory,
    /// CPU time over the limit (seen while polling; RLIMIT_CPU is the backstop).
    CpuTime,
    /// The wall-clock backstop ([`wall_limit`]) passed: the program sleeps or waits.
    WallClock,
    /// In a game (an interactive problem), neither side moved a byte, used CPU time or was
    /// runnable for [`IDLE`]: each waits for the other.
    Idle,
}

/// What the runner sees of a running program when it checks it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Observation {
    pub interrupted: bool,
    pub output_overflow: bool,
    pub resident_bytes: u64,
    pub cpu: Duration,
    pub elapsed: Duration,
}

/// Whether to kill a running program, and why. The order is the order of precedence of the
/// verdicts (the runner's verdicts use the same): an interrupt first (the user asked),
/// then output (what was cut cannot be judged), memory (it protects the machine), CPU time, and
/// the wall clock last (a program over its CPU limit is TLE however long it slept).
pub fn decide_kill(o: &Observation, limits: &Limits) -> Option<Kill> {
    if o.interrupted {
        Some(Kill::Interrupted)
    } else if o.output_overflow {
        Some(Kill::Output)
    } else if o.resident_bytes > limits.memory_bytes {
        Some(Kill::Memory)
    } else if o.cpu > limits.time {
        Some(Kill::CpuTime)
    } else if o.elapsed > wall_limit(limits) {
        Some(Kill::WallClock)
    } else {
        None
    }
}

/// The wall-clock backstop: twice the CPU limit plus a second.
pub fn wall_limit(limits: &Limits) -> Duration {
    limits.time * 2 + Duration::from_secs(1)
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct RunOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit: Exit,
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak memory of the program, in bytes: the largest of its resident set, what was seen
    /// while it ran, and, where it has one, its memory cgroup's peak (all its processes and
    /// what the kernel held for them).
    pub peak_memory: u64,
    /// The largest allocation the launcher refused because it was larger than the memory
    /// limit (only the launcher reports it: a program cannot).
    pub refused_allocation: Option<u64>,
    pub killed: Option<Kill>,
    /// stdout passed the cap (the rest was not read).
    pub output_overflow: bool,
    /// The stack it was given (RLIMIT_STACK; 0: the runner's own).
    pub stack_bytes: u64,
}

/// A program's standard input.
#[derive(Debug, Clone, Copy)]
pub enum Stdin<'a> {
    Bytes(&'a [u8]),
    File(&'a Path),
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
    /// (faster, no transcript; see [`interact`]). An error means the game could not be
    /// played at all.
    fn run_interactive(
        &self,
        solution: Party<'_>,
        interactor: Party<'_>,
        settle: &dyn Fn(Exit) -> bool,
        transcript_cap: Option<usize>,
    ) -> io::Result<Interaction> {
        let _ = (solution, interactor, settle, transcript_cap);
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "this executor does not play interactive games",
        ))
    }
}

/// Bytes of stderr kept for the report; the rest is drained and dropped.
const STDERR_KEEP: usize = 64 * 1024;

/// How long the pipes may stay open after the program ended (a descendant that left the group
/// may hold them; it is killed by [`reap_orphans`] at the end).
const DRAIN_GRACE: Duration = Duration::from_millis(500);

static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C (or SIGTERM/SIGHUP) was received.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Kills every running program's process group and marks the run interrupted.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    for &pgid in groups.iter() {
        let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
    }
}

/// Installs the Ctrl-C handler and makes the runner a child subreaper. Call once, early.
pub fn init() {
    let _ = ctrlc::set_handler(interrupt);
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes no pointers.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Kills and reaps every process re-parented to the runner (descendants that escaped their
/// group), but not the launchers of a [`Sandbox`] still in use. Call when no run is in progress.
pub fn reap_orphans() -> usize {
    let me = std::process::id() as i32;
    let mut killed = 0;
    // Held throughout: no launcher starts meanwhile, to be taken for an orphan.
    let launchers = launcher::LAUNCHERS
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    for _ in 0..5 {
        let children: Vec<i32> = children_of(me)
            .into_iter()
            .filter(|&pid| !launchers.contains(&(pid as u32)))
            .collect();
        if children.is_empty() {
            break;
        }
        for pid in children {
            // SAFETY: plain syscalls on a pid we own as its (sub)reaper.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
            killed += 1;
        }
    }
    killed
}

/// The pids whose parent is `ppid`, from /proc.
fn children_of(ppid: i32) -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                // The command name is in parentheses and may hold spaces: parse after the last ')'.
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<i32>().ok())
                    == Some(ppid)
            })
        })
        .collect()
}

/// What /proc shows of one process.
#[derive(Debug, Clone, Copy, Default)]
struct ProcSample {
    /// Resident set, and the part of it shared with others (file and shared memory pages).
    resident: u64,
    shared: u64,
    /// Its CPU time, with that of the children it waited for.
    cpu: Duration,
}

/// The current resident set and CPU time of `pid`, from /proc.
fn sample(pid: i32) -> Option<ProcSample> {
    static PAGE: std::sync::OnceLock<(u64, u64)> = std::sync::OnceLock::new();
    let &(page, hz) = PAGE.get_or_init(|| {
        // SAFETY: sysconf has no preconditions.
        let (page, hz) = unsafe {
            (
                libc::sysconf(libc::_SC_PAGESIZE),
                libc::sysconf(libc::_SC_CLK_TCK),
            )
        };
        (page.max(4096) as u64, hz.max(1) as u64)
    });
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let mut pages = statm
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse::<u64>().ok());
    let (resident, shared) = (pages.next()??, pages.next()??);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut f = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let mut ticks = 0;
    for _ in 0..4 {
        // utime, stime, cutime, cstime
        ticks += f.next()?.parse::<u64>().ok()?;
    }
    Some(ProcSample {
        resident: resident * page,
        shared: shared * page,
        cpu: Duration::from_millis(ticks * 1000 / hz),
    })
}

/// The children of every thread of `pid`.
fn task_children(pid: i32, out: &mut Vec<i32>) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for t in tasks.flatten() {
        let mut path = t.path();
        path.push("children");
        if let Ok(text) = std::fs::read_to_string(path) {
            out.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
}

/// Every process of a sandboxed case, from /proc, where no cgroup counts them: all descend from
/// the launcher `forker` (the PID 1 of their namespace). Memory is the program's resident set,
/// the private part of the others' and what the sandbox's `/tmp` holds (a tmpfs, in memory);
/// CPU is the sum.
fn sample_case(forker: i32, program: i32) -> (u64, Duration) {
    let mut stack = Vec::new();
    task_children(forker, &mut stack);
    let (mut memory, mut cpu) = (0u64, Duration::ZERO);
    let mut seen = 0;
    while let Some(pid) = stack.pop() {
        seen += 1;
        if seen > 4 * PROCESS_LIMIT {
            break;
        }
        if let Some(p) = sample(pid) {
            memory += if pid == program {
                p.resident
            } else {
                p.resident.saturating_sub(p.shared)
            };
            cpu += p.cpu;
        }
        task_children(pid, &mut stack);
    }
    (memory + tmp_in_use(program), cpu)
}

/// What the sandbox's `/tmp` holds, seen through the program's root (0 until the program is
/// in the sandbox's root: just after the fork, its root is still the host's).
fn tmp_in_use(program: i32) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let (Ok(theirs), Ok(ours)) = (
        std::fs::metadata(format!("/proc/{program}/root")),
        std::fs::metadata("/"),
    ) else {
        return 0;
    };
    if (theirs.dev(), theirs.ino()) == (ours.dev(), ours.ino()) {
        return 0;
    }
    let Ok(path) = std::ffi::CString::new(format!("/proc/{program}/root/tmp")) else {
        return 0;
    };
    // SAFETY: a zeroed statfs is valid; statfs(2) fills it from a valid C string.
    unsafe {
        let mut s: libc::statfs = std::mem::zeroed();
        if libc::statfs(path.as_ptr(), &mut s) != 0 {
            return 0;
        }
        (s.f_blocks.saturating_sub(s.f_bfree) as u64).saturating_mul(s.f_bsize as u64)
    }
}

/// When the running program is looked at (/proc): often at first, then every 10 ms. A program
/// that ends within a millisecond is never looked at.
fn next_check(n: u32) -> Duration {
    Duration::from_millis(match n {
        0 => 1,
        1 => 3,
        2 => 6,
        k => 6 + 10 * (k as u64 - 2),
    })
}

/// The real executor: programs run through launchers, one per worker at a time, in the
/// sandbox unless it is turned off or cannot be made.
pub struct Sandbox {
    launcher: PathBuf,
    /// Where launchers build the sandbox's root (each over its own private mount).
    root: Option<PathBuf>,
    idle: Arc<Mutex<Vec<Launcher>>>,
    isolation: Isolation,
    /// This run's cgroups, in the sandbox, where they can be made ([`cgroup`]): every launcher
    /// gets memory, CPU and pids cgroups of its own under them.
    cgroups: Option<Arc<Mutex<cgroup::RunCgroups>>>,
    launchers_made: Arc<AtomicUsize>,
    /// What the first launcher said it measures (`READY_*`).
    measures: i32,
    /// Starts the launchers of the other workers while the runner builds programs.
    prestart: Mutex<Option<std::thread::JoinHandle<()>>>,
}

/// Starts launcher number `launchers_made` (then one more), in its cgroups.
fn start_launcher(
    path: &Path,
    root: Option<&Path>,
    cgroups: Option<&Mutex<cgroup::RunCgroups>>,
    launchers_made: &AtomicUsize,
) -> io::Result<Launcher> {
    let n = launchers_made.fetch_add(1, Ordering::SeqCst);
    let cgroups = match cgroups {
        Some(c) => c.lock().unwrap_or_else(|e| e.into_inner()).worker(n),
        None => launcher::Cgroups::default(),
    };
    Launcher::start(path, root, &cgroups)
}

impl Sandbox {
    /// Builds the launcher into `cache_dir` (once; later calls find it there) and starts the
    /// first one, which tells whether the sandbox can be made here.
    pub fn new(cache_dir: &Path, isolate: bool) -> anyhow::Result<Sandbox> {
        use anyhow::Context as _;
        let launcher = launcher::build(cache_dir)?;
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
            let (path, root, idle) = (launcher.clone(), root.clone(), idle.clone());
            std::thread::spawn(move || {
                for c in worker_cgroups {
                    match Launcher::start(&path, root.as_deref(), &c) {
                        Ok(l) => idle.lock().unwrap_or_else(|e| e.into_inner()).push(l),
                        Err(_) => break,
                    }
                }
            })
        });
        let first = Launcher::start(&launcher, root.as_deref(), &first_cgroups)
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
            cgroups,
            isolation,
            launchers_made,
            measures,
            prestart: Mutex::new(prestart),
        })
    }

    /// The one line to print when the sandbox was asked for and cannot be made here.
    pub fn unavailable_note(&self) -> Option<String> {
        match &self.isolation {
            Isolation::Unavailable(why) => Some(format!(
                "note: no sandbox here ({why}): programs run as you, with the machine in reach \
                 (see the README's sandbox section)"
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
        loop {
            let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
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
            &self.launcher,
            self.root.as_deref(),
            self.cgroups.as_deref(),
            &self.launchers_made,
        )
    }

    fn checkin(&self, l: Launcher) {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(l);
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
        match run_with(&launcher, program, stdin, limits, output_cap) {
            Ok(result) => {
                if !launcher.gone.get() {
                    self.checkin(launcher);
                }
                result
            }
            // The launcher is in an unknown state: end it, a new one starts on the next run.
            Err(e) => {
                launcher.kill();
                Err(e)
            }
        }
    }

    fn run_interactive(
        &self,
        solution: Party<'_>,
        interactor: Party<'_>,
        settle: &dyn Fn(Exit) -> bool,
        transcript_cap: Option<usize>,
    ) -> io::Result<Interaction> {
        let [a, b] = self.checkout_two()?;
        match interact::play([&a, &b], [solution, interactor], settle, transcript_cap) {
            Ok(result) => {
                for l in [a, b] {
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
        for l in idle.iter() {
            l.shut_down();
        }
        idle.clear();
        drop(idle);
        self.cgroups = None;
    }
}

/// stdin as a file descriptor: the file itself, or a memfd holding the bytes.
fn open_stdin(stdin: Stdin<'_>) -> io::Result<OwnedFd> {
    match stdin {
        Stdin::File(path) => Ok(File::open(path)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot open {}: {e}", path.display())))?
            .into()),
        Stdin::Bytes(bytes) => {
            let fd =
                nix::sys::memfd::memfd_create(c"stdin", nix::sys::memfd::MFdFlags::MFD_CLOEXEC)?;
            let mut f = File::from(fd);
            f.write_all(bytes)?;
            f.rewind()?;
            Ok(f.into())
        }
    }
}

fn pipe() -> io::Result<(File, OwnedFd)> {
    let (r, w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC | nix::fcntl::OFlag::O_NONBLOCK)?;
    // The program's end must block: make it blocking again (O_NONBLOCK is per open file).
    nix::fcntl::fcntl(
        &w,
        nix::fcntl::FcntlArg::F_SETFL(nix::fcntl::OFlag::empty()),
    )?;
    Ok((File::from(r), w))
}

/// One pipe being drained: keeps up to `keep` bytes, reads up to `limit`, then stops. Reads go
/// straight into the kept buffer (no bounce buffer), which starts at `expect` bytes.
struct Drain {
    file: Option<File>,
    buf: Vec<u8>,
    keep: usize,
    limit: usize,
    total: usize,
    overflow: bool,
}

/// Bytes read from a pipe at a time past what is kept (to drain a flood).
const CHUNK: usize = 64 * 1024;

impl Drain {
    fn new(file: File, keep: usize, limit: usize, expect: usize) -> Self {
        Drain {
            file: Some(file),
            buf: Vec::with_capacity(expect.min(keep)),
            keep,
            limit,
            total: 0,
            overflow: false,
        }
    }

    /// Reads what is there without blocking.
    fn pump(&mut self, scratch: &mut [u8]) {
        while let Some(f) = &self.file {
            let room = self.keep - self.buf.len().min(self.keep);
            let n = if room > 0 {
                self.buf.reserve(room.min(CHUNK));
                let spare = self.buf.spare_capacity_mut();
                let want = spare.len().min(room);
                // SAFETY: read(2) writes at most `want` bytes into the spare capacity, which
                // is then marked initialised up to what was read.
                let n = unsafe { libc::read(f.as_raw_fd(), spare.as_mut_ptr().cast(), want) };
                if n > 0 {
                    unsafe { self.buf.set_len(self.buf.len() + n as usize) };
                }
                n
            } else {
                // SAFETY: a plain read into a local buffer of that length.
                unsafe { libc::read(f.as_raw_fd(), scratch.as_mut_ptr().cast(), scratch.len()) }
            };
            match n {
                0 => self.file = None,
                n if n > 0 => {
                    self.total += n as usize;
                    if self.total > self.limit {
                        // Dropping the pipe makes the program's further writes fail (EPIPE).
                        self.overflow = true;
                        self.file = None;
                    }
                }
                _ => match io::Error::last_os_error().kind() {
                    io::ErrorKind::Interrupted => {}
                    io::ErrorKind::WouldBlock => break,
                    _ => self.file = None,
                },
            }
        }
    }
}

fn cannot_execute(errno: i32) -> io::Error {
    let e = io::Error::from_raw_os_error(errno);
    io::Error::new(e.kind(), format!("cannot execute: {e}"))
}

fn kill_group(pgid: i32) {
    let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
}

/// Kills what is left of a program's group (without the sandbox: children it forked; in it,
/// the launcher has killed them all already) and forgets it.
fn forget_group(pgid: i32) {
    let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    kill_group(pgid);
    groups.remove(&pgid);
}

/// Kills every process of the case in progress: the launcher kills them all (in the sandbox,
/// whatever group or session they moved to); the group is killed from here as well, at once.
fn kill_case(launcher: &Launcher, pid: i32) {
    launcher.kill_case();
    kill_group(pid);
}

/// How long the launcher may take to report after it was asked to kill a case before it is
/// taken for stuck (and killed, with everything under it).
const KILL_GRACE: Duration = Duration::from_secs(10);

/// One run through `launcher`: start the program, then drain its pipes and watch it until the
/// launcher reports its end.
fn run_with(
    launcher: &Launcher,
    program: &Program,
    stdin: OwnedFd,
    limits: &Limits,
    output_cap: usize,
) -> io::Result<io::Result<RunOutput>> {
    let (out_r, out_w) = pipe()?;
    let (err_r, err_w) = pipe()?;
    let run = match begin(launcher, program, [stdin, out_w, err_w], limits)? {
        Ok(run) => run,
        Err(e) => return Ok(Err(e)),
    };
    let out = watch(launcher, &run, out_r, err_r, limits, output_cap)?;
    Ok(out.map(|out| RunOutput {
        stack_bytes: run.stack_bytes,
        ..out
    }))
}

/// The rlimits the launcher applies to a program run under `limits`.
fn rlimits(launcher: &Launcher, program: &Program, limits: &Limits) -> Rlimits {
    let cpu_soft = limits.time.as_secs() + 1 + u64::from(limits.time.subsec_nanos() > 0);
    Rlimits {
        cpu_soft_s: cpu_soft,
        cpu_hard_s: cpu_soft + 1,
        // The address-space cap only protects the machine. A single allocation larger than the
        // memory limit is refused by the launcher itself, which reports it (MLE).
        address_space_bytes: limits
            .memory_bytes
            .saturating_mul(4)
            .saturating_add(512 << 20),
        stack_bytes: program.stack.bytes(limits.memory_bytes),
        nproc: if launcher.sandbox.is_ok() {
            PROCESS_LIMIT
        } else {
            0
        },
        memory_bytes: limits.memory_bytes,
    }
}

/// Starts `program` through `launcher` with `stdio` as its stdin, stdout and stderr (closed
/// here once sent): the started program, or why it could not start (the inner error).
fn begin(
    launcher: &Launcher,
    program: &Program,
    stdio: [OwnedFd; 3],
    limits: &Limits,
) -> io::Result<io::Result<Run>> {
    let rlimits = rlimits(launcher, program, limits);
    // A judge's environment, not the user's: no RUST_BACKTRACE, no LD_PRELOAD, …
    let mut envp: Vec<OsString> = vec![SANDBOX_PATH.into(), "LANG=C.UTF-8".into()];
    let mut argv = program.argv.clone();
    let mut expose = Vec::new();
    if launcher.sandbox.is_ok() {
        // The program sees its own files in /box, and nothing else of the user's; those it
        // may write are named `rw-…` there.
        for &i in program.files.iter().chain(&program.writable) {
            let host = PathBuf::from(&argv[i]);
            let name = host
                .file_name()
                .map_or("file".into(), |n| n.to_string_lossy().replace('/', "_"));
            let rw = if program.writable.contains(&i) {
                "rw-"
            } else {
                ""
            };
            let in_box = format!("/box/{rw}{i}-{name}");
            argv[i] = in_box.clone().into();
            expose.push(Expose { host, in_box });
        }
    } else {
        let mut path = OsString::from("PATH=");
        path.push(launcher::search_path());
        envp[0] = path;
    }
    let request = launcher::encode_request(&rlimits, &argv, &envp, &expose);
    if interrupted() {
        return Ok(Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "interrupted",
        )));
    }
    let start = Instant::now();
    launcher.send(&request, stdio.each_ref().map(|f| f.as_raw_fd()))?;
    drop(stdio);
    match launcher.receive()? {
        Reply::Started {
            pid,
            cpu_base,
            flags,
        } => {
            launcher.measures(flags);
            GROUPS.lock().unwrap_or_else(|e| e.into_inner()).insert(pid);
            // `interrupt` sets the flag before it walks GROUPS: either it saw this group, or
            // the flag is seen here.
            if interrupted() {
                kill_case(launcher, pid);
            }
            Ok(Ok(Run {
                pid,
                cpu_base,
                start,
                stack_bytes: rlimits.stack_bytes,
            }))
        }
        Reply::ExecFailed { errno } => Ok(Err(cannot_execute(errno))),
        Reply::Exited(_) | Reply::Ready { .. } => {
            Err(io::Error::other("the launcher replied out of order"))
        }
    }
}

/// A program being watched.
struct Run {
    /// Its pid (and process group), as seen here.
    pid: i32,
    /// Its launcher's CPU cgroup counter when it started.
    cpu_base: Duration,
    start: Instant,
    /// The stack it was given (RLIMIT_STACK; 0: the runner's own).
    stack_bytes: u64,
}

/// Looks at the running program: its resident set and CPU time, and, in the sandbox, those of
/// every process of its case (from its cgroups, or from /proc where it has none).
fn observe(launcher: &Launcher, run: &Run, seen: &mut Observation) {
    let main = sample(run.pid).unwrap_or_default();
    seen.resident_bytes = seen.resident_bytes.max(main.resident);
    seen.cpu = seen.cpu.max(main.cpu);
    if launcher.sandbox.is_err() {
        return;
    }
    let cgroup_cpu = launcher.cgroup_cpu();
    if let Some(cpu) = cgroup_cpu {
        seen.cpu = seen.cpu.max(cpu.saturating_sub(run.cpu_base));
    }
    let memory_cgroup = launcher.memory_cgroup();
    if cgroup_cpu.is_none() || !memory_cgroup {
        let (memory, cpu) = sample_case(launcher.forker, run.pid);
        seen.cpu = seen.cpu.max(cpu);
        if !memory_cgroup {
            seen.resident_bytes = seen.resident_bytes.max(memory);
        }
    }
}

/// Drains the program's stdout and stderr and watches it until the launcher reports its end:
/// at each check, the limits decide whether to kill the whole case. It stays one poll loop over
/// 80 lines on purpose: its state (the drains, the checks' schedule, the kill and its grace, the
/// end and its drain grace) is read best in one place; the poll itself ([`wait_for`]) and the
/// result ([`output`]) are apart.
fn watch(
    launcher: &Launcher,
    run: &Run,
    out_r: File,
    err_r: File,
    limits: &Limits,
    output_cap: usize,
) -> io::Result<io::Result<RunOutput>> {
    let (pid, start) = (run.pid, run.start);
    // The output cap is twice the expected output plus 1 MiB: start at the expected size.
    let expect = output_cap.saturating_sub(1 << 20) / 2 + 4096;
    let mut stdout = Drain::new(out_r, output_cap, output_cap, expect);
    let mut stderr = Drain::new(err_r, STDERR_KEEP, usize::MAX, 0);
    let mut chunk = [0u8; CHUNK];
    let mut killed = None;
    let mut killed_at: Option<Instant> = None;
    let mut seen = Observation::default();
    let mut checks = 0;
    let mut check_at = start + next_check(0);
    // The launcher's report of the end, and when it came.
    let mut ended: Option<(Usage, Instant)> = None;
    let forget = forget_group;
    let result = loop {
        let now = Instant::now();
        let deadline = match ended {
            Some((_, at)) => {
                if (stdout.file.is_none() && stderr.file.is_none()) || now >= at + DRAIN_GRACE {
                    break Ok(());
                }
                at + DRAIN_GRACE
            }
            None => {
                if killed_at.is_some_and(|k| now >= k + KILL_GRACE) {
                    break Err(io::Error::other(
                        "the launcher did not report the end of a killed program",
                    ));
                }
                check_at.min(start + wall_limit(limits) + Duration::from_millis(1))
            }
        };
        let socket = ended.is_none().then(|| launcher.socket().as_raw_fd());
        let fds = match wait_for(
            &stdout,
            &stderr,
            socket,
            deadline.saturating_duration_since(now),
        ) {
            Ok(fds) => fds,
            Err(e) => break Err(e),
        };
        stdout.pump(&mut chunk);
        stderr.pump(&mut chunk);
        if ended.is_none() && fds[2].revents != 0 {
            match launcher.receive() {
                Ok(Reply::Exited(usage)) => {
                    launcher.gone.set(usage.launcher_gone);
                    // Kill what is left of the group (without the sandbox: children the
                    // program forked; in it, the launcher has killed them all already).
                    forget(pid);
                    ended = Some((usage, Instant::now()));
                    continue;
                }
                Ok(Reply::ExecFailed { errno }) => {
                    forget(pid);
                    return Ok(Err(cannot_execute(errno)));
                }
                Ok(other) => break Err(io::Error::other(format!("unexpected reply {other:?}"))),
                Err(e) => break Err(e),
            }
        }
        if ended.is_some() {
            continue;
        }
        let now = Instant::now();
        seen.interrupted = interrupted();
        seen.output_overflow = stdout.overflow;
        seen.elapsed = now - start;
        if now >= check_at {
            observe(launcher, run, &mut seen);
            checks += 1;
            check_at = start + next_check(checks);
        }
        if killed.is_none() {
            if let Some(reason) = decide_kill(&seen, limits) {
                killed = Some(reason);
                killed_at = Some(now);
                kill_case(launcher, pid);
            }
        }
    };
    if let Err(e) = result {
        forget(pid);
        return Err(e);
    }
    let Some((usage, at)) = ended else {
        unreachable!("the loop ends after the exit report")
    };
    if usage.oom_killed && killed.is_none() {
        killed = Some(Kill::Memory);
    }
    Ok(Ok(output(
        &usage,
        at - start,
        stdout,
        stderr,
        &seen,
        killed,
    )))
}

/// Polls stdout, stderr and the launcher's socket (`None` once it has reported) until one is
/// ready or `timeout` passes; the poll's records.
fn wait_for(
    stdout: &Drain,
    stderr: &Drain,
    socket: Option<i32>,
    timeout: Duration,
) -> io::Result<[libc::pollfd; 3]> {
    let pollfd = |fd: i32| libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let mut fds = [
        pollfd(stdout.file.as_ref().map_or(-1, |f| f.as_raw_fd())),
        pollfd(stderr.file.as_ref().map_or(-1, |f| f.as_raw_fd())),
        pollfd(socket.unwrap_or(-1)),
    ];
    let ms = timeout.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    // SAFETY: `fds` is a valid array of pollfd of the given length.
    let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if r < 0 {
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    Ok(fds)
}

/// What a run produced, from the launcher's report of its end, the outputs drained, and what
/// was seen while it ran.
fn output(
    usage: &Usage,
    wall: Duration,
    stdout: Drain,
    stderr: Drain,
    seen: &Observation,
    killed: Option<Kill>,
) -> RunOutput {
    RunOutput {
        stdout: stdout.buf,
        stderr: stderr.buf,
        exit: Exit::from_wait_status(usage.status),
        // The launcher's figures count every process of the case; what was seen while it ran
        // stands when it is higher.
        cpu: usage.cpu.max(seen.cpu),
        wall,
        peak_memory: [
            usage.maxrss_bytes,
            usage.cgroup_peak.unwrap_or(0),
            // Without a memory cgroup: files left in /tmp were held with the program's memory.
            usage.tmp_bytes
                + if usage.tmp_bytes > 0 {
                    usage.maxrss_bytes
                } else {
                    0
                },
            seen.resident_bytes,
        ]
        .into_iter()
        .max()
        .unwrap_or(0),
        refused_allocation: usage.refused_bytes,
        killed,
        output_overflow: stdout.overflow,
        stack_bytes: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell command as a program.
    fn shell(script: &str) -> Program {
        Program {
            argv: vec![OsString::from("sh"), "-c".into(), script.into()],
            files: vec![],
            stack: Stack::Inherit,
            writable: vec![],
        }
    }

    fn sandbox() -> &'static Sandbox {
        static S: std::sync::OnceLock<Sandbox> = std::sync::OnceLock::new();
        S.get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/judge");
            Sandbox::new(&dir, true).unwrap()
        })
    }

    fn limits(ms: u64) -> Limits {
        Limits {
            time: Duration::from_millis(ms),
            memory_bytes: 256 << 20,
        }
    }

    fn run(program: &Program, input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
        sandbox().run(program, Stdin::Bytes(input), limits, 1 << 20)
    }

    #[test]
    fn feeds_stdin_and_collects_stdout() {
        let out = run(&shell("cat; echo err >&2"), b"hello\n", &limits(1000)).unwrap();
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.exit, Exit::Code(0));
        assert_eq!(out.killed, None);
    }

    #[test]
    fn stdin_can_be_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("in");
        std::fs::write(&file, b"from a file\n").unwrap();
        let out = sandbox()
            .run(&shell("cat"), Stdin::File(&file), &limits(1000), 100)
            .unwrap();
        assert_eq!(out.stdout, b"from a file\n");
    }

    #[test]
    fn exit_codes_and_signals_are_told_apart() {
        let out = run(&shell("exit 3"), b"", &limits(1000)).unwrap();
        assert_eq!(out.exit, Exit::Code(3));
        let out = run(&shell("kill -SEGV $$"), b"", &limits(1000)).unwrap();
        assert_eq!(out.exit.describe(), "SIGSEGV");
    }

    #[test]
    fn sleeper_is_killed_at_the_wall_clock_backstop() {
        let t = Instant::now();
        let out = run(&shell("sleep 30"), b"", &limits(100)).unwrap();
        assert_eq!(out.killed, Some(Kill::WallClock));
        assert!(t.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn spinner_is_killed_at_the_cpu_limit() {
        let out = run(&shell("while :; do :; done"), b"", &limits(200)).unwrap();
        assert_eq!(out.killed, Some(Kill::CpuTime));
        assert!(out.cpu >= Duration::from_millis(200), "{:?}", out.cpu);
    }

    #[test]
    fn output_flood_is_cut_at_the_cap() {
        let out = sandbox()
            .run(&shell("yes"), Stdin::Bytes(b""), &limits(5000), 1000)
            .unwrap();
        assert!(out.output_overflow);
        assert_eq!(out.killed, Some(Kill::Output));
        assert_eq!(out.stdout.len(), 1000);
    }

    #[test]
    fn a_child_that_ignores_a_large_stdin_does_not_deadlock() {
        let input = vec![b'1'; 8 << 20];
        let out = run(&shell("echo done"), &input, &limits(2000)).unwrap();
        assert_eq!(out.stdout, b"done\n");
    }

    #[test]
    fn peak_memory_is_the_programs_own() {
        let out = run(&shell("true"), b"", &limits(1000)).unwrap();
        assert!(out.peak_memory < 4 << 20, "{}", out.peak_memory);
    }

    #[test]
    fn the_stack_limit_reaches_the_program() {
        let program = Program {
            stack: Stack::Bytes(1 << 20),
            ..shell("ulimit -s")
        };
        let out = run(&program, b"", &limits(1000)).unwrap();
        assert_eq!(out.stdout, b"1024\n");
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let p = Program::file("/nonexistent/program");
        let e = run(&p, b"", &limits(1000)).unwrap_err();
        assert!(e.to_string().contains("cannot execute"), "{e}");
        // The launcher survives it.
        let out = run(&shell("echo ok"), b"", &limits(1000)).unwrap();
        assert_eq!(out.stdout, b"ok\n");
    }

    #[test]
    fn the_kill_order_is_interrupt_output_memory_cpu_wall() {
        let lim = limits(1000);
        let all = Observation {
            interrupted: true,
            output_overflow: true,
            resident_bytes: u64::MAX,
            cpu: Duration::from_secs(5),
            elapsed: Duration::from_secs(60),
        };
        let mut o = all;
        assert_eq!(decide_kill(&o, &lim), Some(Kill::Interrupted));
        o.interrupted = false;
        assert_eq!(decide_kill(&o, &lim), Some(Kill::Output));
        o.output_overflow = false;
        assert_eq!(decide_kill(&o, &lim), Some(Kill::Memory));
        o.resident_bytes = 0;
        assert_eq!(decide_kill(&o, &lim), Some(Kill::CpuTime));
        o.cpu = Duration::ZERO;
        assert_eq!(decide_kill(&o, &lim), Some(Kill::WallClock));
        o.elapsed = Duration::from_millis(2999);
        assert_eq!(decide_kill(&o, &lim), None);
    }

    #[test]
    fn signal_names() {
        assert_eq!(signal_name(11), "SIGSEGV");
        assert_eq!(signal_name(6), "SIGABRT");
        assert_eq!(signal_name(9), "SIGKILL");
    }
}
