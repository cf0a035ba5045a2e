//! WRONG: forgets that s may exceed the heap: x - s underflows (it wraps in a release build)
//! and sg[x - s] indexes far out of range and panics. The sample (S = {2, 5}, x = 1) hits it.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let k = it.next().expect("k");
    let moves: Vec<usize> = (0..k).map(|_| it.next().expect("s_i")).collect();
    let n = it.next().expect("n");
    let heaps: Vec<usize> = (0..n).map(|_| it.next().expect("h_i")).collect();

    let top = heaps.iter().copied().max().unwrap_or(0);
    let mut sg = vec![0usize; top + 1];
    for x in 1..=top {
        let mut seen = vec![false; k + 1];
        for &s in moves.iter() {
            seen[sg[x - s]] = true;
        }
        sg[x] = seen.iter().position(|&v| !v).expect("mex <= k");
    }

    let total = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", if total != 0 { "Yes" } else { "No" })?;
    out.flush()
}
