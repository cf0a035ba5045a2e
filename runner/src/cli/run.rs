//! `runner run SLUG INPUT`: one program (the solution, the brute force or a file) on one
//! hand-written input; its stdout to stdout, its stderr to stderr, then one line on stderr says
//! how the run went. Exit 0 when it ran within its limits, else 1.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, Result};

use super::context::{find_problem, print_bytes, Context};
use super::RunArgs;
use crate::exit;
use crate::judges::LOCAL;
use crate::problem::Problem;
use crate::single::{self, Request};

pub fn run(cx: &Context, a: &RunArgs) -> Result<u8> {
    let problems = cx.discover()?;
    let problem = find_problem(&problems, &a.slug)?;
    let input = if a.input == Path::new("-") {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)?;
        v
    } else {
        std::fs::read(&a.input).with_context(|| format!("cannot read {}", a.input.display()))?
    };
    let req = request(cx, problem, a, input)?;
    if !cx.kinds.is_runnable(&req.source) && req.source.is_file() {
        anyhow::bail!(
            "{}: cannot tell how to run it (use {}, or an executable file)",
            req.source.display(),
            cx.kinds.listing()
        );
    }
    let ran = single::run_on_input(
        &cx.ws,
        &cx.judges,
        &cx.builder,
        cx.sandbox()?,
        problem,
        &req,
    )?;
    cx.print_notes();
    let mut err = std::io::stderr().lock();
    for w in &ran.warnings {
        writeln!(err, "{w}")?;
    }
    match ran.outcome {
        Err(compile_error) => {
            writeln!(err, "{}", compile_error.trim_end())?;
            writeln!(err, "{}: CE (compile error)", req.what)?;
            Ok(exit::FAILED)
        }
        Ok(r) => {
            print_bytes(&r.out.stdout)?;
            err.write_all(&r.out.stderr)?;
            match r.failure {
                None => {
                    writeln!(err, "{}: ran in {}", req.what, r.of_limits)?;
                    Ok(exit::PASSED)
                }
                Some((verdict, detail)) => {
                    writeln!(err, "{}: {verdict} ({detail}); {}", req.what, r.of_limits)?;
                    Ok(exit::FAILED)
                }
            }
        }
    }
}

/// What to run: the brute force (`--brute`), a file (`--program`), or the first solution.
fn request(cx: &Context, problem: &Problem, a: &RunArgs, input: Vec<u8>) -> Result<Request> {
    let (source, limits, what, judge) = if a.brute {
        (
            problem.brute_path(),
            problem.meta.brute_limits(),
            "the brute force".to_string(),
            LOCAL,
        )
    } else if let Some(p) = &a.program {
        (
            p.clone(),
            problem.meta.limits(),
            cx.ws.display(p).to_string(),
            problem.meta.judge.as_str(),
        )
    } else {
        let s = problem.solutions.first().with_context(|| {
            format!(
                "{} has no solution: give --brute or --program FILE",
                problem.slug
            )
        })?;
        (
            s.clone(),
            problem.meta.limits(),
            cx.ws.display(s).to_string(),
            problem.meta.judge.as_str(),
        )
    };
    Ok(Request {
        source,
        what,
        limits,
        input,
        judge: judge.to_string(),
    })
}
