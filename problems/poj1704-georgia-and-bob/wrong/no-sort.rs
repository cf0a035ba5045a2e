//! WRONG (POJ 1704): pairs the chessmen in input order. The positions are not given sorted, so
//! the "pairs" are not neighbours and the gaps mean nothing.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    for _ in 0..t {
        let n = it.next().expect("N") as usize;
        let mut p: Vec<i64> = (0..n).map(|_| it.next().expect("position")).collect();
        if n % 2 == 1 {
            p.insert(0, 0);
        }
        let mut x = 0;
        for pair in p.chunks(2) {
            x ^= (pair[1] - pair[0] - 1).abs();
        }
        let who = if x != 0 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
