//! The launcher protocol, in one place: the Rust side of `launch.c`.
//!
//! A launcher is a small static C process started once per worker. It receives one request per
//! run over a `SOCK_SEQPACKET` socket (the limits, argv, envp, and the program's stdin, stdout
//! and stderr as file descriptors), forks the program into its own process group, and replies
//! twice: [`Reply::Started`] with the pid, then [`Reply::Exited`] with `wait4`'s status and
//! rusage (or [`Reply::ExecFailed`]). The layouts below mirror `struct request` and
//! `struct reply` in `launch.c`.

use std::ffi::OsString;
use std::io::{self, IoSlice};
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context as _;
use nix::sys::socket::{
    recv, sendmsg, socketpair, AddressFamily, ControlMessage, MsgFlags, SockFlag, SockType,
};

/// The C source, compiled once into the cache.
const SOURCE: &str = include_str!("launch.c");

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
}

/// A file of the user's that the program needs (its binary or script), and where the sandbox
/// shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expose {
    pub host: PathBuf,
    pub in_box: String,
}

/// A request: `struct request` (4 × u64, 4 × u32), then argv and envp as NUL-terminated strings,
/// then, for each exposed file, its host path and its path in the sandbox.
pub fn encode_request(
    limits: &Rlimits,
    argv: &[OsString],
    envp: &[OsString],
    expose: &[Expose],
) -> Vec<u8> {
    let mut buf = Vec::with_capacity(64 + argv.iter().map(|a| a.len() + 1).sum::<usize>());
    for v in [
        limits.cpu_soft_s,
        limits.cpu_hard_s,
        limits.address_space_bytes,
        limits.stack_bytes,
    ] {
        buf.extend_from_slice(&v.to_ne_bytes());
    }
    buf.extend_from_slice(&(argv.len() as u32).to_ne_bytes());
    buf.extend_from_slice(&(envp.len() as u32).to_ne_bytes());
    buf.extend_from_slice(&limits.nproc.to_ne_bytes());
    buf.extend_from_slice(&(expose.len() as u32).to_ne_bytes());
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

/// A reply of the launcher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The program was forked; its process group id is its pid.
    Started { pid: i32 },
    /// The program ended: `wait4`'s status, CPU time and peak resident set.
    Exited {
        status: i32,
        cpu: Duration,
        maxrss_bytes: u64,
    },
    /// The program could not be started (`errno`).
    ExecFailed { errno: i32 },
    /// The first reply: the sandbox is up (0), was not asked for (-1), or could not be made
    /// (the errno of the step that failed; programs then run without it).
    Ready { status: i32 },
}

const REPLY_LEN: usize = 40;

/// Decodes `struct reply` (4 × i32, 3 × i64).
pub fn decode_reply(b: &[u8]) -> io::Result<Reply> {
    if b.len() != REPLY_LEN {
        return Err(io::Error::other(format!(
            "the launcher sent {} bytes, not a reply",
            b.len()
        )));
    }
    let i32_at = |i: usize| i32::from_ne_bytes(b[i..i + 4].try_into().expect("4 bytes"));
    let i64_at = |i: usize| i64::from_ne_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let (kind, pid, status) = (i32_at(0), i32_at(4), i32_at(8));
    let micros = |v: i64| Duration::from_micros(v.max(0) as u64);
    match kind {
        1 => Ok(Reply::Started { pid }),
        2 => Ok(Reply::Exited {
            status,
            cpu: micros(i64_at(16)) + micros(i64_at(24)),
            maxrss_bytes: i64_at(32).max(0) as u64 * 1024,
        }),
        3 => Ok(Reply::ExecFailed { errno: status }),
        4 => Ok(Reply::Ready { status }),
        k => Err(io::Error::other(format!(
            "the launcher sent reply kind {k}"
        ))),
    }
}

/// One launcher process and the runner's end of its socket.
pub struct Launcher {
    socket: OwnedFd,
    child: Child,
    /// Whether its programs run in the sandbox; else why not, when it was asked for.
    pub sandbox: Result<(), Option<io::Error>>,
}

impl Launcher {
    /// Starts the launcher at `path`. It gets a clean environment with the runner's `PATH`
    /// (for `execvp`) and its own process group, so a Ctrl-C at the terminal reaches only the
    /// runner, which then kills what runs.
    /// With `sandbox_root`, it makes the sandbox there (see `launch.c`); with `cgroup`, it joins
    /// that pids cgroup first.
    pub fn start(
        path: &Path,
        sandbox_root: Option<&Path>,
        cgroup: Option<&Path>,
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
            if let Some(cg) = cgroup {
                cmd.arg("--cgroup").arg(cg);
            }
        }
        let child = cmd
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .env_clear()
            .env("PATH", search_path())
            .process_group(0)
            .spawn()?;
        let mut launcher = Launcher {
            socket: ours,
            child,
            sandbox: Err(None),
        };
        launcher.sandbox = match launcher.receive()? {
            Reply::Ready { status: 0 } => Ok(()),
            Reply::Ready { status } if status > 0 => {
                Err(Some(io::Error::from_raw_os_error(status)))
            }
            Reply::Ready { .. } => Err(None),
            other => return Err(io::Error::other(format!("the launcher said {other:?}"))),
        };
        Ok(launcher)
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

    /// Receives one reply (blocking). End of file means the launcher died.
    pub fn receive(&self) -> io::Result<Reply> {
        let mut buf = [0u8; 64];
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
    /// Kills the launcher (used when it may be stuck, e.g. after a protocol error).
    pub fn kill(mut self) {
        let _ = self.child.kill();
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // End of file on the socket ends the launcher; reap it.
        let _ =
            nix::sys::socket::shutdown(self.socket.as_raw_fd(), nix::sys::socket::Shutdown::Both);
        let _ = self.child.wait();
    }
}

/// The `PATH` programs are looked up in.
pub fn search_path() -> OsString {
    std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into())
}

/// Builds the launcher into `cache_dir` once (later calls find it there) and returns its path.
pub fn build(cache_dir: &Path) -> anyhow::Result<PathBuf> {
    let hash = {
        use sha2::{Digest, Sha256};
        let d = Sha256::digest(SOURCE.as_bytes());
        d.iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let launcher = cache_dir.join(format!("launch-{hash}"));
    if launcher.is_file() {
        return Ok(launcher);
    }
    std::fs::create_dir_all(cache_dir)
        .with_context(|| format!("cannot create {}", cache_dir.display()))?;
    let dir = tempfile::tempdir_in(cache_dir)?;
    let src = dir.path().join("launch.c");
    std::fs::write(&src, SOURCE)?;
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
            return Ok(launcher);
        }
        last = Some(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    anyhow::bail!("cannot build the launcher:\n{}", last.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_layout_matches_launch_c() {
        let limits = Rlimits {
            cpu_soft_s: 2,
            cpu_hard_s: 3,
            address_space_bytes: 4,
            stack_bytes: 5,
            nproc: 6,
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
        assert_eq!([u64_at(0), u64_at(8), u64_at(16), u64_at(24)], [2, 3, 4, 5]);
        assert_eq!(
            (u32_at(32), u32_at(36), u32_at(40), u32_at(44)),
            (2, 1, 6, 1)
        );
        assert_eq!(&b[48..], b"prog\0x\0A=1\0/w/prog\0/box/prog\0");
    }

    #[test]
    fn replies_decode() {
        let mut b = [0u8; 40];
        b[0..4].copy_from_slice(&2i32.to_ne_bytes());
        b[4..8].copy_from_slice(&77i32.to_ne_bytes());
        b[8..12].copy_from_slice(&(11i32 << 8).to_ne_bytes());
        b[16..24].copy_from_slice(&1500i64.to_ne_bytes());
        b[24..32].copy_from_slice(&500i64.to_ne_bytes());
        b[32..40].copy_from_slice(&2048i64.to_ne_bytes());
        assert_eq!(
            decode_reply(&b).unwrap(),
            Reply::Exited {
                status: 11 << 8,
                cpu: Duration::from_millis(2),
                maxrss_bytes: 2 << 20
            }
        );
        b[0..4].copy_from_slice(&1i32.to_ne_bytes());
        assert_eq!(decode_reply(&b).unwrap(), Reply::Started { pid: 77 });
        assert!(decode_reply(&b[..39]).is_err());
    }
}
