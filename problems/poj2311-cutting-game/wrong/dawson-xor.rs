//! WRONG (two directions as two independent games): sees that cutting a 2×h strip is Dawson's
//! Kayles on the heap h − 2, and treats a W×H sheet as the sum of the vertical game and the
//! horizontal one, D(W − 2) ^ D(H − 2). But a cut in one direction changes the pieces the other
//! direction's cuts apply to: the value is not that XOR (README: "Analysis"). 4×4 is WIN (cut
//! into 2×4 + 2×4, a lost position) while D(2) ^ D(2) = 0 says LOSE.
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 200;

fn main() -> io::Result<()> {
    // Dawson's Kayles: from a heap of n take 2, leaving a and n − 2 − a (a ≥ 0).
    let mut d = vec![0usize; MAX + 1];
    for n in 2..=MAX {
        let mut seen = [false; 32];
        for a in 0..=n - 2 {
            seen[d[a] ^ d[n - 2 - a]] = true;
        }
        d[n] = seen.iter().position(|&s| !s).unwrap();
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let win = d[pair[0] - 2] ^ d[pair[1] - 2] != 0;
        writeln!(out, "{}", if win { "WIN" } else { "LOSE" })?;
    }
    out.flush()
}
