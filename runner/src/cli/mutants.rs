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
//! judged to its first rejection, with the problem's tools built once ([`judging::tools`]).
//! Results are kept under `target/judge/mutants/` by the digest of the mutant, the fixtures, the
//! limits and the checker and interactor: a second run judges only what changed.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::context::{find_problem, print, Context};
use super::MutantsArgs as Args;
use crate::machine::html::{self, Fate as PageFate};
use crate::machine::{self};
use crate::records::Records;
use judging::exit;
use judging::fixture::Case;
use judging::mutate::{self, Mutant};
use judging::problem::Problem;
use judging::run::{self, Planned, Role, Subject, SubjectReport, ToolProgram};
use judging::tools::{self, Toolbox};
use judging::verdict::Verdict;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct MutantsToml {
    #[serde(default)]
    equivalent: Vec<Equivalent>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Equivalent {
    id: String,
    reason: String,
}

/// What became of one mutant.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Fate {
    Caught { case: String, verdict: Verdict },
    Survived,
    NoCompile,
    NotRun,
}

impl Fate {
    fn encode(&self) -> String {
        match self {
            Fate::Caught { case, verdict } => format!("caught {verdict} {case}"),
            Fate::Survived => "survived".into(),
            Fate::NoCompile => "ce".into(),
            Fate::NotRun => "not-run".into(),
        }
    }

    fn decode(s: &str) -> Option<Fate> {
        let mut w = s.split_whitespace();
        match w.next()? {
            "caught" => {
                let verdict: Verdict = serde_json::from_str(&format!("\"{}\"", w.next()?)).ok()?;
                Some(Fate::Caught {
                    verdict,
                    case: w.next()?.to_string(),
                })
            }
            "survived" => Some(Fate::Survived),
            "ce" => Some(Fate::NoCompile),
            _ => None,
        }
    }
}

pub fn mutants(cx: &Context, a: &Args) -> Result<u8> {
    let problems = cx.discover()?;
    find_problem(&problems, &a.slug)?;
    let (problem, mut cases) = cx.load_one(&problems, &a.slug, &[])?;
    cases.sort_by_key(|c| c.input.len());
    let equivalent = equivalents(&problem)?;
    let needs = tools::needs_of_cases(&problem, &cases);
    let tools = tools::build(
        &cx.builder,
        &cx.judges,
        &run::pool(cx.jobs)?,
        &problem,
        &needs,
    )?;
    let start = Instant::now();
    let mut text = String::new();
    let mut all_survived = 0;
    let mut score_lines = Vec::new();
    let mut pages = Vec::new();
    for source in &judging::holes::Solutions::of(&problem).written {
        let original = std::fs::read_to_string(source)
            .with_context(|| format!("cannot read {}", source.display()))?;
        let rust = source.extension().is_some_and(|e| e == "rs");
        let list = mutate::sample(mutate::mutants(&original, rust), a.max);
        let fates = judge_all(cx, &problem, &cases, source, &list, &tools, a, start)?;
        let (mut summary, survived) = render(cx, source, &original, &list, &fates, &equivalent);
        let survivors: Vec<&Mutant> = list
            .iter()
            .zip(&fates)
            .filter(|(m, f)| **f == Fate::Survived && !equivalent.contains_key(&m.id))
            .map(|(m, _)| m)
            .collect();
        if a.hunt > 0 && !survivors.is_empty() {
            summary.push_str(&hunt(cx, &problem, source, &survivors, a)?);
        }
        all_survived += survived;
        let score = summary.lines().next().unwrap_or_default().to_string();
        if cx.outputs.html_path().is_some() {
            let shown = cx.ws.display(source).to_string();
            pages.push(page(
                &problem.slug,
                &shown,
                &original,
                &list,
                &fates,
                &equivalent,
                &score,
            ));
        }
        score_lines.push(score);
        text.push_str(&summary);
    }
    if let Some(path) = cx.outputs.html_path() {
        let info = html::PageInfo {
            mutants: pages,
            ..machine::page_info()
        };
        machine::write_html(path, &Records::empty(), &info)?;
    }
    let dir = cx.ws.cache_dir().join("mutants");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join(format!("{}.score", problem.slug)),
        score_lines.join("\n") + "\n",
    );
    print(&text)?;
    Ok(if all_survived == 0 {
        exit::PASSED
    } else {
        exit::FAILED
    })
}

/// The mutants marked equivalent in `problems/<slug>/mutants.toml`, by id, with their reasons.
fn equivalents(problem: &Problem) -> Result<BTreeMap<String, String>> {
    let path = problem.dir.join("mutants.toml");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(BTreeMap::new());
    };
    let parsed: MutantsToml = judging::config::parse_toml(&path, &text)?;
    Ok(parsed
        .equivalent
        .into_iter()
        .map(|e| (e.id, e.reason))
        .collect())
}

/// Every mutant of `list` judged to its first rejection: one plan (each mutant a program
/// whose first rejection is wanted, cases smallest first) that the engine executes, as it does
/// `runner judge`'s; results kept by content.
#[allow(clippy::too_many_arguments)]
fn judge_all(
    cx: &Context,
    problem: &Problem,
    cases: &[Case],
    source: &Path,
    list: &[Mutant],
    tools: &Toolbox,
    a: &Args,
    start: Instant,
) -> Result<Vec<Fate>> {
    let dir = cx.ws.cache_dir().join("mutants").join(&problem.slug);
    std::fs::create_dir_all(&dir)?;
    // The checker and the interactor decide what is caught: a result is kept by them too.
    let fixtures = fixture_digest(cases, tools, &cx.ws.cache_dir().join("build"))?;
    let kept_at = |m: &Mutant| dir.join(format!("{}-{fixtures}", m.id));
    let mut fates: Vec<Option<Fate>> = list
        .iter()
        .map(|m| {
            let kept = std::fs::read_to_string(kept_at(m)).ok()?;
            Fate::decode(&kept)
        })
        .collect();
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
        planned.checker = tools.checker.clone().map(ToolProgram::Built);
        planned.interactor = tools
            .interactor
            .clone()
            .map(|i| ToolProgram::Built(i.program));
        let report = cx.execute_until(vec![planned], budget)?;
        let problem_report = report.problems.first().expect("one problem");
        for (&i, s) in judged.iter().zip(&problem_report.subjects) {
            let fate = fate_of(s, cases).with_context(|| {
                let m = &list[i];
                format!("mutant {} ({})", m.id, m.what)
            })?;
            if fate != Fate::NotRun {
                let _ = std::fs::write(kept_at(&list[i]), fate.encode());
            }
            fates[i] = Some(fate);
        }
    }
    Ok(fates
        .into_iter()
        .map(|f| f.unwrap_or(Fate::NotRun))
        .collect())
}

/// What the engine's report says of one mutant: its first rejection, or that it survived
/// every case; not run when the run was cut (Ctrl-C, `--time`) before that was known. A
/// checker that fails (JE) has caught nothing: it is an error, as it ends `runner judge` (exit
/// 2), and nothing is kept.
fn fate_of(s: &SubjectReport, cases: &[Case]) -> Result<Fate> {
    if s.build_cut {
        return Ok(Fate::NotRun);
    }
    if s.build.program.is_err() {
        return Ok(Fate::NoCompile);
    }
    for (o, case) in s.outcomes.iter().zip(cases) {
        let Some(o) = o else {
            return Ok(Fate::NotRun);
        };
        if o.verdict == Verdict::CheckerFailed {
            anyhow::bail!(
                "case {}: {}",
                case.name,
                o.detail.as_deref().unwrap_or("the checker failed")
            );
        }
        if !o.verdict.is_accepted() {
            return Ok(Fate::Caught {
                case: case.name.clone(),
                verdict: o.verdict,
            });
        }
    }
    Ok(Fate::Survived)
}

/// A digest of everything the cases judge by: inputs, outputs, limits, compare modes, and the
/// checker and interactor (their files and how they are called).
fn fixture_digest(cases: &[Case], tools: &Toolbox, builds: &Path) -> Result<String> {
    let mut h = Sha256::new();
    let judging = tools
        .judging_digest(builds)
        .context("cannot read the checker or the interactor")?;
    h.update(judging);
    for c in cases {
        h.update(c.name.as_bytes());
        h.update(&*c.input.read().unwrap_or_default());
        h.update(&*c.expected.read().unwrap_or_default());
        h.update(format!("{:?} {:?}", c.limits, c.compare).as_bytes());
    }
    Ok(h.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The report of one solution's mutants (its first line is the score) and how many survived
/// that are not marked equivalent.
fn render(
    cx: &Context,
    source: &Path,
    original: &str,
    list: &[Mutant],
    fates: &[Fate],
    equivalent: &BTreeMap<String, String>,
) -> (String, usize) {
    let count = |f: &dyn Fn(&Fate) -> bool| fates.iter().filter(|x| f(x)).count();
    let caught = count(&|f| matches!(f, Fate::Caught { .. }));
    let ce = count(&|f| *f == Fate::NoCompile);
    let not_run = count(&|f| *f == Fate::NotRun);
    let marked = list
        .iter()
        .zip(fates)
        .filter(|(m, f)| **f == Fate::Survived && equivalent.contains_key(&m.id))
        .count();
    let survivors: Vec<&Mutant> = list
        .iter()
        .zip(fates)
        .filter(|(m, f)| **f == Fate::Survived && !equivalent.contains_key(&m.id))
        .map(|(m, _)| m)
        .collect();
    let judged = caught + survivors.len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "mutants of {}: {} made, {ce} did not compile, {caught} caught, {} survived, {marked} marked \
         equivalent{}; score {caught}/{judged} = {:.1}%",
        cx.ws.display(source),
        list.len(),
        survivors.len(),
        if not_run > 0 {
            format!(", {not_run} not run (--time)")
        } else {
            String::new()
        },
        if judged == 0 {
            100.0
        } else {
            100.0 * caught as f64 / judged as f64
        }
    );
    for m in &survivors {
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
    (out, survivors.len())
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
    a: &Args,
) -> Result<String> {
    let mut out = String::new();
    if !problem.gen_path().is_file() || !problem.brute_path().is_file() {
        let _ = writeln!(out, "no hunt: the problem has no gen and brute force");
        return Ok(out);
    }
    let dir = cx.ws.cache_dir().join("mutants").join(&problem.slug);
    let name = source.file_name().expect("a file").to_owned();
    // Inputs saved by this hunt: one that kills several survivors is saved once.
    let mut saved: Vec<(Vec<u8>, String)> = Vec::new();
    for m in survivors {
        let path = dir.join(&m.id).join(&name);
        let opts = judging::stress::StressOptions {
            count: a.hunt,
            seed: 1,
            size: 1,
            max_size: Some(3),
            time: None,
            program: Some(path),
            jobs: cx.jobs,
            transcript_lines: cx.transcript_lines(),
            cancel: cx.cancel.clone(),
        };
        let report = judging::stress::stress(
            problem,
            &cx.judges,
            &cx.builder,
            cx.sandbox()?,
            &opts,
            &|_| {},
        )?;
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
                    judging::fixture::save_case(&cx.ws, problem, &case, note, input, expected)?;
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
