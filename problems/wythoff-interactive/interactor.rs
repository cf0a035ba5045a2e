//! Interactor for wythoff-interactive (README.md has the statement and the protocol).
//!
//! testlib's interactor convention: `interactor INPUT OUTPUT`. INPUT is the test input (the
//! position: one line `a b`); stdin is the solution's stdout and stdout the solution's stdin.
//! The one-line summary (`ok …`, `wrong answer …`, `wrong output format …`, `FAIL …`) goes to
//! OUTPUT and to stderr. Exit code: 0 the solution won, 1 WA, 2 PE (a malformed line), 3 FAIL
//! (the interactor's own failure: a bad test input, OUTPUT not writable).
//!
//! A move is `x y`: take x stones from pile 1 and y from pile 2, where x = 0 < y, y = 0 < x or
//! x = y > 0, and x ≤ a, y ≤ b. The judge sends the position, reads the declaration (`first` or
//! `second`) and plays:
//! - a declaration that loses (theory: the player to move loses iff the smaller pile is
//!   floor(k·φ), k the difference of the piles) ends the game at once: `-1`, WA;
//! - each move of the solution is checked against the literal rules; a malformed line is
//!   `-1` + PE, an illegal move `-1` + WA;
//! - when the judge can win it moves to a losing position (`best_move`, the case analysis of the
//!   README); when it cannot, it plays a varied legal move from a SplitMix64 seeded with the
//!   FNV-1a hash of INPUT: one pile, or both, lowered so that a pile falls below its highest
//!   power of two (the potential Φ = bitlength(a) + bitlength(b) drops), or, at most FREE_MOVES
//!   times, 1 to 3 stones of a random kind;
//! - the solution wins when its move takes the last stone (the judge writes nothing more, OK); it
//!   loses when the judge takes the last stone (nothing more, WA); the game is stopped with
//!   `-1` + WA when the solution's move is move number BOUND = 2·(Φ + FREE_MOVES) + 1 or later
//!   and the game goes on (README, "The bound"). End of file where a line of the solution is due
//!   is `-1` + WA.
//!
//! Exact arithmetic only: floor(k·φ) = (k + isqrt(5k²)) div 2, with an integer square root that
//! is corrected with exact squares (u128), never a floating-point product.
//!
//! `interactor --analyse FILE` prints, for each position `a b` of FILE, the judge's theory:
//! `second`, or `first x y` with the move the judge would play to win.
use std::io::{self, Write};
use std::process::exit;

// The convention, the exit codes, the bounded reading of the solution's lines and the summary:
// problems/_shared/interactor_harness.rs (its top says how to make this file whole to paste).
#[path = "../_shared/interactor_harness.rs"]
mod interactor_harness;
use interactor_harness::{
    fnv1a, integer, jury_answer, read_file, shown, start, SplitMix64, FAIL, OK, PE, WA,
};

const MAX_A: u64 = 1_000_000_000;
/// Moves the losing judge may make without lowering the potential.
const FREE_MOVES: u64 = 16;

fn bitlength(v: u64) -> u64 {
    64 - v.leading_zeros() as u64
}

/// floor(sqrt(n)), exact: an f64 estimate corrected with exact integer squares.
fn isqrt(n: u128) -> u128 {
    let mut r = (n as f64).sqrt() as u128;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// a_k = floor(k·φ) = (k + isqrt(5k²)) div 2 (README, "Analysis", step 3).
fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The player to move loses (a P-position): the smaller pile is a_k, k = the difference.
fn losing(a: u64, b: u64) -> bool {
    let (s, l) = (a.min(b), a.max(b));
    s == lower(l - s)
}

/// For v ≥ 1, the pair v belongs to: (j, true) if v = a_j, (j, false) if v = b_j = a_j + j.
/// The number of k ≥ 1 with a_k ≤ v is floor((v + 1)/φ) = (isqrt(5(v+1)²) − (v+1)) div 2; the
/// a_k and b_k together cover every positive integer once (Beatty).
fn pair_of(v: u64) -> (u64, bool) {
    let w = v as u128 + 1;
    let c = ((isqrt(5 * w * w) - w) / 2) as u64;
    if c >= 1 && lower(c) == v {
        (c, true)
    } else {
        let j = v - c;
        assert!(lower(j) + j == v, "{} is neither a_k nor b_k", v);
        (j, false)
    }
}

/// A move from a winning position to a losing one: (stones from pile 1, stones from pile 2).
fn best_move(a: u64, b: u64) -> Option<(u64, u64)> {
    if losing(a, b) {
        return None;
    }
    let (s, l) = (a.min(b), a.max(b));
    // (from the smaller pile, from the larger pile)
    let (ts, tl) = if s == 0 {
        (0, l) // take the larger pile: (0, 0)
    } else if s == l {
        (s, s) // take both piles: (0, 0)
    } else {
        match pair_of(s) {
            // s = b_j: the larger pile down to a_j gives (b_j, a_j)
            (j, false) => (0, l - lower(j)),
            // s = a_j and l > b_j: the larger pile down to b_j
            (j, true) if l > s + j => (0, l - s - j),
            // s = a_j and l < b_j (l = b_j is losing): d = l − s < j, so a_d < a_j; take
            // s − a_d from both piles to reach (a_d, a_d + d)
            (_, true) => {
                let t = s - lower(l - s);
                (t, t)
            }
        }
    };
    Some(if a <= b { (ts, tl) } else { (tl, ts) })
}

/// A pile value lowered below its highest power of two: how many stones to take (v ≥ 1).
fn below_high_bit(v: u64, rng: &mut SplitMix64) -> u64 {
    let high = 1u64 << (bitlength(v) - 1);
    v - rng.below(high)
}

/// A varied legal move of the losing judge (the position is not terminal).
fn varied_move(a: u64, b: u64, rng: &mut SplitMix64, free_left: &mut u64) -> (u64, u64) {
    // The kinds of move available: 0 pile 1, 1 pile 2, 2 both piles.
    let mut kinds = Vec::new();
    if a > 0 {
        kinds.push(0);
    }
    if b > 0 {
        kinds.push(1);
    }
    if a > 0 && b > 0 {
        kinds.push(2);
    }
    let kind = kinds[rng.below(kinds.len() as u64) as usize];
    let room = match kind {
        0 => a,
        1 => b,
        _ => a.min(b),
    };
    let t = if *free_left > 0 && rng.below(3) == 0 {
        *free_left -= 1;
        1 + rng.below(room.min(3))
    } else {
        // Pile 1, pile 2, or the smaller pile for a move on both, falls below its high bit.
        below_high_bit(room, rng)
    };
    match kind {
        0 => (t, 0),
        1 => (0, t),
        _ => (t, t),
    }
}

/// The positions of a file: `a b` pairs.
fn positions(text: &str) -> Result<Vec<(u64, u64)>, String> {
    let mut nums = Vec::new();
    for w in text.split_ascii_whitespace() {
        match w.parse::<u64>() {
            Ok(v) if v <= MAX_A => nums.push(v),
            _ => return Err(format!("`{}` is not an integer in 0..={}", w, MAX_A)),
        }
    }
    if nums.len() % 2 == 1 {
        return Err("an odd number of integers".to_string());
    }
    Ok(nums.chunks(2).map(|p| (p[0], p[1])).collect())
}

fn analyse(path: &str) {
    let all = match positions(&read_file(path)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("FAIL {}: {}", path, e);
            exit(FAIL)
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for (a, b) in all {
        match best_move(a, b) {
            Some((x, y)) => writeln!(out, "first {} {}", x, y),
            None => writeln!(out, "second"),
        }
        .expect("write");
    }
    out.flush().expect("flush");
}

fn main() {
    let (mut judge, args, text) = start(analyse);
    let (mut a, mut b) = match positions(&text) {
        Ok(p) if p.len() == 1 => p[0],
        Ok(p) => judge.finish(
            FAIL,
            format!(
                "FAIL bad test input {}: {} positions, expected one",
                args[1],
                p.len()
            ),
        ),
        Err(e) => judge.finish(FAIL, format!("FAIL bad test input {}: {}", args[1], e)),
    };
    let potential = bitlength(a) + bitlength(b);
    let bound = 2 * (potential + FREE_MOVES) + 1;
    let mut rng = SplitMix64(fnv1a(text.as_bytes()));
    let mut free_left = FREE_MOVES;

    judge.send(&format!("{} {}", a, b));

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
    let first_wins = !losing(a, b);
    jury_answer(&args, &mut judge, first_wins);
    if first != first_wins {
        judge.stop(
            WA,
            format!(
                "wrong answer declared {}, but the {} player wins ({} {} is {} position)",
                if first { "first" } else { "second" },
                if first_wins { "first" } else { "second" },
                a,
                b,
                if first_wins {
                    "a winning"
                } else {
                    "a losing (Wythoff pair)"
                }
            ),
        );
    }
    let declared = if first { "first" } else { "second" };
    let mut solution_to_move = first;
    let mut moves = 0u64;
    loop {
        if a == 0 && b == 0 {
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
                    "ok solution won in {} moves (declared {}; bound {})",
                    moves, declared, bound
                ),
            );
        }
        moves += 1;
        if solution_to_move {
            let what = format!("move {}", moves);
            let t = judge.expect_line(&what);
            let (x, y) = match t.as_slice() {
                [x, y] => match (integer(x), integer(y)) {
                    (Some(x), Some(y)) => (x, y),
                    _ => judge.stop(
                        PE,
                        format!(
                            "wrong output format {}: expected two integers `x y`, got `{}`",
                            what,
                            shown(&t)
                        ),
                    ),
                },
                _ => judge.stop(
                    PE,
                    format!(
                        "wrong output format {}: expected `x y` (two integers), got `{}`",
                        what,
                        shown(&t)
                    ),
                ),
            };
            let why = if x == 0 && y == 0 {
                Some("it takes no stone".to_string())
            } else if x != 0 && y != 0 && x != y {
                Some("from both piles the same number must be taken".to_string())
            } else if x > a {
                Some(format!("pile 1 has only {}", a))
            } else if y > b {
                Some(format!("pile 2 has only {}", b))
            } else {
                None
            };
            if let Some(why) = why {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer {}: `{} {}` on piles {} {} is illegal: {}",
                        what, x, y, a, b, why
                    ),
                );
            }
            a -= x;
            b -= y;
            if moves >= bound && (a, b) != (0, 0) {
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
            let (x, y) = match best_move(a, b) {
                Some(m) => m,
                None => varied_move(a, b, &mut rng, &mut free_left),
            };
            a -= x;
            b -= y;
            judge.send(&format!("{} {}", x, y));
        }
        solution_to_move = !solution_to_move;
    }
}
