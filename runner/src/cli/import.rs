//! `runner import <dir|zip>`: a Kattis / ICPC problem package or a Polygon package becomes a
//! problem of the workspace ([`package_formats`]); when a Kattis package gives no time limit, it is
//! measured on the accepted submissions, as problemtools computes it.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};

use super::context::{print, Context};
use judging::exit;
use judging::SHARED;
use judging::{Expect, Verdict, Verdicts};
use judging::{Planned, Role};
use package_formats::confine::Bounds;
use package_formats::draft::{self, Draft};
use package_formats::kattis::{self, Measure};
use package_formats::package::{Kind, Package};
use package_formats::{library_checker, polygon, tools};

/// How to import: the options of `runner import`.
pub struct How<'a> {
    pub slug: Option<&'a str>,
    pub time_limit_ms: Option<u64>,
    /// How much the package may hold.
    pub bounds: Bounds,
    /// A Library Checker problem's checkout (`--checkout`).
    pub lc_root: Option<&'a Path>,
    /// The CPU time limit of the package's generators and main solution
    /// (`--tool-time-limit`; the tools' default when `None`).
    pub tool_time: Option<std::time::Duration>,
}

pub fn import(cx: &Context, path: &Path, how: &How) -> Result<u8> {
    let pkg = Package::open(path, &how.bounds, &cx.cancel)?;
    let (mut d, mut measure, missing) = read(cx, &pkg, how)?;
    if let Some(t) = how.tool_time {
        let ms = u64::try_from(t.as_millis()).unwrap_or(u64::MAX);
        judging::ranges::time_ms("--tool-time-limit", ms).map_err(anyhow::Error::msg)?;
    }
    if let Some(ms) = how.time_limit_ms {
        judging::ranges::time_ms("--time-limit-ms", ms).map_err(anyhow::Error::msg)?;
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
        "# The test data of the package `{}` (`runner import`); answers from the package unless a \
         case's note says where it was made.\n",
        pkg.name
    );
    let written = draft::write_from(&cx.ws, &d, &header, Some(&pkg.confined), &cx.cancel)?;
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
    // What follows judges the problem just written; if it fails (a validator that does not
    // compile, a sandbox that cannot start, or a bug of the runner's that panics), the import
    // takes back everything it wrote.
    let judged = judge_imported(cx, &d, measure, missing);
    match judged {
        Ok(exit::PASSED) => {}
        Ok(code) => return Ok(code),
        Err(e) => {
            draft::undo(&cx.ws, &d.slug, &written);
            return Err(e.context(format!(
                "the import of `{}` failed after writing the problem: everything it wrote was \
                 removed",
                pkg.name
            )));
        }
    }
    print(&format!(
        "next: {} {}   # every solution and wrong solution on every case\n",
        crate::invoked::command(),
        d.slug
    ))?;
    Ok(exit::PASSED)
}

/// What a wrong solution of a class of verdicts expects: some case of its class, and every case
/// before that AC (a run stops at its first rejection: Kattis' rule).
fn class_expect(class: Verdicts) -> Expect {
    Expect {
        required: class,
        permitted: Some(class.union(Verdicts::one(Verdict::Accepted))),
    }
}

/// Judges the problem just written (its time limit measured when `measure` says so, the
/// classes of its wrong solutions settled). A panic in there (a bug of the runner's) is an
/// error naming it, so the import can take back what it wrote.
fn judge_imported(cx: &Context, d: &Draft, measure: Option<Measure>, missing: usize) -> Result<u8> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| -> Result<u8> {
        if let Some(m) = measure {
            let code = measure_time_limit(cx, d, m)?;
            if code != exit::PASSED {
                return Ok(code);
            }
        }
        settle_classes(cx, d, missing)?;
        Ok(exit::PASSED)
    }))
    .unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("no message");
        Err(anyhow::anyhow!(
            "the runner panicked (a bug of the runner's: please report it): {what}"
        ))
    })
}

/// The wrong solutions whose package gave only a class of verdicts (a Kattis category, Library
/// Checker's "not accepted"), judged on every case in order up to their first rejection: each
/// expects, in wrong.toml, its class as its first rejection (Kattis judges by the first
/// rejection). One whose first rejection is outside its class, or that every case accepts,
/// keeps its entry and is named; but when the package lacks the inputs of `missing` cases, one
/// that every case it has accepts expects its class or AC on every case, and says why (SWERC
/// 2025's `lfs`: its slow and wrong submissions are caught only by the large inputs absent
/// from the copy judged here).
fn settle_classes(cx: &Context, d: &Draft, missing: usize) -> Result<()> {
    if d.wrong.iter().all(|w| w.class.is_none()) {
        return Ok(());
    }
    let problems = cx.discover()?;
    let (problem, cases) = cx.load_one(&problems, &d.slug, &[])?;
    let wrong_dir = problem.dir.join("wrong");
    let source = |w: &draft::Wrong| wrong_dir.join(&w.file);
    let sources: Vec<PathBuf> = d
        .wrong
        .iter()
        .filter(|w| w.class.is_some())
        .map(source)
        .collect();
    let firsts = cx.first_rejections(&problem, cases, &sources, &problem.meta.judge)?;
    let mut settled = d.wrong.clone();
    let mut said = String::new();
    for w in settled.iter_mut() {
        let Some(class) = w.class else { continue };
        // Whatever it gets here, it expects its class: a run that disagrees fails, and says so.
        w.expect = class_expect(class);
        match firsts.get(&source(w)).cloned().flatten() {
            // Its first rejection is of its class: it expects the class, the first rejection
            // of every run to be of it (AC before it), not the one verdict it got here (a JVM
            // over its heap ends by OutOfMemoryError or by the memory limit's kill, RE or MLE,
            // from one run to the next).
            Some((v, case)) if class.contains(v) => {
                if class.single().is_none() {
                    said.push_str(&format!(
                        "  wrong/{}: expects its class ({class}) as its first rejection; it got {v} first here (case `{case}`)\n",
                        w.file,
                    ));
                }
            }
            Some((v, case)) => said.push_str(&format!(
                "  warning: wrong/{} gets {v} first (case `{case}`), outside its class: it expects {}\n",
                w.file,
                w.expect
            )),
            None if missing > 0 => {
                w.expect = Expect {
                    required: Verdicts::NONE,
                    permitted: Some(class.union(Verdicts::one(Verdict::Accepted))),
                };
                said.push_str(&format!(
                    "  wrong/{}: every case the package has accepts it: it expects {} (the {missing} case(s) whose input the package lacks are where its class would show)\n",
                    w.file, w.expect
                ));
            }
            None => said.push_str(&format!(
                "  warning: wrong/{}: every case accepts it; it expects {}\n",
                w.file, w.expect
            )),
        }
    }
    // wrong.toml as the import wrote it a moment ago, with the settled verdicts.
    let toml_path = wrong_dir.join("wrong.toml");
    std::fs::write(&toml_path, draft::wrong_toml(&settled)?)
        .with_context(|| format!("cannot write {}", toml_path.display()))?;
    print(&said)
}

/// The package as a draft, and how its time limit is to be measured when it gives none.
/// With it, how many cases the package names without their input.
fn read(cx: &Context, pkg: &Package, how: &How) -> Result<(Draft, Option<Measure>, usize)> {
    let slug = how.slug;
    if pkg.kind == Kind::Kattis {
        let i = kattis::read(pkg, &cx.kinds, slug, &cx.ws.problems_dir().join(SHARED))?;
        return Ok((i.draft, i.measure, i.missing_inputs));
    }
    let tools = tools::PackageTools {
        session: &cx.session,
        max_bytes: how.bounds.max_bytes,
        time: how.tool_time.unwrap_or(judging::TOOL_LIMITS.time),
    };
    let draft = if pkg.kind == Kind::Polygon {
        polygon::read(pkg, &tools, slug)?
    } else {
        library_checker::read(pkg, &tools, slug, how.lc_root)?
    };
    cx.print_notes();
    Ok((draft, None, 0))
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
        "time limit: {limit} ms: the slowest accepted run took {:.3} s of CPU, × {}, rounded up \
         to a multiple of {} s, as problemtools computes it\n",
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
