//! `runner submit SLUG [FILE]`: re-judges the file to submit under the judge's profile, lints it, and
//! writes the packet only when all is clean (the decisions are `submit.rs`'s).

use std::io::Write;
use std::path::Path;

use anyhow::Result;

use super::context::{print_bytes, Context};
use crate::report;
use judging::exit;
use judging::submit;

/// With `to_stdout`, the source goes to stdout (for a clipboard) and everything else to stderr.
pub fn submit(
    cx: &Context,
    slug: &str,
    choice: (Option<&Path>, Option<&str>),
    to_stdout: bool,
) -> Result<u8> {
    let problems = cx.discover()?;
    let (problem, cases) = cx.load_one(&problems, slug, &[])?;
    let (sub, planned) = submit::prepare(&cx.ws, &cx.judges, problem, cases, choice)?;
    let report = cx.execute(vec![planned])?;
    let mut text = report::render(&report, cx.ws.root(), cx.report);
    let code = if report.interrupted || cx.cancel.is_cancelled() {
        text.push_str(&format!(
            "submit {slug}: interrupted; nothing was written\n"
        ));
        exit::INTERRUPTED
    } else {
        let decision = submit::decide(&cx.ws, &cx.judges, &sub, &report);
        for line in &decision.findings {
            text.push_str(line);
            text.push('\n');
        }
        if decision.reasons.is_empty() {
            text.push_str(&submit::write_packet(&cx.ws, &sub, &decision)?);
            exit::PASSED
        } else {
            text.push_str(&format!(
                "submit {slug}: refused: {}; nothing was written\n",
                decision.reasons.join(", and ")
            ));
            exit::FAILED
        }
    };
    if to_stdout {
        let mut err = std::io::stderr().lock();
        err.write_all(judging::diff::terminal_safe(&text).as_bytes())?;
        err.flush()?;
        if code == exit::PASSED {
            print_bytes(&sub.code)?;
        }
    } else {
        super::context::print(&super::context::fit_terminal(text))?;
    }
    Ok(code)
}
