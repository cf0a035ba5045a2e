//! Wrong: the golden-ratio test in f32. f32 has a 24-bit mantissa, so k·φ loses the fraction
//! already at k = 2584 (k·φ = 4180.9998…, rounds to 4181): (4180, 6764) is judged a win.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nums: Vec<u32> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let phi: f32 = (1.0 + 5f32.sqrt()) / 2.0;
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        let ak = ((b - a) as f32 * phi).floor() as u32;
        writeln!(out, "{}", if ak == a { 0 } else { 1 })?;
    }
    out.flush()
}
