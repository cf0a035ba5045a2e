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
use std::env;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

const OK: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

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
