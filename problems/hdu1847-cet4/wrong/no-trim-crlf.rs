//! WRONG: splits the input on '\n' and parses each line as it is, so a CRLF line ("3\r") or a
//! line with extra spaces fails to parse and the program panics.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for line in input.split('\n') {
        if line.is_empty() {
            continue;
        }
        let n: u64 = line.parse().unwrap();
        writeln!(out, "{}", if n % 3 == 0 { "Cici" } else { "Kiki" })?;
    }
    out.flush()
}
