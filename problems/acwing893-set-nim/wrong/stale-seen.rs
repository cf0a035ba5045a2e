//! WRONG: one "seen" array for the whole table, never cleared between x, so values reachable
//! from smaller heaps leak into the mex: with S = {2, 5}, SG(4) comes out 2 instead of 0.
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
    let mut seen = vec![false; k + 2];
    for x in 1..=top {
        for &s in moves.iter().filter(|&&s| s <= x) {
            seen[sg[x - s]] = true;
        }
        sg[x] = seen.iter().position(|&v| !v).unwrap_or(k + 1);
    }

    let total = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", if total != 0 { "Yes" } else { "No" })?;
    out.flush()
}
