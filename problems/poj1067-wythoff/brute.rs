//! Oracle for POJ 1067 (Wythoff's game): exhaustive win/lose table over the literal moves.
//! win[a][b] = some move (take t ≥ 1 from pile a, from pile b, or from both) reaches a losing
//! position; (0, 0) has no move and is losing. The table is filled for 0 ≤ a, b ≤ M, where M is
//! the largest number in the input, in increasing order of a then b, so every successor is known.
//! Reach: M ≤ 1000 (10^6 cells, at most 3M moves each: about a second at M = 1000).
//! Larger inputs are refused (exit 3) rather than answered wrongly.
use std::io::{self, BufWriter, Read, Write};

const LIMIT: usize = 1000;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let m = nums.iter().copied().max().unwrap_or(0);
    if m > LIMIT {
        eprintln!(
            "brute: pile size {} is beyond this oracle's reach ({})",
            m, LIMIT
        );
        std::process::exit(3);
    }
    let w = m + 1;
    let mut win = vec![false; w * w];
    for a in 0..=m {
        for b in 0..=m {
            let mut found = false;
            for t in 1..=a {
                if !win[(a - t) * w + b] {
                    found = true;
                    break;
                }
            }
            if !found {
                for t in 1..=b {
                    if !win[a * w + (b - t)] {
                        found = true;
                        break;
                    }
                }
            }
            if !found {
                for t in 1..=a.min(b) {
                    if !win[(a - t) * w + (b - t)] {
                        found = true;
                        break;
                    }
                }
            }
            win[a * w + b] = found;
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let answer = if win[pair[0] * w + pair[1]] { 1 } else { 0 };
        writeln!(out, "{}", answer).unwrap();
    }
    out.flush().unwrap();
}
