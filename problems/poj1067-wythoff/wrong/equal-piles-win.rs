//! Wrong: a "shortcut" that equal piles always win (take both piles at once) — but "0 0" has no
//! move at all and is lost for the player to move (answer 0). Otherwise correct.
use std::io::{self, BufWriter, Read, Write};

fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nums: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        if a == b {
            writeln!(out, "1")?;
            continue;
        }
        let k = b - a;
        writeln!(
            out,
            "{}",
            if a == (k + isqrt(5 * k * k)) / 2 {
                0
            } else {
                1
            }
        )?;
    }
    out.flush()
}
