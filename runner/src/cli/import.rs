//! `runner import <dir|zip>`: a Kattis / ICPC problem package or a Polygon package becomes a
//! problem of the workspace ([`crate::import`]); when a Kattis package gives no time limit, it is
//! measured on the accepted submissions, as problemtools computes it.

use std::path::Path;

use anyhow::{bail, Context as _, Result};

use super::context::{print, Context};
use crate::exit;
use crate::import::draft::{self, Draft};
use crate::import::kattis::{self, Measure};
use crate::import::package::{Kind, Package};
use crate::import::{library_checker, polygon, tools};
use crate::run::{Planned, Role};
use crate::workspace::SHARED;

pub fn import(
    cx: &Context,
    path: &Path,
    slug: Option<&str>,
    time_limit_ms: Option<u64>,
) -> Result<u8> {
    let pkg = Package::open(path)?;
    let (mut d, mut measure) = match pkg.kind {
        Kind::Kattis => {
            let i = kattis::read(&pkg, &cx.kinds, slug, &cx.ws.problems_dir().join(SHARED))?;
            (i.draft, i.measure)
        }
        Kind::Polygon | Kind::LibraryChecker => {
            let exec = || -> Result<&dyn sandbox::Executor> { Ok(cx.sandbox()?) };
            let tools = tools::Tools {
                kinds: &cx.kinds,
                judges: &cx.judges,
                builder: &cx.builder,
                exec: &exec,
            };
            let draft = if pkg.kind == Kind::Polygon {
                polygon::read(&pkg, &tools, slug)?
            } else {
                library_checker::read(&pkg, &tools, slug)?
            };
            (draft, None)
        }
    };
    if let Some(ms) = time_limit_ms {
        d.meta.time_limit_ms = ms;
        d.meta.comments.retain(|c| !c.starts_with("time limit:"));
        d.meta
            .comments
            .push(format!("time limit: {ms} ms, from --time-limit-ms"));
        measure = None;
    }
    if measure.is_some() && solutions(&d) == 0 {
        bail!(
            "{}: the package gives no time limit and has no accepted submission to measure it \
             by: give one with --time-limit-ms; nothing was written",
            path.display()
        );
    }
    let header = format!(
        "# The test data of the package `{}` (`runner import`); answers from the package.\n",
        pkg.name
    );
    let written = draft::write(&cx.ws, &d, &header)?;
    let mut text = format!(
        "imported `{}` as problem `{}`: {} case{}, {} solution{}, {} wrong solution{}\n",
        pkg.name,
        d.slug,
        d.cases.len(),
        plural(d.cases.len()),
        solutions(&d),
        plural(solutions(&d)),
        d.wrong.len(),
        plural(d.wrong.len()),
    );
    text.push_str(&format!(
        "  {} files written under problems/{slug}/, fixtures/{slug}* and solutions/{slug}/\n",
        written.len(),
        slug = d.slug
    ));
    for n in &d.notes {
        text.push_str(&format!("  note: {n}\n"));
    }
    print(&text)?;
    if let Some(m) = measure {
        let code = measure_time_limit(cx, &d, m)?;
        if code != exit::PASSED {
            return Ok(code);
        }
    }
    print(&format!(
        "next: cargo run -p runner -- {}   # every solution and wrong solution on every case\n",
        d.slug
    ))?;
    Ok(exit::PASSED)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn solutions(d: &Draft) -> usize {
    d.files
        .iter()
        .filter(|f| f.rel.starts_with("solutions"))
        .count()
}

/// Runs the accepted submissions under the provisional limit and writes the limit problemtools
/// would set: the slowest run's CPU time × the multiplier, rounded up.
fn measure_time_limit(cx: &Context, d: &Draft, m: Measure) -> Result<u8> {
    let problems = cx.discover()?;
    let (problem, cases) = cx.load_one(&problems, &d.slug, &[])?;
    let mut subjects = Vec::new();
    for s in &problem.solutions {
        subjects.push(cx.solution(&problem, s)?);
    }
    let report = cx.execute(vec![Planned::new(problem.clone(), cases, subjects)])?;
    if report.interrupted {
        eprintln!(
            "import: interrupted while measuring the time limit: problem.toml keeps {} ms",
            kattis::PROVISIONAL_MS
        );
        return Ok(exit::INTERRUPTED);
    }
    let mut slowest = std::time::Duration::ZERO;
    let mut failing = Vec::new();
    for p in &report.problems {
        for s in p
            .subjects
            .iter()
            .filter(|s| s.subject.role == Role::Solution)
        {
            for o in s.outcomes.iter().flatten() {
                slowest = slowest.max(o.cpu);
            }
            if !s.passed() {
                failing.push(cx.ws.display(&s.subject.source).to_string());
            }
        }
    }
    let limit = m.limit_ms(slowest);
    let path = problem.dir.join("problem.toml");
    let text = std::fs::read_to_string(&path)?;
    let text = text.replace(
        &format!("time_limit_ms = {}\n", kattis::PROVISIONAL_MS),
        &format!(
            "time_limit_ms = {limit}   # slowest accepted run {:.3} s × {}\n",
            slowest.as_secs_f64(),
            m.multiplier
        ),
    );
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    let mut out = format!(
        "time limit: {limit} ms: the slowest accepted run took {:.3} s of CPU, × {} rounded up \
         to {} s, as problemtools computes it\n",
        slowest.as_secs_f64(),
        m.multiplier,
        m.resolution
    );
    for f in &failing {
        out.push_str(&format!(
            "  warning: {f} was not accepted on every case under {} ms\n",
            kattis::PROVISIONAL_MS
        ));
    }
    print(&out)?;
    Ok(exit::PASSED)
}
