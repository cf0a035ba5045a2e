//! A problem to be written into the workspace, whatever it came from (a Competitive Companion
//! payload, a Kattis package, a Polygon package): [`Draft`], and `write`, which writes it all
//! or nothing and never over an existing problem.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::{self, Confined};
use judging::{is_valid_slug, Workspace};
use judging::{Expect, Verdicts};

/// The bytes of a file to write: given, or copied from a file of the package (symlinks
/// followed).
#[derive(Debug, Clone)]
pub enum Data {
    Bytes(Vec<u8>),
    File(PathBuf),
}

impl Data {
    /// The bytes, borrowed or read from the file.
    pub fn read(&self) -> Result<std::borrow::Cow<'_, [u8]>> {
        match self {
            Data::Bytes(b) => Ok(b.into()),
            Data::File(p) => Ok(std::fs::read(p)
                .with_context(|| format!("cannot read {}", p.display()))?
                .into()),
        }
    }

    fn len(&self) -> Result<u64> {
        match self {
            Data::Bytes(b) => Ok(b.len() as u64),
            Data::File(p) => Ok(std::fs::metadata(p)
                .with_context(|| format!("cannot read {}", p.display()))?
                .len()),
        }
    }
}

/// Cases at most this large, and UTF-8, are written inline in the fixture; larger ones (or
/// binary ones) are copied to `fixtures/<slug>/NAME.in` and `.out`, as `stress --save` does.
pub(crate) const INLINE_MAX: u64 = 4096;

/// problem.toml's keys.
#[derive(Debug, Clone, Default)]
pub struct Meta {
    pub title: String,
    /// A judge of judges.toml, or "local".
    pub judge: String,
    pub id: Option<String>,
    pub url: Option<String>,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    pub output_limit_kib: Option<u64>,
    /// A TOML value (`"tokens"`, `{ float = { abs = 1e-6 } }`); `None`: the default, lines.
    pub compare: Option<String>,
    pub checker_convention: Option<&'static str>,
    pub validator_convention: Option<&'static str>,
    /// `interactive = true`, with the interactor's convention (`Some("kattis")`).
    pub interactive: bool,
    pub interactor_convention: Option<&'static str>,
    /// A Kattis output validator's arguments.
    pub output_validator_args: Vec<String>,
    /// The compile limits of the solutions (a Kattis package's `compilation_time` and
    /// `compilation_memory`).
    pub compile_limits: Option<judging::CompileLimitKeys>,
    /// `multi_pass = true`, with `max_passes` where the package gives it.
    pub multi_pass: bool,
    pub max_passes: Option<usize>,
    /// Comment lines written at the top (without `# `): where the problem comes from, what did
    /// not come along.
    pub comments: Vec<String>,
}

/// One test case.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    /// `sample`, `reference`, … (fixture.rs's `Source`).
    pub source: &'static str,
    pub note: Option<String>,
    pub input: Data,
    pub output: Data,
    /// The case's own compare mode (a TOML value the runner made), where it is not the
    /// problem's (a Kattis test group's validator flags).
    pub compare: Option<String>,
}

/// A file of the workspace to write, relative to its root.
#[derive(Debug, Clone)]
pub struct File {
    pub rel: PathBuf,
    pub data: Data,
}

/// A wrong solution: a file of `problems/<slug>/wrong/` and its wrong.toml entry.
#[derive(Debug, Clone)]
pub struct Wrong {
    pub file: String,
    pub data: Data,
    /// What wrong.toml says it must get (`expect`, `allow`).
    pub expect: Expect,
    pub why: String,
    /// When the package says only a class of verdicts (a Kattis category): the runner's
    /// verdicts in it. `runner import` judges the wrong solution in case order and expects the
    /// one of them it gets first.
    pub class: Option<Verdicts>,
}

/// A problem to write.
#[derive(Debug, Clone, Default)]
pub struct Draft {
    pub slug: String,
    pub meta: Meta,
    pub readme: String,
    pub cases: Vec<Case>,
    /// Every other file: solutions, the problem's programs, headers, templates (relative to the
    /// workspace root).
    pub files: Vec<File>,
    pub wrong: Vec<Wrong>,
    /// What the reader should know: what was left out and why, what was guessed.
    pub notes: Vec<String>,
}

/// `text` as TOML comment lines (`# …`): one per line of it, every control character a space,
/// so that nothing in it (a newline from a payload) can end the comment and start a key.
pub(crate) fn comment_lines(text: &str) -> String {
    let mut t = String::new();
    for line in text.split(['\n', '\r']) {
        let clean: String = line
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        t.push_str(format!("# {clean}").trim_end());
        t.push('\n');
    }
    t
}

/// A TOML document written key by key: every key is one of the runner's own (a bare name in
/// the code, never text from outside), every string value is encoded by the `toml` crate's
/// writer (`toml_writer`) as one basic string (`"1 2\n"`, as the repository's fixtures write
/// them: every newline and control character escaped), and the document is parsed back and
/// compared with what was meant before it is written ([`Doc::checked`]).
#[derive(Default)]
struct Doc {
    text: String,
    /// What the text must parse back to: the top table, then the rows of array tables.
    top: toml::Table,
    rows: Vec<(&'static str, toml::Table)>,
}

impl Doc {
    fn comments(&mut self, text: &str) {
        self.text.push_str(&comment_lines(text));
    }

    fn array_table(&mut self, name: &'static str) {
        self.text.push_str(&format!("\n[[{name}]]\n"));
        self.rows.push((name, toml::Table::new()));
    }

    fn meant(&mut self, key: &'static str, value: toml::Value) {
        let table = match self.rows.last_mut() {
            Some((_, row)) => row,
            None => &mut self.top,
        };
        table.insert(key.to_string(), value);
    }

    fn str(&mut self, key: &'static str, value: &str) {
        self.text
            .push_str(&format!("{key} = {}\n", basic_string(value)));
        self.meant(key, toml::Value::String(value.to_string()));
    }

    fn str_array(&mut self, key: &'static str, values: &[String]) {
        let encoded: Vec<String> = values.iter().map(|v| basic_string(v)).collect();
        self.text
            .push_str(&format!("{key} = [{}]\n", encoded.join(", ")));
        let array = values.iter().cloned().map(toml::Value::String).collect();
        self.meant(key, toml::Value::Array(array));
    }

    fn int(&mut self, key: &'static str, value: u64) {
        self.text.push_str(&format!("{key} = {value}\n"));
        let v = i64::try_from(value).map_or(toml::Value::Float(value as f64), toml::Value::Integer);
        self.meant(key, v);
    }

    /// `value`, the text of one TOML value (`{ float = { abs = 1e-6 } }`): refused unless it
    /// is exactly one, on one line.
    fn raw_value(&mut self, key: &'static str, value: &str) -> Result<()> {
        let line = format!("{key} = {value}\n");
        let parsed = toml::from_str::<toml::Table>(&line)
            .ok()
            .filter(|t| t.len() == 1 && !value.contains(['\n', '\r']))
            .and_then(|mut t| t.remove(key))
            .with_context(|| format!("`{key} = {value}` is not one TOML value"))?;
        self.text.push_str(&line);
        self.meant(key, parsed);
        Ok(())
    }

    /// The text, once it parses back to exactly the keys and values written.
    fn checked(self, what: &str) -> Result<String> {
        let mut meant = self.top;
        for (name, row) in self.rows {
            let rows = meant
                .entry(name)
                .or_insert_with(|| toml::Value::Array(Vec::new()));
            if let toml::Value::Array(a) = rows {
                a.push(toml::Value::Table(row));
            }
        }
        let parsed: toml::Table = toml::from_str(&self.text)
            .with_context(|| format!("the {what} made does not parse back: nothing was written"))?;
        if parsed != meant {
            bail!("the {what} made does not parse back to what was meant: nothing was written");
        }
        Ok(self.text)
    }
}

impl Meta {
    /// problem.toml's text: the comments, then the keys. `compare` must be one TOML value.
    pub fn to_toml(&self) -> Result<String> {
        let mut d = Doc::default();
        for c in &self.comments {
            d.comments(c);
        }
        d.str("title", &self.title);
        d.str("judge", &self.judge);
        if let Some(id) = &self.id {
            d.str("id", id);
        }
        if let Some(url) = &self.url {
            d.str("url", url);
        }
        d.int("time_limit_ms", self.time_limit_ms);
        d.int("memory_limit_kib", self.memory_limit_kib);
        if let Some(o) = self.output_limit_kib {
            d.int("output_limit_kib", o);
        }
        if let Some(c) = &self.compare {
            d.raw_value("compare", c)?;
        }
        if let Some(c) = self.checker_convention {
            d.str("checker_convention", c);
        }
        if let Some(c) = self.validator_convention {
            d.str("validator_convention", c);
        }
        if self.interactive {
            d.raw_value("interactive", "true")?;
        }
        if let Some(c) = self.interactor_convention {
            d.str("interactor_convention", c);
        }
        if let Some(keys) = self.compile_limits {
            let given = [
                ("cpu_s", keys.cpu_s.map(|s| s.to_string())),
                ("memory_mib", keys.memory_mib.map(|m| m.to_string())),
                ("message_kib", keys.message_kib.map(|k| k.to_string())),
            ];
            let pairs: Vec<String> = given
                .into_iter()
                .filter_map(|(k, v)| Some(format!("{k} = {}", v?)))
                .collect();
            d.raw_value("compile_limits", &format!("{{ {} }}", pairs.join(", ")))?;
        }
        if !self.output_validator_args.is_empty() {
            d.str_array("output_validator_args", &self.output_validator_args);
        }
        if self.multi_pass {
            d.raw_value("multi_pass", "true")?;
            if let Some(n) = self.max_passes {
                d.int("max_passes", n as u64);
            }
        }
        d.checked("problem.toml")
    }
}

/// `value` as a TOML basic string (quoted, escaped by the toml crate's writer).
fn basic_string(value: &str) -> String {
    use toml_writer::TomlWrite as _;
    let mut encoded = String::new();
    let _ = encoded.value(toml_writer::TomlStringBuilder::new(value).as_basic());
    encoded
}

/// Whether `data` goes inline into the fixture.
fn inline_text(data: &Data) -> Result<Option<String>> {
    if data.len()? > INLINE_MAX {
        return Ok(None);
    }
    Ok(String::from_utf8(data.read()?.into_owned()).ok())
}

/// The fixture file's text, and the files it reads (relative to the workspace root).
fn fixture(slug: &str, cases: &[Case], header: &str) -> Result<(String, Vec<File>)> {
    let mut d = Doc::default();
    // The header is the runner's own comment text (its lines may start with `#` already).
    for line in header.lines() {
        d.comments(line.strip_prefix('#').unwrap_or(line).trim_start());
    }
    let mut files = Vec::new();
    for c in cases {
        d.array_table("case");
        d.str("name", &c.name);
        d.str("source", c.source);
        if let Some(note) = &c.note {
            d.str("note", note);
        }
        if let Some(compare) = &c.compare {
            d.raw_value("compare", compare)?;
        }
        for (data, key, file_key, ext) in [
            (&c.input, "input", "input_file", "in"),
            (&c.output, "output", "output_file", "out"),
        ] {
            match inline_text(data)? {
                Some(text) => d.str(key, &text),
                None => {
                    let rel = format!("{slug}/{}.{ext}", c.name);
                    d.str(file_key, &rel);
                    files.push(File {
                        rel: Path::new("fixtures").join(&rel),
                        data: data.clone(),
                    });
                }
            }
        }
    }
    Ok((d.checked("fixture")?, files))
}

/// `wrong/wrong.toml` for `wrong`.
pub fn wrong_toml(wrong: &[Wrong]) -> Result<String> {
    let mut d = Doc::default();
    d.comments(
        "Wrong solutions: each must get its verdict on some case (see the manual's \"Adding a problem\").",
    );
    for w in wrong {
        d.array_table("program");
        d.str("file", &w.file);
        // The sets' TOML is the runner's own codes, never text from outside.
        if !w.expect.required.is_empty() {
            d.raw_value("expect", &w.expect.required.toml())?;
        }
        if let Some(allow) = w.expect.permitted {
            d.raw_value("allow", &allow.toml())?;
        }
        d.str("why", &w.why);
    }
    d.checked("wrong.toml")
}

/// Every file `draft` makes, relative to the workspace root, with its bytes.
pub fn files(draft: &Draft, fixture_header: &str) -> Result<Vec<File>> {
    let dir = Path::new("problems").join(&draft.slug);
    let mut all = vec![
        File {
            rel: dir.join("problem.toml"),
            data: Data::Bytes(draft.meta.to_toml()?.into_bytes()),
        },
        File {
            rel: dir.join("README.md"),
            data: Data::Bytes(draft.readme.clone().into_bytes()),
        },
    ];
    let (fixture, case_files) = fixture(&draft.slug, &draft.cases, fixture_header)?;
    all.push(File {
        rel: Path::new("fixtures").join(format!("{}.toml", draft.slug)),
        data: Data::Bytes(fixture.into_bytes()),
    });
    all.extend(case_files);
    if !draft.wrong.is_empty() {
        all.push(File {
            rel: dir.join("wrong").join("wrong.toml"),
            data: Data::Bytes(wrong_toml(&draft.wrong)?.into_bytes()),
        });
        for w in &draft.wrong {
            all.push(File {
                rel: dir.join("wrong").join(&w.file),
                data: w.data.clone(),
            });
        }
    }
    for f in &draft.files {
        if let Some(i) = all.iter().position(|a| a.rel == f.rel) {
            all[i] = f.clone();
        } else {
            all.push(f.clone());
        }
    }
    Ok(all)
}

/// Writes `draft` into `ws`: all of it, or nothing. Refuses when the problem, its fixture or any
/// file it would write exists already. Returns the files written (absolute paths). Every file
/// is given as bytes (a draft of no package: [`write_from`] takes files of one).
pub fn write(
    ws: &Workspace,
    draft: &Draft,
    fixture_header: &str,
    cancel: &sandbox::Cancel,
) -> Result<Vec<PathBuf>> {
    write_from(ws, draft, fixture_header, None, cancel)
}

/// `write`, where the draft's files ([`Data::File`]) are files of `package`: each must be a
/// regular file inside it (symlinks resolved), else nothing is written.
pub fn write_from(
    ws: &Workspace,
    draft: &Draft,
    fixture_header: &str,
    package: Option<&Confined>,
    cancel: &sandbox::Cancel,
) -> Result<Vec<PathBuf>> {
    let slug = &draft.slug;
    if !is_valid_slug(slug) {
        bail!("`{slug}` is not a valid slug: use lowercase letters, digits and `-`");
    }
    if draft.cases.is_empty() {
        bail!("no test case: a problem needs at least one");
    }
    check_meta(&draft.meta).context("nothing was written")?;
    let draft = confined(draft, package).context("nothing was written")?;
    let files = files(&draft, fixture_header)?;
    for f in &files {
        check_rel(slug, &f.rel).context("nothing was written")?;
    }
    let mut taken: Vec<PathBuf> = vec![
        ws.problems_dir().join(slug),
        ws.fixtures_dir().join(format!("{slug}.toml")),
        ws.fixtures_dir().join(slug),
    ];
    taken.extend(files.iter().map(|f| ws.root().join(&f.rel)));
    if let Some(p) = taken.iter().find(|p| p.exists() || p.is_symlink()) {
        bail!(
            "{} exists already: nothing was written (problem `{slug}` is never overwritten)",
            ws.display(p)
        );
    }
    let mut written: Vec<PathBuf> = Vec::new();
    let result = (|| -> Result<()> {
        for f in &files {
            if cancel.is_cancelled() {
                bail!("interrupted");
            }
            let path = ws.root().join(&f.rel);
            let bytes = f.data.read()?;
            // A new file, never through a symlink planted meanwhile, nor through a folder on
            // the way that is a link (out of the workspace: `solutions/src/bin` -> elsewhere).
            judging::write::create_new(ws.root(), &path, &bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            written.push(path.clone());
        }
        Ok(())
    })();
    if let Err(e) = result {
        undo(ws, slug, &written);
        return Err(e.context("nothing was written"));
    }
    Ok(written)
}

/// The limits of problem.toml in the ranges the runner holds ([`judging::ranges`]).
fn check_meta(m: &Meta) -> Result<()> {
    use judging::ranges;
    let mut r = ranges::time_ms("time_limit_ms", m.time_limit_ms)
        .and(ranges::memory_kib("memory_limit_kib", m.memory_limit_kib));
    if let Some(o) = m.output_limit_kib {
        r = r.and(ranges::output_kib("output_limit_kib", o));
    }
    r.map(|_| ()).map_err(anyhow::Error::msg)
}

/// Where a problem's files may go: `problems/<slug>/…`, `fixtures/<slug>.toml`,
/// `fixtures/<slug>/…`, `solutions/<slug>/…` and a solution `solutions/…/<slug>.<ext>`; plain
/// names only (no `..`, no root).
fn check_rel(slug: &str, rel: &Path) -> Result<()> {
    let fixture = Path::new("fixtures").join(format!("{slug}.toml"));
    let inside = ["problems", "fixtures", "solutions"]
        .iter()
        .any(|d| rel.starts_with(Path::new(d).join(slug)) && rel != Path::new(d).join(slug));
    // A module of the workspace's problems/_shared/ (a new one: none is overwritten).
    let shared = Path::new("problems").join(judging::SHARED);
    let shared = rel.parent() == Some(shared.as_path());
    let solution = rel.starts_with("solutions")
        && rel.file_stem() == Some(std::ffi::OsStr::new(slug))
        && rel.extension().is_some();
    if !confine::is_plain(rel) || !(inside || solution || shared || rel == fixture) {
        bail!(
            "`{}`: not a file of problem `{slug}` (problems/{slug}/, fixtures/{slug}.toml, \
             fixtures/{slug}/, solutions/{slug}/, solutions/…/{slug}.<ext>, problems/_shared/): \
             refused",
            rel.display()
        );
    }
    Ok(())
}

/// `draft` with each of its package's files resolved inside `package` (its real path); a file
/// outside, or not a regular file, is refused with its path named.
fn confined(draft: &Draft, package: Option<&Confined>) -> Result<Draft> {
    let mut d = draft.clone();
    let resolve = |data: &mut Data| -> Result<()> {
        if let Data::File(p) = data {
            let Some(c) = package else {
                bail!("{}: a file of no package: refused", p.display());
            };
            *p = c.file(p)?;
        }
        Ok(())
    };
    for c in &mut d.cases {
        resolve(&mut c.input)?;
        resolve(&mut c.output)?;
    }
    for f in &mut d.files {
        resolve(&mut f.data)?;
    }
    for w in &mut d.wrong {
        resolve(&mut w.data)?;
    }
    Ok(d)
}

/// Removes what a failed `write` wrote: its files, and the problem's folders.
pub fn undo(ws: &Workspace, slug: &str, written: &[PathBuf]) {
    for p in written {
        let _ = std::fs::remove_file(p);
    }
    let _ = std::fs::remove_dir_all(ws.problems_dir().join(slug));
    let _ = std::fs::remove_dir_all(ws.fixtures_dir().join(slug));
    for p in written {
        let mut dir = p.parent();
        while let Some(d) = dir {
            if d == ws.root() || std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
}

/// `name` as a slug: lowercase ASCII letters and digits, other runs of characters as one `-`, at
/// most 40 characters; `None` when nothing is left.
pub(crate) fn slugify(name: &str) -> Option<String> {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    let s: String = s.trim_matches('-').chars().take(40).collect();
    let s = s.trim_end_matches('-').to_string();
    (!s.is_empty()).then_some(s)
}

/// `name` as a case name: letters, digits, `-`, `_` and `.`; anything else becomes `_`.
pub(crate) fn case_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(slug: &str) -> Draft {
        Draft {
            slug: slug.into(),
            meta: Meta {
                title: "T \"quoted\"".into(),
                judge: "local".into(),
                time_limit_ms: 1000,
                memory_limit_kib: 65536,
                ..Meta::default()
            },
            readme: "# T\n".into(),
            cases: vec![
                Case {
                    name: "sample-1".into(),
                    source: "sample",
                    note: None,
                    input: Data::Bytes(b"1 2\n".to_vec()),
                    output: Data::Bytes(b"3\n".to_vec()),
                    compare: None,
                },
                Case {
                    name: "big".into(),
                    source: "reference",
                    note: Some("large".into()),
                    input: Data::Bytes(vec![b'1'; 5000]),
                    output: Data::Bytes(vec![0xff, b'\n']),
                    compare: None,
                },
            ],
            ..Draft::default()
        }
    }

    fn ws() -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("problems")).unwrap();
        let ws = Workspace::at(dir.path()).unwrap();
        (dir, ws)
    }

    #[test]
    fn small_text_cases_are_inline_and_large_or_binary_ones_files() {
        let (_d, ws) = ws();
        let written = write(&ws, &draft("t"), "", &sandbox::Cancel::new()).unwrap();
        assert_eq!(written.len(), 5, "{written:?}");
        let fixture = std::fs::read_to_string(ws.fixtures_dir().join("t.toml")).unwrap();
        let parsed: toml::Table = toml::from_str(&fixture).unwrap();
        assert_eq!(parsed["case"][0]["input"].as_str(), Some("1 2\n"));
        assert_eq!(parsed["case"][1]["input_file"].as_str(), Some("t/big.in"));
        assert_eq!(parsed["case"][1]["output_file"].as_str(), Some("t/big.out"));
        assert!(parsed["case"][1].get("input").is_none(), "{fixture}");
        let toml = std::fs::read_to_string(ws.problems_dir().join("t/problem.toml")).unwrap();
        let toml: toml::Table = toml::from_str(&toml).unwrap();
        assert_eq!(toml["title"].as_str(), Some("T \"quoted\""));
    }

    #[test]
    fn text_from_outside_stays_data_in_every_file_written() {
        let (_d, ws) = ws();
        let mut d = draft("t");
        d.meta.title = "x\"\ntime_limit_ms = 1\n[evil]\u{7f}\u{0}".into();
        d.meta.url = Some("https://e.example/\r\njudge = \"HDU\"".into());
        d.meta.comments = vec!["group\nmemory_limit_kib = 1\r[x]\u{1b}".into()];
        d.meta.compare = Some("{ float = { abs = 1e-6 } }".into());
        d.cases[0].name = "a\nb".into();
        d.cases[0].note = Some("n\n[[case]]".into());
        write(&ws, &d, "header\nkey = 1", &sandbox::Cancel::new()).unwrap();
        let text = std::fs::read_to_string(ws.problems_dir().join("t/problem.toml")).unwrap();
        let toml: toml::Table = toml::from_str(&text).unwrap();
        let mut keys: Vec<&str> = toml.keys().map(|k| k.as_str()).collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "compare",
                "judge",
                "memory_limit_kib",
                "time_limit_ms",
                "title",
                "url"
            ],
            "{text}"
        );
        assert_eq!(toml["title"].as_str(), Some(d.meta.title.as_str()));
        assert_eq!(toml["url"].as_str(), d.meta.url.as_deref());
        assert_eq!(toml["time_limit_ms"].as_integer(), Some(1000));
        assert_eq!(toml["memory_limit_kib"].as_integer(), Some(65536));
        assert_eq!(toml["compare"]["float"]["abs"].as_float(), Some(1e-6));
        assert!(
            text.starts_with("# group\n# memory_limit_kib = 1\n# [x]\n"),
            "{text}"
        );
        let text = std::fs::read_to_string(ws.fixtures_dir().join("t.toml")).unwrap();
        let fixture: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(fixture.keys().collect::<Vec<_>>(), ["case"], "{text}");
        let cases = fixture["case"].as_array().unwrap();
        assert_eq!(cases.len(), 2, "{text}");
        assert_eq!(cases[0]["name"].as_str(), Some("a\nb"));
        assert_eq!(cases[0]["note"].as_str(), Some("n\n[[case]]"));
        assert_eq!(cases[0]["input"].as_str(), Some("1 2\n"));
    }

    #[test]
    fn an_existing_problem_is_never_overwritten() {
        let (_d, ws) = ws();
        std::fs::create_dir_all(ws.problems_dir().join("t")).unwrap();
        std::fs::write(ws.problems_dir().join("t/problem.toml"), "mine").unwrap();
        let e = write(&ws, &draft("t"), "", &sandbox::Cancel::new()).unwrap_err();
        assert!(format!("{e:#}").contains("exists already"), "{e:#}");
        assert_eq!(
            std::fs::read_to_string(ws.problems_dir().join("t/problem.toml")).unwrap(),
            "mine"
        );
        assert!(!ws.fixtures_dir().exists());
    }

    #[test]
    fn slugs_and_case_names() {
        assert_eq!(
            slugify("G. Castle Defense").as_deref(),
            Some("g-castle-defense")
        );
        assert_eq!(slugify("集合-Nim游戏").as_deref(), Some("nim"));
        assert_eq!(slugify("游戏"), None);
        assert_eq!(case_name("secret/group 1"), "secret_group_1");
    }
}
