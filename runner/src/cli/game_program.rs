//! `runner game` on a move program (`game.toml`'s `[program]` table): the program is built by the
//! workspace's workshop under the local judge, as `runner run --program` builds a file, and run in
//! the sandbox once per wave ([`games::program`]: every position not yet explored is one line of
//! that run's input), under the table's limits. A run that crashes or goes over a limit is
//! refused with the verdict's words and the end of its stderr; what it prints is read by
//! `games::program`, which bounds it.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _, Result};

use super::context::Context;
use super::GlobalArgs;
use crate::machine::{Format, Options};
use games::program::{self, ProgramError, ProgramLimits, ProgramSpec, Ran};
use games::program_report::{self, ProgramReport};
use judging::Workspace;
use judging::LOCAL;
use sandbox::{Executor, Limits, Stdin};

/// A move program's game, valued, or why not (the error says it in words).
pub fn explore(
    file: &Path,
    title: Option<String>,
    spec: &ProgramSpec,
    limits: &ProgramLimits,
    (g, outputs, cancel): (&GlobalArgs, &Options, &sandbox::Cancel),
) -> Result<ProgramReport> {
    let started = Instant::now();
    let cx = Context::in_workspace(workspace_of(file, g)?, g, outputs, cancel.clone())?;
    let source = &spec.path;
    if !source.is_file() {
        bail!(
            "{}: program.source: {} is no file",
            file.display(),
            source.display()
        );
    }
    // Built as every problem's own program is: the session's one route (CE is an error).
    let built = cx.build(LOCAL, source, "the move program");
    cx.print_notes();
    let program = built?;
    let sandbox = cx.sandbox()?;
    let run_limits = Limits {
        time: Duration::from_millis(limits.time_ms),
        memory_bytes: limits.memory_mib << 20,
    };
    let cap = (limits.output_mib << 20) as usize;
    let run = |input: &[u8]| -> Result<Ran, String> {
        let out = sandbox
            .run(&program, Stdin::Bytes(input), &run_limits, cap)
            .map_err(|e| format!("it could not be run: {e}"))?;
        match judging::judgement::limit_failure(&out, &run_limits) {
            None if out.exit.success() => Ok(Ran {
                cpu_ms: out.cpu.as_millis() as u64,
                wall_ms: out.wall.as_millis() as u64,
                output: out.stdout,
            }),
            failure => {
                let (verdict, detail) =
                    failure.unwrap_or((judging::Verdict::RuntimeError, out.exit.describe()));
                let tail = judging::diff::tail(&out.stderr, 10);
                let stderr = if tail.is_empty() {
                    String::new()
                } else {
                    format!("; its stderr ends:\n{}", tail.trim_end())
                };
                Err(format!("{verdict} ({detail}){stderr}"))
            }
        }
    };
    let human =
        outputs.format == Format::Human && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let progress = |wave: usize, positions: usize| {
        if human {
            eprintln!("game: wave {wave}: {positions} positions to the move program");
        }
    };
    let explored = program::explore(spec, limits, run, progress).map_err(|e| refusal(e, cancel))?;
    let values = program::values::<String>(&explored).map_err(|e| refusal(e, cancel))?;
    Ok(program_report::build(
        title,
        spec,
        &explored,
        &values,
        started.elapsed().as_secs_f64(),
    ))
}

fn refusal(e: ProgramError<String>, cancel: &sandbox::Cancel) -> anyhow::Error {
    if cancel.is_cancelled() {
        return anyhow::anyhow!("interrupted: {e}");
    }
    anyhow::anyhow!("{e}")
}

/// The workspace the program is built in: `--root`, else the one holding the game file, else
/// the current directory's.
fn workspace_of(file: &Path, g: &GlobalArgs) -> Result<Workspace> {
    if let Some(root) = &g.root {
        return Workspace::at(root);
    }
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Ok(ws) = Workspace::find(folder, crate::invoked::command()) {
        return Ok(ws);
    }
    let here = std::env::current_dir().context("no current directory")?;
    Workspace::find(&here, crate::invoked::command()).with_context(|| {
        format!(
            "{}: a move program is built and run in a workspace (its builds are kept in \
             target/judge/), and neither the game file's folder nor the current one is in one",
            file.display()
        )
    })
}
