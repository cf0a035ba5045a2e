//! `runner mutants SLUG`: how strong the problem's fixtures are. Every mutant of its solutions
//! ([`judging::mutate`]: an operator swapped, an integer nudged by one) is built and judged on the
//! fixture cases, smallest input first, until a case rejects it. The score is caught ÷ (built −
//! marked equivalent); each survivor is shown as a diff of the source. A mutant that does not
//! compile is counted and skipped. `problems/<slug>/mutants.toml` marks the survivors that are
//! equivalent to the solution (no input tells them apart), each with its reason:
//!
//! ```toml
//! [[equivalent]]
//! id = "1a2b3c4d"
//! reason = "`<` → `<=` on a bound the input never reaches"
//! ```
//!
//! The mutants are one plan the engine executes ([`Context::execute_until`]), each a program
//! judged to its first rejection, with the problem's tools built once ([`judging::Toolbox`]).
//! What is decided of them (the fates, the kept results, the hunt's stress, the score) is
//! [`judging::mutants`]'s; this file runs the command and draws its report and page.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

use super::context::{find_problem, print, Context};
use super::MutantsArgs as Args;
use crate::machine::html::{self, Fate as PageFate};
use crate::machine::{self};
use crate::records::Records;
use judging::exit;
use judging::mutants::{Fate, Kept, Score};
use judging::mutate::{self, Mutant};
use judging::Case;
use judging::Problem;
use judging::Toolbox;
use judging::{Planned, Role, Subject};

pub fn mutants(cx: &Context, a: &Args) -> Result<u8> {
    let problems = cx.discover()?;
    find_problem(&problems, &a.slug)?;
    let (problem, mut cases) = cx.load_one(&problems, &a.slug, &[])?;
    cases.sort_by_key(|c| c.input.len());
    let equivalent = judging::mutants::equivalents(&problem)?;
    let needs = judging::needs_of_cases(&problem, &cases);
    let tools = cx.session.tools(&problem, &needs)?;
    let kept = Kept::new(&cx.ws.cache_dir(), &problem, &cases, &tools)?;
    let start = Instant::now();
    let mut text = String::new();
    let mut all_survived = 0;
    let mut scores = Vec::new();
    let mut pages = Vec::new();
    for source in &judging::Solutions::of(&problem).written {
        let original = std::fs::read_to_string(source)
            .with_context(|| format!("cannot read {}", source.display()))?;
        let rust = source.extension().is_some_and(|e| e == "rs");
        let list = mutate::sample(mutate::mutants(&original, rust), a.max);
        let fates = judge_all(
            cx,
            (&problem, &cases),
            source,
            &list,
            (&tools, &kept),
            a,
            start,
        )?;
        let shown = cx.ws.display(source).to_string();
        let score = Score::of(shown, &list, &fates, &equivalent);
        let survivors = judging::mutants::survivors(&list, &fates, &equivalent);
        let mut summary = render(cx, source, &original, &score, &survivors);
        if a.hunt > 0 && !survivors.is_empty() {
            summary.push_str(&hunt(cx, &problem, source, &survivors, &kept, a)?);
        }
        all_survived += score.survived;
        if cx.outputs.html_path().is_some() {
            let shown = cx.ws.display(source).to_string();
            pages.push(page(
                &problem.slug,
                &shown,
                &original,
                &list,
                &fates,
                &equivalent,
                &score.line(),
            ));
        }
        scores.push(score);
        text.push_str(&summary);
    }
    if let Some(path) = cx.outputs.html_path() {
        let info = html::PageInfo {
            mutants: pages,
            ..machine::page_info()
        };
        machine::write_html(path, &Records::empty(), &info)?;
    }
    // The score is the runner's own record: a failure to keep it costs `verify` its note.
    let _ = judging::mutants::write_scores(&cx.ws.cache_dir(), &problem.slug, &scores);
    print(&text)?;
    Ok(if all_survived == 0 {
        exit::PASSED
    } else {
        exit::FAILED
    })
}

/// Every mutant of `list` judged to its first rejection: one plan (each mutant a program
/// whose first rejection is wanted, cases smallest first) that the engine executes, as it does
/// `runner judge`'s; results kept by content.
fn judge_all(
    cx: &Context,
    (problem, cases): (&Problem, &[Case]),
    source: &Path,
    list: &[Mutant],
    (tools, kept): (&Toolbox, &Kept),
    a: &Args,
    start: Instant,
) -> Result<Vec<Fate>> {
    let dir = kept.dir();
    let mut fates: Vec<Option<Fate>> = list.iter().map(|m| kept.get(m)).collect();
    let name = source.file_name().expect("a file").to_owned();
    let profile = cx.subject_profile(problem, &problem.meta.judge, source)?;
    let mut subjects = Vec::new();
    let mut judged = Vec::new();
    for (i, m) in list.iter().enumerate() {
        if fates[i].is_some() {
            continue;
        }
        let folder = dir.join(&m.id);
        std::fs::create_dir_all(&folder)?;
        let path = folder.join(&name);
        std::fs::write(&path, &m.text)?;
        subjects.push(Subject {
            source: path,
            role: Role::FirstRejection,
            why: None,
            limits: None,
            profile: profile.clone(),
        });
        judged.push(i);
    }
    if !subjects.is_empty() {
        let budget = a.time.map(|t| start + Duration::from_secs_f64(t.max(0.0)));
        let mut planned = Planned::new(problem.clone(), cases.to_vec(), subjects);
        planned.tools = tools.clone();
        let report = cx.execute_until(vec![planned], budget)?;
        let problem_report = report.problems.first().expect("one problem");
        for (&i, s) in judged.iter().zip(&problem_report.subjects) {
            let fate = Fate::of(s, cases).with_context(|| {
                let m = &list[i];
                format!("mutant {} ({})", m.id, m.what)
            })?;
            kept.put(&list[i], &fate);
            fates[i] = Some(fate);
        }
    }
    Ok(fates
        .into_iter()
        .map(|f| f.unwrap_or(Fate::NotRun))
        .collect())
}

/// The report of one solution's mutants: its score's line, then each survivor as a diff of the
/// source.
fn render(
    cx: &Context,
    source: &Path,
    original: &str,
    score: &Score,
    survivors: &[&Mutant],
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", score.line());
    for m in survivors {
        let _ = writeln!(out, "survivor {} {}", m.id, m.what);
        let diff = similar::TextDiff::from_lines(original, &m.text);
        let shown = cx.ws.display(source).to_string();
        let _ = write!(
            out,
            "{}",
            diff.unified_diff()
                .context_radius(1)
                .header(&shown, &format!("mutant {}", m.id))
        );
    }
    out
}

/// The mutants of `program` for the `--html` page.
fn page(
    slug: &str,
    program: &str,
    original: &str,
    list: &[Mutant],
    fates: &[Fate],
    equivalent: &BTreeMap<String, String>,
    score: &str,
) -> html::MutantsView {
    let mutants = list
        .iter()
        .zip(fates)
        .map(|(m, f)| {
            let reason = equivalent.get(&m.id).cloned();
            let (fate, case, verdict) = match f {
                Fate::Caught { case, verdict } => {
                    (PageFate::Caught, Some(case.clone()), Some(*verdict))
                }
                Fate::Survived if reason.is_some() => (PageFate::Equivalent, None, None),
                Fate::Survived => (PageFate::Survived, None, None),
                Fate::NoCompile => (PageFate::NoCompile, None, None),
                Fate::NotRun => (PageFate::NotRun, None, None),
            };
            let diff = similar::TextDiff::from_lines(original, &m.text)
                .unified_diff()
                .context_radius(2)
                .header(program, &format!("mutant {}", m.id))
                .to_string();
            html::MutantView {
                id: m.id.clone(),
                what: m.what.clone(),
                fate,
                case,
                verdict,
                reason: reason.filter(|_| fate == PageFate::Equivalent),
                diff,
            }
        })
        .collect();
    html::MutantsView {
        problem: slug.to_string(),
        program: program.to_string(),
        score: score.to_string(),
        mutants,
    }
}

/// Each survivor stressed (the generator and the brute force, `a.hunt` seeds, sizes ramping
/// from 1 to 3): the shrunk input that kills it, kept as a fixture case with `--save`, or
/// "probably equivalent".
fn hunt(
    cx: &Context,
    problem: &Problem,
    source: &Path,
    survivors: &[&Mutant],
    kept: &Kept,
    a: &Args,
) -> Result<String> {
    let mut out = String::new();
    if !problem.gen_path().is_file() || !problem.brute_path().is_file() {
        let _ = writeln!(out, "no hunt: the problem has no gen and brute force");
        return Ok(out);
    }
    let name = source.file_name().expect("a file").to_owned();
    // Inputs saved by this hunt: one that kills several survivors is saved once.
    let mut saved: Vec<(Vec<u8>, String)> = Vec::new();
    for m in survivors {
        let path = kept.dir().join(&m.id).join(&name);
        let opts = judging::mutants::hunt_options(a.hunt, path, cx.jobs, cx.cancel.clone());
        cx.sandbox()?;
        let report = cx.session.stress(problem, &opts, &|_| {})?;
        match judging::stress::case_to_save(&report) {
            Some((input, expected, _)) => {
                let shown = judging::diff::escape(input, false);
                let _ = writeln!(
                    out,
                    "survivor {} killed by stress: input {:?}",
                    m.id,
                    shown.trim_end()
                );
                if let Some((_, case)) = saved.iter().find(|(i, _)| i == input) {
                    let _ = writeln!(out, "  the input of case {case}, saved above");
                } else if a.save {
                    let case = format!("mutant-{}", m.id);
                    let note = format!(
                        "kills the mutant {} ({}); found by `runner mutants --save`, expected \
                         output from brute.rs",
                        m.id, m.what
                    );
                    judging::save_case(&cx.ws, problem, &case, note, input, expected)?;
                    let _ = writeln!(out, "  saved as case {case}");
                    saved.push((input.to_vec(), case));
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    "survivor {} probably equivalent: {} seeds of stress did not tell it apart",
                    m.id, report.seeds
                );
            }
        }
    }
    Ok(out)
}
