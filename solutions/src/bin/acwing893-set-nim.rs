//! AcWing 893 — 集合-Nim游戏 (Nim with a set S of allowed takes)
//! n heaps; a move removes exactly s stones from one heap, for some s in S with s <= heap;
//! the player who cannot move loses. Input `k`, S, `n`, the heaps; print `Yes` if the first
//! player wins, else `No`.
//! Insight: the heaps are independent games, so the first player loses iff
//! SG(h_1) ^ … ^ SG(h_n) == 0, with SG(x) = mex { SG(x - s) : s in S, s <= x } (SG(0) = 0).
//! A heap has at most k moves, so SG(x) <= k and the mex needs only k + 1 slots. Tabulate SG
//! bottom-up to the largest heap: O(max_h * k) = 10^6 steps.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let k = it.next().expect("k");
    let moves: Vec<usize> = (0..k).map(|_| it.next().expect("s_i")).collect();
    let n = it.next().expect("n");
    let heaps: Vec<usize> = (0..n).map(|_| it.next().expect("h_i")).collect();

    let top = heaps.iter().copied().max().unwrap_or(0);
    let mut sg = vec![0usize; top + 1];
    // seen[v] == x marks that value v is reachable from x (a stamp, so no clearing per x).
    let mut seen = vec![usize::MAX; k + 1];
    for x in 1..=top {
        for &s in moves.iter().filter(|&&s| s <= x) {
            seen[sg[x - s]] = x; // sg[x - s] <= k: it is a mex over at most k values
        }
        sg[x] = (0..=k).find(|&v| seen[v] != x).expect("mex <= k");
    }

    let total = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", if total != 0 { "Yes" } else { "No" })?;
    out.flush()
}
