//! WRONG (too slow): computes SG(x) by plain recursion with no memo table, so the same
//! values are recomputed over and over: exponential in the heap size (hopeless at 10000).
use std::io::{self, BufWriter, Read, Write};

fn sg(x: usize, moves: &[usize]) -> usize {
    let mut seen = vec![false; moves.len() + 1];
    for &s in moves.iter().filter(|&&s| s <= x) {
        seen[sg(x - s, moves)] = true;
    }
    seen.iter().position(|&v| !v).expect("mex <= k")
}

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
    let total = heaps.iter().fold(0, |acc, &h| acc ^ sg(h, &moves));
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", if total != 0 { "Yes" } else { "No" })?;
    out.flush()
}
