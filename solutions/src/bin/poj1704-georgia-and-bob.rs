//! POJ 1704 — Georgia and Bob
//! Chessmen on cells 1, 2, 3, …; a move slides one chessman left by at least one cell, never
//! past or onto another chessman nor off the board; who cannot move loses. Georgia moves first.
//! Insight (staircase Nim): sort the positions and pair them from the right — (p[n-2], p[n-1]),
//! (p[n-4], p[n-3]), …, the leftmost one paired with a wall at cell 0 when n is odd. The free
//! cells inside a pair, p[right] - p[left] - 1, form a Nim heap: moving the right man shrinks it,
//! moving the left man grows it, and the opponent can shift the right man by the same amount.
//! Gaps between pairs never matter. Georgia wins iff the xor of the in-pair gaps is non-zero.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    for _ in 0..t {
        let n = it.next().expect("N") as usize;
        let mut p: Vec<u32> = (0..n).map(|_| it.next().expect("position")).collect();
        p.sort_unstable();
        let mut x = 0;
        let mut i = n;
        while i >= 2 {
            x ^= p[i - 1] - p[i - 2] - 1;
            i -= 2;
        }
        if i == 1 {
            x ^= p[0] - 1; // paired with the wall at cell 0
        }
        let who = if x != 0 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
