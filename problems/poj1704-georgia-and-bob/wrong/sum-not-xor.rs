//! WRONG (POJ 1704): decides by the parity of the total number of free cells inside the pairs
//! ("every move uses up cells") instead of the xor of the pair gaps. Moving a left chessman
//! adds cells to a heap, and two heaps can cancel under xor but not under a sum.
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
        let mut s = 0;
        let mut i = n;
        while i >= 2 {
            s += p[i - 1] - p[i - 2] - 1;
            i -= 2;
        }
        if i == 1 {
            s += p[0] - 1;
        }
        let who = if s % 2 == 1 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
