//! Problems: `problems/<slug>/problem.toml`, the solutions and the wrong solutions of each.

use sandbox::Limits;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use walkdir::WalkDir;

use crate::compare::CompareMode;
use crate::compile::Language;
use crate::verdict::Verdict;
use crate::workspace::{is_valid_slug, Workspace};

/// An error in a TOML file of the workspace, located to the line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    /// 1-based line and column, when known.
    pub line: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    pub fn at(path: &Path, text: &str, offset: Option<usize>, message: impl Into<String>) -> Self {
        Self {
            path: path.to_path_buf(),
            line: offset.map(|o| line_col(text, o)),
            message: message.into(),
        }
    }
}

/// The line of byte offsets in a text, found in O(log n) once the starts of the lines are known
/// (a fixture of thousands of cases asks for every case's line).
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The 1-based line of byte `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Parses `text` (the contents of `path`) as TOML into `T`, locating any error.
pub fn parse_toml<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        ConfigError::at(
            path,
            text,
            e.span().map(|s| s.start),
            e.message().trim_end().to_string(),
        )
    })
}

fn read_toml<T: DeserializeOwned>(path: &Path) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        path: path.to_path_buf(),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    parse_toml(path, &text)
}

/// `problems/<slug>/problem.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemMeta {
    pub title: String,
    /// "HDU", "POJ", "AcWing", … or "local" for a problem of our own.
    pub judge: String,
    pub id: Option<String>,
    pub url: Option<String>,
    pub time_limit_ms: u64,
    /// The judge's memory limit; 256 MiB when left out (today's common default).
    #[serde(default = "ProblemMeta::default_memory")]
    pub memory_limit_kib: u64,
    /// The output limit; left out: see [`crate::fixture::output_cap`].
    pub output_limit_kib: Option<u64>,
    #[serde(default)]
    pub compare: CompareMode,
    /// Limits for the brute force (`brute.rs`), which may be slow.
    #[serde(default)]
    pub brute: BruteLimits,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BruteLimits {
    #[serde(default = "BruteLimits::default_time")]
    pub time_limit_ms: u64,
    #[serde(default = "BruteLimits::default_memory")]
    pub memory_limit_kib: u64,
}

impl BruteLimits {
    fn default_time() -> u64 {
        10_000
    }
    fn default_memory() -> u64 {
        1 << 20
    }
}

impl Default for BruteLimits {
    fn default() -> Self {
        Self {
            time_limit_ms: Self::default_time(),
            memory_limit_kib: Self::default_memory(),
        }
    }
}

/// Generous limits for the problem's own tools (generator, validator, checker): they are ours,
/// and their time is not the program's.
pub const TOOL_LIMITS: Limits = Limits {
    time: Duration::from_secs(10),
    memory_bytes: 1 << 30,
};

impl ProblemMeta {
    fn default_memory() -> u64 {
        256 * 1024
    }

    pub fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_millis(self.time_limit_ms),
            memory_bytes: self.memory_limit_kib * 1024,
        }
    }

    pub fn brute_limits(&self) -> Limits {
        Limits {
            time: Duration::from_millis(self.brute.time_limit_ms),
            memory_bytes: self.brute.memory_limit_kib * 1024,
        }
    }
}

/// `problems/<slug>/wrong/wrong.toml`: the wrong solutions and the verdict each must get.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WrongManifest {
    #[serde(default)]
    program: Vec<toml::Spanned<WrongEntry>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WrongEntry {
    file: String,
    expect: Verdict,
    why: String,
}

/// A wrong solution that must be rejected with `expect`.
#[derive(Debug, Clone)]
pub struct WrongProgram {
    pub source: PathBuf,
    pub expect: Verdict,
    pub why: String,
}

/// A problem of the workspace.
#[derive(Debug, Clone)]
pub struct Problem {
    pub slug: String,
    pub dir: PathBuf,
    pub meta: ProblemMeta,
    /// The solution files: every file under `solutions/` named `<slug>.<ext>` of a known language.
    pub solutions: Vec<PathBuf>,
    pub wrong: Vec<WrongProgram>,
}

impl Problem {
    pub fn fixture_path(&self, ws: &Workspace) -> PathBuf {
        ws.fixtures_dir().join(format!("{}.toml", self.slug))
    }

    pub fn brute_path(&self) -> PathBuf {
        self.tool_path("brute")
    }

    pub fn gen_path(&self) -> PathBuf {
        self.tool_path("gen")
    }

    pub fn validator_path(&self) -> PathBuf {
        self.tool_path("validate")
    }

    pub fn checker_path(&self) -> PathBuf {
        self.tool_path("checker")
    }

    /// The problem's own program `stem` (`checker`, `validate`, …): `stem.rs`, or else the first
    /// `stem.<ext>` (by name) in another language the runner builds, such as a testlib
    /// `checker.cpp`; `stem.rs` (missing) when there is none. Two of them are a hole.
    fn tool_path(&self, stem: &str) -> PathBuf {
        let rust = self.dir.join(format!("{stem}.rs"));
        if rust.is_file() {
            return rust;
        }
        tool_files(&self.dir, stem)
            .into_iter()
            .next()
            .unwrap_or(rust)
    }
}

/// The files `stem.<ext>` in `dir` whose extension names a source language the runner builds,
/// sorted by name.
pub fn tool_files(dir: &Path, stem: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_stem() == Some(std::ffi::OsStr::new(stem))
                && p.extension().is_some()
                && p.is_file()
                && Language::from_path(p).is_some_and(|l| l.is_source())
        })
        .collect();
    found.sort();
    found
}

/// Discovers every problem of the workspace (sorted by slug). Errors in any `problem.toml` or
/// `wrong.toml` are collected and returned together.
pub fn discover(ws: &Workspace) -> Result<Vec<Problem>, Vec<ConfigError>> {
    let solution_files = solution_files(ws);
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    let walker = WalkDir::new(ws.problems_dir())
        .min_depth(2)
        .max_depth(2)
        .sort_by_file_name();
    for entry in walker.into_iter().filter_map(|e| e.ok()) {
        if entry.file_name() != "problem.toml" {
            continue;
        }
        let path = entry.path();
        let dir = path
            .parent()
            .expect("problem.toml has a parent")
            .to_path_buf();
        let slug = dir
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if !is_valid_slug(&slug) {
            errors.push(ConfigError::at(
                path,
                "",
                None,
                format!("`{slug}` is not a valid slug (use lowercase letters, digits and `-`)"),
            ));
            continue;
        }
        let meta = match read_toml::<ProblemMeta>(path) {
            Ok(meta) => meta,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let wrong = match load_wrong(&dir) {
            Ok(wrong) => wrong,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let solutions = solution_files
            .iter()
            .filter(|p| p.file_stem().and_then(|s| s.to_str()) == Some(slug.as_str()))
            .cloned()
            .collect();
        problems.push(Problem {
            slug,
            dir,
            meta,
            solutions,
            wrong,
        });
    }
    if errors.is_empty() {
        Ok(problems)
    } else {
        Err(errors)
    }
}

/// Every source file under `solutions/` in a language the runner knows (not `target/`).
fn solution_files(ws: &Workspace) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = WalkDir::new(ws.solutions_dir())
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.file_name() != "target")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| Language::from_path(p).is_some_and(|l| l.is_source()))
        .collect();
    files.sort();
    files
}

fn load_wrong(dir: &Path) -> Result<Vec<WrongProgram>, ConfigError> {
    let wrong_dir = dir.join("wrong");
    let manifest_path = wrong_dir.join("wrong.toml");
    let sources: Vec<PathBuf> = match std::fs::read_dir(&wrong_dir) {
        Ok(entries) => {
            let mut v: Vec<PathBuf> = entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| Language::from_path(p).is_some_and(|l| l.is_source()))
                .collect();
            v.sort();
            v
        }
        Err(_) => return Ok(Vec::new()),
    };
    if !manifest_path.exists() {
        if sources.is_empty() {
            return Ok(Vec::new());
        }
        return Err(ConfigError::at(
            &manifest_path,
            "",
            None,
            "missing: every program in wrong/ must be listed with the verdict it must get",
        ));
    }
    let text = std::fs::read_to_string(&manifest_path)
        .map_err(|e| ConfigError::at(&manifest_path, "", None, format!("cannot read: {e}")))?;
    let manifest: WrongManifest = parse_toml(&manifest_path, &text).map_err(|e| {
        match crate::fixture::single_bracket_table(&text, "program") {
            Some(at) => ConfigError::at(
                &manifest_path,
                &text,
                Some(at),
                "`[program]` declares a single table: write `[[program]]` (two brackets) for each program",
            ),
            None => e,
        }
    })?;
    let mut listed = Vec::new();
    for entry in &manifest.program {
        let at = Some(entry.span().start);
        let entry = entry.get_ref();
        let source = wrong_dir.join(&entry.file);
        let err = |msg: String| ConfigError::at(&manifest_path, &text, at, msg);
        if entry.file.contains('/') || entry.file.contains('\\') || !source.is_file() {
            return Err(err(format!("`{}` is not a file in wrong/", entry.file)));
        }
        if !Language::from_path(&source).is_some_and(|l| l.is_source()) {
            return Err(err(format!(
                "`{}`: unknown language (use .rs, .cpp, .c or .py)",
                entry.file
            )));
        }
        if entry.expect == Verdict::Accepted {
            return Err(err(format!(
                "`{}`: a wrong solution cannot expect AC",
                entry.file
            )));
        }
        if entry.expect == Verdict::CheckerFailed {
            return Err(err(format!(
                "`{}`: JE is the checker's failure, never a program's verdict",
                entry.file
            )));
        }
        if listed.iter().any(|w: &WrongProgram| w.source == source) {
            return Err(err(format!("`{}` is listed twice", entry.file)));
        }
        listed.push(WrongProgram {
            source,
            expect: entry.expect,
            why: entry.why.clone(),
        });
    }
    if let Some(unlisted) = sources
        .iter()
        .find(|s| !listed.iter().any(|w| &w.source == *s))
    {
        return Err(ConfigError::at(
            &manifest_path,
            &text,
            None,
            format!(
                "{} is not listed: every program in wrong/ must say which verdict it must get",
                unlisted.file_name().unwrap_or_default().to_string_lossy()
            ),
        ));
    }
    Ok(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 6), (2, 1));
        assert_eq!(line_col(text, 9), (2, 4));
    }

    #[test]
    fn unknown_key_in_problem_toml_is_located() {
        let text = "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 1024\ntime_limit = 3\n";
        let err = parse_toml::<ProblemMeta>(Path::new("p.toml"), text).unwrap_err();
        assert_eq!(err.line, Some((5, 1)));
        assert!(err.message.contains("unknown field `time_limit`"), "{err}");
    }

    #[test]
    fn compare_defaults_to_lines() {
        let text =
            "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 1024\n";
        let meta = parse_toml::<ProblemMeta>(Path::new("p.toml"), text).unwrap();
        assert_eq!(meta.compare, CompareMode::Lines);
        assert_eq!(meta.brute_limits().time, Duration::from_secs(10));
    }
}
