//! Judging: every solution and wrong solution of the selected problems (no command), or one
//! file on one problem (`runner judge`).

use std::path::Path;

use anyhow::{bail, Result};

use super::context::{find_problem, select, Context};
use judging::Solutions;
use judging::{Planned, Role, Subject};

/// `runner [FILTER…]`: every solution, and every wrong solution unless `skip_wrong`, on every
/// case of the problems `filters` select (all when empty). A solution still `runner new`'s
/// scaffold is not judged: beside a written one it is left out with a note; a problem whose
/// solutions are all scaffolds is not written yet, and skipped.
pub fn all(cx: &Context, filters: &[String], cases: &[String], skip_wrong: bool) -> Result<u8> {
    let problems = if filters.is_empty() {
        cx.discover_all()?
    } else {
        cx.discover()?
    };
    let chosen = select(&problems, filters)?;
    let mut plan = Vec::new();
    for (problem, cases) in cx.load_fixtures(&chosen, cases)? {
        let solutions = Solutions::of(&problem);
        // Solutions and wrong solutions are built with their judge's profile.
        let mut subjects = Vec::new();
        for s in &solutions.written {
            subjects.push(cx.solution(&problem, s)?);
        }
        if !skip_wrong {
            for w in &problem.wrong {
                subjects.push(cx.wrong(&problem, w, None)?);
            }
        }
        let mut planned = Planned::new(problem, cases, subjects);
        if solutions.not_written() {
            planned.not_written = solutions.untouched;
        } else {
            for s in &solutions.untouched {
                planned.notes.push(format!(
                    "{} is still the scaffold: not judged (the written solution is)",
                    cx.ws.display(s)
                ));
            }
        }
        plan.push(planned);
    }
    cx.execute_and_report(plan, None)
}

/// `runner judge SLUG FILE`'s arguments.
pub struct File<'a> {
    pub slug: &'a str,
    pub file: &'a Path,
    pub cases: &'a [String],
    /// Another judge's profile than the problem's (`--judge local`).
    pub judge: Option<&'a str>,
    /// A language of the judge (`--lang C++`).
    pub lang: Option<&'a str>,
}

/// `runner judge SLUG FILE`: one file on one problem's cases.
pub fn file(cx: &Context, a: &File) -> Result<u8> {
    if !a.file.exists() {
        bail!("{}: no such file", a.file.display());
    }
    // A FIFO or a device is refused at once, as `submit` refuses it (one check for both).
    judging::bounded::open_regular(a.file)?;
    if !cx.kinds.is_runnable(a.file) {
        bail!(
            "{}: cannot tell how to run it (use {}, or an executable file)",
            a.file.display(),
            cx.kinds.listing()
        );
    }
    let problems = cx.discover()?;
    let problem = find_problem(&problems, a.slug)?;
    let judge = a.judge.unwrap_or(&problem.meta.judge);
    let profile = match a.lang {
        None => cx.profile(judge, a.file)?,
        Some(lang) => {
            let profile = judging::submit::language(&cx.judges, judge, lang)?;
            let ext = a.file.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !profile.takes(ext) {
                bail!(
                    "{}: {} takes .{} files, not .{ext}",
                    a.file.display(),
                    profile.name(),
                    profile.extensions.join(", .")
                );
            }
            profile
        }
    };
    let (problem, cases) = cx.load_one(&problems, a.slug, a.cases)?;
    let subject = Subject {
        source: a.file.to_path_buf(),
        role: Role::Solution,
        why: None,
        limits: None,
        profile: problem.meta.subject_profile(profile),
    };
    cx.execute_and_report(vec![Planned::new(problem, cases, vec![subject])], None)
}
