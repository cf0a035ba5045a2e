//! Running one program on one input under time, memory and output limits.
//!
//! Each child runs in its own process group. Its stdin is fed and its stdout/stderr drained by
//! separate threads, so a child that ignores stdin or floods stderr cannot deadlock the runner.
//! CPU time and peak memory come from `wait4` of that child alone. A wall-clock backstop kills
//! sleepers, a memory watch kills a child whose resident set passes the limit, and the whole
//! group is killed when the child ends, so no descendant outlives its run. The runner is a child
//! subreaper, so a descendant that escapes its group is re-parented to the runner and killed by
//! [`reap_orphans`] at the end.

use std::collections::BTreeSet;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use crate::compile::Program;

/// Limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// CPU time (user + system) the child may use.
    pub cpu: Duration,
    /// Peak resident memory the child may use.
    pub memory_bytes: u64,
    /// Bytes of stdout kept; more is an output-limit kill.
    pub output_bytes: usize,
    /// RLIMIT_STACK of the child (its judge's stack); `None` keeps the runner's.
    pub stack_bytes: Option<u64>,
}

impl RunLimits {
    /// The wall-clock backstop: twice the CPU limit plus a second.
    pub fn wall(&self) -> Duration {
        self.cpu * 2 + Duration::from_secs(1)
    }
}

/// How a child ended.
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
}

/// The name of signal `sig` (`SIGSEGV`), or its number when unknown.
pub fn signal_name(sig: i32) -> String {
    Signal::try_from(sig).map_or_else(|_| format!("signal {sig}"), |s| s.as_str().to_string())
}

/// Why the runner killed a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// CPU time over the limit (seen while polling; RLIMIT_CPU is the backstop).
    CpuTime,
    WallClock,
    Memory,
    Output,
    Interrupted,
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct RunOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit: Exit,
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident set of the child, in bytes.
    pub peak_memory: u64,
    pub killed: Option<Kill>,
    /// stdout passed the cap (the rest was not read).
    pub output_overflow: bool,
}

/// Bytes of stderr kept for the report; the rest is drained and dropped.
const STDERR_KEEP: usize = 64 * 1024;

static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C (or SIGTERM/SIGHUP) was received.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Kills every running child's process group and marks the run interrupted.
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
/// group). Call at the end of a run, when no run is in progress.
pub fn reap_orphans() -> usize {
    let me = std::process::id() as i32;
    let mut killed = 0;
    for _ in 0..5 {
        let children = children_of(me);
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

fn page_size() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if size > 0 {
        size as u64
    } else {
        4096
    }
}

/// The current resident set of `pid`, in bytes.
fn resident_bytes(pid: i32, page: u64) -> Option<u64> {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page)
}

/// A pipe reader that keeps at most `keep` bytes, drains up to `drain` bytes, then stops.
fn spawn_reader<R: Read + Send + 'static>(
    mut pipe: R,
    keep: usize,
    drain: usize,
    buf: Arc<Mutex<Vec<u8>>>,
    overflow: Arc<AtomicBool>,
    done: mpsc::Sender<()>,
) {
    thread::spawn(move || {
        let mut chunk = vec![0u8; 64 * 1024];
        let mut total = 0usize;
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => {
                    total += n;
                    let mut b = buf.lock().unwrap();
                    let room = keep.saturating_sub(b.len());
                    b.extend_from_slice(&chunk[..n.min(room)]);
                    drop(b);
                    if total > drain {
                        overflow.store(true, Ordering::SeqCst);
                        break; // dropping the pipe makes further writes fail with EPIPE
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
}

/// Runs judged programs through the launcher (`launch.c`), built once into the cache.
#[derive(Debug, Clone)]
pub struct Sandbox {
    launcher: PathBuf,
}

const LAUNCHER_SOURCE: &str = include_str!("launch.c");

impl Sandbox {
    /// Builds the launcher into `cache_dir` (once; later calls find it there).
    pub fn new(cache_dir: &Path) -> anyhow::Result<Sandbox> {
        use anyhow::Context as _;
        let hash = {
            use sha2::{Digest, Sha256};
            let d = Sha256::digest(LAUNCHER_SOURCE.as_bytes());
            d.iter()
                .take(8)
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        };
        let launcher = cache_dir.join(format!("launch-{hash}"));
        if launcher.is_file() {
            return Ok(Sandbox { launcher });
        }
        std::fs::create_dir_all(cache_dir)
            .with_context(|| format!("cannot create {}", cache_dir.display()))?;
        let dir = tempfile::tempdir_in(cache_dir)?;
        let src = dir.path().join("launch.c");
        std::fs::write(&src, LAUNCHER_SOURCE)?;
        let out = dir.path().join("launch");
        // Static when the C library allows it: the smaller the launcher, the truer the memory.
        let mut last = None;
        for extra in [&["-static"][..], &[]] {
            let o = Command::new("gcc")
                .args(["-O2", "-o"])
                .arg(&out)
                .arg(&src)
                .args(extra)
                .output()
                .context("cannot run gcc to build the launcher: is gcc installed?")?;
            if o.status.success() {
                std::fs::rename(&out, &launcher)?;
                return Ok(Sandbox { launcher });
            }
            last = Some(String::from_utf8_lossy(&o.stderr).into_owned());
        }
        anyhow::bail!("cannot build the launcher:\n{}", last.unwrap_or_default())
    }

    /// Runs `program` with `input` on stdin under `limits`.
    pub fn run(
        &self,
        program: &Program,
        input: Arc<[u8]>,
        limits: &RunLimits,
    ) -> io::Result<RunOutput> {
        let cpu_soft = limits.cpu.as_secs() + 1 + u64::from(limits.cpu.subsec_nanos() > 0);
        // The address-space cap only protects the machine; the memory verdict comes from the
        // resident set. A program stopped by it fails to allocate, which is judged MLE.
        let address_space = limits
            .memory_bytes
            .saturating_mul(4)
            .saturating_add(512 << 20);
        let (report_rd, report_wr) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        let wr_fd = report_wr.as_raw_fd();
        let mut cmd = Command::new(&self.launcher);
        cmd.arg(wr_fd.to_string())
            .arg(cpu_soft.to_string())
            .arg((cpu_soft + 1).to_string())
            .arg(address_space.to_string())
            .arg(limits.stack_bytes.unwrap_or(0).to_string())
            .args(&program.argv)
            // A judge's environment, not the user's: no RUST_BACKTRACE, no LD_PRELOAD, …
            .env_clear()
            .env(
                "PATH",
                std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into()),
            )
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        // SAFETY: fcntl is async-signal-safe. Only this child gets the report pipe.
        unsafe {
            cmd.pre_exec(move || {
                if libc::fcntl(wr_fd, libc::F_SETFD, 0) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let start = Instant::now();
        let mut child = {
            let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
            if interrupted() {
                return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
            }
            let child = cmd.spawn()?;
            groups.insert(child.id() as i32);
            child
        };
        drop(report_wr);
        let launcher_pid = child.id() as i32;
        let mut report = std::io::BufReader::new(std::fs::File::from(report_rd));
        let mut first = String::new();
        std::io::BufRead::read_line(&mut report, &mut first)?;
        let pid: i32 = first
            .strip_prefix("pid ")
            .and_then(|p| p.trim().parse().ok())
            .ok_or_else(|| io::Error::other(format!("the launcher said {first:?}")))?;

        let (done_tx, done_rx) = mpsc::channel();
        let mut stdin = child.stdin.take().expect("piped stdin");
        let stdin_done = done_tx.clone();
        thread::spawn(move || {
            // A child may exit without reading its input (EPIPE): not an error of the runner.
            let _ = stdin.write_all(&input);
            drop(stdin);
            let _ = stdin_done.send(());
        });
        let stdout = Arc::new(Mutex::new(Vec::new()));
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let overflow = Arc::new(AtomicBool::new(false));
        spawn_reader(
            child.stdout.take().expect("piped stdout"),
            limits.output_bytes,
            limits.output_bytes,
            stdout.clone(),
            overflow.clone(),
            done_tx.clone(),
        );
        spawn_reader(
            child.stderr.take().expect("piped stderr"),
            STDERR_KEEP,
            usize::MAX,
            stderr.clone(),
            Arc::new(AtomicBool::new(false)),
            done_tx,
        );

        let page = page_size();
        let wall_limit = limits.wall();
        let mut killed = None;
        let mut peak_polled = 0u64;
        let mut cpu_polled = Duration::ZERO;
        let mut nap = Duration::from_micros(200);
        let launcher_status = loop {
            let mut status = 0;
            let flags = if killed.is_some() { 0 } else { libc::WNOHANG };
            // SAFETY: a valid pointer to a local; the pid is our child.
            let r = unsafe { libc::waitpid(launcher_pid, &mut status, flags) };
            if r == launcher_pid {
                break status;
            }
            if r < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            if let Some(rss) = resident_bytes(pid, page) {
                peak_polled = peak_polled.max(rss);
            }
            if let Some(cpu) = cpu_time(pid) {
                cpu_polled = cpu_polled.max(cpu);
            }
            let reason = if interrupted() {
                Some(Kill::Interrupted)
            } else if overflow.load(Ordering::SeqCst) {
                Some(Kill::Output)
            } else if cpu_polled > limits.cpu {
                Some(Kill::CpuTime)
            } else if start.elapsed() > wall_limit {
                Some(Kill::WallClock)
            } else if peak_polled > limits.memory_bytes {
                Some(Kill::Memory)
            } else {
                None
            };
            if let Some(reason) = reason {
                killed = Some(reason);
                let _ = killpg(Pid::from_raw(launcher_pid), Signal::SIGKILL);
                continue;
            }
            thread::sleep(nap);
            nap = (nap * 2).min(Duration::from_millis(5));
        };
        let wall = start.elapsed();
        // Kill what is left of the group (children the program forked), then forget it.
        {
            let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
            let _ = killpg(Pid::from_raw(launcher_pid), Signal::SIGKILL);
            groups.remove(&launcher_pid);
        }
        let mut last = String::new();
        let _ = std::io::BufRead::read_line(&mut report, &mut last);
        // The pipes close when every holder is gone. A descendant that left the group may
        // still hold them; do not wait for it (it is killed by reap_orphans at the end).
        let deadline = Instant::now() + Duration::from_millis(500);
        for _ in 0..3 {
            let left = deadline.saturating_duration_since(Instant::now());
            if done_rx.recv_timeout(left).is_err() {
                break;
            }
        }
        let fields: Vec<&str> = last.split_whitespace().collect();
        let decode = |status: i32| {
            if libc::WIFSIGNALED(status) {
                Exit::Signal(libc::WTERMSIG(status))
            } else {
                Exit::Code(libc::WEXITSTATUS(status))
            }
        };
        let (exit, cpu, peak) = match fields.as_slice() {
            ["exit", status, ut, st, maxrss] => {
                let n = |s: &str| s.parse::<u64>().unwrap_or(0);
                (
                    decode(status.parse().unwrap_or(0)),
                    Duration::from_micros(n(ut) + n(st)),
                    (n(maxrss) * 1024).max(peak_polled),
                )
            }
            ["exec", errno] => {
                let e = io::Error::from_raw_os_error(errno.parse().unwrap_or(0));
                return Err(io::Error::new(e.kind(), format!("cannot execute: {e}")));
            }
            // The launcher was killed with the program: what was seen while it ran.
            _ => (decode(launcher_status), cpu_polled, peak_polled),
        };
        let stdout = std::mem::take(&mut *stdout.lock().unwrap());
        let stderr = std::mem::take(&mut *stderr.lock().unwrap());
        Ok(RunOutput {
            stdout,
            stderr,
            exit,
            cpu,
            wall,
            peak_memory: peak,
            killed,
            output_overflow: overflow.load(Ordering::SeqCst),
        })
    }
}

/// CPU time (user + system) used so far by `pid`, from /proc.
fn cpu_time(pid: i32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_millis((utime + stime) * 1000 / hz))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    /// A shell command as a program.
    fn shell(script: &str) -> Program {
        Program {
            argv: vec![OsString::from("sh"), "-c".into(), script.into()],
            stack_bytes: None,
        }
    }

    fn sandbox() -> Sandbox {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/judge");
        Sandbox::new(&dir).unwrap()
    }

    fn run(program: &Program, input: Arc<[u8]>, limits: &RunLimits) -> io::Result<RunOutput> {
        sandbox().run(program, input, limits)
    }

    fn limits(ms: u64) -> RunLimits {
        RunLimits {
            cpu: Duration::from_millis(ms),
            memory_bytes: 256 << 20,
            output_bytes: 1 << 20,
            stack_bytes: None,
        }
    }

    #[test]
    fn feeds_stdin_and_collects_stdout() {
        let out = run(
            &shell("cat; echo err >&2"),
            b"hello\n"[..].into(),
            &limits(1000),
        )
        .unwrap();
        assert_eq!(out.stdout, b"hello\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.exit, Exit::Code(0));
        assert_eq!(out.killed, None);
    }

    #[test]
    fn exit_codes_and_signals_are_told_apart() {
        let out = run(&shell("exit 3"), Arc::from(&b""[..]), &limits(1000)).unwrap();
        assert_eq!(out.exit, Exit::Code(3));
        let out = run(&shell("kill -SEGV $$"), Arc::from(&b""[..]), &limits(1000)).unwrap();
        assert_eq!(out.exit.describe(), "SIGSEGV");
    }

    #[test]
    fn sleeper_is_killed_at_the_wall_clock_backstop() {
        let t = Instant::now();
        let out = run(&shell("sleep 30"), Arc::from(&b""[..]), &limits(100)).unwrap();
        assert_eq!(out.killed, Some(Kill::WallClock));
        assert!(t.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn output_flood_is_cut_at_the_cap() {
        let lim = RunLimits {
            output_bytes: 1000,
            ..limits(5000)
        };
        let out = run(&shell("yes"), Arc::from(&b""[..]), &lim).unwrap();
        assert!(out.output_overflow);
        assert_eq!(out.stdout.len(), 1000);
    }

    #[test]
    fn a_child_that_ignores_a_large_stdin_does_not_deadlock() {
        let input: Arc<[u8]> = vec![b'1'; 8 << 20].into();
        let out = run(&shell("echo done"), input, &limits(2000)).unwrap();
        assert_eq!(out.stdout, b"done\n");
    }

    #[test]
    fn peak_memory_is_the_programs_own() {
        let out = run(&shell("true"), Arc::from(&b""[..]), &limits(1000)).unwrap();
        assert!(out.peak_memory < 4 << 20, "{}", out.peak_memory);
    }

    #[test]
    fn a_missing_program_cannot_start() {
        let p = Program {
            argv: vec!["/nonexistent/program".into()],
            stack_bytes: None,
        };
        let e = run(&p, Arc::from(&b""[..]), &limits(1000)).unwrap_err();
        assert!(e.to_string().contains("cannot execute"), "{e}");
    }

    #[test]
    fn the_stack_limit_reaches_the_program() {
        let lim = RunLimits {
            stack_bytes: Some(1 << 20),
            ..limits(1000)
        };
        let out = run(&shell("ulimit -s"), Arc::from(&b""[..]), &lim).unwrap();
        assert_eq!(out.stdout, b"1024\n");
        let out = run(&shell("ulimit -s"), Arc::from(&b""[..]), &limits(1000)).unwrap();
        assert_ne!(out.stdout, b"1024\n");
    }

    #[test]
    fn signal_names() {
        assert_eq!(signal_name(11), "SIGSEGV");
        assert_eq!(signal_name(6), "SIGABRT");
        assert_eq!(signal_name(9), "SIGKILL");
    }
}
