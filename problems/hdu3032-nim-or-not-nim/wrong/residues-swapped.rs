//! WRONG: the closed form with the residues 3 and 0 mixed up: G(4k+3) = 4k+2 and
//! G(4k+4) = 4k+5 instead of 4k+4 and 4k+3 (the two swapped heaps of each block, remembered the
//! wrong way round). The sample passes (2 ^ 2 ^ 2 = 2 is not 0, and 3 3 cancels); 3 4 8 (lost)
//! becomes 2 ^ 5 ^ 9, a win.
use std::io::{self, BufWriter, Read, Write};

fn grundy(s: u64) -> u64 {
    match s % 4 {
        0 => s + 1,
        3 => s - 1,
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
        let mut x = 0;
        for _ in 0..n {
            x ^= grundy(nums.next().expect("heap"));
        }
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
