//! A Kattis / ICPC problem package (problemtools' legacy format, and the 2023-07 draft that the
//! 2025-09 format finalised, which BAPCtools writes) as a [`Draft`]:
//!
//! | package | runner |
//! |---|---|
//! | `problem.yaml` `name` | `title` |
//! | `limits.time_limit` (s), else `.timelimit`, else measured | `time_limit_ms` |
//! | `limits.memory` (MiB; default 1024 legacy, 2048 after) | `memory_limit_kib` |
//! | `limits.output` (MiB, default 8) | `output_limit_kib` |
//! | `limits.compilation_time` (s, default 60), `compilation_memory` (MiB, default 1024 legacy, 2048 after) | `compile_limits` |
//! | default validation and its flags | `compare = "tokens"` or `float` |
//! | `output_validators/X/` or `output_validator/` (one source + headers) | `checker.<ext>`, `checker_convention = "kattis"` |
//! | `input_validators/` or `input_format_validators/` (one source + headers) | `validate.<ext>`, `validator_convention = "kattis"` |
//! | `data/sample/**/*.in` + `.ans` | cases `sample.…`, `source = "sample"` |
//! | `data/secret/**/*.in` + `.ans` (groups kept in the name, symlinks followed) | cases `secret.group.…`, `source = "reference"` |
//! | a group's `testdata.yaml` / `test_group.yaml` at any depth (the nearest with a key wins) | its default-validator flags as its cases' `compare` where they differ from the problem's; other validators' flags noted (`super::kattis_groups`) |
//! | `data/invalid_input/*.in` | `invalid/*.in` |
//! | `submissions/accepted/X` | `solutions/<slug>/X/<slug>.<ext>` |
//! | `submissions/{wrong_answer,time_limit_exceeded,run_time_error}/X` | `wrong/X`, expecting WA, TLE, RE |
//! | `problem_statement/` or `statement/` | `statement/` (kept as it is) |
//!
//! Interactive and multi-pass problems come in with `multi_pass = true` and `max_passes` (the
//! package's `limits.validation_passes`); a multi-pass problem that is not interactive keeps its
//! output validator as the checker, which plays the passes. Submit-answer problems are refused.
//! A scoring problem comes in as pass/fail over all its groups.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use yaml_rust2::{Yaml, YamlLoader};

use super::confine::Confined;
use super::draft::{case_name, slugify, Case, Data, Draft, File, Meta, Wrong};
use super::judge_macros::{self, LocalFiles};
use super::kattis_constants::Constants;
use super::kattis_groups::{Flags, Named};
use super::kattis_submissions::{Expectations, Expected};
use super::package::{self, Package};
use judging::ranges;
use judging::CompileLimitKeys;
use judging::FileKinds;
use judging::KattisFlags;
use judging::{Expect, Verdict, Verdicts};

/// How the time limit is to be found when the package does not give it: as problemtools does,
/// the slowest accepted submission's CPU time times `multiplier`, rounded up to `resolution`
/// seconds (at least one step).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measure {
    pub multiplier: f64,
    pub resolution: f64,
}

impl Measure {
    /// The time limit in ms from the slowest accepted run.
    pub fn limit_ms(&self, slowest: std::time::Duration) -> u64 {
        let exact = slowest.as_secs_f64() * self.multiplier;
        let steps = (exact / self.resolution).ceil().max(1.0);
        let ms = (steps * self.resolution * 1000.0).round();
        // At most the longest time limit the runner holds (a float cast saturates).
        (ms as u64).clamp(*ranges::TIME_MS.start(), *ranges::TIME_MS.end())
    }
}

/// The time limit the problem is judged under while it is measured.
pub const PROVISIONAL_MS: u64 = 60_000;

/// A package, read.
pub struct Imported {
    pub draft: Draft,
    /// When the package gives no time limit: how to measure it.
    pub measure: Option<Measure>,
    /// How many cases the package names by their answer alone (no input beside it): a rejected
    /// submission every case it has accepts may be one only those would catch.
    pub missing_inputs: usize,
}

fn load_yaml(path: &Path, named: Named) -> Result<Yaml> {
    if !path.is_file() {
        return Ok(Yaml::Null);
    }
    let shown = named.of(path);
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", shown.display()))?;
    let docs = YamlLoader::load_from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: not YAML: {e}", shown.display()))?;
    Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
}

fn num(y: &Yaml) -> Option<f64> {
    match y {
        Yaml::Real(_) => y.as_f64(),
        Yaml::Integer(i) => Some(*i as f64),
        Yaml::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A YAML list of words, or a string of them.
fn words(y: &Yaml) -> Vec<String> {
    match y {
        Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
        Yaml::Array(a) => a
            .iter()
            .filter_map(|w| match w {
                Yaml::String(s) => Some(s.clone()),
                other => num(other).map(|n| n.to_string()),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `name`: a string, or a map of languages (English first).
fn title(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Hash(h) => y["en"]
            .as_str()
            .map(str::to_string)
            .or_else(|| h.values().find_map(|v| v.as_str()).map(str::to_string)),
        _ => None,
    }
}

/// The default output validator's flags as a compare mode (a TOML value): Kattis' default
/// validator with them (`{ kattis = "…" }`), or `tokens` where that is the same (`case_sensitive`
/// alone). A flag it does not know, or a tolerance that is no number, is left out with a note
/// (problemtools' validator would fail every case on it).
fn compare_of(flags: &[String], notes: &mut Vec<String>) -> String {
    let mut known: Vec<&str> = Vec::new();
    let mut it = flags.iter().map(String::as_str).peekable();
    while let Some(f) = it.next() {
        let tolerance = f.starts_with("float_") && f.ends_with("tolerance");
        let words: Vec<&str> = match (tolerance, it.peek()) {
            (true, Some(&v)) => vec![f, v],
            _ => vec![f],
        };
        if words.len() == 2 {
            it.next();
        }
        match KattisFlags::from_words(words.iter().copied()) {
            Ok(_) => known.extend(words),
            Err(why) => notes.push(format!("{why}: left out")),
        }
    }
    let parsed = KattisFlags::from_words(known).expect("each word was checked");
    if parsed
        == (KattisFlags {
            case_sensitive: true,
            ..KattisFlags::default()
        })
    {
        return "\"tokens\"".into();
    }
    let words = toml::Value::String(parsed.words()).to_string();
    format!("{{ kattis = {words} }}")
}

/// What problem.yaml says the problem is.
struct Kind {
    version: String,
    legacy: bool,
    /// Judged by an interactor (the package's output validator, Kattis' convention).
    interactive: bool,
    /// `type: multi-pass` (or `validation: custom multi-pass`): the output validator may ask
    /// for another pass.
    multi_pass: bool,
    /// `validation: custom` (legacy), or an output validator (2023-07 and after).
    custom: bool,
}

fn kind_of(yaml: &Yaml, root: &Path, given: &Path) -> Result<Kind> {
    let version = yaml["problem_format_version"]
        .as_str()
        .unwrap_or("legacy")
        .to_string();
    let legacy = version == "legacy";
    let mut types = words(&yaml["type"]);
    let validation = words(&yaml["validation"]);
    if validation.first().map(String::as_str) == Some("custom") {
        types.extend(validation[1..].iter().cloned());
    }
    let has = |t: &str| types.iter().any(|x| x == t);
    let interactive = has("interactive");
    let multi_pass = has("multi-pass");
    if has("submit-answer") {
        bail!(
            "{}: a submit-answer problem: the runner judges programs, not submitted answers; \
             nothing was written",
            given.display()
        );
    }
    // A validator folder holding nothing but dot files (BAPCtools' `.gitkeep`) is none.
    let holds = |d: &str| {
        let p = root.join(d);
        p.is_file() || !package::entries(&p).is_empty()
    };
    let validator_dir = holds("output_validators") || holds("output_validator");
    Ok(Kind {
        custom: validation.first().map(String::as_str) == Some("custom")
            || interactive
            || multi_pass
            || (!legacy && validator_dir),
        version,
        legacy,
        interactive,
        multi_pass,
    })
}

/// The time limit: problem.yaml's `limits.time_limit`, else `.timelimit`, else to be measured.
fn time_limit(yaml: &Yaml, root: &Path, legacy: bool) -> Result<(u64, Option<Measure>, String)> {
    let limits = &yaml["limits"];
    let timelimit_file = std::fs::read_to_string(root.join(".timelimit"))
        .ok()
        .and_then(|t| {
            t.split_whitespace()
                .next()
                .and_then(|w| w.parse::<f64>().ok())
        });
    let ms = |field: &str, s: f64| ranges::seconds_as_ms(field, s).map_err(anyhow::Error::msg);
    if let Some(s) = num(&limits["time_limit"]) {
        let why = format!("time limit: problem.yaml's limits.time_limit, {s} s");
        return Ok((ms("problem.yaml limits.time_limit", s)?, None, why));
    }
    if let Some(s) = timelimit_file {
        let why = format!("time limit: the package's .timelimit, {s} s");
        return Ok((ms(".timelimit", s)?, None, why));
    }
    if let Some(s) = domjudge_ini(root, "timelimit")? {
        let field = format!("{DOMJUDGE_INI} timelimit");
        let v: f64 = s
            .parse()
            .map_err(|_| anyhow::anyhow!("{field} = {s}: not a number of seconds"))?;
        let why = format!("time limit: the package's {DOMJUDGE_INI}, {v} s");
        return Ok((ms(&field, v)?, None, why));
    }
    let (field, multiplier) = if legacy {
        let f = "problem.yaml limits.time_multiplier";
        (f, num(&limits["time_multiplier"]).unwrap_or(5.0))
    } else {
        let f = "problem.yaml limits.time_multipliers.ac_to_time_limit";
        (
            f,
            num(&limits["time_multipliers"]["ac_to_time_limit"]).unwrap_or(2.0),
        )
    };
    let resolution = num(&limits["time_resolution"]).unwrap_or(1.0);
    for (f, v, max) in [
        (field, multiplier, 100.0),
        ("problem.yaml limits.time_resolution", resolution, 60.0),
    ] {
        if !(v > 0.0 && v <= max) {
            bail!("{f} = {v}: out of the range the runner takes (above 0, at most {max})");
        }
    }
    let why = format!(
        "time limit: none in the package; measured as problemtools does: the slowest accepted \
         submission × {multiplier}, rounded up to {resolution} s"
    );
    let m = Measure {
        multiplier,
        resolution,
    };
    Ok((PROVISIONAL_MS, Some(m), why))
}

/// DOMjudge's problem settings beside problem.yaml (`key = value` lines; DOMjudge reads its
/// `timelimit` when the package gives none otherwise).
const DOMJUDGE_INI: &str = "domjudge-problem.ini";

/// The value of `key` in the package's domjudge-problem.ini (quotes taken off), if it gives one.
fn domjudge_ini(root: &Path, key: &str) -> Result<Option<String>> {
    let path = root.join(DOMJUDGE_INI);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with([';', '#']) {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            bail!("{}:{}: not `key = value`", path.display(), i + 1);
        };
        if k.trim() == key {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
                .unwrap_or(v);
            return Ok(Some(v.to_string()));
        }
    }
    Ok(None)
}

/// A package being read into a problem `problems/<slug>/` (`dir`).
struct Reading<'a> {
    root: &'a Path,
    /// The package as the user named it, for messages ([`Package::given`]).
    given: &'a Path,
    /// The package's root, which no path it names may leave.
    confined: &'a Confined,
    /// Paths the package names that leave it: the import is refused, whatever else it holds.
    refused: Vec<String>,
    kinds: &'a FileKinds,
    /// What `runner export` recorded, when it made the package.
    exported: Exported,
    /// The workspace's `problems/_shared/`.
    shared: PathBuf,
    slug: String,
    dir: PathBuf,
    files: Vec<File>,
    notes: Vec<String>,
    /// Answers whose input the package lacks (`X.ans` without `X.in`).
    missing_inputs: Vec<String>,
}

impl<'a> Reading<'a> {
    /// The reading of `pkg` as the problem `slug` (default: the package's name, made a slug).
    fn new(
        pkg: &'a Package,
        kinds: &'a FileKinds,
        slug: Option<&str>,
        shared: &Path,
    ) -> Result<Self> {
        let slug = match slug {
            Some(s) => s.to_string(),
            None => slugify(&pkg.name)
                .with_context(|| format!("`{}` gives no slug: name one with --slug", pkg.name))?,
        };
        Ok(Reading {
            root: &pkg.root,
            given: &pkg.given,
            confined: &pkg.confined,
            refused: Vec::new(),
            kinds,
            exported: exported(&pkg.root)?,
            shared: shared.to_path_buf(),
            dir: Path::new("problems").join(&slug),
            slug,
            files: Vec::new(),
            notes: Vec::new(),
            missing_inputs: Vec::new(),
        })
    }

    fn shown(&self, p: &Path) -> String {
        shown(self.root, p)
    }

    /// Where the package's files are as the user named them, for messages.
    fn named(&self) -> Named<'a> {
        Named {
            root: self.root,
            given: self.given,
        }
    }

    /// `program` as `problems/<slug>/NAME.<ext>`, with its headers beside it (a header of
    /// another of the problem's programs with the same name and other bytes: `Err`).
    fn add_program(&mut self, program: &package::Program, name: &str) -> Result<(), String> {
        let clash = program.headers.iter().find(|h| {
            self.files.iter().any(|f| {
                f.rel.parent() == Some(&self.dir)
                    && f.rel.file_name() == h.file_name()
                    && f.data.read().ok().as_deref() != std::fs::read(h).ok().as_deref()
            })
        });
        if let Some(h) = clash {
            return Err(format!(
                "its header {} has the name of another's",
                self.shown(h)
            ));
        }
        if let Some(folder) = &program.folder {
            self.add_folder(folder, name);
            return Ok(());
        }
        self.files.push(File {
            rel: self.dir.join(format!("{name}.{}", program.ext())),
            data: Data::File(program.source.clone()),
        });
        for h in &program.headers {
            let rel = self.dir.join(h.file_name().expect("a file"));
            if !self.files.iter().any(|f| f.rel == rel) {
                self.files.push(File {
                    rel,
                    data: Data::File(h.clone()),
                });
            }
        }
        Ok(())
    }
}

impl Reading<'_> {
    /// A program folder with its own scripts as `NAME.build` and `NAME/` in the problem's
    /// folder (judges.toml's `Kattis build script` builds and runs it).
    fn add_folder(&mut self, folder: &Path, name: &str) {
        self.files.push(File {
            rel: self.dir.join(format!("{name}.build")),
            data: build_data(folder),
        });
        self.files
            .extend(folder_files(folder, &self.dir.join(name)));
    }

    /// The program at `path` if `runner export` wrapped it in build and run scripts, as its
    /// record in runner.toml says: its source as `NAME.<ext>` with the headers beside it, each
    /// shared module taken back to `problems/_shared/` where the workspace has the same one
    /// (else kept beside it); its convention. `None`: not such a program.
    fn add_exported(&mut self, path: &Path, name: &str) -> Option<Result<&'static str, String>> {
        let rel = path
            .strip_prefix(self.root)
            .ok()?
            .to_string_lossy()
            .into_owned();
        let rec = self.exported.program.get(&rel)?;
        let convention = match rec.convention.as_str() {
            "testlib" => "testlib",
            "kattis" => "kattis",
            other => return Some(Err(format!("{EXPECTATIONS}: no convention `{other}`"))),
        };
        let what = format!("{EXPECTATIONS} [program.\"{rel}\"]");
        let source = match self
            .confined
            .join(path, &rec.source, &format!("{what} source"))
        {
            Ok(s) => s,
            Err(e) => {
                self.refused.push(format!("{e:#}"));
                return Some(Err(format!("{e:#}")));
            }
        };
        let mut text = match std::fs::read(&source) {
            Ok(t) => t,
            Err(e) => return Some(Err(format!("{}: {e}", self.shown(&source)))),
        };
        for m in rec.shared.clone() {
            // A module's name, beside the program: nothing else is ever written there.
            if !plain_name(&m) {
                let e =
                    format!("{what} shared: `{m}` is not a file name (no `/`, no `..`): refused");
                self.refused.push(e.clone());
                return Some(Err(e));
            }
            let beside = path.join(&m);
            let ours = std::fs::read(self.shared.join(&m)).ok();
            if ours.is_some() && std::fs::read(&beside).ok() == ours {
                let from = format!("#[path = \"{m}\"]");
                let to = format!("#[path = \"../{}/{m}\"]", judging::SHARED);
                text = String::from_utf8_lossy(&text)
                    .replace(&from, &to)
                    .into_bytes();
            } else {
                self.notes.push(format!(
                    "{rel}/{m}: a module its program takes in, kept beside it (the workspace's \
                     problems/_shared/ has none like it)"
                ));
                self.files.push(File {
                    rel: self.dir.join(&m),
                    data: Data::File(beside),
                });
            }
        }
        let ext = source.extension().unwrap_or_default().to_string_lossy();
        self.files.push(File {
            rel: self.dir.join(format!("{name}.{ext}")),
            data: Data::Bytes(text),
        });
        for h in package::entries(path)
            .into_iter()
            .filter(|h| package::is_header(h))
        {
            let rel = self.dir.join(h.file_name().expect("a file"));
            if !self.files.iter().any(|f| f.rel == rel) {
                self.files.push(File {
                    rel,
                    data: Data::File(h),
                });
            }
        }
        Some(Ok(convention))
    }
}

/// problem.toml's output validation: the compare mode and the checker or interactor.
struct Validation {
    compare: Option<String>,
    checker_convention: Option<&'static str>,
    interactor_convention: Option<&'static str>,
    /// The custom output validator's arguments (problem.yaml's `validator_flags`, data/'s and
    /// data/secret/'s `output_validator_args`).
    args: Vec<String>,
}

/// The programs of a validators' folder. 2023-07 and later: `output_validator/` is the
/// program; problemtools (and its own examples) also take it as a folder holding one program, as
/// legacy `output_validators/`. In a legacy folder each entry is a program, but headers are no
/// program (problemtools finds no language in them, DOMjudge compiles the folder as one): a
/// folder whose only program is one source file with headers beside it is that program with its
/// headers (SWERC 2025's `checker.cpp` with the `testlib.h` it includes).
fn validator_candidates(vdir: &Path) -> Vec<PathBuf> {
    let entries = package::entries(vdir);
    let holds_a_program = entries.iter().any(|f| f.is_file());
    if vdir.is_file() || (vdir.ends_with("output_validator") && holds_a_program) {
        return vec![vdir.to_path_buf()];
    }
    let all = entries.len();
    let programs: Vec<PathBuf> = entries
        .into_iter()
        .filter(|p| !(p.is_file() && package::is_header(p)))
        .collect();
    match programs.as_slice() {
        [one] if one.is_file() && all > 1 => vec![vdir.to_path_buf()],
        _ => programs,
    }
}

/// The output validator's flags: problem.yaml's `validator_flags` (legacy), and those of
/// `testdata.yaml` / `test_group.yaml` (2023-07 and later).
fn output_flags(
    root: &Path,
    yaml: &Yaml,
    constants: &Constants,
    named: Named,
) -> Result<Vec<String>> {
    let mut flags = words(&yaml["validator_flags"]);
    // data/secret's, as it has them or inherits them from data/ (test_group.yaml takes
    // constants, problem.yaml does not). A group elsewhere with its own: [`collect_cases`].
    let (data, _) = Flags::default().below(&root.join("data"), constants, named)?;
    let (secret, _) = data.below(&root.join("data/secret"), constants, named)?;
    flags.extend(secret.output.unwrap_or_default());
    Ok(flags)
}

/// The output validator (a checker, or for an interactive problem the interactor) or the default
/// validator's flags as a compare mode.
fn output_validation(
    r: &mut Reading,
    yaml: &Yaml,
    kind: &Kind,
    constants: &Constants,
) -> Result<Validation> {
    let flags = output_flags(r.root, yaml, constants, r.named())?;
    if !kind.custom {
        let compare = match r.exported.compare.as_deref() {
            Some("lines") => "\"lines\"".to_string(),
            _ => compare_of(&flags, &mut r.notes),
        };
        return Ok(Validation {
            compare: Some(compare),
            checker_convention: None,
            interactor_convention: None,
            args: Vec::new(),
        });
    }
    let vdir = [
        r.root.join("output_validators"),
        r.root.join("output_validator"),
    ]
    .into_iter()
    .find(|d| d.exists())
    .with_context(|| {
        format!(
            "{}: the output is validated by the package's own validator, but there is no \
                 output_validators/ nor output_validator/; nothing was written",
            r.given.display()
        )
    })?;
    let candidates = validator_candidates(&vdir);
    let [one] = candidates.as_slice() else {
        bail!(
            "{}: {} output validators: the runner takes one; nothing was written",
            vdir.display(),
            candidates.len()
        );
    };
    let name = if kind.interactive {
        "interactor"
    } else {
        "checker"
    };
    let failed = |why| {
        anyhow::anyhow!(
            "{}: the output validator cannot come along: {why}; nothing was written",
            one.display()
        )
    };
    let convention = match r.add_exported(one, name) {
        Some(c) => c.map_err(failed)?,
        None => {
            let program = package::program(one, r.kinds).map_err(failed)?;
            r.add_program(&program, name).map_err(failed)?;
            "kattis"
        }
    };
    // Passed to it after its own three arguments, as Kattis does (output_validator_args).
    let args = if convention == "kattis" {
        flags
    } else {
        if !flags.is_empty() {
            r.notes.push(format!(
                "the output validator's flags `{}` are not passed to it: it was exported by the \
                 runner with the testlib convention, which takes none",
                flags.join(" ")
            ));
        }
        Vec::new()
    };
    Ok(if kind.interactive {
        Validation {
            compare: None,
            checker_convention: None,
            interactor_convention: Some(convention),
            args,
        }
    } else {
        Validation {
            compare: Some("\"checker\"".into()),
            checker_convention: Some(convention),
            interactor_convention: None,
            args,
        }
    })
}

/// The first input validator the runner builds, as `validate.<ext>`; `Some("kattis")` when there
/// is one.
fn input_validation(r: &mut Reading) -> Option<&'static str> {
    let mut found = None;
    for d in ["input_validators", "input_format_validators"] {
        // A checktestdata script last: it needs pyctd, where a validator in a compiled
        // language beside it needs nothing more.
        let mut candidates = validator_candidates(&r.root.join(d));
        candidates.sort_by_key(|p| p.extension().is_some_and(|e| e == "ctd"));
        for entry in candidates {
            let shown = r.shown(&entry);
            if found.is_some() {
                r.notes.push(format!(
                    "{shown}: another input validator; the runner runs one"
                ));
                continue;
            }
            let added = match r.add_exported(&entry, "validate") {
                Some(c) => c,
                None => package::program(&entry, r.kinds)
                    .and_then(|p| r.add_program(&p, "validate"))
                    .map(|()| "kattis"),
            };
            match added {
                Ok(c) => found = Some(c),
                Err(why) => r.notes.push(format!("{shown}: left out ({why})")),
            }
        }
    }
    let named = r.named();
    let flags: Vec<String> = ["testdata.yaml", "test_group.yaml"]
        .iter()
        .flat_map(|f| {
            let y = load_yaml(&r.root.join("data").join(f), named).unwrap_or(Yaml::Null);
            let mut w = words(&y["input_validator_flags"]);
            w.extend(words(&y["input_validator_args"]));
            w
        })
        .collect();
    if found.is_some() && !flags.is_empty() {
        r.notes.push(format!(
            "the input validator's flags `{}` are not passed to it",
            flags.join(" ")
        ));
    }
    found
}

/// `data/invalid_input/*.in` (and `invalid_inputs`) as `invalid/`.
fn invalid_inputs(r: &mut Reading) {
    let data = r.root.join("data");
    for f in package::entries(&data.join("invalid_input"))
        .into_iter()
        .chain(package::entries(&data.join("invalid_inputs")))
    {
        if f.extension().is_some_and(|e| e == "in") {
            let name = case_name(&f.file_name().expect("a file").to_string_lossy());
            r.files.push(File {
                rel: r.dir.join("invalid").join(name),
                data: Data::File(f.clone()),
            });
        }
    }
}

/// What a package written by `runner export` recorded in `runner.toml` where the package's own
/// files say less: `[expect]` submission path → verdict (e.g. PE filed under wrong_answer), and
/// `[program."<folder>"]` the source, convention and shared modules of a program it wrapped in
/// build and run scripts.
#[derive(Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exported {
    /// The compare mode, where the default validator's flags say less (`lines`).
    compare: Option<String>,
    #[serde(default)]
    expect: std::collections::BTreeMap<String, Verdicts>,
    #[serde(default)]
    program: std::collections::BTreeMap<String, ExportedProgram>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportedProgram {
    source: String,
    convention: String,
    #[serde(default)]
    shared: Vec<String>,
}

fn exported(root: &Path) -> Result<Exported> {
    let path = root.join(EXPECTATIONS);
    if !path.is_file() {
        return Ok(Exported::default());
    }
    let text = std::fs::read_to_string(&path)?;
    toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {}", path.display(), e.message()))
}

/// The file a package made by `runner export` keeps the runner's exact expected verdicts in.
pub(crate) const EXPECTATIONS: &str = "runner.toml";

/// `submissions/`: accepted → solutions, the rejected categories → wrong solutions, as the
/// folders' default requirements and `submissions/submissions.yaml` say
/// ([`kattis_submissions`]). Returns the wrong solutions and the number of solutions.
fn submissions(r: &mut Reading) -> Result<(Vec<Wrong>, usize)> {
    let exact = r.exported.expect.clone();
    let listed = r.root.join("submissions").join("submissions.yaml");
    let yaml = match listed.is_file() {
        true => load_yaml(&r.confined.file(&listed)?, r.named())?,
        false => Yaml::Null,
    };
    let expectations = Expectations::read(&yaml, &mut r.notes)?;
    let mut wrong: Vec<Wrong> = Vec::new();
    let mut accepted = 0;
    for category in package::entries(&r.root.join("submissions")) {
        if !category.is_dir() {
            continue;
        }
        let cat = category
            .file_name()
            .expect("a folder")
            .to_string_lossy()
            .into_owned();
        for sub in package::entries(&category) {
            let name = sub
                .file_name()
                .expect("a file")
                .to_string_lossy()
                .into_owned();
            let key = format!("submissions/{cat}/{name}");
            let Some(expected) = expectations.of(&cat, &name) else {
                r.notes.push(format!(
                    "{key}: left out (the format says nothing of the folder {cat}/)"
                ));
                continue;
            };
            let accepted_one = matches!(expected, Expected::Accepted);
            let Some(program) = submission(r, &sub, &key, accepted_one) else {
                continue;
            };
            let settled = match cat.as_str() {
                "wrong_answer" => Some(Verdict::WrongAnswer),
                "time_limit_exceeded" => Some(Verdict::TimeLimitExceeded),
                "run_time_error" => Some(Verdict::RuntimeError),
                _ => None,
            };
            match expected {
                Expected::Accepted => match local_files(&program) {
                    None => {
                        accepted += 1;
                        accept(r, &program, &name);
                    }
                    Some(found) => {
                        let (misfiled, reason) = misfiled(&wrong, &program, &key, &found);
                        r.notes.push(format!(
                            "{key}: filed as accepted, taken as a wrong solution (not AC): \
                             {reason}"
                        ));
                        wrong.push(misfiled);
                    }
                },
                // A category of the legacy format, and of the later ones without a word in
                // submissions.yaml: the verdict of its class the submission gets first.
                Expected::Wrong(_, false) if settled.is_some() => {
                    let category = settled.expect("a category");
                    wrong.push(wrong_one(&wrong, &program, category, &key, exact.get(&key)));
                }
                Expected::Wrong(expect, from_yaml) => {
                    let taken: Vec<String> = wrong.iter().map(|w| w.file.clone()).collect();
                    let said = if from_yaml { "; submissions.yaml" } else { "" };
                    wrong.push(Wrong {
                        file: package::unique_name(&program.file_name(), &taken),
                        data: source_data(&program),
                        expect,
                        why: format!("Kattis {key}{said}"),
                        class: None,
                    });
                }
            }
            if let (Some(folder), false) = (&program.folder, accepted_one) {
                let file = &wrong.last().expect("just pushed").file;
                let at = r.dir.join("wrong").join(file.trim_end_matches(".build"));
                r.files.extend(folder_files(folder, &at));
            }
        }
    }
    Ok((wrong, accepted))
}

/// The largest C or C++ submission read for its judge's-macro guards: a contest's sources are
/// far smaller, and one larger is taken as it is.
const GUARDS_READ: u64 = 1 << 20;

/// What an accepted C or C++ submission opens by name when no judge's macro is defined
/// ([`judge_macros`]), or `None` (another language, no such guard, a source not read).
fn local_files(program: &package::Program) -> Option<LocalFiles> {
    if program.folder.is_some() || !matches!(program.ext().as_str(), "c" | "cpp" | "cc" | "cxx") {
        return None;
    }
    let bytes = judging::bounded::read_regular(&program.source, GUARDS_READ).ok()?;
    judge_macros::opens_files_unless(&String::from_utf8_lossy(&bytes))
}

/// An accepted submission that reads files of its own unless a judge's macro is defined, as
/// the wrong solution it is under every Kattis-format judge: no verdict of its own is known
/// (it reads no input: a wrong answer, a crash or a wait), so it must be rejected somewhere.
/// Returns it with the reason, said once in its `why` and in the import's note.
fn misfiled(
    taken: &[Wrong],
    program: &package::Program,
    key: &str,
    found: &LocalFiles,
) -> (Wrong, String) {
    let taken: Vec<String> = taken.iter().map(|w| w.file.clone()).collect();
    let files = match found.files.as_slice() {
        [] => "a file".to_string(),
        names => names.join(", "),
    };
    let reason = format!(
        "line {} opens {files} unless {} is defined; Kattis, problemtools and DOMjudge's \
         default compile scripts (since 6.0) define none, so there it reads no input either \
         (the package's own misfiling)",
        found.line,
        found.macros.join(" or "),
    );
    let wrong = Wrong {
        file: package::unique_name(&program.file_name(), &taken),
        data: source_data(program),
        expect: Expect {
            required: Verdicts::REJECTIONS,
            permitted: None,
        },
        why: format!("Kattis {key}, filed as accepted: {reason}"),
        class: None,
    };
    (wrong, reason)
}

/// A program folder's build script, as `NAME.build`: its own, or without one a script that
/// builds nothing (its run script is the program).
fn build_data(folder: &Path) -> Data {
    let build = folder.join("build");
    if build.is_file() {
        Data::File(build)
    } else {
        Data::Bytes(
            b"#!/bin/sh\n# The package's folder has no build script: its run script is the program.\n"
                .to_vec(),
        )
    }
}

/// Every file of a program folder but its build script, under `at` in the folder's layout.
fn folder_files(folder: &Path, at: &Path) -> Vec<File> {
    let build = folder.join("build");
    walk(folder)
        .into_iter()
        .filter(|f| *f != build)
        .map(|f| File {
            rel: at.join(f.strip_prefix(folder).expect("under the folder")),
            data: Data::File(f.clone()),
        })
        .collect()
}

/// The data of `program`'s source as the runner writes it (a folder's: its `NAME.build`).
fn source_data(program: &package::Program) -> Data {
    match &program.folder {
        Some(folder) => build_data(folder),
        None => Data::File(program.source.clone()),
    }
}

/// The submission at `sub` as a program, or `None` with a note saying why it is left out (an
/// accepted one with its own build or run script among them).
fn submission(r: &mut Reading, sub: &Path, key: &str, accepted: bool) -> Option<package::Program> {
    match package::program(sub, r.kinds) {
        Ok(p) if p.folder.is_some() && accepted => {
            r.notes.push(format!(
                "{key}: left out (an accepted submission with its own build or run script: a \
                 solution is one file under solutions/, where every file is taken for a \
                 solution; a wrong one comes along as wrong/X.build and wrong/X/)"
            ));
            None
        }
        // Kattis and problemtools run every Python 3 submission with PyPy.
        Ok(p) => Some(p.as_kattis_submission()),
        Err(why) => {
            r.notes.push(format!("{key}: left out ({why})"));
            None
        }
    }
}

/// An accepted submission as a solution of the problem.
fn accept(r: &mut Reading, program: &package::Program, name: &str) {
    let stem = Path::new(name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned());
    let stem = case_name(&stem.unwrap_or(name.to_string()));
    r.files.push(File {
        rel: Path::new("solutions")
            .join(&r.slug)
            .join(stem)
            .join(format!("{}.{}", r.slug, program.ext())),
        data: Data::File(program.source.clone()),
    });
}

fn wrong_one(
    taken: &[Wrong],
    program: &package::Program,
    category: Verdict,
    key: &str,
    exact: Option<&Verdicts>,
) -> Wrong {
    let taken: Vec<String> = taken.iter().map(|w| w.file.clone()).collect();
    let file_name = program.file_name();
    let exact = exact.filter(|v| {
        !v.contains(Verdict::Accepted) && !v.contains(Verdict::CheckerFailed) && !v.is_empty()
    });
    let (expect, why, class) = match exact {
        Some(&v) => (
            Expect {
                required: v,
                permitted: None,
            },
            format!("Kattis {key}; {EXPECTATIONS} says {v}"),
            None,
        ),
        None => (
            Expect::one(category),
            format!("Kattis {key}"),
            Some(class_of(category)),
        ),
    };
    Wrong {
        file: package::unique_name(&file_name, &taken),
        data: source_data(program),
        expect,
        why,
        class,
    }
}

/// The runner's verdicts a Kattis category takes in: a run-time error is also a memory limit
/// exceeded there, a time limit exceeded also a solution that waits forever (ILE) and one that
/// floods its output (OLE: Kattis and BAPCtools let it write on until the time limit and
/// measure the output after; the runner stops it at the output limit).
fn class_of(category: Verdict) -> Verdicts {
    use Verdict::*;
    match category {
        TimeLimitExceeded => Verdicts::of(&[
            TimeLimitExceeded,
            IdlenessLimitExceeded,
            OutputLimitExceeded,
        ]),
        RuntimeError => Verdicts::of(&[RuntimeError, MemoryLimitExceeded]),
        _ => Verdicts::of(&[WrongAnswer, PresentationError]),
    }
}

/// The statement folder, kept as it is under `statement/`.
fn statement(r: &mut Reading) {
    for s in ["problem_statement", "statement"] {
        let d = r.root.join(s);
        for f in walk(&d) {
            let rel = f.strip_prefix(&d).expect("under it");
            r.files.push(File {
                rel: r.dir.join("statement").join(rel),
                data: Data::File(f.clone()),
            });
        }
    }
}

fn readme(name: &str, pkg: &str, version: &str, source: &str, notes: &[String]) -> String {
    let src = if source.is_empty() {
        String::new()
    } else {
        format!("; source: {source}")
    };
    let mut t = format!(
        "# {name}\n\nImported from the Kattis / ICPC problem package `{pkg}` (format {version}){src}.\n\
         The statement is in `statement/`, as the package had it.\n\n"
    );
    if !notes.is_empty() {
        t.push_str("What did not come along, or differs:\n\n");
        for n in notes {
            t.push_str(&format!("- {n}\n"));
        }
    }
    t
}

/// problem.yaml's memory and output limits (the format's defaults where it gives none), and
/// the judge: `local`.
fn limits_of(yaml: &Yaml, kind: &Kind) -> Result<Meta> {
    let limits = &yaml["limits"];
    let memory_mib = num(&limits["memory"]).unwrap_or(if kind.legacy { 1024.0 } else { 2048.0 });
    let output_mib = num(&limits["output"]).unwrap_or(8.0);
    let memory = ranges::mib_as_memory_kib("problem.yaml limits.memory", memory_mib);
    let output = ranges::mib_as_output_kib("problem.yaml limits.output", output_mib);
    // A whole number of `limits`, when the package gives one.
    let whole = |key: &str, top: u64| -> Result<Option<u64>> {
        match num(&limits[key]) {
            None => Ok(None),
            Some(n) if n.fract() == 0.0 && (1.0..=top as f64).contains(&n) => Ok(Some(n as u64)),
            Some(n) => {
                bail!("problem.yaml limits.{key}: {n} is not a whole number from 1 to {top}")
            }
        }
    };
    let max_passes = match kind.multi_pass {
        true => whole("validation_passes", judging::MAX_PASSES as u64)?,
        false => None,
    };
    // The resources the format guarantees a compile (problemtools' defaults for legacy, the
    // 2025-09 format's typical ones after), checked as problem.toml's compile_limits are.
    let compile = CompileLimitKeys {
        cpu_s: Some(whole("compilation_time", 3600)?.unwrap_or(60) as f64),
        memory_mib: whole("compilation_memory", 1 << 20)?.or(Some(if kind.legacy {
            1024
        } else {
            2048
        })),
        message_kib: None,
    };
    compile
        .over(judging::CompileLimits::default())
        .map_err(|e| anyhow::anyhow!("problem.yaml limits: {e}"))?;
    Ok(Meta {
        judge: judging::LOCAL.into(),
        memory_limit_kib: memory.map_err(anyhow::Error::msg)?,
        output_limit_kib: Some(output.map_err(anyhow::Error::msg)?),
        compile_limits: Some(compile),
        multi_pass: kind.multi_pass,
        max_passes: max_passes.map(|n| n as usize),
        ..Meta::default()
    })
}

const SCORING: &str = "a scoring problem: it comes in as pass/fail over all its groups (no scores)";

/// Reads the package at `pkg` as a problem called `slug` (default: the package's name).
/// `shared`: the workspace's `problems/_shared/`.
pub fn read(
    pkg: &Package,
    kinds: &FileKinds,
    slug: Option<&str>,
    shared: &Path,
) -> Result<Imported> {
    let root = &pkg.root;
    let named = Named {
        root,
        given: &pkg.given,
    };
    let yaml = load_yaml(&root.join("problem.yaml"), named)?;
    let kind = kind_of(&yaml, root, &pkg.given)?;
    let mut r = Reading::new(pkg, kinds, slug, shared)?;
    let slug = r.slug.clone();
    if words(&yaml["type"]).iter().any(|x| x == "scoring")
        || words(&yaml["validation"]).iter().any(|x| x == "score")
    {
        r.notes.push(SCORING.into());
    }
    let (time_limit_ms, measure, time_comment) = time_limit(&yaml, root, kind.legacy)?;
    let constants = Constants::read(&yaml["constants"])?;
    let validation = output_validation(&mut r, &yaml, &kind, &constants)?;
    let validator_convention = input_validation(&mut r);
    let groups = Groups::new(&yaml, &kind, &validation, &constants, validator_convention);
    let cases = all_cases(&mut r, &groups)?;
    invalid_inputs(&mut r);
    let (mut wrong, accepted) = submissions(&mut r)?;
    let missing = r.missing_inputs.len();
    let gap = missing_inputs(&r.missing_inputs);
    if let Some(gap) = &gap {
        r.notes.push(gap.clone());
        for w in &mut wrong {
            w.why = format!("{}; {gap}", w.why);
        }
    }
    if accepted == 0 {
        r.notes
            .push("no accepted submission the runner can build: write a solution".into());
    }
    statement(&mut r);
    constants.apply(&mut r.files, r.root, r.confined)?;
    if !r.refused.is_empty() {
        bail!(
            "{}: {}; nothing was written",
            pkg.name,
            r.refused.join("; ")
        );
    }
    let name = title(&yaml["name"]).unwrap_or_else(|| pkg.name.clone());
    let mut comments = vec![
        format!(
            "From the Kattis / ICPC package `{}` (problem_format_version {}).",
            pkg.name, kind.version
        ),
        time_comment,
    ];
    comments.extend(gap);
    let meta = Meta {
        title: name.clone(),
        time_limit_ms,
        compare: validation.compare,
        checker_convention: validation.checker_convention,
        validator_convention,
        interactive: kind.interactive,
        interactor_convention: validation.interactor_convention,
        output_validator_args: validation.args,
        comments,
        ..limits_of(&yaml, &kind)?
    };
    let source = words(&yaml["source"]).join(" ");
    let readme = readme(&name, &pkg.name, &kind.version, &source, &r.notes);
    let draft = Draft {
        slug,
        meta,
        readme,
        cases,
        files: r.files,
        wrong,
        notes: r.notes,
    };
    Ok(Imported {
        draft,
        measure,
        missing_inputs: missing,
    })
}

/// What the package lacks of its own test data, said once: the answers without their input.
fn missing_inputs(answers: &[String]) -> Option<String> {
    let (first, more) = answers.split_first()?;
    let also = match more.len() {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    Some(format!(
        "the package lacks the input of {} case(s) whose answer it has ({first}{also}: no .in \
         beside the .ans): they are left out, so a rejected submission only they would catch \
         passes here — the package's own gap, not the runner's",
        answers.len()
    ))
}

/// What the cases of every test group need to know of the problem.
struct Groups<'a> {
    interactive: bool,
    /// problem.yaml's `validator_flags` (legacy), before every group's.
    base: Vec<String>,
    /// The problem's compare mode, when the default validator judges (else `None`).
    compare: Option<String>,
    constants: &'a Constants,
    /// Whether an input validator came along (its flags per group are noted).
    input_validator: bool,
}

impl<'a> Groups<'a> {
    fn new(
        yaml: &Yaml,
        kind: &Kind,
        validation: &Validation,
        constants: &'a Constants,
        input_validator: Option<&str>,
    ) -> Groups<'a> {
        Groups {
            // A multi-pass case is played as a game too: its answer may be missing, and its
            // validator is the one judge.
            interactive: kind.interactive || kind.multi_pass,
            base: words(&yaml["validator_flags"]),
            compare: validation.compare.clone().filter(|_| !kind.custom),
            constants,
            input_validator: input_validator.is_some(),
        }
    }
}

/// The cases of `data/sample` and `data/secret`; at least one.
fn all_cases(r: &mut Reading, groups: &Groups) -> Result<Vec<Case>> {
    let mut cases = Vec::new();
    let (data, _) = Flags::default().below(&r.root.join("data"), groups.constants, r.named())?;
    for group in ["sample", "secret"] {
        let dir = r.root.join("data").join(group);
        collect_cases(r, &dir, group, 0, (groups, &data), &mut cases)?;
    }
    if cases.is_empty() {
        bail!(
            "{}: no test case (data/sample, data/secret)",
            r.given.display()
        );
    }
    Ok(cases)
}

/// The group `dir`'s flags below its parent's, with notes of what the runner does not pass on;
/// its cases' compare mode when it is not the problem's.
fn group_flags(
    r: &mut Reading,
    dir: &Path,
    groups: &Groups,
    parent: &Flags,
) -> Result<(Flags, Option<String>)> {
    let (flags, own) = parent.below(dir, groups.constants, r.named())?;
    let at = r.shown(dir);
    if let Some(input) = own.input.filter(|_| groups.input_validator) {
        r.notes.push(format!(
            "{at}: the input validator's flags `{}` for this group are not passed to it",
            input.join(" ")
        ));
    }
    let top = dir == r.root.join("data/secret");
    if let (Some(output), None, false) = (&own.output, &groups.compare, top) {
        r.notes.push(format!(
            "{at}: the output validator's flags `{}` for this group are not passed to it: the \
             runner calls it with none",
            output.join(" ")
        ));
    }
    let compare = match &groups.compare {
        Some(problem) => {
            let mut all = groups.base.clone();
            all.extend(flags.output.clone().unwrap_or_default());
            let mut said = Vec::new();
            let own = compare_of(&all, &mut said);
            for n in said {
                if !r.notes.contains(&n) {
                    r.notes.push(n);
                }
            }
            (own != *problem).then_some(own)
        }
        None => None,
    };
    Ok((flags, compare))
}

/// Every file under `dir` (symlinks followed), sorted.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in package::entries(dir) {
        if e.is_dir() {
            out.extend(walk(&e));
        } else if e.is_file() {
            out.push(e);
        }
    }
    out
}

/// The cases under `dir` (a test data group), named `prefix.…`: each `.in` with its `.ans`
/// (an interactive problem's may have none: its answer is then empty); nested groups recursed
/// into, symlinks followed.
fn collect_cases(
    r: &mut Reading,
    dir: &Path,
    prefix: &str,
    depth: usize,
    (groups, parent): (&Groups, &Flags),
    cases: &mut Vec<Case>,
) -> Result<()> {
    if depth > 16 {
        bail!(
            "{}: test groups nested too deep (a symlink loop?)",
            dir.display()
        );
    }
    if !dir.is_dir() {
        return Ok(());
    }
    let interactive = groups.interactive;
    let (flags, compare) = group_flags(r, dir, groups, parent)?;
    let mut entries = package::entries(dir);
    entries.sort_by_key(|p| natural_key(&p.to_string_lossy()));
    for e in entries {
        let name = e
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if e.is_dir() {
            let group = format!("{prefix}.{}", case_name(&name));
            collect_cases(r, &e, &group, depth + 1, (groups, &flags), cases)?;
            continue;
        }
        if e.extension().is_some_and(|x| x == "interaction") {
            r.notes
                .push(format!("{}: an interaction, left out", r.shown(&e)));
            continue;
        }
        if e.extension().is_some_and(|x| x == "ans") && !e.with_extension("in").exists() {
            r.missing_inputs.push(r.shown(&e));
            continue;
        }
        if e.extension().is_none_or(|x| x != "in") {
            continue;
        }
        let ans = e.with_extension("ans");
        let output = if ans.is_file() {
            Data::File(ans)
        } else if interactive {
            Data::Bytes(Vec::new())
        } else {
            r.notes
                .push(format!("{}: no .ans beside it, left out", r.shown(&e)));
            continue;
        };
        let stem = e
            .file_stem()
            .expect("a stem")
            .to_string_lossy()
            .into_owned();
        let desc = description(&e, r.named());
        let from = r.shown(&e);
        cases.push(Case {
            name: format!("{prefix}.{}", case_name(&stem)),
            source: if prefix == "sample" {
                "sample"
            } else {
                "reference"
            },
            note: Some(match desc {
                Some(d) => format!("{from}: {d}"),
                None => format!("{from} and its .ans, the jury's answer"),
            }),
            input: Data::File(e.clone()),
            output,
            compare: compare.clone(),
        });
    }
    Ok(())
}

/// The description of the case whose input is `input`: its `.desc`, or its `.yaml`'s
/// `description`.
fn description(input: &Path, named: Named) -> Option<String> {
    std::fs::read_to_string(input.with_extension("desc"))
        .ok()
        .or_else(|| {
            load_yaml(&input.with_extension("yaml"), named)
                .ok()
                .and_then(|y| y["description"].as_str().map(str::to_string))
        })
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty())
}

/// A file name alone: no folder, no `..`, not hidden.
fn plain_name(m: &str) -> bool {
    !m.is_empty() && !m.starts_with('.') && !m.contains(['/', '\\', '\0'])
}

fn shown(root: &Path, p: &Path) -> String {
    p.strip_prefix(root).unwrap_or(p).display().to_string()
}

/// A sort key that orders `2` before `10`.
fn natural_key(s: &str) -> Vec<(u8, u64, String)> {
    let mut key = Vec::new();
    let mut digits = String::new();
    let mut text = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !text.is_empty() {
                key.push((1, 0, std::mem::take(&mut text)));
            }
            digits.push(c);
        } else {
            if !digits.is_empty() {
                key.push((
                    0,
                    digits.parse().unwrap_or(u64::MAX),
                    std::mem::take(&mut digits),
                ));
            }
            text.push(c);
        }
    }
    if !digits.is_empty() {
        key.push((0, digits.parse().unwrap_or(u64::MAX), digits));
    }
    if !text.is_empty() {
        key.push((1, 0, text));
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_is_measured_as_problemtools_computes_it() {
        let legacy = Measure {
            multiplier: 5.0,
            resolution: 1.0,
        };
        assert_eq!(legacy.limit_ms(std::time::Duration::from_millis(971)), 5000);
        assert_eq!(legacy.limit_ms(std::time::Duration::from_millis(3)), 1000);
        let new = Measure {
            multiplier: 2.0,
            resolution: 0.5,
        };
        assert_eq!(new.limit_ms(std::time::Duration::from_millis(1300)), 3000);
    }

    #[test]
    fn default_validator_flags_become_compare_modes() {
        let mut notes = Vec::new();
        let f = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        // Case-insensitive, whitespace free: the format's default.
        assert_eq!(compare_of(&[], &mut notes), "{ kattis = \"\" }");
        assert_eq!(compare_of(&f("case_sensitive"), &mut notes), "\"tokens\"");
        assert_eq!(
            compare_of(&f("case_sensitive space_change_sensitive"), &mut notes),
            "{ kattis = \"case_sensitive space_change_sensitive\" }"
        );
        assert_eq!(
            compare_of(&f("float_tolerance 1e-6"), &mut notes),
            "{ kattis = \"float_absolute_tolerance 1e-6 float_relative_tolerance 1e-6\" }"
        );
        assert_eq!(
            compare_of(&f("float_absolute_tolerance 0.001"), &mut notes),
            "{ kattis = \"float_absolute_tolerance 1e-3\" }"
        );
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(
            compare_of(&f("case_insensitive float_tolerance x"), &mut notes),
            "{ kattis = \"\" }"
        );
        assert_eq!(notes.len(), 2, "{notes:?}");
    }

    #[test]
    fn an_output_validator_folder_is_the_program_or_holds_programs() {
        let dir = tempfile::tempdir().unwrap();
        let put = |rel: &str| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        };
        // 2023-07 as the format says: the folder is the program.
        put("a/output_validator/validate.c");
        let a = dir.path().join("a/output_validator");
        assert_eq!(validator_candidates(&a), std::slice::from_ref(&a));
        // As problemtools' own `guess` example has it: one program in a folder of it.
        put("b/output_validator/guess_validator/validate.cc");
        put("b/output_validator/guess_validator/validate.h");
        let b = dir.path().join("b/output_validator");
        assert_eq!(validator_candidates(&b), [b.join("guess_validator")]);
        // Legacy: each entry of output_validators/ is a program.
        put("c/output_validators/one/v.c");
        put("c/output_validators/two.py");
        let c = dir.path().join("c/output_validators");
        assert_eq!(validator_candidates(&c), [c.join("one"), c.join("two.py")]);
        // A source with the headers it includes is one program: the folder.
        put("d/output_validators/checker.cpp");
        put("d/output_validators/testlib.h");
        let d = dir.path().join("d/output_validators");
        assert_eq!(validator_candidates(&d), std::slice::from_ref(&d));
        // A header beside two programs stays no program of its own.
        put("e/output_validators/one.cpp");
        put("e/output_validators/two.cpp");
        put("e/output_validators/testlib.h");
        let e = dir.path().join("e/output_validators");
        assert_eq!(
            validator_candidates(&e),
            [e.join("one.cpp"), e.join("two.cpp")]
        );
    }

    #[test]
    fn answers_without_their_input_are_the_package_s_gap_said_once() {
        assert_eq!(missing_inputs(&[]), None);
        let said = missing_inputs(&["data/secret/4.ans".into(), "data/secret/5.ans".into()])
            .expect("a gap");
        assert!(
            said.starts_with(
                "the package lacks the input of 2 case(s) whose answer it has \
                 (data/secret/4.ans and 1 more: no .in beside the .ans)"
            ),
            "{said}"
        );
        assert!(
            said.ends_with("the package's own gap, not the runner's"),
            "{said}"
        );
    }

    #[test]
    fn names_sort_naturally() {
        let mut v = vec!["a/10.in", "a/2.in", "a/1.in"];
        v.sort_by_key(|s| natural_key(s));
        assert_eq!(v, ["a/1.in", "a/2.in", "a/10.in"]);
    }
}
