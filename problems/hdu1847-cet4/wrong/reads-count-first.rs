//! WRONG: the usual "T test cases" template: reads the first number as the number of cases,
//! but this input has no count line and runs to end of file.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for n in tokens.take(cases as usize) {
        writeln!(out, "{}", if n % 3 == 0 { "Cici" } else { "Kiki" })?;
    }
    out.flush()
}
