//! `runner new <slug>`: everything a new problem needs, so that adding one edits nothing else.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use crate::workspace::{is_valid_slug, Workspace};

/// Creates the problem's folder (problem.toml, README.md, brute.rs, gen.rs), an empty solution
/// and a fixture file with a sample case. Refuses to overwrite anything.
pub fn new_problem(ws: &Workspace, slug: &str) -> Result<Vec<PathBuf>> {
    if !is_valid_slug(slug) {
        bail!("`{slug}` is not a valid slug: use lowercase letters, digits and `-`");
    }
    let dir = ws.problems_dir().join(slug);
    let files: Vec<(PathBuf, String)> = vec![
        (dir.join("problem.toml"), problem_toml(slug)),
        (dir.join("README.md"), readme(slug)),
        (dir.join("brute.rs"), BRUTE.to_string()),
        (dir.join("gen.rs"), GEN.to_string()),
        (
            ws.solutions_dir()
                .join("src/bin")
                .join(format!("{slug}.rs")),
            solution(slug),
        ),
        (
            ws.fixtures_dir().join(format!("{slug}.toml")),
            FIXTURE.to_string(),
        ),
    ];
    if let Some((path, _)) = files.iter().find(|(p, _)| p.exists()) {
        bail!("{} exists already: nothing was created", ws.display(path));
    }
    for (path, text) in &files {
        std::fs::create_dir_all(path.parent().expect("has a parent"))
            .with_context(|| format!("cannot create {}", path.display()))?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

fn problem_toml(slug: &str) -> String {
    format!(
        r#"title = "{slug}"
judge = "local"                # "HDU", "POJ", … with id and url, or "local"
# id = "1000"
# url = "https://…"
time_limit_ms = 1000
memory_limit_kib = 262144
compare = "lines"              # "lines", "exact" or "tokens"
"#
    )
}

fn readme(slug: &str) -> String {
    format!(
        "# {slug}\n\n## Statement in brief\n\nTODO\n\n## Input and output\n\nTODO\n\n\
         ## Analysis\n\nTODO: the SG values of one component for small sizes (from brute.rs), the \
         closed form, and why it holds.\n"
    )
}

fn solution(slug: &str) -> String {
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

const BRUTE: &str = r#"//! Brute force: exhaustive, memoised win/lose search over the game's literal moves.
//! Same input and output as the solution. Reach: TODO (the sizes it can handle).
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    todo!("decide each position of {input:?} by search");
}
"#;

const GEN: &str = r#"//! Generator: `gen SEED [SIZE]` prints one valid random input, deterministic for SEED.
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
# input/output inline or input_file/output_file under fixtures/. See the README.

[[case]]
name = "sample"
source = "sample"
note = "the official sample: copy it from the statement"
input = "TODO\n"
output = "TODO\n"
"#;
