//! One walk of the workspace. [`Scan`] is everything discovery and the hole checks look at:
//! the entries of `problems/`, `fixtures/` and `solutions/`, and of each problem folder, its
//! `wrong/` and `invalid/`, and its fixture folder. Nothing else lists a directory; what a file
//! *is* (a source, a header, a stray) is decided from this listing by its readers.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::workspace::Workspace;

/// A file or folder seen by the scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: PathBuf,
    pub is_dir: bool,
}

/// A problem folder (one holding `problem.toml`), as the scan saw it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folder {
    /// The folder's own entries (`problem.toml`, `validate.rs`, `wrong/`, …), sorted.
    pub entries: Vec<Entry>,
    /// The entries of `wrong/` and `invalid/`, sorted.
    pub wrong: Vec<Entry>,
    pub invalid: Vec<Entry>,
    /// Every file under `fixtures/<slug>/`, with its canonical path (what a case that reads it
    /// resolves to).
    pub fixture_files: Vec<(PathBuf, PathBuf)>,
}

impl Folder {
    /// The files (not folders) among `entries`.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.entries
            .iter()
            .filter(|e| !e.is_dir)
            .map(|e| e.path.as_path())
    }
}

/// What one walk of the workspace saw. Hidden entries and READMEs are left out everywhere.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scan {
    /// The entries of `problems/`, `fixtures/`, sorted.
    pub problems: Vec<Entry>,
    pub fixtures: Vec<Entry>,
    /// Every file under `solutions/` but Cargo's `target/`, sorted.
    pub solutions: Vec<PathBuf>,
    /// The problem folders, by slug (the folder's name).
    pub folders: BTreeMap<String, Folder>,
}

impl Scan {
    /// Walks `ws` once.
    pub(crate) fn of(ws: &Workspace) -> Scan {
        let problems = entries(&ws.problems_dir());
        let folders = problems
            .iter()
            .filter(|e| e.is_dir && e.path.join("problem.toml").is_file())
            .map(|e| {
                let slug = e.path.file_name().unwrap_or_default();
                let folder = Folder {
                    entries: entries(&e.path),
                    wrong: entries(&e.path.join("wrong")),
                    invalid: entries(&e.path.join("invalid")),
                    fixture_files: files_under(&ws.fixtures_dir().join(slug), false),
                };
                (slug.to_string_lossy().into_owned(), folder)
            })
            .collect();
        Scan {
            problems,
            fixtures: entries(&ws.fixtures_dir()),
            solutions: files_under(&ws.solutions_dir(), true)
                .into_iter()
                .map(|(path, _)| path)
                .collect(),
            folders,
        }
    }

    /// The slugs of the problem folders, sorted.
    pub(crate) fn slugs(&self) -> Vec<String> {
        self.folders.keys().cloned().collect()
    }
}

/// Hidden files and READMEs: never part of a problem, never a hole.
pub(crate) fn ignored(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    let lower = name.to_ascii_lowercase();
    name.starts_with('.') || lower == "readme" || lower.starts_with("readme.")
}

/// The entries of `dir` but the ignored ones, sorted by name; none when it cannot be read.
fn entries(dir: &Path) -> Vec<Entry> {
    let mut v: Vec<Entry> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| !ignored(&e.file_name()))
                .map(|e| Entry {
                    is_dir: e.path().is_dir(),
                    path: e.path(),
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort_by(|a, b| a.path.cmp(&b.path));
    v
}

/// Every file under `dir` (not ignored, nor in Cargo's `target/` with `cargo`), sorted, with its
/// canonical path.
fn files_under(dir: &Path, cargo: bool) -> Vec<(PathBuf, PathBuf)> {
    WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0 || !(ignored(e.file_name()) || cargo && e.file_name() == "target")
        })
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let real = e.path().canonicalize().unwrap_or_else(|_| e.path().into());
            (e.into_path(), real)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
