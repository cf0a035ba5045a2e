//! POJ 3537 — Crosses and Crosses
//! A 1 × n strip (3 ≤ n ≤ 2000); players alternately put a cross on an empty cell; whoever first
//! makes three crosses in a row wins. Print 1 if the first player wins, else 2.
//! Insight: a cross one or two cells from another lets the opponent complete three at once, so
//! nobody plays there while a safe cell remains, and whoever has no safe cell loses. A cross at
//! cell j of a free run of m cells makes cells j-2..=j+2 unsafe and leaves two independent runs
//! of max(0, j-3) and max(0, m-j-2) cells, so by Sprague–Grundy
//!     g(m) = mex { g(max(0, j-3)) ^ g(max(0, m-j-2)) : 1 ≤ j ≤ m },  g(0) = 0
//! (Treblecross: the octal game 0.007 on a heap of m + 2). Its values have no known period and
//! the losing n are irregular (6, 12, 22, 30, 32, 44, …, 356, 1046), so tabulate g up to n
//! (O(n²)); the first player wins iff g(n) != 0.
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let n: usize = input
        .split_ascii_whitespace()
        .next()
        .expect("an integer n")
        .parse()
        .expect("integer");
    let mut g = vec![0usize; n + 1];
    for m in 1..=n {
        // m moves, so the mex is at most m: values above m cannot be it.
        let mut seen = vec![false; m + 1];
        for j in 1..=m {
            let v = g[j.saturating_sub(3)] ^ g[(m - j).saturating_sub(2)];
            if v <= m {
                seen[v] = true;
            }
        }
        g[m] = seen
            .iter()
            .position(|&s| !s)
            .expect("a value in 0..=m is missing");
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n] != 0 { 1 } else { 2 })?;
    out.flush()
}
