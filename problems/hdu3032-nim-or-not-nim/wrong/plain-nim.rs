//! WRONG: plain Nim, the title's bait. It xors the heap sizes themselves, as if a heap could
//! not be split; the sample passes (2 ^ 2 ^ 3 = 3, 3 ^ 3 = 0), but 1 2 3 (Alice splits 3 into
//! 1 + 2) and 1 2 4 (lost: G = 1 2 3) come out the other way round.
use std::io::{self, BufWriter, Read, Write};

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
            x ^= nums.next().expect("heap");
        }
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
