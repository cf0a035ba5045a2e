//! WRONG (POJ 1704): the xor accumulator is declared once, outside the test-case loop, so each
//! answer after the first also depends on the earlier cases.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    let mut x = 0;
    for _ in 0..t {
        let n = it.next().expect("N") as usize;
        let mut p: Vec<u32> = (0..n).map(|_| it.next().expect("position")).collect();
        p.sort_unstable();
        let mut i = n;
        while i >= 2 {
            x ^= p[i - 1] - p[i - 2] - 1;
            i -= 2;
        }
        if i == 1 {
            x ^= p[0] - 1;
        }
        let who = if x != 0 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
