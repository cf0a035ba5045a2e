//! Wrong: answers the plain `nim` problem's question: prints `Win` instead of a winning move.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let mut out = BufWriter::new(io::stdout().lock());
    let t = tokens.next().unwrap();
    for _ in 0..t {
        let n = tokens.next().unwrap();
        let x = (0..n).fold(0, |x, _| x ^ tokens.next().unwrap());
        writeln!(out, "{}", if x != 0 { "Win" } else { "Lose" })?;
    }
    out.flush()
}
