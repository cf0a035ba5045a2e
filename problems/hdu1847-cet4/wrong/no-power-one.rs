//! WRONG: the powers of two start at 2 (forgets 2^0 = 1), so n = 1 looks lost.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    // SG by the mex over the moves, tabulated.
    let mut sg = vec![0usize; 1001];
    for x in 1..1001 {
        let mut seen = [false; 16];
        let mut take = 2;
        while take <= x {
            seen[sg[x - take]] = true;
            take *= 2;
        }
        sg[x] = seen.iter().position(|&s| !s).unwrap();
    }
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        writeln!(out, "{}", if sg[n as usize] == 0 { "Cici" } else { "Kiki" })?;
    }
    out.flush()
}
