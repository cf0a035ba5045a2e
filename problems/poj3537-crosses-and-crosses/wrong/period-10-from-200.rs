//! WRONG: the period guessed from a table of 200. Up to 200 the losing n thin out: from 175 on
//! only 184 and 194, exactly every 10 cells, so n > 200 is answered as n' = 175 + (n - 175) % 10.
//! n = 202 is a loss (this says 1) and n = 204 a win (this says 2); after 202 the losing n are
//! 282, 290, 302, 356 and 1046, with no period.
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
    let mut g = vec![0usize; 201];
    for m in 1..=200 {
        g[m] = mex((1..=m).map(|j| g[j.saturating_sub(3)] ^ g[(m - j).saturating_sub(2)]));
    }
    let k = if n <= 200 { n } else { 175 + (n - 175) % 10 };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[k] != 0 { 1 } else { 2 })?;
    out.flush()
}
