//! Oracle for nim: exhaustive, memoised win/lose search over the literal moves.
//! A position is the multiset of non-empty heaps, kept as a sorted Vec; a move lowers one heap
//! to any smaller size (0 removes it). The mover wins iff some move leads to a losing position;
//! the empty position has no move and is lost. No xor, no SG values.
//! Reach: a group with n heaps of size at most M visits at most C(n + M, n) positions, each with
//! at most n * M moves, and the memo is shared by all groups: n <= 4 with heaps <= 12
//! (1 820 positions), n <= 8 with heaps <= 12 (126 000) or n <= 20 with heaps <= 4 (10 626)
//! are instant. Heaps near 10^9 are far beyond its reach (it would not finish, not be wrong).
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

fn wins(pos: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..pos.len() {
        if i > 0 && pos[i] == pos[i - 1] {
            continue; // equal heaps give the same moves
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
        let mut heaps: Vec<u64> = (0..n).map(|_| tokens.next().expect("heap")).collect();
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        let w = wins(&heaps, &mut memo);
        writeln!(out, "{}", if w { "Win" } else { "Lose" }).expect("write");
    }
    out.flush().expect("flush");
}
