//! `runner verify [FILTER…]`: the fixtures checked against the problem's own programs: the
//! validator on every input (and on invalid/), the brute force on every case it can reach, and
//! the wrong solutions that must TLE at twice the limit.

use anyhow::Result;
use sandbox::Executor;

use super::context::{select, Context};
use crate::report;
use judging::validate;
use judging::verify::{self as rules, TLE_FACTOR};
use judging::Case;
use judging::Problem;
use judging::Tool;
use judging::{Planned, Role, Subject};
use judging::{Verdict, Verdicts};

pub fn verify(cx: &Context, filters: &[String]) -> Result<u8> {
    let problems = if filters.is_empty() {
        cx.discover_all()?
    } else {
        cx.discover()?
    };
    let chosen = select(&problems, filters)?;
    let work = cx.load_fixtures(&chosen, &[])?;
    cx.refuse(
        work.iter()
            .flat_map(|(problem, cases)| rules::fixture_errors(&cx.ws, problem, cases))
            .collect(),
    )?;
    let checks = validate_all(cx, &work)?;
    let validation = report::render_validation(&checks, cx.ws.root(), cx.report);
    let mut plan = Vec::new();
    for (problem, cases) in work {
        plan.extend(slow_wrong_solutions(cx, &problem, &cases)?);
        let score = last_mutation_score(cx, &problem.slug);
        let mut brute = brute_force(cx, problem, cases)?;
        if let (Some(p), Some(score)) = (brute.as_mut(), score) {
            p.notes.push(score);
        }
        plan.extend(brute);
    }
    cx.execute_and_report(plan, Some((validation, validate::tally(&checks))))
}

/// The validator on every problem's inputs, until Ctrl-C.
fn validate_all(
    cx: &Context,
    work: &[(Problem, Vec<Case>)],
) -> Result<Vec<validate::ProblemChecks>> {
    let pool = cx.session.pool()?;
    let mut checks = Vec::new();
    for (problem, cases) in work {
        let built = cx.session.tools(problem, &[Tool::Validator])?;
        let validator = built.validator.expect("built");
        checks.push(validate::check_problem(
            cx.sandbox()?,
            &pool,
            &validator,
            problem,
            cases,
            cx.ws.root(),
        )?);
        if cx.cancel.is_cancelled() {
            break;
        }
    }
    Ok(checks)
}

/// A wrong solution that must TLE has to be slow by a clear factor: still a TLE at twice the
/// time limit, so that a machine twice as fast does not make the fixtures lie.
fn slow_wrong_solutions(
    cx: &Context,
    problem: &Problem,
    cases: &[Case],
) -> Result<Option<Planned>> {
    let slow: Vec<Subject> = problem
        .wrong
        .iter()
        .filter(|w| w.expect.required == Verdicts::one(Verdict::TimeLimitExceeded))
        .map(|w| {
            let mut limits = problem.meta.limits();
            limits.time = limits.time.saturating_mul(TLE_FACTOR);
            cx.wrong(problem, w, Some(limits))
        })
        .collect::<Result<_>>()?;
    if slow.is_empty() {
        return Ok(None);
    }
    let mut planned = Planned::new(problem.clone(), cases.to_vec(), slow);
    planned.notes.push(format!(
        "wrong solutions that must TLE judged at {TLE_FACTOR} × the time limit"
    ));
    Ok(Some(planned))
}

/// The brute force on the cases it checks (`oracle = "brute"`); the notes say what it skipped
/// and what rests on weaker evidence. `None` when every case is beyond it.
fn brute_force(cx: &Context, problem: Problem, cases: Vec<Case>) -> Result<Option<Planned>> {
    let (notes, cases) = rules::brute_cases(cases);
    if cases.is_empty() {
        // Every case is beyond the brute force (the validator's line names the problem).
        return Ok(None);
    }
    if problem.meta.interactive {
        return interactive_oracle(cx, problem, cases, notes);
    }
    let subject = Subject {
        source: problem.brute_path(),
        role: Role::Oracle,
        why: None,
        limits: Some(problem.meta.brute_limits()),
        profile: Tool::BruteForce.profile(&cx.judges, &problem)?,
    };
    let mut planned = Planned::new(problem, cases, vec![subject]);
    planned.notes = notes;
    Ok(Some(planned))
}

/// An interactive problem's cases have no output to check: the brute force's output on each is
/// the jury's answer (testlib's ANSWER), with which the solution plays; the interactor fails
/// (JE) where its own theory disagrees with it. So the brute force checks the interactor, which
/// judges the solution.
fn interactive_oracle(
    cx: &Context,
    problem: Problem,
    mut cases: Vec<Case>,
    mut notes: Vec<String>,
) -> Result<Option<Planned>> {
    let tools = cx.session.tools(&problem, &[Tool::BruteForce])?;
    let brute = tools.brute.expect("built");
    let limits = problem.meta.brute_limits();
    for case in &mut cases {
        let input = case.input.read()?;
        let out = cx
            .sandbox()?
            .run(&brute, sandbox::Stdin::Bytes(&input), &limits, 1 << 20)?;
        if let Some((verdict, detail)) = judging::judgement::limit_failure(&out, &limits) {
            anyhow::bail!(
                "{}: the brute force got {verdict} on case {} ({detail})",
                problem.slug,
                case.name
            );
        }
        case.expected = judging::Content::from(out.stdout);
    }
    let written = judging::Solutions::of(&problem).written;
    let Some(solution) = written.first().cloned() else {
        return Ok(None);
    };
    notes.push(
        "interactive: the solution played each case with the brute force's answer given to the \
         interactor (ANSWER), which fails where its theory disagrees"
            .into(),
    );
    let subject = Subject {
        profile: cx.subject_profile(&problem, &problem.meta.judge, &solution)?,
        source: solution,
        role: Role::Oracle,
        why: None,
        limits: None,
    };
    let mut planned = Planned::new(problem, cases, vec![subject]);
    planned.notes = notes;
    Ok(Some(planned))
}

/// The mutation score `runner mutants` measured last for `slug` (kept under target/judge/), one
/// per solution file.
fn last_mutation_score(cx: &Context, slug: &str) -> Option<String> {
    let scores: Vec<String> = judging::mutants::last_scores(&cx.ws.cache_dir(), slug)
        .iter()
        .map(judging::mutants::Score::fraction)
        .collect();
    (!scores.is_empty()).then(|| format!("last mutation score: {}", scores.join(", ")))
}
