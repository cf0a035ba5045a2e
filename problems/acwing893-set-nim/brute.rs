//! Oracle for AcWing 893 (集合-Nim): exhaustive win/lose search over whole multi-heap positions.
//! A position is the multiset of heap sizes (a sorted Vec, so equal multisets share one entry).
//! It is a win for the player to move iff some legal move (remove s stones from one heap, s in
//! S, s <= that heap) leads to a lost position; a position with no legal move is lost.
//! No SG values, no mex, no xor.
//! Reach: every position below the query is visited once (memoised in a HashMap). Three heaps
//! up to 15 (~800 states) or four heaps up to 30 (~46k states) are instant; three heaps up to
//! 200 (~1.4M states) take a few seconds. 100 heaps of 10000 are far out of reach (never wrong,
//! only slow).
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

struct Game {
    moves: Vec<usize>,
    memo: HashMap<Vec<usize>, bool>,
}

impl Game {
    fn wins(&mut self, pos: &[usize]) -> bool {
        if let Some(&w) = self.memo.get(pos) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..pos.len() {
            for j in 0..self.moves.len() {
                let s = self.moves[j];
                if s > pos[i] {
                    continue;
                }
                let mut next = pos.to_vec();
                next[i] -= s;
                next.sort_unstable();
                if !self.wins(&next) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(pos.to_vec(), win);
        win
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let k = nums[0];
    let moves = nums[1..1 + k].to_vec();
    let n = nums[1 + k];
    let mut heaps = nums[2 + k..2 + k + n].to_vec();
    heaps.sort_unstable();
    let mut game = Game {
        moves,
        memo: HashMap::new(),
    };
    let word = if game.wins(&heaps) { "Yes" } else { "No" };
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", word).expect("write");
    out.flush().expect("flush");
}
