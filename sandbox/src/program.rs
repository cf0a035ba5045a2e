//! The vocabulary of a run, shared by every layer of the crate: a program and its limits, how
//! it ended, why the runner killed it, and what it produced.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use nix::sys::signal::Signal;

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

/// In an argument of [`Program::argv`], stands for the run's memory limit in MiB (rounded
/// down), replaced when the program starts: a JVM's `-Xmx{memory_mib}m`, as Kattis runs Java.
pub const MEMORY_MIB: &str = "{memory_mib}";

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

    /// This program behind an adapter: `prefix` (a command that runs the rest of its arguments,
    /// such as `sh -c SCRIPT NAME`) put before its command line; the files it is shown and may
    /// write stay the same.
    pub fn behind(self, prefix: &[&str]) -> Program {
        let shift = |at: Vec<usize>| at.into_iter().map(|i| i + prefix.len()).collect();
        Program {
            files: shift(self.files),
            writable: shift(self.writable),
            argv: prefix
                .iter()
                .map(|a| OsString::from(*a))
                .chain(self.argv)
                .collect(),
            stack: self.stack,
        }
    }
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

    pub(crate) fn from_wait_status(status: i32) -> Exit {
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
    /// CPU time over the limit: seen while polling, or the sandbox's RLIMIT_CPU backstop (the
    /// limit plus a second, rounded up) killed the program before the poll saw it, by SIGXCPU
    /// ([`Kill::by_backstop`]).
    CpuTime,
    /// The wall-clock backstop passed: the program slept or waited for something other than a
    /// CPU for longer than [`wall_limit`] (time spent runnable but waiting for a CPU, which a
    /// busy machine imposes, is not counted), or the absolute [`safety_wall_limit`] passed.
    WallClock,
    /// In a game (an interactive problem), neither side moved a byte, used CPU time or was
    /// runnable for [`IDLE`]: each waits for the other.
    Idle,
}

impl Kill {
    /// The kill the sandbox's own backstop made when the runner's poll did not kill the program
    /// first (on a busy machine the poll can come late): a death by SIGXCPU, which only
    /// RLIMIT_CPU sends, is the CPU-time limit's, never a crash.
    pub(crate) fn by_backstop(wait_status: i32) -> Option<Kill> {
        (Exit::from_wait_status(wait_status) == Exit::Signal(libc::SIGXCPU))
            .then_some(Kill::CpuTime)
    }
}

/// Whether the runner's CPU-time poll is to be late on purpose: never, but in this crate's own
/// tests that ask for it ([`late_poll_for_tests`]), which let the RLIMIT_CPU backstop kill first.
pub(crate) fn poll_is_late() -> bool {
    #[cfg(test)]
    return LATE_POLL.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

#[cfg(test)]
thread_local! {
    static LATE_POLL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Test-only knob (this thread's runs): the poll never kills for time (CPU or wall clock), as
/// if it always came too late, so that the sandbox's RLIMIT_CPU backstop does.
#[cfg(test)]
pub(crate) fn late_poll_for_tests(late: bool) {
    LATE_POLL.with(|l| l.set(late));
}

/// What the runner sees of a running program when it checks it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Observation {
    pub interrupted: bool,
    pub output_overflow: bool,
    pub resident_bytes: u64,
    pub cpu: Duration,
    pub elapsed: Duration,
    /// How long the case's tasks were runnable but waiting for a CPU (Linux's schedstat), as
    /// far as it was measured: it is read only when the wall clock comes near its backstop.
    pub waited: Duration,
}

impl Observation {
    /// The wall-clock time that counts for the backstop: elapsed time less the time the case
    /// waited for a CPU (never less than zero).
    pub fn counted_wall(&self) -> Duration {
        self.elapsed.saturating_sub(self.waited)
    }
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
    } else if poll_is_late() {
        None
    } else if o.cpu > limits.time {
        Some(Kill::CpuTime)
    } else if o.counted_wall() > wall_limit(limits) || o.elapsed > safety_wall_limit(limits) {
        Some(Kill::WallClock)
    } else {
        None
    }
}

/// The wall-clock backstop: twice the CPU limit plus a second, of wall-clock time less the
/// time the program waited for a CPU ([`Observation::counted_wall`]): a program that sleeps or
/// is blocked is stopped there; one that a busy machine keeps off the CPU is not.
pub fn wall_limit(limits: &Limits) -> Duration {
    limits
        .time
        .saturating_mul(2)
        .saturating_add(Duration::from_secs(1))
}

/// The absolute backstop, of plain wall-clock time: twenty times the CPU limit plus twenty
/// seconds (a 900 ms burner under a 1 s limit still finishes at a load of 40 on 2 CPUs).
/// However busy the machine, nothing runs longer.
pub fn safety_wall_limit(limits: &Limits) -> Duration {
    limits
        .time
        .saturating_mul(20)
        .saturating_add(Duration::from_secs(20))
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct RunOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit: Exit,
    pub cpu: Duration,
    pub wall: Duration,
    /// How long its tasks were runnable but waiting for a CPU, as far as it was measured (the
    /// sandbox reads it only when the wall clock comes near its backstop: zero otherwise).
    pub waited: Duration,
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
