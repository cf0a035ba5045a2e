//! `runner stress SLUG`: generator → brute force and solution → compare, until they disagree;
//! `--save NAME` keeps the disagreement as a fixture case.

use std::time::Duration;

use anyhow::{bail, Result};

use super::context::{find_problem, print, Context};
use super::StressArgs;
use crate::report;

use judging::stress::{self, StressOptions};

pub fn stress(cx: &Context, a: StressArgs) -> Result<u8> {
    let problems = cx.discover()?;
    let problem = find_problem(&problems, &a.slug)?;
    if let Some(name) = &a.save {
        judging::check_new_case_name(&cx.ws, problem, name)?;
    }
    if a.max_size.is_some_and(|m| m < a.size) {
        bail!("--max-size must be at least --size ({})", a.size);
    }
    let opts = StressOptions {
        count: a.count,
        seed: a.seed,
        size: a.size,
        max_size: a.max_size,
        time: a.time.map(Duration::from_secs_f64),
        program: a.program,
        jobs: cx.jobs,
        transcript_lines: cx.transcript_lines(),
        cancel: cx.cancel.clone(),
    };
    let bar = report::StressProgress::new(cx.progress, opts.count);
    cx.sandbox()?;
    let mut report = cx.session.stress(problem, &opts, &|n| bar.set(n))?;
    drop(bar);
    cx.print_notes();
    keep_inputs(cx, &report)?;
    if let (Some(name), Some((input, expected, note))) = (&a.save, stress::case_to_save(&report)) {
        let path = judging::save_case(&cx.ws, problem, name, note, input, expected)?;
        report.saved = Some((name.clone(), path));
    }
    print(&report::render_stress(
        &report,
        cx.ws.root(),
        a.save.is_some(),
        cx.report,
    ))?;
    Ok(report.exit_code())
}

/// A shrunk finding: the generated input and the shrunk one, both kept under
/// `target/judge/stress/` (`<slug>-<seed>.in`, `<slug>-<seed>.shrunk.in`).
fn keep_inputs(cx: &Context, report: &stress::StressReport) -> Result<()> {
    let (Some(original), Some((seed, _, stress::Finding::Disagree { input, .. }))) =
        (&report.shrunk_from, &report.finding)
    else {
        return Ok(());
    };
    let dir = cx.ws.cache_dir().join("stress");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(format!("{}-{seed}.in", report.slug)), original)?;
    std::fs::write(dir.join(format!("{}-{seed}.shrunk.in", report.slug)), input)?;
    Ok(())
}
