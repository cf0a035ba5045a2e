//! HDU 1847 — Good Luck in CET-4 Everybody!
//! One pile of n cards (1 <= n <= 1000, one n per line until end of file); a move takes a power
//! of two (1, 2, 4, 8, …) cards; whoever takes the last card wins. Kiki moves first.
//! Insight: SG(n) = n mod 3. No power of two is a multiple of 3, so from n ≡ 0 (mod 3) every
//! move leaves a non-multiple, while from n ≡ 1 or 2 taking 1 or 2 reaches a multiple.
//! Hence Kiki loses (prints `Cici`) iff 3 | n.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        writeln!(out, "{}", if n % 3 == 0 { "Cici" } else { "Kiki" })?;
    }
    out.flush()
}
