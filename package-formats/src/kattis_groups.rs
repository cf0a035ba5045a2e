//! The settings of a Kattis / ICPC test group at any depth of `data/`: each group's
//! `testdata.yaml` (legacy, 2023-07) or `test_group.yaml` (2025-09) gives its keys to the group
//! and every group below it, until a group below gives the key again (problemtools' and
//! BAPCtools' inheritance: the nearest file that has the key wins, keys are not merged).
//! The output validator's flags and arguments (`output_validator_flags`, 2025-09's
//! `output_validator_args`) and the input validator's are read; constants (`{{name}}`) are
//! substituted in them, as the 2025-09 format says.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use yaml_rust2::{Yaml, YamlLoader};

use super::kattis_constants::Constants;

/// The two files a group's settings may be in.
pub const FILES: [&str; 2] = ["testdata.yaml", "test_group.yaml"];

/// Where a file of the package is as the user named it, for messages: the importers read a
/// private copy of the package, gone when the import ends ([`crate::package::Package::given`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Named<'a> {
    /// The private copy's root.
    pub root: &'a Path,
    /// The package as the user named it.
    pub given: &'a Path,
}

impl Named<'_> {
    /// `path` (under the copy's root) as the user knows it.
    pub fn of(&self, path: &Path) -> PathBuf {
        match path.strip_prefix(self.root) {
            Ok(rel) => self.given.join(rel),
            Err(_) => path.to_path_buf(),
        }
    }
}

/// A group's validator flags: its own, else its nearest parent's that gives them.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Flags {
    pub output: Option<Vec<String>>,
    pub input: Option<Vec<String>>,
}

/// What one group's own files give.
#[derive(Debug, Default)]
pub(crate) struct Own {
    pub output: Option<Vec<String>>,
    pub input: Option<Vec<String>>,
}

impl Flags {
    /// The flags of the group `dir`, below a group with `self`: its own files' keys over these.
    pub fn below(&self, dir: &Path, constants: &Constants, named: Named) -> Result<(Flags, Own)> {
        let own = own(dir, constants, named)?;
        let flags = Flags {
            output: own.output.clone().or_else(|| self.output.clone()),
            input: own.input.clone().or_else(|| self.input.clone()),
        };
        Ok((flags, own))
    }
}

/// What `dir`'s testdata.yaml / test_group.yaml give (the second over the first).
fn own(dir: &Path, constants: &Constants, named: Named) -> Result<Own> {
    let mut own = Own::default();
    for f in FILES {
        let path = dir.join(f);
        if !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", named.of(&path).display()))?;
        let y = YamlLoader::load_from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not YAML: {e}", named.of(&path).display()))?
            .into_iter()
            .next()
            .unwrap_or(Yaml::Null);
        let read = |keys: [&str; 2]| -> Option<Vec<String>> {
            let given: Vec<&Yaml> = keys
                .iter()
                .map(|k| &y[*k])
                .filter(|v| !v.is_badvalue())
                .collect();
            (!given.is_empty()).then(|| {
                given
                    .into_iter()
                    .flat_map(words)
                    .map(|w| constants.substitute(&w))
                    .collect()
            })
        };
        if let Some(o) = read(["output_validator_flags", "output_validator_args"]) {
            own.output = Some(o);
        }
        if let Some(i) = read(["input_validator_flags", "input_validator_args"]) {
            own.input = Some(i);
        }
    }
    Ok(own)
}

/// A YAML list of words, or a string of them (numbers as their text).
fn words(y: &Yaml) -> Vec<String> {
    match y {
        Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
        Yaml::Integer(i) => vec![i.to_string()],
        Yaml::Real(r) => vec![r.clone()],
        Yaml::Array(a) => a.iter().flat_map(words).collect(),
        Yaml::Hash(h) => h
            .iter()
            .flat_map(|(k, v)| words(k).into_iter().chain(words(v)))
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_file_with_a_key_wins_and_others_inherit() {
        let t = tempfile::tempdir().unwrap();
        let w = |rel: &str, s: &str| {
            let p = t.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, s).unwrap();
        };
        w(
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 1e-6\n",
        );
        w(
            "data/secret/a/testdata.yaml",
            "input_validator_flags: nFive=1\n",
        );
        w(
            "data/secret/a/b/test_group.yaml",
            "output_validator_args: [float_tolerance, 0.5]\n",
        );
        let c = Constants::read(&Yaml::Null).unwrap();
        // Messages name the package as the user gave it, not the private copy read here.
        let n = Named {
            root: t.path(),
            given: Path::new("/home/u/pkg"),
        };
        let (data, _) = Flags::default()
            .below(&t.path().join("data"), &c, n)
            .unwrap();
        let (secret, own) = data.below(&t.path().join("data/secret"), &c, n).unwrap();
        assert!(own.output.is_none() && own.input.is_none());
        let (a, own) = secret
            .below(&t.path().join("data/secret/a"), &c, n)
            .unwrap();
        assert_eq!(own.input, Some(vec!["nFive=1".to_string()]));
        assert_eq!(
            a.output,
            Some(vec!["float_tolerance".to_string(), "1e-6".to_string()])
        );
        let (b, _) = a.below(&t.path().join("data/secret/a/b"), &c, n).unwrap();
        assert_eq!(
            b.output,
            Some(vec!["float_tolerance".to_string(), "0.5".to_string()])
        );
        assert_eq!(b.input, Some(vec!["nFive=1".to_string()]));
        w("data/secret/bad/testdata.yaml", "a: [\n");
        let err = secret
            .below(&t.path().join("data/secret/bad"), &c, n)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("/home/u/pkg/data/secret/bad/testdata.yaml: not YAML"),
            "{err}"
        );
    }
}
