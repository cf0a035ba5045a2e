//! A problem to be written into the workspace, whatever it came from (a Competitive Companion
//! payload, a Kattis package, a Polygon package): [`Draft`], and [`write`], which writes it all
//! or nothing and never over an existing problem.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::workspace::{is_valid_slug, Workspace};

/// The bytes of a file to write: given, or copied from a file of the package (symlinks
/// followed).
#[derive(Debug, Clone)]
pub enum Data {
    Bytes(Vec<u8>),
    File(PathBuf),
}

impl Data {
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
pub const INLINE_MAX: u64 = 4096;

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
    /// `WA`, `TLE`, `RE`, …
    pub expect: &'static str,
    pub why: String,
    /// When the package says only a class of verdicts (a Kattis category, Library Checker's
    /// "not accepted"): the runner's verdicts in it. `runner import` judges the wrong solution
    /// and expects the one of them it gets first.
    pub class: Option<&'static [&'static str]>,
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

/// `s` as a TOML basic string on one line (`"1 2\n"`), as the repository's fixtures write them.
pub fn toml_str(s: &str) -> String {
    let mut t = String::with_capacity(s.len() + 2);
    t.push('"');
    for c in s.chars() {
        match c {
            '"' => t.push_str("\\\""),
            '\\' => t.push_str("\\\\"),
            '\n' => t.push_str("\\n"),
            '\r' => t.push_str("\\r"),
            '\t' => t.push_str("\\t"),
            c if c.is_control() => t.push_str(&format!("\\u{:04X}", c as u32)),
            c => t.push(c),
        }
    }
    t.push('"');
    t
}

impl Meta {
    pub fn to_toml(&self) -> String {
        let mut t = String::new();
        for c in &self.comments {
            t.push_str(&format!("# {c}\n"));
        }
        t.push_str(&format!("title = {}\n", toml_str(&self.title)));
        t.push_str(&format!("judge = {}\n", toml_str(&self.judge)));
        if let Some(id) = &self.id {
            t.push_str(&format!("id = {}\n", toml_str(id)));
        }
        if let Some(url) = &self.url {
            t.push_str(&format!("url = {}\n", toml_str(url)));
        }
        t.push_str(&format!("time_limit_ms = {}\n", self.time_limit_ms));
        t.push_str(&format!("memory_limit_kib = {}\n", self.memory_limit_kib));
        if let Some(o) = self.output_limit_kib {
            t.push_str(&format!("output_limit_kib = {o}\n"));
        }
        if let Some(c) = &self.compare {
            t.push_str(&format!("compare = {c}\n"));
        }
        if let Some(c) = self.checker_convention {
            t.push_str(&format!("checker_convention = {}\n", toml_str(c)));
        }
        if let Some(c) = self.validator_convention {
            t.push_str(&format!("validator_convention = {}\n", toml_str(c)));
        }
        if self.interactive {
            t.push_str("interactive = true\n");
        }
        if let Some(c) = self.interactor_convention {
            t.push_str(&format!("interactor_convention = {}\n", toml_str(c)));
        }
        t
    }
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
    let mut t = String::from(header);
    let mut files = Vec::new();
    for c in cases {
        t.push_str(&format!("\n[[case]]\nname = {}\n", toml_str(&c.name)));
        t.push_str(&format!("source = {}\n", toml_str(c.source)));
        if let Some(note) = &c.note {
            t.push_str(&format!("note = {}\n", toml_str(note)));
        }
        for (data, key, ext) in [(&c.input, "input", "in"), (&c.output, "output", "out")] {
            match inline_text(data)? {
                Some(text) => t.push_str(&format!("{key} = {}\n", toml_str(&text))),
                None => {
                    let rel = format!("{slug}/{}.{ext}", c.name);
                    t.push_str(&format!("{key}_file = {}\n", toml_str(&rel)));
                    files.push(File {
                        rel: Path::new("fixtures").join(&rel),
                        data: data.clone(),
                    });
                }
            }
        }
    }
    Ok((t, files))
}

/// `wrong/wrong.toml` for `wrong`.
pub fn wrong_toml(wrong: &[Wrong]) -> String {
    let mut t = String::from(
        "# Wrong solutions: each must get its verdict on some case (see the README's \"Wrong solutions\").\n",
    );
    for w in wrong {
        t.push_str(&format!(
            "\n[[program]]\nfile = {}\nexpect = {}\nwhy = {}\n",
            toml_str(&w.file),
            toml_str(w.expect),
            toml_str(&w.why)
        ));
    }
    t
}

/// Every file `draft` makes, relative to the workspace root, with its bytes.
pub fn files(draft: &Draft, fixture_header: &str) -> Result<Vec<File>> {
    let dir = Path::new("problems").join(&draft.slug);
    let mut all = vec![
        File {
            rel: dir.join("problem.toml"),
            data: Data::Bytes(draft.meta.to_toml().into_bytes()),
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
            data: Data::Bytes(wrong_toml(&draft.wrong).into_bytes()),
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
/// file it would write exists already. Returns the files written (absolute paths).
pub fn write(ws: &Workspace, draft: &Draft, fixture_header: &str) -> Result<Vec<PathBuf>> {
    let slug = &draft.slug;
    if !is_valid_slug(slug) {
        bail!("`{slug}` is not a valid slug: use lowercase letters, digits and `-`");
    }
    if draft.cases.is_empty() {
        bail!("no test case: a problem needs at least one");
    }
    let files = files(draft, fixture_header)?;
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
            let path = ws.root().join(&f.rel);
            let parent = path.parent().expect("a file has a folder");
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
            let bytes = f.data.read()?;
            std::fs::write(&path, &bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            written.push(path);
        }
        Ok(())
    })();
    if let Err(e) = result {
        undo(ws, slug, &written);
        return Err(e.context("nothing was written"));
    }
    Ok(written)
}

/// Removes what a failed [`write`] wrote: its files, and the problem's folders.
fn undo(ws: &Workspace, slug: &str, written: &[PathBuf]) {
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
pub fn slugify(name: &str) -> Option<String> {
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
pub fn case_name(name: &str) -> String {
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
                },
                Case {
                    name: "big".into(),
                    source: "reference",
                    note: Some("large".into()),
                    input: Data::Bytes(vec![b'1'; 5000]),
                    output: Data::Bytes(vec![0xff, b'\n']),
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
        let written = write(&ws, &draft("t"), "").unwrap();
        assert_eq!(written.len(), 5, "{written:?}");
        let fixture = std::fs::read_to_string(ws.fixtures_dir().join("t.toml")).unwrap();
        assert!(fixture.contains("input = \"1 2\\n\""), "{fixture}");
        assert!(fixture.contains("input_file = \"t/big.in\""), "{fixture}");
        assert!(fixture.contains("output_file = \"t/big.out\""), "{fixture}");
        let toml = std::fs::read_to_string(ws.problems_dir().join("t/problem.toml")).unwrap();
        assert!(toml.contains(r#"title = "T \"quoted\"""#), "{toml}");
        let parsed: toml::Table = toml::from_str(&fixture).unwrap();
        assert_eq!(parsed["case"][0]["input"].as_str(), Some("1 2\n"));
    }

    #[test]
    fn an_existing_problem_is_never_overwritten() {
        let (_d, ws) = ws();
        std::fs::create_dir_all(ws.problems_dir().join("t")).unwrap();
        std::fs::write(ws.problems_dir().join("t/problem.toml"), "mine").unwrap();
        let e = write(&ws, &draft("t"), "").unwrap_err();
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
