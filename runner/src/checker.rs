//! Checkers (`compare = "checker"`): `problems/<slug>/checker.rs`, for problems where many
//! outputs are right. It is called as testlib calls one (`registerTestlibCmd`), `checker INPUT
//! OUTPUT ANSWER`: three files, the case's input, the program's output (testlib's `ouf`) and the
//! expected output, the jury's answer (`ans`). It answers with its exit code: 0 AC, 1 WA, 2 PE. Anything else, a crash or a limit is
//! a checker failure ([`Verdict::CheckerFailed`]): the program is not judged, and the run ends
//! with exit 2. The checker's stderr is the reason shown in the report, in place of a diff.

use sandbox::{Limits, Program};
use std::path::PathBuf;

use crate::diff;
use crate::fixture::Case;
use crate::judgement::{limit_failure, Failure, Outcome};
use crate::problem::TOOL_LIMITS;
use crate::verdict::Verdict;
use sandbox::{Executor, Exit, RunOutput, Stdin};

/// The checker's limits.
const LIMITS: Limits = TOOL_LIMITS;

/// What the checker said of one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckerResult {
    /// AC, WA, PE, or [`Verdict::CheckerFailed`].
    pub verdict: Verdict,
    /// The checker's stderr (escaped, trimmed), or why it failed.
    pub message: String,
}

/// The checker's stderr as text: escaped, trimmed, at most 20 lines.
fn message(stderr: &[u8]) -> String {
    let text = diff::escape(stderr, false);
    let lines: Vec<&str> = text.trim().lines().collect();
    let mut s = lines[..lines.len().min(20)].join("\n");
    if lines.len() > 20 {
        s.push_str(&format!("\n… {} more lines", lines.len() - 20));
    }
    s
}

/// Judges `actual` (a program's output) on the case with `input` and `expected` by running
/// `checker INPUT OUTPUT ANSWER` (testlib's order) on temporary files.
pub fn check(
    exec: &dyn Executor,
    checker: &Program,
    input: &[u8],
    expected: &[u8],
    actual: &[u8],
) -> CheckerResult {
    let failed = |message: String| CheckerResult {
        verdict: Verdict::CheckerFailed,
        message,
    };
    let files = (|| -> std::io::Result<(tempfile::TempDir, Vec<PathBuf>)> {
        let dir = tempfile::Builder::new()
            .prefix("runner-checker-")
            .tempdir()?;
        let mut paths = Vec::new();
        // testlib's order: input, the contestant's output (`ouf`), the jury's answer (`ans`).
        for (name, bytes) in [("input", input), ("output", actual), ("answer", expected)] {
            let p = dir.path().join(name);
            std::fs::write(&p, bytes)?;
            paths.push(p);
        }
        Ok((dir, paths))
    })();
    let (_dir, paths) = match files {
        Ok(f) => f,
        Err(e) => return failed(format!("cannot write the checker's files: {e}")),
    };
    // The three files are the checker's arguments, and shown to it in the sandbox.
    let mut program = checker.clone();
    for p in &paths {
        program.files.push(program.argv.len());
        program.argv.push(p.as_os_str().to_os_string());
    }
    let out = match exec.run(&program, Stdin::Bytes(b""), &LIMITS, 1 << 20) {
        Ok(out) => out,
        Err(e) => return failed(format!("cannot start the checker: {e}")),
    };
    let said = message(&out.stderr);
    let verdict = match (out.killed, out.exit) {
        (None, Exit::Code(0)) => Verdict::Accepted,
        (None, Exit::Code(1)) => Verdict::WrongAnswer,
        (None, Exit::Code(2)) => Verdict::PresentationError,
        _ => {
            let how = match limit_failure(&out, &LIMITS) {
                Some((v, detail)) if v != Verdict::RuntimeError => format!("{v}, {detail}"),
                _ => out.exit.describe(),
            };
            return failed(if said.is_empty() {
                format!("checker failed ({how})")
            } else {
                format!("checker failed ({how})\n{said}")
            });
        }
    };
    CheckerResult {
        verdict,
        message: said,
    }
}

/// The outcome of a program's run `out` on `case`, judged by `checker`; the run must be within
/// its limits (see [`limit_failure`]). `detail` carries the checker's message.
pub fn judge(exec: &dyn Executor, checker: &Program, case: &Case, out: &RunOutput) -> Outcome {
    let r = match (case.input.read(), case.expected.read()) {
        (Ok(input), Ok(expected)) => check(exec, checker, &input, &expected, &out.stdout),
        (Err(e), _) | (_, Err(e)) => CheckerResult {
            verdict: Verdict::CheckerFailed,
            message: format!("checker failed: {e}"),
        },
    };
    let failure = (!r.verdict.is_accepted()).then(|| {
        Box::new(Failure {
            stderr: out.stderr.clone(),
            ..Failure::default()
        })
    });
    let detail = (!r.message.is_empty()).then_some(r.message);
    Outcome::of_run(out, r.verdict, detail, failure)
}
