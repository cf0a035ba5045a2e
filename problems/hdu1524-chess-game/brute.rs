//! Oracle for HDU 1524 — A Chess Game: memoised win/lose search over whole positions.
//! A position is the multiset of chessman nodes (a sorted Vec). A move takes one chessman and
//! pushes it along one edge; a position is winning iff some move leads to a losing position
//! (no move at all = losing). No SG values, no xor: the chessmen are never split apart.
//! Reach: the number of positions reachable from a query, at most C(N + M - 1, M); comfortable
//! for N <= 12 with M <= 4 (a few thousand states) and for M = 1 or 2 on any N. The memo is
//! cleared for each test case (the graph changes). Runs on a thread with a large stack so that
//! long games (depth up to M * N moves) do not overflow it.
use std::collections::HashMap;
use std::io::{self, Read, Write};

struct Game {
    succ: Vec<Vec<usize>>,
    memo: HashMap<Vec<usize>, bool>,
}

impl Game {
    fn wins(&mut self, pos: &[usize]) -> bool {
        if let Some(&w) = self.memo.get(pos) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..pos.len() {
            for j in 0..self.succ[pos[i]].len() {
                let mut next = pos.to_vec();
                next[i] = self.succ[pos[i]][j];
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

fn run() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut out = String::new();
    while let Some(n) = it.next() {
        let mut succ = Vec::new();
        for _ in 0..n {
            let x = it.next().unwrap();
            succ.push((0..x).map(|_| it.next().unwrap()).collect::<Vec<_>>());
        }
        let mut game = Game {
            succ,
            memo: HashMap::new(),
        };
        loop {
            let m = match it.next() {
                Some(0) | None => break,
                Some(m) => m,
            };
            let mut pos: Vec<usize> = (0..m).map(|_| it.next().unwrap()).collect();
            pos.sort_unstable();
            out.push_str(if game.wins(&pos) { "WIN\n" } else { "LOSE\n" });
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

fn main() {
    std::thread::Builder::new()
        .stack_size(1 << 28)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}
