//! The launcher protocol, in one place: the Rust side of `launch.c`.
//!
//! A launcher is a small static C process started once per worker. It receives one request per
//! run over a `SOCK_SEQPACKET` socket (the limits, argv, envp, and the program's stdin, stdout
//! and stderr as file descriptors), forks the program into its own process group, and replies
//! twice: [`Reply::Started`] with the pid, then [`Reply::Exited`] with `wait4`'s status and the
//! case's usage (or [`Reply::ExecFailed`]). A shorter message while a program runs asks it to
//! kill everything the case started. The layouts below mirror `struct request` and
//! `struct reply` in `launch.c`.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IoSlice};
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context as _;

use crate::cancel::Cancel;
use nix::sys::socket::{
    recv, sendmsg, socketpair, AddressFamily, ControlMessage, MsgFlags, SockFlag, SockType,
};

/// Processes a sandboxed program may have at once, itself included (RLIMIT_NPROC, counted in
/// its user namespace, and a pids cgroup's limit where one can be made): a fork bomb stops
/// there.
pub const PROCESS_LIMIT: u32 = 64;

/// The C source, compiled once into the cache.
const SOURCE: &str = include_str!("launch.c");

/// The launcher `build.rs` compiled from [`SOURCE`] (empty when it could not).
const PREBUILT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/launch"));

/// What the launcher applies to the program before exec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rlimits {
    pub cpu_soft_s: u64,
    pub cpu_hard_s: u64,
    /// 0: unlimited.
    pub address_space_bytes: u64,
    /// 0: left as inherited.
    pub stack_bytes: u64,
    /// RLIMIT_NPROC in the sandbox (counted in its user namespace); 0: left as inherited.
    pub nproc: u32,
    /// `REQUEST_*`: what else the program gets.
    pub flags: u32,
    /// The case's memory limit: its memory cgroup's limit, the size of its files and of its
    /// `/tmp` in the sandbox, and the largest single allocation it may make.
    pub memory_bytes: u64,
}

/// A file of the user's that the program needs (its binary or script), and where the sandbox
/// shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expose {
    pub host: PathBuf,
    pub in_box: String,
}

/// A request's flag: the program gets a `/proc` showing its own processes only (launch.c's
/// `mount_proc`).
pub const REQUEST_PROC: u32 = 1;

/// The length of `struct request` (launch.c asserts it and its fields' offsets at compile time).
const REQUEST_LEN: usize = 64;

/// A request: `struct request` (5 × u64, 6 × u32), then argv and envp as NUL-terminated strings,
/// then, for each exposed file, its host path and its path in the sandbox.
pub fn encode_request(
    limits: &Rlimits,
    argv: &[OsString],
    envp: &[OsString],
    expose: &[Expose],
) -> Vec<u8> {
    let mut buf = Vec::with_capacity(REQUEST_LEN + argv.iter().map(|a| a.len() + 1).sum::<usize>());
    for v in [
        limits.cpu_soft_s,
        limits.cpu_hard_s,
        limits.address_space_bytes,
        limits.stack_bytes,
        limits.memory_bytes,
    ] {
        buf.extend_from_slice(&v.to_ne_bytes());
    }
    buf.extend_from_slice(&(argv.len() as u32).to_ne_bytes());
    buf.extend_from_slice(&(envp.len() as u32).to_ne_bytes());
    buf.extend_from_slice(&limits.nproc.to_ne_bytes());
    buf.extend_from_slice(&(expose.len() as u32).to_ne_bytes());
    buf.extend_from_slice(&limits.flags.to_ne_bytes());
    buf.extend_from_slice(&0u32.to_ne_bytes());
    for s in argv.iter().chain(envp) {
        buf.extend_from_slice(s.as_bytes());
        buf.push(0);
    }
    for e in expose {
        buf.extend_from_slice(e.host.as_os_str().as_bytes());
        buf.push(0);
        buf.extend_from_slice(e.in_box.as_bytes());
        buf.push(0);
    }
    buf
}

/// The launchers alive in this process, by pid: [`crate::reap_orphans`] leaves them be.
pub static LAUNCHERS: std::sync::Mutex<std::collections::BTreeSet<u32>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

fn launchers() -> std::sync::MutexGuard<'static, std::collections::BTreeSet<u32>> {
    LAUNCHERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The kill request: any message shorter than a request.
const KILL: &[u8] = b"kill";

/// A reply of the launcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The program was forked; its process group id is its pid. `cpu_base` is the CPU cgroup's
    /// counter at the start (what [`Launcher::cgroup_cpu`] reads then); `flags` say what is
    /// measured (`READY_*`).
    Started {
        pid: i32,
        cpu_base: Duration,
        flags: i32,
    },
    /// The program ended: `wait4`'s status, and the case's usage.
    Exited(Usage),
    /// The program could not be started (`errno`).
    ExecFailed { errno: i32 },
    /// The first reply: the sandbox is up (0), was not asked for (-1), or could not be made
    /// (the errno of the step that failed; programs then run without it); the pid of the
    /// process that forks the programs, as seen here; what it measures.
    Ready { status: i32, pid: i32, flags: i32 },
}

/// What a case used, as the launcher measured it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    /// `wait4`'s status of the program.
    pub status: i32,
    /// CPU time of every process of the case (each reaped with its rusage).
    pub cpu: Duration,
    /// The largest peak resident set among them.
    pub maxrss_bytes: u64,
    /// The peak of the case's memory cgroup, when it has one: everything its processes held,
    /// kernel memory, memfd, shared memory and tmpfs files included.
    pub cgroup_peak: Option<u64>,
    /// The kernel's OOM killer killed a process of the case (its memory cgroup was full).
    pub oom_killed: bool,
    /// The largest allocation the launcher refused (larger than the memory limit).
    pub refused_bytes: Option<u64>,
    /// What the sandbox's `/tmp` held at the end (measured only without a memory cgroup).
    pub tmp_bytes: u64,
    /// The launcher is gone: the OOM killer chose its PID 1 (the report came from the process
    /// waiting outside its namespace).
    pub launcher_gone: bool,
}

/// What a launcher measures: allocations past the limit are refused and reported (known at
/// `Ready`); memory and CPU are counted by cgroups (known at `Started`: the launcher joins its
/// cgroups after `Ready`).
pub const READY_REFUSALS: i32 = 1;
pub const READY_MEMORY_CGROUP: i32 = 2;
pub const READY_CPU_CGROUP: i32 = 4;

/// The length of `struct reply` (launch.c asserts it and the offsets read below).
const REPLY_LEN: usize = 72;

/// Decodes `struct reply` (4 × i32, 7 × i64).
pub fn decode_reply(b: &[u8]) -> io::Result<Reply> {
    if b.len() != REPLY_LEN {
        return Err(io::Error::other(format!(
            "the launcher sent {} bytes, not a reply",
            b.len()
        )));
    }
    let i32_at = |i: usize| i32::from_ne_bytes(b[i..i + 4].try_into().expect("4 bytes"));
    let i64_at = |i: usize| i64::from_ne_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let (kind, pid, status, flags) = (i32_at(0), i32_at(4), i32_at(8), i32_at(12));
    let micros = |v: i64| Duration::from_micros(v.max(0) as u64);
    let bytes = |v: i64| (v > 0).then_some(v as u64);
    match kind {
        1 => Ok(Reply::Started {
            pid,
            cpu_base: Duration::from_nanos(i64_at(64).max(0) as u64),
            flags,
        }),
        2 => Ok(Reply::Exited(Usage {
            status,
            cpu: micros(i64_at(16)) + micros(i64_at(24)),
            maxrss_bytes: i64_at(32).max(0) as u64 * 1024,
            cgroup_peak: (i64_at(40) >= 0).then(|| i64_at(40) as u64),
            oom_killed: flags & 1 != 0,
            refused_bytes: bytes(i64_at(48)),
            tmp_bytes: i64_at(56).max(0) as u64,
            launcher_gone: flags & 2 != 0,
        })),
        3 => Ok(Reply::ExecFailed { errno: status }),
        4 => Ok(Reply::Ready { status, pid, flags }),
        k => Err(io::Error::other(format!(
            "the launcher sent reply kind {k}"
        ))),
    }
}

/// Where a launcher's programs are counted: the cgroups it joins (see `cgroup.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cgroups {
    /// Joined only (a pids cgroup).
    pub join: Vec<PathBuf>,
    /// The memory cgroup: version (1 or 2) and directory.
    pub memory: Option<(u8, PathBuf)>,
    /// The CPU cgroup (v1 cpuacct, v2 cpu.stat).
    pub cpu: Option<(u8, PathBuf)>,
}

/// One launcher process and the runner's end of its socket.
pub struct Launcher {
    socket: OwnedFd,
    child: Child,
    /// Whether its programs run in the sandbox; else why not, when it was asked for.
    pub sandbox: Result<(), Option<io::Error>>,
    /// The process that forks the programs (the sandbox's PID 1), as seen here.
    pub forker: i32,
    /// The sandbox's root as the launcher was given it, absolute (the launcher's files there,
    /// in its own mount namespace, are seen through `/proc/FORKER/root/ROOT`).
    pub root: Option<PathBuf>,
    /// `READY_*` flags, as the last reply said.
    pub flags: std::cell::Cell<i32>,
    /// The CPU cgroup's counter (v1 `cpuacct.usage`, v2 `cpu.stat`), when it has one.
    cpu_counter: Option<(u8, File)>,
    /// It said it is gone (see [`Usage::launcher_gone`]): not to be used again.
    pub gone: std::cell::Cell<bool>,
    /// The run's cancellation: its programs are watched by it, and start no more once it is
    /// cancelled.
    pub(crate) cancel: Cancel,
}

impl Launcher {
    /// Starts the launcher at `path`. It gets a clean environment with the runner's `PATH`
    /// (for `execvp`) and its own process group, so a Ctrl-C at the terminal reaches only the
    /// runner, which then kills what runs.
    /// With `sandbox_root`, it makes the sandbox there (see `launch.c`); it joins `cgroups`
    /// first.
    pub fn start(
        path: &Path,
        sandbox_root: Option<&Path>,
        cgroups: &Cgroups,
        cancel: &Cancel,
    ) -> io::Result<Launcher> {
        let (ours, theirs) = socketpair(
            AddressFamily::Unix,
            SockType::SeqPacket,
            None,
            SockFlag::SOCK_CLOEXEC,
        )?;
        let mut cmd = Command::new(path);
        if let Some(root) = sandbox_root {
            cmd.arg("--sandbox").arg(root);
        }
        for dir in &cgroups.join {
            cmd.arg("--join").arg(dir);
        }
        if let Some((v, dir)) = &cgroups.memory {
            cmd.arg("--memory").arg(v.to_string()).arg(dir);
        }
        if let Some((v, dir)) = &cgroups.cpu {
            cmd.arg("--cpu").arg(v.to_string()).arg(dir);
        }
        let mut live = launchers();
        cmd.stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .env_clear()
            .env("PATH", search_path())
            .process_group(0);
        // A launcher just written (`place_prebuilt`) may for a moment still be open for writing
        // in a child another thread forked before it execs: ETXTBSY then, briefly.
        let mut tries = 0;
        let child = loop {
            match cmd.spawn() {
                Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(5));
                }
                other => break other?,
            }
        };
        live.insert(child.id());
        drop(live);
        let mut launcher = Launcher {
            socket: ours,
            child,
            sandbox: Err(None),
            forker: 0,
            root: sandbox_root.and_then(|r| std::path::absolute(r).ok()),
            flags: std::cell::Cell::new(0),
            cpu_counter: None,
            gone: std::cell::Cell::new(false),
            cancel: cancel.clone(),
        };
        let (status, pid, flags) = match launcher.receive()? {
            Reply::Ready { status, pid, flags } => (status, pid, flags),
            other => return Err(io::Error::other(format!("the launcher said {other:?}"))),
        };
        launcher.sandbox = match status {
            0 => Ok(()),
            s if s > 0 => Err(Some(io::Error::from_raw_os_error(s))),
            _ => Err(None),
        };
        launcher.forker = pid;
        // Until the first `Started` says otherwise, what was asked for.
        let asked = if cgroups.memory.is_some() {
            READY_MEMORY_CGROUP
        } else {
            0
        };
        launcher.flags.set(flags | asked);
        if let Some((v, dir)) = &cgroups.cpu {
            let file = if *v == 1 { "cpuacct.usage" } else { "cpu.stat" };
            launcher.cpu_counter = File::open(dir.join(file)).ok().map(|f| (*v, f));
        }
        Ok(launcher)
    }

    /// What a `Started` reply said it measures.
    pub fn measures(&self, flags: i32) {
        self.flags.set(flags);
    }

    /// Whether its programs' memory is counted by a cgroup.
    pub fn memory_cgroup(&self) -> bool {
        self.flags.get() & READY_MEMORY_CGROUP != 0
    }

    /// Ends the launcher without waiting for it (see [`Launcher::wait`]).
    pub fn shut_down(&self) {
        let _ =
            nix::sys::socket::shutdown(self.socket.as_raw_fd(), nix::sys::socket::Shutdown::Both);
    }

    /// The socket, for polling.
    pub fn socket(&self) -> BorrowedFd<'_> {
        use std::os::fd::AsFd;
        self.socket.as_fd()
    }

    /// Sends a request with the program's stdin, stdout and stderr.
    pub fn send(&self, request: &[u8], stdio: [RawFd; 3]) -> io::Result<()> {
        let iov = [IoSlice::new(request)];
        let cmsg = [ControlMessage::ScmRights(&stdio)];
        sendmsg::<()>(
            self.socket.as_raw_fd(),
            &iov,
            &cmsg,
            MsgFlags::MSG_NOSIGNAL,
            None,
        )?;
        Ok(())
    }

    /// Asks the launcher to kill every process of the case in progress (in the sandbox: every
    /// process of its PID namespace, wherever it moved). Never blocks.
    /// The launcher's own pid.
    pub fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    pub fn kill_case(&self) {
        let _ = nix::sys::socket::send(
            self.socket.as_raw_fd(),
            KILL,
            MsgFlags::MSG_NOSIGNAL | MsgFlags::MSG_DONTWAIT,
        );
    }

    /// The CPU time of every process in the launcher's CPU cgroup (its own included, which is
    /// little), when it has one.
    pub fn cgroup_cpu(&self) -> Option<Duration> {
        if self.flags.get() & READY_CPU_CGROUP == 0 {
            return None;
        }
        let (version, file) = self.cpu_counter.as_ref()?;
        let mut buf = [0u8; 512];
        let n = nix::sys::uio::pread(file, &mut buf, 0).ok()?;
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        if *version == 1 {
            Some(Duration::from_nanos(text.trim().parse().ok()?))
        } else {
            let usec = text
                .lines()
                .find_map(|l| l.strip_prefix("usage_usec "))?
                .trim()
                .parse()
                .ok()?;
            Some(Duration::from_micros(usec))
        }
    }

    /// Receives one reply (blocking). End of file means the launcher died.
    pub fn receive(&self) -> io::Result<Reply> {
        let mut buf = [0u8; 128];
        loop {
            match recv(self.socket.as_raw_fd(), &mut buf, MsgFlags::empty()) {
                Ok(0) => return Err(io::Error::other("the launcher ended unexpectedly")),
                Ok(n) => return decode_reply(&buf[..n]),
                Err(nix::errno::Errno::EINTR) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }
}

impl Launcher {
    /// Kills the launcher (used when it may be stuck, e.g. after a protocol error): its PID 1
    /// dies with it, and with that every process of its namespace.
    pub fn kill(mut self) {
        let _ = self.child.kill();
    }

    /// Whether the launcher is still there (something may have killed it while it was idle).
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // End of file on the socket ends the launcher; reap it.
        self.shut_down();
        let _ = self.child.wait();
        launchers().remove(&self.child.id());
    }
}

/// The `PATH` programs are looked up in.
pub fn search_path() -> OsString {
    std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into())
}

use std::os::unix::fs::OpenOptionsExt as _;

/// The launcher, ready to start: its bytes in a sealed memory file of the runner's own, started
/// through `/proc/self/fd/N`. Never a file on disk: a launcher kept in the workspace's cache
/// (`target/judge/launch-…`) could be replaced by whoever writes that folder (a cloned archive
/// that ships one), and the launcher runs outside the sandbox, as the runner's user.
#[derive(Debug)]
pub struct LauncherFile {
    _fd: std::os::fd::OwnedFd,
    path: PathBuf,
}

impl LauncherFile {
    /// The path that starts it (in this process and the children it starts).
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The launcher `build.rs` made (or, where it could not, built here by gcc in a private
/// temporary folder), in a sealed memory file.
pub fn build() -> anyhow::Result<LauncherFile> {
    build_from(PREBUILT)
}

/// [`build`], with the launcher `build.rs` made (`prebuilt`; empty: gcc builds it here).
fn build_from(prebuilt: &[u8]) -> anyhow::Result<LauncherFile> {
    if !prebuilt.is_empty() {
        return sealed(prebuilt).context("cannot hold the launcher in memory");
    }
    let dir = tempfile::tempdir()?;
    let src = dir.path().join("launch.c");
    std::fs::write(&src, SOURCE)?;
    let out = dir.path().join("launch");
    crate::gcc_launcher::compile(&src, &out).map_err(anyhow::Error::msg)?;
    sealed(&std::fs::read(&out)?).context("cannot hold the launcher in memory")
}

/// `bytes` in a memory file sealed against every change, open read-only (a file open for
/// writing cannot be executed: ETXTBSY).
fn sealed(bytes: &[u8]) -> io::Result<LauncherFile> {
    use std::io::Write as _;
    use std::os::fd::{AsRawFd as _, FromRawFd as _, OwnedFd};
    // SAFETY: memfd_create with a NUL-terminated name; the descriptor is owned at once.
    let fd = unsafe {
        libc::memfd_create(
            c"runner-launcher".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` was just made and is owned by nothing else.
    let mut file = std::fs::File::from(unsafe { OwnedFd::from_raw_fd(fd) });
    file.write_all(bytes)?;
    let seals = libc::F_SEAL_WRITE | libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_SEAL;
    // SAFETY: fcntl on a descriptor we own.
    if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_ADD_SEALS, seals) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let read_only = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_CLOEXEC)
        .open(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
    drop(file);
    let path = PathBuf::from(format!("/proc/self/fd/{}", read_only.as_raw_fd()));
    Ok(LauncherFile {
        _fd: read_only.into(),
        path,
    })
}

#[cfg(test)]
mod tests {
    /// The lengths this side uses are the ones launch.c's `_Static_assert`s hold the structs to,
    /// and a request without strings is exactly the struct.
    #[test]
    fn the_wire_lengths_are_the_ones_launch_c_asserts() {
        for (len, what) in [(REQUEST_LEN, "request"), (REPLY_LEN, "reply")] {
            let assert = format!("_Static_assert(sizeof(struct {what}) == {len},");
            assert!(SOURCE.contains(&assert), "launch.c lacks `{assert}`");
        }
        let limits = Rlimits {
            cpu_soft_s: 1,
            cpu_hard_s: 2,
            address_space_bytes: 0,
            stack_bytes: 0,
            nproc: 0,
            flags: 0,
            memory_bytes: 1 << 20,
        };
        assert_eq!(encode_request(&limits, &[], &[], &[]).len(), REQUEST_LEN);
    }

    use super::*;

    /// Starts the launcher at `path` without a sandbox and asks it for nothing: it must say it
    /// is ready.
    fn starts(path: &Path) -> bool {
        Launcher::start(path, None, &Cgroups::default(), &Cancel::new()).is_ok()
    }

    #[test]
    fn the_launcher_is_held_sealed_in_memory_and_gcc_builds_it_when_build_rs_could_not() {
        assert!(
            !PREBUILT.is_empty(),
            "build.rs did not build the launcher (is gcc here?)"
        );
        let held = build_from(PREBUILT).unwrap();
        assert_eq!(std::fs::read(held.path()).unwrap(), PREBUILT);
        assert!(starts(held.path()));
        // Sealed: not even the runner can change it now.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(held.path())
            .unwrap();
        let write = std::io::Write::write_all(&mut file, b"\x7fELF");
        assert!(write.is_err(), "{write:?}");
        assert_eq!(std::fs::read(held.path()).unwrap(), PREBUILT);
        // Without the prebuilt one (build.rs found no gcc), gcc builds it here.
        let compiled = build_from(b"").unwrap();
        assert!(starts(compiled.path()));
    }

    #[test]
    fn request_layout_matches_launch_c() {
        let limits = Rlimits {
            cpu_soft_s: 2,
            cpu_hard_s: 3,
            address_space_bytes: 4,
            stack_bytes: 5,
            nproc: 6,
            flags: REQUEST_PROC,
            memory_bytes: 7,
        };
        let expose = Expose {
            host: "/w/prog".into(),
            in_box: "/box/prog".into(),
        };
        let b = encode_request(
            &limits,
            &["prog".into(), "x".into()],
            &["A=1".into()],
            &[expose],
        );
        let u64_at = |i: usize| u64::from_ne_bytes(b[i..i + 8].try_into().unwrap());
        let u32_at = |i: usize| u32::from_ne_bytes(b[i..i + 4].try_into().unwrap());
        assert_eq!(
            [u64_at(0), u64_at(8), u64_at(16), u64_at(24), u64_at(32)],
            [2, 3, 4, 5, 7]
        );
        assert_eq!(
            (u32_at(40), u32_at(44), u32_at(48), u32_at(52)),
            (2, 1, 6, 1)
        );
        assert_eq!((u32_at(56), u32_at(60)), (REQUEST_PROC, 0));
        assert_eq!(&b[64..], b"prog\0x\0A=1\0/w/prog\0/box/prog\0");
        assert!(
            KILL.len() < 64,
            "a kill request must be shorter than any request"
        );
    }

    #[test]
    fn replies_decode() {
        let mut b = [0u8; 72];
        let put32 =
            |b: &mut [u8; 72], at: usize, v: i32| b[at..at + 4].copy_from_slice(&v.to_ne_bytes());
        let put64 =
            |b: &mut [u8; 72], at: usize, v: i64| b[at..at + 8].copy_from_slice(&v.to_ne_bytes());
        put32(&mut b, 0, 2);
        put32(&mut b, 4, 77);
        put32(&mut b, 8, 11 << 8);
        put32(&mut b, 12, 1);
        put64(&mut b, 16, 1500);
        put64(&mut b, 24, 500);
        put64(&mut b, 32, 2048);
        put64(&mut b, 40, -1);
        put64(&mut b, 48, 5 << 30);
        put64(&mut b, 56, 4096);
        assert_eq!(
            decode_reply(&b).unwrap(),
            Reply::Exited(Usage {
                status: 11 << 8,
                cpu: Duration::from_millis(2),
                maxrss_bytes: 2 << 20,
                cgroup_peak: None,
                oom_killed: true,
                refused_bytes: Some(5 << 30),
                tmp_bytes: 4096,
                launcher_gone: false,
            })
        );
        put64(&mut b, 40, 3 << 20);
        put64(&mut b, 48, 0);
        let Reply::Exited(u) = decode_reply(&b).unwrap() else {
            panic!()
        };
        assert_eq!((u.cgroup_peak, u.refused_bytes), (Some(3 << 20), None));
        put32(&mut b, 0, 1);
        put64(&mut b, 64, 5000);
        assert_eq!(
            decode_reply(&b).unwrap(),
            Reply::Started {
                pid: 77,
                cpu_base: Duration::from_micros(5),
                flags: 1
            }
        );
        put32(&mut b, 0, 4);
        assert_eq!(
            decode_reply(&b).unwrap(),
            Reply::Ready {
                status: 11 << 8,
                pid: 77,
                flags: 1
            }
        );
        assert!(decode_reply(&b[..71]).is_err());
    }
}
