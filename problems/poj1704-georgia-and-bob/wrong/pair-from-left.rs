//! WRONG (POJ 1704): pairs (p0,p1), (p2,p3), … from the left; for odd N the rightmost chessman is
//! left alone, as if it could not move. The wall belongs on the left: the unpaired chessman is
//! the leftmost one, paired with cell 0.
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
        let mut i = 0;
        while i + 1 < n {
            x ^= p[i + 1] - p[i] - 1;
            i += 2;
        }
        let who = if x != 0 { "Georgia" } else { "Bob" };
        writeln!(out, "{} will win", who)?;
    }
    out.flush()
}
