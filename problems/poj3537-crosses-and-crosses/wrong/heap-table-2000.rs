//! WRONG: the octal game 0.007 with the right shift (a strip of n cells is a heap of n + 2), but
//! its table is sized for n ≤ 2000 heaps, not cells: a strip of 1999 or 2000 cells reads heap
//! 2001 or 2002, past the table's end, and panics.
use std::io::{self, Read, Write};

/// mex of a set of small values.
fn mex(values: impl Iterator<Item = usize>) -> usize {
    let mut seen = vec![false; 4096];
    for v in values {
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).expect("mex below 4096")
}

const MAX: usize = 2000;

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let n: usize = input
        .split_ascii_whitespace()
        .next()
        .expect("an integer n")
        .parse()
        .expect("integer");
    let mut g = vec![0usize; MAX + 1];
    for h in 3..=MAX {
        g[h] = mex((0..=h - 3).map(|a| g[a] ^ g[h - 3 - a]));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n + 2] != 0 { 1 } else { 2 })?;
    out.flush()
}
