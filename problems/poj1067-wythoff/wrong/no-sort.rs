//! Wrong: takes k = b − a and compares a with floor(kφ) without putting the smaller pile first.
//! For "2 1" (the sample's first line) k = −1, floor(−φ) = −2 ≠ 2, so the losing (1, 2) → 1.
use std::io::{self, BufWriter, Read, Write};

fn isqrt(n: i64) -> i64 {
    let mut r = (n as f64).sqrt() as i64;
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
    let nums: Vec<i64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0], pair[1]);
        let k = b - a;
        // floor(kφ) = floor((k + √(5k²)) / 2); with k < 0 the root has the wrong sign.
        let ak = (k + isqrt(5 * k * k)).div_euclid(2);
        writeln!(out, "{}", if ak == a { 0 } else { 1 })?;
    }
    out.flush()
}
