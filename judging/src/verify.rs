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
    errors.extend(game_errors(problem));
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

/// A problem's game.toml and the block of its brute force generated from it: the file must
/// read, and the block (where brute.rs has one) must be what game.toml makes today. A brute
/// force without a block is the problem's own oracle (poj3537's literal strip), left as it is.
pub fn game_errors(problem: &Problem) -> Vec<ConfigError> {
    let game_path = problem.dir.join("game.toml");
    let brute = problem.brute_path();
    let text = if brute.extension().is_some_and(|e| e == "rs") {
        std::fs::read_to_string(&brute).ok()
    } else {
        None
    };
    let has_block = text.as_deref().is_some_and(games::oracle::has_block);
    let err = |path: &std::path::Path, line: Option<usize>, message: String| ConfigError {
        path: path.to_path_buf(),
        line: line.map(|l| (l, 1)),
        message,
    };
    if !game_path.is_file() {
        return if has_block {
            vec![err(
                &brute,
                None,
                format!(
                    "it holds a block generated from game.toml, and problems/{}/game.toml is \
                     missing",
                    problem.slug
                ),
            )]
        } else {
            Vec::new()
        };
    }
    let file = match games::file::read_file(&game_path) {
        Ok(f) => f,
        Err(e) => {
            let message = match &e.field {
                Some(field) => format!("{field}: {}", e.message),
                None => e.message.clone(),
            };
            return vec![ConfigError {
                path: e.path,
                line: e.line,
                message,
            }];
        }
    };
    let (Some(game), Some(text)) = (file.heap(), text.filter(|_| has_block)) else {
        return Vec::new();
    };
    match games::oracle::check(&text, game, &problem.slug) {
        Ok(()) => Vec::new(),
        Err(e) => {
            vec![err(
                &brute,
                e.line(),
                format!(
                    "{}; `runner game {} --write-brute` rewrites the block from game.toml",
                    e.detail(),
                    problem.slug
                ),
            )]
        }
    }
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
