//! WRONG: one xor accumulator for the whole input, never reset between test cases: the
//! sample's second case (3 3, lost) still carries the first one's 4 and is called a win.
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
    let mut x = 0;
    for _ in 0..t {
        let n = nums.next().expect("N");
        for _ in 0..n {
            x ^= grundy(nums.next().expect("heap"));
        }
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
