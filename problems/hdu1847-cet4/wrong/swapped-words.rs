//! WRONG: Kiki and Cici swapped (the first player loses on multiples of 3, not wins).
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        writeln!(out, "{}", if n % 3 == 0 { "Kiki" } else { "Cici" })?;
    }
    out.flush()
}
