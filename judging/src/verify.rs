//! `verify`'s rules, next to the fixture checks: what a problem must have before its fixtures
//! can be checked, and which cases the brute force checks.

use crate::config::ConfigError;
use crate::fixture::{Case, Oracle, Source};
use crate::problem::Problem;
use crate::validate;
use crate::workspace::Workspace;

/// How much slower than the limit a wrong solution that must TLE has to be.
pub const TLE_FACTOR: u32 = 2;

/// What stops `verify` on one problem: a case that does not say where its expected output comes
/// from, a missing brute force where a case needs it, a missing validator, or nothing showing
/// that the validator rejects anything.
pub fn fixture_errors(ws: &Workspace, problem: &Problem, cases: &[Case]) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    let err = |path: &std::path::Path, line: Option<(usize, usize)>, message: String| ConfigError {
        path: path.to_path_buf(),
        line,
        message,
    };
    let fixture_path = problem.fixture_path(ws);
    for c in cases.iter().filter(|c| c.source.is_none()) {
        errors.push(err(
            &fixture_path,
            Some((c.line, 1)),
            format!(
                "case `{}` does not say where its expected output comes from \
                 (source = \"sample\" | \"hand\" | \"brute\" | \"formula\" | \"reference\")",
                c.name
            ),
        ));
    }
    // The brute force is needed only where a case is to be checked by it.
    if cases.iter().any(|c| c.oracle == Oracle::Brute) && !problem.brute_path().is_file() {
        errors.push(err(
            &problem.brute_path(),
            None,
            format!(
                "missing: verify needs the problem's brute force (or mark the cases beyond \
                 its reach oracle = \"formula\"; `runner new {} --brute` writes one to fill in)",
                problem.slug
            ),
        ));
    }
    let validator = problem.validator_path();
    if !validator.is_file() {
        errors.push(err(
            &validator,
            None,
            format!(
                "missing validate.rs: verify runs the problem's input validator on every \
                 fixture input (`runner new {} --validator` writes one to fill in)",
                problem.slug
            ),
        ));
    } else if !cases.iter().any(|c| c.outside_statement.is_some())
        && validate::invalid_inputs(problem).is_empty()
    {
        errors.push(err(
            &validator,
            None,
            format!(
                "nothing shows that the validator rejects anything: mark a fixture case \
                 outside_statement = \"why\", or add problems/{}/invalid/<name>.in",
                problem.slug
            ),
        ));
    }
    errors
}

/// The cases the brute force checks (`oracle = "brute"`), and the notes of the problem's line:
/// how many formula cases were skipped, how many rest on a reference solution's output.
pub fn brute_cases(cases: Vec<Case>) -> (Vec<String>, Vec<Case>) {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let reference = cases
        .iter()
        .filter(|c| c.source == Some(Source::Reference))
        .count();
    let (cases, skipped): (Vec<Case>, Vec<Case>) =
        cases.into_iter().partition(|c| c.oracle == Oracle::Brute);
    let mut notes = Vec::new();
    if !skipped.is_empty() {
        notes.push(format!(
            "skipped {} formula case{} (oracle = \"formula\")",
            skipped.len(),
            plural(skipped.len())
        ));
    }
    if reference > 0 {
        notes.push(format!(
            "{reference} case{} rest{} on a reference solution's output (source = \"reference\"): \
             weaker evidence than a brute force",
            plural(reference),
            if reference == 1 { "s" } else { "" }
        ));
    }
    (notes, cases)
}
