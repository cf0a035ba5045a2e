//! `runner run SLUG INPUT`: one program (the solution, the brute force or a file) on one
//! hand-written input; its stdout to stdout, its stderr to stderr, then one line on stderr says
//! how the run went. Exit 0 when it ran within its limits, else 1.

use std::io::Write;
use std::path::Path;

use anyhow::{Context as _, Result};

use super::context::{find_problem, print_bytes, Context};
use super::RunArgs;
use judging::by_hand::{self, Request};
use judging::exit;
use judging::interactive::Interactor;
use judging::Problem;
use judging::Tool;
use judging::LOCAL;

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
    if problem.meta.interactive || a.interactive || a.human {
        return interactive(cx, problem, a, input);
    }
    let req = request(cx, problem, a, input)?;
    if !cx.kinds.is_runnable(&req.source) && req.source.is_file() {
        anyhow::bail!(
            "{}: cannot tell how to run it (use {}, or an executable file)",
            req.source.display(),
            cx.kinds.listing()
        );
    }
    // Made here, so that the sandbox's note is printed before the run.
    cx.sandbox()?;
    let ran = by_hand::run_on_input(&cx.session, problem, &req)?;
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

/// What to run: the brute force (`--brute`), a file (`--program`), or the first solution (not
/// a scaffold left as it was).
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
        let solutions = judging::Solutions::of(problem);
        let s = solutions.written.first().with_context(|| {
            let why = match solutions.untouched.first() {
                Some(u) => format!(
                    "is not written yet ({} is the scaffold, unchanged)",
                    cx.ws.display(u)
                ),
                None => "has no solution".into(),
            };
            format!("{} {why}: give --brute or --program FILE", problem.slug)
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

/// `runner run` on an interactive problem: the solution (or `--program`) plays the game against
/// the interactor in the sandbox and the whole dialogue is shown, then the verdict; with
/// `--human`, the person at the terminal plays instead.
fn interactive(cx: &Context, problem: &Problem, a: &RunArgs, input: Vec<u8>) -> Result<u8> {
    if !problem.meta.interactive {
        anyhow::bail!(
            "{} is not interactive (problem.toml has no interactive = true)",
            problem.slug
        );
    }
    let built = cx.session.tools(problem, &[Tool::Interactor])?;
    let interactor = built.interactor.expect("built");
    if a.human {
        return by_hand(cx, &interactor, &input);
    }
    let req = request(cx, problem, a, Vec::new())?;
    let solution = match cx
        .workshop
        .build(
            &req.source,
            &*cx.subject_profile(problem, &req.judge, &req.source)?,
        )?
        .program
    {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{}\n{}: CE (compile error)", msg.trim_end(), req.what);
            return Ok(exit::FAILED);
        }
    };
    let dirs = judging::interactive::GameDirs::default();
    let game = judging::interactive::Game {
        solution: &solution,
        limits: &req.limits,
        output_cap: judging::CHECKER_OUTPUT_LIMIT as usize,
        interactor: &interactor,
        checker: None,
        dirs: &dirs,
    };
    let (outcome, transcript) = judging::interactive::play(
        cx.sandbox()?,
        &game,
        input,
        b"",
        cx.transcript_lines(),
        true,
    );
    cx.print_notes();
    if let Some(t) = transcript {
        print!("{}", judging::interactive::render(&t, usize::MAX));
    }
    let mut err = std::io::stderr().lock();
    if let Some(f) = &outcome.failure {
        err.write_all(&f.stderr)?;
    }
    let detail = outcome.detail.as_deref().unwrap_or_default();
    writeln!(
        err,
        "{}: {} {}; {} ms of {} ms",
        req.what,
        outcome.verdict,
        detail.replace('\n', "; "),
        outcome.cpu.as_millis(),
        req.limits.time.as_millis()
    )?;
    Ok(if outcome.verdict.is_accepted() {
        exit::PASSED
    } else {
        exit::FAILED
    })
}

/// The interactor with the terminal as the other side, in the sandbox like in a judged game
/// (it is the problem's program, and a person types into it); its verdict from its exit.
fn by_hand(cx: &Context, interactor: &Interactor, input: &[u8]) -> Result<u8> {
    eprintln!("you play against the interactor: type your lines; its lines come back here");
    let (said, message) = judging::interactive::by_hand(cx.sandbox()?, interactor, input)
        .context("cannot run the interactor")?;
    cx.print_notes();
    if !message.is_empty() {
        eprintln!("{message}");
    }
    eprintln!("the interactor says: {said:?}");
    Ok(if said == judging::interactive::Said::Accepted {
        exit::PASSED
    } else {
        exit::FAILED
    })
}
