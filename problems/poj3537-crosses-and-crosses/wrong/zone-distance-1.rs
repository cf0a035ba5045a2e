//! WRONG: the unsafe zone is taken as the cross's two neighbours only (distance 1, not 2): a
//! cross at j of a run of m leaves runs of j - 2 and m - j - 1. But a cross two cells from
//! another also loses at once (X _ X: the opponent fills the gap). n = 4 is already wrong.
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
        g[m] = mex((1..=m).map(|j| g[j.saturating_sub(2)] ^ g[(m - j).saturating_sub(1)]));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[n] != 0 { 1 } else { 2 })?;
    out.flush()
}
