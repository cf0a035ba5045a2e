//! A Library Checker program's source as one file: the headers it includes from the upstream
//! tree — the problem's own (`#include "../fastio.h"`, `"../include/test_case.hpp"`), those of
//! `common/` (`"fastio.h"`, `"random.h"`, found there as `generate.py`'s `-I common` finds
//! them), a `function = true` solution's `grader/` — written into it where they are included,
//! each once (`#pragma once` dropped), as `oj-bundle` does. `testlib.h` and `params.h` stay
//! includes (`#include "testlib.h"`, `#include "params.h"`): the import writes them beside the
//! programs that need them. An include is taken only from inside the problem's folder or the
//! checkout's `common/` (canonical paths, so no symlink leads out); anything else is left as
//! written, for the compiler to find or refuse.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The headers left as includes, written beside the programs.
pub(crate) const KEPT: [&str; 2] = ["testlib.h", "params.h"];

/// At most this many headers deep, and this many bytes in one bundled source.
const MAX_DEPTH: usize = 32;
const MAX_BYTES: usize = 64 << 20;

/// Where includes may come from.
pub(crate) struct Tree {
    /// The problem's folder (canonical).
    pub root: PathBuf,
    /// The checkout's `common/` (canonical), when found.
    pub common: Option<PathBuf>,
}

impl Tree {
    pub fn new(root: &Path, common: Option<&Path>) -> Result<Tree> {
        let canon = |p: &Path| {
            p.canonicalize()
                .with_context(|| format!("cannot resolve {}", p.display()))
        };
        Ok(Tree {
            root: canon(root)?,
            common: common.map(canon).transpose()?,
        })
    }

    /// `sources` one after the other (a `function = true` solution, then its grader: one
    /// translation unit), with what they include from the tree written in, each header once;
    /// `dirs` are searched after the including file's folder and `common/` (a grader's folder).
    pub(crate) fn bundle(&self, sources: &[PathBuf], dirs: &[PathBuf]) -> Result<String> {
        let mut b = Bundle {
            tree: self,
            dirs,
            seen: BTreeSet::new(),
            out: String::new(),
        };
        for source in sources {
            b.file(source, 0)?;
        }
        Ok(b.out)
    }

    /// The file `name` names, included from `from`: the first of `from`'s folder, `common/`
    /// and `dirs` where it is a regular file inside the problem's folder or `common/`.
    fn resolve(&self, from: &Path, name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
        let here = from.parent()?.to_path_buf();
        let places = std::iter::once(here)
            .chain(self.common.clone())
            .chain(dirs.iter().cloned());
        for dir in places {
            let Ok(real) = dir.join(name).canonicalize() else {
                continue;
            };
            let inside = real.starts_with(&self.root)
                || self.common.as_ref().is_some_and(|c| real.starts_with(c));
            if inside && real.is_file() {
                return Some(real);
            }
        }
        None
    }
}

struct Bundle<'a> {
    tree: &'a Tree,
    dirs: &'a [PathBuf],
    seen: BTreeSet<PathBuf>,
    out: String,
}

impl Bundle<'_> {
    fn file(&mut self, path: &Path, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            bail!(
                "{}: includes nested more than {MAX_DEPTH} deep: refused",
                path.display()
            );
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        for line in text.lines() {
            if depth > 0 && is_pragma_once(line) {
                continue;
            }
            match quoted_include(line) {
                Some(name) => self.include(path, line, name, depth)?,
                None => {
                    self.out.push_str(line);
                    self.out.push('\n');
                }
            }
            if self.out.len() > MAX_BYTES {
                bail!(
                    "{}: more than {MAX_BYTES} bytes with its includes: refused",
                    path.display()
                );
            }
        }
        Ok(())
    }

    /// The line `#include "name"` of `from`.
    fn include(&mut self, from: &Path, line: &str, name: &str, depth: usize) -> Result<()> {
        let base = Path::new(name).file_name().and_then(|n| n.to_str());
        let kept = base.filter(|b| KEPT.contains(b));
        let found = self.tree.resolve(from, name, self.dirs);
        let keep = kept.filter(|k| *k == "params.h" || found_kept(&found, k));
        match (keep, found) {
            // params.h is written by the import (generate.py writes it into the problem's folder).
            (Some(k), _) => {
                self.out.push_str(&format!("#include \"{k}\"\n"));
            }
            (_, Some(real)) => {
                if self.seen.insert(real.clone()) {
                    let shown = self.shown(&real);
                    self.out.push_str(&format!(
                        "// bundled from {shown} (library-checker-problems)\n"
                    ));
                    self.file(&real, depth + 1)?;
                    self.out.push_str(&format!("// end of {shown}\n"));
                }
            }
            _ => {
                self.out.push_str(line);
                self.out.push('\n');
            }
        }
        Ok(())
    }

    /// `real` relative to the problem's folder or as `common/…`.
    fn shown(&self, real: &Path) -> String {
        if let Ok(r) = real.strip_prefix(&self.tree.root) {
            return r.to_string_lossy().into_owned();
        }
        if let Some(r) = self
            .tree
            .common
            .as_ref()
            .and_then(|c| real.strip_prefix(c).ok())
        {
            return format!("common/{}", r.to_string_lossy());
        }
        real.to_string_lossy().into_owned()
    }
}

/// Whether `found` (where an include of `kept` led) is that header: any file of that name.
fn found_kept(found: &Option<PathBuf>, kept: &str) -> bool {
    found
        .as_ref()
        .is_some_and(|f| f.file_name().is_some_and(|n| n == kept))
}

fn is_pragma_once(line: &str) -> bool {
    let t = line.trim_start();
    t.strip_prefix('#')
        .map(str::trim_start)
        .and_then(|t| t.strip_prefix("pragma"))
        .is_some_and(|t| t.trim() == "once")
}

/// `name` of a line `#include "name"` (spaces allowed around `#` and after the name).
fn quoted_include(line: &str) -> Option<&str> {
    let t = line.trim_start().strip_prefix('#')?.trim_start();
    let t = t.strip_prefix("include")?.trim_start();
    let t = t.strip_prefix('"')?;
    let (name, rest) = t.split_once('"')?;
    let rest = rest.trim();
    (!name.is_empty() && (rest.is_empty() || rest.starts_with("//") || rest.starts_with("/*")))
        .then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_of_the_tree_are_written_in_once_and_others_stay() {
        let t = tempfile::tempdir().unwrap();
        let w = |p: &str, s: &str| {
            let p = t.path().join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, s).unwrap();
        };
        w("common/fastio.h", "#pragma once\nint common_io;\n");
        w("common/testlib.h", "// testlib\n");
        w("p/fastio.h", "#pragma once\nint own_io;\n");
        w(
            "p/include/a.hpp",
            "#pragma once\n#include \"b.hpp\"\nint a;\n",
        );
        w("p/include/b.hpp", "#pragma once\nint b;\n");
        w("outside.h", "int secret;\n");
        w(
            "p/gen/x.cpp",
            "#include \"../fastio.h\"\n#include \"fastio.h\"\n#include \"../include/a.hpp\"\n\
             #include \"../include/b.hpp\"\n#include \"testlib.h\"\n#include \"../params.h\"\n\
             #include \"../../outside.h\"\n#include <vector>\nint main() {}\n",
        );
        let tree = Tree::new(&t.path().join("p"), Some(&t.path().join("common"))).unwrap();
        let got = tree.bundle(&[t.path().join("p/gen/x.cpp")], &[]).unwrap();
        let code: Vec<&str> = got.lines().filter(|l| !l.starts_with("//")).collect();
        assert_eq!(
            code,
            [
                "int own_io;",
                "int common_io;",
                "int b;",
                "int a;",
                "#include \"testlib.h\"",
                "#include \"params.h\"",
                "#include \"../../outside.h\"",
                "#include <vector>",
                "int main() {}",
            ],
            "{got}"
        );
        assert!(got.contains("// bundled from include/a.hpp"), "{got}");
        assert!(got.contains("// bundled from common/fastio.h"), "{got}");
        // A header that includes itself ends; one nested too deep is refused.
        w("p/self.h", "#include \"self.h\"\nint s;\n");
        w("p/y.cpp", "#include \"self.h\"\n");
        assert_eq!(
            tree.bundle(&[t.path().join("p/y.cpp")], &[])
                .unwrap()
                .lines()
                .filter(|l| !l.starts_with("//"))
                .collect::<Vec<_>>(),
            ["int s;"]
        );
    }

    #[test]
    fn only_a_quoted_include_line_is_one() {
        assert_eq!(quoted_include("#include \"a.h\""), Some("a.h"));
        assert_eq!(quoted_include("  #  include   \"a.h\" // x"), Some("a.h"));
        assert_eq!(quoted_include("#include <a.h>"), None);
        assert_eq!(quoted_include("// #include \"a.h\""), None);
        assert_eq!(quoted_include("#include \"a.h\" junk"), None);
        assert!(is_pragma_once("# pragma once "));
        assert!(!is_pragma_once("#pragma pack"));
    }
}
