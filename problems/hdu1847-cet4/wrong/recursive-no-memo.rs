//! WRONG (too slow): decides each n by plain recursion over the moves without remembering
//! results; the number of calls grows exponentially with n (n = 50 takes over ten seconds).
use std::io::{self, BufWriter, Read, Write};

fn first_wins(n: u64) -> bool {
    let mut take = 1;
    while take <= n {
        if !first_wins(n - take) {
            return true;
        }
        take *= 2;
    }
    false
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        writeln!(out, "{}", if first_wins(n) { "Kiki" } else { "Cici" })?;
    }
    out.flush()
}
