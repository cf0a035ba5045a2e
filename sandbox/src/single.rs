//! One run through a launcher: the request, then one poll loop that drains the program's
//! outputs and watches it until the launcher reports its end; and the process-wide state of
//! runs (the groups to kill on Ctrl-C, the orphans to reap).
//!
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

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Seek, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use std::time::{Duration, Instant};

use crate::launcher::{self, Expose, Launcher, Reply, Rlimits, Usage, PROCESS_LIMIT};
use crate::program::{
    decide_kill, safety_wall_limit, wall_limit, Exit, Kill, Limits, Observation, Program,
    RunOutput, Stdin, MEMORY_MIB,
};

/// `PATH` inside the sandbox.
pub(crate) const SANDBOX_PATH: &str = "PATH=/usr/local/bin:/usr/bin:/bin";

/// Bytes of stderr kept for the report; the rest is drained and dropped.
pub(crate) const STDERR_KEEP: usize = 64 * 1024;

/// How long the pipes may stay open after the program ended (a descendant that left the group
/// may hold them; it is killed by [`reap_orphans`] at the end).
pub(crate) const DRAIN_GRACE: Duration = Duration::from_millis(500);

/// Makes the runner a child subreaper, so that a process that leaves its group is re-parented
/// here and [`reap_orphans`] ends it. Call once, early, in the binary.
pub fn become_subreaper() {
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
pub(crate) fn children_of(ppid: i32) -> Vec<i32> {
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
pub(crate) struct ProcSample {
    /// Resident set, and the part of it shared with others (file and shared memory pages).
    resident: u64,
    shared: u64,
    /// Its CPU time, with that of the children it waited for.
    cpu: Duration,
}

/// The current resident set and CPU time of `pid`, from /proc.
pub(crate) fn sample(pid: i32) -> Option<ProcSample> {
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
pub(crate) fn task_children(pid: i32, out: &mut Vec<i32>) {
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
pub(crate) fn sample_case(forker: i32, program: i32) -> (u64, Duration) {
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

/// How long the threads of `pid` were runnable but waiting for a CPU: the second field of
/// `/proc/<pid>/task/<tid>/schedstat` (ns), summed. Zero where the kernel does not keep it.
pub(crate) fn cpu_wait(pid: i32) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Duration::ZERO;
    };
    let mut ns = 0u64;
    for t in tasks.flatten() {
        let mut path = t.path();
        path.push("schedstat");
        if let Ok(text) = std::fs::read_to_string(path) {
            ns += text
                .split_whitespace()
                .nth(1)
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    Duration::from_nanos(ns)
}

/// How long the launcher's processes (it, and the sandbox's PID 1 that forks the programs)
/// have waited for a CPU in all: what they wait while they start a program (or end it) is the
/// case's wait too.
pub(crate) fn launcher_wait(launcher: &Launcher) -> Duration {
    let own = cpu_wait(launcher.pid());
    if launcher.forker > 0 && launcher.forker != launcher.pid() {
        own + cpu_wait(launcher.forker)
    } else {
        own
    }
}

/// How long the running case waited for a CPU: every thread of every process of it alive now
/// (in the sandbox, all those under its launcher; without it, the program and its
/// descendants), and its launcher's since the run began. What processes that already ended
/// waited is not counted (the kernel forgets it): the figure errs on the side of the plain
/// wall-clock backstop, never past it.
pub(crate) fn case_wait(launcher: &Launcher, run: &Run) -> Duration {
    let mut stack = Vec::new();
    if launcher.sandbox.is_ok() {
        task_children(launcher.forker, &mut stack);
    } else {
        stack.push(run.pid);
    }
    let mut waited = launcher_wait(launcher).saturating_sub(run.wait_base);
    let mut seen = 0;
    while let Some(p) = stack.pop() {
        seen += 1;
        if seen > 4 * PROCESS_LIMIT {
            break;
        }
        waited += cpu_wait(p);
        task_children(p, &mut stack);
    }
    waited
}

/// Before the wall-clock backstop is decided: once the counted wall time
/// ([`Observation::counted_wall`]) is past `limit`, reads again how long the case waited for
/// a CPU (it only grows, but processes that ended take theirs with them: the largest stands).
pub(crate) fn refresh_wait(
    launcher: &Launcher,
    run: &Run,
    seen: &mut Observation,
    limit: Duration,
) {
    if seen.counted_wall() > limit {
        seen.waited = seen.waited.max(case_wait(launcher, run));
    }
}

/// What the sandbox's `/tmp` holds, seen through the program's root (0 until the program is
/// in the sandbox's root: just after the fork, its root is still the host's).
pub(crate) fn tmp_in_use(program: i32) -> u64 {
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
pub(crate) fn next_check(n: u32) -> Duration {
    Duration::from_millis(match n {
        0 => 1,
        1 => 3,
        2 => 6,
        k => 6 + 10 * (k as u64 - 2),
    })
}

/// stdin as a file descriptor: the file itself, or a memfd holding the bytes.
pub(crate) fn open_stdin(stdin: Stdin<'_>) -> io::Result<OwnedFd> {
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

pub(crate) fn pipe() -> io::Result<(File, OwnedFd)> {
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
pub(crate) struct Drain {
    pub(crate) file: Option<File>,
    pub(crate) buf: Vec<u8>,
    pub(crate) keep: usize,
    pub(crate) limit: usize,
    pub(crate) total: usize,
    pub(crate) overflow: bool,
}

/// Bytes read from a pipe at a time past what is kept (to drain a flood).
pub(crate) const CHUNK: usize = 64 * 1024;

impl Drain {
    pub(crate) fn new(file: File, keep: usize, limit: usize, expect: usize) -> Self {
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
    pub(crate) fn pump(&mut self, scratch: &mut [u8]) {
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

pub(crate) fn cannot_execute(errno: i32) -> io::Error {
    let e = io::Error::from_raw_os_error(errno);
    io::Error::new(e.kind(), format!("cannot execute: {e}"))
}

pub(crate) use crate::cancel::kill_group;

/// Kills what is left of a program's group (without the sandbox: children it forked; in it,
/// the launcher has killed them all already) and forgets it.
pub(crate) fn forget_group(launcher: &Launcher, pgid: i32) {
    launcher.cancel.forget(pgid);
}

/// Kills every process of the case in progress: the launcher kills them all (in the sandbox,
/// whatever group or session they moved to); the group is killed from here as well, at once.
pub(crate) fn kill_case(launcher: &Launcher, pid: i32) {
    launcher.kill_case();
    kill_group(pid);
}

/// How long the launcher may take to report after it was asked to kill a case before it is
/// taken for stuck (and killed, with everything under it).
pub(crate) const KILL_GRACE: Duration = Duration::from_secs(10);

/// One run through `launcher`: start the program, then drain its pipes and watch it until the
/// launcher reports its end.
pub(crate) fn run_with(
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
pub(crate) fn rlimits(launcher: &Launcher, program: &Program, limits: &Limits) -> Rlimits {
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
        flags: 0,
        memory_bytes: limits.memory_bytes,
    }
}

/// Where the sandbox shows `program`'s file `argv[i]`: `/box/I-NAME`, or `/box/rw-I-NAME` for
/// one it may write (what the program's messages call it: a Python traceback names its script
/// so).
pub fn box_path(program: &Program, i: usize) -> String {
    let name = Path::new(&program.argv[i])
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().replace('/', "_"));
    let rw = if program.writable.contains(&i) {
        "rw-"
    } else {
        ""
    };
    format!("/box/{rw}{i}-{name}")
}

/// `program`'s argv with [`MEMORY_MIB`] in its arguments (not in its files) replaced by the
/// run's memory limit in MiB, rounded down (at least 1): a JVM's `-Xmx{memory_mib}m`.
pub(crate) fn with_memory(program: &Program, limits: &Limits) -> Vec<OsString> {
    let mib = (limits.memory_bytes >> 20).max(1).to_string();
    let files = |i: &usize| program.files.contains(i) || program.writable.contains(i);
    (0..program.argv.len())
        .map(|i| match program.argv[i].to_str() {
            Some(a) if !files(&i) && a.contains(MEMORY_MIB) => a.replace(MEMORY_MIB, &mib).into(),
            _ => program.argv[i].clone(),
        })
        .collect()
}

/// Starts `program` through `launcher` with `stdio` as its stdin, stdout and stderr (closed
/// here once sent): the started program, or why it could not start (the inner error).
pub(crate) fn begin(
    launcher: &Launcher,
    program: &Program,
    stdio: [OwnedFd; 3],
    limits: &Limits,
) -> io::Result<io::Result<Run>> {
    let rlimits = rlimits(launcher, program, limits);
    // A judge's environment, not the user's: no RUST_BACKTRACE, no LD_PRELOAD, …
    let mut envp: Vec<OsString> = vec![SANDBOX_PATH.into(), "LANG=C.UTF-8".into()];
    let mut argv = with_memory(program, limits);
    let mut expose = Vec::new();
    if launcher.sandbox.is_ok() {
        // The program sees its own files in /box, and nothing else of the user's; those it
        // may write are named `rw-…` there.
        for &i in program.files.iter().chain(&program.writable) {
            let host = PathBuf::from(&argv[i]);
            let in_box = box_path(program, i);
            argv[i] = in_box.clone().into();
            expose.push(Expose { host, in_box });
        }
    } else {
        let mut path = OsString::from("PATH=");
        path.push(launcher::search_path());
        envp[0] = path;
    }
    start(launcher, &rlimits, &argv, &envp, &expose, stdio)
}

/// Sends a request (`argv` and `envp` as the program sees them, `expose` the files shown in
/// `/box`) through `launcher` with `stdio` (closed here once sent): the started program, or why
/// it could not start (the inner error).
pub(crate) fn start(
    launcher: &Launcher,
    rlimits: &Rlimits,
    argv: &[OsString],
    envp: &[OsString],
    expose: &[Expose],
    stdio: [OwnedFd; 3],
) -> io::Result<io::Result<Run>> {
    let request = launcher::encode_request(rlimits, argv, envp, expose);
    if launcher.cancel.is_cancelled() {
        return Ok(Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "interrupted",
        )));
    }
    let wait_base = launcher_wait(launcher);
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
            if launcher.cancel.watch(pid) {
                kill_case(launcher, pid);
            }
            Ok(Ok(Run {
                pid,
                cpu_base,
                start,
                stack_bytes: rlimits.stack_bytes,
                wait_base,
            }))
        }
        Reply::ExecFailed { errno } => Ok(Err(cannot_execute(errno))),
        Reply::Exited(_) | Reply::Ready { .. } => {
            Err(io::Error::other("the launcher replied out of order"))
        }
    }
}

/// A program being watched.
pub(crate) struct Run {
    /// Its pid (and process group), as seen here.
    pub(crate) pid: i32,
    /// Its launcher's CPU cgroup counter when it started.
    pub(crate) cpu_base: Duration,
    pub(crate) start: Instant,
    /// The stack it was given (RLIMIT_STACK; 0: the runner's own).
    pub(crate) stack_bytes: u64,
    /// How long its launcher had waited for a CPU when it was asked to start it.
    pub(crate) wait_base: Duration,
}

/// Looks at the running program: its resident set and CPU time, and, in the sandbox, those of
/// every process of its case (from its cgroups, or from /proc where it has none).
pub(crate) fn observe(launcher: &Launcher, run: &Run, seen: &mut Observation) {
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
/// at each check, the limits decide whether to kill the whole case. One poll loop; its state
/// (the drains, the checks' schedule, the kill and its grace, the end and its drain grace) is
/// a [`Watch`], the poll itself is [`wait_for`] and the result [`output`].
pub(crate) fn watch(
    launcher: &Launcher,
    run: &Run,
    out_r: File,
    err_r: File,
    limits: &Limits,
    output_cap: usize,
) -> io::Result<io::Result<RunOutput>> {
    let mut watch = Watch::new(launcher, run, out_r, err_r, limits, output_cap);
    let mut chunk = [0u8; CHUNK];
    let result = loop {
        let now = Instant::now();
        let deadline = match watch.deadline(now) {
            Ok(Some(deadline)) => deadline,
            Ok(None) => break Ok(()),
            Err(e) => break Err(e),
        };
        let socket = watch.ended.is_none().then(|| launcher.socket().as_raw_fd());
        let timeout = deadline.saturating_duration_since(now);
        let fds = match wait_for(&watch.stdout, &watch.stderr, socket, timeout) {
            Ok(fds) => fds,
            Err(e) => break Err(e),
        };
        watch.stdout.pump(&mut chunk);
        watch.stderr.pump(&mut chunk);
        if watch.ended.is_none() && fds[2].revents != 0 {
            match watch.hear_launcher() {
                Ok(None) => {}
                Ok(Some(cannot_execute)) => return Ok(Err(cannot_execute)),
                Err(e) => break Err(e),
            }
        }
        if watch.ended.is_none() {
            watch.check(Instant::now());
        }
    };
    if let Err(e) = result {
        forget_group(launcher, run.pid);
        return Err(e);
    }
    Ok(Ok(watch.finish()))
}

/// What watching one run holds: its output drains, what was seen of it, the checks' schedule,
/// the kill (why and when) and the launcher's report of its end (and when it came).
struct Watch<'a> {
    launcher: &'a Launcher,
    run: &'a Run,
    limits: &'a Limits,
    stdout: Drain,
    stderr: Drain,
    seen: Observation,
    checks: u32,
    check_at: Instant,
    killed: Option<Kill>,
    killed_at: Option<Instant>,
    ended: Option<(Usage, Instant)>,
}

impl<'a> Watch<'a> {
    fn new(
        launcher: &'a Launcher,
        run: &'a Run,
        out_r: File,
        err_r: File,
        limits: &'a Limits,
        output_cap: usize,
    ) -> Self {
        // The output cap is twice the expected output plus 1 MiB: start at the expected size.
        let expect = output_cap.saturating_sub(1 << 20) / 2 + 4096;
        Watch {
            launcher,
            run,
            limits,
            stdout: Drain::new(out_r, output_cap, output_cap, expect),
            stderr: Drain::new(err_r, STDERR_KEEP, usize::MAX, 0),
            seen: Observation::default(),
            checks: 0,
            check_at: run.start + next_check(0),
            killed: None,
            killed_at: None,
            ended: None,
        }
    }

    /// Until when the next poll may wait; `None` once the watch is over (the end reported and
    /// the pipes closed or their grace gone); an error once a killed program's end failed to
    /// come within its grace.
    fn deadline(&self, now: Instant) -> io::Result<Option<Instant>> {
        if let Some((_, at)) = self.ended {
            let drained = self.stdout.file.is_none() && self.stderr.file.is_none();
            return Ok((!drained && now < at + DRAIN_GRACE).then_some(at + DRAIN_GRACE));
        }
        if self.killed_at.is_some_and(|k| now >= k + KILL_GRACE) {
            return Err(io::Error::other(
                "the launcher did not report the end of a killed program",
            ));
        }
        // The backstop moves on by the time the case waited for a CPU.
        let start = self.run.start;
        let wall = (start + wall_limit(self.limits) + self.seen.waited)
            .min(start + safety_wall_limit(self.limits));
        Ok(Some(self.check_at.min(wall + Duration::from_millis(1))))
    }

    /// Reads the launcher's reply: the end of the program (kept), or that it could not be
    /// executed (returned).
    fn hear_launcher(&mut self) -> io::Result<Option<io::Error>> {
        let (launcher, pid) = (self.launcher, self.run.pid);
        match launcher.receive()? {
            Reply::Exited(usage) => {
                launcher.gone.set(usage.launcher_gone);
                // Kill what is left of the group (without the sandbox: children the
                // program forked; in it, the launcher has killed them all already).
                forget_group(launcher, pid);
                self.ended = Some((usage, Instant::now()));
                Ok(None)
            }
            Reply::ExecFailed { errno } => {
                forget_group(launcher, pid);
                Ok(Some(cannot_execute(errno)))
            }
            other => Err(io::Error::other(format!("unexpected reply {other:?}"))),
        }
    }

    /// What is seen of the running program now (at a check, its memory and CPU), and the kill of
    /// its whole case if a limit (or Ctrl-C) decides it.
    fn check(&mut self, now: Instant) {
        let (launcher, run) = (self.launcher, self.run);
        self.seen.interrupted = launcher.cancel.is_cancelled();
        self.seen.output_overflow = self.stdout.overflow;
        self.seen.elapsed = now - run.start;
        if now >= self.check_at {
            observe(launcher, run, &mut self.seen);
            self.checks += 1;
            self.check_at = run.start + next_check(self.checks);
        }
        if self.killed.is_none() {
            refresh_wait(launcher, run, &mut self.seen, wall_limit(self.limits));
            if let Some(reason) = decide_kill(&self.seen, self.limits) {
                self.killed = Some(reason);
                self.killed_at = Some(now);
                kill_case(launcher, run.pid);
            }
        }
    }

    /// The run's output, once the launcher reported its end.
    fn finish(self) -> RunOutput {
        let Some((usage, at)) = self.ended else {
            unreachable!("the watch ends after the exit report")
        };
        let mut killed = self.killed;
        if usage.oom_killed && killed.is_none() {
            killed = Some(Kill::Memory);
        }
        killed = killed.or(Kill::by_backstop(usage.status));
        // Ctrl-C kills every running group at once (`interrupt`): the launcher's report of that
        // SIGKILL may come before the loop saw the flag. The program did not die of itself.
        if killed.is_none()
            && self.launcher.cancel.is_cancelled()
            && Exit::from_wait_status(usage.status) == Exit::Signal(libc::SIGKILL)
        {
            killed = Some(Kill::Interrupted);
        }
        let wall = at - self.run.start;
        output(&usage, wall, self.stdout, self.stderr, &self.seen, killed)
    }
}

/// Polls stdout, stderr and the launcher's socket (`None` once it has reported) until one is
/// ready or `timeout` passes; the poll's records.
pub(crate) fn wait_for(
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
pub(crate) fn output(
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
        waited: seen.waited.min(wall),
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

    #[test]
    fn memory_mib_is_the_limit_in_arguments_and_left_alone_in_files() {
        let program = Program {
            argv: vec![
                "java".into(),
                "-Xmx{memory_mib}m".into(),
                "/x/{memory_mib}".into(),
            ],
            files: vec![2],
            stack: crate::Stack::Inherit,
            writable: vec![],
        };
        let limits = Limits {
            time: Duration::from_secs(1),
            memory_bytes: (256 << 20) + 5,
        };
        let argv = with_memory(&program, &limits);
        assert_eq!(argv, ["java", "-Xmx256m", "/x/{memory_mib}"]);
    }
}
