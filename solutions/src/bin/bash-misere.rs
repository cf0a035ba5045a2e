//! bash-misere (local) — Bash's game, misère version.
//! One pile of n stones; a move takes 1..=m stones; whoever takes the LAST stone LOSES.
//! A player facing exactly 1 stone must take it and lose, so "1 left" plays the role that
//! "0 left" plays in the normal game: the losing positions are n ≡ 1 (mod m+1), i.e. the first
//! player loses iff (n - 1) % (m + 1) == 0. (Not n % (m + 1) == 0: that is the normal-play rule.)
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
        let word = if (n - 1) % (m + 1) == 0 {
            "second"
        } else {
            "first"
        };
        writeln!(out, "{}", word)?;
    }
    out.flush()
}
