//! What a compile may see: its source, and the files its place in the workspace lets it include.
//! The compiler runs in the sandbox (see [`crate::compile`]) on copies of exactly these files,
//! laid out as in the workspace, so relative includes (`#[path = "../_shared/x.rs"]`,
//! `#include "testlib.h"`) work, and nothing else of the user's is there: not the fixtures, not
//! another problem, not the home folder.
//!
//! - A problem's own program (validator, checker, interactor, brute force, generator, wrong
//!   solution: any file under `problems/<slug>/`) sees `problems/_shared/`, the header-like
//!   files of its problem's folder (`testlib.h`), and what problem.toml's `include` adds.
//! - A solution (`solutions/…/<slug>.<ext>`, or a file named `<slug>.<ext>` elsewhere in the
//!   workspace but `problems/`) sees itself and what its problem's `solution_include` adds.
//! - A build script `X.build` (a Kattis program folder, imported) also sees the folder `X/`
//!   beside it: the rest of the program's folder.
//! - Nothing under the workspace's `fixtures/`, `target/` or `.git/` is ever shown, whatever
//!   a rule above says (a `fixtures/<slug>.build` does not see `fixtures/<slug>/`).
//! - Any other file of the workspace sees only itself; a file outside the workspace (a file
//!   judged by path, an import's staged generator) sees itself and the header-like files beside
//!   it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

use crate::config::{parse_toml, ConfigError};

/// Extensions of the files a C or C++ program includes: shown beside a problem's programs.
const HEADER_LIKE: &[&str] = &[
    "h", "hh", "hpp", "hxx", "h++", "inc", "inl", "ipp", "tcc", "tpp",
];

/// The folders of a workspace no compile sees, whatever a rule says.
const NEVER_SHOWN: &[&str] = &["fixtures", "target", ".git"];

/// The files a compile sees, relative to `root`, with their content (read once: what is
/// hashed for the build's cache key is what the compiler gets).
#[derive(Debug, Clone)]
pub(crate) struct Sight {
    /// The workspace (or, for a file outside it, the file's folder).
    pub root: PathBuf,
    /// The source, relative to `root`.
    pub source: PathBuf,
    /// Every file shown, relative to `root`, the source first; sorted after it.
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

/// What problem.toml declares for a problem: (for its own programs, for its solutions).
pub(crate) type Declared = (Vec<PathBuf>, Vec<PathBuf>);

/// What a compile of `source` (absolute, canonical) sees; `declared` gives a problem's
/// problem.toml declarations by slug.
pub(crate) fn of(
    workspace: Option<&Path>,
    source: &Path,
    declared: &dyn Fn(&str) -> Result<Declared>,
) -> Result<Sight> {
    let inside = workspace.and_then(|w| Some((w, source.strip_prefix(w).ok()?)));
    let (root, mut shown) = match inside {
        Some((root, rel)) => (root.to_path_buf(), workspace_files(root, rel, declared)?),
        None => {
            let dir = source.parent().unwrap_or(Path::new("/")).to_path_buf();
            let beside = headers(&dir, false)?;
            (dir, beside)
        }
    };
    if source.extension().is_some_and(|e| e == "build") {
        // A program folder with a build script (Kattis' format), imported as `X.build` and the
        // rest of its folder as `X/`: the build sees that folder.
        shown.extend(walk(&source.with_extension(""), &|_| true)?);
    }
    shown.retain(|f| f != source);
    if let Some(ws) = workspace {
        // The fixtures (and the build's and git's files) are never shown, whatever a rule
        // above says: a build script saved as `fixtures/<slug>.build` does not see
        // `fixtures/<slug>/`.
        shown.retain(|f| !NEVER_SHOWN.iter().any(|d| f.starts_with(ws.join(d))));
    }
    shown.sort();
    shown.dedup();
    let rel = |p: &Path| p.strip_prefix(&root).map(Path::to_path_buf);
    let source_rel = rel(source).context("the source is outside its own root")?;
    let mut files = vec![(source_rel.clone(), read(source)?)];
    for f in shown {
        let Ok(r) = rel(&f) else { continue };
        files.push((r, read(&f)?));
    }
    Ok(Sight {
        root,
        source: source_rel,
        files,
    })
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The files besides the source that a file at `rel` in the workspace `root` sees.
fn workspace_files(
    root: &Path,
    rel: &Path,
    declared: &dyn Fn(&str) -> Result<Declared>,
) -> Result<Vec<PathBuf>> {
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.first().map(String::as_str) {
        Some("problems") if parts.len() >= 3 && parts[1] != "_shared" => {
            let slug = &parts[1];
            let mut files = walk(&root.join("problems/_shared"), &|_| true)?;
            files.extend(headers(&root.join("problems").join(slug), true)?);
            for d in declared(slug)?.0 {
                files.extend(walk(&d, &|_| true)?);
            }
            Ok(files)
        }
        Some("problems") => Ok(Vec::new()),
        _ => {
            // A solution: `solutions/…/<slug>.<ext>`, or a file named so elsewhere in the
            // workspace (one judged by path).
            let slug = rel.file_stem().unwrap_or_default().to_string_lossy();
            if !root
                .join("problems")
                .join(&*slug)
                .join("problem.toml")
                .is_file()
            {
                return Ok(Vec::new());
            }
            let mut files = Vec::new();
            for d in declared(&slug)?.1 {
                files.extend(walk(&d, &|_| true)?);
            }
            Ok(files)
        }
    }
}

/// The header-like files in `dir` (and its subfolders, with `deep`).
fn headers(dir: &Path, deep: bool) -> Result<Vec<PathBuf>> {
    let header = |p: &Path| {
        p.extension()
            .is_some_and(|e| HEADER_LIKE.contains(&&*e.to_string_lossy()))
    };
    if deep {
        return walk(dir, &header);
    }
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let e = e?;
        if e.file_type()?.is_file() && header(&e.path()) {
            found.push(e.path());
        }
    }
    Ok(found)
}

/// Every regular file under `path` (itself, when it is one) that `keep` keeps. Symbolic links
/// are not followed: a link cannot show a compile what its folder does not hold.
fn walk(path: &Path, keep: &dyn Fn(&Path) -> bool) -> Result<Vec<PathBuf>> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    if meta.is_file() {
        return Ok(if keep(path) {
            vec![path.to_path_buf()]
        } else {
            Vec::new()
        });
    }
    let mut found = Vec::new();
    if meta.is_dir() {
        let entries =
            std::fs::read_dir(path).with_context(|| format!("cannot list {}", path.display()))?;
        for e in entries {
            found.extend(walk(&e?.path(), keep)?);
        }
    }
    Ok(found)
}

/// The keys of problem.toml that say what a compile may see, with where each entry is.
#[derive(Debug, Default, Deserialize)]
struct RawIncludes {
    #[serde(default)]
    include: Vec<toml::Spanned<String>>,
    #[serde(default)]
    solution_include: Vec<toml::Spanned<String>>,
}

/// What `problem.toml` declares visible to compiles, as absolute paths of existing files or
/// folders: (for the problem's own programs, for its solutions). Every entry must stay inside
/// the workspace and name neither the fixtures nor a folder above them (the workspace itself),
/// another problem's folder, nor `target`; else the error names the file, the line and the key.
pub(crate) fn declared_includes(
    toml_path: &Path,
    ws_root: &Path,
) -> Result<(Vec<PathBuf>, Vec<PathBuf>), ConfigError> {
    let text = std::fs::read_to_string(toml_path)
        .map_err(|e| ConfigError::at(toml_path, "", None, format!("cannot read: {e}")))?;
    let raw: RawIncludes = parse_toml(toml_path, &text)?;
    let dir = toml_path.parent().unwrap_or(Path::new("."));
    let check = |key: &str, entries: &[toml::Spanned<String>]| {
        entries
            .iter()
            .map(|e| {
                include_target(dir, ws_root, e.get_ref()).map_err(|why| {
                    ConfigError::at(
                        toml_path,
                        &text,
                        Some(e.span().start),
                        format!("{key}: `{}` {why}", e.get_ref()),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()
    };
    Ok((
        check("include", &raw.include)?,
        check("solution_include", &raw.solution_include)?,
    ))
}

/// Where an `include` entry of the problem in `dir` points, when it may be shown to a compile.
fn include_target(dir: &Path, ws_root: &Path, entry: &str) -> Result<PathBuf, String> {
    if entry.is_empty() || Path::new(entry).is_absolute() {
        return Err("must be a path relative to the problem's folder".into());
    }
    let path = dir
        .join(entry)
        .canonicalize()
        .map_err(|e| format!("cannot be read ({e})"))?;
    let root = ws_root.canonicalize().map_err(|e| e.to_string())?;
    let rel = path
        .strip_prefix(&root)
        .map_err(|_| "is outside the workspace".to_string())?;
    let own = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut parts = rel.components().map(|c| c.as_os_str().to_string_lossy());
    let first = parts.next().unwrap_or_default();
    let second = parts.next().unwrap_or_default();
    let refused = match &*first {
        _ if root.join("fixtures").starts_with(&path) => {
            Some("holds the fixtures (it is a folder above them): a compile never sees them")
        }
        "fixtures" => Some("is in the fixtures: a compile never sees them"),
        "target" | ".git" => Some("is in the build's or git's files"),
        "problems" if second != "_shared" && !path.starts_with(&own) => {
            Some("is in another problem's folder")
        }
        _ => None,
    };
    match refused {
        Some(why) => Err(why.into()),
        None => Ok(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &Sight) -> Vec<String> {
        s.files
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect()
    }

    #[test]
    fn each_place_sees_what_its_rules_say() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for f in [
            "problems/_shared/validate_input.rs",
            "problems/p/validate.rs",
            "problems/p/testlib.h",
            "problems/p/lib/extra.txt",
            "problems/p/problem.toml",
            "problems/q/secret.h",
            "fixtures/p.toml",
            "solutions/src/bin/p.rs",
            "solutions/cpp/p.cpp",
            "a.cpp",
        ] {
            std::fs::create_dir_all(root.join(f).parent().unwrap()).unwrap();
            std::fs::write(root.join(f), f).unwrap();
        }
        let none = |_: &str| Ok((Vec::new(), Vec::new()));
        let s = of(Some(&root), &root.join("problems/p/validate.rs"), &none).unwrap();
        assert_eq!(
            names(&s),
            [
                "problems/p/validate.rs",
                "problems/_shared/validate_input.rs",
                "problems/p/testlib.h"
            ]
        );
        assert_eq!(s.files[0].1, b"problems/p/validate.rs");
        let s = of(Some(&root), &root.join("solutions/cpp/p.cpp"), &none).unwrap();
        assert_eq!(names(&s), ["solutions/cpp/p.cpp"]);
        let s = of(Some(&root), &root.join("a.cpp"), &none).unwrap();
        assert_eq!(names(&s), ["a.cpp"]);
        // Declared: `include` for the problem's programs, `solution_include` for solutions.
        let extra = root.join("problems/p/lib/extra.txt");
        let declared = |slug: &str| {
            assert_eq!(slug, "p");
            Ok((vec![extra.clone()], vec![root.join("problems/p/testlib.h")]))
        };
        let s = of(Some(&root), &root.join("problems/p/validate.rs"), &declared).unwrap();
        assert!(names(&s).contains(&"problems/p/lib/extra.txt".to_string()));
        let s = of(Some(&root), &root.join("solutions/src/bin/p.rs"), &declared).unwrap();
        assert_eq!(
            names(&s),
            ["solutions/src/bin/p.rs", "problems/p/testlib.h"]
        );
        // Outside the workspace: the headers beside it, from its folder.
        let s = of(None, &root.join("problems/q/secret.h"), &none).unwrap();
        assert_eq!(s.root, root.join("problems/q"));
        assert_eq!(names(&s), ["secret.h"]);
    }
}
