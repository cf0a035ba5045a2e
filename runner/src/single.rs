//! Single runs for someone preparing a problem: `runner run` (one program on a hand-written
//! input, e.g. to get the brute force's output for a new case) and `runner list`.

use sandbox::Limits;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::compile::{Builder, Language};
use crate::fixture;
use crate::judgement;
use crate::judges::{Judges, LOCAL};
use crate::problem::Problem;
use crate::validate::{self, Validation};
use crate::workspace::Workspace;
use sandbox::{Executor, Sandbox, Stdin};

/// What `runner run` runs.
#[derive(Debug, Clone)]
pub struct Request {
    pub source: PathBuf,
    /// The program as messages name it.
    pub what: String,
    pub limits: Limits,
    pub input: Vec<u8>,
    /// The judge whose profile builds it (`local` for the brute force).
    pub judge: String,
}

/// The output kept of a single run.
const OUTPUT_CAP: usize = 64 << 20;

fn mib(b: u64) -> String {
    format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
}

/// Builds and runs `req.source` on `req.input` under `req.limits`. The program's stdout goes to
/// stdout as it is, its stderr to stderr; then one line on stderr says how the run went (time and
/// memory against the limits, or TLE/MLE/OLE/RE). When the problem has a validator and it rejects
/// the input, a warning says so first. Exit 0 when the program ran within its limits, else 1.
pub fn run_on_input(
    ws: &Workspace,
    judges: &Judges,
    problem: &Problem,
    req: &Request,
    isolate: bool,
) -> Result<ExitCode> {
    if !req.source.is_file() {
        anyhow::bail!("{}: no such file", ws.display(&req.source));
    }
    if Language::from_path(&req.source).is_none() {
        anyhow::bail!(
            "{}: cannot tell how to run it (use .rs, .cpp, .c, .py, or an executable file)",
            req.source.display()
        );
    }
    let builder = Builder::new(ws.cache_dir());
    let sandbox = Sandbox::new(&ws.cache_dir(), isolate)?;
    if let Some(note) = sandbox.unavailable_note() {
        eprintln!("{note}");
    }
    let profile_of = |judge: &str, path: &std::path::Path| {
        judges
            .profile_for(judge, path)
            .map_err(|e| anyhow::anyhow!(e))
    };
    let mut err = std::io::stderr().lock();
    let validator_src = problem.validator_path();
    if validator_src.is_file() {
        match builder
            .build(&validator_src, &*profile_of(LOCAL, &validator_src)?)?
            .program
        {
            Ok(v) => match validate::check_input(&sandbox, &v, Stdin::Bytes(&req.input)) {
                Validation::Valid => {}
                Validation::Invalid(why) => writeln!(
                    err,
                    "warning: the validator rejects this input (it is outside the statement):\n{}",
                    indent(&why)
                )?,
                Validation::Failed(why) => {
                    writeln!(err, "warning: the validator failed on this input: {why}")?
                }
            },
            Err(_) => writeln!(
                err,
                "warning: {} does not compile: the input was not validated",
                ws.display(&validator_src)
            )?,
        }
    }
    let program = match builder
        .build(&req.source, &*profile_of(&req.judge, &req.source)?)?
        .program
    {
        Ok(p) => p,
        Err(msg) => {
            writeln!(err, "{}", msg.trim_end())?;
            writeln!(err, "{}: CE (compile error)", req.what)?;
            return Ok(ExitCode::from(1));
        }
    };
    let out = sandbox.run(&program, Stdin::Bytes(&req.input), &req.limits, OUTPUT_CAP)?;
    {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&out.stdout)?;
        stdout.flush()?;
    }
    err.write_all(&out.stderr)?;
    let of_limits = format!(
        "{} ms, {} (limits {} ms, {})",
        out.cpu.as_millis(),
        mib(out.peak_memory),
        req.limits.time.as_millis(),
        mib(req.limits.memory_bytes)
    );
    match judgement::limit_failure(&out, &req.limits) {
        None => {
            writeln!(err, "{}: ran in {of_limits}", req.what)?;
            Ok(ExitCode::SUCCESS)
        }
        Some((verdict, detail)) => {
            writeln!(err, "{}: {verdict} ({detail}); {of_limits}", req.what)?;
            Ok(ExitCode::from(1))
        }
    }
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
                p.meta.title.clone(),
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
