//! WRONG: the period guessed from a table of 100. Tabulated up to 100, the losing n are 6, 12,
//! 22, 30, 32, 44, 54, 64, 76, 86, 98, and from 45 on the answers repeat exactly every 22 cells
//! (54, 76, 98 and 64, 86), so n > 100 is answered as n' = 45 + (n - 45) % 22. Treblecross has no
//! known period: n = 108 is a win (this says 2) and n = 110 a loss (this says 1).
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
    let mut g = vec![0usize; 101];
    for m in 1..=100 {
        g[m] = mex((1..=m).map(|j| g[j.saturating_sub(3)] ^ g[(m - j).saturating_sub(2)]));
    }
    let k = if n <= 100 { n } else { 45 + (n - 45) % 22 };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if g[k] != 0 { 1 } else { 2 })?;
    out.flush()
}
