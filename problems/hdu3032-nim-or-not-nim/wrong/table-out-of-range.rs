//! WRONG: the nim-values tabulated by the mex of the literal rules up to 10^4 (about 10^8 steps,
//! fast enough) and read straight from the table, sg[s], for heaps up to 2^31 - 1: a heap above
//! 10^4 indexes past the end and panics.
use std::io::{self, BufWriter, Read, Write};

const LIMIT: usize = 10_000;

fn main() -> io::Result<()> {
    let mut sg = vec![0usize; LIMIT + 1];
    let mut seen = vec![usize::MAX; 2 * LIMIT + 2]; // seen[v] == n: value v is an option of n
    for n in 1..=LIMIT {
        for m in 0..n {
            seen[sg[m]] = n;
        }
        for a in 1..=n / 2 {
            seen[sg[a] ^ sg[n - a]] = n;
        }
        sg[n] = (0..).find(|&v| seen[v] != n).unwrap();
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let t = nums.next().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..t {
        let n = nums.next().expect("N");
        let mut x = 0;
        for _ in 0..n {
            x ^= sg[nums.next().expect("heap")];
        }
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
