//! WRONG (HDU 4388): prints "Case 1:Yes" — the space after the colon is missing.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    for case in 1..=t {
        let n = it.next().expect("n");
        let piles: Vec<u64> = (0..n).map(|_| it.next().expect("pile")).collect();
        let p: u64 = piles.iter().map(|&a| u64::from(a.count_ones()) + 1).sum();
        let answer = if p % 2 == 1 { "Yes" } else { "No" };
        writeln!(out, "Case {}:{}", case, answer)?;
    }
    out.flush()
}
