//! Problems: `problems/<slug>/problem.toml`, the solutions and the wrong solutions of each.

use sandbox::Limits;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::compare::CompareMode;
use crate::config::{parse_toml, read_toml, single_bracket_table, ConfigError};
use crate::scan::{Folder, Scan};
use crate::verdict::{Expect, Verdict, Verdicts};
use crate::workspace::{is_valid_slug, FileKinds, Workspace};

/// `problems/<slug>/problem.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemMeta {
    pub title: String,
    /// "HDU", "POJ", "AcWing", … or "local" for a problem of our own.
    pub judge: String,
    pub id: Option<String>,
    pub url: Option<String>,
    /// 1 ms … 1 h ([`crate::ranges`]), like every limit here: checked at load, so that no
    /// arithmetic on a limit overflows.
    #[serde(deserialize_with = "crate::ranges::de::time_ms")]
    pub time_limit_ms: u64,
    /// The judge's memory limit; 256 MiB when left out (today's common default).
    #[serde(
        default = "ProblemMeta::default_memory",
        deserialize_with = "crate::ranges::de::memory_kib"
    )]
    pub memory_limit_kib: u64,
    /// The output limit; left out: see [`crate::fixture::output_cap`].
    #[serde(default, deserialize_with = "crate::ranges::de::output_kib")]
    pub output_limit_kib: Option<u64>,
    #[serde(default)]
    pub compare: CompareMode,
    /// Limits for the brute force (`brute.rs`), which may be slow.
    #[serde(default)]
    pub brute: BruteLimits,
    /// An interactive problem: the solution plays against the problem's interactor
    /// (`interactor.rs`, or `interactor.cpp`, …), which judges every case (see `interactive.rs`).
    #[serde(default)]
    pub interactive: bool,
    /// How the interactor is called and answers: testlib's convention (the default) or Kattis'.
    #[serde(default)]
    pub interactor_convention: Convention,
    /// How the checker is called and answers: testlib's way (the default) or a Kattis output
    /// validator's (see [`crate::checker`]).
    #[serde(default)]
    pub checker_convention: Convention,
    /// Arguments given to a Kattis output validator (the checker or the interactor) after its
    /// own three (the Kattis format's `output_validator_args`, legacy `validator_flags`), as
    /// `validator INPUT ANSWER FEEDBACK_DIR ARGS…`.
    #[serde(default)]
    pub output_validator_args: Vec<String>,
    /// The compile limits of the problem's solutions and wrong solutions, each key given
    /// winning over their language's (`{ cpu_s = 60, memory_mib = 2048 }`: a Kattis package's
    /// `limits.compilation_time` and `compilation_memory`).
    #[serde(default)]
    pub compile_limits: Option<crate::judges::CompileLimitKeys>,
    /// A multi-pass problem (the Kattis format's `type: multi-pass`): the Kattis output
    /// validator (the checker, or the interactor of an interactive problem) may leave
    /// `nextpass.in` in its feedback directory, and the solution is then run again on it. Without
    /// `interactive`, each pass's input is the solution's standard input, as in any problem (see
    /// [`ProblemMeta::passes_fed`]).
    #[serde(default)]
    pub multi_pass: bool,
    /// The most passes a case of a multi-pass problem takes (the Kattis format's
    /// `limits.validation_passes`): a validator that asks for one more is a judge error. 2 when
    /// left out, as there; at most 16.
    #[serde(default = "ProblemMeta::default_passes")]
    pub max_passes: usize,
    /// How the validator answers: exit 0 for a valid input (testlib's way, the default), or a
    /// Kattis input validator's exit 42 (see [`crate::validate`]).
    #[serde(default)]
    pub validator_convention: Convention,
    /// More files the problem's own programs may include when they are compiled, relative to
    /// the problem's folder (checked, and read with their lines, by `declared_includes`).
    #[serde(default)]
    #[allow(dead_code)]
    pub include: Vec<String>,
    /// The files every solution of the problem may include when it is compiled (a grader's
    /// header), relative to the problem's folder.
    #[serde(default)]
    #[allow(dead_code)]
    pub solution_include: Vec<String>,
}

/// The calling convention of a problem's checker, validator or interactor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// testlib's: a checker is `checker INPUT OUTPUT ANSWER` and exits 0 AC, 1 WA, 2 PE; an
    /// interactor is `interactor INPUT OUTPUT [ANSWER]` (3 FAIL); a validator exits 0 for a valid
    /// input. The runner's own programs follow it.
    #[default]
    Testlib,
    /// The Kattis problem format's: an output validator is `validator INPUT ANSWER FEEDBACK_DIR
    /// < OUTPUT` (an interactor the same, talking to the solution) and exits 42 AC, 43 WA, with
    /// `judgemessage.txt` in the feedback directory saying why; an input validator exits 42
    /// valid, 43 invalid.
    Kattis,
}

/// Passes of a multi-pass problem's case at most (`max_passes`).
pub const MAX_PASSES: usize = 16;

/// `problem.toml`'s `[brute]`: the brute force's own limits (by default 10 s and 1 GiB).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BruteLimits {
    #[serde(
        default = "BruteLimits::default_time",
        deserialize_with = "crate::ranges::de::time_ms"
    )]
    pub time_limit_ms: u64,
    #[serde(
        default = "BruteLimits::default_memory",
        deserialize_with = "crate::ranges::de::memory_kib"
    )]
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

    fn default_passes() -> usize {
        2
    }

    /// The solution's limits: the time and memory limits of `problem.toml`.
    pub fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_millis(self.time_limit_ms),
            memory_bytes: self.memory_limit_kib.saturating_mul(1024),
        }
    }

    /// `profile` for a solution or wrong solution of this problem: with its compile limits.
    pub fn subject_profile(
        &self,
        profile: std::sync::Arc<crate::judges::Profile>,
    ) -> std::sync::Arc<crate::judges::Profile> {
        let Some(keys) = self.compile_limits else {
            return profile;
        };
        match keys.over(profile.compile_limits) {
            Ok(limits) if limits != profile.compile_limits => {
                let mut p = (*profile).clone();
                p.compile_limits = limits;
                std::sync::Arc::new(p)
            }
            // Out of range: refused at load (`contradiction`).
            _ => profile,
        }
    }

    /// How the problem's cases are judged by default: its `compare`, or its interactor (which,
    /// for a multi-pass problem that is not interactive, is its checker feeding the passes).
    pub fn compare_mode(&self) -> CompareMode {
        if self.interactive || self.passes_fed() {
            CompareMode::Interactor
        } else {
            self.compare
        }
    }

    /// A multi-pass problem that is not interactive: each pass, the solution reads the pass's
    /// input and writes its output whole, then the checker (a Kattis output validator) judges
    /// it and may ask for another pass. It is played as a game whose interactor is the checker
    /// behind an adapter that feeds the solution its input ([`crate::interactive::feeding`]).
    pub fn passes_fed(&self) -> bool {
        self.multi_pass && !self.interactive
    }

    /// The convention of the program that plays the games: the interactor's, or the checker's
    /// when it feeds the passes.
    pub fn game_convention(&self) -> Convention {
        if self.passes_fed() {
            self.checker_convention
        } else {
            self.interactor_convention
        }
    }

    /// Why this problem.toml cannot be judged as it says, with the key to point at.
    fn contradiction(&self) -> Option<(&'static str, String)> {
        if self.multi_pass && self.game_convention() != Convention::Kattis {
            let key = if self.interactive {
                "interactor_convention"
            } else {
                "checker_convention"
            };
            return Some((
                "multi_pass",
                format!(
                    "multi_pass: only a Kattis output validator asks for another pass \
                     (`{key} = \"kattis\"`)"
                ),
            ));
        }
        let kattis_judge = match self.compare_mode() {
            CompareMode::Interactor => self.game_convention() == Convention::Kattis,
            _ => self.checker_convention == Convention::Kattis,
        };
        if !self.output_validator_args.is_empty() && !kattis_judge {
            return Some((
                "output_validator_args",
                "output_validator_args: only a Kattis output validator takes them (its \
                 checker_convention or interactor_convention = \"kattis\")"
                    .into(),
            ));
        }
        if let Some(Err(why)) = self
            .compile_limits
            .map(|k| k.over(crate::judges::CompileLimits::default()))
        {
            return Some(("compile_limits", format!("compile_limits: {why}")));
        }
        if !(1..=MAX_PASSES).contains(&self.max_passes) {
            return Some(("max_passes", format!("max_passes: from 1 to {MAX_PASSES}")));
        }
        if self.passes_fed() && self.compare != CompareMode::Checker {
            return Some((
                "multi_pass",
                "multi_pass: a multi-pass problem that is not interactive is judged by its \
                 checker (`compare = \"checker\"`)"
                    .into(),
            ));
        }
        None
    }

    /// The brute force's limits (`[brute]`).
    pub fn brute_limits(&self) -> Limits {
        Limits {
            time: Duration::from_millis(self.brute.time_limit_ms),
            memory_bytes: self.brute.memory_limit_kib.saturating_mul(1024),
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
    /// The verdicts some case must get: `"WA"`, `["TLE", "RE"]`, `"not AC"`.
    expect: Option<Verdicts>,
    /// The verdicts every case may get besides those of `expect` (default: any).
    allow: Option<Verdicts>,
    why: String,
}

/// A wrong solution that must be rejected as `expect` says.
#[derive(Debug, Clone)]
pub struct WrongProgram {
    /// The wrong solution's file.
    pub source: PathBuf,
    /// The verdicts it must get (`wrong.toml`).
    pub expect: Expect,
    /// Why it is wrong, as `wrong.toml` says.
    pub why: String,
}

/// A problem of the workspace.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The problem's folder name, its name everywhere.
    pub slug: String,
    /// Its folder, `problems/<slug>/`.
    pub dir: PathBuf,
    /// What its `problem.toml` says.
    pub meta: ProblemMeta,
    /// The solution files: every file under `solutions/` named `<slug>.<ext>` of a known language.
    pub solutions: Vec<PathBuf>,
    /// Its wrong solutions, from `wrong/wrong.toml`.
    pub wrong: Vec<WrongProgram>,
    /// The files of the problem's folder in a language the runner builds (its own programs:
    /// `validate`, `checker`, `brute`, `gen`, in any language), sorted by name.
    pub programs: Vec<PathBuf>,
    /// The folder as the workspace's scan saw it.
    pub folder: Folder,
}

impl Problem {
    pub(crate) fn fixture_path(&self, ws: &Workspace) -> PathBuf {
        ws.fixtures_dir().join(format!("{}.toml", self.slug))
    }

    /// `problems/<slug>/brute.<ext>` (the brute force).
    pub fn brute_path(&self) -> PathBuf {
        self.tool_path("brute")
    }

    /// `problems/<slug>/gen.<ext>` (the generator).
    pub fn gen_path(&self) -> PathBuf {
        self.tool_path("gen")
    }

    /// `problems/<slug>/validate.<ext>` (the input validator).
    pub fn validator_path(&self) -> PathBuf {
        self.tool_path("validate")
    }

    /// `problems/<slug>/checker.<ext>` (the checker).
    pub fn checker_path(&self) -> PathBuf {
        self.tool_path("checker")
    }

    /// The interactor of an interactive problem; of a multi-pass problem that is not
    /// interactive, its checker (which plays the passes).
    pub fn interactor_path(&self) -> PathBuf {
        if self.meta.passes_fed() {
            return self.checker_path();
        }
        self.tool_path("interactor")
    }

    /// The problem's own program `stem` (`checker`, `validate`, …): `stem.rs`, or else the first
    /// `stem.<ext>` (by name) in another language the runner builds, such as a testlib
    /// `checker.cpp`; `stem.rs` (missing) when there is none. Two of them are a hole.
    pub(crate) fn tool_path(&self, stem: &str) -> PathBuf {
        let rust = self.dir.join(format!("{stem}.rs"));
        let named = self.tool_files(stem);
        if named.contains(&rust.as_path()) {
            return rust;
        }
        named.first().map_or(rust, |p| p.to_path_buf())
    }

    /// The files `stem.<ext>` of the problem's folder in a language the runner builds.
    pub fn tool_files(&self, stem: &str) -> Vec<&Path> {
        self.programs
            .iter()
            .filter(|p| p.file_stem() == Some(std::ffi::OsStr::new(stem)))
            .map(|p| p.as_path())
            .collect()
    }
}

/// Discovers every problem the scan found (sorted by slug). Errors in any `problem.toml` or
/// `wrong.toml` are collected and returned together.
pub(crate) fn discover(scan: &Scan, kinds: &FileKinds) -> Result<Vec<Problem>, Vec<ConfigError>> {
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    for (slug, folder) in &scan.folders {
        let toml = folder
            .files()
            .find(|f| f.file_name() == Some(OsStr::new("problem.toml")))
            .expect("a problem folder holds problem.toml");
        let dir = toml
            .parent()
            .expect("problem.toml has a parent")
            .to_path_buf();
        if !is_valid_slug(slug) {
            errors.push(ConfigError::at(
                toml,
                "",
                None,
                format!("`{slug}` is not a valid slug (use lowercase letters, digits and `-`)"),
            ));
            continue;
        }
        let loaded = read_toml::<ProblemMeta>(toml)
            .and_then(|meta| {
                // The workspace is the folder of `problems/`.
                let root = dir
                    .parent()
                    .and_then(Path::parent)
                    .unwrap_or(Path::new("."));
                crate::sight::declared_includes(toml, root)?;
                if let Some((key, why)) = meta.contradiction() {
                    let text = std::fs::read_to_string(toml).unwrap_or_default();
                    return Err(ConfigError::at(toml, &text, key_offset(&text, key), why));
                }
                Ok(meta)
            })
            .and_then(|meta| Ok((meta, load_wrong(&dir, folder, kinds)?)));
        let (meta, wrong) = match loaded {
            Ok(loaded) => loaded,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let solutions = scan
            .solutions
            .iter()
            .filter(|p| kinds.is_source(p) && p.file_stem() == Some(OsStr::new(slug)))
            .cloned()
            .collect();
        problems.push(Problem {
            slug: slug.clone(),
            programs: folder
                .files()
                .filter(|f| kinds.is_source(f))
                .map(Path::to_path_buf)
                .collect(),
            folder: folder.clone(),
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

/// Where the top-level key `key` is set in a TOML text (its value's span, as toml reads it).
fn key_offset(text: &str, key: &str) -> Option<usize> {
    let keys: std::collections::BTreeMap<String, toml::Spanned<toml::Value>> =
        toml::from_str(text).ok()?;
    keys.get(key).map(|v| v.span().start)
}

fn load_wrong(
    dir: &Path,
    folder: &Folder,
    kinds: &FileKinds,
) -> Result<Vec<WrongProgram>, ConfigError> {
    let wrong_dir = dir.join("wrong");
    let manifest_path = wrong_dir.join("wrong.toml");
    let sources: Vec<&Path> = folder
        .wrong
        .iter()
        .filter(|e| !e.is_dir && kinds.is_source(&e.path))
        .map(|e| e.path.as_path())
        .collect();
    if !folder.wrong.iter().any(|e| e.path == manifest_path) {
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
        match single_bracket_table(&text, "program") {
            Some(at) => ConfigError::at(
                &manifest_path,
                &text,
                Some(at),
                "`[program]` declares a single table: write `[[program]]` (two brackets) for each program",
            ),
            None => e,
        }
    })?;
    let mut listed: Vec<WrongProgram> = Vec::new();
    for entry in &manifest.program {
        let err =
            |msg: String| ConfigError::at(&manifest_path, &text, Some(entry.span().start), msg);
        let w = wrong_entry(&wrong_dir, entry.get_ref(), kinds).map_err(err)?;
        if listed.iter().any(|l| l.source == w.source) {
            return Err(err(format!("`{}` is listed twice", entry.get_ref().file)));
        }
        listed.push(w);
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

/// One `[[program]]` of wrong.toml, checked: a source file of wrong/ itself whose expected
/// verdict is a program's failure. `Err` is the message.
fn wrong_entry(
    wrong_dir: &Path,
    entry: &WrongEntry,
    kinds: &FileKinds,
) -> Result<WrongProgram, String> {
    let file = &entry.file;
    let source = wrong_dir.join(file);
    if file.contains('/') || file.contains('\\') || !source.is_file() {
        return Err(format!("`{file}` is not a file in wrong/"));
    }
    if !kinds.is_source(&source) {
        return Err(format!(
            "`{file}`: unknown language (use {})",
            kinds.listing()
        ));
    }
    let expect = wrong_expect(entry).map_err(|e| format!("`{file}`: {e}"))?;
    Ok(WrongProgram {
        source,
        expect,
        why: entry.why.clone(),
    })
}

/// The expectation of a wrong.toml entry: `expect` (some case), `allow` (every case).
fn wrong_expect(entry: &WrongEntry) -> Result<Expect, String> {
    let required = entry.expect.unwrap_or_default();
    if entry.expect.is_none() && entry.allow.is_none() {
        return Err(
            "say `expect` (the verdicts some case must get, e.g. expect = \"WA\") \
                    or `allow` (those every case may get, e.g. allow = [\"AC\", \"TLE\"])"
                .into(),
        );
    }
    if required.contains(Verdict::Accepted) {
        return Err(
            "a wrong solution cannot expect AC (a program that may pass says it in \
             `allow`, e.g. allow = [\"AC\", \"TLE\"])"
                .into(),
        );
    }
    let all = required.union(entry.allow.unwrap_or_default());
    if all.contains(Verdict::CheckerFailed) {
        return Err("JE is the checker's failure, never a program's verdict".into());
    }
    Ok(Expect {
        required,
        permitted: entry.allow,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_key_in_problem_toml_is_located() {
        let text = "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 1024\ntime_limit = 3\n";
        let err = parse_toml::<ProblemMeta>(Path::new("p.toml"), text).unwrap_err();
        assert_eq!(err.line, Some((5, 1)));
        assert!(err.message.contains("unknown field `time_limit`"), "{err}");
    }

    #[test]
    fn a_multi_pass_problem_needs_a_kattis_validator_and_its_passes_in_range() {
        let base = "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\n";
        let meta = |rest: &str| {
            parse_toml::<ProblemMeta>(Path::new("p.toml"), &format!("{base}{rest}")).unwrap()
        };
        let fed =
            meta("compare = \"checker\"\nchecker_convention = \"kattis\"\nmulti_pass = true\n");
        assert!(fed.passes_fed());
        assert_eq!(fed.compare_mode(), CompareMode::Interactor);
        assert_eq!(fed.game_convention(), Convention::Kattis);
        assert_eq!(fed.max_passes, 2);
        assert_eq!(fed.contradiction(), None);
        let game = meta("interactive = true\ninteractor_convention = \"kattis\"\nmulti_pass = true\nmax_passes = 5\n");
        assert!(!game.passes_fed());
        assert_eq!(game.contradiction(), None);
        for (rest, key, why) in [
            (
                "compare = \"checker\"\nmulti_pass = true\n",
                "multi_pass",
                "only a Kattis output validator asks for another pass (`checker_convention = \"kattis\"`)",
            ),
            (
                "interactive = true\nmulti_pass = true\n",
                "multi_pass",
                "(`interactor_convention = \"kattis\"`)",
            ),
            (
                "checker_convention = \"kattis\"\nmulti_pass = true\n",
                "multi_pass",
                "is judged by its checker (`compare = \"checker\"`)",
            ),
            (
                "compare = \"checker\"\nchecker_convention = \"kattis\"\nmulti_pass = true\nmax_passes = 17\n",
                "max_passes",
                "max_passes: from 1 to 16",
            ),
        ] {
            let (k, message) = meta(rest).contradiction().expect(rest);
            assert_eq!(k, key, "{rest}");
            assert!(message.contains(why), "{rest}: {message}");
        }
        let text = format!("{base}compare = \"checker\"\nmulti_pass = true\n");
        assert_eq!(key_offset(&text, "multi_pass"), text.find("true"));
        assert_eq!(
            key_offset("[brute]\nmulti_pass = true\n", "multi_pass"),
            None
        );
    }

    #[test]
    fn limits_out_of_range_are_located_and_named() {
        let base = "title = \"t\"\njudge = \"local\"\n";
        for (line, want) in [
            ("time_limit_ms = 0", "time_limit_ms = 0: out of range"),
            (
                "time_limit_ms = 18446744073709551615",
                "time_limit_ms = 18446744073709551615",
            ),
            (
                "time_limit_ms = 1000\nmemory_limit_kib = 1000000000000000",
                "memory_limit_kib = 1000000000000000: out of range",
            ),
            (
                "time_limit_ms = 1000\noutput_limit_kib = 0",
                "output_limit_kib = 0: out of range",
            ),
            (
                "time_limit_ms = 1000\n[brute]\nmemory_limit_kib = 18014398509481984",
                "memory_limit_kib = 18014398509481984",
            ),
        ] {
            let text = format!("{base}{line}\n");
            let err = parse_toml::<ProblemMeta>(Path::new("p.toml"), &text).unwrap_err();
            assert!(err.message.contains(want), "{err}");
            let (l, _) = err.line.expect("a line");
            assert_eq!(l, text.lines().count(), "{err}");
        }
        let text = format!("{base}time_limit_ms = 3600000\nmemory_limit_kib = 1073741824\n");
        let meta = parse_toml::<ProblemMeta>(Path::new("p.toml"), &text).unwrap();
        assert_eq!(meta.limits().memory_bytes, 1 << 40);
    }

    #[test]
    fn compare_defaults_to_lines() {
        let text =
            "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 1024\n";
        let meta = parse_toml::<ProblemMeta>(Path::new("p.toml"), text).unwrap();
        assert_eq!(meta.compare, CompareMode::Lines);
        assert_eq!(meta.brute_limits().time, Duration::from_secs(10));
        assert_eq!(meta.checker_convention, Convention::Testlib);
        assert_eq!(meta.validator_convention, Convention::Testlib);
    }

    #[test]
    fn conventions_are_testlib_or_kattis() {
        let base = "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\n";
        let text =
            format!("{base}checker_convention = \"kattis\"\nvalidator_convention = \"kattis\"\n");
        let meta = parse_toml::<ProblemMeta>(Path::new("p.toml"), &text).unwrap();
        assert_eq!(meta.checker_convention, Convention::Kattis);
        assert_eq!(meta.validator_convention, Convention::Kattis);
        let text = format!("{base}checker_convention = \"polygon\"\n");
        let err = parse_toml::<ProblemMeta>(Path::new("p.toml"), &text).unwrap_err();
        assert!(err.message.contains("testlib"), "{err}");
    }
}
