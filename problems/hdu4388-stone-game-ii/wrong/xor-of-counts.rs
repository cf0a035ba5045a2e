//! WRONG (HDU 4388): treats popcount(a) - 1 as a Nim heap and xors the heaps. The piles are not
//! Nim heaps: the number of moves is fixed, so only the parity of the sum matters.
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
        let x = piles
            .iter()
            .fold(0, |x, &a| x ^ a.count_ones().saturating_sub(1));
        let answer = if x != 0 { "Yes" } else { "No" };
        writeln!(out, "Case {}: {}", case, answer)?;
    }
    out.flush()
}
