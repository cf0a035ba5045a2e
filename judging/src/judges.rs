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

/// The repository's `judges.toml`, for workspaces that have none.
pub const BUILT_IN: &str = include_str!("../../judges.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJudges {
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
    pub cpu_s: Option<f64>,
    pub memory_mib: Option<u64>,
    pub message_kib: Option<u64>,
}

/// The limits of a compile: CPU time (the wall-clock backstop is the sandbox's, twice it plus a
/// second), memory (every process of the compile), and the bytes of its message kept (the
/// rest is counted: "… N more bytes"). Over a limit is a compile error saying which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileLimits {
    pub cpu: std::time::Duration,
    pub memory_bytes: u64,
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
    #[serde(default)]
    aliases: Vec<String>,
    problem_url: Option<String>,
    submit_url: Option<String>,
    /// A note for the reader of judges.toml; accepted and not used.
    #[serde(rename = "about")]
    _about: Option<String>,
    #[serde(default)]
    language: Vec<toml::Spanned<RawLanguage>>,
    #[serde(default)]
    companion: Companion,
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
    pub extensions: Vec<String>,
    /// argv with `{src}` and `{out}`; `None` for an interpreted language or a ready executable.
    pub compile: Option<Vec<String>>,
    /// argv with `{out}` (compiled) or `{src}` (interpreted).
    pub run: Vec<String>,
    pub fallback: Option<Fallback>,
    /// argv printing the compiler's version (part of the cache key).
    pub version: Option<Vec<String>>,
    /// The oldest compiler version the profile works with ("1.63").
    pub min_version: Option<String>,
    /// RLIMIT_STACK of a run.
    pub stack: Stack,
    /// The Debian package of the tool, for "not found" messages.
    pub package: Option<String>,
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
    pub name: String,
    pub aliases: Vec<String>,
    pub problem_url: Option<String>,
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
    /// Reads `judges.toml` at the root of `ws`; a workspace without one gets the profiles this
    /// repository ships (compiled in), so that a new workspace works as it is.
    pub fn load(ws: &Workspace) -> Result<Judges, ConfigError> {
        let path = ws.root().join(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BUILT_IN.to_string(),
            Err(e) => {
                return Err(ConfigError {
                    path: path.clone(),
                    line: None,
                    message: format!("cannot read: {e}"),
                })
            }
        };
        Self::parse(&path, &text)
    }

    /// Parses and checks the text of a `judges.toml`.
    pub fn parse(path: &Path, text: &str) -> Result<Judges, ConfigError> {
        let raw: RawJudges = parse_toml(path, text)?;
        let err = |at: usize, message: String| ConfigError::at(path, text, Some(at), message);
        let mut judges: Vec<Judge> = Vec::new();
        let limits = raw
            .compile_limits
            .over(CompileLimits::default())
            .map_err(|m| {
                let at = text.find("compile_limits").unwrap_or(0);
                err(at, format!("[compile_limits]: {m}"))
            })?;
        for j in &raw.judge {
            let at = j.span().start;
            let j = j.get_ref();
            for name in std::iter::once(&j.name).chain(&j.aliases) {
                if name.trim().is_empty() || name.contains(':') {
                    return Err(err(at, format!("`{name}` cannot name a judge")));
                }
                if let Some(other) = judges.iter().find(|o| o.is_called(name)) {
                    return Err(err(
                        at,
                        format!(
                            "the judge name `{name}` is already used by `{}`",
                            other.name
                        ),
                    ));
                }
            }
            judges.push(Judge {
                name: j.name.clone(),
                aliases: j.aliases.clone(),
                problem_url: j.problem_url.clone(),
                submit_url: j.submit_url.clone(),
                languages: languages(j, &raw.build, limits).map_err(|(at, m)| err(at, m))?,
                companion: j.companion.clone(),
            });
        }
        if !judges.iter().any(|j| j.name == LOCAL) {
            return Err(ConfigError::at(
                path,
                text,
                None,
                format!("no judge named `{LOCAL}`: it builds every file a judge does not take"),
            ));
        }
        let lint = lint_rules(&raw.lint, &judges).map_err(|(at, m)| err(at, m))?;
        Ok(Judges { judges, lint })
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

/// The languages of judge `j`, each resolved with its build; `Err` is (offset, message).
fn languages(
    j: &RawJudge,
    builds: &BTreeMap<String, RawBuild>,
    limits: CompileLimits,
) -> Result<Vec<Arc<Profile>>, (usize, String)> {
    let mut languages: Vec<Arc<Profile>> = Vec::new();
    for l in &j.language {
        let at = l.span().start;
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

/// The lint rules, each naming judges and languages that exist; `Err` is (offset, message).
fn lint_rules(
    raw: &[toml::Spanned<RawLint>],
    judges: &[Judge],
) -> Result<Vec<LintRule>, (usize, String)> {
    let mut lint: Vec<LintRule> = Vec::new();
    for r in raw {
        let at = r.span().start;
        let r = r.get_ref();
        if lint.iter().any(|o| o.id == r.id) {
            return Err((at, format!("two lint rules have the id `{}`", r.id)));
        }
        let regex = regex::bytes::Regex::new(r.pattern.get_ref()).map_err(|e| {
            (
                r.pattern.span().start,
                format!("lint `{}`: bad pattern: {e}", r.id),
            )
        })?;
        let mut applies_to = Vec::new();
        for a in &r.applies_to {
            let Some((judge, lang)) = a.split_once(':') else {
                return Err((
                    at,
                    format!("lint `{}`: `{a}` is not of the form JUDGE:LANGUAGE", r.id),
                ));
            };
            let Some(judge) = judges.iter().find(|j| j.is_called(judge)) else {
                return Err((at, format!("lint `{}`: no judge `{judge}`", r.id)));
            };
            // Stored as the language's name (a rule may name it by its label), which is what
            // `LintRule::applies` compares.
            let lang = match judge.language(lang) {
                Some(profile) => profile.language.clone(),
                None if lang == "*" => lang.to_string(),
                None => {
                    return Err((
                        at,
                        format!(
                            "lint `{}`: {} has no language `{lang}` (it has {})",
                            r.id,
                            judge.name,
                            judge.language_list()
                        ),
                    ))
                }
            };
            applies_to.push((judge.name.clone(), lang));
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
