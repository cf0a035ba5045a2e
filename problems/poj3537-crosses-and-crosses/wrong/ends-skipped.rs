//! WRONG: the strip's ends mishandled. To keep g[j - 3] and g[m - j - 2] from going below zero,
//! the loop only tries cells 3..=m-2, dropping the crosses within two cells of an end of the run.
//! Those are legal moves (the wall takes no cross): with n = 3 this finds no move and says 2.
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
    for m in 1..=n {
        g[m] = mex((3..m.saturating_sub(1)).map(|j| g[j - 3] ^ g[m - j - 2]));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n] != 0 { 1 } else { 2 })?;
    out.flush()
}
