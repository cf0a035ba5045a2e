//! WRONG (POJ 1704): takes the distance p[right] - p[left] as the Nim heap instead of the number
//! of free cells p[right] - p[left] - 1 between the two chessmen (and p[0] instead of p[0] - 1
//! against the wall). Adjacent chessmen then look like a heap of 1.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    for _ in 0..t {
        let n = it.next().expect("N") as usize;
        let mut p: Vec<u32> = (0..n).map(|_| it.next().expect("position")).collect();
        p.sort_unstable();
        let mut x = 0;
        let mut i = n;
        while i >= 2 {
            x ^= p[i - 1] - p[i - 2];
            i -= 2;
        }
        if i == 1 {
            x ^= p[0];
        }
        let who = if x != 0 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
