//! Oracle for HDU 1847: exhaustive, memoised win/lose search over the literal moves.
//! A pile of n cards is a win for the player to move iff taking some power of two 2^k <= n
//! leaves a losing pile; the empty pile has no move and is lost. No mod-3 rule, no SG values.
//! Reach: the table goes up to the largest n of the input, about 10 * n steps per entry;
//! n up to 10^6 (far beyond the statement's 1000) takes well under a second.
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let ns: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let top = ns.iter().copied().max().unwrap_or(0);
    // wins[n]: can the player to move with n cards left force taking the last card?
    // Filled for increasing n, so wins[n - take] is known when wins[n] is computed.
    let mut wins = vec![false; top + 1];
    for n in 1..=top {
        let mut take = 1;
        while take <= n {
            if !wins[n - take] {
                wins[n] = true;
                break;
            }
            take *= 2;
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for &n in &ns {
        writeln!(out, "{}", if wins[n] { "Kiki" } else { "Cici" }).expect("write");
    }
    out.flush().expect("flush");
}
