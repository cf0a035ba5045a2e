//! POJ 1067 — 取石子游戏 (Wythoff's game).
//! Two piles; a move takes any positive number from one pile, or the same positive number from
//! both; whoever takes the last stone wins. Print 1 if the player to move wins, else 0.
//! Insight: the losing positions are (a_k, a_k + k), k = 0, 1, 2, …, with a_k = floor(k·φ),
//! φ = (1 + √5) / 2; the differences k are all distinct, so (a, b) with a ≤ b loses iff
//! a = floor((b − a)·φ). Integers only: floor(k·φ) = (k + isqrt(5k²)) / 2 (5k² ≤ 5·10^18 fits
//! in u64). Floating point is not exact enough: with f64, k = 102334155 (k·φ = 165580140.99999999…)
//! rounds up, and (165580140, 267914295) would be judged a win.
use std::io::{self, BufWriter, Read, Write};

/// floor(sqrt(n)) for n ≤ 5·10^18: an f64 estimate (< 2^32, so squares fit in u64), corrected
/// with exact integer squares.
fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    while let (Some(x), Some(y)) = (nums.next(), nums.next()) {
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let losing = a == (k + isqrt(5 * k * k)) / 2;
        writeln!(out, "{}", if losing { 0 } else { 1 })?;
    }
    out.flush()
}
