//! The workspace: where problems, fixtures and solutions live.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The folder of `problems/` that holds code shared by the problems' programs (the validators'
/// reader), not a problem: no slug starts with `_`.
pub const SHARED: &str = "_shared";

/// The root of a judge workspace: the directory that holds `problems/`.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    /// Finds the workspace from `start` upwards: the first directory holding a `problems/`
    /// directory. `runner`: the command that starts the runner, for the hint when there is none.
    pub fn find(start: &Path, runner: &str) -> Result<Self> {
        let start = start
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", start.display()))?;
        for dir in start.ancestors() {
            if dir.join("problems").is_dir() {
                return Ok(Self {
                    root: dir.to_path_buf(),
                });
            }
        }
        bail!(
            "no workspace found: neither {} nor any parent holds a `problems/` directory: \
             `{} init` makes one here (or run from inside a workspace, or pass --root DIR)",
            start.display(),
            runner
        )
    }

    /// Uses `root` as the workspace; it must hold `problems/`.
    pub fn at(root: &Path) -> Result<Self> {
        let root = root
            .canonicalize()
            .with_context(|| format!("cannot resolve --root {}", root.display()))?;
        if !root.join("problems").is_dir() {
            bail!(
                "{} is not a workspace: it has no `problems/` directory",
                root.display()
            );
        }
        Ok(Self { root })
    }

    /// The workspace's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `problems/`.
    pub fn problems_dir(&self) -> PathBuf {
        self.root.join("problems")
    }

    /// `fixtures/`.
    pub fn fixtures_dir(&self) -> PathBuf {
        self.root.join("fixtures")
    }

    /// `solutions/`.
    pub fn solutions_dir(&self) -> PathBuf {
        self.root.join("solutions")
    }

    /// Where compiled programs are cached (inside Cargo's `target/`, so `cargo clean` clears it).
    pub fn cache_dir(&self) -> PathBuf {
        self.root.join("target").join("judge")
    }

    /// `path` relative to the root, for messages.
    /// `path` as messages and reports show it: relative to the root when inside it, its
    /// control characters escaped ([`printable`]: a file name is outside text).
    pub fn display(&self, path: &Path) -> String {
        let shown = path
            .strip_prefix(&self.root)
            .unwrap_or(path)
            .to_string_lossy();
        printable(&shown).into_owned()
    }
}

/// The kinds of file the runner builds or runs: sources, by the extensions `judges.toml`'s
/// languages take (a value handed down from the judges, as ripgrep hands down its `Types`), and
/// files that are already executable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileKinds {
    sources: Vec<String>,
}

impl FileKinds {
    /// The kinds of file, with `extensions` the extensions of the judges' sources.
    pub fn new(extensions: impl IntoIterator<Item = String>) -> FileKinds {
        let mut sources: Vec<String> = extensions.into_iter().collect();
        sources.sort();
        sources.dedup();
        FileKinds { sources }
    }

    /// Whether `path` is a source file some language builds or runs.
    pub fn is_source(&self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.sources.iter().any(|s| s == e))
    }

    /// Whether the runner can run `path`: a source, or an executable file.
    pub fn is_runnable(&self, path: &Path) -> bool {
        self.is_source(path) || is_executable(path)
    }

    /// ".c, .cc, .cpp, …": the extensions, for messages.
    pub fn listing(&self) -> String {
        let dotted: Vec<String> = self.sources.iter().map(|e| format!(".{e}")).collect();
        dotted.join(", ")
    }
}

/// Whether `path` is a file with an execute bit.
pub(crate) fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether `slug` is a valid problem slug: lowercase ASCII letters, digits and `-`.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && !slug.starts_with('-')
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// `s` (a name, a title, a message that came from outside: a file name, a package's title, a
/// checker's words) as it is shown on one line of a terminal or a report: every control
/// character (C0 with tab and newline, DEL, C1) escaped as `\x1b`, so nothing from outside moves
/// the cursor, sets a title, rings the bell or starts an escape sequence. Borrowed when there
/// is nothing to escape.
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_kinds_come_from_the_extensions_given() {
        let kinds = FileKinds::new(["rs", "cpp", "py", "rs"].map(String::from));
        assert!(kinds.is_source(Path::new("a.rs")));
        assert!(kinds.is_source(Path::new("dir/a.cpp")));
        assert!(!kinds.is_source(Path::new("a.c")));
        assert!(!kinds.is_source(Path::new("rs")));
        assert!(!kinds.is_runnable(Path::new("/nonexistent/a.txt")));
        assert!(kinds.is_runnable(Path::new("/bin/sh")));
        assert_eq!(kinds.listing(), ".cpp, .py, .rs");
    }
}
