//! Stress testing: generator -> brute force and solution -> compare, over many seeds in
//! parallel, stopping at the first disagreement (the lowest seed, so a run is reproducible).

use std::io::{IsTerminal, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::compare::CompareMode;
use crate::compile::{Builder, Program};
use crate::diff::{self, DiffOptions};
use crate::exec::{self, RunLimits, Sandbox};
use crate::fixture::{self, NewCase, Source};
use crate::problem::{Limits, Problem};
use crate::run::{self, Outcome};
use crate::validate::{self, Validation};
use crate::verdict::Verdict;
use crate::workspace::Workspace;

/// Options of `stress`.
#[derive(Debug, Clone)]
pub struct StressOptions {
    pub count: u64,
    pub seed: u64,
    pub size: u64,
    pub time: Option<Duration>,
    pub save: Option<String>,
    pub program: Option<PathBuf>,
    pub jobs: usize,
}

/// What one seed gave.
enum Trial {
    Agree,
    /// The generator failed: the problem's setup is broken.
    GeneratorFailed {
        seed: u64,
        why: String,
    },
    /// The generator printed an input the validator rejects: a generator bug (or a validator
    /// bug), never the solution's fault.
    InvalidInput {
        seed: u64,
        input: Vec<u8>,
        why: String,
    },
    /// The brute force failed (crash, timeout): not the solution's fault.
    BruteFailed {
        seed: u64,
        input: Vec<u8>,
        verdict: Verdict,
        detail: String,
    },
    /// The solution did not match the brute force.
    Disagree {
        seed: u64,
        input: Vec<u8>,
        expected: Vec<u8>,
        outcome: Outcome,
    },
}

impl Trial {
    fn seed(&self) -> Option<u64> {
        match self {
            Trial::Agree => None,
            Trial::GeneratorFailed { seed, .. }
            | Trial::InvalidInput { seed, .. }
            | Trial::BruteFailed { seed, .. }
            | Trial::Disagree { seed, .. } => Some(*seed),
        }
    }
}

/// Generous limits for the generator.
const GEN_LIMITS: Limits = Limits {
    time: Duration::from_secs(10),
    memory_bytes: 1 << 30,
};

/// The output kept from the generator and the brute force.
const ORACLE_OUTPUT: usize = 64 << 20;

fn run_limits(limits: Limits) -> RunLimits {
    RunLimits {
        cpu: limits.time,
        memory_bytes: limits.memory_bytes,
        output_bytes: ORACLE_OUTPUT,
    }
}

fn with_args(program: &Program, args: &[String]) -> Program {
    let mut argv = program.argv.clone();
    argv.extend(args.iter().map(Into::into));
    Program { argv }
}

/// The programs of a stress run besides the solution.
struct Helpers {
    gen: Program,
    brute: Program,
    /// `problems/<slug>/validate.rs`, when the problem has one.
    validator: Option<Program>,
    /// `problems/<slug>/checker.rs`, when the problem is judged by one.
    checker: Option<Program>,
}

fn trial(
    sandbox: &Sandbox,
    problem: &Problem,
    helpers: &Helpers,
    solution: &Program,
    seed: u64,
    size: u64,
) -> Trial {
    let (gen, brute) = (&helpers.gen, &helpers.brute);
    let gen = with_args(gen, &[seed.to_string(), size.to_string()]);
    let input = match sandbox.run(&gen, Arc::from(&b""[..]), &run_limits(GEN_LIMITS)) {
        Ok(out) => match run::limit_failure(&out, &GEN_LIMITS) {
            None => out.stdout,
            Some((verdict, detail)) => {
                let stderr = diff::escape(&out.stderr, false);
                return Trial::GeneratorFailed {
                    seed,
                    why: format!(
                        "the generator got {verdict} ({detail}) {}",
                        stderr.trim_end()
                    ),
                };
            }
        },
        Err(e) => {
            return Trial::GeneratorFailed {
                seed,
                why: e.to_string(),
            }
        }
    };
    let input: Arc<[u8]> = input.into();
    if let Some(validator) = &helpers.validator {
        match validate::check_input(sandbox, validator, input.clone()) {
            Validation::Valid => {}
            Validation::Invalid(why) => {
                return Trial::InvalidInput {
                    seed,
                    input: input.to_vec(),
                    why,
                }
            }
            Validation::Failed(why) => {
                return Trial::GeneratorFailed {
                    seed,
                    why: format!("the validator failed on the generated input: {why}"),
                }
            }
        }
    }
    let brute_limits = problem.meta.brute_limits();
    let expected = match sandbox.run(brute, input.clone(), &run_limits(brute_limits)) {
        Ok(out) => match run::limit_failure(&out, &brute_limits) {
            None => out.stdout,
            Some((verdict, detail)) => {
                return Trial::BruteFailed {
                    seed,
                    input: input.to_vec(),
                    verdict,
                    detail,
                }
            }
        },
        Err(e) => {
            return Trial::GeneratorFailed {
                seed,
                why: format!("cannot start the brute force: {e}"),
            }
        }
    };
    let case = fixture::Case {
        name: format!("seed-{seed}"),
        source: Some(Source::Brute),
        note: None,
        input: input.clone(),
        expected: expected.clone().into(),
        limits: problem.meta.limits(),
        compare: problem.meta.compare,
        oracle: fixture::Oracle::Brute,
        outside_statement: None,
        line: 0,
    };
    let outcome = run::run_case(
        sandbox,
        solution,
        &case,
        &problem.meta.limits(),
        helpers.checker.as_ref(),
    );
    if outcome.verdict.is_accepted() {
        Trial::Agree
    } else {
        Trial::Disagree {
            seed,
            input: input.to_vec(),
            expected,
            outcome,
        }
    }
}

fn build(builder: &Builder, source: &std::path::Path, what: &str) -> Result<Program> {
    if !source.is_file() {
        bail!("{what}: {} is missing", source.display());
    }
    let built = builder.build(source)?;
    built.program.map_err(|msg| {
        anyhow::anyhow!(
            "{what} {} does not compile:\n{}",
            source.display(),
            msg.trim_end()
        )
    })
}

/// Shows at most `lines` lines of `bytes`.
fn excerpt(bytes: &[u8], lines: usize) -> String {
    let text = diff::escape(bytes, false);
    let all: Vec<&str> = text.lines().collect();
    let mut s: String = all.iter().take(lines).map(|l| format!("  {l}\n")).collect();
    if all.len() > lines {
        s.push_str(&format!("  … {} more lines\n", all.len() - lines));
    }
    if all.is_empty() {
        s.push_str("  (empty)\n");
    }
    s
}

/// Runs `stress` for `problem`.
pub fn stress(
    ws: &Workspace,
    problem: &Problem,
    opts: &StressOptions,
    color: bool,
    progress: bool,
) -> Result<ExitCode> {
    if let Some(name) = &opts.save {
        if !fixture::is_valid_case_name(name) {
            bail!("--save {name}: use letters, digits, `-`, `_` and `.` only");
        }
        let existing = fixture::load(ws, problem).map_err(|e| anyhow::anyhow!("{e}"))?;
        if existing.cases.iter().any(|c| &c.name == name) {
            bail!(
                "--save {name}: {} already has a case of that name",
                problem.slug
            );
        }
    }
    let builder = Builder::new(ws.cache_dir());
    let sandbox = Sandbox::new(&ws.cache_dir())?;
    let solution_src = match &opts.program {
        Some(p) => p.clone(),
        None => problem
            .solutions
            .first()
            .cloned()
            .with_context(|| format!("{} has no solution to stress", problem.slug))?,
    };
    let (gen, brute, solution) = {
        let pool = run::pool(opts.jobs)?;
        let sources = [
            problem.gen_path(),
            problem.brute_path(),
            solution_src.clone(),
        ];
        let names = ["the generator", "the brute force", "the solution"];
        let mut built: Vec<Result<Program>> = pool.install(|| {
            sources
                .par_iter()
                .zip(names)
                .map(|(s, n)| build(&builder, s, n))
                .collect()
        });
        let solution = built.pop().expect("three")?;
        let brute = built.pop().expect("three")?;
        let gen = built.pop().expect("three")?;
        (gen, brute, solution)
    };
    let validator_src = validate::validator_path(problem);
    let validator = if validator_src.is_file() {
        Some(build(&builder, &validator_src, "the validator")?)
    } else {
        None
    };
    let checker = if problem.meta.compare == CompareMode::Checker {
        Some(crate::checker::build(&builder, problem)?)
    } else {
        None
    };
    let helpers = Helpers {
        gen,
        brute,
        validator,
        checker,
    };
    let pool = run::pool(opts.jobs)?;
    let start = Instant::now();
    let bar = (progress && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(Some(opts.count), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("stress [{bar:30}] {pos}/{len} seeds {elapsed}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar
    });
    let batch = (opts.jobs as u64 * 16).max(16);
    let mut done = 0u64;
    let mut found = None;
    while done < opts.count && found.is_none() {
        if exec::interrupted() {
            break;
        }
        if opts.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let n = batch.min(opts.count - done);
        let first = opts.seed + done;
        let trials: Vec<Trial> = pool.install(|| {
            (first..first + n)
                .into_par_iter()
                .map(|seed| trial(&sandbox, problem, &helpers, &solution, seed, opts.size))
                .collect()
        });
        done += n;
        if let Some(b) = &bar {
            b.set_position(done);
        }
        found = trials
            .into_iter()
            .filter(|t| t.seed().is_some())
            .min_by_key(|t| t.seed());
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    if helpers.validator.is_none() {
        writeln!(
            out,
            "note: {} has no validate.rs: the generated inputs were not validated",
            problem.slug
        )?;
    }
    let rerun = |seed: u64| {
        format!(
            "cargo run -p runner -- stress {} --seed {seed} --count 1 --size {}",
            problem.slug, opts.size
        )
    };
    let Some(found) = found else {
        if exec::interrupted() {
            writeln!(
                out,
                "stress {}: interrupted after {done} seeds, no disagreement",
                problem.slug
            )?;
            return Ok(ExitCode::from(130));
        }
        writeln!(
            out,
            "stress {}: seeds {}..={} (size {}): the solution agrees with the brute force on all {done} ({elapsed:.1} s)",
            problem.slug,
            opts.seed,
            opts.seed + done.saturating_sub(1),
            opts.size
        )?;
        if opts.save.is_some() {
            writeln!(out, "nothing to save")?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match found {
        Trial::Agree => unreachable!("only failures are kept"),
        Trial::GeneratorFailed { seed, why } => {
            writeln!(
                out,
                "stress {}: the generator or brute force failed on seed {seed}: {why}",
                problem.slug
            )?;
            writeln!(out, "reproduce: {}", rerun(seed))?;
            Ok(ExitCode::from(2))
        }
        Trial::InvalidInput { seed, input, why } => {
            writeln!(
                out,
                "stress {}: the GENERATOR left the statement on seed {seed}: the validator rejects its input — a generator bug (or a validator bug), not a wrong answer",
                problem.slug
            )?;
            write!(out, "validate.rs says:\n{}", excerpt(why.as_bytes(), 10))?;
            write!(
                out,
                "input (gen.rs {seed} {}):\n{}",
                opts.size,
                excerpt(&input, 30)
            )?;
            writeln!(out, "reproduce: {}", rerun(seed))?;
            Ok(ExitCode::from(2))
        }
        Trial::BruteFailed {
            seed,
            input,
            verdict,
            detail,
        } => {
            writeln!(
                out,
                "stress {}: the BRUTE FORCE failed on seed {seed}: {verdict} ({detail}) — this says nothing about the solution",
                problem.slug,
            )?;
            write!(out, "input:\n{}", excerpt(&input, 30))?;
            writeln!(
                out,
                "the brute force may be out of its reach: try a smaller --size\nreproduce: {}",
                rerun(seed)
            )?;
            Ok(ExitCode::from(2))
        }
        Trial::Disagree {
            seed,
            input,
            outcome,
            ..
        } if outcome.verdict == Verdict::CheckerFailed => {
            writeln!(
                out,
                "stress {}: the CHECKER failed on seed {seed} — this says nothing about the solution",
                problem.slug
            )?;
            write!(
                out,
                "{}input:\n{}",
                excerpt(outcome.detail.as_deref().unwrap_or("").as_bytes(), 20),
                excerpt(&input, 30)
            )?;
            writeln!(out, "reproduce: {}", rerun(seed))?;
            Ok(ExitCode::from(2))
        }
        Trial::Disagree {
            seed,
            input,
            expected,
            outcome,
        } => {
            writeln!(
                out,
                "stress {}: the solution DISAGREES with the brute force on seed {seed} (after {done} seeds, {elapsed:.1} s): {}{}",
                problem.slug,
                outcome.verdict,
                outcome.detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default()
            )?;
            write!(
                out,
                "input (gen.rs {seed} {}):\n{}",
                opts.size,
                excerpt(&input, 30)
            )?;
            write!(out, "brute force:\n{}", excerpt(&expected, 30))?;
            if let Some(run) = &outcome.output {
                write!(out, "solution:\n{}", excerpt(&run.stdout, 30))?;
                if problem.meta.compare == CompareMode::Checker {
                    if let Some(d) = &outcome.detail {
                        write!(out, "checker:\n{}", excerpt(d.as_bytes(), 20))?;
                    }
                } else if matches!(
                    outcome.verdict,
                    Verdict::WrongAnswer | Verdict::PresentationError
                ) {
                    if let Some(s) = diff::summary(&expected, &run.stdout) {
                        writeln!(out, "{s}")?;
                    }
                    let d = diff::render(
                        &expected,
                        &run.stdout,
                        problem.meta.compare,
                        outcome.verdict,
                        DiffOptions {
                            color,
                            max_lines: 40,
                        },
                    );
                    out.write_all(d.as_bytes())?;
                }
            }
            writeln!(out, "reproduce: {}", rerun(seed))?;
            if let Some(name) = &opts.save {
                let path = save_case(ws, problem, name, seed, opts.size, &input, &expected)?;
                writeln!(out, "saved as case `{name}` in {}", ws.display(&path))?;
            } else {
                writeln!(out, "keep it as a fixture case: add --save NAME")?;
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// Appends a case to the problem's fixture file without disturbing what is there: the new text
/// is the old text plus a `[[case]]` table, checked by parsing it whole, written to a temporary
/// file beside the original and renamed over it.
fn save_case(
    ws: &Workspace,
    problem: &Problem,
    name: &str,
    seed: u64,
    size: u64,
    input: &[u8],
    expected: &[u8],
) -> Result<PathBuf> {
    let path = problem.fixture_path(ws);
    let old = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let inline = |b: &[u8]| {
        (b.len() <= 4096)
            .then(|| std::str::from_utf8(b).ok().map(str::to_string))
            .flatten()
    };
    let mut case = NewCase {
        name: name.to_string(),
        source: Source::Brute,
        note: format!("found by `stress` (gen.rs {seed} {size}); expected output from brute.rs"),
        input: inline(input),
        input_file: None,
        output: inline(expected),
        output_file: None,
    };
    let mut written = Vec::new();
    if case.input.is_none() || case.output.is_none() {
        let dir = ws.fixtures_dir().join(&problem.slug);
        std::fs::create_dir_all(&dir)?;
        for (ext, bytes) in [("in", input), ("out", expected)] {
            let file = dir.join(format!("{name}.{ext}"));
            if file.exists() {
                bail!("{} exists already: choose another name", ws.display(&file));
            }
            std::fs::write(&file, bytes)?;
            written.push(file);
        }
        case.input = None;
        case.output = None;
        case.input_file = Some(format!("{}/{name}.in", problem.slug));
        case.output_file = Some(format!("{}/{name}.out", problem.slug));
    }
    let mut new = old.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    new.push('\n');
    new.push_str(&case.to_toml());
    let check = fixture::parse(ws, &path, &new, problem.meta.limits(), problem.meta.compare);
    if let Err(e) = check {
        for f in written {
            let _ = std::fs::remove_file(f);
        }
        bail!("the new case would break the fixture file, nothing was written: {e}");
    }
    let dir = path.parent().expect("fixtures/");
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(new.as_bytes())?;
    tmp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(&path) {
        let _ = std::fs::set_permissions(
            tmp.path(),
            std::fs::Permissions::from_mode(meta.permissions().mode()),
        );
    }
    tmp.persist(&path)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(path)
}
