//! `runner rm <slug>`: the files of a problem, found by its slug, and their removal. A problem
//! is `problems/<slug>/`, `fixtures/<slug>.toml`, `fixtures/<slug>/` and every file under
//! `solutions/` named `<slug>.<ext>` (not the Cargo package's own files, not a header): what the
//! hole checks would call strays once its folder is gone. Nothing is removed through a link: a
//! link in the way is removed itself (never what it points to), and a workspace folder that is a
//! link (`solutions/` pointing elsewhere) is refused, as is anything outside the workspace.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use walkdir::WalkDir;

use crate::workspace::{is_valid_slug, Workspace};

/// One thing removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// What was removed.
    pub path: PathBuf,
    /// What it was.
    pub what: Kind,
}

/// What a removed path was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A file.
    File,
    /// A folder and the files it held (counted).
    Folder {
        /// The files it held.
        files: usize,
    },
    /// A link, removed itself: what it pointed to was left alone.
    Link,
}

/// The paths of problem `slug` in `ws` that exist, each as it is on disk (links not followed).
/// An error when the slug is not one, or when a workspace folder on the way is a link.
pub fn files_of(ws: &Workspace, slug: &str) -> Result<Vec<PathBuf>> {
    if !is_valid_slug(slug) || slug.starts_with('_') {
        bail!("`{slug}` is not a problem's slug: lowercase letters, digits and `-`");
    }
    for dir in [ws.problems_dir(), ws.fixtures_dir(), ws.solutions_dir()] {
        refuse_link(ws, &dir)?;
    }
    let mut paths: Vec<PathBuf> = [
        ws.problems_dir().join(slug),
        ws.fixtures_dir().join(format!("{slug}.toml")),
        ws.fixtures_dir().join(slug),
    ]
    .into_iter()
    .filter(|p| p.symlink_metadata().is_ok())
    .collect();
    paths.extend(solutions_of(ws, slug));
    Ok(paths)
}

/// Every file (or link) under `solutions/` named `<slug>.<ext>`, but Cargo's `target/`, the
/// Cargo package's own files and headers. Links to folders are not entered.
fn solutions_of(ws: &Workspace, slug: &str) -> Vec<PathBuf> {
    let root = ws.solutions_dir();
    let package = [root.join("Cargo.toml"), root.join("src").join("lib.rs")];
    WalkDir::new(&root)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !(e.file_type().is_dir() && e.file_name() == "target"))
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_type().is_dir())
        .map(walkdir::DirEntry::into_path)
        .filter(|p| p.file_stem().is_some_and(|s| s == slug) && p.extension().is_some())
        .filter(|p| !package.contains(p) && !crate::holes::is_header(p))
        .collect()
}

/// An error when `dir` (a folder of the workspace) is a link: what is under it is elsewhere.
fn refuse_link(ws: &Workspace, dir: &Path) -> Result<()> {
    let is_link = dir
        .symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink());
    if is_link {
        bail!(
            "{}/ is a link (to {}): rm removes nothing outside the workspace, nor through a link",
            ws.display(dir),
            std::fs::read_link(dir).unwrap_or_default().display()
        );
    }
    Ok(())
}

/// Removes `paths` (from [`files_of`]), each not followed if a link: what was removed. Stops
/// at the first failure, which names the path.
pub fn remove(ws: &Workspace, paths: &[PathBuf]) -> Result<Vec<Removed>> {
    let mut removed = Vec::new();
    for path in paths {
        if !path.starts_with(ws.root()) {
            bail!("{}: outside the workspace, not removed", path.display());
        }
        let meta = path
            .symlink_metadata()
            .with_context(|| format!("cannot look at {}", ws.display(path)))?;
        let what = if meta.file_type().is_symlink() {
            std::fs::remove_file(path).map(|()| Kind::Link)
        } else if meta.is_dir() {
            let files = count_files(path);
            // std's remove_dir_all removes a link inside as a link, never what it points to.
            std::fs::remove_dir_all(path).map(|()| Kind::Folder { files })
        } else {
            std::fs::remove_file(path).map(|()| Kind::File)
        }
        .with_context(|| format!("cannot remove {}", ws.display(path)))?;
        removed.push(Removed {
            path: path.clone(),
            what,
        });
    }
    Ok(removed)
}

/// The files under `dir`, links counted as files and not followed.
fn count_files(dir: &Path) -> usize {
    WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_type().is_dir())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, "x\n").unwrap();
    }

    #[test]
    fn a_problems_files_are_found_by_its_slug_and_links_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let outside = tempfile::tempdir().unwrap();
        write(outside.path(), "keep.cpp");
        write(outside.path(), "keep/a.txt");
        for rel in [
            "problems/cf71b/problem.toml",
            "problems/cf71b/wrong/w.cpp",
            "problems/cf71a/problem.toml",
            "fixtures/cf71b.toml",
            "fixtures/cf71b/big.in",
            "solutions/cpp/cf71b.cpp",
            "solutions/cpp/cf71b.h",
            "solutions/py/cf71b.py",
            "solutions/cpp/cf71a.cpp",
            "solutions/Cargo.toml",
            "solutions/target/cf71b.rs",
        ] {
            write(&root, rel);
        }
        let link = |to: &Path, rel: &str| std::os::unix::fs::symlink(to, root.join(rel)).unwrap();
        link(&outside.path().join("keep.cpp"), "solutions/src-cf71b.cpp");
        link(&outside.path().join("keep.cpp"), "solutions/cf71b.rs");
        link(&outside.path().join("keep"), "problems/cf71b/data");
        let ws = Workspace::at(&root).unwrap();
        let found = files_of(&ws, "cf71b").unwrap();
        let rel: Vec<String> = found
            .iter()
            .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        assert_eq!(
            rel,
            [
                "problems/cf71b",
                "fixtures/cf71b.toml",
                "fixtures/cf71b",
                "solutions/cf71b.rs",
                "solutions/cpp/cf71b.cpp",
                "solutions/py/cf71b.py",
            ]
        );
        let removed = remove(&ws, &found).unwrap();
        assert_eq!(removed[0].what, Kind::Folder { files: 3 });
        assert_eq!(removed[3].what, Kind::Link);
        assert_eq!(removed[4].what, Kind::File);
        // What the links pointed to is still there; the other problem too.
        assert!(outside.path().join("keep.cpp").is_file());
        assert!(outside.path().join("keep/a.txt").is_file());
        assert!(root.join("problems/cf71a/problem.toml").is_file());
        assert!(root.join("solutions/cpp/cf71b.h").is_file());
        assert!(root.join("solutions/target/cf71b.rs").is_file());
        assert!(files_of(&ws, "cf71b").unwrap().is_empty());
        assert!(files_of(&ws, "../x").is_err());
        assert!(files_of(&ws, "_shared").is_err());
    }

    #[test]
    fn a_workspace_folder_that_is_a_link_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let outside = tempfile::tempdir().unwrap();
        write(outside.path(), "x.cpp");
        std::fs::create_dir(root.join("problems")).unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("solutions")).unwrap();
        let ws = Workspace::at(&root).unwrap();
        let e = files_of(&ws, "x").unwrap_err().to_string();
        assert!(e.starts_with("solutions/ is a link (to "), "{e}");
        assert!(outside.path().join("x.cpp").is_file());
    }
}
