//! WRONG: the SG table only has 100 entries; n above 99 indexes past its end and panics.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    // SG by the mex over the moves, tabulated.
    let mut sg = vec![0usize; 100];
    for x in 1..100 {
        let mut seen = [false; 16];
        let mut take = 1;
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
