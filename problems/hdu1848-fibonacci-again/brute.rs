//! Oracle for HDU 1848: exhaustive win/lose search over whole three-pile positions.
//! A position (three pile sizes, sorted so that equal multisets share one entry) is a win for the
//! player to move iff some legal move (take a Fibonacci number 1, 2, 3, 5, 8, … of stones from
//! one pile) leads to a lost position; (0, 0, 0) has no moves and is lost. No SG values, no xor.
//! Reach: memoised in a HashMap over sorted triples; every position below the query is visited.
//! Piles up to 100 (~177k triples) take well under a second, up to 200 (~1.4M) a few seconds;
//! piles near 1000 (~168M triples) are out of reach (too slow and too big), but never wrong.
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

struct Game {
    moves: Vec<usize>,
    memo: HashMap<[usize; 3], bool>,
}

impl Game {
    fn wins(&mut self, pos: [usize; 3]) -> bool {
        if let Some(&w) = self.memo.get(&pos) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..3 {
            for k in 0..self.moves.len() {
                let f = self.moves[k];
                if f > pos[i] {
                    continue;
                }
                let mut next = pos;
                next[i] -= f;
                next.sort_unstable();
                if !self.wins(next) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(pos, win);
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
    let top = nums.iter().copied().max().unwrap_or(0);
    // The Fibonacci numbers of the statement: F(1) = 1, F(2) = 2, F(n) = F(n-1) + F(n-2).
    let mut moves = vec![1, 2];
    while moves[moves.len() - 1] + moves[moves.len() - 2] <= top {
        moves.push(moves[moves.len() - 1] + moves[moves.len() - 2]);
    }
    let mut game = Game {
        moves,
        memo: HashMap::new(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut i = 0;
    while i + 3 <= nums.len() {
        let mut pos = [nums[i], nums[i + 1], nums[i + 2]];
        i += 3;
        if pos == [0, 0, 0] {
            break; // the terminator; lines after it are not test cases
        }
        pos.sort_unstable();
        let word = if game.wins(pos) { "Fibo" } else { "Nacci" };
        writeln!(out, "{}", word).expect("write");
    }
    out.flush().expect("flush");
}
