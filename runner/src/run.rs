//! Planning and executing a judge run: build every program once, run every (program, case) job
//! in parallel, judge each run, and re-run a time-limit verdict alone before it stands.
//!
//! Nothing here prints: progress is sent as [`Event`]s and the result is a [`RunReport`].

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::compare::{compare, CompareMode};
use crate::compile::{Builder, Built, Program};
use crate::exec::{self, Exit, Kill, RunLimits, RunOutput, Sandbox};
use crate::fixture::Case;
use crate::problem::{Limits, Problem};
use crate::verdict::Verdict;

/// What a program is to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A solution: every case must be accepted.
    Solution,
    /// A wrong solution: some case must get `expect`. Once one does, its other cases are skipped.
    Wrong { expect: Verdict },
    /// The brute force, checked against the fixtures (`verify`).
    Oracle,
}

/// A program to judge on the cases of a problem.
#[derive(Debug, Clone)]
pub struct Subject {
    pub source: PathBuf,
    pub role: Role,
    /// A line saying why the program is wrong, for wrong solutions.
    pub why: Option<String>,
    /// Limits that replace the cases' own (the brute force's).
    pub limits: Option<Limits>,
}

/// One problem of the plan: its cases and the programs to judge on them.
#[derive(Debug, Clone)]
pub struct Planned {
    pub problem: Problem,
    pub cases: Vec<Case>,
    pub subjects: Vec<Subject>,
}

/// Options of the execution.
#[derive(Debug, Clone)]
pub struct ExecOptions {
    pub jobs: usize,
    /// Re-run a TLE alone before reporting it.
    pub rerun_tle: bool,
}

/// The judgement of one program on one case.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    /// The signal or exit code of an RE, what was hit for a limit verdict, …
    pub detail: Option<String>,
    pub cpu: Duration,
    pub wall: Duration,
    pub memory: u64,
    /// The program's output, kept for failures only.
    pub output: Option<Box<RunOutput>>,
    /// Whether this verdict comes from a re-run alone.
    pub rerun: bool,
}

/// Lifecycle events, for progress display.
#[derive(Debug)]
pub enum Event<'a> {
    BuildStarted {
        programs: usize,
    },
    Built(&'a Built),
    RunStarted {
        jobs: usize,
    },
    CaseFinished {
        slug: &'a str,
        case: &'a str,
        outcome: &'a Outcome,
        /// The program judged and the fixture case it ran on (for the JSON stream).
        subject: &'a Subject,
        fixture: &'a Case,
    },
    RerunStarted {
        jobs: usize,
    },
    Finished,
}

/// The results of one subject on every case (`None`: not run, because a wrong solution already
/// got its verdict, or the program did not compile).
#[derive(Debug)]
pub struct SubjectReport {
    pub subject: Subject,
    pub build: Built,
    pub outcomes: Vec<Option<Outcome>>,
}

impl SubjectReport {
    /// For a wrong solution: the first case that got the expected verdict.
    pub fn satisfied_by(&self) -> Option<usize> {
        let Role::Wrong { expect } = self.subject.role else {
            return None;
        };
        if self.build.program.is_err() {
            return (expect == Verdict::CompileError).then_some(0);
        }
        self.outcomes
            .iter()
            .position(|o| o.as_ref().is_some_and(|o| o.verdict == expect))
    }

    /// Whether the subject did what its role asks.
    pub fn passed(&self) -> bool {
        match self.subject.role {
            Role::Solution | Role::Oracle => {
                self.build.program.is_ok()
                    && self
                        .outcomes
                        .iter()
                        .all(|o| o.as_ref().is_some_and(|o| o.verdict.is_accepted()))
            }
            Role::Wrong { .. } => self.satisfied_by().is_some(),
        }
    }

    /// The verdict of case `i`, counting a compile error as CE on every case.
    pub fn verdict(&self, i: usize) -> Option<Verdict> {
        if self.build.program.is_err() {
            return Some(Verdict::CompileError);
        }
        self.outcomes[i].as_ref().map(|o| o.verdict)
    }
}

#[derive(Debug)]
pub struct ProblemReport {
    pub planned: Planned,
    pub subjects: Vec<SubjectReport>,
}

#[derive(Debug)]
pub struct RunReport {
    pub problems: Vec<ProblemReport>,
    pub compiled: usize,
    pub cached: usize,
    pub interrupted: bool,
}

/// The output cap of a case: twice the expected output plus 1 MiB.
pub fn output_cap(expected: &[u8]) -> usize {
    expected.len() * 2 + (1 << 20)
}

/// The verdict a run gets from its limits and exit status alone, before its output is read
/// (OLE, MLE, TLE, RE, with a detail); `None` when it ended normally within its limits.
pub fn limit_failure(out: &RunOutput, limits: &Limits) -> Option<(Verdict, String)> {
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    if out.output_overflow || out.killed == Some(Kill::Output) {
        Some((
            Verdict::OutputLimitExceeded,
            format!("more than {} bytes of output", out.stdout.len()),
        ))
    } else if out.killed == Some(Kill::Memory) || out.peak_memory > limits.memory_bytes {
        Some((
            Verdict::MemoryLimitExceeded,
            format!(
                "{:.1} MiB over the limit of {:.1} MiB",
                mib(out.peak_memory),
                mib(limits.memory_bytes)
            ),
        ))
    } else if out.killed == Some(Kill::WallClock) {
        Some((
            Verdict::TimeLimitExceeded,
            format!(
                "killed after {:.1} s of wall-clock time (cpu {} ms)",
                out.wall.as_secs_f64(),
                out.cpu.as_millis()
            ),
        ))
    } else if out.cpu > limits.time || out.killed == Some(Kill::CpuTime) {
        Some((
            Verdict::TimeLimitExceeded,
            format!(
                "cpu {} ms over the limit of {} ms",
                out.cpu.as_millis(),
                limits.time.as_millis()
            ),
        ))
    } else if out.killed == Some(Kill::Interrupted) {
        Some((Verdict::RuntimeError, "interrupted".into()))
    } else if !out.exit.success() {
        Some(if allocation_failed(&out.stderr) {
            (
                Verdict::MemoryLimitExceeded,
                format!("allocation failed ({})", out.exit.describe()),
            )
        } else {
            (Verdict::RuntimeError, out.exit.describe())
        })
    } else {
        None
    }
}

/// Judges one run against the expected output.
pub fn judge(out: &RunOutput, expected: &[u8], mode: CompareMode, limits: &Limits) -> Outcome {
    let (verdict, detail) = match limit_failure(out, limits) {
        Some((verdict, detail)) => (verdict, Some(detail)),
        None => (compare(mode, expected, &out.stdout), None),
    };
    Outcome {
        verdict,
        detail,
        cpu: out.cpu,
        wall: out.wall,
        memory: out.peak_memory,
        output: None,
        rerun: false,
    }
}

/// Whether stderr shows an allocation refused by the address-space cap.
fn allocation_failed(stderr: &[u8]) -> bool {
    let has = |needle: &[u8]| stderr.windows(needle.len()).any(|w| w == needle);
    has(b"memory allocation of") || has(b"std::bad_alloc") || has(b"MemoryError")
}

/// Runs `program` on `case` and judges it.
pub fn run_case(sandbox: &Sandbox, program: &Program, case: &Case, limits: &Limits) -> Outcome {
    let run_limits = RunLimits {
        cpu: limits.time,
        memory_bytes: limits.memory_bytes,
        output_bytes: output_cap(&case.expected),
    };
    match sandbox.run(program, case.input.clone(), &run_limits) {
        Ok(out) => {
            let mut outcome = judge(&out, &case.expected, case.compare, limits);
            if !outcome.verdict.is_accepted() {
                outcome.output = Some(Box::new(out));
            }
            outcome
        }
        Err(e) => Outcome {
            verdict: Verdict::RuntimeError,
            detail: Some(format!("cannot start: {e}")),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            memory: 0,
            output: Some(Box::new(RunOutput {
                stdout: Vec::new(),
                stderr: Vec::new(),
                exit: Exit::Code(-1),
                cpu: Duration::ZERO,
                wall: Duration::ZERO,
                peak_memory: 0,
                killed: None,
                output_overflow: false,
            })),
            rerun: false,
        },
    }
}

/// A rayon pool of `jobs` threads.
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start the worker pool")
}

/// Builds every distinct source of the plan, in parallel.
pub fn build_all(
    sources: &[PathBuf],
    builder: &Builder,
    pool: &rayon::ThreadPool,
    emit: &(dyn Fn(Event) + Sync),
) -> Result<Vec<Built>> {
    emit(Event::BuildStarted {
        programs: sources.len(),
    });
    pool.install(|| {
        sources
            .par_iter()
            .map(|s| {
                let built = builder.build(s)?;
                emit(Event::Built(&built));
                Ok(built)
            })
            .collect()
    })
}

/// Executes the plan.
pub fn execute(
    plan: Vec<Planned>,
    builder: &Builder,
    sandbox: &Sandbox,
    opts: &ExecOptions,
    emit: &(dyn Fn(Event) + Sync),
) -> Result<RunReport> {
    let pool = pool(opts.jobs)?;
    let mut sources: Vec<PathBuf> = plan
        .iter()
        .flat_map(|p| p.subjects.iter().map(|s| s.source.clone()))
        .collect();
    sources.sort();
    sources.dedup();
    let built = build_all(&sources, builder, &pool, emit)?;
    let find_build = |source: &PathBuf| {
        built[sources
            .binary_search(source)
            .expect("every source was built")]
        .clone()
    };

    struct Job {
        p: usize,
        s: usize,
        c: usize,
    }
    let mut jobs = Vec::new();
    let mut reports: Vec<ProblemReport> = Vec::new();
    let mut satisfied: Vec<Vec<AtomicBool>> = Vec::new();
    for (p, planned) in plan.into_iter().enumerate() {
        let mut subjects = Vec::new();
        for (s, subject) in planned.subjects.iter().enumerate() {
            let build = find_build(&subject.source);
            if build.program.is_ok() {
                jobs.extend((0..planned.cases.len()).map(|c| Job { p, s, c }));
            }
            subjects.push(SubjectReport {
                subject: subject.clone(),
                build,
                outcomes: vec![None; planned.cases.len()],
            });
        }
        satisfied.push(subjects.iter().map(|_| AtomicBool::new(false)).collect());
        reports.push(ProblemReport { planned, subjects });
    }
    // Dispatch order: the solutions' jobs first, largest inputs first, so that the long jobs do
    // not end up last on one worker; then the wrong solutions, smallest inputs first (the cheap
    // way to find their mistake), except those that must TLE, which start with the largest.
    jobs.sort_by_key(|j| {
        let size = reports[j.p].planned.cases[j.c].input.len() as i64;
        match reports[j.p].subjects[j.s].subject.role {
            Role::Solution | Role::Oracle => (0, -size),
            Role::Wrong {
                expect: Verdict::TimeLimitExceeded,
            } => (1, -size),
            Role::Wrong { .. } => (2, size),
        }
    });
    emit(Event::RunStarted { jobs: jobs.len() });

    fn limits_of(reports: &[ProblemReport], p: usize, s: usize, c: usize) -> Limits {
        let r = &reports[p];
        r.subjects[s]
            .subject
            .limits
            .unwrap_or(r.planned.cases[c].limits)
    }
    let run_job = |j: &Job| {
        let subject = &reports[j.p].subjects[j.s];
        if exec::interrupted() || satisfied[j.p][j.s].load(Ordering::SeqCst) {
            return None;
        }
        let case = &reports[j.p].planned.cases[j.c];
        let program = subject.build.program.as_ref().expect("built");
        let outcome = run_case(sandbox, program, case, &limits_of(&reports, j.p, j.s, j.c));
        if exec::interrupted() {
            return None;
        }
        if let Role::Wrong { expect } = subject.subject.role {
            if outcome.verdict == expect {
                satisfied[j.p][j.s].store(true, Ordering::SeqCst);
            }
        }
        emit(Event::CaseFinished {
            slug: &reports[j.p].planned.problem.slug,
            case: &case.name,
            outcome: &outcome,
            subject: &subject.subject,
            fixture: case,
        });
        Some((j.p, j.s, j.c, outcome))
    };
    // Workers take jobs from one queue, in order (a parallel iterator would split the list).
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(jobs.len()));
    pool.scope(|scope| {
        for _ in 0..opts.jobs.max(1) {
            scope.spawn(|_| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                if let Some(r) = run_job(job) {
                    results.lock().unwrap().push(r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    for (p, s, c, outcome) in results {
        reports[p].subjects[s].outcomes[c] = Some(outcome);
    }

    if opts.rerun_tle && !exec::interrupted() {
        let reruns: Vec<(usize, usize, usize)> = reports
            .iter()
            .enumerate()
            .flat_map(|(p, r)| {
                r.subjects.iter().enumerate().flat_map(move |(s, sr)| {
                    sr.outcomes.iter().enumerate().filter_map(move |(c, o)| {
                        let o = o.as_ref()?;
                        (o.verdict == Verdict::TimeLimitExceeded).then_some((p, s, c))
                    })
                })
            })
            .collect();
        // A wrong solution that must TLE needs one confirmed TLE, not all of them.
        let mut confirmed: Vec<(usize, usize)> = Vec::new();
        let reruns: Vec<_> = reruns
            .into_iter()
            .filter(|&(p, s, _)| {
                let keep = !confirmed.contains(&(p, s));
                if matches!(reports[p].subjects[s].subject.role, Role::Wrong { .. }) {
                    confirmed.push((p, s));
                }
                keep
            })
            .collect();
        if !reruns.is_empty() {
            emit(Event::RerunStarted { jobs: reruns.len() });
        }
        let mut pending_wrong: Vec<(usize, usize)> = Vec::new();
        for (p, s, c) in reruns {
            if exec::interrupted() {
                break;
            }
            let program = reports[p].subjects[s].build.program.clone().expect("built");
            let case = &reports[p].planned.cases[c];
            let mut outcome = run_case(sandbox, &program, case, &limits_of(&reports, p, s, c));
            outcome.rerun = true;
            if outcome.verdict != Verdict::TimeLimitExceeded {
                // Not confirmed alone: a wrong solution that must TLE is judged on its other
                // cases, run now one at a time.
                let role = reports[p].subjects[s].subject.role;
                if role
                    == (Role::Wrong {
                        expect: Verdict::TimeLimitExceeded,
                    })
                {
                    pending_wrong.push((p, s));
                }
            }
            emit(Event::CaseFinished {
                slug: &reports[p].planned.problem.slug,
                case: &case.name,
                outcome: &outcome,
                subject: &reports[p].subjects[s].subject,
                fixture: case,
            });
            reports[p].subjects[s].outcomes[c] = Some(outcome);
        }
        for (p, s) in pending_wrong {
            let program = reports[p].subjects[s].build.program.clone().expect("built");
            for c in 0..reports[p].planned.cases.len() {
                if exec::interrupted() || reports[p].subjects[s].outcomes[c].is_some() {
                    continue;
                }
                let case = &reports[p].planned.cases[c];
                let outcome = run_case(sandbox, &program, case, &limits_of(&reports, p, s, c));
                let done = outcome.verdict == Verdict::TimeLimitExceeded;
                let outcome = Outcome {
                    rerun: true,
                    ..outcome
                };
                emit(Event::CaseFinished {
                    slug: &reports[p].planned.problem.slug,
                    case: &case.name,
                    outcome: &outcome,
                    subject: &reports[p].subjects[s].subject,
                    fixture: case,
                });
                reports[p].subjects[s].outcomes[c] = Some(outcome);
                if done {
                    break;
                }
            }
        }
    }
    emit(Event::Finished);
    Ok(RunReport {
        problems: reports,
        compiled: built.iter().filter(|b| b.compiled).count(),
        cached: built.iter().filter(|b| !b.compiled).count(),
        interrupted: exec::interrupted(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(stdout: &[u8], exit: Exit, cpu_ms: u64, mem: u64) -> RunOutput {
        RunOutput {
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
            exit,
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms),
            peak_memory: mem,
            killed: None,
            output_overflow: false,
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory_bytes: 32 << 20,
    };

    fn verdict_of(o: &RunOutput) -> Verdict {
        judge(o, b"Kiki\n", CompareMode::Lines, &LIMITS).verdict
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
    fn re_names_the_signal_and_alloc_failure_is_mle() {
        let o = out(b"", Exit::Signal(6), 5, 1 << 20);
        let j = judge(&o, b"x", CompareMode::Lines, &LIMITS);
        assert_eq!(
            (j.verdict, j.detail.as_deref()),
            (Verdict::RuntimeError, Some("SIGABRT"))
        );
        let mut o = out(b"", Exit::Signal(6), 5, 1 << 20);
        o.stderr = b"memory allocation of 4000000000 bytes failed\n".to_vec();
        assert_eq!(verdict_of(&o), Verdict::MemoryLimitExceeded);
        let o = out(b"", Exit::Code(101), 5, 1 << 20);
        let j = judge(&o, b"x", CompareMode::Lines, &LIMITS);
        assert_eq!(j.detail.as_deref(), Some("exit code 101"));
    }
}
