//! WRONG: knows the game is Treblecross, the octal game 0.007 (take 3 from a heap, leaving 0, 1
//! or 2 heaps), but plays it on a heap of n instead of n + 2. A strip of n cells is a heap of
//! n + 2 (README: a cross at cell j of the strip is the removal of heap tokens j..=j+2). n = 6 is
//! already wrong.
use std::io::{self, Read, Write};

/// mex of a set of small values.
fn mex(values: impl Iterator<Item = usize>) -> usize {
    let mut seen = vec![false; 4096];
    for v in values {
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).expect("mex below 4096")
}

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
    for h in 3..=n {
        g[h] = mex((0..=h - 3).map(|a| g[a] ^ g[h - 3 - a]));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n] != 0 { 1 } else { 2 })?;
    out.flush()
}
