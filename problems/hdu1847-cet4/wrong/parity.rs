//! WRONG: treats the game as if each move took exactly one card: odd n wins, even n loses.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        writeln!(out, "{}", if n % 2 == 0 { "Cici" } else { "Kiki" })?;
    }
    out.flush()
}
