//! A new problem for a heap game (`runner new SLUG --game FILE`): the files that depend on the
//! game, as text: its `game.toml`, a brute force whose rules part is the generated block
//! ([`crate::oracle`]), a validator and a generator of the default format, a README whose
//! analysis holds what `runner game` found, and the fixture with the heap sizes a test set must
//! hit.
//!
//! The default format (the setter edits it, with the validator, the generator and the brute
//! force's input part): a first line T, then T test cases, each one line `n h_1 … h_n`; for each
//! the line `First` when the player to move wins the sum of the heaps, else `Second`.
//!
//! Expected outputs: the cases the brute force reaches (at most [`REACH`] tokens per test case)
//! come from a literal win/lose search over whole positions ([`literal_wins`]: the rules, no
//! values, no XOR), `source = "brute"`, and `runner verify` checks them with the generated
//! brute.rs; the others from the values and the Sprague–Grundy theorem (`source = "formula"`),
//! the report's verdict (and its proof, where it has one) in the note.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::game::{Game, HeapRule};
use crate::report::Report;

/// The most tokens in one test case the generated brute force takes (more: it exits 3).
pub const REACH: usize = 40;
/// The largest heap of the default format when the period is proven (a solution then needs the
/// period); otherwise the largest heap computed.
pub const PROVEN_MAX_HEAP: u64 = 1_000_000_000;
/// The most test cases of the default format.
pub const MAX_T: usize = 1000;
/// The most heaps in one test case of the default format.
pub const MAX_N: usize = 100;

/// What a new game problem is made from.
pub struct Setter<'a> {
    /// The problem's slug.
    pub slug: &'a str,
    /// The game.
    pub game: &'a Game,
    /// `runner game`'s report on it.
    pub report: &'a Report,
    /// The game file's text, written as the problem's game.toml.
    pub game_toml: &'a str,
}

/// The game-dependent files of a new problem: each a path relative to the problem's folder
/// (the fixture's: relative to the workspace's fixtures folder) and its text.
#[derive(Debug, Clone)]
pub struct Files {
    /// game.toml, brute.rs, validate.rs, gen.rs, README.md and invalid/*.in.
    pub problem: Vec<(String, String)>,
    /// fixtures/<slug>.toml's text.
    pub fixture: String,
}

/// The files of the new problem `s`.
pub fn files(s: &Setter) -> Files {
    let cases = cases(s);
    let problem = vec![
        ("game.toml".to_string(), s.game_toml.to_string()),
        ("brute.rs".to_string(), brute(s)),
        ("validate.rs".to_string(), validate(s)),
        ("gen.rs".to_string(), generator(s)),
        ("README.md".to_string(), readme(s, &cases)),
        ("invalid/empty.in".to_string(), String::new()),
        ("invalid/heap-zero.in".to_string(), "1\n1 0\n".to_string()),
        ("invalid/fewer-cases.in".to_string(), "2\n1 1\n".to_string()),
    ];
    Files {
        problem,
        fixture: fixture(s, &cases),
    }
}

/// Whether the player to move wins the position `heaps` (a heap of 0 is no heap), by the
/// literal rules of `game`: the mover wins iff some move leads to a lost position. A memoised
/// search over whole positions (sorted multisets of heaps): no nim-values, no XOR.
pub fn literal_wins(game: &Game, heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    let mut position: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
    position.sort_unstable();
    wins(game, position, memo)
}

fn wins(game: &Game, position: Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&won) = memo.get(&position) {
        return won;
    }
    let mut won = false;
    for i in 0..position.len() {
        if won || (i > 0 && position[i] == position[i - 1]) {
            continue;
        }
        let mut options = Vec::new();
        game.options(position[i], &mut |o| options.push(o.to_vec()));
        for option in options {
            let mut next = position.clone();
            next.remove(i);
            next.extend(option.into_iter().filter(|&h| h > 0));
            next.sort_unstable();
            if !wins(game, next, memo) {
                won = true;
                break;
            }
        }
    }
    memo.insert(position, won);
    won
}

/// The largest heap of the default format.
pub fn max_heap(r: &Report) -> u64 {
    if r.proven {
        PROVEN_MAX_HEAP
    } else {
        (r.values_computed.max(2) - 1) as u64
    }
}

/// G(n): from the table, beyond it from the proven period (with its saltus).
fn value(r: &Report, n: u64) -> u64 {
    if (n as usize) < r.values_computed {
        return u64::from(r.value(n as usize));
    }
    let (n0, p, s) = (
        r.preperiod.expect("proven") as u64,
        r.period.expect("proven") as u64,
        u64::from(r.saltus.unwrap_or(0)),
    );
    let k = (n - n0) / p;
    u64::from(r.value((n0 + (n - n0) % p) as usize)) + k * s
}

/// One fixture case: its name, where its output comes from, the note, the test cases.
struct Case {
    name: &'static str,
    brute: bool,
    note: String,
    tests: Vec<Vec<u64>>,
}

/// The cases: small positions for the brute force, the heaps that matter by the values.
fn cases(s: &Setter) -> Vec<Case> {
    let r = s.report;
    let top = max_heap(r);
    let small = |m: u64| 1..=m.min(top);
    let mut out = vec![
        Case {
            name: "single-heaps",
            brute: true,
            note: "every single heap of 1 to 20 tokens".into(),
            tests: small(20).map(|h| vec![h]).collect(),
        },
        Case {
            name: "pairs",
            brute: true,
            note: "every pair of heaps of 1 to 10 tokens".into(),
            tests: small(10)
                .flat_map(|a| small(10).filter(move |&b| b >= a).map(move |b| vec![a, b]))
                .collect(),
        },
        Case {
            name: "triples",
            brute: true,
            note: "every triple of heaps of 1 to 5 tokens".into(),
            tests: small(5)
                .flat_map(|a| {
                    small(5).flat_map(move |b| {
                        small(5)
                            .filter(move |&c| a <= b && b <= c)
                            .map(move |c| vec![a, b, c])
                    })
                })
                .collect(),
        },
    ];
    let targets = targets(r, top);
    let matter = heaps_that_matter(r, &targets);
    if !matter.is_empty() {
        out.push(Case {
            name: "heaps-that-matter",
            brute: false,
            note: format!(
                "each of the heaps {} alone, and beside the smallest other heap of the same value \
                 (a lost pair)",
                list(&targets)
            ),
            tests: matter,
        });
    }
    if let Some(tests) = shortcut_breakers(r, top) {
        out.push(Case {
            name: "shortcut-breakers",
            brute: false,
            note: "pairs that a table of the first p values read as SG[n % p] (no preperiod) \
                   answers wrong"
                .into(),
            tests,
        });
    }
    if r.proven && top > r.values_computed as u64 {
        let p = r.period.unwrap_or(1) as u64;
        out.push(Case {
            name: "largest-heaps",
            brute: false,
            note: format!("the {} largest heaps alone and in pairs", p.min(30)),
            tests: (0..p.min(30))
                .flat_map(|k| [vec![top - k], vec![top - k - p, top - k]])
                .collect(),
        });
    }
    out
}

/// The heaps a test set must hit: n0 − 1, n0, n0 + p − 1, the last exception, the heaps of the
/// three largest values (first seen).
fn targets(r: &Report, top: u64) -> Vec<u64> {
    let mut t = Vec::new();
    if let (Some(n0), Some(p)) = (r.preperiod, r.period) {
        t.extend([n0.saturating_sub(1), n0, n0 + p - 1].map(|h| h as u64));
    }
    if let Some(e) = r.last_exception {
        t.push(e as u64);
    }
    let values = r.values();
    let mut firsts: Vec<(u32, usize)> = Vec::new();
    for (n, &v) in values.iter().enumerate() {
        if !firsts.iter().any(|&(w, _)| w == v) {
            firsts.push((v, n));
        }
    }
    firsts.sort_unstable_by_key(|&(v, _)| std::cmp::Reverse(v));
    t.extend(firsts.iter().take(3).map(|&(_, n)| n as u64));
    t.retain(|&h| h >= 1 && h <= top && (h as usize) < r.values_computed);
    t.sort_unstable();
    t.dedup();
    t
}

/// Each target alone, and beside the smallest other heap of its value.
fn heaps_that_matter(r: &Report, targets: &[u64]) -> Vec<Vec<u64>> {
    let mut tests = Vec::new();
    for &h in targets {
        tests.push(vec![h]);
        let v = value(r, h);
        if let Some(k) = (1..r.values_computed as u64).find(|&k| k != h && value(r, k) == v) {
            tests.push(vec![k, h]);
        }
    }
    tests
}

/// Pairs (a, b) within the table where the shortcut SG[n % p] (the first p values, no
/// preperiod) gives the wrong answer: none when there is no period or it never errs.
fn shortcut_breakers(r: &Report, top: u64) -> Option<Vec<Vec<u64>>> {
    let p = r.period? as u64;
    let s = u64::from(r.saltus.unwrap_or(0));
    let shortcut = |n: u64| value(r, n % p) + (n / p) * s;
    let end = (r.values_computed as u64).min(top + 1);
    let wrong: Vec<u64> = (1..end).filter(|&n| shortcut(n) != value(r, n)).collect();
    let mut tests = Vec::new();
    for &a in wrong.iter().rev().take(10) {
        // A partner of a's true value (a lost pair the shortcut calls won), else one of the
        // shortcut's value (a won pair it calls lost).
        let partner = (1..end)
            .find(|&b| b != a && value(r, b) == value(r, a) && shortcut(b) != shortcut(a))
            .or_else(|| (1..end).find(|&b| b != a && shortcut(b) == shortcut(a)));
        if let Some(b) = partner {
            tests.push(vec![b.min(a), b.max(a)]);
        }
    }
    (!tests.is_empty()).then_some(tests)
}

fn list(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The expected output of `tests`: by the literal search or by the values.
fn answers(s: &Setter, c: &Case, memo: &mut HashMap<Vec<usize>, bool>) -> String {
    let mut out = String::new();
    for t in &c.tests {
        let first = if c.brute {
            let heaps: Vec<usize> = t.iter().map(|&h| h as usize).collect();
            literal_wins(s.game, &heaps, memo)
        } else {
            t.iter().fold(0, |x, &h| x ^ value(s.report, h)) != 0
        };
        out.push_str(if first { "First\n" } else { "Second\n" });
    }
    out
}

fn input(c: &Case) -> String {
    let mut text = format!("{}\n", c.tests.len());
    for t in &c.tests {
        let words: Vec<String> = t.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(text, "{} {}", t.len(), words.join(" "));
    }
    text
}

fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn fixture(s: &Setter, cases: &[Case]) -> String {
    let r = s.report;
    let mut text = format!(
        "# {slug}: written by `runner new {slug} --game`. Expected outputs: `brute` from the\n\
         # literal win/lose search over whole positions (problems/{slug}/brute.rs checks them),\n\
         # `formula` from the values of `runner game` and the Sprague-Grundy theorem (First iff\n\
         # the XOR of the heaps' values is not 0). Add the statement's sample (source = \"sample\").\n",
        slug = s.slug
    );
    let mut memo = HashMap::new();
    for c in cases {
        let note = if c.brute {
            c.note.clone()
        } else {
            format!("{}; values from runner game: {}", c.note, r.verdict)
        };
        let _ = write!(
            text,
            "\n[[case]]\nname = \"{}\"\nsource = \"{}\"\nnote = {}\ninput = {}\noutput = {}\n",
            c.name,
            if c.brute { "brute" } else { "formula" },
            toml_string(&note),
            toml_string(&input(c)),
            toml_string(&answers(s, c, &mut memo)),
        );
    }
    text
}

fn brute(s: &Setter) -> String {
    format!(
        "//! Oracle for {slug}: exhaustive, memoised win/lose search over whole positions of the\n\
         //! game, from its literal rules: the mover wins iff some move leads to a lost position.\n\
         //! No nim-values, no XOR. The rules and the search are the block generated from\n\
         //! game.toml (`runner verify` checks it is what game.toml makes today; `runner game\n\
         //! {slug} --write-brute` rewrites it); the input and output around it are the problem's\n\
         //! (the default format of `runner new --game`: edit it with the statement's).\n\
         //! Reach: at most {REACH} tokens per test case (the positions reachable are the multisets\n\
         //! of at most that many tokens); a test case with more is refused (exit 3).\n\
         use std::io::{{self, BufWriter, Read, Write}};\n\n\
         const LIMIT: usize = {REACH};\n\n{block}\n\
         fn main() {{\n    \
             let mut input = String::new();\n    \
             io::stdin().read_to_string(&mut input).expect(\"read stdin\");\n    \
             let mut nums = input\n        .split_ascii_whitespace()\n        \
             .map(|t| t.parse::<usize>().expect(\"integer\"));\n    \
             let t = nums.next().expect(\"T\");\n    \
             let mut memo = Memo::default();\n    \
             let mut out = BufWriter::new(io::stdout().lock());\n    \
             for case in 1..=t {{\n        \
                 let n = nums.next().expect(\"n\");\n        \
                 let heaps: Vec<usize> = (0..n).map(|_| nums.next().expect(\"heap\")).collect();\n        \
                 let tokens: usize = heaps.iter().sum();\n        \
                 if tokens > LIMIT {{\n            \
                     eprintln!(\n                \
                         \"brute: test case {{}} has {{}} tokens, beyond this oracle's reach ({{}})\",\n                \
                         case, tokens, LIMIT\n            \
                     );\n            \
                     std::process::exit(3);\n        \
                 }}\n        \
                 let word = if first_player_wins(&heaps, &mut memo) {{\n            \
                     \"First\"\n        \
                 }} else {{\n            \
                     \"Second\"\n        \
                 }};\n        \
                 writeln!(out, \"{{}}\", word).expect(\"write\");\n    \
             }}\n    \
             out.flush().expect(\"flush\");\n\
         }}\n",
        slug = s.slug,
        block = crate::oracle::block(s.game, s.slug),
    )
}

fn validate(s: &Setter) -> String {
    format!(
        "//! Input validator for {slug}, of the default format `runner new --game` wrote (edit it\n\
         //! with the statement's): a line T (1 <= T <= {MAX_T}), then T lines `n h_1 … h_n`\n\
         //! (1 <= n <= {MAX_N}, 1 <= h_i <= {top}), single spaces, each line ended by `\\n`.\n\
         //! Reads one input on stdin; exits 0 if it follows the format exactly, otherwise prints\n\
         //! where on stderr and exits 1.\n\
         #[path = \"../_shared/validate_input.rs\"]\n\
         mod validate_input;\n\
         use validate_input::Input;\n\n\
         const MAX_T: i64 = {MAX_T};\n\
         const MAX_N: i64 = {MAX_N};\n\
         const MAX_HEAP: i64 = {top};\n\n\
         fn main() {{\n    \
             let mut inf = Input::from_stdin();\n    \
             let t = inf.read_int(1, MAX_T, \"T\");\n    \
             inf.read_eoln();\n    \
             for _ in 0..t {{\n        \
                 let n = inf.read_int(1, MAX_N, \"n\");\n        \
                 inf.read_space();\n        \
                 inf.read_ints(n as usize, 1, MAX_HEAP, \"h\");\n        \
                 inf.read_eoln();\n    \
             }}\n    \
             inf.read_eof();\n\
         }}\n",
        slug = s.slug,
        top = max_heap(s.report),
    )
}

fn generator(s: &Setter) -> String {
    format!(
        "//! Generator for {slug}, of the default format `runner new --game` wrote (edit it with\n\
         //! the statement's). `gen SEED [SIZE]` prints one valid input, deterministic for SEED:\n\
         //! up to 3 * SIZE test cases (at most {MAX_T}), each up to 1 + SIZE heaps of up to\n\
         //! 3 * SIZE tokens, at most 8 + 4 * SIZE tokens in all (at most {REACH}: brute.rs's reach).\n\
         use std::env;\n\n\
         const MAX_HEAP: u64 = {top};\n\n\
         struct SplitMix64(u64);\n\n\
         impl SplitMix64 {{\n    \
             fn next(&mut self) -> u64 {{\n        \
                 self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);\n        \
                 let mut z = self.0;\n        \
                 z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);\n        \
                 z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);\n        \
                 z ^ (z >> 31)\n    \
             }}\n    \
             /// Uniform in lo..=hi.\n    \
             fn range(&mut self, lo: u64, hi: u64) -> u64 {{\n        \
                 lo + self.next() % (hi - lo + 1)\n    \
             }}\n\
         }}\n\n\
         fn main() {{\n    \
             let args: Vec<String> = env::args().collect();\n    \
             let seed: u64 = match args.get(1).and_then(|s| s.parse().ok()) {{\n        \
                 Some(s) => s,\n        \
                 None => {{\n            \
                     eprintln!(\"usage: gen SEED [SIZE]\");\n            \
                     std::process::exit(2);\n        \
                 }}\n    \
             }};\n    \
             let size: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);\n    \
             let mut rng = SplitMix64(seed);\n    \
             let t = rng.range(1, (3 * size).min({MAX_T}));\n    \
             let top = (3 * size).min(MAX_HEAP);\n    \
             let budget = (8 + 4 * size).min({REACH});\n    \
             println!(\"{{}}\", t);\n    \
             for _ in 0..t {{\n        \
                 let n = rng.range(1, (1 + size).min({MAX_N}));\n        \
                 let mut heaps = Vec::new();\n        \
                 let mut left = budget;\n        \
                 while (heaps.len() as u64) < n && left > 0 {{\n            \
                     let h = rng.range(1, top.min(left));\n            \
                     heaps.push(h.to_string());\n            \
                     left -= h;\n        \
                 }}\n        \
                 println!(\"{{}} {{}}\", heaps.len(), heaps.join(\" \"));\n    \
             }}\n\
         }}\n",
        slug = s.slug,
        top = max_heap(s.report),
    )
}

/// The table's row: the period where it is from 4 to 40, else 10.
fn table_width(r: &Report) -> usize {
    r.period.filter(|&p| (4..=40).contains(&p)).unwrap_or(10)
}

/// The first rows of the table, in rows of the period (else of 10), exceptions marked `*`.
fn table(r: &Report) -> String {
    let width = table_width(r);
    let shown = r
        .values_computed
        .min(r.preperiod.unwrap_or(0) + 2 * r.period.unwrap_or(10))
        .clamp(width.min(r.values_computed), 400);
    let exc: std::collections::HashSet<usize> = r.exceptions.iter().map(|e| e.heap).collect();
    let mut text = String::new();
    for row in (0..shown).step_by(width) {
        let _ = write!(text, "{row:>6}:");
        for n in row..(row + width).min(shown) {
            let mark = if exc.contains(&n) { "*" } else { " " };
            let _ = write!(text, " {:>3}{mark}", r.value(n));
        }
        text.push('\n');
    }
    text
}

fn readme(s: &Setter, cases: &[Case]) -> String {
    let r = s.report;
    let title = s.game.title.clone().unwrap_or_else(|| s.slug.to_string());
    let by_hand = if r.proven {
        "The period is proven by the theorem above; what is left to argue by hand is the \
         Sprague–Grundy theorem for the sum of heaps (standard), and the statement's own twists \
         if it has any."
    } else {
        "No theorem proves a period here: the verdict above is evidence only. A solution either \
         tabulates the values up to the largest heap (the default format bounds the heaps by the \
         table) or rests on a period argued by hand, which this README must then give."
    };
    let mut case_lines = String::new();
    for c in cases {
        let _ = writeln!(
            case_lines,
            "- `{}` (`{}`): {}.",
            c.name,
            if c.brute { "brute" } else { "formula" },
            c.note
        );
    }
    format!(
        "# {title}\n\n\
         Written by `runner new {slug} --game`: the game is `game.toml` ({game}, {kind}). Edit the\n\
         statement, the format (validate.rs, gen.rs and brute.rs's input part) and this README.\n\n\
         ## Statement in brief\n\n\
         TODO. A position is a sum of heaps; a move replaces one heap by the heaps of one of its\n\
         options ({game}); the player who cannot move loses.\n\n\
         ## Input and output\n\n\
         The default format (edit it): a line T (1 ≤ T ≤ {MAX_T}), then T lines `n h_1 … h_n`\n\
         (1 ≤ n ≤ {MAX_N}, 1 ≤ h_i ≤ {top}); for each test case `First` if the player to move\n\
         wins, else `Second`.\n\n\
         ## Analysis\n\n\
         By the Sprague–Grundy theorem the player to move loses iff the XOR of the heaps'\n\
         nim-values G(h_i) is 0. `runner game {slug}` ({convention}):\n\n\
         > {verdict}\n\n\
         Largest value seen: {largest} (first at heap {largest_at}); {exceptions} exceptions\n\
         (marked `*`{last}).\n\n\
         G(n) in rows of {width}, from heap 0:\n\n\
         ```\n{table}```\n\n\
         {by_hand}\n\n\
         The pitfall: a table of the first p values read as `SG[n % p]` ignores the preperiod\n\
         and is wrong from the first heap where the periodic continuation differs.\n\n\
         ## Oracle and fixtures\n\n\
         `brute.rs` decides positions by the literal rules (a memoised win/lose search over whole\n\
         positions, no values, no XOR): its rules part is generated from `game.toml` between the\n\
         marker lines; `runner verify` refuses it when stale (`runner game {slug} --write-brute`\n\
         rewrites it). Reach: at most {REACH} tokens per test case. The cases:\n\n\
         {case_lines}",
        slug = s.slug,
        game = s.game,
        kind = s.game.kind_name(),
        top = max_heap(r),
        convention = r.convention,
        verdict = r.verdict,
        largest = r.largest_value,
        largest_at = r.largest_at,
        exceptions = r.exception_count,
        last = r
            .last_exception
            .map(|e| format!("; the last at heap {e}"))
            .unwrap_or_default(),
        width = table_width(r),
        table = table(r),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::parse_spec;
    use crate::solve::{self, Quiet};

    #[test]
    fn the_literal_search_is_the_xor_of_the_values() {
        for code in ["0.77", "0.07", "4.[3]"] {
            let g = parse_spec(code, false).unwrap();
            let v = solve::naive_values(&g, 13);
            let mut memo = HashMap::new();
            for a in 0..=12 {
                for b in 0..=6 {
                    let xor = v[a] ^ v[b];
                    assert_eq!(
                        literal_wins(&g, &[a, b], &mut memo),
                        xor != 0,
                        "{code} {a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn kayless_cases_hit_the_preperiod_and_break_the_shortcut() {
        let g = parse_spec("0.77", false).unwrap();
        let r = solve::solve(&g, 1000, &Quiet);
        // Kayles: period 12 from 71 (Guy and Smith); the last exception is heap 70.
        let t = targets(&r, max_heap(&r));
        for h in [70, 71, 82] {
            assert!(t.contains(&h), "{t:?}");
        }
        let breakers = shortcut_breakers(&r, max_heap(&r)).unwrap();
        let kayles = |n: u64| value(&r, n);
        for pair in &breakers {
            let truth = kayles(pair[0]) ^ kayles(pair[1]);
            let shortcut = kayles(pair[0] % 12) ^ kayles(pair[1] % 12);
            assert_ne!(truth == 0, shortcut == 0, "{pair:?}");
        }
    }
}
