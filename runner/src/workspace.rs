//! The workspace: where problems, fixtures and solutions live.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The root of a judge workspace: the directory that holds `problems/`.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    /// Finds the workspace from `start` upwards: the first directory holding a `problems/`
    /// directory.
    pub fn find(start: &Path) -> Result<Self> {
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
            "no workspace found: neither {} nor any parent holds a `problems/` directory \
             (run from inside the workspace, or pass --root DIR)",
            start.display()
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

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn problems_dir(&self) -> PathBuf {
        self.root.join("problems")
    }

    pub fn fixtures_dir(&self) -> PathBuf {
        self.root.join("fixtures")
    }

    pub fn solutions_dir(&self) -> PathBuf {
        self.root.join("solutions")
    }

    /// Where compiled programs are cached (inside Cargo's `target/`, so `cargo clean` clears it).
    pub fn cache_dir(&self) -> PathBuf {
        self.root.join("target").join("judge")
    }

    /// `path` relative to the root, for messages.
    pub fn display<'a>(&self, path: &'a Path) -> std::path::Display<'a> {
        path.strip_prefix(&self.root).unwrap_or(path).display()
    }
}

/// Whether `slug` is a valid problem slug: lowercase ASCII letters, digits and `-`.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && !slug.starts_with('-')
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}
