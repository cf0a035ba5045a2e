//! A Library Checker problem (yosupo06/library-checker-problems: a folder with `info.toml`) as a
//! [`Draft`], made as the repository's own `generate.py` makes its tests:
//!
//! | problem folder | runner |
//! |---|---|
//! | `info.toml` `title`, `timelimit` (s); memory 1 GiB (the site's) | `title`, `time_limit_ms`, `memory_limit_kib` |
//! | `[params]` | `params.h` (`#define NAME (long long)VALUE`, as `generate.py` writes it), beside the programs that include it |
//! | `[[tests]]` `name = "X.in"`, `number = N` | cases `X_00` … from `gen/X_00.in` … |
//! | `[[tests]]` `name = "X.cpp"`, `number = N` | cases `X_00` …: `gen/X.cpp` built and run with the argument `0` … `N-1` (or `in/X_00.in` … where `generate.py` made them already) |
//! | answers | `sol/correct.cpp`'s output (or `out/X_00.out` …), `source = "reference"` |
//! | `checker.cpp` (testlib, `checker INPUT OUTPUT ANSWER`) | `checker.cpp`, `compare = "checker"`, with the headers of `common/` it includes |
//! | `verifier.cpp` (testlib's `registerValidation`) | `validate.cpp`, likewise |
//! | `sol/correct.cpp`, `[[solutions]]` | solutions; `expect = "WA"` (`"RE"`, `"TLE"`) with `allow_tle`/`allow_re`/`allow_wa`: a wrong solution that must get it on some case and nothing but AC, it or an allowed verdict on any (`expect` WA takes PE too, RE takes MLE); `allow_*` alone: one that may get those; the old `wrong = true`: one rejected on some case; `function = true`: left out (no grader linking) |
//! | `task.md` | `statement/task.md` |
//!
//! The headers come from the repository's `common/` folder (`testlib.h`, `random.h`), found
//! above the problem's folder; `#include "../params.h"` of a generator is made
//! `#include "params.h"` in a staging folder where everything is built.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::Confined;
use super::draft::{case_name, slugify, Case, Data, Draft, File, Meta, Wrong};
use super::package::{self, Package};
use super::tools::{Programs, Tools};
use crate::judges::LOCAL;
use crate::verdict::{Expect, Verdict, Verdicts};

#[derive(serde::Deserialize)]
struct Info {
    title: Option<String>,
    timelimit: f64,
    #[serde(default)]
    tests: Vec<Tests>,
    #[serde(default)]
    solutions: Vec<Solution>,
    checker: Option<String>,
    verifier: Option<String>,
    #[serde(default)]
    params: BTreeMap<String, toml::Value>,
}

#[derive(serde::Deserialize)]
struct Tests {
    name: String,
    number: usize,
}

/// A `[[solutions]]` entry: `expect` the verdict some case must get (upstream since June 2024;
/// before it, `wrong = true`: some case must not be AC), `allow_*` the verdicts every case may
/// get besides AC and `expect`, `function = true` a function linked with the problem's `grader/`.
#[derive(serde::Deserialize)]
struct Solution {
    name: String,
    #[serde(default)]
    wrong: bool,
    expect: Option<String>,
    #[serde(default)]
    allow_tle: bool,
    #[serde(default)]
    allow_re: bool,
    #[serde(default)]
    allow_wa: bool,
    #[serde(default)]
    function: bool,
}

impl Solution {
    /// What the runner expects of it (`None`: an accepted solution). Library Checker's judge
    /// knows AC, WA, RE and TLE: its WA is also the runner's PE, its RE (a crash, or memory
    /// exhausted) also MLE.
    fn expect(&self) -> Result<Option<Expect>> {
        use Verdict::*;
        let class = |code: &str| -> Result<Verdicts> {
            Ok(match code {
                "AC" => Verdicts::one(Accepted),
                "WA" => Verdicts::of(&[WrongAnswer, PresentationError]),
                "RE" => Verdicts::of(&[RuntimeError, MemoryLimitExceeded]),
                "TLE" => Verdicts::one(TimeLimitExceeded),
                _ => bail!(
                    "info.toml [[solutions]] `{}`: expect = \"{code}\" is not a verdict of \
                     Library Checker (AC, WA, RE, TLE)",
                    self.name
                ),
            })
        };
        let mut required = match self.expect.as_deref() {
            Some(code) => class(code)?,
            None => Verdicts::NONE,
        };
        if required.contains(Accepted) {
            required = Verdicts::NONE;
        }
        if self.wrong && required.is_empty() {
            // The old key: some case is not accepted.
            return Ok(Some(Expect {
                required: Verdicts::REJECTIONS,
                permitted: None,
            }));
        }
        let mut permitted = Verdicts::one(Accepted).union(required);
        for (allowed, code) in [
            (self.allow_tle, "TLE"),
            (self.allow_re, "RE"),
            (self.allow_wa, "WA"),
        ] {
            if allowed {
                permitted = permitted.union(class(code)?);
            }
        }
        if required.is_empty() && permitted == Verdicts::one(Accepted) {
            return Ok(None);
        }
        Ok(Some(Expect {
            required,
            permitted: Some(permitted),
        }))
    }
}

/// Library Checker's memory limit for every problem.
const MEMORY_MIB: u64 = 1024;

/// `params.h` as `generate.py` writes it.
fn params_h(params: &BTreeMap<String, toml::Value>) -> Result<String> {
    let mut h = String::new();
    for (k, v) in params {
        let line = match v {
            toml::Value::Integer(i) => format!("#define {k} (long long){i}\n"),
            toml::Value::Float(f) => format!("#define {k} {f}\n"),
            toml::Value::String(s) => format!("#define {k} \"{s}\"\n"),
            _ => bail!("info.toml: the parameter `{k}` is neither a number nor a string"),
        };
        h.push_str(&line);
    }
    Ok(h)
}

/// The checkout's `common/` (testlib.h, random.h): `DIR/common` when the user named the
/// checkout (`--checkout DIR`); else found above the problem's folder `dir`, in the nearest of its
/// parent and grandparent (`<checkout>/<category>/<problem>`) that looks like a checkout of
/// library-checker-problems (`common/testlib.h` and `problems.toml`, `generate.py` or `.git`).
/// Walking up stops at the first folder someone else could have put things in (owned by
/// neither the user nor root, or writable by group or others, as `/tmp` is): a `common/` planted
/// in a shared folder is never taken.
fn common_of(dir: &Path, given: Option<&Path>) -> Result<Option<PathBuf>> {
    if let Some(g) = given {
        let c = g.join("common");
        if !c.join("testlib.h").is_file() {
            bail!("--checkout {}: no common/testlib.h in it", g.display());
        }
        return Ok(Some(c));
    }
    for d in dir.ancestors().skip(1).take(2) {
        if !trusted(d) {
            return Ok(None);
        }
        let c = d.join("common");
        let marked = ["problems.toml", "generate.py", ".git"]
            .iter()
            .any(|m| d.join(m).exists());
        if marked && trusted(&c) && c.join("testlib.h").is_file() {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// Whether only the user (or root) could have made what is in `d`: a folder (not a symlink)
/// owned by the user or root, writable by neither group nor others.
fn trusted(d: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(m) = d.symlink_metadata() else {
        return false;
    };
    // SAFETY: geteuid takes no arguments and cannot fail.
    let me = unsafe { libc::geteuid() };
    m.is_dir() && (m.uid() == me || m.uid() == 0) && m.mode() & 0o022 == 0
}

/// The folder programs are built in: the headers of `common/`, `params.h`, and each source
/// copied in with `../params.h` made `params.h`.
struct Staging {
    dir: tempfile::TempDir,
    /// The headers by name, with their bytes (`params.h` among them).
    headers: BTreeMap<String, Vec<u8>>,
}

impl Staging {
    fn new(common: Option<&Path>, params: String) -> Result<Staging> {
        let dir = tempfile::Builder::new()
            .prefix("runner-import-lc-")
            .tempdir()?;
        let mut headers = BTreeMap::new();
        if let Some(common) = common {
            for h in package::entries(common)
                .into_iter()
                .filter(|h| package::is_header(h))
            {
                let name = h
                    .file_name()
                    .expect("a file")
                    .to_string_lossy()
                    .into_owned();
                headers.insert(name, std::fs::read(&h)?);
            }
        }
        headers.insert("params.h".into(), params.into_bytes());
        for (name, bytes) in &headers {
            std::fs::write(dir.path().join(name), bytes)?;
        }
        Ok(Staging { dir, headers })
    }

    /// `source` copied in as `name`, its includes of `../params.h` made `params.h`.
    fn stage(&self, source: &Path, name: &str) -> Result<(PathBuf, Vec<u8>)> {
        let text = std::fs::read_to_string(source)
            .with_context(|| format!("cannot read {}", source.display()))?
            .replace("\"../params.h\"", "\"params.h\"");
        let path = self.dir.path().join(name);
        std::fs::write(&path, &text)?;
        Ok((path, text.into_bytes()))
    }

    /// The headers `text` includes by a quoted name that staging has.
    fn included(&self, text: &[u8]) -> Vec<(&String, &Vec<u8>)> {
        let text = String::from_utf8_lossy(text);
        self.headers
            .iter()
            .filter(|(name, _)| text.contains(&format!("#include \"{name}\"")))
            .collect()
    }
}

/// Reads the problem folder `pkg` (a folder holding `info.toml`).
pub fn read(
    pkg: &Package,
    tools: &Tools,
    slug: Option<&str>,
    checkout: Option<&Path>,
) -> Result<Draft> {
    let root = &pkg.root;
    let info_path = root.join("info.toml");
    let text = std::fs::read_to_string(&info_path)
        .with_context(|| format!("cannot read {}", info_path.display()))?;
    let info: Info = toml::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: {}", info_path.display(), e.message()))?;
    let slug = match slug {
        Some(s) => s.to_string(),
        None => slugify(&pkg.name)
            .with_context(|| format!("`{}` gives no slug: name one with --slug", pkg.name))?,
    };
    let dir = Path::new("problems").join(&slug);
    let common = common_of(&pkg.root, checkout)?;
    let mut notes = Vec::new();
    if common.is_none() {
        notes.push(
            "no common/ with testlib.h taken from above the problem's folder (none there in a \
             library-checker-problems checkout only the user can write): its programs are built \
             without it; name the checkout with --checkout DIR"
                .into(),
        );
    }
    let info = confined(info, &pkg.confined)?;
    let staging = Staging::new(common.as_deref(), params_h(&info.params)?)?;
    let mut programs = Programs::new(tools);
    let mut files = tool_programs(root, &dir, &info, &staging, &mut notes)?;
    let has_checker = files.iter().any(|f| f.rel.ends_with("checker.cpp"));
    let cases = cases(root, &info, &staging, &mut programs)?;
    let (solutions, wrong) = solutions(root, &slug, &info, &mut notes)?;
    files.extend(solutions);
    if root.join("task.md").is_file() {
        files.push(File {
            rel: dir.join("statement").join("task.md"),
            data: Data::File(root.join("task.md")),
        });
    }
    let title = info.title.clone().unwrap_or_else(|| pkg.name.clone());
    let meta = Meta {
        title: title.clone(),
        judge: LOCAL.into(),
        time_limit_ms: crate::ranges::seconds_as_ms("info.toml timelimit", info.timelimit)
            .map_err(anyhow::Error::msg)?,
        memory_limit_kib: MEMORY_MIB * 1024,
        compare: has_checker.then(|| "\"checker\"".to_string()),
        comments: vec![format!(
            "From the Library Checker problem `{}` (info.toml); answers by its sol/correct.cpp.",
            pkg.name
        )],
        ..Meta::default()
    };
    let readme = format!(
        "# {title}\n\nImported from the Library Checker problem `{}`. The statement is in \
         `statement/task.md`, as the problem had it.\n\n{}",
        pkg.name,
        notes.iter().map(|n| format!("- {n}\n")).collect::<String>()
    );
    Ok(Draft {
        slug,
        meta,
        readme,
        cases,
        files,
        wrong,
        notes,
    })
}

/// `info` with every path it names checked: test and solution names are file names of gen/
/// and sol/, the checker and verifier inside the problem's folder; at most 100 000 tests.
fn confined(info: Info, c: &Confined) -> Result<Info> {
    for t in &info.tests {
        if !plain_name(&t.name) {
            bail!(
                "info.toml [[tests]] name `{}`: not a file name of gen/ (no `/`, no `..`): refused",
                t.name
            );
        }
    }
    for s in &info.solutions {
        if !plain_name(&s.name) {
            bail!("info.toml [[solutions]] name `{}`: not a file name of sol/ (no `/`, no `..`): refused", s.name);
        }
    }
    let count: usize = info
        .tests
        .iter()
        .map(|t| t.number)
        .fold(0, usize::saturating_add);
    if count > 100_000 {
        bail!("info.toml [[tests]]: {count} tests, more than 100000: refused");
    }
    Ok(Info {
        checker: given(c, c.root(), &info.checker, "info.toml checker")?,
        verifier: given(c, c.root(), &info.verifier, "info.toml verifier")?,
        ..info
    })
}

/// A file name alone: no folder, no `..`, not hidden.
fn plain_name(m: &str) -> bool {
    !m.is_empty() && !m.starts_with('.') && !m.contains(['/', '\\', '\0'])
}

/// The path info.toml gives (`what`), resolved inside the problem's folder.
fn given(c: &Confined, root: &Path, p: &Option<String>, what: &str) -> Result<Option<String>> {
    p.as_deref()
        .map(|p| Ok(c.join(root, p, what)?.to_string_lossy().into_owned()))
        .transpose()
}

/// The checker and the verifier as `checker.cpp` and `validate.cpp`, each with the headers it
/// includes beside it.
fn tool_programs(
    root: &Path,
    dir: &Path,
    info: &Info,
    staging: &Staging,
    notes: &mut Vec<String>,
) -> Result<Vec<File>> {
    let mut files: Vec<File> = Vec::new();
    for (given, default, name) in [
        (&info.checker, "checker.cpp", "checker"),
        (&info.verifier, "verifier.cpp", "validate"),
    ] {
        let source = match given {
            Some(p) => PathBuf::from(p),
            None => root.join(default),
        };
        if !source.is_file() {
            notes.push(format!("no {}: left out", source.display()));
            continue;
        }
        let (_, bytes) = staging.stage(&source, &format!("{name}.cpp"))?;
        for (h, b) in staging.included(&bytes) {
            let rel = dir.join(h);
            if !files.iter().any(|f| f.rel == rel) {
                files.push(File {
                    rel,
                    data: Data::Bytes(b.clone()),
                });
            }
        }
        files.push(File {
            rel: dir.join(format!("{name}.cpp")),
            data: Data::Bytes(bytes),
        });
    }
    Ok(files)
}

/// The tests of `info.toml`, made as `generate.py` makes them.
fn cases(
    root: &Path,
    info: &Info,
    staging: &Staging,
    programs: &mut Programs,
) -> Result<Vec<Case>> {
    let correct = root.join("sol").join("correct.cpp");
    let mut cases = Vec::new();
    for t in &info.tests {
        let stem = Path::new(&t.name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let generated = t.name.ends_with(".cpp");
        if !generated && !t.name.ends_with(".in") {
            bail!(
                "info.toml: the test `{}` is neither a .in nor a .cpp",
                t.name
            );
        }
        for i in 0..t.number {
            let name = format!("{stem}_{i:02}");
            let made = root.join("in").join(format!("{name}.in"));
            let input = if made.is_file() {
                Data::File(made)
            } else if generated {
                let gen = root.join("gen").join(&t.name);
                let (staged, _) = staging.stage(&gen, &t.name)?;
                let mut program = programs.build(&format!("the generator {}", t.name), &staged)?;
                program.argv.push(i.to_string().into());
                Data::Bytes(programs.run(
                    &program,
                    b"",
                    &format!("the generator {} {i}", t.name),
                )?)
            } else {
                Data::File(root.join("gen").join(format!("{name}.in")))
            };
            let out = root.join("out").join(format!("{name}.out"));
            let output = if out.is_file() {
                Data::File(out)
            } else {
                let (staged, _) = staging.stage(&correct, "correct.cpp")?;
                let program = programs.build("sol/correct.cpp", &staged)?;
                Data::Bytes(programs.run(&program, &input.read()?, "sol/correct.cpp")?)
            };
            cases.push(Case {
                name: case_name(&name),
                source: "reference",
                note: Some(format!("Library Checker {}, {i}", t.name)),
                input,
                output,
            });
        }
    }
    if cases.is_empty() {
        bail!("{}: info.toml lists no test", root.display());
    }
    Ok(cases)
}

/// `sol/correct.cpp` and the `[[solutions]]`: accepted ones as solutions, the others as wrong
/// solutions with what `expect` and `allow_*` say ([`Solution::expect`]).
fn solutions(
    root: &Path,
    slug: &str,
    info: &Info,
    notes: &mut Vec<String>,
) -> Result<(Vec<File>, Vec<Wrong>)> {
    let mut files = Vec::new();
    let mut wrong: Vec<Wrong> = Vec::new();
    let correct = Solution {
        name: "correct.cpp".into(),
        wrong: false,
        expect: None,
        allow_tle: false,
        allow_re: false,
        allow_wa: false,
        function: false,
    };
    for s in std::iter::once(&correct).chain(&info.solutions) {
        let name = s.name.as_str();
        let src = root.join("sol").join(name);
        if !src.is_file() {
            notes.push(format!("sol/{name}: not in the folder, left out"));
            continue;
        }
        if s.function {
            notes.push(format!(
                "sol/{name}: `function = true` (a function linked with the problem's grader/): \
                 left out, the runner does not link graders yet"
            ));
            continue;
        }
        if let Some(expect) = s.expect()? {
            let taken: Vec<String> = wrong.iter().map(|w| w.file.clone()).collect();
            let mut said: Vec<String> = match (&s.expect, s.wrong) {
                (Some(e), _) => vec![format!("expect = \"{e}\"")],
                (None, true) => vec!["wrong = true".into()],
                (None, false) => Vec::new(),
            };
            for (on, key) in [
                (s.allow_tle, "allow_tle"),
                (s.allow_re, "allow_re"),
                (s.allow_wa, "allow_wa"),
            ] {
                if on {
                    said.push(key.into());
                }
            }
            wrong.push(Wrong {
                file: package::unique_name(name, &taken),
                data: Data::File(src),
                expect,
                why: format!("Library Checker sol/{name}, {}", said.join(", ")),
                class: None,
            });
            continue;
        }
        let stem = case_name(&src.file_stem().expect("a file").to_string_lossy());
        files.push(File {
            rel: Path::new("solutions")
                .join(slug)
                .join(stem)
                .join(format!("{slug}.cpp")),
            data: Data::File(src),
        });
    }
    Ok((files, wrong))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_expect_what_generate_py_checks() {
        use Verdict::*;
        let sol = |toml: &str| -> Solution {
            toml::from_str(&format!("name = \"s.cpp\"\n{toml}")).unwrap()
        };
        let lc_wa = Verdicts::of(&[WrongAnswer, PresentationError]);
        let lc_re = Verdicts::of(&[RuntimeError, MemoryLimitExceeded]);
        let ac = Verdicts::one(Accepted);
        let rows: [(&str, Option<Expect>); 7] = [
            ("", None),
            ("expect = \"AC\"", None),
            (
                "expect = \"WA\"",
                Some(Expect {
                    required: lc_wa,
                    permitted: Some(ac.union(lc_wa)),
                }),
            ),
            (
                "expect = \"TLE\"\nallow_re = true",
                Some(Expect {
                    required: Verdicts::one(TimeLimitExceeded),
                    permitted: Some(ac.union(lc_re).union(Verdicts::one(TimeLimitExceeded))),
                }),
            ),
            (
                "allow_tle = true",
                Some(Expect {
                    required: Verdicts::NONE,
                    permitted: Some(Verdicts::of(&[Accepted, TimeLimitExceeded])),
                }),
            ),
            (
                "wrong = true",
                Some(Expect {
                    required: Verdicts::REJECTIONS,
                    permitted: None,
                }),
            ),
            (
                "expect = \"RE\"\nallow_wa = true\nallow_tle = false",
                Some(Expect {
                    required: lc_re,
                    permitted: Some(ac.union(lc_re).union(lc_wa)),
                }),
            ),
        ];
        for (toml, want) in rows {
            assert_eq!(sol(toml).expect().unwrap(), want, "{toml}");
        }
        let err = sol("expect = \"MLE\"").expect().unwrap_err().to_string();
        assert!(
            err.contains("expect = \"MLE\" is not a verdict of Library Checker"),
            "{err}"
        );
    }

    #[test]
    fn params_h_is_what_generate_py_writes() {
        let mut p = BTreeMap::new();
        p.insert("N_MAX".to_string(), toml::Value::Integer(500_000));
        p.insert("EPS".to_string(), toml::Value::Float(0.5));
        p.insert("NAME".to_string(), toml::Value::String("x".into()));
        assert_eq!(
            params_h(&p).unwrap(),
            "#define EPS 0.5\n#define NAME \"x\"\n#define N_MAX (long long)500000\n"
        );
        p.insert("BAD".to_string(), toml::Value::Boolean(true));
        assert!(params_h(&p).is_err());
    }
}
