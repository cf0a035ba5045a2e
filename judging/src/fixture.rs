//! Fixtures: `fixtures/<slug>.toml`, the test cases of a problem.

use sandbox::Limits;
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::compare::CompareMode;
use crate::config::{line_col, parse_toml, single_bracket_table, ConfigError, LineIndex};
use crate::problem::Problem;
use crate::workspace::Workspace;
use sandbox::Stdin;

/// Where a case's expected output comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The official statement's sample.
    Sample,
    /// Hand analysis, written in the case's `note` or the problem's README.
    Hand,
    /// The problem's brute force (`brute.rs`).
    Brute,
    /// A proven closed form, computed by a program independent of the solution.
    Formula,
    /// A reference solution's output, as Library Checker and Polygon make their answers: weaker
    /// evidence than a brute force (the reference may share the solution's mistake), and
    /// `verify` says how many cases rest on it.
    Reference,
}

/// How the project's tests verify a case's expected output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Oracle {
    /// The brute force is run on the case and must agree (the default).
    #[default]
    Brute,
    /// Beyond the brute force's reach: the expectation rests on the closed form proven in the
    /// problem's README.
    Formula,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FixtureFile {
    #[serde(default)]
    case: Vec<Spanned<RawCase>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: Spanned<String>,
    source: Option<Source>,
    /// For the reader: where the case comes from, why it is there. Accepted and not used.
    #[serde(rename = "note")]
    _note: Option<String>,
    input: Option<String>,
    input_file: Option<Spanned<String>>,
    output: Option<String>,
    output_file: Option<Spanned<String>>,
    #[serde(default, deserialize_with = "crate::ranges::de::case_time_ms")]
    time_limit_ms: Option<u64>,
    compare: Option<CompareMode>,
    oracle: Option<Oracle>,
    outside_statement: Option<Spanned<String>>,
}

/// A case's input or expected output: inline bytes, or a file that is read (or handed to the
/// program as its stdin) only when the case's job runs, so that what a run holds at once is
/// bounded by the jobs in flight, not by the size of the test set.
#[derive(Debug, Clone)]
pub enum Content {
    /// Bytes held in memory (written in the fixture, or small enough to read).
    Inline(Arc<[u8]>),
    /// A file read when needed.
    File {
        /// Where it is.
        path: PathBuf,
        /// Its length in bytes, when the fixture was loaded.
        len: u64,
    },
}

impl Content {
    /// Its size in bytes.
    pub fn len(&self) -> u64 {
        match self {
            Content::Inline(b) => b.len() as u64,
            Content::File { len, .. } => *len,
        }
    }

    /// Whether it has no byte.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its bytes (a file is read now).
    pub fn read(&self) -> std::io::Result<Cow<'_, [u8]>> {
        match self {
            Content::Inline(b) => Ok(Cow::Borrowed(b)),
            Content::File { path, .. } => std::fs::read(path).map(Cow::Owned).map_err(|e| {
                std::io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display()))
            }),
        }
    }

    /// Its first and last `n` bytes (all of it when shorter than `2 n`): a cheap look that tells
    /// most different contents apart without reading them whole.
    pub fn ends(&self, n: usize) -> std::io::Result<Vec<u8>> {
        use std::io::{Read, Seek, SeekFrom};
        match self {
            Content::Inline(b) if b.len() <= 2 * n => Ok(b.to_vec()),
            Content::Inline(b) => Ok([&b[..n], &b[b.len() - n..]].concat()),
            Content::File { path, len } => {
                let mut f = std::fs::File::open(path)?;
                if *len <= 2 * n as u64 {
                    let mut all = Vec::new();
                    f.read_to_end(&mut all)?;
                    return Ok(all);
                }
                let mut out = vec![0; 2 * n];
                f.read_exact(&mut out[..n])?;
                f.seek(SeekFrom::End(-(n as i64)))?;
                f.read_exact(&mut out[n..])?;
                Ok(out)
            }
        }
    }

    /// The SHA-256 of its bytes, a file read in pieces.
    pub fn digest(&self) -> std::io::Result<[u8; 32]> {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        match self {
            Content::Inline(b) => h.update(b),
            Content::File { path, .. } => {
                let mut f = crate::bounded::open_regular(path)?;
                std::io::copy(&mut f, &mut h)?;
            }
        }
        Ok(h.finalize().into())
    }

    /// As a program's standard input.
    pub(crate) fn as_stdin(&self) -> Stdin<'_> {
        match self {
            Content::Inline(b) => Stdin::Bytes(b),
            Content::File { path, .. } => Stdin::File(path),
        }
    }
}

impl From<Vec<u8>> for Content {
    fn from(v: Vec<u8>) -> Self {
        Content::Inline(v.into())
    }
}

/// One test case, with its limits and compare mode resolved.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's name, unique in its fixture.
    pub name: String,
    /// Where its expected output comes from (`source`), when the fixture says.
    pub source: Option<Source>,
    /// What the program reads.
    pub input: Content,
    /// What the program must write (or the jury's answer, for a checker).
    pub expected: Content,
    /// The time and memory limits it is judged under.
    pub limits: Limits,
    /// problem.toml's `output_limit_kib`, in bytes (see [`Case::output_cap`]).
    pub output_limit: Option<u64>,
    /// How the output is compared with `expected`.
    pub compare: CompareMode,
    /// What stands behind `expected`: the brute force, or a proven formula.
    pub oracle: Oracle,
    /// Why the input deliberately breaks the statement (CRLF, extra whitespace, …), if it does:
    /// the problem's validator must reject it.
    pub outside_statement: Option<String>,
    /// Where the case is declared, for messages.
    pub line: usize,
}

impl Case {
    /// How many bytes of output a run of this case may write (see `fixture::output_cap`).
    pub fn output_cap(&self) -> usize {
        output_cap(self.output_limit, self.compare, self.expected.len())
    }
}

/// The output limit when a checker judges and problem.toml sets none: a right answer's length is
/// not bounded by the jury's (a path of 10^5 edges where the jury printed `-1`).
pub const CHECKER_OUTPUT_LIMIT: u64 = 64 << 20;

/// How many bytes of output a run may write: problem.toml's `output_limit_kib` when set; else,
/// under a checker, [`CHECKER_OUTPUT_LIMIT`]; else twice the expected output plus 1 MiB (a right
/// answer compared with the expected one cannot be much longer).
pub(crate) fn output_cap(limit: Option<u64>, compare: CompareMode, expected_len: u64) -> usize {
    let bytes = match (limit, compare) {
        (Some(limit), _) => limit,
        (None, CompareMode::Checker | CompareMode::Interactor) => CHECKER_OUTPUT_LIMIT,
        (None, _) => expected_len.saturating_mul(2).saturating_add(1 << 20),
    };
    usize::try_from(bytes).unwrap_or(usize::MAX)
}

/// A loaded fixture file.
#[derive(Debug, Clone)]
pub(crate) struct Fixture {
    pub cases: Vec<Case>,
    /// The files under `fixtures/` that the cases read (resolved), so that a file no case reads
    /// can be found.
    pub files: Vec<PathBuf>,
}

/// Whether `name` is a valid case name.
pub(crate) fn is_valid_case_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Loads the fixture file of `problem`. A missing file is an error.
pub(crate) fn load(ws: &Workspace, problem: &Problem) -> Result<Fixture, ConfigError> {
    let path = problem.fixture_path(ws);
    let text = std::fs::read_to_string(&path).map_err(|e| ConfigError {
        path: path.clone(),
        line: None,
        message: if e.kind() == std::io::ErrorKind::NotFound {
            "missing: every problem needs a fixture file (`runner new` scaffolds one)".into()
        } else {
            format!("cannot read: {e}")
        },
    })?;
    let mut fixture = parse(
        ws,
        &path,
        &text,
        problem.meta.limits(),
        problem.meta.compare_mode(),
    )?;
    let output_limit = problem
        .meta
        .output_limit_kib
        .map(|k| k.saturating_mul(1024));
    for case in &mut fixture.cases {
        case.output_limit = output_limit;
    }
    Ok(fixture)
}

/// Parses fixture text, resolving files against `ws`'s `fixtures/` and defaults from the problem.
pub(crate) fn parse(
    ws: &Workspace,
    path: &Path,
    text: &str,
    limits: Limits,
    compare: CompareMode,
) -> Result<Fixture, ConfigError> {
    let file: FixtureFile =
        parse_toml(path, text).map_err(|e| match single_bracket_table(text, "case") {
            Some(offset) => ConfigError::at(
                path,
                text,
                Some(offset),
                "`[case]` declares a single table: write `[[case]]` (two brackets) for each case",
            ),
            None => e,
        })?;
    if file.case.is_empty() {
        return Err(ConfigError::at(
            path,
            text,
            None,
            "no [[case]]: a problem with no cases proves nothing (add the official sample first)",
        ));
    }
    let err = |offset: usize, msg: String| ConfigError::at(path, text, Some(offset), msg);
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let lines = LineIndex::new(text);
    let mut cases = Vec::with_capacity(file.case.len());
    let mut files = Vec::new();
    for spanned in &file.case {
        let raw = spanned.get_ref();
        let at = spanned.span().start;
        let name = raw.name.get_ref().as_str();
        let name_at = raw.name.span().start;
        check_name(name, name_at, &mut seen, text).map_err(|msg| err(name_at, msg))?;
        let input = content(ws, path, text, at, "input", &raw.input, &raw.input_file)?;
        let expected = expected_of(ws, path, text, raw, at, compare)?;
        for f in [&raw.input_file, &raw.output_file].into_iter().flatten() {
            if let Ok(resolved) = resolve_fixture_file(ws, f.get_ref()) {
                files.push(resolved);
            }
        }
        check_keys(raw, name, at).map_err(|(offset, msg)| err(offset, msg))?;
        cases.push(Case {
            name: name.to_string(),
            source: raw.source,
            input,
            expected,
            limits: Limits {
                time: raw.time_limit_ms.map_or(limits.time, Duration::from_millis),
                ..limits
            },
            output_limit: None,
            compare: raw.compare.unwrap_or(compare),
            // A case whose source is the closed form is verified by it, unless it says otherwise.
            oracle: raw
                .oracle
                .unwrap_or(if raw.source == Some(Source::Formula) {
                    Oracle::Formula
                } else {
                    Oracle::Brute
                }),
            outside_statement: raw.outside_statement.as_ref().map(|s| s.get_ref().clone()),
            line: lines.line(at),
        });
    }
    Ok(Fixture { cases, files })
}

/// A case's name, at `name_at` in `text`: a valid one, not taken by a case before (`seen`: the
/// names so far and where they are).
fn check_name<'t>(
    name: &'t str,
    name_at: usize,
    seen: &mut HashMap<&'t str, usize>,
    text: &str,
) -> Result<(), String> {
    if !is_valid_case_name(name) {
        return Err(format!(
            "case name `{name}`: use letters, digits, `-`, `_` and `.` only"
        ));
    }
    if let Some(first) = seen.insert(name, name_at) {
        let (line, _) = line_col(text, first);
        return Err(format!(
            "duplicate case name `{name}` (first used on line {line})"
        ));
    }
    Ok(())
}

/// A case's expected output. An interactive case needs none (the interactor judges); one given
/// is the interactor's ANSWER argument.
fn expected_of(
    ws: &Workspace,
    path: &Path,
    text: &str,
    raw: &RawCase,
    at: usize,
    compare: CompareMode,
) -> Result<Content, ConfigError> {
    let interactive = compare == CompareMode::Interactor;
    if interactive && raw.compare.is_some() {
        return Err(ConfigError::at(
            path,
            text,
            Some(at),
            format!(
                "case `{}`: compare: the problem is interactive, its interactor judges every case",
                raw.name.get_ref()
            ),
        ));
    }
    match (&raw.output, &raw.output_file) {
        (None, None) if interactive => Ok(Content::from(Vec::new())),
        _ => content(ws, path, text, at, "output", &raw.output, &raw.output_file),
    }
}

/// The rules between a case's keys: `(offset, message)` of the first broken one.
fn check_keys(raw: &RawCase, name: &str, at: usize) -> Result<(), (usize, String)> {
    if raw.source == Some(Source::Brute) && raw.oracle == Some(Oracle::Formula) {
        return Err((
            at,
            format!(
                "case `{name}`: source = \"brute\" with oracle = \"formula\": verify would never \
                 run the brute force on it (say source = \"formula\", or drop the oracle key)"
            ),
        ));
    }
    if let Some(why) = &raw.outside_statement {
        if why.get_ref().trim().is_empty() {
            return Err((
                why.span().start,
                format!(
                    "case `{name}`: outside_statement must say why the input breaks the statement"
                ),
            ));
        }
    }
    Ok(())
}

/// The bytes of a case's `input`/`output`, inline or from `<key>_file`.
fn content(
    ws: &Workspace,
    path: &Path,
    text: &str,
    case_at: usize,
    key: &str,
    inline: &Option<String>,
    file: &Option<Spanned<String>>,
) -> Result<Content, ConfigError> {
    match (inline, file) {
        (Some(s), None) => Ok(s.clone().into_bytes().into()),
        (None, Some(f)) => {
            let at = f.span().start;
            let resolved = resolve_fixture_file(ws, f.get_ref())
                .map_err(|m| ConfigError::at(path, text, Some(at), format!("{key}_file: {m}")))?;
            // Opened now, so that an unreadable file is a fixture error; read when its job runs.
            let len = std::fs::File::open(&resolved)
                .and_then(|f| f.metadata())
                .map_err(|e| {
                    ConfigError::at(
                        path,
                        text,
                        Some(at),
                        format!("{key}_file: cannot read {}: {e}", ws.display(&resolved)),
                    )
                })?
                .len();
            Ok(Content::File {
                path: resolved,
                len,
            })
        }
        (Some(_), Some(f)) => Err(ConfigError::at(
            path,
            text,
            Some(f.span().start),
            format!("give either `{key}` or `{key}_file`, not both"),
        )),
        (None, None) => Err(ConfigError::at(
            path,
            text,
            Some(case_at),
            format!("case has no `{key}` (or `{key}_file`)"),
        )),
    }
}

/// Resolves a path relative to `fixtures/`, refusing any that escapes it (`..`, absolute paths,
/// symbolic links pointing outside).
pub(crate) fn resolve_fixture_file(ws: &Workspace, rel: &str) -> Result<PathBuf, String> {
    let rel_path = Path::new(rel);
    if rel.is_empty()
        || rel_path
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
    {
        return Err(format!(
            "`{rel}` must be a relative path inside fixtures/ (no `..`, no leading `/`)"
        ));
    }
    let base = ws.fixtures_dir();
    let joined = base.join(rel_path);
    let real = joined
        .canonicalize()
        .map_err(|e| format!("cannot open fixtures/{rel}: {e}"))?;
    let real_base = base
        .canonicalize()
        .map_err(|e| format!("cannot open fixtures/: {e}"))?;
    if !real.starts_with(&real_base) {
        return Err(format!("`{rel}` resolves outside fixtures/"));
    }
    Ok(real)
}

/// A case as written by `stress --save`: serialised and appended to a fixture file.
#[derive(Debug, Serialize)]
pub(crate) struct NewCase {
    pub name: String,
    pub source: Source,
    pub note: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_file: Option<String>,
}

impl NewCase {
    /// The case as a `[[case]]` table, ready to be appended to a fixture file.
    pub(crate) fn to_toml(&self) -> String {
        #[derive(Serialize)]
        struct Wrapper<'a> {
            case: [&'a NewCase; 1],
        }
        toml::to_string(&Wrapper { case: [self] }).expect("a case serialises")
    }
}

/// Checks that `name` can be the name of a new case of `problem` (before a stress run, so that
/// nothing is run for a name that cannot be saved).
pub fn check_new_case_name(ws: &Workspace, problem: &Problem, name: &str) -> anyhow::Result<()> {
    if !is_valid_case_name(name) {
        anyhow::bail!("--save {name}: use letters, digits, `-`, `_` and `.` only");
    }
    let existing = load(ws, problem).map_err(|e| anyhow::anyhow!("{e}"))?;
    if existing.cases.iter().any(|c| c.name == name) {
        anyhow::bail!(
            "--save {name}: {} already has a case of that name",
            problem.slug
        );
    }
    Ok(())
}

/// Appends a case to the problem's fixture file without disturbing what is there: the new text
/// is the old text plus a `[[case]]` table, checked by parsing it whole (which also refuses a bad
/// or duplicate name), written to a temporary file beside the original and renamed over it.
pub fn save_case(
    ws: &Workspace,
    problem: &Problem,
    name: &str,
    note: String,
    input: &[u8],
    expected: &[u8],
) -> anyhow::Result<PathBuf> {
    use anyhow::{bail, Context as _};
    let path = problem.fixture_path(ws);
    let old = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let inline = |b: &[u8]| {
        (b.len() <= 4096)
            .then(|| std::str::from_utf8(b).ok().map(str::to_string))
            .flatten()
    };
    let mut case = NewCase {
        name: name.to_string(),
        source: Source::Brute,
        note,
        input: inline(input),
        input_file: None,
        output: inline(expected),
        output_file: None,
    };
    let mut written = Vec::new();
    if case.input.is_none() || case.output.is_none() {
        let dir = ws.fixtures_dir().join(&problem.slug);
        for (ext, bytes) in [("in", input), ("out", expected)] {
            let file = dir.join(format!("{name}.{ext}"));
            match crate::write::create_new(ws.root(), &file, bytes) {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    bail!("{} exists already: choose another name", ws.display(&file))
                }
                r => r.with_context(|| format!("cannot write {}", file.display()))?,
            }
            written.push(file);
        }
        case.input = None;
        case.output = None;
        case.input_file = Some(format!("{}/{name}.in", problem.slug));
        case.output_file = Some(format!("{}/{name}.out", problem.slug));
    }
    let mut new = old.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    new.push('\n');
    new.push_str(&case.to_toml());
    let check = parse(
        ws,
        &path,
        &new,
        problem.meta.limits(),
        problem.meta.compare_mode(),
    );
    if let Err(e) = check {
        for f in written {
            let _ = std::fs::remove_file(f);
        }
        bail!("the new case would break the fixture file, nothing was written: {e}");
    }
    // Written beside and renamed over (its mode kept), never through a link.
    crate::write::replace_in(ws.root(), &path, new.as_bytes())
        .with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws() -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("problems")).unwrap();
        std::fs::create_dir_all(dir.path().join("fixtures/p")).unwrap();
        let ws = Workspace::at(dir.path()).unwrap();
        (dir, ws)
    }

    fn limits() -> Limits {
        Limits {
            time: Duration::from_secs(1),
            memory_bytes: 1 << 25,
        }
    }

    fn parse_str(ws: &Workspace, text: &str) -> Result<Fixture, ConfigError> {
        parse(
            ws,
            Path::new("fixtures/p.toml"),
            text,
            limits(),
            CompareMode::Lines,
        )
    }

    #[test]
    fn inline_and_file_cases_load_with_overrides() {
        let (dir, ws) = ws();
        std::fs::write(dir.path().join("fixtures/p/big.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("fixtures/p/big.out"), "Kiki\n").unwrap();
        let f = parse_str(
            &ws,
            "[[case]]\nname = \"sample\"\nsource = \"sample\"\ninput = \"3\\n\"\noutput = \"Cici\\n\"\n\n\
             [[case]]\nname = \"big\"\ninput_file = \"p/big.in\"\noutput_file = \"p/big.out\"\n\
             time_limit_ms = 2500\ncompare = \"tokens\"\noracle = \"formula\"\n",
        )
        .unwrap();
        assert_eq!(f.cases.len(), 2);
        assert_eq!(&*f.cases[0].input.read().unwrap(), b"3\n");
        assert_eq!(f.cases[0].source, Some(Source::Sample));
        assert_eq!(f.cases[0].limits.time, Duration::from_secs(1));
        assert_eq!(f.cases[0].line, 1);
        assert_eq!(&*f.cases[1].expected.read().unwrap(), b"Kiki\n");
        assert_eq!(f.cases[1].limits.time, Duration::from_millis(2500));
        assert_eq!(f.cases[1].compare, CompareMode::Tokens);
        assert_eq!(f.cases[1].oracle, Oracle::Formula);
        assert_eq!(f.cases[1].line, 7);
        assert_eq!(f.cases[0].oracle, Oracle::Brute);
    }

    #[test]
    fn a_formula_case_is_verified_by_its_formula_unless_it_says_brute() {
        let (_d, ws) = ws();
        let f = parse_str(
            &ws,
            "[[case]]\nname = \"f\"\nsource = \"formula\"\ninput = \"1\\n\"\noutput = \"2\\n\"\n\n\
             [[case]]\nname = \"g\"\nsource = \"formula\"\noracle = \"brute\"\ninput = \"2\\n\"\noutput = \"4\\n\"\n",
        )
        .unwrap();
        assert_eq!(f.cases[0].oracle, Oracle::Formula);
        assert_eq!(f.cases[1].oracle, Oracle::Brute);
    }

    #[test]
    fn unknown_key_names_line_and_column() {
        let (_d, ws) = ws();
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n  ouptut = \"x\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((5, 3)));
        assert!(e.message.contains("unknown field `ouptut`"), "{e}");
        assert!(e.to_string().starts_with("fixtures/p.toml:5:3: "), "{e}");
    }

    #[test]
    fn duplicate_names_are_refused_with_both_lines() {
        let (_d, ws) = ws();
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((6, 8)));
        assert!(
            e.message
                .contains("duplicate case name `a` (first used on line 2)"),
            "{e}"
        );
    }

    #[test]
    fn missing_or_doubled_content_is_refused() {
        let (_d, ws) = ws();
        let e = parse_str(&ws, "[[case]]\nname = \"a\"\noutput = \"\"\n").unwrap_err();
        assert!(e.message.contains("case has no `input`"), "{e}");
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\ninput_file = \"p/x\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert!(e.message.contains("either `input` or `input_file`"), "{e}");
        assert_eq!(e.line, Some((4, 14)));
    }

    #[test]
    fn wrong_types_and_values_are_located() {
        let (_d, ws) = ws();
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\nsource = \"blog\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line.map(|l| l.0), Some(5));
        assert!(e.message.contains("unknown variant `blog`"), "{e}");
        let e = parse_str(&ws, "[[case]]\nname = \"a\"\ninput = 3\noutput = \"\"\n").unwrap_err();
        assert_eq!(e.line.map(|l| l.0), Some(3));
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a b\"\ninput = \"\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert!(e.message.contains("case name `a b`"), "{e}");
        let e = parse_str(&ws, "[[case]\nname = \"a\"\n").unwrap_err();
        assert_eq!(e.line.map(|l| l.0), Some(1));
    }

    #[test]
    fn files_outside_fixtures_are_refused() {
        let (dir, ws) = ws();
        std::fs::write(dir.path().join("secret"), "x").unwrap();
        for bad in ["../secret", "/etc/passwd", "p/../../secret", ""] {
            let e = parse_str(
                &ws,
                &format!("[[case]]\nname = \"a\"\ninput_file = \"{bad}\"\noutput = \"\"\n"),
            )
            .unwrap_err();
            assert!(e.message.starts_with("input_file: "), "{bad}: {e}");
            assert_eq!(e.line, Some((3, 14)), "{bad}");
        }
        std::os::unix::fs::symlink(
            dir.path().join("secret"),
            dir.path().join("fixtures/p/link"),
        )
        .unwrap();
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput_file = \"p/link\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert!(e.message.contains("resolves outside fixtures/"), "{e}");
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput_file = \"p/none.in\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert!(e.message.contains("cannot open fixtures/p/none.in"), "{e}");
    }

    #[test]
    fn a_fixture_without_cases_is_refused() {
        let (_d, ws) = ws();
        for text in ["", "# only a comment\n", "\n\n"] {
            let e = parse_str(&ws, text).unwrap_err();
            assert!(e.message.contains("no [[case]]"), "{text:?}: {e}");
            assert_eq!(e.line, None);
        }
    }

    #[test]
    fn single_bracket_case_says_to_use_double_brackets_at_its_line() {
        let (_d, ws) = ws();
        // One [case]: TOML sees a table where an array is wanted.
        let e = parse_str(
            &ws,
            "# cases\n\n[case]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((3, 1)), "{e}");
        assert!(e.message.contains("write `[[case]]`"), "{e}");
        // Two of them: TOML says `duplicate key` at the second; the first is the mistake.
        let e = parse_str(
            &ws,
            "[case]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n\n[case]\nname = \"b\"\ninput = \"\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((1, 1)), "{e}");
        assert!(e.message.contains("write `[[case]]`"), "{e}");
        // After good cases, still found, indented or not.
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n\n  [ case ]\nname = \"b\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((6, 3)), "{e}");
    }

    #[test]
    fn outside_statement_is_kept_and_must_say_why() {
        let (_d, ws) = ws();
        let f = parse_str(
            &ws,
            "[[case]]\nname = \"crlf\"\ninput = \"1\\r\\n\"\noutput = \"2\\n\"\noutside_statement = \"CRLF line ends\"\n\n\
             [[case]]\nname = \"plain\"\ninput = \"1\\n\"\noutput = \"2\\n\"\n",
        )
        .unwrap();
        assert_eq!(
            f.cases[0].outside_statement.as_deref(),
            Some("CRLF line ends")
        );
        assert_eq!(f.cases[1].outside_statement, None);
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\noutside_statement = \" \"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, Some((5, 21)), "{e}");
        assert!(e.message.contains("must say why"), "{e}");
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\noutside_statement = true\n",
        )
        .unwrap_err();
        assert!(e.message.contains("invalid type"), "{e}");
    }

    #[test]
    fn a_formula_oracle_on_a_brute_case_is_refused() {
        let (_d, ws) = ws();
        let e = parse_str(
            &ws,
            "[[case]]\nname = \"ok\"\ninput = \"\"\noutput = \"\"\n\n\
             [[case]]\nname = \"big\"\nsource = \"brute\"\noracle = \"formula\"\ninput = \"\"\noutput = \"\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line.map(|l| l.0), Some(6), "{e}");
        assert!(
            e.message
                .contains("case `big`: source = \"brute\" with oracle = \"formula\""),
            "{e}"
        );
    }

    #[test]
    fn the_files_a_fixture_reads_are_listed() {
        let (dir, ws) = ws();
        std::fs::write(dir.path().join("fixtures/p/a.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("fixtures/p/a.out"), "2\n").unwrap();
        let f = parse_str(
            &ws,
            "[[case]]\nname = \"a\"\ninput_file = \"p/a.in\"\noutput_file = \"p/a.out\"\n\n\
             [[case]]\nname = \"b\"\ninput_file = \"p/a.in\"\noutput = \"2\"\n",
        )
        .unwrap();
        let real = |f: &str| dir.path().join(f).canonicalize().unwrap();
        assert_eq!(
            f.files,
            [
                real("fixtures/p/a.in"),
                real("fixtures/p/a.out"),
                real("fixtures/p/a.in")
            ]
        );
    }

    #[test]
    fn new_case_round_trips() {
        let (_d, ws) = ws();
        let case = NewCase {
            name: "stress-1".into(),
            source: Source::Brute,
            note: "found by stress".into(),
            input: Some("1 \"2\"\r\n\\x".into()),
            input_file: None,
            output: Some("Yes\n".into()),
            output_file: None,
        };
        let text = format!(
            "[[case]]\nname = \"a\"\ninput = \"\"\noutput = \"\"\n\n{}",
            case.to_toml()
        );
        let f = parse_str(&ws, &text).unwrap();
        assert_eq!(f.cases[1].name, "stress-1");
        assert_eq!(&*f.cases[1].input.read().unwrap(), b"1 \"2\"\r\n\\x");
        assert_eq!(f.cases[1].source, Some(Source::Brute));
    }
}
