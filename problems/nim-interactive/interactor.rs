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
use std::io::{self, Write};
use std::process::exit;

// The convention, the exit codes, the bounded reading of the solution's lines and the summary:
// problems/_shared/interactor_harness.rs (its top says how to make this file whole to paste).
#[path = "../_shared/interactor_harness.rs"]
mod interactor_harness;
use interactor_harness::{
    fnv1a, integer, jury_answer, read_file, shown, start, SplitMix64, FAIL, OK, PE, WA,
};

const MAX_N: u64 = 100;
const MAX_A: u64 = 1_000_000_000;
/// Moves the losing judge may make without lowering the potential.
const FREE_MOVES: u64 = 16;

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

fn main() {
    let (mut judge, args, text) = start(analyse);
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
