//! Interactor for nim-interactive (README.md has the statement and the protocol).
//!
//! testlib's interactor convention: `interactor INPUT OUTPUT`. INPUT is the test input (the
//! position: `n`, then `a_1 … a_n`); stdin is the solution's stdout and stdout the solution's
//! stdin. The one-line summary (`ok …`, `wrong answer …`, `wrong output format …`, `FAIL …`) goes
//! to OUTPUT and to stderr. Exit code: 0 the solution won, 1 WA, 2 PE (a malformed line), 3 FAIL
//! (the interactor's own failure: a bad test input, OUTPUT not writable).
//!
//! The judge sends the position, reads the declaration (`first` or `second`) and plays:
//! - a declaration that loses (theory: the first player wins iff the xor is not 0) ends the game
//!   at once: `-1`, WA;
//! - each move of the solution is read as one line `i k` and checked against the literal rules
//!   (1 ≤ i ≤ n, 1 ≤ k ≤ a_i); a malformed line is `-1` + PE, an illegal move `-1` + WA;
//! - when the judge can win (the xor is not 0 on its turn) it plays Bouton's move, taking the most
//!   stones among the winning moves; when it cannot, it plays a varied legal move from a
//!   SplitMix64 seeded with the FNV-1a hash of INPUT: a non-empty pile at random, lowered below
//!   its highest power of two (every such move lowers the potential Φ = Σ bitlength(a_i)), or,
//!   at most FREE_MOVES times, 1 to 3 stones from it;
//! - the solution wins when its move takes the last stone (the judge writes nothing more, OK);
//!   it loses when the judge takes the last stone (nothing more, WA); the game is stopped with
//!   `-1` + WA when the solution's move is move number BOUND = 2·(Φ + FREE_MOVES) + 1 or later
//!   and the game goes on: a game the solution wins never gets there (README, "The bound").
//!   End of file where a line of the solution is due is `-1` + WA ("stopped answering").
//!
//! `interactor --analyse FILE` prints, for each position of FILE (positions one after another),
//! the judge's theory: `second`, or `first i k` with the move the judge would play to win. It is
//! how `problems/_shared/interactive/check.py` compares the theory with brute.rs.
use std::env;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

const OK: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

const MAX_N: u64 = 100;
const MAX_A: u64 = 1_000_000_000;
/// Moves the losing judge may make without lowering the potential.
const FREE_MOVES: u64 = 16;
/// The longest line the solution may write, end of line excluded.
const MAX_LINE: usize = 256;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform-ish in 0..n (n ≥ 1).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn bitlength(v: u64) -> u64 {
    64 - v.leading_zeros() as u64
}

fn xor(a: &[u64]) -> u64 {
    a.iter().fold(0, |x, &h| x ^ h)
}

/// Bouton's move from a position with xor ≠ 0: (pile index from 0, stones taken). Every pile
/// with the top bit of the xor set can be lowered to a_i xor x; the one that takes most is chosen.
fn best_move(a: &[u64]) -> Option<(usize, u64)> {
    let x = xor(a);
    if x == 0 {
        return None;
    }
    let top = bitlength(x) - 1;
    (0..a.len())
        .filter(|&i| (a[i] >> top) & 1 == 1)
        .map(|i| (i, a[i] - (a[i] ^ x)))
        .max_by_key(|&(i, k)| (k, std::cmp::Reverse(i)))
}

/// A varied legal move of the losing judge (the position is not terminal).
fn varied_move(a: &[u64], rng: &mut SplitMix64, free_left: &mut u64) -> (usize, u64) {
    let piles: Vec<usize> = (0..a.len()).filter(|&i| a[i] > 0).collect();
    let i = piles[rng.below(piles.len() as u64) as usize];
    if *free_left > 0 && rng.below(3) == 0 {
        *free_left -= 1;
        return (i, 1 + rng.below(a[i].min(3)));
    }
    // Lower the pile below its highest power of two: its bit length drops by at least one.
    let high = 1u64 << (bitlength(a[i]) - 1);
    (i, a[i] - rng.below(high))
}

/// Tokens of the test input, for the positions it holds.
struct Tokens<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Tokens<'a> {
    fn int(&mut self, name: &str, lo: u64, hi: u64) -> Result<Option<u64>, String> {
        let w = match self.words.next() {
            Some(w) => w,
            None => return Ok(None),
        };
        match w.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(Some(v)),
            _ => Err(format!(
                "{} = `{}` is not an integer in {}..={}",
                name, w, lo, hi
            )),
        }
    }
    /// The next position, None at the end of the input.
    fn position(&mut self) -> Result<Option<Vec<u64>>, String> {
        let n = match self.int("n", 1, MAX_N)? {
            Some(n) => n,
            None => return Ok(None),
        };
        let mut a = Vec::new();
        for i in 1..=n {
            match self.int(&format!("a_{}", i), 0, MAX_A)? {
                Some(v) => a.push(v),
                None => return Err(format!("end of input, expected a_{} of {}", i, n)),
            }
        }
        Ok(Some(a))
    }
}

fn read_file(path: &str) -> String {
    match fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("FAIL cannot read {}: {}", path, e);
            exit(FAIL)
        }
    }
}

fn analyse(path: &str) {
    let text = read_file(path);
    let mut tokens = Tokens {
        words: text.split_ascii_whitespace(),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    loop {
        match tokens.position() {
            Ok(Some(a)) => {
                let line = match best_move(&a) {
                    Some((i, k)) => format!("first {} {}", i + 1, k),
                    None => "second".to_string(),
                };
                writeln!(out, "{}", line).expect("write");
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("FAIL {}: {}", path, e);
                exit(FAIL)
            }
        }
    }
    out.flush().expect("flush");
}

/// A line of the solution: its tokens (split at spaces, tabs and CRs).
enum Line {
    Tokens(Vec<Vec<u8>>),
    End,
    TooLong,
}

struct Judge {
    input: io::StdinLock<'static>,
    output: io::StdoutLock<'static>,
    summary: String,
}

impl Judge {
    /// Writes the summary line to OUTPUT and stderr, and exits with `code`.
    fn finish(&mut self, code: i32, message: String) -> ! {
        let _ = self.output.flush();
        eprintln!("{}", message);
        if let Err(e) = fs::write(&self.summary, format!("{}\n", message)) {
            eprintln!("FAIL cannot write {}: {}", self.summary, e);
            exit(FAIL);
        }
        exit(code)
    }

    /// Ends the game before its natural end: `-1` tells the solution to stop reading.
    fn stop(&mut self, code: i32, message: String) -> ! {
        let _ = writeln!(self.output, "-1");
        let _ = self.output.flush();
        self.finish(code, message)
    }

    fn send(&mut self, line: &str) {
        let sent = writeln!(self.output, "{}", line).and_then(|_| self.output.flush());
        if let Err(e) = sent {
            self.finish(
                WA,
                format!(
                    "wrong answer the solution stopped reading (writing to it: {})",
                    e
                ),
            );
        }
    }

    fn read_line(&mut self) -> Line {
        let mut buf = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        if let Err(e) = self.input.by_ref().take(limit).read_until(b'\n', &mut buf) {
            self.finish(WA, format!("wrong answer cannot read the solution: {}", e));
        }
        if buf.is_empty() {
            return Line::End;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            return Line::TooLong;
        }
        let tokens = buf
            .split(|&c| c == b' ' || c == b'\t' || c == b'\r')
            .filter(|t| !t.is_empty())
            .map(|t| t.to_vec())
            .collect();
        Line::Tokens(tokens)
    }

    /// The solution's next line, or the end of the game with the right verdict.
    fn expect_line(&mut self, what: &str) -> Vec<Vec<u8>> {
        match self.read_line() {
            Line::Tokens(t) => t,
            Line::End => self.stop(
                WA,
                format!(
                    "wrong answer the solution stopped answering: end of file where {} was due",
                    what
                ),
            ),
            Line::TooLong => self.stop(
                PE,
                format!(
                    "wrong output format {}: a line longer than {} bytes",
                    what, MAX_LINE
                ),
            ),
        }
    }
}

fn shown(tokens: &[Vec<u8>]) -> String {
    let words: Vec<String> = tokens
        .iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let s = words.join(" ");
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

/// A canonical unsigned integer (no sign, no leading zero); more than 18 digits is u64::MAX.
fn integer(t: &[u8]) -> Option<u64> {
    if t.is_empty() || !t.iter().all(u8::is_ascii_digit) || (t.len() > 1 && t[0] == b'0') {
        return None;
    }
    if t.len() > 18 {
        return Some(u64::MAX);
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

/// testlib's ANSWER (the third argument), when given and not empty: the jury's declaration for
/// this input, the brute force's (`runner verify` and `runner stress` pass its output). The
/// interactor's theory must agree with it, else the judge itself is wrong: FAIL.
fn jury_answer(args: &[String], judge: &mut Judge, first_wins: bool) {
    let path = match args.get(3) {
        Some(path) => path,
        None => return,
    };
    let text = read_file(path);
    let word = match text.split_ascii_whitespace().next() {
        Some(word) => word,
        None => return,
    };
    let theory = if first_wins { "first" } else { "second" };
    if word != theory {
        judge.finish(
            FAIL,
            format!("FAIL the jury's answer says {word}, the interactor's theory says {theory}"),
        );
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() == 3 && args[1] == "--analyse" {
        analyse(&args[2]);
        return;
    }
    if args.len() < 3 {
        eprintln!("FAIL usage: interactor INPUT OUTPUT [ANSWER]   (or: interactor --analyse FILE)");
        exit(FAIL);
    }
    let mut judge = Judge {
        input: io::stdin().lock(),
        output: io::stdout().lock(),
        summary: args[2].clone(),
    };
    let text = read_file(&args[1]);
    let mut tokens = Tokens {
        words: text.split_ascii_whitespace(),
    };
    let mut a = match tokens.position() {
        Ok(Some(a)) => a,
        Ok(None) => judge.finish(FAIL, format!("FAIL bad test input {}: empty", args[1])),
        Err(e) => judge.finish(FAIL, format!("FAIL bad test input {}: {}", args[1], e)),
    };
    if tokens.words.next().is_some() {
        judge.finish(
            FAIL,
            format!("FAIL bad test input {}: more than one position", args[1]),
        );
    }
    let n = a.len();
    let potential: u64 = a.iter().map(|&h| bitlength(h)).sum();
    let bound = 2 * (potential + FREE_MOVES) + 1;
    let mut rng = SplitMix64(fnv1a(text.as_bytes()));
    let mut free_left = FREE_MOVES;

    judge.send(&n.to_string());
    let piles: Vec<String> = a.iter().map(|h| h.to_string()).collect();
    judge.send(&piles.join(" "));

    let declaration = judge.expect_line("the declaration");
    let first = match declaration.as_slice() {
        [w] if w.as_slice() == b"first" => true,
        [w] if w.as_slice() == b"second" => false,
        _ => judge.stop(
            PE,
            format!(
                "wrong output format expected the declaration `first` or `second`, got `{}`",
                shown(&declaration)
            ),
        ),
    };
    let x = xor(&a);
    jury_answer(&args, &mut judge, x != 0);
    if first != (x != 0) {
        judge.stop(
            WA,
            format!(
                "wrong answer declared {}, but the {} player wins (xor of the piles = {})",
                if first { "first" } else { "second" },
                if x != 0 { "first" } else { "second" },
                x
            ),
        );
    }
    let declared = if first { "first" } else { "second" };
    let mut solution_to_move = first;
    let mut moves = 0u64;
    loop {
        if a.iter().all(|&h| h == 0) {
            if solution_to_move {
                judge.finish(
                    WA,
                    format!(
                        "wrong answer the judge took the last stone at move {}: the solution lost",
                        moves
                    ),
                );
            }
            judge.finish(
                OK,
                format!(
                    "ok solution won in {} moves (declared {}; n = {}, bound {})",
                    moves, declared, n, bound
                ),
            );
        }
        moves += 1;
        if solution_to_move {
            let what = format!("move {}", moves);
            let t = judge.expect_line(&what);
            let (i, k) = match t.as_slice() {
                [i, k] => match (integer(i), integer(k)) {
                    (Some(i), Some(k)) => (i, k),
                    _ => judge.stop(
                        PE,
                        format!(
                            "wrong output format {}: expected two integers `i k`, got `{}`",
                            what,
                            shown(&t)
                        ),
                    ),
                },
                _ => judge.stop(
                    PE,
                    format!(
                        "wrong output format {}: expected `i k` (two integers), got `{}`",
                        what,
                        shown(&t)
                    ),
                ),
            };
            if i == 0 || i > n as u64 {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer {}: pile {} does not exist (piles 1..={})",
                        what, i, n
                    ),
                );
            }
            let pile = (i - 1) as usize;
            if k == 0 || k > a[pile] {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer {}: cannot take {} stones from pile {} of {} (1..={})",
                        what, k, i, a[pile], a[pile]
                    ),
                );
            }
            a[pile] -= k;
            if moves >= bound && a.iter().any(|&h| h > 0) {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer the game reached the bound of {} moves and goes on: the \
                         solution is not winning",
                        bound
                    ),
                );
            }
        } else {
            let (i, k) = match best_move(&a) {
                Some(m) => m,
                None => varied_move(&a, &mut rng, &mut free_left),
            };
            a[i] -= k;
            judge.send(&format!("{} {}", i + 1, k));
        }
        solution_to_move = !solution_to_move;
    }
}
