//! WRONG: treats S as if it were {1, 2, ..., k} (Bash's game): SG(x) = x mod (k + 1).
//! Right only when S really is a prefix; S = {3, 7} with heaps 1 and 2 has no move at all.
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
    let _ = &moves;
    let total = heaps.iter().fold(0, |acc, &h| acc ^ (h % (k + 1)));
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", if total != 0 { "Yes" } else { "No" })?;
    out.flush()
}
