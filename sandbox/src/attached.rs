//! One program with the runner's own stdin, stdout and stderr as its other side: a person at
//! the terminal plays against an interactor (`runner run --human`). The program runs through a
//! launcher like any other (in the sandbox, under its limits); the runner relays the terminal
//! to it through pipes (a program in a process group of its own must not read the terminal
//! itself: it would be stopped, SIGTTIN), and what it left in its writable files is read back.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::time::Duration;

use crate::launcher::{Launcher, Reply};
use crate::left::{collect, Left};
use crate::program::{Exit, Limits, Program};
use crate::single::{begin, cannot_execute, forget_group, kill_case};

/// Copies `from` to `to` until the end of `from` or an error on either side.
fn copy(mut from: impl Read, mut to: impl Write) {
    let mut buf = [0u8; 4096];
    loop {
        match from.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                if to.write_all(&buf[..n]).and_then(|()| to.flush()).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Runs `program` through `launcher` attached to the runner's terminal: how it ended, and what
/// it left in its writable files. The outer error: the launcher failed; the inner one: the
/// program could not start.
pub(crate) fn run(
    launcher: &Launcher,
    program: &Program,
    limits: &Limits,
) -> io::Result<io::Result<(Exit, Vec<Left>)>> {
    let blocking = || nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC);
    let (in_r, in_w) = blocking()?;
    let (out_r, out_w) = blocking()?;
    let (err_r, err_w) = blocking()?;
    let (out_r, err_r) = (File::from(out_r), File::from(err_r));
    let run = match begin(launcher, program, [in_r, out_w, err_w], limits)? {
        Ok(run) => run,
        Err(e) => return Ok(Err(e)),
    };
    // The terminal's lines to the program: this thread may stay blocked on the terminal after
    // the game; it ends with the runner.
    let stdin_w = File::from(in_w);
    std::thread::spawn(move || copy(io::stdin(), stdin_w));
    let out = std::thread::spawn(move || copy(out_r, io::stdout()));
    let err = std::thread::spawn(move || copy(err_r, io::stderr()));
    let usage = loop {
        let mut fds = [libc::pollfd {
            fd: launcher.socket().as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        }];
        // SAFETY: one valid pollfd.
        unsafe { libc::poll(fds.as_mut_ptr(), 1, 100) };
        if launcher.cancel.is_cancelled() {
            kill_case(launcher, run.pid);
        }
        if fds[0].revents == 0 {
            continue;
        }
        match launcher.receive()? {
            Reply::Exited(usage) => break usage,
            Reply::ExecFailed { errno } => {
                forget_group(launcher, run.pid);
                return Ok(Err(cannot_execute(errno)));
            }
            _ => {}
        }
    };
    launcher.gone.set(usage.launcher_gone);
    forget_group(launcher, run.pid);
    // Every process of the case is gone: its stdout and stderr end, and what is left in them
    // is shown (a second at most: without the sandbox a process it left could hold them).
    let deadline = std::time::Instant::now() + Duration::from_secs(1);
    while !(out.is_finished() && err.is_finished()) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left = collect(launcher, program);
    Ok(Ok((Exit::from_wait_status(usage.status), left)))
}
