//! Wrong: the golden-ratio test in f64 with the usual literal 1.618033988749895 (the same double
//! as (1 + sqrt 5) / 2). Exact for small piles, but at k = 102334155 the product
//! 165580140.99999999563… rounds to 165580141.0: (165580140, 267914295) is judged a win.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nums: Vec<i64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        let ak = ((b - a) as f64 * 1.618033988749895).floor() as i64;
        writeln!(out, "{}", if ak == a { 0 } else { 1 })?;
    }
    out.flush()
}
