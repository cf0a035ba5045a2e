//! Judgement: what one run of a program on one case is worth. [`limit_failure`] gives the verdict
//! of the limits and the exit status alone; `judge` compares the output with the expected one.
//! A checker's judgement (`checker.rs`) and the run's plan (`run.rs`) both build on these.

use std::path::Path;
use std::time::Duration;

use sandbox::{Exit, Kill, Limits, RunOutput};

use crate::compare::{compare, CompareMode};
use crate::diff::{self, Compared};
use crate::verdict::Verdict;

/// Why a case was not accepted, kept small: the outputs themselves are dropped once judged.
#[derive(Debug, Clone, Default)]
pub struct Failure {
    /// `first difference: line 2, token 1: expected "Kiki", got "Cici"` (WA, PE).
    pub first_difference: Option<String>,
    /// What the outputs of a WA or PE were (whole or windows), for a report to draw the diff
    /// from with its own options ([`Compared::draw`]).
    pub compared: Option<Compared>,
    /// The end of the program's stderr.
    pub stderr: Vec<u8>,
    /// An interactive case's dialogue (`>` the interactor, `<` the solution): its last lines,
    /// or all of it with `--transcript`.
    pub transcript: Option<String>,
    /// A WA's input, when it is short: its first lines, cut with a count
    /// ([`diff::head`]).
    pub input: Option<String>,
    /// One line saying what to change in the problem, when the failure looks like one of its
    /// compare mode's (reals that differ in their digits alone).
    pub hint: Option<String>,
}

/// The judgement of one program on one case.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// What the judge would say.
    pub verdict: Verdict,
    /// The signal or exit code of an RE, what was hit for a limit verdict, …
    pub detail: Option<String>,
    /// CPU time used.
    pub cpu: Duration,
    /// Wall-clock time taken.
    pub wall: Duration,
    /// Peak memory, in bytes.
    pub memory: u64,
    /// Why the runner killed the program, if it did.
    pub killed: Option<Kill>,
    /// For failures only.
    pub failure: Option<Box<Failure>>,
    /// Whether this verdict comes from a run again with nothing else of this run beside it,
    /// after a TLE under the parallel run (other work on the machine may still have run).
    pub confirmed_alone: bool,
    /// The machine's load (1-minute average, /proc/loadavg) when it was run again alone.
    pub alone_load: Option<f32>,
    /// Whether it was taken from the verdict cache (`cache.rs`) instead of a run.
    pub cached: bool,
}

impl Outcome {
    /// A TLE that only the wall clock gave (the CPU time is within the limit): under a parallel
    /// run the program may have been starved, so it is confirmed alone before it stands.
    pub(crate) fn needs_confirmation(&self, limits: &Limits) -> bool {
        self.verdict == Verdict::TimeLimitExceeded
            && self.killed == Some(Kill::WallClock)
            && self.cpu <= limits.time
    }

    /// Whether this outcome may still be replaced by its confirmation alone
    /// (`Outcome::needs_confirmation`, not yet confirmed): a report that streams outcomes
    /// holds it back until then.
    pub fn awaits_confirmation(&self, limits: &Limits) -> bool {
        self.needs_confirmation(limits) && !self.confirmed_alone
    }

    /// The judgement `verdict` (with `detail`, and `failure` when not accepted) of the run
    /// `out`, with its measures.
    pub(crate) fn of_run(
        out: &RunOutput,
        verdict: Verdict,
        detail: Option<String>,
        failure: Option<Box<Failure>>,
    ) -> Outcome {
        Outcome {
            verdict,
            detail,
            cpu: out.cpu,
            wall: out.wall,
            memory: out.peak_memory,
            killed: out.killed,
            failure,
            confirmed_alone: false,
            alone_load: None,
            cached: false,
        }
    }

    pub(crate) fn cannot_start(e: &std::io::Error) -> Outcome {
        Outcome {
            verdict: Verdict::RuntimeError,
            detail: Some(format!("cannot start: {e}")),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            memory: 0,
            killed: None,
            failure: Some(Box::default()),
            confirmed_alone: false,
            alone_load: None,
            cached: false,
        }
    }
}

/// What was measured of a program killed at the wall-clock backstop: how long it slept (or
/// was blocked) of its wall-clock time, how long it waited for a CPU, and its CPU time —
/// "slept 2.1 s of 2.4 s wall; 0.3 s waiting for a CPU; cpu 84 ms"; or that the absolute
/// backstop stopped it however long it waited for a CPU.
pub(crate) fn wall_clock_kill(out: &RunOutput, limits: &Limits) -> String {
    let s = |d: Duration| format!("{:.1} s", d.as_secs_f64());
    let slept = out.wall.saturating_sub(out.cpu).saturating_sub(out.waited);
    let absolute = sandbox::safety_wall_limit(limits);
    if out.wall >= absolute && out.wall.saturating_sub(out.waited) <= sandbox::wall_limit(limits) {
        return format!(
            "stopped at the absolute backstop of {} wall; {} waiting for a CPU; cpu {} ms",
            s(absolute),
            s(out.waited),
            out.cpu.as_millis()
        );
    }
    format!(
        "slept {} of {} wall; {} waiting for a CPU; cpu {} ms",
        s(slept),
        s(out.wall),
        s(out.waited),
        out.cpu.as_millis()
    )
}

/// How a tool's run (a generator, a reference solution) ended, for the message of its failure:
/// which limit stopped it, with its CPU and wall-clock time, or its exit.
pub fn how_it_ended(out: &RunOutput, limits: &Limits) -> String {
    let times = format!(
        "cpu {} ms, wall {:.1} s",
        out.cpu.as_millis(),
        out.wall.as_secs_f64()
    );
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    match out.killed {
        Some(Kill::CpuTime) => format!(
            "killed at its CPU time limit of {} ms ({times})",
            limits.time.as_millis()
        ),
        Some(Kill::WallClock) => format!(
            "killed at the wall-clock backstop ({}; wall {:.1} s)",
            wall_clock_kill(out, limits),
            out.wall.as_secs_f64()
        ),
        Some(Kill::Memory) => format!(
            "killed at its memory limit of {:.0} MiB (peak {:.1} MiB; {times})",
            mib(limits.memory_bytes),
            mib(out.peak_memory)
        ),
        Some(Kill::Output) => format!("stopped: its output passed the cap ({times})"),
        Some(Kill::Interrupted) => "interrupted".into(),
        Some(Kill::Idle) => format!("stopped: idle ({times})"),
        None if out.output_overflow => format!("its output passed the cap ({times})"),
        None => format!("{} ({times})", out.exit.describe()),
    }
}

/// The verdict a run gets from its limits and exit status alone, before its output is read
/// (OLE, MLE, TLE, RE, with a detail); `None` when it ended normally within its limits.
///
/// The precedence is [`sandbox::decide_kill`]'s: output, memory, CPU time, wall clock, then the exit
/// status. What the runner killed the program for decides; otherwise what `wait4` measured.
pub fn limit_failure(out: &RunOutput, limits: &Limits) -> Option<(Verdict, String)> {
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    let ole = || {
        (
            Verdict::OutputLimitExceeded,
            format!("more than {} bytes of output", out.stdout.len()),
        )
    };
    let mle = || {
        (
            Verdict::MemoryLimitExceeded,
            format!(
                "peak {:.1} MiB, limit {:.1} MiB",
                mib(out.peak_memory),
                mib(limits.memory_bytes)
            ),
        )
    };
    // Stopped for its CPU time, a program used at least the limit (how much more it needed is
    // unknown); one that ended over the limit before it was stopped used what was measured.
    let cpu_tle = || {
        let (cpu, limit) = (out.cpu.as_millis(), limits.time.as_millis());
        let detail = if out.killed == Some(Kill::CpuTime) {
            format!("cpu ≥ {limit} ms, the limit: stopped there")
        } else if out.cpu > limits.time {
            format!("cpu {cpu} ms, over the limit of {limit} ms")
        } else {
            // Only the sandbox's RLIMIT_CPU sends SIGXCPU: its backstop, not a crash.
            format!("cpu {cpu} ms of {limit} ms, then killed by the CPU-time backstop (SIGXCPU)")
        };
        (Verdict::TimeLimitExceeded, detail)
    };
    let wall_tle = || (Verdict::TimeLimitExceeded, wall_clock_kill(out, limits));
    match out.killed {
        Some(Kill::Interrupted) => return Some((Verdict::RuntimeError, "interrupted".into())),
        Some(Kill::Output) => return Some(ole()),
        Some(Kill::Memory) => return Some(mle()),
        Some(Kill::CpuTime) => return Some(cpu_tle()),
        Some(Kill::WallClock) if out.cpu <= limits.time => return Some(wall_tle()),
        Some(Kill::Idle) => return Some(ile(out)),
        Some(Kill::WallClock) | None => {}
    }
    if out.exit == Exit::Signal(libc::SIGXCPU) {
        return Some(cpu_tle());
    }
    if out.output_overflow {
        Some(ole())
    } else if out.peak_memory > limits.memory_bytes {
        Some(mle())
    } else if out.cpu > limits.time {
        Some(cpu_tle())
    } else if !out.exit.success() {
        // MLE only from what the judge saw: an allocation the launcher refused, never from what
        // the program printed.
        Some(match out.refused_allocation {
            Some(bytes) => (
                Verdict::MemoryLimitExceeded,
                format!(
                    "allocation of {:.1} MiB refused, limit {:.1} MiB ({})",
                    mib(bytes),
                    mib(limits.memory_bytes),
                    out.exit.describe()
                ),
            ),
            None => (
                Verdict::RuntimeError,
                out.exit.describe() + &stack_hint(out),
            ),
        })
    } else {
        None
    }
}

/// The ILE of a game the runner stopped because both sides waited.
fn ile(out: &RunOutput) -> (Verdict, String) {
    (
        Verdict::IdlenessLimitExceeded,
        format!(
            "idle: waited {} ms with nothing to read and nothing written (cpu {} ms)",
            sandbox::IDLE.as_millis(),
            out.cpu.as_millis()
        ),
    )
}

/// Judges one run against the expected output. A failure keeps what the report draws: the
/// first difference, the outputs compared ([`Compared`]), and stderr.
#[cfg(test)]
pub fn judge(out: &RunOutput, expected: &[u8], mode: CompareMode, limits: &Limits) -> Outcome {
    judge_case(out, expected, &|| None, mode, limits)
}

/// `judge`, with the case's input (read only for a wrong answer) for the diff's line-paired
/// view.
pub fn judge_case(
    out: &RunOutput,
    expected: &[u8],
    input: &dyn Fn() -> Option<Vec<u8>>,
    mode: CompareMode,
    limits: &Limits,
) -> Outcome {
    let (verdict, detail) = match limit_failure(out, limits) {
        Some((verdict, detail)) => (verdict, Some(detail)),
        None if mode == CompareMode::Checker => (
            Verdict::CheckerFailed,
            Some("checker failed: compare = \"checker\" but no checker was given".into()),
        ),
        None => (compare(mode, expected, &out.stdout), None),
    };
    let failure = (!verdict.is_accepted()).then(|| {
        let mut f = Failure {
            stderr: out.stderr.clone(),
            ..Failure::default()
        };
        if matches!(verdict, Verdict::WrongAnswer | Verdict::PresentationError) {
            f.first_difference = diff::summary_in(mode, expected, &out.stdout);
            if verdict == Verdict::WrongAnswer {
                f.hint = diff::reals_hint(mode, expected, &out.stdout);
            }
            let open_e =
                || -> std::io::Result<Box<dyn std::io::BufRead>> { Ok(Box::new(expected)) };
            let open_a =
                || -> std::io::Result<Box<dyn std::io::BufRead>> { Ok(Box::new(&out.stdout[..])) };
            let sides = Sides {
                expected: (&open_e, expected.len()),
                actual: (&open_a, out.stdout.len()),
                difference: None,
            };
            // Reading memory cannot fail.
            f.compared = kept(sides, input, mode, verdict).ok();
        }
        Box::new(f)
    });
    Outcome::of_run(out, verdict, detail, failure)
}

/// [`judge_case`] against an expected output read as a stream (`expected` opens it from its
/// start): the verdict exactly as in memory, and for a WA or PE the first difference and the
/// outputs' windows around it, so that judging costs fixed buffers whatever the expected
/// output's size.
pub fn judge_streamed(
    out: &RunOutput,
    expected: crate::stream::Open,
    mode: CompareMode,
    limits: &Limits,
) -> std::io::Result<Outcome> {
    let actual = || -> std::io::Result<Box<dyn std::io::BufRead>> { Ok(Box::new(&out.stdout[..])) };
    let (verdict, detail) = match limit_failure(out, limits) {
        Some((verdict, detail)) => (verdict, Some(detail)),
        None if mode == CompareMode::Checker => (
            Verdict::CheckerFailed,
            Some("checker failed: compare = \"checker\" but no checker was given".into()),
        ),
        None => (crate::stream::compare(mode, expected, &actual)?, None),
    };
    let mut failure = None;
    if !verdict.is_accepted() {
        let mut f = Failure {
            stderr: out.stderr.clone(),
            ..Failure::default()
        };
        if matches!(verdict, Verdict::WrongAnswer | Verdict::PresentationError) {
            let d = crate::stream::first_difference(expected()?, actual()?)?;
            f.first_difference = d.as_ref().map(diff::streamed_summary);
            let sides = Sides {
                // Larger than kept whole, whatever its size: a stream is never read whole.
                expected: (expected, usize::MAX),
                actual: (&actual, out.stdout.len()),
                // Found above: the expected output is not scanned a second time.
                difference: Some(d),
            };
            f.compared = Some(kept(sides, &|| None, mode, verdict)?);
        }
        failure = Some(Box::new(f));
    }
    Ok(Outcome::of_run(out, verdict, detail, failure))
}

/// The two outputs of a WA or PE, each opened from its start, with its length.
struct Sides<'e, 'a> {
    expected: (crate::stream::Open<'e>, usize),
    actual: (crate::stream::Open<'a>, usize),
    /// Their first difference, when the caller has found it already.
    difference: Option<Option<crate::stream::Difference>>,
}

/// What a failure keeps of its outputs ([`Compared`]): both whole when each is at most
/// [`diff::KEPT_WHOLE`] bytes (with the input, when it is too), else a window of each around
/// their first difference (from 3 lines before it, at most [`diff::WINDOW_LINES`] lines and
/// [`diff::WINDOW_BYTES`] bytes).
fn kept(
    sides: Sides,
    input: &dyn Fn() -> Option<Vec<u8>>,
    mode: CompareMode,
    verdict: Verdict,
) -> std::io::Result<Compared> {
    let (expected, actual) = (sides.expected.0, sides.actual.0);
    let whole = sides.expected.1 <= diff::KEPT_WHOLE && sides.actual.1 <= diff::KEPT_WHOLE;
    let exact = mode == CompareMode::Exact;
    if whole {
        return Ok(Compared {
            expected: read_all(expected)?,
            actual: read_all(actual)?,
            input: input().filter(|i| i.len() <= diff::KEPT_WHOLE),
            verdict,
            exact,
            window: None,
        });
    }
    let d = match sides.difference {
        Some(d) => d,
        None => crate::stream::first_difference(expected()?, actual()?)?,
    };
    let (from_e, from_a) = d.as_ref().map_or((1, 1), |d| {
        (
            d.expected_line.saturating_sub(3).max(1),
            d.actual_line.saturating_sub(3).max(1),
        )
    });
    Ok(Compared {
        expected: window_from(expected, from_e)?,
        actual: window_from(actual, from_a)?,
        input: None,
        verdict,
        exact,
        window: Some((from_e, from_a)),
    })
}

/// Everything `open` reads.
fn read_all(open: crate::stream::Open) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open()?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The window of what `open` reads from line `from` (1-based) on.
fn window_from(open: crate::stream::Open, from: usize) -> std::io::Result<Vec<u8>> {
    let mut r = open()?;
    crate::stream::skip_lines(&mut r, from - 1)?;
    crate::stream::window(r, 0, diff::WINDOW_LINES, diff::WINDOW_BYTES)
}

/// `stderr` of `program` (built from `source`) with the paths the sandbox showed it named as
/// the user knows them: each of its files (`/box/1-re.py`, an interpreter's script) by the
/// file's own path, and a compiled program's source where its compile saw it
/// (`/box/src/solutions/x.rs`: a Rust panic, a C assert name it so) by `source`, as a compile
/// error names it.
pub(crate) fn users_names(stderr: &[u8], program: &sandbox::Program, source: &Path) -> Vec<u8> {
    if !stderr.windows(5).any(|w| w == b"/box/") {
        return stderr.to_vec();
    }
    let source = source
        .canonicalize()
        .unwrap_or_else(|_| source.to_path_buf());
    let mut names: Vec<(Vec<u8>, Vec<u8>)> = program
        .files
        .iter()
        .chain(&program.writable)
        .filter(|&&i| i < program.argv.len())
        .map(|&i| {
            // A script runs as its pinned copy (`target/judge/build/pinned-<sha>/t.py`): the
            // user knows it as the source it was copied from.
            let file = Path::new(&program.argv[i]);
            let pinned = file.parent().and_then(Path::file_name).is_some_and(|d| {
                d.to_string_lossy().starts_with("pinned-") && file.file_name() == source.file_name()
            });
            let name = if pinned { source.as_path() } else { file };
            (
                sandbox::box_path(program, i).into_bytes(),
                name.as_os_str().as_encoded_bytes().to_vec(),
            )
        })
        .collect();
    // The source relative to the compile's root: some tail of its path, the longest first.
    let parts: Vec<_> = source.components().collect();
    for k in 1..parts.len() {
        let tail: std::path::PathBuf = parts[k..].iter().collect();
        names.push((
            format!("{}/{}", sandbox::SOURCES, tail.display()).into_bytes(),
            source.as_os_str().as_encoded_bytes().to_vec(),
        ));
    }
    names.iter().fold(stderr.to_vec(), |text, (from, to)| {
        replaced(&text, from, to)
    })
}

/// `text` with every `from` replaced by `to`.
fn replaced(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.windows(from.len()).position(|w| w == from) {
        out.extend_from_slice(&rest[..i]);
        out.extend_from_slice(to);
        rest = &rest[i + from.len()..];
    }
    out.extend_from_slice(rest);
    out
}

/// "; stack overflow? …" for a SIGSEGV whose peak memory reached nine tenths of the stack it was
/// given (the stack's pages are resident): the likely cause, named with the limit to change.
fn stack_hint(out: &RunOutput) -> String {
    const SIGSEGV: i32 = 11;
    let near = out.stack_bytes > 0 && out.peak_memory >= out.stack_bytes / 10 * 9;
    if out.exit == Exit::Signal(SIGSEGV) && near {
        format!(
            "; stack overflow? the stack is {:.1} MiB (stack_kib of the judge profile)",
            out.stack_bytes as f64 / (1024.0 * 1024.0)
        )
    } else {
        String::new()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn out(stdout: &[u8], exit: Exit, cpu_ms: u64, mem: u64) -> RunOutput {
        RunOutput {
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
            exit,
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms),
            waited: Duration::ZERO,
            peak_memory: mem,
            refused_allocation: None,
            killed: None,
            output_overflow: false,
            stack_bytes: 8 << 20,
        }
    }

    pub(crate) const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory_bytes: 32 << 20,
    };

    pub(crate) const PLAIN: crate::diff::DiffOptions = crate::diff::DiffOptions {
        color: false,
        max_lines: 40,
    };

    fn verdict_of(o: &RunOutput) -> Verdict {
        judge(o, b"Kiki\n", CompareMode::Lines, &LIMITS).verdict
    }

    #[test]
    fn a_wall_clock_tle_says_what_was_measured() {
        let mut o = out(b"", Exit::Signal(9), 84, 0);
        o.killed = Some(Kill::WallClock);
        o.wall = Duration::from_millis(3400);
        o.waited = Duration::from_millis(300);
        assert_eq!(
            limit_failure(&o, &LIMITS).map(|(_, d)| d).as_deref(),
            Some("slept 3.0 s of 3.4 s wall; 0.3 s waiting for a CPU; cpu 84 ms")
        );
        // Kept off the CPU to the absolute backstop (20 x 1 s + 20 s).
        o.wall = Duration::from_millis(40_010);
        o.waited = Duration::from_millis(38_500);
        assert_eq!(
            wall_clock_kill(&o, &LIMITS),
            "stopped at the absolute backstop of 40.0 s wall; 38.5 s waiting for a CPU; cpu 84 ms"
        );
        assert!(how_it_ended(&o, &LIMITS).starts_with("killed at the wall-clock backstop (stopped"));
    }

    #[test]
    fn a_death_by_the_cpu_backstop_is_tle_never_a_crash() {
        // Lib Checker's shortest_path at load 7-11: RLIMIT_CPU's SIGXCPU came before the poll,
        // with less CPU time counted than the limit (issue 38): TLE, with the time measured.
        let mut o = out(b"", Exit::Signal(libc::SIGXCPU), 710, 0);
        let (v, why) = limit_failure(&o, &LIMITS).expect("a limit's verdict");
        assert_eq!(v, Verdict::TimeLimitExceeded);
        assert_eq!(
            why,
            "cpu 710 ms of 1000 ms, then killed by the CPU-time backstop (SIGXCPU)"
        );
        // As the sandbox reports it, and past the limit.
        o.killed = Some(Kill::CpuTime);
        o.cpu = Duration::from_millis(2010);
        assert_eq!(verdict_of(&o), Verdict::TimeLimitExceeded);
        // Another signal is still the program's own crash.
        let o = out(b"", Exit::Signal(libc::SIGSEGV), 710, 0);
        assert_eq!(verdict_of(&o), Verdict::RuntimeError);
    }

    #[test]
    fn verdicts_map_from_runs() {
        assert_eq!(
            verdict_of(&out(b"Kiki\n", Exit::Code(0), 5, 1 << 20)),
            Verdict::Accepted
        );
        assert_eq!(
            verdict_of(&out(b"Cici\n", Exit::Code(0), 5, 1 << 20)),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict_of(&out(b" Kiki\n", Exit::Code(0), 5, 1 << 20)),
            Verdict::PresentationError
        );
        assert_eq!(
            verdict_of(&out(b"Kiki\n", Exit::Code(0), 1001, 1 << 20)),
            Verdict::TimeLimitExceeded
        );
        assert_eq!(
            verdict_of(&out(b"Kiki\n", Exit::Code(0), 5, 33 << 20)),
            Verdict::MemoryLimitExceeded
        );
        assert_eq!(
            verdict_of(&out(b"Kiki\n", Exit::Code(1), 5, 1 << 20)),
            Verdict::RuntimeError
        );
        assert_eq!(
            verdict_of(&out(b"Kiki\n", Exit::Signal(11), 5, 1 << 20)),
            Verdict::RuntimeError
        );
    }

    #[test]
    fn the_sandboxs_paths_are_named_as_the_user_knows_them() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().canonicalize().unwrap().join("re.py");
        std::fs::write(&script, "raise ValueError\n").unwrap();
        let python = sandbox::Program {
            argv: vec!["python3".into(), script.clone().into()],
            files: vec![1],
            stack: sandbox::Stack::Inherit,
            writable: vec![],
        };
        let said = b"Traceback (most recent call last):\n  File \"/box/1-re.py\", line 1\n";
        assert_eq!(
            String::from_utf8(users_names(said, &python, &script)).unwrap(),
            format!(
                "Traceback (most recent call last):\n  File \"{}\", line 1\n",
                script.display()
            )
        );
        // A compiled program names its source where the compile saw it.
        let source = dir.path().canonicalize().unwrap().join("solutions/x.rs");
        let binary = sandbox::Program::file("/cache/prog");
        let said = b"thread 'main' panicked at /box/src/solutions/x.rs:1:55:\n";
        assert_eq!(
            String::from_utf8(users_names(said, &binary, &source)).unwrap(),
            format!("thread 'main' panicked at {}:1:55:\n", source.display())
        );
        assert_eq!(users_names(b"no path\n", &binary, &source), b"no path\n");
    }

    #[test]
    fn a_cpu_tle_says_what_happened() {
        // Stopped at the limit (the measure may land on it, or just past it): at least that.
        let mut o = out(b"", Exit::Signal(9), 1000, 1 << 20);
        o.killed = Some(Kill::CpuTime);
        let detail = |o: &RunOutput| limit_failure(o, &LIMITS).map(|(_, d)| d);
        assert_eq!(
            detail(&o).as_deref(),
            Some("cpu ≥ 1000 ms, the limit: stopped there")
        );
        o.cpu = Duration::from_millis(1001);
        assert_eq!(
            detail(&o).as_deref(),
            Some("cpu ≥ 1000 ms, the limit: stopped there")
        );
        // Ended by itself over the limit: what it used.
        let o = out(b"Kiki\n", Exit::Code(0), 1018, 1 << 20);
        assert_eq!(
            detail(&o).as_deref(),
            Some("cpu 1018 ms, over the limit of 1000 ms")
        );
    }

    #[test]
    fn limits_come_before_exit_status_and_output() {
        let mut o = out(b"", Exit::Signal(9), 1500, 1 << 20);
        assert_eq!(verdict_of(&o), Verdict::TimeLimitExceeded);
        o.killed = Some(Kill::WallClock);
        o.cpu = Duration::ZERO;
        assert_eq!(verdict_of(&o), Verdict::TimeLimitExceeded);
        o.killed = Some(Kill::Memory);
        assert_eq!(verdict_of(&o), Verdict::MemoryLimitExceeded);
        o.killed = Some(Kill::Output);
        o.output_overflow = true;
        assert_eq!(verdict_of(&o), Verdict::OutputLimitExceeded);
    }

    #[test]
    fn a_sigsegv_near_the_stack_limit_says_stack_overflow() {
        let detail = |o: &RunOutput| judge(o, b"x", CompareMode::Lines, &LIMITS).detail;
        // 8 MiB stack, 7.9 MiB resident: the stack is the likely cause.
        let deep = out(b"", Exit::Signal(11), 5, 7_900 << 10);
        assert_eq!(
            detail(&deep).as_deref(),
            Some("SIGSEGV; stack overflow? the stack is 8.0 MiB (stack_kib of the judge profile)")
        );
        // 1 MiB resident: a bad pointer, no hint.
        let shallow = out(b"", Exit::Signal(11), 5, 1 << 20);
        assert_eq!(detail(&shallow).as_deref(), Some("SIGSEGV"));
        // Another signal, or the runner's own stack: no hint.
        assert_eq!(
            detail(&out(b"", Exit::Signal(6), 5, 8 << 20)).as_deref(),
            Some("SIGABRT")
        );
        let inherited = RunOutput {
            stack_bytes: 0,
            ..deep
        };
        assert_eq!(detail(&inherited).as_deref(), Some("SIGSEGV"));
    }

    #[test]
    fn re_names_the_signal_and_alloc_failure_is_mle() {
        let o = out(b"", Exit::Signal(6), 5, 1 << 20);
        let j = judge(&o, b"x", CompareMode::Lines, &LIMITS);
        assert_eq!(
            (j.verdict, j.detail.as_deref()),
            (Verdict::RuntimeError, Some("SIGABRT"))
        );
        // What a program prints does not make an MLE (it could print anything) …
        let mut o = out(b"", Exit::Signal(6), 5, 1 << 20);
        o.stderr = b"memory allocation of 4000000000 bytes failed\n".to_vec();
        assert_eq!(verdict_of(&o), Verdict::RuntimeError);
        // … an allocation the launcher refused does.
        o.refused_allocation = Some(4_000_000_000);
        let j = judge(&o, b"x", CompareMode::Lines, &LIMITS);
        assert_eq!(j.verdict, Verdict::MemoryLimitExceeded);
        assert_eq!(
            j.detail.as_deref(),
            Some("allocation of 3814.7 MiB refused, limit 32.0 MiB (SIGABRT)")
        );
        let o = out(b"", Exit::Code(101), 5, 1 << 20);
        let j = judge(&o, b"x", CompareMode::Lines, &LIMITS);
        assert_eq!(j.detail.as_deref(), Some("exit code 101"));
    }

    #[test]
    fn mle_detail_gives_the_peak_and_the_limit() {
        let j = judge(
            &out(b"", Exit::Code(0), 5, 40 << 20),
            b"x",
            CompareMode::Lines,
            &LIMITS,
        );
        assert_eq!(j.detail.as_deref(), Some("peak 40.0 MiB, limit 32.0 MiB"));
    }

    #[test]
    fn a_failure_keeps_the_outputs_and_any_invocation_draws_them() {
        let j = judge(
            &out(b"Cici\n", Exit::Code(0), 5, 1 << 20),
            b"Kiki\n",
            CompareMode::Lines,
            &LIMITS,
        );
        let f = j.failure.unwrap();
        assert!(f.first_difference.unwrap().contains("expected \"Kiki\""));
        let c = f.compared.unwrap();
        assert_eq!(
            (&c.expected[..], &c.actual[..]),
            (&b"Kiki\n"[..], &b"Cici\n"[..])
        );
        assert_eq!(c.window, None);
        assert!(c.draw(PLAIN).contains("-Kiki\n+Cici\n"));
        let colour = crate::diff::DiffOptions {
            color: true,
            ..PLAIN
        };
        assert!(c.draw(colour).contains('\x1b'));
        assert!(!c.draw(PLAIN).contains('\x1b'));
    }

    #[test]
    fn a_large_output_is_kept_as_a_window_around_its_first_difference() {
        // 30000 lines of 6 bytes: over what is kept whole; the difference at line 20000.
        let expected: Vec<u8> = (0..30000)
            .flat_map(|i| format!("{i:05}\n").into_bytes())
            .collect();
        let mut actual = expected.clone();
        actual[19999 * 6] = b'x';
        let j = judge(
            &out(&actual, Exit::Code(0), 5, 1 << 20),
            &expected,
            CompareMode::Lines,
            &LIMITS,
        );
        let c = j.failure.unwrap().compared.unwrap();
        assert_eq!(c.window, Some((19997, 19997)));
        assert_eq!(c.expected.len(), crate::diff::WINDOW_LINES * 6);
        assert!(c.expected.starts_with(b"19996\n"));
        assert_eq!(c.input, None);
        let drawn = c.draw(PLAIN);
        assert!(drawn.starts_with("(the outputs are large"), "{drawn}");
        // One answer a line: paired, its line counted from the window's start.
        assert!(
            drawn.ends_with("\nline 4: expected 19999, got x9999\n"),
            "{drawn}"
        );
    }
}
