//! `runner new <slug>` and `runner listen`: what a new problem gets, so that adding one edits
//! nothing else.
//!
//! Every problem gets what any problem needs ([`NewProblem::files`]): `problem.toml`, a README,
//! a fixture with a sample case and a solution to start from in the workspace's language. The
//! programs that test the tests are [`Extra`]s, written only when asked for (`runner new
//! --validator --brute --gen --checker`), each saying in its header what it checks as written.
//! Another set of files is one more [`Extra`] with its own [`Extra::files`].

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::judges::Judge;
use crate::workspace::{is_valid_slug, Workspace};

/// The language of a new problem's solution (`runner new --lang`, workspace.toml's `lang`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// Rust (`.rs`).
    Rust,
    /// C++ (`.cpp`).
    Cpp,
    /// C (`.c`).
    C,
    /// Python 3 (`.py`).
    Python,
}

impl Lang {
    /// Every language a solution can be scaffolded in, in the order they are offered.
    pub const ALL: [Lang; 4] = [Lang::Rust, Lang::Cpp, Lang::C, Lang::Python];

    /// The extension of this language's sources, also its name on the command line and in
    /// workspace.toml (`rs`, `cpp`, `c`, `py`).
    pub fn extension(self) -> &'static str {
        match self {
            Lang::Rust => "rs",
            Lang::Cpp => "cpp",
            Lang::C => "c",
            Lang::Python => "py",
        }
    }

    /// The language called `name` (its extension), if any.
    pub fn named(name: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.extension() == name)
    }

    /// The language's name for people: `Rust`, `C++`, `C`, `Python`.
    pub fn title(self) -> &'static str {
        match self {
            Lang::Rust => "Rust",
            Lang::Cpp => "C++",
            Lang::C => "C",
            Lang::Python => "Python",
        }
    }

    /// `rs, cpp, c, py`: the names, for messages.
    pub fn names() -> String {
        let names: Vec<&str> = Lang::ALL.iter().map(|l| l.extension()).collect();
        names.join(", ")
    }

    fn of(path: &Path) -> Option<Lang> {
        Lang::named(path.extension()?.to_str()?)
    }

    /// The language of a new solution of a problem of `judge`: `self` when the judge takes its
    /// files, else the first of the judge's languages (judges.toml's order) that a solution can
    /// be scaffolded in, with a note saying why (POJ and HDU take no Rust: never a Rust file
    /// for them).
    pub fn for_judge(self, judge: &Judge) -> (Lang, Option<String>) {
        if judge.language_for(self.extension()).is_some() {
            return (self, None);
        }
        let other = judge
            .languages
            .iter()
            .flat_map(|p| p.extensions.iter())
            .find_map(|e| Lang::named(e));
        match other {
            Some(lang) => (
                lang,
                Some(format!(
                    "{} takes no {}: the solution to start from is {} (judges.toml lists {}'s \
                     languages)",
                    judge.name,
                    self.title(),
                    lang.title(),
                    judge.name
                )),
            ),
            None => (
                self,
                Some(format!(
                    "{} takes none of {}: the {} solution is judged with the local profile",
                    judge.name,
                    Lang::names(),
                    self.title()
                )),
            ),
        }
    }
}

/// A program that tests the tests, written only when asked for (`runner new --validator`, …).
/// Each is one set of files with its own [`Extra::files`]: another set is one more variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extra {
    /// `validate.rs` (with `invalid/empty.in`, and the validators' shared reader where the
    /// workspace has none): the input validator `verify` and `stress` run.
    Validator,
    /// `brute.rs`: the slow, obviously right answer `verify` and `stress` compare with.
    Brute,
    /// `gen.rs`: the random inputs of `stress`.
    Generator,
    /// `checker.rs`, and problem.toml's `compare = "checker"`: for problems with many right
    /// outputs.
    Checker,
}

impl Extra {
    /// The flag of `runner new` that asks for it.
    pub fn flag(self) -> &'static str {
        match self {
            Extra::Validator => "--validator",
            Extra::Brute => "--brute",
            Extra::Generator => "--gen",
            Extra::Checker => "--checker",
        }
    }

    /// Its files in `ws` for problem `slug`, and their text.
    pub fn files(self, ws: &Workspace, slug: &str) -> Vec<(PathBuf, String)> {
        let dir = ws.problems_dir().join(slug);
        match self {
            Extra::Validator => {
                let mut files = vec![
                    (dir.join("validate.rs"), VALIDATE.replace("{slug}", slug)),
                    (dir.join("invalid").join("empty.in"), String::new()),
                ];
                // The reader that validate.rs takes in, written only where the workspace has
                // none yet.
                let shared = ws
                    .problems_dir()
                    .join(crate::workspace::SHARED)
                    .join("validate_input.rs");
                if !shared.exists() {
                    files.push((shared, VALIDATE_INPUT.to_string()));
                }
                files
            }
            Extra::Brute => vec![(dir.join("brute.rs"), BRUTE.to_string())],
            Extra::Generator => vec![(dir.join("gen.rs"), GEN.to_string())],
            Extra::Checker => vec![(dir.join("checker.rs"), CHECKER.replace("{slug}", slug))],
        }
    }
}

/// A problem `runner new` makes: its slug, its solution's language and the extras asked for.
#[derive(Debug, Clone)]
pub struct NewProblem<'a> {
    /// The new problem's slug.
    pub slug: &'a str,
    /// The language of its solution.
    pub lang: Lang,
    /// What else to write (a checker, an interactor, …).
    pub extras: &'a [Extra],
    /// `runner new --game`: the files made from the game (its game.toml, brute force,
    /// validator, generator, README and fixture), in place of the scaffold's README and fixture.
    pub game: Option<&'a games::problem::Files>,
}

impl NewProblem<'_> {
    /// Every file of the new problem and its text: problem.toml, README.md, the solution, the
    /// fixture, then each extra's files.
    pub fn files(&self, ws: &Workspace) -> Vec<(PathBuf, String)> {
        let dir = ws.problems_dir().join(self.slug);
        let checker = self.extras.contains(&Extra::Checker);
        let mut files = vec![
            (dir.join("problem.toml"), problem_toml(self.slug, checker)),
            (dir.join("README.md"), readme(self.slug)),
            solution_file(ws, self.slug, self.lang),
            (
                ws.fixtures_dir().join(format!("{}.toml", self.slug)),
                FIXTURE.to_string(),
            ),
        ];
        if let Some(game) = self.game {
            files[3].1 = game.fixture.clone();
            for (name, text) in &game.problem {
                match files.iter_mut().find(|(p, _)| *p == dir.join(name)) {
                    Some(f) => f.1 = text.clone(),
                    None => files.push((dir.join(name), text.clone())),
                }
            }
            // The reader that validate.rs takes in, where the workspace has none yet.
            files.extend(
                Extra::Validator
                    .files(ws, self.slug)
                    .into_iter()
                    .filter(|(p, _)| {
                        p.starts_with(ws.problems_dir().join(crate::workspace::SHARED))
                    }),
            );
        }
        files.extend(self.extra_files(ws));
        files
    }

    /// The extras' files only.
    pub fn extra_files(&self, ws: &Workspace) -> Vec<(PathBuf, String)> {
        self.extras
            .iter()
            .flat_map(|e| e.files(ws, self.slug))
            .collect()
    }
}

/// Writes the new problem `p` (every file of [`NewProblem::files`]), or, when the problem exists
/// already and extras are asked for, only the extras' files: the paths written. Refuses to
/// overwrite anything, and writes nothing then.
pub fn new_problem(ws: &Workspace, p: &NewProblem) -> Result<Vec<PathBuf>> {
    if !is_valid_slug(p.slug) {
        bail!(
            "`{}` is not a valid slug: use lowercase letters, digits and `-`",
            p.slug
        );
    }
    let exists = ws
        .problems_dir()
        .join(p.slug)
        .join("problem.toml")
        .is_file();
    let files = if exists && !p.extras.is_empty() {
        p.extra_files(ws)
    } else {
        p.files(ws)
    };
    if let Some((path, _)) = files.iter().find(|(p, _)| p.symlink_metadata().is_ok()) {
        bail!("{} exists already: nothing was created", ws.display(path));
    }
    for (path, text) in &files {
        // Never through a link: not the file's, not a folder's on the way.
        crate::write::create_new(ws.root(), path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

/// The solution to start from of problem `slug` in `lang`: where it goes and its text (`runner
/// listen` writes it with the problem the browser sent).
pub fn solution_file(ws: &Workspace, slug: &str, lang: Lang) -> (PathBuf, String) {
    (solution_path(ws, slug, lang), solution(slug, lang))
}

/// Where a new problem's solution in `lang` goes: `solutions/src/bin/<slug>.rs` (where Cargo
/// finds it, when `solutions/` is a Cargo package as in this repository) and
/// `solutions/<ext>/<slug>.<ext>` (`cpp/`, `c/`, `py/`). Any file under `solutions/` named after
/// the slug is a solution: this is the layout `new` and `listen` keep to.
pub fn solution_path(ws: &Workspace, slug: &str, lang: Lang) -> PathBuf {
    let dir = ws.solutions_dir();
    let ext = lang.extension();
    let file = format!("{slug}.{ext}");
    if lang == Lang::Rust {
        dir.join("src/bin").join(file)
    } else {
        dir.join(ext).join(file)
    }
}

/// Whether `path`, a solution of `slug`, is still the scaffold `runner new` wrote: it would be
/// judged as if written (and pass where the sample's output is empty).
pub(crate) fn is_untouched_solution(path: &Path, slug: &str) -> bool {
    let Some(lang) = Lang::of(path) else {
        return false;
    };
    let text = solution(slug, lang);
    std::fs::metadata(path).is_ok_and(|m| m.len() == text.len() as u64)
        && std::fs::read(path).is_ok_and(|b| b == text.as_bytes())
}

fn problem_toml(slug: &str, checker: bool) -> String {
    let compare = if checker {
        r#"compare = "checker"            # problems/<slug>/checker.rs judges every output"#
    } else {
        r#"compare = "lines"              # "lines", "exact", "tokens", "checker", or
                               # { float = { abs = 1e-6, rel = 1e-6 } }"#
    };
    format!(
        r#"title = "{slug}"
judge = "local"                # "HDU", "POJ", … with id and url, or "local"
# id = "1000"
# url = "https://…"
time_limit_ms = 1000
memory_limit_kib = 262144
{compare}
# Compiles see problems/_shared/ and this folder's headers (programs) or only themselves
# (solutions); more, relative to this folder (README, "What a compile sees"):
# include = ["lib/graph.h"]
# solution_include = ["grader.h"]
"#
    )
}

/// The strict input reader shared by the validators (`problems/_shared/validate_input.rs`).
const VALIDATE_INPUT: &str = include_str!("../../problems/_shared/validate_input.rs");

const VALIDATE: &str = r#"//! Input validator for {slug}. As `runner new` wrote it, it checks a placeholder format, not the
//! statement's: at least one line, each holding one integer n with 1 <= n <= 1000. Make it
//! check the statement's input section.
//!
//! It reads one input on stdin and exits 0 only if it satisfies the statement exactly (line
//! structure, token counts, ranges, distinctness, the number of tests); otherwise it prints
//! where on stderr (`line 3, column 5: a_2 = 0 is out of 1..=1000`) and exits 1. `runner
//! verify` runs it on every fixture input (a case marked outside_statement = "why" must be
//! rejected) and on invalid/*.in (all must be rejected); `runner stress` on every generated
//! input. The reader (`Input`: read_int, read_ints, read_word, read_space, read_eoln, read_eof,
//! …) is problems/_shared/validate_input.rs, taken in as a module: this file still builds alone
//! with `rustc --edition 2021 validate.rs`.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

fn main() {
    let mut inf = Input::from_stdin();
    // TODO: the statement's format. This checks the scaffold's: at least one line, each holding
    // one integer n with 1 <= n <= 1000.
    if inf.is_empty() {
        fail_line(1, "empty input: at least one test");
    }
    while !inf.at_eof() {
        inf.read_int(1, 1000, "n");
        inf.read_eoln();
    }
}
"#;

const CHECKER: &str = r#"//! Checker for {slug}. As `runner new` wrote it, it compares tokens (as compare = "tokens"),
//! accepting only the jury's answer: make it judge an output against the input itself.
//!
//! `checker INPUT OUTPUT ANSWER` (file paths, testlib's order: the test's input, the
//! contestant's output, the jury's answer). Exit 0: the output is right (AC); 1: wrong (WA); 2:
//! badly formatted (PE); anything else: the checker itself failed. The reason goes to stderr:
//! the report shows it in place of a diff.
use std::process::exit;

fn verdict(code: i32, msg: &str) -> ! {
    eprintln!("{msg}");
    exit(code)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        verdict(3, "usage: checker INPUT OUTPUT ANSWER");
    }
    let read = |p: &str| {
        std::fs::read_to_string(p).unwrap_or_else(|e| verdict(3, &format!("cannot read {p}: {e}")))
    };
    let (_input, actual, expected) = (read(&args[1]), read(&args[2]), read(&args[3]));
    // TODO: judge `actual` against the input itself: every right answer must be accepted, not
    // only the one in ANSWER. This placeholder compares tokens, like compare = "tokens".
    let e: Vec<&str> = expected.split_ascii_whitespace().collect();
    let a: Vec<&str> = actual.split_ascii_whitespace().collect();
    for (i, (x, y)) in e.iter().zip(&a).enumerate() {
        if x != y {
            verdict(1, &format!("token {}: expected {x:?}, got {y:?}", i + 1));
        }
    }
    if a.len() != e.len() {
        verdict(1, &format!("{} tokens, expected {}", a.len(), e.len()));
    }
}
"#;

fn readme(slug: &str) -> String {
    format!(
        "# {slug}\n\n## Statement in brief\n\nTODO\n\n## Input and output\n\nTODO\n\n\
         ## Analysis\n\nTODO: the idea, and why it is right.\n"
    )
}

fn solution(slug: &str, lang: Lang) -> String {
    match lang {
        Lang::Rust => solution_rs(slug),
        Lang::Cpp => format!(
            "// {slug}\n// TODO: the rules in one line, and the insight.\n#include <iostream>\n\n\
             int main() {{\n    std::ios::sync_with_stdio(false);\n    std::cin.tie(0);\n    \
             long long n;\n    while (std::cin >> n) {{\n        // TODO: solve, and print each \
             answer with std::cout << … << '\\n'.\n    }}\n    return 0;\n}}\n"
        ),
        Lang::C => format!(
            "/* {slug}\n * TODO: the rules in one line, and the insight. */\n#include <stdio.h>\n\n\
             int main(void) {{\n    long long n;\n    while (scanf(\"%lld\", &n) == 1) {{\n        \
             /* TODO: solve, and printf each answer. */\n    }}\n    return 0;\n}}\n"
        ),
        Lang::Python => format!(
            "# {slug}\n# TODO: the rules in one line, and the insight.\nimport sys\n\n\n\
             def main():\n    data = sys.stdin.read().split()\n    out = []\n    for token in data:\n        \
             pass  # TODO: solve, and out.append(each answer)\n    sys.stdout.write(\"\".join(\
             f\"{{a}}\\n\" for a in out))\n\n\nmain()\n"
        ),
    }
}

fn solution_rs(slug: &str) -> String {
    format!(
        r#"//! {slug}
//! TODO: the rules in one line, and the insight.
use std::io::{{self, BufWriter, Read, Write}};

fn main() -> io::Result<()> {{
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for _token in input.split_ascii_whitespace() {{
        // TODO: solve, and write each answer with `writeln!(out, …)?`.
    }}
    out.flush()
}}
"#
    )
}

const BRUTE: &str = r#"//! Brute force. As `runner new` wrote it, it answers nothing: it stops (`todo!`) on every
//! input, so `runner verify` and `runner stress` fail until it is written.
//!
//! The slow answer that is obviously right: try everything the statement allows, plainly,
//! without the solution's insight. Same input and output as the solution. Reach: TODO (the
//! sizes it can handle).
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    todo!("answer {input:?} by trying everything the statement allows");
}
"#;

const GEN: &str = r#"//! Generator. As `runner new` wrote it, it prints a placeholder input: one integer in
//! 1..=10*SIZE. Make it print a random input of the statement's format.
//!
//! `gen SEED [SIZE]` prints one valid random input, deterministic for SEED.
use std::env;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let seed: u64 = match args.get(1).and_then(|s| s.parse().ok()) {
        Some(s) => s,
        None => {
            eprintln!("usage: gen SEED [SIZE]");
            std::process::exit(2);
        }
    };
    let size: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = SplitMix64(seed);
    println!("{}", rng.range(1, 10 * size));
}
"#;

const FIXTURE: &str = r#"# One [[case]] per test: name, source ("sample" | "hand" | "brute" | "formula"),
# input/output inline or input_file/output_file under fixtures/. See the manual, "Adding a problem".
# A case whose input deliberately breaks the statement (CRLF, extra spaces, …) says why with
# outside_statement = "…": the validator must reject it. For example:
#
# [[case]]
# name = "crlf"
# source = "hand"
# note = "the sample with CRLF line ends: solutions must not care"
# outside_statement = "CRLF line ends"
# input = "TODO\r\n"
# output = "TODO\n"

[[case]]
name = "sample"
source = "sample"
note = "the official sample: copy it from the statement"
input = "TODO\n"
output = "TODO\n"
"#;
