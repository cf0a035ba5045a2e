//! Runs by hand, for someone preparing a problem: `runner run` (one program on a hand-written
//! input, e.g. to get the brute force's output for a new case) and `runner list`.

use sandbox::Limits;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;

use crate::fixture;
use crate::judgement;
use crate::judges::LOCAL;
use crate::problem::Problem;
use crate::session::Session;
use crate::validate::{self, Validation};
use crate::verdict::Verdict;
use crate::workspace::Workspace;
use sandbox::{Executor, RunOutput, Stdin};

/// What `runner run` runs.
#[derive(Debug, Clone)]
pub struct Request {
    /// The file to build and run.
    pub source: PathBuf,
    /// The program as messages name it.
    pub what: String,
    /// The time and memory it runs under.
    pub limits: Limits,
    /// What it reads on stdin.
    pub input: Vec<u8>,
    /// The judge whose profile builds it (`local` for the brute force).
    pub judge: String,
}

/// The output kept of a single run.
const OUTPUT_CAP: usize = 64 << 20;

use crate::diff::mib;

/// What `runner run` saw: warnings about the input, then the build's failure or the run.
#[derive(Debug)]
pub struct SingleRun {
    /// Lines about the input (the validator rejects it, fails, or does not compile).
    pub warnings: Vec<String>,
    /// The run, or the compile error's text.
    pub outcome: Result<Ran, String>,
}

/// A program that ran: its output, and the verdict of its limits (`None`: within them).
#[derive(Debug)]
pub struct Ran {
    /// Its output, stderr with the user's own names for the paths.
    pub out: RunOutput,
    /// The limit verdict and what was hit, when it went over one.
    pub failure: Option<(Verdict, String)>,
    /// "12 ms, 1.9 MiB (limits 1000 ms, 64.0 MiB)".
    pub of_limits: String,
}

/// Builds and runs `req.source` on `req.input` under `req.limits`; when the problem has a
/// validator and it rejects the input, a warning says so. `Err` in the outcome is the compile
/// error's text. Everything runs in the session's sandbox.
pub fn run_on_input(session: &Session, problem: &Problem, req: &Request) -> Result<SingleRun> {
    let ws = &session.ws;
    if !req.source.is_file() {
        anyhow::bail!("{}: no such file", ws.display(&req.source));
    }
    let exec = session.sandbox()?;
    let builder = &session.workshop;
    let profile_of = |judge: &str, path: &std::path::Path| {
        session
            .judges
            .profile(judge, path)
            .map_err(|e| anyhow::anyhow!(e))
    };
    let mut warnings = Vec::new();
    let validator_src = problem.validator_path();
    if validator_src.is_file() {
        match builder
            .build(&validator_src, &*profile_of(LOCAL, &validator_src)?)?
            .program
        {
            Ok(v) => match validate::check_input(
                exec,
                &validate::adapt(v, problem.meta.validator_convention),
                Stdin::Bytes(&req.input),
            ) {
                Validation::Valid => {}
                Validation::Invalid(why) => warnings.push(format!(
                    "warning: the validator rejects this input (it is outside the statement):\n{}",
                    indent(&why).trim_end()
                )),
                Validation::Failed(why) => warnings.push(format!(
                    "warning: the validator failed on this input: {why}"
                )),
            },
            Err(_) => warnings.push(format!(
                "warning: {} does not compile: the input was not validated",
                ws.display(&validator_src)
            )),
        }
    }
    let program = match builder
        .build(
            &req.source,
            &problem
                .meta
                .subject_profile(profile_of(&req.judge, &req.source)?),
        )?
        .program
    {
        Ok(p) => p,
        Err(msg) => {
            return Ok(SingleRun {
                warnings,
                outcome: Err(msg),
            })
        }
    };
    let mut out = exec.run(&program, Stdin::Bytes(&req.input), &req.limits, OUTPUT_CAP)?;
    out.stderr = crate::judgement::users_names(&out.stderr, &program, &req.source);
    let of_limits = format!(
        "{} ms, {} (limits {} ms, {})",
        out.cpu.as_millis(),
        mib(out.peak_memory),
        req.limits.time.as_millis(),
        mib(req.limits.memory_bytes)
    );
    let failure = judgement::limit_failure(&out, &req.limits);
    Ok(SingleRun {
        warnings,
        outcome: Ok(Ran {
            out,
            failure,
            of_limits,
        }),
    })
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect::<String>()
}

/// The text of `runner list`: a header, then per problem its slug, judge, id, title and number
/// of cases (or why its fixture cannot be read).
pub fn list(ws: &Workspace, problems: &[Problem]) -> String {
    let rows: Vec<[String; 5]> = problems
        .iter()
        .map(|p| {
            let cases = match fixture::load(ws, p) {
                Ok(f) => f.cases.len().to_string(),
                Err(_) => "error".into(),
            };
            [
                p.slug.clone(),
                p.meta.judge.clone(),
                p.meta.id.clone().unwrap_or_else(|| "-".into()),
                cases,
                crate::diff::printable(&p.meta.title).into_owned(),
            ]
        })
        .collect();
    let header = [
        "slug".to_string(),
        "judge".into(),
        "id".into(),
        "cases".into(),
        "title".into(),
    ];
    let width = |i: usize| {
        rows.iter()
            .chain([&header])
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let w = [width(0), width(1), width(2), width(3)];
    let mut out = String::new();
    for r in [&header].into_iter().chain(&rows) {
        let _ = writeln!(
            out,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3]
        );
    }
    if problems.is_empty() {
        out.push_str("(no problems yet: `runner new <slug>` creates one)\n");
    }
    out
}
