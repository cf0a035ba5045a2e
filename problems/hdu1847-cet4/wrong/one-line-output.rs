//! WRONG (presentation): right answers, but all on one line separated by spaces.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let words: Vec<&str> = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
        .map(|n| if n % 3 == 0 { "Cici" } else { "Kiki" })
        .collect();
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", words.join(" "))?;
    out.flush()
}
