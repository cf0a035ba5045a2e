//! Oracle for nim-interactive: exhaustive, memoised win/lose search over the literal moves.
//! Reads positions (`n`, then `a_1 … a_n`; a test input holds one, check.py passes many one after
//! another) until end of input, and prints for each who wins with perfect play: `first` (the
//! player to move) or `second`, i.e. the declaration the solution must make.
//! A position is the multiset of non-empty piles, kept as a sorted Vec; a move lowers one pile to
//! any smaller size (0 removes it). The mover wins iff some move leads to a losing position; the
//! empty position has no move and is lost. No xor, no Sprague–Grundy values.
//! Reach: a position has at most Π (a_i + 1) successors in all; inputs where that product passes
//! 10^7 are refused (exit 3) rather than searched for hours. n ≤ 5 with piles ≤ 12 is instant.
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};
use std::process::exit;

const REACH: u128 = 10_000_000;

fn wins(pos: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..pos.len() {
        if i > 0 && pos[i] == pos[i - 1] {
            continue; // equal piles give the same moves
        }
        for to in 0..pos[i] {
            let mut next: Vec<u64> = pos.to_vec();
            next[i] = to;
            next.retain(|&h| h > 0);
            next.sort_unstable();
            if !wins(&next, memo) {
                result = true;
                break 'search;
            }
        }
    }
    memo.insert(pos.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut memo = HashMap::new();
    let mut out = BufWriter::new(io::stdout().lock());
    while let Some(n) = tokens.next() {
        let mut piles: Vec<u64> = (0..n).map(|_| tokens.next().expect("a pile")).collect();
        let states = piles
            .iter()
            .fold(1u128, |p, &h| p.saturating_mul(h as u128 + 1));
        if states > REACH {
            eprintln!(
                "brute: {:?} has up to {} positions below it, beyond this oracle's reach ({})",
                piles, states, REACH
            );
            exit(3);
        }
        piles.retain(|&h| h > 0);
        piles.sort_unstable();
        let w = wins(&piles, &mut memo);
        writeln!(out, "{}", if w { "first" } else { "second" }).expect("write");
    }
    out.flush().expect("flush");
}
