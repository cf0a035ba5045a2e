//! Holes: files the runner would otherwise pass over in silence, each of which makes a green run
//! lie (a fixture file for a misspelt slug whose cases never run, a problem folder without its
//! `problem.toml`, a solution named after no problem, an input file no case reads, a checker no
//! case uses). Every one is a configuration error: the run stops before anything runs (exit 2).
//!
//! [`workspace`] looks at the whole workspace; [`problem`] at one problem once its fixture is
//! loaded; [`judges`] at the judges the problems name. They read the workspace's one [`Scan`]
//! (names starting with `.`, editor and VCS files, and README files are never in it), and list no
//! directory themselves.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::compare::CompareMode;
use crate::config::ConfigError;
use crate::fixture::Fixture;
use crate::judges::Judges;
use crate::problem::{Convention, Problem};
use crate::scan::Scan;
use crate::workspace::{is_valid_slug, FileKinds, Workspace, SHARED};

fn error(path: &Path, message: impl Into<String>) -> ConfigError {
    ConfigError {
        path: path.to_path_buf(),
        line: None,
        message: message.into(),
    }
}

/// A C or C++ header: read by the programs that include it (the build cache follows it), never a
/// program itself, so never a hole beside a solution or a problem's programs.
pub(crate) fn is_header(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("h" | "hh" | "hpp" | "hxx" | "h++" | "inl")
    )
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
/// folders of no problem, files under `solutions/` named after no problem. `runner`: the
/// command that starts the runner, for the hint that names `runner rm`.
pub(crate) fn workspace(
    ws: &Workspace,
    scan: &Scan,
    kinds: &FileKinds,
    runner: &str,
) -> Vec<ConfigError> {
    let slugs = scan.slugs();
    let mut errors = Vec::new();
    for e in &scan.problems {
        if !e.is_dir {
            errors.push(error(
                &e.path,
                "not a problem folder: problems/ holds one folder per problem \
                 (move or remove this file)",
            ));
        } else if name_of(&e.path) == SHARED {
            // Code that the problems' programs take in (`#[path = "../_shared/…"] mod …;`).
        } else if !scan.folders.contains_key(&*name_of(&e.path)) {
            let name = name_of(&e.path);
            errors.push(error(
                &e.path,
                format!(
                    "a problem folder without problem.toml: its cases would never run \
                     (`{runner} new {name}` scaffolds a problem there, or remove the folder){}",
                    removed_by_hand(&name, runner)
                ),
            ));
        }
    }
    for e in &scan.fixtures {
        errors.extend(fixture_entry(&e.path, e.is_dir, &slugs, runner));
    }
    errors.extend(solutions(ws, scan, &slugs, kinds, runner));
    errors
}

/// `; if problem `stem` was removed by hand, `runner rm stem` removes what is left of it`, for a
/// file named after no problem (when its name could be a slug).
fn removed_by_hand(stem: &str, runner: &str) -> String {
    if is_valid_slug(stem) {
        format!(
            "; if problem `{stem}` was removed by hand, `{runner} rm {stem}` removes what is \
             left of it"
        )
    } else {
        String::new()
    }
}

fn name_of(path: &Path) -> std::borrow::Cow<'_, str> {
    path.file_name().unwrap_or_default().to_string_lossy()
}

/// An entry of `fixtures/` that belongs to no problem.
fn fixture_entry(path: &Path, is_dir: bool, slugs: &[String], runner: &str) -> Option<ConfigError> {
    let name = name_of(path);
    let of_no_problem = |slug: &str| !slugs.iter().any(|s| s == slug);
    if is_dir {
        of_no_problem(&name).then(|| {
            error(
                path,
                format!(
                    "no problem `{name}` (no problems/{name}/problem.toml): these files \
                     belong to no problem{}{}",
                    did_you_mean(slugs, &name),
                    removed_by_hand(&name, runner)
                ),
            )
        })
    } else if let Some(stem) = name.strip_suffix(".toml") {
        of_no_problem(stem).then(|| {
            error(
                path,
                format!(
                    "no problem `{stem}` (no problems/{stem}/problem.toml): its cases would \
                     never run{}{}",
                    did_you_mean(slugs, stem),
                    removed_by_hand(stem, runner)
                ),
            )
        })
    } else {
        Some(error(
            path,
            "not a fixture file: fixtures/ holds <slug>.toml files and <slug>/ folders",
        ))
    }
}

/// Files under `solutions/` that are not the solution of a problem.
fn solutions(
    ws: &Workspace,
    scan: &Scan,
    slugs: &[String],
    kinds: &FileKinds,
    runner: &str,
) -> Vec<ConfigError> {
    let root = ws.solutions_dir();
    // The Cargo package that lets the Rust solutions build with Cargo, clippy and rust-analyzer.
    let package = [root.join("Cargo.toml"), root.join("src").join("lib.rs")];
    let mut errors = Vec::new();
    for path in &scan.solutions {
        if package.contains(path) || is_header(path) {
            continue;
        }
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        if !slugs.iter().any(|s| *s == stem) {
            errors.push(error(
                path,
                format!(
                    "no problem `{stem}`: a solution is named after its problem's slug, \
                     and this file would never be judged{}{}",
                    did_you_mean(slugs, &stem),
                    removed_by_hand(&stem, runner)
                ),
            ));
        } else if !kinds.is_source(path) {
            errors.push(error(
                path,
                format!(
                    "not a source file the runner builds ({}): it would never be judged",
                    kinds.listing()
                ),
            ));
        }
    }
    errors
}

/// A problem's solutions, told apart: those still `runner new`'s scaffold (judged as they are,
/// they would pass wherever the expected output is empty) and the others. An untouched scaffold
/// is never judged: beside a written solution it is ignored with a note, and a problem with no
/// other is "not written yet", skipped, not failed. A command given a file (`judge`, `submit
/// FILE`) does not look.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Solutions {
    /// The solutions someone wrote: judged.
    pub written: Vec<PathBuf>,
    /// The solutions still the scaffold `runner new` wrote: not judged.
    pub untouched: Vec<PathBuf>,
}

impl Solutions {
    /// The solutions of `problem`, told apart.
    pub fn of(problem: &Problem) -> Solutions {
        let (untouched, written) = problem
            .solutions
            .iter()
            .cloned()
            .partition(|s| crate::scaffold::is_untouched_solution(s, &problem.slug));
        Solutions { written, untouched }
    }

    /// Whether the problem is not written yet: it has solutions, all untouched scaffolds.
    pub fn not_written(&self) -> bool {
        self.written.is_empty() && !self.untouched.is_empty()
    }
}

/// Whether any case of `problem` is judged by its checker.
pub(crate) fn uses_checker(problem: &Problem, fixture: &Fixture) -> bool {
    problem.meta.compare == CompareMode::Checker
        || fixture
            .cases
            .iter()
            .any(|c| c.compare == CompareMode::Checker)
}

/// Holes of one problem, once its fixture is loaded: files under `fixtures/<slug>/` that no case
/// reads, stray files in `wrong/` and `invalid/`, a second or unbuildable program of the
/// problem's own, a checker that is missing or that no case uses.
pub(crate) fn problem(
    ws: &Workspace,
    kinds: &FileKinds,
    problem: &Problem,
    fixture: &Fixture,
) -> Vec<ConfigError> {
    let mut errors = unread_fixture_files(ws, problem, fixture);
    for e in &problem.folder.wrong {
        let name = e.path.file_name().unwrap_or_default();
        if name == "wrong.toml" || is_header(&e.path) {
            continue;
        }
        // The rest of a program folder with its own scripts: `X/` beside a listed `X.build`.
        let folder_of_a_script = || {
            let build = e.path.with_extension("build");
            e.path.extension().is_none() && problem.wrong.iter().any(|w| w.source == build)
        };
        if e.is_dir && !folder_of_a_script() {
            errors.push(error(
                &e.path,
                "a folder in wrong/: wrong.toml lists files of wrong/ itself, so nothing in \
                 here is judged",
            ));
        } else if !e.is_dir && !problem.wrong.iter().any(|w| w.source == e.path) {
            errors.push(error(
                &e.path,
                format!(
                    "not a wrong solution the runner builds ({}): it would never be judged",
                    kinds.listing()
                ),
            ));
        }
    }
    let invalid = &problem.folder.invalid;
    for e in invalid {
        // `NAME.err` beside `NAME.in` holds the validator's expected message.
        let input = e.path.with_extension("in");
        let message_of_an_input = e.path.extension() == Some(OsStr::new("err"))
            && invalid.iter().any(|i| i.path == input && !i.is_dir);
        if !message_of_an_input && (e.is_dir || e.path.extension() != Some(OsStr::new("in"))) {
            errors.push(error(
                &e.path,
                "invalid/ holds inputs the validator must reject, named *.in: this one would \
                 never be tried",
            ));
        }
    }
    errors.extend(own_programs(problem));
    errors.extend(checker_use(problem, fixture));
    errors
}

/// Cases that repeat an earlier case: the same input and expected output, judged the same way
/// (compare mode, limits) and making the same claim about the statement (`outside_statement`).
/// They test nothing more, and their verdicts come from the cache (a first run says it reused
/// them). A warning, not a hole: a Kattis package's test groups may reuse a test on purpose.
/// Cases are compared by size first, then by their first and last 4 KiB; only cases that agree
/// on those are read whole, one at a time, and known by a digest of their input and expected
/// output (never all held at once: a fixture's cases may be gigabytes, and this runs before
/// every run).
pub(crate) fn duplicate_cases(
    ws: &Workspace,
    problem: &Problem,
    fixture: &Fixture,
) -> Vec<ConfigError> {
    use sha2::{Digest, Sha256};
    use std::collections::HashMap;
    let judged_as = |c: &crate::fixture::Case| {
        (
            c.input.len(),
            c.expected.len(),
            format!(
                "{:?} {:?} {:?} {:?}",
                c.compare, c.limits, c.output_limit, c.outside_statement
            ),
        )
    };
    let mut by_size: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, c) in fixture.cases.iter().enumerate() {
        by_size.entry(judged_as(c)).or_default().push(i);
    }
    let mut by_shape: HashMap<_, Vec<usize>> = HashMap::new();
    for group in by_size.into_values().filter(|g| g.len() > 1) {
        for i in group {
            let c = &fixture.cases[i];
            let (Ok(input), Ok(expected)) = (c.input.ends(4096), c.expected.ends(4096)) else {
                continue;
            };
            by_shape
                .entry((judged_as(c), input, expected))
                .or_default()
                .push(i);
        }
    }
    let digest = |c: &crate::fixture::Case| {
        let (input, expected) = (c.input.read().ok()?, c.expected.read().ok()?);
        let mut h = Sha256::new();
        h.update((input.len() as u64).to_le_bytes());
        h.update(&input);
        h.update(&expected);
        Some(h.finalize())
    };
    let path = ws.fixtures_dir().join(format!("{}.toml", problem.slug));
    let mut errors = Vec::new();
    let mut twins: Vec<(usize, usize)> = Vec::new();
    for group in by_shape.values().filter(|g| g.len() > 1) {
        let mut first_of = HashMap::new();
        for &i in group {
            let Some(d) = digest(&fixture.cases[i]) else {
                continue;
            };
            let first = *first_of.entry(d).or_insert(i);
            if first != i {
                twins.push((i, first));
            }
        }
    }
    twins.sort_unstable();
    for (i, first) in twins {
        let c = &fixture.cases[i];
        errors.push(ConfigError {
            path: path.clone(),
            line: Some((c.line, 1)),
            message: format!(
                "case `{}` repeats case `{}` (the same input and expected output, judged the \
                 same way): it tests nothing more, and its verdict is the other's",
                c.name, fixture.cases[first].name
            ),
        });
    }
    errors
}

/// Files under `fixtures/<slug>/` that no case reads.
fn unread_fixture_files(ws: &Workspace, problem: &Problem, fixture: &Fixture) -> Vec<ConfigError> {
    let read: HashSet<&PathBuf> = fixture.files.iter().collect();
    let mut errors = Vec::new();
    for (path, real) in &problem.folder.fixture_files {
        if read.contains(real) {
            continue;
        }
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
    errors
}

/// The problem's own programs have fixed names, in any language the runner builds; a file in
/// another language, or a second one of the same name, would be ignored.
fn own_programs(problem: &Problem) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    for stem in ["validate", "checker", "brute", "gen", "interactor"] {
        let used = problem.tool_path(stem);
        let programs = problem.tool_files(stem);
        for path in problem.folder.files() {
            // A header named like a program (a Kattis checker's `validate.h`) is read by the
            // program that includes it: never a hole.
            if path.file_stem() != Some(OsStr::new(stem)) || path == used || is_header(path) {
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
            errors.push(error(path, why));
        }
    }
    errors
}

/// A checker that is missing where a case needs it, or that no case uses (an interactive
/// problem's checker judges what its interactor writes, when the convention is testlib's); an
/// interactor missing from an interactive problem, or present in another.
fn checker_use(problem: &Problem, fixture: &Fixture) -> Option<ConfigError> {
    let checker = problem.checker_path();
    let interactor = problem.interactor_path();
    let has = |p: &Path| problem.folder.files().any(|f| f == p);
    if problem.meta.passes_fed() {
        // Its checker plays the passes (interactor_path is the checker's): every case uses it.
        return (!has(&checker)).then(|| {
            error(
                &checker,
                "missing: a multi-pass problem needs its checker, a Kattis output validator \
                 (`validator INPUT ANSWER FEEDBACK_DIR < OUTPUT`, exit 42 AC, 43 WA; \
                 `nextpass.in` in FEEDBACK_DIR for another pass)",
            )
        });
    }
    let interactive = problem.meta.interactive;
    let testlib = problem.meta.interactor_convention == Convention::Testlib;
    match (interactive, has(&interactor)) {
        (true, false) => {
            return Some(error(
                &interactor,
                "missing: an interactive problem needs its interactor (testlib's convention: \
                 `interactor INPUT OUTPUT [ANSWER]`, exit 0 OK, 1 WA, 2 PE, 3 FAIL; or \
                 interactor_convention = \"kattis\")",
            ))
        }
        (false, true) => {
            return Some(error(
                &interactor,
                "an interactor in a problem that is not interactive: set interactive = true in \
                 problem.toml, or remove it",
            ))
        }
        _ => {}
    }
    match (uses_checker(problem, fixture), has(&checker)) {
        (true, false) => Some(error(
            &checker,
            "missing: compare = \"checker\" needs the problem's checker \
             (`checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE)",
        )),
        (false, true) if interactive && testlib => None,
        (false, true) => Some(error(
            &checker,
            "no case is judged by this checker: set compare = \"checker\" in problem.toml \
             (or on the cases that need it), or remove it",
        )),
        _ => None,
    }
}

/// Every problem whose `judge` names no judge: located in its problem.toml.
pub(crate) fn judges(judges: &Judges, problems: &[Problem]) -> Vec<ConfigError> {
    #[derive(Deserialize)]
    struct JudgeField {
        judge: toml::Spanned<String>,
    }
    let mut errors = Vec::new();
    for p in problems {
        if judges.get(&p.meta.judge).is_some() {
            continue;
        }
        let path = p.dir.join("problem.toml");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let at = toml::from_str::<JudgeField>(&text)
            .ok()
            .map(|f| f.judge.span().start);
        errors.push(ConfigError::at(
            &path,
            &text,
            at,
            format!(
                "unknown judge `{}`: {} knows {} (add the judge there)",
                p.meta.judge,
                crate::judges::FILE,
                judges.names()
            ),
        ));
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
    fn the_holes_of_the_workspace_come_from_the_scan_alone() {
        // A workspace with nothing in it: every entry below exists only in the scan.
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problems")).unwrap();
        let ws = Workspace::at(dir.path()).unwrap();
        let root = ws.root().to_path_buf();
        let entry = |p: &str, is_dir: bool| crate::scan::Entry {
            path: root.join(p),
            is_dir,
        };
        let mut scan = Scan {
            problems: vec![
                entry("problems/nim", true),
                entry("problems/notes.txt", false),
            ],
            fixtures: vec![
                entry("fixtures/nim.toml", false),
                entry("fixtures/nmi.toml", false),
            ],
            solutions: vec![
                root.join("solutions/nim.rs"),
                root.join("solutions/nim.java"),
            ],
            ..Scan::default()
        };
        scan.folders.insert("nim".into(), Default::default());
        let kinds = FileKinds::new(["rs".to_string()]);
        let found: Vec<String> = workspace(&ws, &scan, &kinds, "runner")
            .iter()
            .map(|e| {
                let p = e.path.strip_prefix(&root).unwrap().display().to_string();
                format!("{p}: {}", e.message.split(':').next().unwrap())
            })
            .collect();
        assert_eq!(
            found,
            [
                "problems/notes.txt: not a problem folder",
                "fixtures/nmi.toml: no problem `nmi` (no problems/nmi/problem.toml)",
                "solutions/nim.java: not a source file the runner builds (.rs)",
            ]
        );
    }
}
