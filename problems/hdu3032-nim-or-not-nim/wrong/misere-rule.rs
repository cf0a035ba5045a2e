//! WRONG: misère Nim's rule, taken from the statement's first paragraph ("Nim is usually played
//! as a misere game"): when every heap is 1 the first player wins iff their number is even. But
//! here the last to move wins: a single heap of 1 is Alice's, not Bob's. The nim-values are right
//! and the sample passes.
use std::io::{self, BufWriter, Read, Write};

fn grundy(s: u64) -> u64 {
    match s % 4 {
        0 => s - 1,
        3 => s + 1,
        _ => s,
    }
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let t = nums.next().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..t {
        let n = nums.next().expect("N");
        let heaps: Vec<u64> = (0..n).map(|_| nums.next().expect("heap")).collect();
        let win = if heaps.iter().all(|&s| s == 1) {
            n % 2 == 0
        } else {
            heaps.iter().fold(0, |x, &s| x ^ grundy(s)) != 0
        };
        writeln!(out, "{}", if win { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
