//! The workspace's configuration files (problem.toml, wrong.toml, fixtures, judges.toml):
//! reading TOML and locating its errors to the file, line and column.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

/// An error in a TOML file of the workspace, located to the line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, relative to the workspace's root (or as the user named it).
    pub path: PathBuf,
    /// 1-based line and column, when known.
    pub line: Option<(usize, usize)>,
    /// What is wrong, naming the field.
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
    /// The error `message` about `path` (whose text is `text`), at byte `offset` when known
    /// (its line and column are shown).
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
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn new(text: &str) -> LineIndex {
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
    pub(crate) fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Parses `text` (the contents of `path`) as TOML into `T`, locating any error.
pub(crate) fn parse_toml<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        ConfigError::at(
            path,
            text,
            e.span().map(|s| s.start),
            e.message().trim_end().to_string(),
        )
    })
}

pub(crate) fn read_toml<T: DeserializeOwned>(path: &Path) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        path: path.to_path_buf(),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    parse_toml(path, &text)
}

/// The offset of a `[name]` header (one pair of brackets) where `[[name]]` was meant: TOML reads
/// it as a single table and reports only a type error or a `duplicate key` at the second one.
pub(crate) fn single_bracket_table(text: &str, name: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix('[') {
            if !rest.starts_with('[') {
                let inner = rest.split(']').next().unwrap_or_default();
                if inner.trim() == name {
                    return Some(offset + (line.len() - t.len()));
                }
            }
        }
        offset += line.len();
    }
    None
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
}
