//! Random testing: generator -> (validator) -> brute force and every solution -> compare, seed
//! after seed, until one disagrees.
//!
//! Seeds are dealt in increasing order to the workers, one at a time, so the first finding stops
//! the run within one seed's time, and the finding reported is the lowest failing seed. Nothing
//! here prints: [`stress`] returns a [`StressReport`] that `report.rs` draws.

use sandbox::{Limits, Program};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use rayon::prelude::*;

use crate::compile::Workshop;
use crate::diff;
use crate::exit;
use crate::fixture::{Case, Content, Oracle};
use crate::interactive::Interactor;
use crate::judgement;
use crate::judgement::Outcome;
use crate::judges::Judges;
use crate::problem::{Problem, TOOL_LIMITS};
use crate::run;
use crate::tools::build_or_bail;
use crate::tools::{self, Tool};
use crate::validate::{self, Validation};
use crate::verdict::Verdict;
use sandbox::{Executor, RunOutput, Stdin};

/// Options of `stress`.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// Seeds to try.
    pub count: u64,
    /// The first seed.
    pub seed: u64,
    /// The size passed to gen.rs; with `max_size`, the size of the first seeds.
    pub size: u64,
    /// Ramp the size from `size` up to this over the run, so that the first counter-example
    /// found is a small one.
    pub max_size: Option<u64>,
    /// Stop after this long, whatever the count.
    pub time: Option<Duration>,
    /// Stress these programs instead of the problem's solutions.
    pub program: Option<PathBuf>,
    /// Seeds judged at once.
    pub jobs: usize,
    /// The lines of an interactive case's dialogue kept for a finding (`usize::MAX`: all).
    pub transcript_lines: usize,
    /// The run's cancellation (Ctrl-C): no seed starts once it is cancelled.
    pub cancel: sandbox::Cancel,
}

impl StressOptions {
    /// The size of the `i`-th seed of the run (0-based).
    pub(crate) fn size_of(&self, i: u64) -> u64 {
        match self.max_size {
            Some(max) if max > self.size && self.count > 1 => {
                self.size + i * (max - self.size + 1) / self.count
            }
            _ => self.size,
        }
    }
}

/// What a seed showed, when it is not agreement.
#[derive(Debug)]
pub enum Finding {
    /// The generator failed: the problem's setup is broken.
    GeneratorFailed {
        /// How it failed.
        why: String,
    },
    /// The validator rejected the generator's input: the generator leaves the statement.
    InvalidInput {
        /// The input generated.
        input: Vec<u8>,
        /// The validator's message.
        why: String,
    },
    /// The checker failed (crash, bad jury answer): not the solutions' fault.
    CheckerFailed {
        /// The input generated.
        input: Vec<u8>,
        /// How the checker failed.
        why: String,
    },
    /// The brute force failed (crash, timeout): not the solutions' fault.
    BruteFailed {
        /// The input it failed on.
        input: Vec<u8>,
        /// The brute force's verdict.
        verdict: Verdict,
        /// What it hit, or how it ended.
        detail: String,
    },
    /// A solution did not match the brute force.
    Disagree {
        /// The input they disagree on.
        input: Vec<u8>,
        /// The brute force's output.
        expected: Vec<u8>,
        /// The solution that disagreed.
        program: PathBuf,
        /// Its output.
        actual: Vec<u8>,
        /// Its judgement on the case.
        outcome: Outcome,
    },
}

/// The result of a stress run.
#[derive(Debug)]
pub struct StressReport {
    /// The problem stressed.
    pub slug: String,
    /// The programs stressed.
    pub programs: Vec<PathBuf>,
    /// Whether each input was validated first (the problem has a validator).
    pub validated: bool,
    /// The run's first seed.
    pub first_seed: u64,
    /// Seeds tried (every seed below the finding's, and the finding's).
    pub seeds: u64,
    /// The time the run took.
    pub elapsed: Duration,
    /// The lowest failing seed, its size and what it showed.
    pub finding: Option<(u64, u64, Finding)>,
    /// Ctrl-C stopped the run before its end.
    pub interrupted: bool,
    /// Where `--save` put the case.
    pub saved: Option<(String, PathBuf)>,
    /// The runner's arguments that reproduce the finding (after the command that starts it).
    pub reproduce: Option<String>,
    /// The generated input, when the finding's input is a shrunk one.
    pub shrunk_from: Option<Vec<u8>>,
}

impl StressReport {
    /// 0: agreement; 1: a solution disagrees; 2: the generator, validator or brute force is at
    /// fault; 130: interrupted.
    pub fn exit_code(&self) -> u8 {
        match &self.finding {
            _ if self.interrupted => exit::INTERRUPTED,
            None => exit::PASSED,
            Some((_, _, Finding::Disagree { .. })) => exit::FAILED,
            Some(_) => exit::ERROR,
        }
    }
}

/// The output kept from the generator and the brute force.
const TOOL_OUTPUT: usize = 64 << 20;

fn with_args(program: &Program, args: &[String]) -> Program {
    let mut argv = program.argv.clone();
    argv.extend(args.iter().map(Into::into));
    Program {
        argv,
        files: program.files.clone(),
        stack: program.stack,
        writable: vec![],
    }
}

/// The programs of a stress run, built.
struct Kit<'a> {
    problem: &'a Problem,
    gen: Program,
    validator: Option<Program>,
    brute: Program,
    /// `problems/<slug>/checker.rs`, when the problem is judged by one.
    checker: Option<Program>,
    /// An interactive problem's interactor: the solutions play against it, the brute force's
    /// output its ANSWER.
    interactor: Option<Interactor>,
    solutions: Vec<(PathBuf, Program)>,
    transcript_lines: usize,
    /// The files of the games against the interactor, a directory per thread.
    game_dirs: crate::interactive::GameDirs,
}

fn tool_run(
    exec: &dyn Executor,
    program: &Program,
    stdin: &[u8],
    limits: &Limits,
) -> Result<RunOutput, String> {
    exec.run(program, Stdin::Bytes(stdin), limits, TOOL_OUTPUT)
        .map_err(|e| format!("cannot start: {e}"))
}

/// One seed: generate, validate, the brute force's answer, then every solution against it.
fn trial(exec: &dyn Executor, kit: &Kit, seed: u64, size: u64) -> Option<Finding> {
    let input = match generate(exec, kit, seed, size) {
        Ok(input) => input,
        Err(why) => return Some(Finding::GeneratorFailed { why }),
    };
    examine(exec, kit, seed, input)
}

/// One input: validate, the brute force's answer, then every solution against it.
fn examine(exec: &dyn Executor, kit: &Kit, seed: u64, input: Vec<u8>) -> Option<Finding> {
    if let Some(validator) = &kit.validator {
        match validate::check_input(exec, validator, Stdin::Bytes(&input)) {
            Validation::Valid => {}
            Validation::Invalid(why) => return Some(Finding::InvalidInput { input, why }),
            // A crashing validator proves nothing about the generator.
            Validation::Failed(why) => {
                return Some(Finding::GeneratorFailed {
                    why: format!("the validator failed on the generated input: {why}"),
                })
            }
        }
    }
    let brute_limits = kit.problem.meta.brute_limits();
    let expected = match tool_run(exec, &kit.brute, &input, &brute_limits) {
        Ok(out) => match judgement::limit_failure(&out, &brute_limits) {
            None => out.stdout,
            Some((verdict, detail)) => {
                return Some(Finding::BruteFailed {
                    input,
                    verdict,
                    detail,
                })
            }
        },
        Err(why) => {
            return Some(Finding::GeneratorFailed {
                why: format!("the brute force {why}"),
            })
        }
    };
    judge_solutions(exec, kit, seed, input, expected)
}

/// The generator's input for `seed` and `size`, or why it failed.
fn generate(exec: &dyn Executor, kit: &Kit, seed: u64, size: u64) -> Result<Vec<u8>, String> {
    let gen = with_args(&kit.gen, &[seed.to_string(), size.to_string()]);
    let out = tool_run(exec, &gen, b"", &TOOL_LIMITS)?;
    match judgement::limit_failure(&out, &TOOL_LIMITS) {
        None => Ok(out.stdout),
        Some((verdict, detail)) => {
            let stderr = diff::escape(&out.stderr, false);
            Err(format!(
                "the generator got {verdict} ({detail}) {}",
                stderr.trim_end()
            ))
        }
    }
}

/// The case of `seed`: its generated `input`, the brute force's `expected`, the problem's limits
/// and comparison.
fn seed_case(kit: &Kit, seed: u64, input: &[u8], expected: &[u8]) -> Case {
    let limits = kit.problem.meta.limits();
    Case {
        name: format!("seed-{seed}"),
        source: None,
        input: Content::from(input.to_vec()),
        expected: Content::from(expected.to_vec()),
        limits,
        output_limit: kit
            .problem
            .meta
            .output_limit_kib
            .map(|k| k.saturating_mul(1024)),
        compare: kit.problem.meta.compare_mode(),
        oracle: Oracle::Brute,
        outside_statement: None,
        line: 0,
    }
}

/// Every solution on `input`, judged against the brute force's `expected` (or by the checker,
/// or played against the interactor) as a run judges a case ([`run::judge_run`]): the first
/// that is not accepted is the finding.
fn judge_solutions(
    exec: &dyn Executor,
    kit: &Kit,
    seed: u64,
    input: Vec<u8>,
    expected: Vec<u8>,
) -> Option<Finding> {
    let case = seed_case(kit, seed, &input, &expected);
    let tools = run::JudgingTools {
        checker: kit.checker.as_ref(),
        interactor: kit.interactor.as_ref(),
        game_dirs: &kit.game_dirs,
    };
    for (source, program) in &kit.solutions {
        let judged = run::judge_run(
            exec,
            (program, source),
            &case,
            &case.limits,
            tools,
            kit.transcript_lines,
        );
        let outcome = judged.outcome;
        if outcome.verdict == Verdict::CheckerFailed {
            return Some(Finding::CheckerFailed {
                input,
                why: outcome.detail.unwrap_or_default(),
            });
        }
        if outcome.verdict.is_accepted() {
            continue;
        }
        // A game's dialogue stands for its output.
        let actual = match outcome.failure.as_ref().and_then(|f| f.transcript.clone()) {
            Some(dialogue) if kit.interactor.is_some() => dialogue.into_bytes(),
            _ => judged.stdout,
        };
        return Some(Finding::Disagree {
            input,
            expected,
            program: source.clone(),
            actual,
            outcome,
        });
    }
    None
}

/// Runs `stress` for `problem`. `progress` is told the number of seeds done. The way in is
/// [`crate::Session::stress`].
pub(crate) fn stress(
    problem: &Problem,
    judges: &Judges,
    builder: &Workshop,
    exec: &dyn Executor,
    opts: &StressOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<StressReport> {
    let sources: Vec<PathBuf> = match &opts.program {
        Some(p) => vec![p.clone()],
        None => crate::holes::Solutions::of(problem).written,
    };
    if sources.is_empty() {
        bail!(
            "{} has no solution to stress (a scaffold left as it was is none: write it)",
            problem.slug
        );
    }
    let pool = run::pool(opts.jobs)?;
    let kit = build_kit(problem, judges, builder, &pool, &sources, opts)?;
    let start = Instant::now();
    let (mut finding, done) = hunt(exec, &kit, &pool, opts, start, progress);
    let shrunk_from = shrink_finding(exec, &kit, &mut finding, &opts.cancel);
    let seeds = match &finding {
        Some((seed, _, _)) => seed - opts.seed + 1,
        None => done,
    };
    let reproduce = finding.as_ref().map(|(seed, size, _)| {
        let mut cmd = format!(
            "stress {} --seed {seed} --count 1 --size {size}",
            problem.slug
        );
        if let Some(p) = &opts.program {
            cmd.push_str(&format!(" --program {}", p.display()));
        }
        cmd
    });
    Ok(StressReport {
        slug: problem.slug.clone(),
        programs: sources,
        validated: kit.validator.is_some(),
        first_seed: opts.seed,
        seeds,
        elapsed: start.elapsed(),
        finding,
        interrupted: opts.cancel.is_cancelled(),
        saved: None,
        reproduce,
        shrunk_from,
    })
}

/// Shrinks a disagreement's input ([`crate::shrink`]): every candidate that the validator
/// accepts and on which a solution still disagrees with the brute force is kept; the finding
/// becomes the smallest reached. The generated input, when it changed.
fn shrink_finding(
    exec: &dyn Executor,
    kit: &Kit,
    finding: &mut Option<(u64, u64, Finding)>,
    cancel: &sandbox::Cancel,
) -> Option<Vec<u8>> {
    let Some((seed, _, f @ Finding::Disagree { .. })) = finding.as_mut() else {
        return None;
    };
    let Finding::Disagree { input, .. } = &*f else {
        return None;
    };
    let original = input.clone();
    let seed = *seed;
    let mut last = None;
    let smallest = crate::shrink::shrink(&original, SHRINK_TRIES, |candidate| {
        match examine(exec, kit, seed, candidate.to_vec()) {
            Some(found @ Finding::Disagree { .. }) => {
                last = Some(found);
                true
            }
            _ => false,
        }
    });
    if smallest == original || cancel.is_cancelled() {
        return None;
    }
    // The last accepted candidate is the smallest.
    *f = last?;
    Some(original)
}

/// Candidates tried at most when shrinking.
const SHRINK_TRIES: usize = 400;

/// Builds everything a trial runs, in parallel. Our own programs are built with `local`'s
/// profile; the solutions (Rust and ports) with their problem's judge's.
fn build_kit<'a>(
    problem: &'a Problem,
    judges: &Judges,
    builder: &Workshop,
    pool: &rayon::ThreadPool,
    sources: &[PathBuf],
    opts: &StressOptions,
) -> Result<Kit<'a>> {
    let mut wanted = vec![Tool::Generator, Tool::BruteForce];
    if problem.validator_path().is_file() {
        wanted.push(Tool::Validator);
    }
    // Stress's cases are judged the problem's way.
    wanted.extend(tools::judging_needs(problem, [problem.meta.compare_mode()]));
    let judge = problem.meta.judge.as_str();
    let (toolbox, solutions) = pool.install(|| {
        rayon::join(
            || tools::build(builder, judges, pool, problem, &wanted),
            || {
                sources
                    .par_iter()
                    .map(|s| {
                        let built = build_or_bail(builder, judges, judge, s, "the solution")?;
                        Ok((s.clone(), built))
                    })
                    .collect::<Result<Vec<(PathBuf, Program)>>>()
            },
        )
    });
    let (toolbox, solutions) = (toolbox?, solutions?);
    Ok(Kit {
        problem,
        gen: toolbox.generator.expect("built"),
        validator: toolbox.validator,
        brute: toolbox.brute.expect("built"),
        checker: toolbox.checker,
        interactor: toolbox.interactor,
        solutions,
        transcript_lines: opts.transcript_lines,
        game_dirs: crate::interactive::GameDirs::default(),
    })
}

/// The seeds tried on `opts.jobs` threads until the count, the time or a finding ends it: the
/// finding of the smallest seed, and the number of seeds done.
fn hunt(
    exec: &dyn Executor,
    kit: &Kit,
    pool: &rayon::ThreadPool,
    opts: &StressOptions,
    start: Instant,
    progress: &(dyn Fn(u64) + Sync),
) -> (Option<(u64, u64, Finding)>, u64) {
    let next = AtomicU64::new(0);
    let stop_at = AtomicU64::new(u64::MAX);
    let done = AtomicUsize::new(0);
    let found: Mutex<Option<(u64, u64, Finding)>> = Mutex::new(None);
    pool.scope(|scope| {
        for _ in 0..opts.jobs.max(1) {
            scope.spawn(|_| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= opts.count
                    || i > stop_at.load(Ordering::SeqCst)
                    || opts.cancel.is_cancelled()
                    || opts.time.is_some_and(|t| start.elapsed() >= t)
                {
                    break;
                }
                let (seed, size) = (opts.seed + i, opts.size_of(i));
                let finding = trial(exec, kit, seed, size);
                if opts.cancel.is_cancelled() {
                    break;
                }
                if let Some(f) = finding {
                    stop_at.fetch_min(i, Ordering::SeqCst);
                    let mut slot = found.lock().unwrap();
                    if slot.as_ref().is_none_or(|(s, _, _)| seed < *s) {
                        *slot = Some((seed, size, f));
                    }
                }
                progress(done.fetch_add(1, Ordering::SeqCst) as u64 + 1);
            });
        }
    });
    (
        found.into_inner().unwrap(),
        done.load(Ordering::SeqCst) as u64,
    )
}

/// A finding's input with the brute force's output, to keep as a fixture case.
pub fn case_to_save(report: &StressReport) -> Option<(&[u8], &[u8], String)> {
    match &report.finding {
        Some((
            seed,
            size,
            Finding::Disagree {
                input, expected, ..
            },
        )) => Some((
            input,
            expected,
            format!("found by `stress` (gen.rs {seed} {size}); expected output from brute.rs"),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(count: u64, size: u64, max: Option<u64>) -> StressOptions {
        StressOptions {
            count,
            seed: 1,
            size,
            max_size: max,
            time: None,
            program: None,
            jobs: 1,
            transcript_lines: 12,
            cancel: sandbox::Cancel::new(),
        }
    }

    #[test]
    fn sizes_ramp_from_the_smallest() {
        let o = opts(100, 1, Some(4));
        let sizes: Vec<u64> = (0..100).map(|i| o.size_of(i)).collect();
        assert_eq!(sizes[0], 1);
        assert_eq!(sizes[99], 4);
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(sizes.iter().filter(|&&s| s == 1).count(), 25);
        let fixed = opts(100, 3, None);
        assert!((0..100).all(|i| fixed.size_of(i) == 3));
    }
}
