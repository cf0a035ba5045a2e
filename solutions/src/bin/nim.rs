//! Nim (local problem).
//! Groups `n a1 … an` until end of file; a move takes any positive number of stones from one
//! heap; whoever takes the last stone wins. Print `Win` if the first player wins, else `Lose`.
//! Insight: SG(a) = a for one heap, and the SG value of a sum is the xor of its parts, so the
//! first player loses iff a1 xor a2 xor … xor an = 0 (Bouton's theorem; proof in the README).
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    while let Some(n) = tokens.next() {
        let mut x = 0u64; // fresh for every group
        for _ in 0..n {
            x ^= tokens.next().expect("a heap size");
        }
        writeln!(out, "{}", if x != 0 { "Win" } else { "Lose" })?;
    }
    out.flush()
}
