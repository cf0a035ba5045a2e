//! Judge profiles: `judges.toml` at the workspace root describes each online judge — the names
//! `problem.toml` may use, the languages it takes, how to build each here as faithfully as this
//! machine allows, the run limits that differ from ours (the stack) and the lint rules of its
//! dialect. Nothing about a judge is written in Rust: this module only reads and checks the file.
//!
//! A source file's profile is resolved here ([`Judges::profile`]): the first language of the
//! problem's judge whose extensions hold the file's, else the `local` judge's language for it.

use crate::workspace::{is_executable, FileKinds};
use sandbox::Stack;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use crate::config::{parse_toml, ConfigError};
use crate::workspace::Workspace;

/// The file name, at the workspace root.
pub const FILE: &str = "judges.toml";

/// The judge of problems of our own, and the profile of every file a judge does not take.
pub const LOCAL: &str = "local";

/// The repository's `judges.toml`: the judges of a workspace that has none, and the set a
/// workspace's own file is layered on.
pub const BUILT_IN: &str = include_str!("../../judges.toml");

/// How an error in the built-in file names it.
const BUILT_IN_PATH: &str = "judges.toml (built in)";

/// The judges every copy of the built-in file has held since the first: a workspace file
/// defining all of them is a whole copy (as `runner init --judges` wrote before layering), read
/// alone as it always was.
const EVERY_COPY: [&str; 4] = [LOCAL, "POJ", "HDU", "AcWing"];

/// What a layered workspace file starts with (`runner init --judges` writes it).
pub const LAYERED_TEMPLATE: &str = "\
# This workspace's judges: the built-in ones (the judges.toml of the runner's repository, whose
# top describes every key), changed by what this file says.
#   [[judge]] named like a built-in judge (or an alias): the keys it gives replace that judge's,
#     and each [[judge.language]] replaces the language of its name whole (or is added);
#   [[judge]] of a new name: a judge added;
#   drop = [\"HDU\", \"local:Kotlin\"]: a built-in judge, or one of its languages, taken away;
#   [build.NAME] and [[lint]] (by id): replace the built-in one of that name (a rule with
#     applies_to = [] applies nowhere); [compile_limits]: each key given wins;
#   whole = true: this file is the whole set, the built-in one unread.
#
# For example, the local C++ as C++20 with the checked standard library (remove the `# `s):
# [[judge]]
# name = \"local\"
# [[judge.language]]
# name = \"C++\"
# extensions = [\"cpp\", \"cc\", \"cxx\"]
# compile = [\"g++\", \"-O2\", \"-std=c++20\", \"-D_GLIBCXX_DEBUG\", \"-I{dir}\", \"-x\", \"c++\", \"{src}\", \"-o\", \"{out}\"]
";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJudges {
    /// This file is the whole set of judges: the built-in one is not read under it.
    #[serde(default)]
    whole: bool,
    /// What a layered file takes away of the built-in set: judges (`HDU`, by name or alias) and
    /// languages (`local:Kotlin`).
    #[serde(default)]
    drop: Vec<toml::Spanned<String>>,
    /// Compiler commands shared by several languages, by name.
    #[serde(default)]
    build: BTreeMap<String, RawBuild>,
    #[serde(default)]
    judge: Vec<toml::Spanned<RawJudge>>,
    #[serde(default)]
    lint: Vec<toml::Spanned<RawLint>>,
    /// The limits of every compile, unless a language or build gives its own.
    #[serde(default)]
    compile_limits: CompileLimitKeys,
}

/// Compile limits as judges.toml's `[compile_limits]` (and a language's, a build's, a
/// problem's `compile_limits`) give them: each key given wins over the limits below it (see
/// [`CompileLimits`]).
#[derive(Debug, Default, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompileLimitKeys {
    /// `cpu_s`: CPU seconds of the whole compile.
    pub cpu_s: Option<f64>,
    /// `memory_mib`: memory of every process of the compile, in MiB.
    pub memory_mib: Option<u64>,
    /// `message_kib`: the compiler's message kept, in KiB.
    pub message_kib: Option<u64>,
}

/// The limits of a compile: CPU time (the wall-clock backstop is the sandbox's, twice it plus a
/// second), memory (every process of the compile), and the bytes of its message kept (the
/// rest is counted: "… N more bytes"). Over a limit is a compile error saying which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileLimits {
    /// CPU time of the whole compile.
    pub cpu: std::time::Duration,
    /// Memory of every process of the compile together.
    pub memory_bytes: u64,
    /// Bytes of the compiler's message kept in the report.
    pub message_bytes: usize,
}

impl Default for CompileLimits {
    /// 10 s of CPU and 1 GiB, as CMS and DMOJ bound a compile; 64 KiB of message.
    fn default() -> Self {
        CompileLimits {
            cpu: std::time::Duration::from_secs(10),
            memory_bytes: 1 << 30,
            message_bytes: 64 << 10,
        }
    }
}

impl CompileLimitKeys {
    /// These limits, each key not given taken from `base`.
    pub fn over(self, base: CompileLimits) -> Result<CompileLimits, String> {
        let cpu = match self.cpu_s {
            Some(s) if !(s > 0.0 && s <= 3600.0) => {
                return Err(format!(
                    "compile cpu_s = {s}: give seconds between 0 and 3600"
                ))
            }
            Some(s) => std::time::Duration::from_secs_f64(s),
            None => base.cpu,
        };
        if self.memory_mib == Some(0) || self.message_kib == Some(0) {
            return Err("compile memory_mib and message_kib must be at least 1".into());
        }
        if self.memory_mib.is_some_and(|m| m > 1 << 20)
            || self.message_kib.is_some_and(|k| k > 1 << 20)
        {
            return Err(
                "compile memory_mib and message_kib: at most 1048576 (1 TiB, 1 GiB)".into(),
            );
        }
        Ok(CompileLimits {
            cpu,
            memory_bytes: self.memory_mib.map_or(base.memory_bytes, |m| m << 20),
            message_bytes: self
                .message_kib
                .map_or(base.message_bytes, |k| (k as usize) << 10),
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJudge {
    name: String,
    aliases: Option<Vec<String>>,
    problem_url: Option<String>,
    submit_url: Option<String>,
    /// A note for the reader of judges.toml; accepted and not used.
    #[serde(rename = "about")]
    _about: Option<String>,
    #[serde(default)]
    language: Vec<toml::Spanned<RawLanguage>>,
    companion: Option<Companion>,
}

impl RawJudge {
    /// Whether `name` names this judge (its name or an alias, case ignored).
    fn is_called(&self, name: &str) -> bool {
        std::iter::once(&self.name)
            .chain(self.aliases.iter().flatten())
            .any(|n| n.eq_ignore_ascii_case(name))
    }
}

/// What Competitive Companion's parser of a judge's pages sends, against the judge's C/C++
/// limits (`runner listen`): its time and memory limits are multiplied by `time` and `memory`,
/// and its megabytes are `kib_per_mb` KiB (1000 where the parser divides the page's `K` by
/// 1000). A judge whose problem pages do not fit `problem_url`'s one `{id}` (Codeforces'
/// `contest/954/problem/G`) lists its page addresses in `urls`, each with named parts
/// (`codeforces.com/contest/{contest}/problem/{index}`); `id` and `slug` say how problem.toml's
/// id and the problem's slug are made of them (`{contest}{index}`, `cf{contest}{index}`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Companion {
    #[serde(default = "one")]
    pub time: f64,
    #[serde(default = "one")]
    pub memory: f64,
    #[serde(default = "kib_per_mb")]
    pub kib_per_mb: u64,
    #[serde(default)]
    pub urls: Vec<String>,
    pub id: Option<String>,
    pub slug: Option<String>,
}

fn one() -> f64 {
    1.0
}

fn kib_per_mb() -> u64 {
    1024
}

impl Default for Companion {
    fn default() -> Self {
        Companion {
            time: one(),
            memory: one(),
            kib_per_mb: kib_per_mb(),
            urls: Vec::new(),
            id: None,
            slug: None,
        }
    }
}

/// `[build.NAME]`: what a language with `build = "NAME"` takes, unless it gives the key itself.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuild {
    compile: Option<Vec<String>>,
    run: Option<Vec<String>>,
    probe: Option<String>,
    fallback: Option<Vec<String>>,
    fallback_note: Option<String>,
    version: Option<Vec<String>>,
    min_version: Option<String>,
    stack_kib: Option<RawStack>,
    package: Option<String>,
    toolchain: Option<String>,
    compile_limits: Option<CompileLimitKeys>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLanguage {
    name: String,
    label: Option<String>,
    extensions: Vec<String>,
    /// The name of a `[build.NAME]` table this language takes its build from.
    build: Option<String>,
    compile: Option<Vec<String>>,
    run: Option<Vec<String>>,
    probe: Option<String>,
    fallback: Option<Vec<String>>,
    fallback_note: Option<String>,
    version: Option<Vec<String>>,
    min_version: Option<String>,
    stack_kib: Option<RawStack>,
    package: Option<String>,
    /// A program outside `/usr` whose toolchain folder the compile is shown (as for its first
    /// word), named `{toolchain}` in `compile`: a compiler a script runs (Kotlin's jar).
    toolchain: Option<String>,
    /// This language's compile limits (each key not given: the build's, then the file's).
    compile_limits: Option<CompileLimitKeys>,
    about: Option<String>,
}

/// `stack_kib`: a size in KiB, or `"memory"` for the problem's memory limit.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawStack {
    Kib(u64),
    Memory(MemoryWord),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "lowercase")]
enum MemoryWord {
    Memory,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLint {
    id: String,
    pattern: toml::Spanned<String>,
    message: String,
    applies_to: Vec<String>,
    #[serde(default = "yes")]
    code_only: bool,
}

fn yes() -> bool {
    true
}

/// The command used when a profile's own does not work on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    /// A tiny program: when `compile` cannot build it, `command` is used instead.
    pub probe: String,
    pub command: Vec<String>,
    /// Printed once per run (after "note: ") when the fallback is taken.
    pub note: String,
}

/// How one judge builds and runs one language: everything a build and a run need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The judge's name ("POJ").
    pub judge: String,
    /// The language's name ("G++"), for `--lang` and lint rules.
    pub language: String,
    /// The exact entry to pick in the judge's language list.
    pub label: String,
    /// The source extensions this language builds (`cpp`, `cc`), without the dot.
    pub extensions: Vec<String>,
    /// argv with `{src}` and `{out}`; `None` for an interpreted language or a ready executable.
    pub compile: Option<Vec<String>>,
    /// argv with `{out}` (compiled) or `{src}` (interpreted).
    pub run: Vec<String>,
    /// What to use when the compile's target is missing here (a 32-bit build without multilib).
    pub fallback: Option<Fallback>,
    /// argv printing the compiler's version (part of the cache key).
    pub version: Option<Vec<String>>,
    /// The oldest compiler version the profile works with ("1.63").
    pub min_version: Option<String>,
    /// RLIMIT_STACK of a run.
    pub stack: Stack,
    /// The Debian package of the tool, for "not found" messages.
    pub package: Option<String>,
    /// judges.toml's `about`: one line on what this emulates of the judge and what it cannot.
    pub about: Option<String>,
    /// The program whose toolchain folder its compiles are shown, when it is not the compile
    /// command's first word (`{toolchain}` in the command is that folder as the compile sees it).
    pub toolchain: Option<String>,
    /// The limits of its compiles.
    pub compile_limits: CompileLimits,
}

impl Profile {
    /// "POJ G++": how reports name it.
    pub fn name(&self) -> String {
        if self.language.is_empty() {
            self.judge.clone()
        } else {
            format!("{} {}", self.judge, self.language)
        }
    }

    /// A file that is already executable: run as it is, with the runner's stack.
    pub fn executable() -> Profile {
        Profile {
            judge: "executable".into(),
            language: String::new(),
            label: String::new(),
            extensions: Vec::new(),
            compile: None,
            run: vec!["{src}".into()],
            fallback: None,
            version: None,
            min_version: None,
            stack: Stack::Inherit,
            package: None,
            about: None,
            toolchain: None,
            compile_limits: CompileLimits::default(),
        }
    }

    /// Whether a file with extension `ext` is in this language.
    pub fn takes(&self, ext: &str) -> bool {
        self.extensions.iter().any(|e| e == ext)
    }
}

/// One online judge.
#[derive(Debug, Clone)]
pub struct Judge {
    /// The name problem.toml's `judge` gives (`HDU`).
    pub name: String,
    /// Other names accepted for it (`hdoj`).
    pub aliases: Vec<String>,
    /// The problem page, with `{id}` for the problem's id.
    pub problem_url: Option<String>,
    /// The submit page, with `{id}` for the problem's id.
    pub submit_url: Option<String>,
    /// In the order of judges.toml: `runner submit` tries them in this order.
    pub languages: Vec<Arc<Profile>>,
    /// How Competitive Companion's limits for this judge's pages are read.
    pub companion: Companion,
}

impl Judge {
    /// Whether `name` names this judge (its name or an alias, case ignored).
    pub(crate) fn is_called(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }

    /// The language called `name` (its name or label, case ignored).
    pub fn language(&self, name: &str) -> Option<&Arc<Profile>> {
        self.languages
            .iter()
            .find(|l| l.language.eq_ignore_ascii_case(name) || l.label.eq_ignore_ascii_case(name))
    }

    /// The first language taking files with extension `ext`.
    pub(crate) fn language_for(&self, ext: &str) -> Option<&Arc<Profile>> {
        self.languages.iter().find(|l| l.takes(ext))
    }

    /// "G++, C++, GCC, C": the languages, for messages.
    pub(crate) fn language_list(&self) -> String {
        let names: Vec<&str> = self.languages.iter().map(|l| l.language.as_str()).collect();
        names.join(", ")
    }

    /// The page to submit a problem to: `submit_url` with `{id}` replaced by `id` and each
    /// other named part (`{contest}`, `{task}`) by the part of the problem's `url` under one of
    /// `companion.urls` (AtCoder's `contests/{contest}/submit?taskScreenName={task}`); `None`
    /// when the judge has none, or a part is not known.
    pub fn submit_url_for(&self, url: Option<&str>, id: Option<&str>) -> Option<String> {
        let mut page = self.submit_url.clone()?;
        if let Some(id) = id {
            page = page.replace("{id}", id);
        }
        let parts = url.and_then(|u| {
            self.companion
                .urls
                .iter()
                .find_map(|pattern| url_parts(pattern, u))
        });
        for (name, value) in parts.unwrap_or_default() {
            page = page.replace(&format!("{{{name}}}"), &value);
        }
        (!page.contains('{')).then_some(page)
    }

    /// `pattern` with `{id}` replaced by `id`, when both exist.
    pub fn url(pattern: Option<&str>, id: Option<&str>) -> Option<String> {
        let pattern = pattern?;
        if pattern.contains("{id}") {
            Some(pattern.replace("{id}", id?))
        } else {
            Some(pattern.to_string())
        }
    }
}

/// The named parts (`{id}`, `{contest}`, …) of `pattern` in `url`: http or https, `www.` or
/// not, a trailing `/` or not, and more query parameters or a fragment after it. A part is
/// letters, digits, `_` and `-`, at least one.
pub fn url_parts(pattern: &str, url: &str) -> Option<Vec<(String, String)>> {
    let strip = |u: &str| -> String {
        let u = u
            .strip_prefix("https://")
            .or_else(|| u.strip_prefix("http://"))
            .unwrap_or(u);
        u.strip_prefix("www.").unwrap_or(u).to_string()
    };
    let (pattern, url) = (strip(pattern), strip(url.trim()));
    let (mut pat, mut rest) = (pattern.as_str(), url.as_str());
    let mut parts = Vec::new();
    while let Some(open) = pat.find('{') {
        let close = open + pat[open..].find('}')?;
        rest = rest.strip_prefix(&pat[..open])?;
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        parts.push((pat[open + 1..close].to_string(), rest[..end].to_string()));
        rest = &rest[end..];
        pat = &pat[close + 1..];
    }
    let after = pat.trim_end_matches('/');
    let tail = rest.strip_prefix(after)?;
    let tail_ok = tail.is_empty()
        || tail == "/"
        || tail.starts_with(['&', '#', '?'])
        || (tail.starts_with('/') && after.is_empty() && tail[1..].starts_with(['?', '#']));
    (tail_ok && !parts.is_empty()).then_some(parts)
}

/// A dialect lint rule.
#[derive(Debug, Clone)]
pub struct LintRule {
    pub id: String,
    pub regex: regex::bytes::Regex,
    pub message: String,
    /// (judge, language) pairs; language "*" is every language of the judge.
    pub applies_to: Vec<(String, String)>,
    /// Match outside comments only.
    pub code_only: bool,
}

impl LintRule {
    /// Whether the rule applies to files built with `profile`.
    pub fn applies(&self, profile: &Profile) -> bool {
        self.applies_to.iter().any(|(j, l)| {
            j.eq_ignore_ascii_case(&profile.judge)
                && (l == "*" || l.eq_ignore_ascii_case(&profile.language))
        })
    }
}

/// The judges of a workspace, from its `judges.toml`.
#[derive(Debug, Clone)]
pub struct Judges {
    judges: Vec<Judge>,
    lint: Vec<LintRule>,
}

impl Judges {
    /// Reads `judges.toml` at the root of `ws`: a workspace without one gets the profiles this
    /// repository ships (compiled in), so that a new workspace works as it is; one with its own
    /// gets it layered on them ([`Judges::layered`]).
    pub fn load(ws: &Workspace) -> Result<Judges, ConfigError> {
        let path = ws.root().join(FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::layered(&path, &text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Self::parse(&path, BUILT_IN),
            Err(e) => Err(ConfigError {
                path: path.clone(),
                line: None,
                message: format!("cannot read: {e}"),
            }),
        }
    }

    /// Parses and checks the text of a whole `judges.toml`, read alone.
    pub fn parse(path: &Path, text: &str) -> Result<Judges, ConfigError> {
        let raw: RawJudges = parse_toml(path, text)?;
        if let Some(d) = raw.drop.first() {
            return Err(ConfigError::at(
                path,
                text,
                Some(d.span().start),
                "`drop` takes judges away from the built-in ones, and this file is the whole set \
                 (whole = true, or it defines local, POJ, HDU and AcWing): leave the judge out",
            ));
        }
        resolve(&[Layer { path, text, raw }], None)
    }

    /// Parses a workspace's `judges.toml` layered on the built-in one: each `[[judge]]` named
    /// like a built-in judge (name or alias) changes it (the keys it gives replace the built-in
    /// judge's, each `[[judge.language]]` replaces the language of its name or is added), a new
    /// name adds a judge, `drop` takes judges (`HDU`) or languages (`local:Kotlin`) away;
    /// `[build.NAME]` and `[[lint]]` (by id) replace the built-in ones of their name, and each
    /// `[compile_limits]` key wins over the built-in one. A file that says `whole = true`, or
    /// defines every judge of [`EVERY_COPY`] (a whole copy, as `runner init --judges` wrote
    /// before), is read alone, as [`Judges::parse`] does.
    pub fn layered(path: &Path, text: &str) -> Result<Judges, ConfigError> {
        let raw: RawJudges = parse_toml(path, text)?;
        let copy = EVERY_COPY
            .iter()
            .all(|name| raw.judge.iter().any(|j| j.get_ref().is_called(name)));
        if raw.whole || copy {
            return Self::parse(path, text);
        }
        let base: RawJudges = parse_toml(Path::new(BUILT_IN_PATH), BUILT_IN)?;
        let layers = [
            Layer {
                path: Path::new(BUILT_IN_PATH),
                text: BUILT_IN,
                raw: base,
            },
            Layer { path, text, raw },
        ];
        resolve(&layers, Some(0))
    }

    /// The judge called `name` (name or alias, case ignored).
    pub fn get(&self, name: &str) -> Option<&Judge> {
        self.judges.iter().find(|j| j.is_called(name))
    }

    /// Every judge, in the order of judges.toml.
    pub fn all(&self) -> &[Judge] {
        &self.judges
    }

    /// The `local` judge.
    pub fn local(&self) -> &Judge {
        self.get(LOCAL).expect("checked when loaded")
    }

    /// "local, POJ, HDU, AcWing", for messages.
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.judges.iter().map(|j| j.name.as_str()).collect();
        names.join(", ")
    }

    /// The kinds of file the runner builds: every extension some language takes.
    pub fn file_kinds(&self) -> FileKinds {
        FileKinds::new(self.judges.iter().flat_map(|j| {
            j.languages
                .iter()
                .flat_map(|l| l.extensions.iter().cloned())
        }))
    }

    /// The profile `path` is built with when it is a solution of a problem of `judge`: the
    /// judge's first language taking its extension, else `local`'s; a ready executable runs as
    /// it is.
    pub fn profile(&self, judge: &str, path: &Path) -> Result<Arc<Profile>, String> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let judge = self
            .get(judge)
            .ok_or_else(|| format!("no judge `{judge}` in {FILE} (it has {})", self.names()))?;
        if let Some(p) = judge
            .language_for(ext)
            .or_else(|| self.local().language_for(ext))
        {
            return Ok(p.clone());
        }
        if is_executable(path) {
            return Ok(Arc::new(Profile::executable()));
        }
        Err(format!(
            "{}: no language of {FILE} takes `.{ext}` files (not {}, not {LOCAL})",
            path.display(),
            judge.name
        ))
    }

    /// The lint rules that apply to files built with `profile`.
    pub fn lint_rules(&self, profile: &Profile) -> Vec<&LintRule> {
        self.lint.iter().filter(|r| r.applies(profile)).collect()
    }
}

/// An error's place, (layer, byte offset), and its message.
type Located = ((usize, usize), String);

/// One judges.toml read: the built-in file, or a workspace's over it.
struct Layer<'a> {
    path: &'a Path,
    text: &'a str,
    raw: RawJudges,
}

/// The judges of the layers, merged by name; each part keeps the layer it came from, so an
/// error names that file and line.
#[derive(Default)]
struct Merged<'a> {
    builds: BTreeMap<String, RawBuild>,
    judges: Vec<MergedJudge<'a>>,
    lint: Vec<(usize, &'a toml::Spanned<RawLint>)>,
    limits: CompileLimitKeys,
    /// The last layer that gave a `[compile_limits]` key.
    limits_layer: usize,
}

/// A judge as the layers leave it: the keys of the last layer that gives each.
struct MergedJudge<'a> {
    /// Where it was last defined.
    at: (usize, usize),
    name: String,
    aliases: Vec<String>,
    problem_url: Option<String>,
    submit_url: Option<String>,
    companion: Companion,
    languages: Vec<(usize, &'a toml::Spanned<RawLanguage>)>,
}

impl MergedJudge<'_> {
    fn is_called(&self, name: &str) -> bool {
        std::iter::once(&self.name)
            .chain(&self.aliases)
            .any(|n| n.eq_ignore_ascii_case(name))
    }
}

impl<'a> Merged<'a> {
    /// The layers merged, each over the ones before it.
    fn of(layers: &'a [Layer<'a>]) -> Result<Merged<'a>, Located> {
        let mut m = Merged::default();
        for (i, layer) in layers.iter().enumerate() {
            let raw = &layer.raw;
            for d in &raw.drop {
                m.drop(i, d)?;
            }
            m.builds
                .extend(raw.build.iter().map(|(k, v)| (k.clone(), v.clone())));
            for j in &raw.judge {
                m.judge(i, j);
            }
            for r in &raw.lint {
                let id = &r.get_ref().id;
                match m.lint.iter_mut().find(|(_, o)| &o.get_ref().id == id) {
                    // A rule of the same id in the same file is an error, found when checked.
                    Some(slot) if slot.0 < i => *slot = (i, r),
                    _ => m.lint.push((i, r)),
                }
            }
            let k = raw.compile_limits;
            if k != CompileLimitKeys::default() {
                m.limits_layer = i;
            }
            m.limits = CompileLimitKeys {
                cpu_s: k.cpu_s.or(m.limits.cpu_s),
                memory_mib: k.memory_mib.or(m.limits.memory_mib),
                message_kib: k.message_kib.or(m.limits.message_kib),
            };
        }
        Ok(m)
    }

    /// `drop = ["JUDGE", "JUDGE:LANGUAGE"]` of layer `i`: a judge or a language taken away.
    fn drop(&mut self, i: usize, d: &toml::Spanned<String>) -> Result<(), Located> {
        let at = (i, d.span().start);
        let (judge, lang) = match d.get_ref().split_once(':') {
            Some((j, l)) => (j, Some(l)),
            None => (d.get_ref().as_str(), None),
        };
        let names = || {
            let n: Vec<&str> = self.judges.iter().map(|j| j.name.as_str()).collect();
            n.join(", ")
        };
        let Some(k) = self.judges.iter().position(|j| j.is_called(judge)) else {
            return Err((
                at,
                format!("drop: no judge `{judge}` to drop (there are {})", names()),
            ));
        };
        let Some(lang) = lang else {
            if self.judges[k].name == LOCAL {
                return Err((
                    at,
                    format!("drop: `{LOCAL}` builds every file a judge does not take: change its languages instead"),
                ));
            }
            self.judges.remove(k);
            return Ok(());
        };
        let j = &mut self.judges[k];
        let before = j.languages.len();
        j.languages
            .retain(|(_, l)| !l.get_ref().name.eq_ignore_ascii_case(lang));
        if j.languages.len() == before {
            let n: Vec<&str> = j
                .languages
                .iter()
                .map(|(_, l)| l.get_ref().name.as_str())
                .collect();
            return Err((
                at,
                format!(
                    "drop: {} has no language `{lang}` (it has {})",
                    j.name,
                    n.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// `[[judge]]` of layer `i`: a judge of an earlier layer changed, or a new one.
    fn judge(&mut self, i: usize, j: &'a toml::Spanned<RawJudge>) {
        let at = (i, j.span().start);
        let r = j.get_ref();
        let Some(o) = self
            .judges
            .iter_mut()
            .find(|o| o.at.0 < i && o.is_called(&r.name))
        else {
            self.judges.push(MergedJudge {
                at,
                name: r.name.clone(),
                aliases: r.aliases.clone().unwrap_or_default(),
                problem_url: r.problem_url.clone(),
                submit_url: r.submit_url.clone(),
                companion: r.companion.clone().unwrap_or_default(),
                languages: r.language.iter().map(|l| (i, l)).collect(),
            });
            return;
        };
        o.at = at;
        if let Some(a) = &r.aliases {
            o.aliases.clone_from(a);
        }
        if r.problem_url.is_some() {
            o.problem_url.clone_from(&r.problem_url);
        }
        if r.submit_url.is_some() {
            o.submit_url.clone_from(&r.submit_url);
        }
        if let Some(c) = &r.companion {
            o.companion = c.clone();
        }
        for l in &r.language {
            let name = &l.get_ref().name;
            match o
                .languages
                .iter_mut()
                .find(|(_, x)| x.get_ref().name.eq_ignore_ascii_case(name))
            {
                // Two of one name in the same file are an error, found when checked.
                Some(slot) if slot.0 < i => *slot = (i, l),
                _ => o.languages.push((i, l)),
            }
        }
    }
}

/// The judges of `layers` merged and checked; a rule of layer `lenient` may name what is gone.
fn resolve(layers: &[Layer], lenient: Option<usize>) -> Result<Judges, ConfigError> {
    let err = |((layer, at), message): Located| {
        let l = &layers[layer];
        ConfigError::at(l.path, l.text, Some(at), message)
    };
    let m = Merged::of(layers).map_err(err)?;
    let limits = m.limits.over(CompileLimits::default()).map_err(|msg| {
        let at = layers[m.limits_layer]
            .text
            .find("compile_limits")
            .unwrap_or(0);
        err(((m.limits_layer, at), format!("[compile_limits]: {msg}")))
    })?;
    let mut judges: Vec<Judge> = Vec::new();
    for j in &m.judges {
        for name in std::iter::once(&j.name).chain(&j.aliases) {
            if name.trim().is_empty() || name.contains(':') {
                return Err(err((j.at, format!("`{name}` cannot name a judge"))));
            }
            if let Some(other) = judges.iter().find(|o| o.is_called(name)) {
                let m = format!(
                    "the judge name `{name}` is already used by `{}`",
                    other.name
                );
                return Err(err((j.at, m)));
            }
        }
        judges.push(Judge {
            name: j.name.clone(),
            aliases: j.aliases.clone(),
            problem_url: j.problem_url.clone(),
            submit_url: j.submit_url.clone(),
            languages: languages(j, &m.builds, limits).map_err(err)?,
            companion: j.companion.clone(),
        });
    }
    if !judges.iter().any(|j| j.name == LOCAL) {
        let last = layers.last().expect("one layer at least");
        return Err(ConfigError::at(
            last.path,
            last.text,
            None,
            format!("no judge named `{LOCAL}`: it builds every file a judge does not take"),
        ));
    }
    let lint = lint_rules(&m.lint, &judges, lenient).map_err(err)?;
    Ok(Judges { judges, lint })
}

/// The languages of judge `j`, each resolved with its build; `Err` is (layer, offset, message).
fn languages(
    j: &MergedJudge,
    builds: &BTreeMap<String, RawBuild>,
    limits: CompileLimits,
) -> Result<Vec<Arc<Profile>>, Located> {
    let mut languages: Vec<Arc<Profile>> = Vec::new();
    for &(layer, l) in &j.languages {
        let at = (layer, l.span().start);
        let l = l.get_ref();
        let build = match &l.build {
            None => RawBuild::default(),
            Some(name) => builds.get(name).cloned().ok_or_else(|| {
                let known: Vec<&str> = builds.keys().map(String::as_str).collect();
                (
                    at,
                    format!(
                        "{} {}: no [build.{name}] (the builds are: {})",
                        j.name,
                        l.name,
                        known.join(", ")
                    ),
                )
            })?,
        };
        let build_limits = build.compile_limits;
        let mut profile = language(&j.name, &l.with(build)).map_err(|m| (at, m))?;
        let what = |m: String| (at, format!("{} {}: {m}", j.name, l.name));
        let limits = match build_limits {
            Some(b) => b.over(limits).map_err(what)?,
            None => limits,
        };
        profile.compile_limits = match l.compile_limits {
            Some(own) => own.over(limits).map_err(what)?,
            None => limits,
        };
        if languages
            .iter()
            .any(|o| o.language.eq_ignore_ascii_case(&l.name))
        {
            return Err((
                at,
                format!("{} has two languages named `{}`", j.name, l.name),
            ));
        }
        languages.push(Arc::new(profile));
    }
    Ok(languages)
}

/// The lint rules, each naming judges and languages that exist; `Err` is (layer, offset,
/// message). A rule of layer `lenient` (the built-in file under a workspace's) keeps only what
/// names a judge and language still there, and goes when nothing is left: a judge or language
/// dropped or changed takes its dialect's rules with it.
fn lint_rules(
    raw: &[(usize, &toml::Spanned<RawLint>)],
    judges: &[Judge],
    lenient: Option<usize>,
) -> Result<Vec<LintRule>, Located> {
    let mut lint: Vec<LintRule> = Vec::new();
    for &(layer, r) in raw {
        let at = (layer, r.span().start);
        let r = r.get_ref();
        if lint.iter().any(|o| o.id == r.id) {
            return Err((at, format!("two lint rules have the id `{}`", r.id)));
        }
        let regex = regex::bytes::Regex::new(r.pattern.get_ref()).map_err(|e| {
            (
                (layer, r.pattern.span().start),
                format!("lint `{}`: bad pattern: {e}", r.id),
            )
        })?;
        let mut applies_to = Vec::new();
        for a in &r.applies_to {
            match applies(&r.id, a, judges) {
                Ok(pair) => applies_to.push(pair),
                Err(_) if lenient == Some(layer) => {}
                Err(m) => return Err((at, m)),
            }
        }
        if applies_to.is_empty() && lenient == Some(layer) && !r.applies_to.is_empty() {
            continue;
        }
        lint.push(LintRule {
            id: r.id.clone(),
            regex,
            message: r.message.clone(),
            applies_to,
            code_only: r.code_only,
        });
    }
    Ok(lint)
}

/// One `JUDGE:LANGUAGE` of lint rule `id`, as the judge's and the language's names.
fn applies(id: &str, a: &str, judges: &[Judge]) -> Result<(String, String), String> {
    let Some((judge, lang)) = a.split_once(':') else {
        return Err(format!(
            "lint `{id}`: `{a}` is not of the form JUDGE:LANGUAGE"
        ));
    };
    let Some(judge) = judges.iter().find(|j| j.is_called(judge)) else {
        return Err(format!("lint `{id}`: no judge `{judge}`"));
    };
    // Stored as the language's name (a rule may name it by its label), which is what
    // `LintRule::applies` compares.
    let lang = match judge.language(lang) {
        Some(profile) => profile.language.clone(),
        None if lang == "*" => lang.to_string(),
        None => {
            return Err(format!(
                "lint `{id}`: {} has no language `{lang}` (it has {})",
                judge.name,
                judge.language_list()
            ))
        }
    };
    Ok((judge.name.clone(), lang))
}

impl RawLanguage {
    /// The language with every key it does not give taken from `b`.
    fn with(&self, b: RawBuild) -> RawLanguage {
        RawLanguage {
            name: self.name.clone(),
            label: self.label.clone(),
            extensions: self.extensions.clone(),
            build: self.build.clone(),
            compile: self.compile.clone().or(b.compile),
            run: self.run.clone().or(b.run),
            probe: self.probe.clone().or(b.probe),
            fallback: self.fallback.clone().or(b.fallback),
            fallback_note: self.fallback_note.clone().or(b.fallback_note),
            version: self.version.clone().or(b.version),
            min_version: self.min_version.clone().or(b.min_version),
            stack_kib: self.stack_kib.clone().or(b.stack_kib),
            package: self.package.clone().or(b.package),
            toolchain: self.toolchain.clone().or(b.toolchain),
            compile_limits: self.compile_limits,
            about: self.about.clone(),
        }
    }
}

/// Checks one `[[judge.language]]` and makes its profile.
fn language(judge: &str, l: &RawLanguage) -> Result<Profile, String> {
    let what = format!("{judge} {}", l.name);
    if l.name.trim().is_empty() || l.name.contains(':') {
        return Err(format!("`{}` cannot name a language", l.name));
    }
    if l.extensions.is_empty() {
        return Err(format!("{what}: `extensions` is empty"));
    }
    if let Some(e) = l
        .extensions
        .iter()
        .find(|e| e.is_empty() || e.starts_with('.') || e.contains('/'))
    {
        return Err(format!("{what}: `{e}`: write extensions without the dot"));
    }
    let has = |argv: &[String], p: &str| argv.iter().any(|a| a.contains(p));
    let run = match (&l.compile, &l.run) {
        (Some(c), run) => {
            if c.is_empty() || !has(c, "{src}") || !has(c, "{out}") {
                return Err(format!(
                    "{what}: `compile` must name the compiler and hold {{src}} and {{out}}"
                ));
            }
            run.clone().unwrap_or_else(|| vec!["{out}".into()])
        }
        (None, Some(run)) => {
            if run.is_empty() || !has(run, "{src}") {
                return Err(format!(
                    "{what}: an interpreted language's `run` must hold {{src}}"
                ));
            }
            run.clone()
        }
        (None, None) => {
            return Err(format!(
                "{what}: give `compile` (and optionally `run`), or `run` for an interpreter"
            ))
        }
    };
    if run.is_empty() {
        return Err(format!("{what}: `run` is empty"));
    }
    let fallback = fallback(&what, l)?;
    if let Some(v) = &l.min_version {
        if parse_version(v).is_none() {
            return Err(format!(
                "{what}: min_version `{v}` is not a version like 1.63"
            ));
        }
    }
    if l.version.as_ref().is_some_and(|v| v.is_empty()) {
        return Err(format!("{what}: `version` is empty"));
    }
    Ok(Profile {
        judge: judge.to_string(),
        language: l.name.clone(),
        label: l.label.clone().unwrap_or_else(|| l.name.clone()),
        extensions: l.extensions.clone(),
        compile: l.compile.clone(),
        run,
        fallback,
        version: l.version.clone(),
        min_version: l.min_version.clone(),
        stack: match l.stack_kib {
            None => Stack::Inherit,
            Some(RawStack::Kib(k)) => Stack::Bytes(k.saturating_mul(1024)),
            Some(RawStack::Memory(_)) => Stack::MemoryLimit,
        },
        package: l.package.clone(),
        about: l.about.clone(),
        toolchain: l.toolchain.clone(),
        compile_limits: CompileLimits::default(),
    })
}

/// The language's fallback: given whole (`fallback`, `probe`, `fallback_note`), or derived from a
/// `probe` alone when `compile` builds 32-bit: the same command without `-m32`, and a note naming
/// the multilib package to install.
fn fallback(what: &str, l: &RawLanguage) -> Result<Option<Fallback>, String> {
    let has = |argv: &[String], p: &str| argv.iter().any(|a| a.contains(p));
    match (&l.fallback, &l.probe, &l.fallback_note) {
        (None, None, None) => Ok(None),
        (_, Some(_), _) if l.compile.is_none() => {
            Err(format!("{what}: a fallback needs a `compile` command"))
        }
        (None, Some(probe), None) => {
            let compile = l.compile.as_ref().expect("checked above");
            if !compile.iter().any(|a| a == "-m32") {
                return Err(format!(
                    "{what}: a `probe` without a `fallback` derives one by dropping -m32, \
                     and `compile` has no -m32: give `fallback` and `fallback_note`"
                ));
            }
            Ok(Some(Fallback {
                probe: probe.clone(),
                command: compile.iter().filter(|a| *a != "-m32").cloned().collect(),
                note: format!(
                    "{0} -m32 is not available (install {0}-multilib); building 64-bit",
                    compile[0]
                ),
            }))
        }
        (Some(command), Some(probe), Some(note)) => {
            if command.is_empty() || !has(command, "{src}") || !has(command, "{out}") {
                return Err(format!("{what}: `fallback` must hold {{src}} and {{out}}"));
            }
            Ok(Some(Fallback {
                probe: probe.clone(),
                command: command.clone(),
                note: note.clone(),
            }))
        }
        _ => Err(format!(
            "{what}: `fallback` and `fallback_note` go with a `probe` (or give the probe alone \
             to drop -m32)"
        )),
    }
}

/// The first `MAJOR.MINOR[.PATCH]` in `text`, as numbers.
pub(crate) fn parse_version(text: &str) -> Option<(u64, u64, u64)> {
    static VERSION: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(\d+)\.(\d+)(?:\.(\d+))?").expect("valid"));
    let c = VERSION.captures(text)?;
    let n = |i: usize| c.get(i).map_or(Some(0), |m| m.as_str().parse().ok());
    Some((n(1)?, n(2)?, n(3)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo_judges() -> Judges {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judges.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        Judges::parse(&path, &text).unwrap()
    }

    /// Every judge, language and lint rule, as the runner resolves them.
    fn resolved(j: &Judges) -> String {
        format!("{:#?}\n{:#?}", j.judges, j.lint)
    }

    #[test]
    fn atcoders_submit_page_is_made_of_the_problems_url() {
        let judges = Judges::parse(Path::new("judges.toml"), BUILT_IN).unwrap();
        let at = judges.get("AtCoder").unwrap();
        assert_eq!(
            at.submit_url_for(
                Some("https://atcoder.jp/contests/abc086/tasks/abc086_a"),
                Some("abc086_a")
            )
            .as_deref(),
            Some("https://atcoder.jp/contests/abc086/submit?taskScreenName=abc086_a")
        );
        // No url to take the contest from: no page rather than a wrong one.
        assert_eq!(at.submit_url_for(None, Some("abc086_a")), None);
        let poj = judges.get("POJ").unwrap();
        assert_eq!(
            poj.submit_url_for(None, Some("1000")).as_deref(),
            Some("http://poj.org/submit?problem_id=1000")
        );
        let cf = judges.get("Codeforces").unwrap();
        assert_eq!(
            cf.submit_url_for(
                Some("https://codeforces.com/contest/1/problem/A"),
                Some("1A")
            )
            .as_deref(),
            Some("https://codeforces.com/problemset/submit")
        );
    }

    #[test]
    fn the_shared_builds_resolve_to_the_profiles_each_language_spelt_out_before() {
        // The judges.toml of before the builds: every compile line, probe, fallback and note
        // written out in each language.
        let before = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../runner/tests/data/judges-before-builds.toml");
        let before = Judges::parse(&before, &std::fs::read_to_string(&before).unwrap()).unwrap();
        let now = repo_judges();
        // The judges added since (Codeforces, AtCoder) are not in it.
        let mut same = now.clone();
        same.judges.retain(|j| before.get(&j.name).is_some());
        assert_eq!(same.judges.len(), before.judges.len());
        assert_eq!(resolved(&same), resolved(&before));
        // And it is not a comparison of nothing.
        let g = now.get("HDU").unwrap().language("GCC").unwrap();
        assert_eq!(
            g.fallback.as_ref().unwrap().note,
            "gcc -m32 is not available (install gcc-multilib); building 64-bit"
        );
    }

    const HEAD: &str =
        "[[judge]]\nname = \"local\"\n[[judge.language]]\nname = \"C\"\nextensions = [\"c\"]\n";

    #[test]
    fn a_build_is_taken_whole_a_key_of_the_language_wins_and_the_fallback_drops_m32() {
        let text = format!(
            "[build.b32]\ncompile = [\"cc\", \"-m32\", \"{{src}}\", \"-o\", \"{{out}}\"]\n\
             probe = \"int main(void) {{ return 0; }}\"\nstack_kib = 1024\npackage = \"gcc\"\n\
             {HEAD}build = \"b32\"\nstack_kib = 2048\n"
        );
        let j = Judges::parse(Path::new("judges.toml"), &text).unwrap();
        let c = j.local().language("C").unwrap();
        let argv = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            c.compile,
            Some(argv(&["cc", "-m32", "{src}", "-o", "{out}"]))
        );
        assert_eq!(
            c.fallback.as_ref().unwrap().command,
            argv(&["cc", "{src}", "-o", "{out}"])
        );
        assert_eq!(
            c.stack,
            Stack::Bytes(2048 * 1024),
            "the language's own key wins"
        );
        assert_eq!(c.package.as_deref(), Some("gcc"));
    }

    #[test]
    fn an_unknown_build_or_a_probe_with_nothing_to_drop_is_located() {
        let unknown = format!("[build.b]\nrun = [\"{{src}}\"]\n{HEAD}build = \"nope\"\n");
        let e = Judges::parse(Path::new("judges.toml"), &unknown).unwrap_err();
        assert_eq!(e.line, Some((5, 1)), "{e}");
        assert!(
            e.message
                .contains("local C: no [build.nope] (the builds are: b)"),
            "{e}"
        );
        let no_m32 = format!(
            "{HEAD}compile = [\"cc\", \"{{src}}\", \"-o\", \"{{out}}\"]\nprobe = \"int main(void) {{ return 0; }}\"\n"
        );
        let e = Judges::parse(Path::new("judges.toml"), &no_m32).unwrap_err();
        assert!(e.message.contains("`compile` has no -m32"), "{e}");
    }

    #[test]
    fn the_repository_file_loads() {
        let j = repo_judges();
        for name in ["local", "POJ", "HDU", "AcWing", "poj", "hdoj"] {
            assert!(j.get(name).is_some(), "{name}");
        }
        let rust = j.local().language("rust").unwrap();
        assert_eq!(rust.min_version.as_deref(), Some("1.63"));
        let g = j.get("POJ").unwrap().language("G++").unwrap();
        assert!(g
            .compile
            .as_ref()
            .unwrap()
            .iter()
            .any(|a| a == "-std=gnu++98"));
        assert!(g.compile.as_ref().unwrap().iter().any(|a| a == "-m32"));
        assert!(!g
            .fallback
            .as_ref()
            .unwrap()
            .command
            .iter()
            .any(|a| a == "-m32"));
        assert_eq!(g.stack, Stack::Bytes(2 << 20));
    }

    #[test]
    fn profiles_by_judge_and_extension() {
        let j = repo_judges();
        let p = j.profile("POJ", Path::new("solutions/cpp/x.cpp")).unwrap();
        assert_eq!(p.name(), "POJ G++");
        // POJ takes no Rust: local's.
        let p = j.profile("POJ", Path::new("x.rs")).unwrap();
        assert_eq!(p.name(), "local Rust");
        let p = j.profile("hdu", Path::new("x.c")).unwrap();
        assert_eq!(p.name(), "HDU GCC");
        assert!(j.profile("POJ", Path::new("x.pas")).is_err());
        assert!(j.profile("Nowhere", Path::new("x.cpp")).is_err());
        let p = j.profile("cf", Path::new("x.cpp")).unwrap();
        assert_eq!(p.name(), "Codeforces C++");
        let p = j.profile("AtCoder", Path::new("x.rs")).unwrap();
        assert_eq!(p.name(), "AtCoder Rust");
    }

    #[test]
    fn lint_rules_apply_by_judge_and_language() {
        let j = repo_judges();
        let ids = |judge: &str, lang: &str| -> Vec<String> {
            let p = j.get(judge).unwrap().language(lang).unwrap().clone();
            j.lint_rules(&p).iter().map(|r| r.id.clone()).collect()
        };
        assert!(ids("POJ", "G++").contains(&"lld-mingw".to_string()));
        assert!(!ids("POJ", "C++").contains(&"lld-mingw".to_string()));
        assert!(ids("POJ", "C++").contains(&"bits-stdc".to_string()));
        assert!(ids("HDU", "G++").contains(&"non-ascii".to_string()));
        assert!(!ids("POJ", "G++").contains(&"non-ascii".to_string()));
        assert!(ids("local", "C++").is_empty());
    }

    fn parse_err(text: &str) -> String {
        Judges::parse(Path::new("judges.toml"), text)
            .unwrap_err()
            .to_string()
    }

    const LOCAL_RUST: &str = "[[judge]]\nname = \"local\"\n[[judge.language]]\nname = \"Rust\"\nextensions = [\"rs\"]\ncompile = [\"rustc\", \"{src}\", \"-o\", \"{out}\"]\n";

    #[test]
    fn mistakes_are_located() {
        let e = parse_err(&format!("{LOCAL_RUST}stack = 3\n"));
        assert!(
            e.starts_with("judges.toml:7:1: unknown field `stack`"),
            "{e}"
        );
        let e = parse_err("[[judge]]\nname = \"POJ\"\n");
        assert!(e.contains("no judge named `local`"), "{e}");
        let e = parse_err(&format!(
            "{LOCAL_RUST}[[judge]]\nname = \"X\"\n[[judge.language]]\nname = \"C\"\nextensions = [\"c\"]\ncompile = [\"gcc\", \"{{src}}\"]\n"
        ));
        assert!(e.contains("judges.toml:9:1: X C: `compile` must"), "{e}");
        let e = parse_err(&format!(
            "{LOCAL_RUST}[[lint]]\nid = \"a\"\npattern = \"(\"\nmessage = \"m\"\napplies_to = [\"local:Rust\"]\n"
        ));
        assert!(e.contains("judges.toml:9:11: lint `a`: bad pattern"), "{e}");
        let e = parse_err(&format!(
            "{LOCAL_RUST}[[lint]]\nid = \"a\"\npattern = \"x\"\nmessage = \"m\"\napplies_to = [\"local:Pascal\"]\n"
        ));
        assert!(
            e.contains("local has no language `Pascal` (it has Rust)"),
            "{e}"
        );
        let e = parse_err(&format!("{LOCAL_RUST}[[judge]]\nname = \"LOCAL\"\n"));
        assert!(e.contains("already used by `local`"), "{e}");
    }

    fn layered(text: &str) -> Result<Judges, ConfigError> {
        Judges::layered(Path::new("judges.toml"), text)
    }

    #[test]
    fn a_layered_file_changes_one_language_and_keeps_the_rest() {
        let built_in = Judges::parse(Path::new("judges.toml"), BUILT_IN).unwrap();
        let j = layered(
            "[[judge]]\nname = \"poj\"\n[[judge.language]]\nname = \"G++\"\n\
             extensions = [\"cpp\"]\ncompile = [\"g++\", \"-std=c++11\", \"{src}\", \"-o\", \"{out}\"]\n",
        )
        .unwrap();
        let g = j.get("POJ").unwrap().language("G++").unwrap();
        assert_eq!(g.compile.as_ref().unwrap()[1], "-std=c++11");
        assert_eq!(
            g.fallback, None,
            "the language is replaced whole, not merged"
        );
        assert_eq!(g.judge, "POJ", "the built-in judge keeps its name");
        // POJ's other languages, its aliases and every other judge are the built-in ones.
        let (old, new) = (built_in.get("POJ").unwrap(), j.get("POJ").unwrap());
        assert_eq!(new.language_list(), old.language_list());
        assert_eq!(new.aliases, old.aliases);
        assert_eq!(new.language("C++"), old.language("C++"));
        assert_eq!(j.names(), built_in.names());
        // The built-in lint rules on POJ G++ still apply.
        let ids: Vec<&str> = j.lint_rules(g).iter().map(|r| r.id.as_str()).collect();
        assert!(ids.contains(&"lld-mingw"), "{ids:?}");
    }

    #[test]
    fn a_layered_file_adds_and_drops_and_an_empty_one_is_the_built_in_set() {
        let built_in = Judges::parse(Path::new("judges.toml"), BUILT_IN).unwrap();
        let empty = layered(LAYERED_TEMPLATE).unwrap();
        assert_eq!(resolved(&empty), resolved(&built_in));
        let j = layered(
            "drop = [\"HDU\", \"POJ:G++\"]\n[compile_limits]\ncpu_s = 20\n\
             [[judge]]\nname = \"Toy\"\n[[judge.language]]\nname = \"Sh\"\nextensions = [\"sh\"]\nrun = [\"sh\", \"{src}\"]\n",
        )
        .unwrap();
        assert!(j.get("HDU").is_none() && j.get("hdoj").is_none());
        assert!(j.get("POJ").unwrap().language("G++").is_none());
        assert_eq!(j.all().last().unwrap().name, "Toy");
        let sh = j.profile("Toy", Path::new("a.sh")).unwrap();
        assert_eq!(sh.compile_limits.cpu.as_secs(), 20);
        assert_eq!(
            sh.compile_limits.memory_bytes,
            1 << 30,
            "the other keys kept"
        );
        // The rules that named only what went are gone; the others stay.
        assert!(j.lint.iter().all(|r| r
            .applies_to
            .iter()
            .all(|(judge, l)| { judge != "HDU" && !(judge == "POJ" && l == "G++") })));
        assert!(j.lint.iter().any(|r| r.id == "bits-stdc"));
    }

    #[test]
    fn a_layered_build_lint_or_language_replaces_the_one_of_its_name_in_its_place() {
        let built_in = Judges::parse(Path::new("judges.toml"), BUILT_IN).unwrap();
        let j = layered(
            "[build.cpp98-m32]\ncompile = [\"g++\", \"-std=gnu++11\", \"{src}\", \"-o\", \"{out}\"]\n\
             [[lint]]\nid = \"bits-stdc\"\npattern = \"x\"\nmessage = \"m\"\napplies_to = []\n\
             [[judge]]\nname = \"local\"\n[[judge.language]]\nname = \"rust\"\nextensions = [\"rs\"]\n\
             compile = [\"rustc\", \"{src}\", \"-o\", \"{out}\"]\n",
        )
        .unwrap();
        // Every language taking the build takes this file's, whole (no probe: no fallback).
        for judge in ["POJ", "HDU"] {
            let g = j.get(judge).unwrap().language("G++").unwrap();
            assert_eq!(g.compile.as_ref().unwrap()[1], "-std=gnu++11", "{judge}");
            assert_eq!(g.fallback, None, "{judge}");
        }
        // The rule of the same id: this file's, in the built-in one's place, applying nowhere.
        let ids = |j: &Judges| j.lint.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&j), ids(&built_in));
        let rule = j.lint.iter().find(|r| r.id == "bits-stdc").unwrap();
        assert!(rule.applies_to.is_empty());
        // local's Rust (named in another case) is replaced in its place: still local's first.
        let local = j.local();
        assert_eq!(local.languages[0].language, "rust");
        assert_eq!(local.languages[0].min_version, None);
        assert_eq!(local.languages.len(), built_in.local().languages.len());
    }

    #[test]
    fn a_whole_file_is_read_alone() {
        // Says it is whole: the built-in judges are not under it.
        let j = layered(&format!("whole = true\n{LOCAL_RUST}")).unwrap();
        assert_eq!(j.names(), "local");
        // A copy (it defines local, POJ, HDU and AcWing) is whole without saying so: the file of
        // before Codeforces and AtCoder gets neither.
        let before = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../runner/tests/data/judges-before-builds.toml");
        let text = std::fs::read_to_string(&before).unwrap();
        let alone = Judges::parse(&before, &text).unwrap();
        let read = Judges::layered(&before, &text).unwrap();
        assert_eq!(resolved(&read), resolved(&alone));
        assert!(read.get("Codeforces").is_none());
        let e = Judges::parse(
            Path::new("judges.toml"),
            &format!("drop = [\"HDU\"]\n{LOCAL_RUST}"),
        )
        .unwrap_err();
        assert_eq!(e.line, Some((1, 9)), "{e}");
    }

    #[test]
    fn a_mistake_in_a_layered_file_names_its_line() {
        let e = layered("\n[[judge]]\nname = \"POJ\"\nabuot = \"x\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("judges.toml:4:1: unknown field `abuot`"),
            "{e}"
        );
        let e = layered("\n\ndrop = [\"Timus\"]\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("judges.toml:3:9: drop: no judge `Timus`"),
            "{e}"
        );
        let e = layered("drop = [\"local\"]\n").unwrap_err();
        assert!(e.message.contains("`local` builds every file"), "{e}");
        let e = layered("[[judge]]\nname = \"New\"\naliases = [\"cf\"]\n").unwrap_err();
        assert!(
            e.to_string().starts_with(
                "judges.toml:1:1: the judge name `cf` is already used by `Codeforces`"
            ),
            "{e}"
        );
        let e = layered(
            "[[judge]]\nname = \"local\"\n[[judge.language]]\nname = \"C\"\nextensions = [\"c\"]\nbuild = \"nope\"\n",
        )
        .unwrap_err();
        assert_eq!(e.path, Path::new("judges.toml"));
        assert_eq!(e.line, Some((3, 1)), "{e}");
    }

    #[test]
    fn versions() {
        assert_eq!(
            parse_version("rustc 1.63.0 (4b91a6ea7 2022-08-08)"),
            Some((1, 63, 0))
        );
        assert_eq!(
            parse_version("g++ (Debian 12.2.0-14) 12.2.0"),
            Some((12, 2, 0))
        );
        assert_eq!(parse_version("1.63"), Some((1, 63, 0)));
        assert_eq!(parse_version("none"), None);
    }
}
