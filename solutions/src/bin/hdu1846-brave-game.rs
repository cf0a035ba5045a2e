//! HDU 1846 — Brave Game (Bash's game).
//! One pile of n stones; a move takes 1..=m stones; whoever takes the last stone wins.
//! SG(n) = n mod (m+1): from a multiple of m+1 every move (1..=m) leaves a non-multiple, and from
//! a non-multiple taking n mod (m+1) leaves a multiple. So the first player loses iff (m+1) | n.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let cases = it.next().unwrap_or(0);
    for _ in 0..cases {
        let (n, m) = match (it.next(), it.next()) {
            (Some(n), Some(m)) => (n, m),
            _ => break,
        };
        let word = if n % (m + 1) == 0 { "second" } else { "first" };
        writeln!(out, "{}", word)?;
    }
    out.flush()
}
