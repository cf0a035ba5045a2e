//! Wrong: the integer formula floor(kφ) = (k + isqrt(5k²)) / 2, but with isqrt taken as
//! `(5k² as f64).sqrt() as u64` without correcting the estimate. 5k² exceeds 2^53, and
//! at k = 102334155 the f64 square root rounds up past an integer: (165580140, 267914295) → 1.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nums: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        let k = b - a;
        let root = ((5 * k * k) as f64).sqrt() as u64;
        writeln!(out, "{}", if a == (k + root) / 2 { 0 } else { 1 })?;
    }
    out.flush()
}
