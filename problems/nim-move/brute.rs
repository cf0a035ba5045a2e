//! Oracle for nim-move: exhaustive, memoised win/lose search over the literal rules (no xor).
//! A position is the multiset of non-empty piles, kept as a sorted Vec; a move lowers one pile
//! by k >= 1 stones. The mover wins iff some move leads to a lost position; the empty position
//! has no move and is lost. For a won test it prints the FIRST winning move in a fixed order:
//! the smallest pile index i (1-based, in the input's order, zeros included), then the smallest k.
//! Reach: a position of n piles of at most M stones has at most C(n + M, n) sub-positions, each
//! with at most n * M moves, and the memo is shared across tests. Instant for n <= 4 with
//! a_i <= 12 (1 820 positions), n <= 8 with a_i <= 7 (6 435) and n <= 100 with a_i <= 1; the
//! recursion depth is the total number of stones. Piles near 10^9 are out of reach (it would not
//! finish, not be wrong): fixture cases with such piles carry oracle = "formula".
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

/// Sorted multiset of the non-empty piles: the memo key.
fn key(piles: &[u64]) -> Vec<u64> {
    let mut k: Vec<u64> = piles.iter().copied().filter(|&a| a > 0).collect();
    k.sort_unstable();
    k
}

fn wins(pos: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..pos.len() {
        for k in 1..=pos[i] {
            let mut next = pos.to_vec();
            next[i] -= k;
            if !wins(&key(&next), memo) {
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
    let t = tokens.next().expect("T");
    let mut memo = HashMap::new();
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..t {
        let n = tokens.next().expect("n");
        let piles: Vec<u64> = (0..n).map(|_| tokens.next().expect("a pile")).collect();
        let mut first: Option<(usize, u64)> = None;
        'moves: for i in 0..piles.len() {
            for k in 1..=piles[i] {
                let mut next = piles.clone();
                next[i] -= k;
                if !wins(&key(&next), &mut memo) {
                    first = Some((i + 1, k));
                    break 'moves;
                }
            }
        }
        // Cross-check of the two searches: the position is won iff a winning move was found.
        assert_eq!(first.is_some(), wins(&key(&piles), &mut memo));
        match first {
            Some((i, k)) => writeln!(out, "{} {}", i, k).expect("write"),
            None => writeln!(out, "Lose").expect("write"),
        }
    }
    out.flush().expect("flush");
}
