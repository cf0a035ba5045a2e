//! Holes: files the runner would otherwise pass over in silence, each of which makes a green run
//! lie (a fixture file for a misspelt slug whose cases never run, a problem folder without its
//! `problem.toml`, a solution named after no problem, an input file no case reads, a checker no
//! case uses). Every one is a configuration error: the run stops before anything runs (exit 2).
//!
//! [`workspace`] looks at the whole workspace; [`problem`] at one problem once its fixture is
//! loaded. Names starting with `.` (editor and VCS files) and README files are never holes.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::compare::CompareMode;
use crate::compile::Language;
use crate::fixture::Fixture;
use crate::problem::{ConfigError, Problem};
use crate::workspace::Workspace;

fn error(path: &Path, message: impl Into<String>) -> ConfigError {
    ConfigError {
        path: path.to_path_buf(),
        line: None,
        message: message.into(),
    }
}

/// The folder of `problems/` that holds code shared by the problems' programs (the validators'
/// reader), not a problem: no slug starts with `_`.
pub const SHARED: &str = "_shared";

/// Whether a file or folder is passed over: hidden, or a README.
fn ignored(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') || is_readme(&name)
}

/// A C or C++ header: read by the programs that include it (the build cache follows it), never a
/// program itself, so never a hole beside a solution or a problem's programs.
fn is_header(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("h" | "hh" | "hpp" | "hxx" | "h++" | "inl")
    )
}

fn is_readme(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower == "readme" || lower.starts_with("readme.")
}

/// The entries of `dir` (none if it does not exist), sorted by name.
fn entries(dir: &Path) -> Vec<std::fs::DirEntry> {
    let mut v: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).collect())
        .unwrap_or_default();
    v.sort_by_key(|e| e.file_name());
    v
}

/// The slugs of the workspace: every folder of `problems/` that holds a `problem.toml`.
pub fn slugs(ws: &Workspace) -> Vec<String> {
    entries(&ws.problems_dir())
        .into_iter()
        .filter(|e| e.path().join("problem.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The edit distance of two short strings (for "did you mean").
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// ` (did you mean `x`?)` when a slug is close to `name`, else nothing.
fn did_you_mean(slugs: &[String], name: &str) -> String {
    slugs
        .iter()
        .map(|s| (distance(s, name), s))
        .filter(|&(d, s)| {
            d <= 2.max(name.len() / 4) || s.contains(name) || name.contains(s.as_str())
        })
        .min()
        .map(|(_, s)| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default()
}

/// Holes of the whole workspace: problem folders without `problem.toml`, fixture files and
/// folders of no problem, files under `solutions/` named after no problem.
pub fn workspace(ws: &Workspace) -> Vec<ConfigError> {
    let slugs = slugs(ws);
    let mut errors = Vec::new();
    for e in entries(&ws.problems_dir()) {
        if ignored(&e.file_name()) {
            continue;
        }
        let path = e.path();
        if !path.is_dir() {
            errors.push(error(
                &path,
                "not a problem folder: problems/ holds one folder per problem \
                 (move or remove this file)",
            ));
        } else if e.file_name() == SHARED {
            // Code that the problems' programs take in (`#[path = "../_shared/…"] mod …;`).
        } else if !path.join("problem.toml").exists() {
            errors.push(error(
                &path,
                "a problem folder without problem.toml: its cases would never run \
                 (`runner new <slug>` scaffolds a problem; or remove the folder)",
            ));
        }
    }
    for e in entries(&ws.fixtures_dir()) {
        let name = e.file_name();
        if ignored(&name) {
            continue;
        }
        let path = e.path();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !slugs.iter().any(|s| *s == name) {
                errors.push(error(
                    &path,
                    format!(
                        "no problem `{name}` (no problems/{name}/problem.toml): these files \
                         belong to no problem{}",
                        did_you_mean(&slugs, &name)
                    ),
                ));
            }
        } else if let Some(stem) = name.strip_suffix(".toml") {
            if !slugs.iter().any(|s| s == stem) {
                errors.push(error(
                    &path,
                    format!(
                        "no problem `{stem}` (no problems/{stem}/problem.toml): its cases would \
                         never run{}",
                        did_you_mean(&slugs, stem)
                    ),
                ));
            }
        } else {
            errors.push(error(
                &path,
                "not a fixture file: fixtures/ holds <slug>.toml files and <slug>/ folders",
            ));
        }
    }
    errors.extend(solutions(ws, &slugs));
    errors
}

/// Files under `solutions/` that are not the solution of a problem.
fn solutions(ws: &Workspace, slugs: &[String]) -> Vec<ConfigError> {
    let root = ws.solutions_dir();
    // The Cargo package that lets the Rust solutions build with Cargo, clippy and rust-analyzer.
    let package = [root.join("Cargo.toml"), root.join("src").join("lib.rs")];
    let mut errors = Vec::new();
    let walker = WalkDir::new(&root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || (e.file_name() != "target" && !ignored(e.file_name())));
    for entry in walker.filter_map(|e| e.ok()) {
        if !entry.file_type().is_file()
            || package.iter().any(|p| p == entry.path())
            || is_header(entry.path())
        {
            continue;
        }
        let path = entry.path();
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        if !slugs.iter().any(|s| *s == stem) {
            errors.push(error(
                path,
                format!(
                    "no problem `{stem}`: a solution is named after its problem's slug, \
                     and this file would never be judged{}",
                    did_you_mean(slugs, &stem)
                ),
            ));
        } else if !Language::from_path(path).is_some_and(|l| l.is_source()) {
            errors.push(error(
                path,
                "not a source file the runner builds (.rs, .cpp, .cc, .cxx, .c, .py): \
                 it would never be judged",
            ));
        }
    }
    errors
}

/// Whether any case of `problem` is judged by its checker.
pub fn uses_checker(problem: &Problem, fixture: &Fixture) -> bool {
    problem.meta.compare == CompareMode::Checker
        || fixture
            .cases
            .iter()
            .any(|c| c.compare == CompareMode::Checker)
}

/// Holes of one problem, once its fixture is loaded: files under `fixtures/<slug>/` that no case
/// reads, stray files in `wrong/` and `invalid/`, a checker that is missing or that no case uses.
pub fn problem(ws: &Workspace, problem: &Problem, fixture: &Fixture) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    let read: HashSet<&PathBuf> = fixture.files.iter().collect();
    let dir = ws.fixtures_dir().join(&problem.slug);
    let walker = WalkDir::new(&dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !ignored(e.file_name()));
    for entry in walker.filter_map(|e| e.ok()) {
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        if !read.contains(&real) {
            let rel = path.strip_prefix(ws.fixtures_dir()).unwrap_or(path);
            let key = if path.extension() == Some(OsStr::new("out")) {
                "output_file"
            } else {
                "input_file"
            };
            errors.push(error(
                path,
                format!(
                    "no case reads this file: a forgotten case? (add a [[case]] with {key} = \"{}\" \
                     to {}.toml, or delete the file)",
                    rel.display(),
                    problem.slug
                ),
            ));
        }
    }

    let wrong_dir = problem.dir.join("wrong");
    for e in entries(&wrong_dir) {
        let name = e.file_name();
        if ignored(&name) || name == "wrong.toml" || is_header(&e.path()) {
            continue;
        }
        let path = e.path();
        if path.is_dir() {
            errors.push(error(
                &path,
                "a folder in wrong/: wrong.toml lists files of wrong/ itself, so nothing in \
                 here is judged",
            ));
        } else if !problem.wrong.iter().any(|w| w.source == path) {
            errors.push(error(
                &path,
                "not a wrong solution the runner builds (.rs, .cpp, .cc, .cxx, .c, .py): \
                 it would never be judged",
            ));
        }
    }

    let invalid_dir = problem.dir.join("invalid");
    for e in entries(&invalid_dir) {
        let path = e.path();
        if ignored(&e.file_name()) {
            continue;
        }
        // `NAME.err` beside `NAME.in` holds the validator's expected message.
        let message_of_an_input =
            path.extension() == Some(OsStr::new("err")) && path.with_extension("in").is_file();
        if message_of_an_input {
            continue;
        }
        if path.is_dir() || path.extension() != Some(OsStr::new("in")) {
            errors.push(error(
                &path,
                "invalid/ holds inputs the validator must reject, named *.in: this one would \
                 never be tried",
            ));
        }
    }

    // The problem's own programs have fixed names, in any language the runner builds; a file
    // in another language, or a second one of the same name, would be ignored.
    for stem in ["validate", "checker", "brute", "gen"] {
        let used = problem.dir.join(format!("{stem}.rs"));
        let programs = crate::problem::tool_files(&problem.dir, stem);
        let used = if used.is_file() {
            used
        } else {
            programs.first().cloned().unwrap_or(used)
        };
        for e in entries(&problem.dir) {
            let path = e.path();
            if path.file_stem() != Some(OsStr::new(stem)) || path == used {
                continue;
            }
            let why = if programs.contains(&path) {
                format!(
                    "a second {stem} program: only {} is run (keep one)",
                    used.file_name().unwrap_or_default().to_string_lossy()
                )
            } else {
                format!(
                    "{stem} in a language the runner does not build: this file would be ignored \
                     (judges.toml lists the languages)"
                )
            };
            errors.push(error(&path, why));
        }
    }

    let checker = problem.checker_path();
    match (uses_checker(problem, fixture), checker.is_file()) {
        (true, false) => errors.push(error(
            &checker,
            "missing: compare = \"checker\" needs the problem's checker \
             (`checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE)",
        )),
        (false, true) => errors.push(error(
            &checker,
            "no case is judged by this checker: set compare = \"checker\" in problem.toml \
             (or on the cases that need it), or remove it",
        )),
        _ => {}
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_slugs_are_suggested() {
        let slugs = vec!["hdu1847-cet4".to_string(), "nim".to_string()];
        assert_eq!(
            did_you_mean(&slugs, "hdu1847-cet"),
            " (did you mean `hdu1847-cet4`?)"
        );
        assert_eq!(did_you_mean(&slugs, "nmi"), " (did you mean `nim`?)");
        assert_eq!(did_you_mean(&slugs, "no-such-problem"), "");
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn readmes_and_hidden_files_are_never_holes() {
        for name in [
            "README.md",
            "readme.txt",
            "README",
            ".gitignore",
            ".nim.rs.swp",
        ] {
            assert!(ignored(OsStr::new(name)), "{name}");
        }
        for name in ["nim.rs", "readme-notes.in", "notes.md"] {
            assert!(!ignored(OsStr::new(name)), "{name}");
        }
    }
}
