//! WRONG: the right nim-value, the outputs swapped: prints 2 when the first player wins (a
//! non-zero value) and 1 when the second does.
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
        g[m] = mex((1..=m).map(|j| g[j.saturating_sub(3)] ^ g[(m - j).saturating_sub(2)]));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n] != 0 { 2 } else { 1 })?;
    out.flush()
}
