//! `constants:` of a 2025-09 `problem.yaml`: `{{name}}` and `{{name.variant}}` in the jury's
//! files the format names (Markdown statements, the input and output validators, included
//! files, `test_group.yaml`) replaced by the constant's value; never in the test data nor in
//! `problem.yaml`. A sequence naming no constant stays as it is.
//!
//! Not in the example submissions, which the format's list also names: a submission is judged
//! as a contestant would send it, and no judge rewrites a contestant's code. BAPCtools does not
//! substitute there either, and its `constants` test problem files a submission printing
//! `{{FIVE.STRING}}` under `wrong_answer`.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Result};
use yaml_rust2::Yaml;

use super::confine::Confined;
use super::draft::{Data, File};

/// The constants: `name` and `name.variant` → the text that replaces `{{…}}`.
#[derive(Debug, Default)]
pub struct Constants(BTreeMap<String, String>);

/// A scalar's text as the package wrote it.
fn scalar(y: &Yaml) -> Option<String> {
    match y {
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Real(s) | Yaml::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn is_name(n: &str) -> bool {
    let mut chars = n.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Constants {
    /// problem.yaml's `constants` (`Null`: none).
    pub fn read(y: &Yaml) -> Result<Constants> {
        let mut map = BTreeMap::new();
        let Yaml::Hash(h) = y else {
            if !y.is_null() && !y.is_badvalue() {
                bail!("problem.yaml constants: not a map of names to values");
            }
            return Ok(Constants(map));
        };
        for (k, v) in h {
            let Some(name) = k.as_str().filter(|n| is_name(n)) else {
                bail!("problem.yaml constants: {k:?} is not a name ([a-zA-Z_][a-zA-Z0-9_]*)");
            };
            let what = format!("problem.yaml constants.{name}");
            if let Some(value) = scalar(v) {
                map.insert(format!("{name}.value"), value.clone());
                map.insert(name.to_string(), value);
                continue;
            }
            let Yaml::Hash(variants) = v else {
                bail!("{what}: neither a number, a string, nor a map with `value`");
            };
            let Some(value) = scalar(&v["value"]) else {
                bail!("{what}: no `value` (a number or a string)");
            };
            map.insert(name.to_string(), value);
            for (variant, text) in variants {
                let (Some(variant), Some(text)) = (variant.as_str(), scalar(text)) else {
                    bail!("{what}: the variant {variant:?} is not a name with a scalar value");
                };
                map.insert(format!("{name}.{variant}"), text);
            }
        }
        Ok(Constants(map))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `text` with every `{{name}}` / `{{name.variant}}` of a constant replaced.
    pub(crate) fn substitute(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find("{{") {
            out.push_str(&rest[..open]);
            let after = &rest[open + 2..];
            match after
                .find("}}")
                .and_then(|close| self.0.get(after[..close].trim()).map(|v| (v, close)))
            {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 2..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Replaces the constants in the draft's files that come from the folders the format
    /// names (statements: Markdown only): files of the package at `root`, read through
    /// `confined`.
    pub fn apply(&self, files: &mut [File], root: &Path, confined: &Confined) -> Result<()> {
        if self.is_empty() {
            return Ok(());
        }
        for data in files.iter_mut().map(|f| &mut f.data) {
            let Data::File(path) = data else { continue };
            if !applies_to(path, root) {
                continue;
            }
            let real = confined.file(path)?;
            let Ok(text) = std::fs::read_to_string(&real) else {
                continue;
            };
            if text.contains("{{") {
                *data = Data::Bytes(self.substitute(&text).into_bytes());
            }
        }
        Ok(())
    }
}

/// Whether the format replaces constants in the package's file `path`.
fn applies_to(path: &Path, root: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    let top = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    match top.as_str() {
        "input_validators" | "input_validator" | "output_validators" | "output_validator"
        | "include" => true,
        "statement" | "problem_statement" => path.extension().is_some_and(|e| e == "md"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yaml_rust2::YamlLoader;

    fn constants(text: &str) -> Result<Constants> {
        let y = YamlLoader::load_from_str(text).unwrap().remove(0);
        Constants::read(&y["constants"])
    }

    #[test]
    fn constants_and_their_variants_are_substituted_and_others_left() {
        let c = constants(
            "constants:\n  FIVE: 5\n  k:\n    value: 5000000\n    tex: 5,000,000\n  eps: 1e-6\n",
        )
        .unwrap();
        assert_eq!(
            c.substitute("n <= {{FIVE}} and {{FIVE.value}}; k = {{k}} ({{k.tex}}); {{eps}}"),
            "n <= 5 and 5; k = 5000000 (5,000,000); 1e-6"
        );
        assert_eq!(
            c.substitute("{{nope}} {{FIVE.int}} {{ {{FIVE}}"),
            "{{nope}} {{FIVE.int}} {{ 5"
        );
        assert!(constants("name: x\n").unwrap().is_empty());
        for bad in [
            "constants:\n  1x: 3\n",
            "constants:\n  k:\n    tex: 3\n",
            "constants: [1]\n",
        ] {
            assert!(constants(bad).is_err(), "{bad}");
        }
    }
}
