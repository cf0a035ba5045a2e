//! Two programs playing against each other: an interactive problem's solution and its
//! interactor, each through a launcher of its own (each in its own sandbox, under its own
//! limits), with the runner in the middle of both directions.
//!
//! The runner relays: what one side writes to its stdout is read here, recorded in the
//! transcript and written to the other side's stdin. Relaying costs one more copy per message
//! than wiring the two programs to each other, and buys three things: the whole dialogue, in
//! order, marked by side; end of file passed on as it happens (a side's stdout closes, and the
//! other's stdin is closed once what was in flight has been delivered); and idleness seen at
//! once: when nothing is in flight, no byte has moved, and neither program has used CPU time or
//! been runnable for [`IDLE`], both are waiting for each other (or sleeping) and the game is
//! stopped (`Kill::Idle`) — not at the wall-clock backstop, as judges do. Under
//! [`Rules::ExitAndWall`] (an output validator's) the end of the solution's output waits for its
//! exit, and there is no idleness.
//!
//! No side dies of SIGPIPE because the other ended: the runner keeps reading each side's stdout
//! until it closes (what comes after the other side ended is recorded, then dropped), and a
//! write to a side whose stdin is gone drops what was for it.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::time::{Duration, Instant};

use crate::launcher::{Launcher, Reply, Usage};
use crate::left::{collect, Left};
use crate::program::{
    decide_kill, safety_wall_limit, wall_limit, Exit, Kill, Limits, Observation, Program, RunOutput,
};
use crate::single::{
    begin, cannot_execute, case_wait, forget_group, kill_case, next_check, observe, output, pipe,
    Drain, Run, CHUNK, DRAIN_GRACE, KILL_GRACE, STDERR_KEEP,
};

/// How long both sides may wait for each other, with nothing in flight, before the game is
/// stopped as idle (ILE).
pub const IDLE: Duration = Duration::from_millis(250);

/// The most bytes a relayed game holds for a side that does not read them yet: past it, the
/// runner stops reading the writer's stdout until the reader has taken some (the writer then
/// blocks, as on a pipe), so a side that floods costs the runner this much, not its output.
const PENDING_MAX: usize = 1 << 20;

/// How a game is refereed where the judges differ: when the solution's output has ended, and
/// what stops a game in which both sides wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rules {
    /// The end of the solution's output is its close: the interactor sees it as soon as the
    /// solution closes its stdout; both sides waiting for each other for [`IDLE`] is idleness
    /// (ILE). How testlib's interactors are run (Codeforces).
    #[default]
    CloseAndIdle,
    /// The end of the solution's output is the solution's exit: the interactor (an output
    /// validator) sees it only once the solution has ended (one that closes its output and goes
    /// on is not taken for ended), and there is no idleness limit: a game that waits is stopped
    /// at the wall-clock backstop (TLE). How the feedback-directory validators of Kattis and
    /// BAPCtools are run, stopped at their timeout.
    ExitAndWall,
}

/// One side of a game: its program, its limits, and how much it may write.
#[derive(Debug, Clone, Copy)]
pub struct Party<'a> {
    pub program: &'a Program,
    pub limits: Limits,
    pub output_cap: usize,
}

/// Who wrote a part of the dialogue, or who ended first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Solution,
    Interactor,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Solution => Side::Interactor,
            Side::Interactor => Side::Solution,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Bytes one side wrote at once (one read of its stdout).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    pub from: Side,
    pub bytes: Vec<u8>,
}

/// The dialogue, bounded: its first `cap` bytes, and the last `cap / 4` of the rest.
#[derive(Debug, Clone, Default)]
pub struct Transcript {
    pub head: Vec<Exchange>,
    /// Bytes dropped between `head` and `tail`.
    pub dropped: u64,
    pub tail: VecDeque<Exchange>,
    head_bytes: usize,
    tail_bytes: usize,
    cap: usize,
}

impl Transcript {
    pub fn new(cap: usize) -> Transcript {
        Transcript {
            cap,
            ..Transcript::default()
        }
    }

    pub fn push(&mut self, from: Side, bytes: &[u8]) {
        if self.dropped == 0 && self.head_bytes + bytes.len() <= self.cap {
            self.head_bytes += bytes.len();
            match self.head.last_mut() {
                Some(last) if last.from == from => last.bytes.extend_from_slice(bytes),
                _ => self.head.push(Exchange {
                    from,
                    bytes: bytes.to_vec(),
                }),
            }
            return;
        }
        self.tail_bytes += bytes.len();
        match self.tail.back_mut() {
            Some(last) if last.from == from => last.bytes.extend_from_slice(bytes),
            _ => self.tail.push_back(Exchange {
                from,
                bytes: bytes.to_vec(),
            }),
        }
        while self.tail_bytes > self.cap / 4 && self.tail.len() > 1 {
            let gone = self.tail.pop_front().map_or(0, |e| e.bytes.len());
            self.tail_bytes -= gone;
            self.dropped += gone as u64;
        }
    }

    /// Every part kept, in order (the gap, if any, is between the head and the tail).
    pub fn parts(&self) -> impl Iterator<Item = &Exchange> {
        self.head.iter().chain(self.tail.iter())
    }
}

/// What a game produced.
#[derive(Debug, Clone)]
pub struct Interaction {
    /// Each side's run (its `stdout` is empty: it went to the other side, and is in the
    /// transcript).
    pub solution: RunOutput,
    pub interactor: RunOutput,
    /// Who ended first: whose stdout closed first, or whose end was reported first.
    pub first: Side,
    /// The solution was stopped because the interactor's end settled the verdict.
    pub solution_stopped: bool,
    /// The dialogue, when the game was relayed (see [`play`]).
    pub transcript: Option<Transcript>,
    /// What the interactor left in the files it may write, read back and emptied after the
    /// game ([`crate::left`]).
    pub left: Vec<Left>,
}

/// One side while the game goes on.
struct Player<'a> {
    launcher: &'a Launcher,
    party: Party<'a>,
    run: Run,
    /// Its stdout (read here) and stdin (written here, what the other side wrote).
    out: Option<File>,
    input: Option<File>,
    pending: VecDeque<u8>,
    written: usize,
    overflow: bool,
    stderr: Drain,
    seen: Observation,
    killed: Option<Kill>,
    killed_at: Option<Instant>,
    ended: Option<(Usage, Instant)>,
    /// A direct game under the exit-and-wall rules: a copy of the solution's stdout's write end,
    /// kept by
    /// the runner until the solution ended, so that the validator's end of file waits for it.
    held: Option<OwnedFd>,
}

impl Player<'_> {
    fn kill(&mut self, why: Kill, now: Instant) {
        if self.killed.is_none() && self.ended.is_none() {
            self.killed = Some(why);
            self.killed_at = Some(now);
            kill_case(self.launcher, self.run.pid);
        }
    }

    /// Writes what is pending to its stdin, without blocking; a closed stdin drops it. Once
    /// `eof` (the other side's stdout closed) and nothing is pending, its stdin is closed.
    fn deliver(&mut self, eof: bool) -> bool {
        let mut moved = false;
        while let (Some(f), false) = (&mut self.input, self.pending.is_empty()) {
            let (a, _) = self.pending.as_slices();
            match f.write(a) {
                Ok(n) => {
                    self.pending.drain(..n);
                    moved = true;
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.input = None;
                    self.pending.clear();
                }
            }
        }
        if self.input.is_none() {
            self.pending.clear();
        }
        if eof && self.pending.is_empty() {
            self.input = None;
        }
        moved
    }
}

/// A side's process state from /proc: whether it is runnable (or in an uninterruptible wait).
fn busy(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state == "R" || state == "D")
    })
}

/// Plays one game: `solution` and `interactor` started through their launchers, connected
/// through the runner, watched until both have ended. `settle` says whether an interactor that
/// ended with that exit has decided the verdict (the solution is then stopped at once); `rules`
/// how the end of the solution's output and waiting are taken ([`Rules`]).
pub(crate) fn play(
    launchers: [&Launcher; 2],
    parties: [Party<'_>; 2],
    settle: &dyn Fn(Exit) -> bool,
    transcript_cap: Option<usize>,
    rules: Rules,
) -> io::Result<io::Result<Interaction>> {
    let relay = transcript_cap.is_some();
    let players = match start_players(launchers, parties, relay, rules)? {
        Ok(players) => players,
        Err(e) => return Ok(Err(e)),
    };
    let mut players = players;
    let mut game = Game {
        relay,
        rules,
        inflight: [0; 2],
        transcript: Transcript::new(transcript_cap.unwrap_or(0)),
        first: None,
        solution_stopped: false,
        start: Instant::now(),
        last_activity: Instant::now(),
        cpu_at_activity: [Duration::ZERO; 2],
        waited: Duration::ZERO,
        checks: 0,
    };
    let result = game.run(&mut players, settle);
    for p in &players {
        forget_group(p.launcher, p.run.pid);
    }
    result?;
    let left = collect(players[1].launcher, players[1].party.program);
    let [s, i] = players;
    let finish = |p: Player| {
        let (usage, at) = p.ended.expect("the game ends after both exit reports");
        let stdout = Drain {
            file: None,
            buf: Vec::new(),
            keep: 0,
            limit: p.party.output_cap,
            total: p.written,
            overflow: p.overflow,
        };
        let mut killed = p.killed;
        if usage.oom_killed && killed.is_none() {
            killed = Some(Kill::Memory);
        }
        killed = killed.or(Kill::by_backstop(usage.status));
        RunOutput {
            stack_bytes: p.run.stack_bytes,
            ..output(&usage, at - p.run.start, stdout, p.stderr, &p.seen, killed)
        }
    };
    Ok(Ok(Interaction {
        solution: finish(s),
        interactor: finish(i),
        first: game.first.unwrap_or(Side::Solution),
        solution_stopped: game.solution_stopped,
        transcript: relay.then_some(game.transcript),
        left,
    }))
}

/// Starts both sides, wired as `relay` says; if the second cannot start, the first is stopped.
fn start_players<'a>(
    launchers: [&'a Launcher; 2],
    parties: [Party<'a>; 2],
    relay: bool,
    rules: Rules,
) -> io::Result<io::Result<[Player<'a>; 2]>> {
    let mut wiring = Wiring::new(relay)?;
    let mut players = Vec::with_capacity(2);
    for (k, (launcher, party)) in launchers.into_iter().zip(parties).enumerate() {
        let (stdin, stdout, watch, input) = wiring.take(k);
        // The solution's stdout (k = 0) held open by the runner, where the exit-and-wall rules
        // want it.
        let held = match (k, relay, rules) {
            (0, false, Rules::ExitAndWall) => Some(stdout.try_clone()?),
            _ => None,
        };
        let (err_r, err_w) = pipe()?;
        let run = match begin(
            launcher,
            party.program,
            [stdin, stdout, err_w],
            &party.limits,
        )? {
            Ok(run) => run,
            Err(e) => {
                for p in &players {
                    let p: &Player = p;
                    kill_case(p.launcher, p.run.pid);
                    let _ = wait_report(p.launcher);
                    forget_group(p.launcher, p.run.pid);
                }
                return Ok(Err(e));
            }
        };
        players.push(Player {
            launcher,
            party,
            run,
            out: Some(watch),
            input,
            pending: VecDeque::new(),
            written: 0,
            overflow: false,
            stderr: Drain::new(err_r, STDERR_KEEP, usize::MAX, 0),
            seen: Observation::default(),
            killed: None,
            killed_at: None,
            ended: None,
            held,
        });
    }
    match players.try_into() {
        Ok(p) => Ok(Ok(p)),
        Err(_) => unreachable!("two players"),
    }
}

/// How the two programs are connected. Relayed: each side's stdin and stdout are pipes to the
/// runner (`watch` is the stdout's read end, `input` the stdin's write end). Direct: the two
/// programs are wired to each other, and the runner holds a second read end of each pipe
/// (`watch`, never read while the reader lives): poll says when its writer has closed it
/// (POLLHUP, asked with no event so that data never wakes the runner), FIONREAD how much is in
/// flight, and once the reader has ended the runner drains it so the writer never blocks.
struct Wiring {
    sides: [Option<Ends>; 2],
}

/// One side's ends: its stdin, its stdout, the runner's watch on its stdout, and (relayed) the
/// write end of its stdin.
type Ends = (OwnedFd, OwnedFd, File, Option<File>);

impl Wiring {
    fn new(relay: bool) -> io::Result<Wiring> {
        if relay {
            let side = || -> io::Result<_> {
                let (in_r, in_w) = nonblocking_pipe_for_reader()?;
                let (out_r, out_w) = pipe()?;
                Ok(Some((in_r, out_w, out_r, Some(in_w))))
            };
            return Ok(Wiring {
                sides: [side()?, side()?],
            });
        }
        // Pipe k carries side k's stdout to the other side's stdin.
        let blocking = || nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC);
        let (r0, w0) = blocking()?;
        let (r1, w1) = blocking()?;
        let watch = |r: &OwnedFd| -> io::Result<File> {
            let dup = r.try_clone()?;
            // The runner's copy alone does not block (the flag is the open file's: a dup
            // shares it, so it is set on a fresh open of the pipe instead).
            let path = format!("/proc/self/fd/{}", dup.as_raw_fd());
            let f = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
                .open(path)?;
            Ok(f)
        };
        let (watch0, watch1) = (watch(&r0)?, watch(&r1)?);
        Ok(Wiring {
            sides: [Some((r1, w0, watch0, None)), Some((r0, w1, watch1, None))],
        })
    }

    fn take(&mut self, k: usize) -> Ends {
        self.sides[k].take().expect("each side is taken once")
    }
}

/// A pipe whose write end (the runner's) does not block, and whose read end (the program's
/// stdin) does.
fn nonblocking_pipe_for_reader() -> io::Result<(OwnedFd, File)> {
    let (r, w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC | nix::fcntl::OFlag::O_NONBLOCK)?;
    nix::fcntl::fcntl(
        &r,
        nix::fcntl::FcntlArg::F_SETFL(nix::fcntl::OFlag::empty()),
    )?;
    Ok((r, File::from(w)))
}

/// Waits for a killed program's end report (it was started, so one comes).
fn wait_report(launcher: &Launcher) -> io::Result<()> {
    let deadline = Instant::now() + KILL_GRACE;
    while Instant::now() < deadline {
        match launcher.receive()? {
            Reply::Exited(_) | Reply::ExecFailed { .. } => return Ok(()),
            _ => {}
        }
    }
    Ok(())
}

/// The game's own state.
struct Game {
    /// Relayed through the runner (else wired directly: see [`Wiring`]).
    relay: bool,
    rules: Rules,
    /// Direct games: the bytes in flight on each pipe at the last check.
    inflight: [i32; 2],
    transcript: Transcript,
    first: Option<Side>,
    solution_stopped: bool,
    start: Instant,
    last_activity: Instant,
    cpu_at_activity: [Duration; 2],
    checks: u32,
    /// How long the pair waited for a CPU (the larger of the two sides' figures): the pair's
    /// backstop moves on by it.
    waited: Duration,
}

impl Game {
    /// The poll loop: relays, drains stderr, receives the end reports, checks the limits and
    /// idleness, until both sides have ended and their pipes are drained.
    fn run(&mut self, p: &mut [Player; 2], settle: &dyn Fn(Exit) -> bool) -> io::Result<()> {
        let mut chunk = vec![0u8; CHUNK];
        let limit = wall_limit(&p[0].party.limits) + p[1].party.limits.time;
        let safety = self.start
            + safety_wall_limit(&p[0].party.limits)
                .saturating_add(p[1].party.limits.time.saturating_mul(20));
        loop {
            let now = Instant::now();
            let backstop = (self.start + limit + self.waited).min(safety);
            if let Some(last) = self.ended_at(p) {
                let drained = p.iter().all(|x| x.out.is_none() && x.stderr.file.is_none());
                if drained || now >= last + DRAIN_GRACE {
                    return Ok(());
                }
            }
            for x in p.iter() {
                if x.killed_at.is_some_and(|k| now >= k + KILL_GRACE) && x.ended.is_none() {
                    return Err(io::Error::other(
                        "the launcher did not report the end of a killed program",
                    ));
                }
            }
            let check_at = self.start + next_check(self.checks);
            let deadline = check_at.min(backstop + Duration::from_millis(1));
            let mut fds = poll_set(p, self.relay);
            let ms = deadline
                .saturating_duration_since(now)
                .as_micros()
                .div_ceil(1000)
                .min(i32::MAX as u128) as i32;
            // SAFETY: `fds` is a valid array of pollfd of the given length.
            let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
            if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return Err(io::Error::last_os_error());
            }
            if self.relay(p, &fds, &mut chunk) {
                self.last_activity = Instant::now();
            }
            for (k, f) in fds.chunks(4).enumerate() {
                if p[k].ended.is_none() && f[3].revents != 0 {
                    self.report(p, k, settle)?;
                }
            }
            self.watch(p, limit, safety);
        }
    }

    /// When both sides have ended, the later end.
    fn ended_at(&self, p: &[Player; 2]) -> Option<Instant> {
        match (p[0].ended, p[1].ended) {
            (Some((_, a)), Some((_, b))) => Some(a.max(b)),
            _ => None,
        }
    }

    /// Moves what is there in both directions and drains stderr, reading only what the poll
    /// said is ready (a game is many small exchanges: every syscall saved counts); whether a
    /// byte moved.
    fn relay(&mut self, p: &mut [Player; 2], fds: &[libc::pollfd; 8], chunk: &mut [u8]) -> bool {
        if !self.relay {
            return self.direct(p, fds, chunk);
        }
        let mut moved = false;
        for from in [Side::Solution, Side::Interactor] {
            let (k, o) = (from.index(), from.other().index());
            let mut eof = false;
            let mut ready = fds[4 * k].revents != 0;
            while let (Some(f), true) = (&mut p[k].out, ready) {
                match f.read(chunk) {
                    Ok(0) => {
                        p[k].out = None;
                        eof = true;
                    }
                    Ok(n) => {
                        // A short read took all there was; a full reader holds the rest back.
                        ready = n == chunk.len() && p[o].pending.len() < PENDING_MAX;
                        moved = true;
                        self.transcript.push(from, &chunk[..n]);
                        p[k].written += n;
                        if p[k].written > p[k].party.output_cap {
                            p[k].overflow = true;
                            p[k].out = None;
                            p[k].kill(Kill::Output, Instant::now());
                        } else if p[o].input.is_some() {
                            p[o].pending.extend(&chunk[..n]);
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    Err(_) => p[k].out = None,
                }
            }
            // Under the exit-and-wall rules the validator sees the end of the solution's output
            // only once the solution has ended (its report).
            let held = self.rules == Rules::ExitAndWall && from == Side::Solution;
            // A side whose stdout closed has ended (in the sandbox everything of its case is
            // killed when it ends): this is when the other side can first know it, so it orders
            // the two ends causally, where the launchers' reports may cross.
            if eof && !held {
                self.first.get_or_insert(from);
            }
            let closed = (eof || p[k].out.is_none()) && (!held || p[k].ended.is_some());
            moved |= p[o].deliver(closed);
            if fds[4 * k + 1].revents != 0 {
                p[k].stderr.pump(chunk);
            }
        }
        moved
    }

    /// A direct game: a pipe whose writer closed it (POLLHUP) tells that side ended; a pipe
    /// whose reader has ended is drained (what comes is dropped); stderr as in a relayed game.
    fn direct(&mut self, p: &mut [Player; 2], fds: &[libc::pollfd; 8], chunk: &mut [u8]) -> bool {
        let mut moved = false;
        for from in [Side::Solution, Side::Interactor] {
            let (k, o) = (from.index(), from.other().index());
            if fds[4 * k].revents != 0 {
                if p[o].ended.is_some() {
                    while let Some(f) = &mut p[k].out {
                        match f.read(chunk) {
                            Ok(0) => p[k].out = None,
                            Ok(n) => {
                                moved = true;
                                p[k].written += n;
                            }
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                            Err(_) => break,
                        }
                    }
                } else if fds[4 * k].revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                    p[k].out = None;
                }
                if p[k].out.is_none() {
                    self.first.get_or_insert(from);
                }
            }
            if fds[4 * k + 1].revents != 0 {
                p[k].stderr.pump(chunk);
            }
        }
        moved
    }

    /// Direct games: the bytes in flight on each side's pipe, from the runner's copy.
    fn in_flight(p: &[Player; 2]) -> [i32; 2] {
        let mut n = [0i32; 2];
        for (k, x) in p.iter().enumerate() {
            if let Some(f) = &x.out {
                // SAFETY: FIONREAD writes one int through a valid pointer.
                unsafe { libc::ioctl(f.as_raw_fd(), libc::FIONREAD, &mut n[k]) };
            }
        }
        n
    }

    /// Side `k`'s launcher has something to say: its end (or a failure to start).
    fn report(
        &mut self,
        p: &mut [Player; 2],
        k: usize,
        settle: &dyn Fn(Exit) -> bool,
    ) -> io::Result<()> {
        let usage = match p[k].launcher.receive()? {
            Reply::Exited(usage) => usage,
            Reply::ExecFailed { errno } => return Err(cannot_execute(errno)),
            other => return Err(io::Error::other(format!("unexpected reply {other:?}"))),
        };
        p[k].launcher.gone.set(usage.launcher_gone);
        forget_group(p[k].launcher, p[k].run.pid);
        let now = Instant::now();
        p[k].ended = Some((usage, now));
        self.last_activity = now;
        // The exit-and-wall rules: the solution ended, the validator may now see the end of its
        // output.
        p[k].held = None;
        if k == 0 && self.relay && self.rules == Rules::ExitAndWall && p[0].out.is_none() {
            p[1].deliver(true);
        }
        let side = if k == 0 {
            Side::Solution
        } else {
            Side::Interactor
        };
        self.first.get_or_insert(side);
        if side == Side::Interactor
            && p[0].ended.is_none()
            && settle(Exit::from_wait_status(usage.status))
        {
            self.solution_stopped = true;
            kill_case(p[0].launcher, p[0].run.pid);
            p[0].killed_at = Some(now);
        }
        Ok(())
    }

    /// At each check: both sides' limits, then idleness; the pair's wall-clock backstop
    /// (`limit` of wall-clock time less what the pair waited for a CPU, and `safety` whatever
    /// it waited).
    fn watch(&mut self, p: &mut [Player; 2], limit: Duration, safety: Instant) {
        let now = Instant::now();
        let check_at = self.start + next_check(self.checks);
        if now < check_at {
            return;
        }
        self.checks += 1;
        let mut cpu_moved = false;
        let waiting_on_interactor = self.interactor_busy(p, now);
        for (k, x) in p.iter_mut().enumerate() {
            if x.ended.is_some() {
                continue;
            }
            x.seen.interrupted = x.launcher.cancel.is_cancelled();
            x.seen.elapsed = now - x.run.start;
            observe(x.launcher, &x.run, &mut x.seen);
            cpu_moved |= x.seen.cpu != self.cpu_at_activity[k];
            self.cpu_at_activity[k] = x.seen.cpu;
            // The pair has one wall-clock backstop (below), not one per side; but under the
            // exit-and-wall rules, which have no idleness, the solution has its own as in any problem (as
            // BAPCtools times out a submission), and the validator then sees its end.
            // The solution's own backstop does not count the time the interactor computed or
            // waited for a CPU: the solution waits on it meanwhile (a game's wall clock is the
            // solution's own); the interactor keeps its own limits.
            let own_wall = self.rules == Rules::ExitAndWall && k == 0;
            let mut seen = x.seen;
            if own_wall {
                seen.waited = seen.waited.saturating_add(waiting_on_interactor);
            }
            if let Some(why) = decide_kill(&seen, &x.party.limits) {
                if why != Kill::WallClock || own_wall {
                    x.kill(why, now);
                }
            }
        }
        if !self.relay {
            let inflight = Self::in_flight(p);
            cpu_moved |= inflight != self.inflight;
            self.inflight = inflight;
        }
        // Whether a side is runnable is asked only of a game that looks idle (it costs a read
        // of /proc per side, and most checks of a short game see it move).
        let looks_idle = !cpu_moved
            && p.iter().all(|x| x.pending.is_empty())
            && now >= self.last_activity + IDLE;
        let runnable = looks_idle && p.iter().any(|x| x.ended.is_none() && busy(x.run.pid));
        // A side kept off the CPU by a busy machine is not idle: it waited for a CPU meanwhile.
        let waited = looks_idle && !runnable && self.wait_moved(p);
        if cpu_moved || runnable || waited || p.iter().any(|x| !x.pending.is_empty()) {
            self.last_activity = now;
        }
        let alive = p.iter().any(|x| x.ended.is_none() && x.killed.is_none());
        let idleness = self.rules == Rules::CloseAndIdle;
        if idleness && alive && !self.solution_stopped && now >= self.last_activity + IDLE {
            for x in p.iter_mut() {
                x.kill(Kill::Idle, now);
            }
        }
        if now >= self.start + limit + self.waited {
            self.wait_moved(p);
        }
        if now >= (self.start + limit + self.waited).min(safety) {
            for x in p.iter_mut() {
                x.kill(Kill::WallClock, now);
            }
        }
    }

    /// How long the interactor has computed or waited for a CPU so far (its CPU time and its
    /// wait, as last seen): time the solution may have spent waiting on it. Under the
    /// exit-and-wall rules, when the solution's own wall clock comes near its backstop, both sides' waits are read
    /// again first, as a single run's are.
    fn interactor_busy(&mut self, p: &mut [Player; 2], now: Instant) -> Duration {
        if self.rules == Rules::ExitAndWall && p[0].ended.is_none() {
            let elapsed = now - p[0].run.start;
            let credit = p[1].seen.cpu + p[1].seen.waited + p[0].seen.waited;
            if elapsed.saturating_sub(credit) > wall_limit(&p[0].party.limits) {
                self.wait_moved(p);
            }
        }
        p[1].seen.cpu.saturating_add(p[1].seen.waited)
    }

    /// Reads again how long each side still running waited for a CPU: whether it grew.
    fn wait_moved(&mut self, p: &mut [Player; 2]) -> bool {
        let mut moved = false;
        for x in p.iter_mut().filter(|x| x.ended.is_none()) {
            let w = case_wait(x.launcher, &x.run);
            moved |= w > x.seen.waited;
            x.seen.waited = x.seen.waited.max(w);
            self.waited = self.waited.max(x.seen.waited);
        }
        moved
    }
}

/// The poll records: per side its stdout, stderr, stdin (when something is pending) and its
/// launcher's socket (until it reported the end); -1 where there is nothing to wait for.
fn poll_set(p: &[Player; 2], relay: bool) -> [libc::pollfd; 8] {
    let pollfd = |fd: i32, events: i16| libc::pollfd {
        fd,
        events,
        revents: 0,
    };
    let mut fds = [pollfd(-1, 0); 8];
    for (k, x) in p.iter().enumerate() {
        let fd = |f: &Option<File>| f.as_ref().map_or(-1, |f| f.as_raw_fd());
        // A direct game's pipe is watched for its writer's end only (no event asked: POLLHUP
        // comes anyway), until its reader has ended and it is drained.
        let other_ended = p[1 - k].ended.is_some();
        // A relayed side whose reader is behind by PENDING_MAX is not read (its pipe fills).
        let behind = p[1 - k].input.is_some() && p[1 - k].pending.len() >= PENDING_MAX;
        let events = if (relay && !behind) || other_ended {
            libc::POLLIN
        } else {
            0
        };
        fds[4 * k] = pollfd(fd(&x.out), events);
        fds[4 * k + 1] = pollfd(fd(&x.stderr.file), libc::POLLIN);
        let want_out = if x.pending.is_empty() {
            -1
        } else {
            fd(&x.input)
        };
        fds[4 * k + 2] = pollfd(want_out, libc::POLLOUT);
        let socket = if x.ended.is_none() {
            x.launcher.socket().as_raw_fd()
        } else {
            -1
        };
        fds[4 * k + 3] = pollfd(socket, libc::POLLIN);
    }
    fds
}
