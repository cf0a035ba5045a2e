//! A Library Checker problem (yosupo06/library-checker-problems: a folder with `info.toml`) as a
//! [`Draft`], made as the repository's own `generate.py` makes its tests:
//!
//! | problem folder | runner |
//! |---|---|
//! | `info.toml` `title`, `timelimit` (s); memory 1 GiB (the site's) | `title`, `time_limit_ms`, `memory_limit_kib` |
//! | `[params]` | `params.h` (`#define NAME (long long)VALUE`, as `generate.py` writes it), beside the programs that include it |
//! | `[[tests]]` `name = "X.in"`, `number = N` | cases `X_00` … from `gen/X_00.in` … |
//! | `[[tests]]` `name = "X.cpp"`, `number = N` | cases `X_00` …: `gen/X.cpp` built and run with the argument `0` … `N-1` (or `in/X_00.in` … where `hash.json` shows them current) |
//! | answers | `sol/correct.cpp`'s output (or `out/X_00.out` … where `hash.json` shows them current), `source = "reference"` |
//! | `hash.json` (sha256 of every file of `in/` and `out/`) | a file there with other bytes, or unlisted, made again and named in a note; a file made here with other bytes than it says, named in a note |
//! | `checker.cpp` (testlib, `checker INPUT OUTPUT ANSWER`) | `checker.cpp`, `compare = "checker"`, with the headers of `common/` it includes |
//! | `verifier.cpp` (testlib's `registerValidation`) | `validate.cpp`, likewise |
//! | `sol/correct.cpp`, `[[solutions]]` | solutions; `expect = "WA"` (`"RE"`, `"TLE"`) with `allow_tle`/`allow_re`/`allow_wa`: a wrong solution that must get it on some case and nothing but AC, it or an allowed verdict on any (`expect` WA takes PE too, RE takes MLE); `allow_*` alone: one that may get those; the old `wrong = true`: one rejected on some case; `function = true`: the solution followed by `grader/grader.cpp`, one file |
//! | `sol/correct.cpp` | also `brute.cpp`, the brute force `runner verify` checks the cases with (weaker evidence: it made them) |
//! | `task.md` | `statement/task.md` |
//!
//! `testlib.h` comes from the repository's `common/` folder, found above the problem's folder;
//! every other header a program includes from the problem's folder or `common/` is written
//! into it (`super::library_checker_sources`), and `#include "../params.h"` is made
//! `#include "params.h"`; everything is built in a staging folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::Confined;
use super::draft::{case_name, slugify, Case, Data, Draft, File, Meta, Wrong};
use super::library_checker_sources::Tree;
use super::package::{self, Package};
use super::tools::{PackageTools, Programs};
use judging::LOCAL;
use judging::{Expect, Verdict, Verdicts};

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

impl Solution {
    /// What info.toml says of it, for wrong.toml's `why`.
    fn said(&self) -> Vec<String> {
        let mut said: Vec<String> = match (&self.expect, self.wrong) {
            (Some(e), _) => vec![format!("expect = \"{e}\"")],
            (None, true) => vec!["wrong = true".into()],
            (None, false) => Vec::new(),
        };
        for (on, key) in [
            (self.allow_tle, "allow_tle"),
            (self.allow_re, "allow_re"),
            (self.allow_wa, "allow_wa"),
            (self.function, "function = true"),
        ] {
            if on {
                said.push(key.into());
            }
        }
        said
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

/// The first program source of the problem folder `root` (its `.cpp` and headers, two folders
/// deep) that includes a header found neither beside it nor in the problem's folder (`params.h`
/// is written by the import): what only the checkout's `common/` could give.
fn needs_common(root: &Path) -> Option<(PathBuf, String)> {
    let mut sources = Vec::new();
    let mut dirs = vec![(root.to_path_buf(), 0)];
    while let Some((d, depth)) = dirs.pop() {
        for e in crate::package::entries(&d) {
            if e.is_dir() && depth < 2 {
                dirs.push((e, depth + 1));
            } else if e.is_file()
                && e.extension()
                    .is_some_and(|x| ["cpp", "cc", "h", "hpp"].iter().any(|k| x == *k))
            {
                sources.push(e);
            }
        }
    }
    sources.sort();
    sources.into_iter().find_map(|f| {
        // A package's file: a regular file, read within a bound, as every source it holds.
        let bytes = judging::bounded::read_regular(&f, SOURCE_READ).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let beside = f.parent()?.to_path_buf();
        text.lines().find_map(|l| {
            let rest = l.trim_start().strip_prefix('#')?.trim_start();
            let name = rest
                .strip_prefix("include")?
                .trim_start()
                .strip_prefix('"')?;
            let name = name.split('"').next()?;
            let found =
                name == "params.h" || beside.join(name).is_file() || root.join(name).is_file();
            (!found).then(|| (f.clone(), name.to_string()))
        })
    })
}

/// The most of a source file read to find its includes.
const SOURCE_READ: u64 = 4 << 20;

/// Why a `common/` above the problem `dir` was not taken, when there is one (else nothing).
fn unmarked_common(dir: &Path) -> String {
    dir.ancestors()
        .skip(1)
        .take(2)
        .find(|d| d.join("common").join("testlib.h").is_file())
        .map(|d| {
            format!(
                " (the common/ in {} is not taken: that folder has neither problems.toml nor \
                 generate.py nor .git, the checkout's markers, or someone else can write to it)",
                d.display()
            )
        })
        .unwrap_or_default()
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

/// The folder programs are built in: `testlib.h` of `common/`, `params.h`, and each source
/// with the other headers it includes from the upstream tree written in ([`Tree::bundle`]).
struct Staging {
    dir: tempfile::TempDir,
    tree: Tree,
    /// The headers left as includes ([`super::library_checker_sources::KEPT`]) by name, with their bytes.
    headers: BTreeMap<String, Vec<u8>>,
}

impl Staging {
    fn new(root: &Path, common: Option<&Path>, params: String) -> Result<Staging> {
        let dir = tempfile::Builder::new()
            .prefix("runner-import-lc-")
            .tempdir()?;
        let mut headers = BTreeMap::new();
        if let Some(testlib) = common.map(|c| c.join("testlib.h")).filter(|t| t.is_file()) {
            headers.insert("testlib.h".to_string(), std::fs::read(&testlib)?);
        }
        headers.insert("params.h".into(), params.into_bytes());
        for (name, bytes) in &headers {
            std::fs::write(dir.path().join(name), bytes)?;
        }
        Ok(Staging {
            dir,
            tree: Tree::new(root, common)?,
            headers,
        })
    }

    /// `sources` made one file ([`Tree::bundle`], `dirs` searched last), staged as `name`.
    fn stage_all(
        &self,
        sources: &[PathBuf],
        dirs: &[PathBuf],
        name: &str,
    ) -> Result<(PathBuf, Vec<u8>)> {
        let text = self.tree.bundle(sources, dirs)?;
        let path = self.dir.path().join(name);
        std::fs::write(&path, &text)?;
        Ok((path, text.into_bytes()))
    }

    fn stage(&self, source: &Path, name: &str) -> Result<(PathBuf, Vec<u8>)> {
        self.stage_all(&[source.to_path_buf()], &[], name)
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
    tools: &PackageTools,
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
    let common = common_of(&pkg.origin, checkout)?;
    let mut notes = Vec::new();
    let info = confined(info, &pkg.confined)?;
    let time_limit_ms = judging::ranges::seconds_as_ms("info.toml timelimit", info.timelimit)
        .map_err(anyhow::Error::msg)?;
    if common.is_none() {
        if let Some((file, header)) = needs_common(root) {
            bail!(
                "{}: {} includes \"{header}\", which only a library-checker-problems checkout's \
                 common/ gives, and none was found above the problem{}: name the checkout (the \
                 folder holding common/) with --checkout DIR; nothing was written",
                pkg.origin.display(),
                file.strip_prefix(root).unwrap_or(&file).display(),
                unmarked_common(&pkg.origin)
            );
        }
        notes.push(
            "no common/ with testlib.h taken from above the problem's folder (none there in a \
             library-checker-problems checkout only the user can write); no program includes \
             one; name the checkout with --checkout DIR"
                .into(),
        );
    }
    let staging = Staging::new(root, common.as_deref(), params_h(&info.params)?)?;
    let mut programs = Programs::new(tools);
    let mut files = tool_programs(root, &dir, &info, &staging, &mut notes)?;
    let has_checker = files.iter().any(|f| f.rel.ends_with("checker.cpp"));
    let cases = cases(pkg, &info, &staging, &mut programs, &mut notes)?;
    let (solutions, wrong) = solutions(pkg, &slug, &info, &staging, &mut notes)?;
    files.extend(solutions);
    if root.join("sol").join("correct.cpp").is_file() {
        files.push(brute(root, &dir, &staging)?);
        notes.push(verify_note(&slug, &files));
    }
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
        time_limit_ms,
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

/// `in/` and `out/` as `generate.py` left them, each file used only when `hash.json` (sha256
/// of every file of both, as `generate.py` writes it) gives it its bytes.
struct Made {
    hashes: Option<BTreeMap<String, String>>,
    /// Files of `in/` and `out/` not used: absent from hash.json, or with other bytes.
    stale: Vec<String>,
    /// Files made here whose bytes are not hash.json's.
    differ: Vec<String>,
}

impl Made {
    fn read(root: &Path, c: &Confined) -> Result<Made> {
        let path = root.join("hash.json");
        let hashes = if path.is_file() {
            let text = std::fs::read_to_string(c.file(&path)?)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let map: BTreeMap<String, String> = serde_json::from_str(&text).map_err(|e| {
                anyhow::anyhow!(
                    "{}: line {}, column {}: {e} (hash.json maps a file of in/ or out/ to its \
                     sha256)",
                    path.display(),
                    e.line(),
                    e.column()
                )
            })?;
            Some(map)
        } else {
            None
        };
        Ok(Made {
            hashes,
            stale: Vec::new(),
            differ: Vec::new(),
        })
    }

    /// `root/dir/name` when it is there with the bytes hash.json gives it.
    fn current(&mut self, c: &Confined, dir: &str, name: &str) -> Result<Option<Data>> {
        let path = c.root().join(dir).join(name);
        if !path.is_file() {
            return Ok(None);
        }
        let bytes = std::fs::read(c.file(&path)?)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let want = self.hashes.as_ref().and_then(|h| h.get(name));
        if want.is_some_and(|w| w.eq_ignore_ascii_case(&sha256_hex(&bytes))) {
            return Ok(Some(Data::Bytes(bytes)));
        }
        self.stale.push(format!("{dir}/{name}"));
        Ok(None)
    }

    /// Notes `name`, made here, when hash.json gives it other bytes.
    fn made(&mut self, name: &str, bytes: &[u8]) {
        let want = self.hashes.as_ref().and_then(|h| h.get(name));
        if want.is_some_and(|w| !w.eq_ignore_ascii_case(&sha256_hex(bytes))) {
            self.differ.push(name.to_string());
        }
    }

    fn notes(&self, notes: &mut Vec<String>) {
        let some = |v: &[String]| {
            let mut s = v.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
            if v.len() > 3 {
                s.push_str(&format!(" and {} more", v.len() - 3));
            }
            s
        };
        if self.hashes.is_none() {
            notes.push(
                "no hash.json: nothing shows in/ and out/ current, so every test was made \
                 again by its generator and sol/correct.cpp"
                    .into(),
            );
        } else if !self.stale.is_empty() {
            notes.push(format!(
                "{} file{} of in/ and out/ not as hash.json says (stale, or not listed): made \
                 again, not used: {}",
                self.stale.len(),
                if self.stale.len() == 1 { "" } else { "s" },
                some(&self.stale)
            ));
        }
        if !self.differ.is_empty() {
            notes.push(format!(
                "{} test file{} made here differ{} from upstream's hash.json (a generator or \
                 sol/correct.cpp that gives other bytes with this compiler): {}",
                self.differ.len(),
                if self.differ.len() == 1 { "" } else { "s" },
                if self.differ.len() == 1 { "s" } else { "" },
                some(&self.differ)
            ));
        }
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The tests of `info.toml`, made as `generate.py` makes them; `in/` and `out/` used where
/// hash.json shows them current.
fn cases(
    pkg: &Package,
    info: &Info,
    staging: &Staging,
    programs: &mut Programs,
    notes: &mut Vec<String>,
) -> Result<Vec<Case>> {
    let root = &pkg.root;
    let mut made = Made::read(root, &pkg.confined)?;
    let mut cases = Vec::new();
    for t in &info.tests {
        let stem = Path::new(&t.name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !t.name.ends_with(".cpp") && !t.name.ends_with(".in") {
            bail!(
                "info.toml: the test `{}` is neither a .in nor a .cpp",
                t.name
            );
        }
        for i in 0..t.number {
            let name = format!("{stem}_{i:02}");
            let input = match made.current(&pkg.confined, "in", &format!("{name}.in"))? {
                Some(d) => d,
                None => {
                    let bytes = input(root, t, i, &name, staging, programs)?;
                    made.made(&format!("{name}.in"), &bytes);
                    Data::Bytes(bytes)
                }
            };
            let current = made.current(&pkg.confined, "out", &format!("{name}.out"))?;
            let answer = match current {
                Some(_) => format!("answer out/{name}.out from the problem (as hash.json says)"),
                None => "answer made at import by sol/correct.cpp".to_string(),
            };
            let output = match current {
                Some(d) => d,
                None => {
                    let correct = root.join("sol").join("correct.cpp");
                    let (staged, _) = staging.stage(&correct, "correct.cpp")?;
                    let program = programs.build("sol/correct.cpp", &staged)?;
                    let bytes = programs.run(&program, &input.read()?, "sol/correct.cpp")?;
                    made.made(&format!("{name}.out"), &bytes);
                    Data::Bytes(bytes)
                }
            };
            cases.push(Case {
                name: case_name(&name),
                source: "reference",
                note: Some(format!("Library Checker {}, {i}; {answer}", t.name)),
                input,
                output,
                compare: None,
            });
        }
    }
    if cases.is_empty() {
        bail!("{}: info.toml lists no test", root.display());
    }
    made.notes(notes);
    Ok(cases)
}

/// The input `name` (`X_NN`) of the test `t`: `gen/X_NN.in`, or `gen/X.cpp` run with `i`.
fn input(
    root: &Path,
    t: &Tests,
    i: usize,
    name: &str,
    staging: &Staging,
    programs: &mut Programs,
) -> Result<Vec<u8>> {
    if !t.name.ends_with(".cpp") {
        let path = root.join("gen").join(format!("{name}.in"));
        return std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()));
    }
    let gen = root.join("gen").join(&t.name);
    let (staged, _) = staging.stage(&gen, &t.name)?;
    let mut program = programs.build(&format!("the generator {}", t.name), &staged)?;
    program.argv.push(i.to_string().into());
    programs.run(&program, b"", &format!("the generator {} {i}", t.name))
}

/// `sol/correct.cpp` and the `[[solutions]]`: accepted ones as solutions, the others as wrong
/// solutions with what `expect` and `allow_*` say ([`Solution::expect`]); each written as one
/// file with the headers it includes from the upstream tree, a `function = true` one followed
/// by the problem's `grader/grader.cpp` (upstream links the two).
fn solutions(
    pkg: &Package,
    slug: &str,
    info: &Info,
    staging: &Staging,
    notes: &mut Vec<String>,
) -> Result<(Vec<File>, Vec<Wrong>)> {
    let root = &pkg.root;
    let mut files = Vec::new();
    let mut wrong: Vec<Wrong> = Vec::new();
    let correct: Solution = toml::from_str("name = \"correct.cpp\"").expect("a solution");
    for s in std::iter::once(&correct).chain(&info.solutions) {
        let name = s.name.as_str();
        let src = root.join("sol").join(name);
        if !src.is_file() {
            notes.push(format!("sol/{name}: not in the folder, left out"));
            continue;
        }
        let data = Data::Bytes(source(pkg, s, &src, staging)?);
        if let Some(expect) = s.expect()? {
            let taken: Vec<String> = wrong.iter().map(|w| w.file.clone()).collect();
            wrong.push(Wrong {
                file: package::unique_name(name, &taken),
                data,
                expect,
                why: format!("Library Checker sol/{name}, {}", s.said().join(", ")),
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
            data,
        });
    }
    Ok((files, wrong))
}

/// The solution `s` (at `src`) as one file: bundled, and a `function = true` one followed by
/// the grader, as `generate.py` compiles `sol/X.cpp grader/grader.cpp -I grader`.
fn source(pkg: &Package, s: &Solution, src: &Path, staging: &Staging) -> Result<Vec<u8>> {
    let src = pkg.confined.file(src)?;
    if !s.function {
        return Ok(staging.tree.bundle(&[src], &[])?.into_bytes());
    }
    let dir = pkg.root.join("grader");
    let grader = dir.join("grader.cpp");
    if !grader.is_file() {
        bail!(
            "info.toml [[solutions]] `{}`: function = true, but the problem has no \
             grader/grader.cpp to link it with",
            s.name
        );
    }
    let grader = pkg.confined.file(&grader)?;
    let dir = pkg.confined.inside(&dir)?;
    let mut text = staging.tree.bundle(&[src, grader], &[dir])?;
    text.insert_str(
        0,
        "// A Library Checker `function = true` solution and, after it, the problem's \
         grader/grader.cpp\n// (upstream compiles them together: one file here).\n",
    );
    Ok(text.into_bytes())
}

/// What `runner verify` cannot check of the imported problem, and why (said once, at import).
fn verify_note(slug: &str, files: &[File]) -> String {
    let has_validator = files.iter().any(|f| f.rel.ends_with("validate.cpp"));
    let validator = if has_validator {
        format!(
            "Library Checker ships no invalid input, so `runner verify {slug}` stops at \
             \"nothing shows that the validator rejects anything\" until you add \
             problems/{slug}/invalid/<name>.in (an input its verifier must reject)"
        )
    } else {
        format!("without a verifier, `runner verify {slug}` stops at the missing validator")
    };
    format!(
        "{validator}; its brute force is problems/{slug}/brute.cpp, upstream's sol/correct.cpp, \
         the program that made the answers: verify checks the cases against their own maker \
         (weaker evidence, as it says of source = \"reference\")"
    )
}

/// `problems/<slug>/brute.cpp`: upstream's reference, `sol/correct.cpp`, for `runner verify`
/// (the same program made the answers: weaker evidence than a brute force of one's own, as
/// the cases' `source = "reference"` says).
fn brute(root: &Path, dir: &Path, staging: &Staging) -> Result<File> {
    let mut text = staging
        .tree
        .bundle(&[root.join("sol").join("correct.cpp")], &[])?;
    text.insert_str(
        0,
        "// Library Checker's sol/correct.cpp, the program that made this problem's answers, as\n\
         // its brute force for `runner verify`: it checks the cases against their own maker\n\
         // (weaker evidence than an independent brute force; write one to replace it).\n",
    );
    Ok(File {
        rel: dir.join("brute.cpp"),
        data: Data::Bytes(text.into_bytes()),
    })
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
