//! Oracle for dag-interactive: memoised win/lose search over whole positions, literal moves.
//! Reads positions (`N`, N lines of out-positions, `M p_1 … p_M`; a test input holds one,
//! check.py passes many one after another) until end of input and prints for each who wins with
//! perfect play: `first` (the player to move) or `second`, i.e. the declaration the solution must
//! make.
//! A position is the multiset of token nodes (a sorted Vec). A move takes one token and pushes it
//! along one edge; a position is winning iff some move leads to a losing position (no move at all
//! = losing). No SG values, no xor: the tokens are never split apart.
//! Reach: the positions reachable number at most C(N + M − 1, M); inputs where that passes 2·10^6
//! are refused (exit 3) rather than searched for hours. N ≤ 12 with M ≤ 4, or M ≤ 2 on any N, is
//! instant. Runs on a thread with a large stack: the search goes as deep as the longest game
//! (up to M · (N − 1) moves).
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::process::exit;

const REACH: u128 = 2_000_000;

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
            if i > 0 && pos[i] == pos[i - 1] {
                continue; // two tokens on one node have the same moves
            }
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

/// C(n, k), saturating.
fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |c, i| c.saturating_mul(n - i) / (i + 1))
}

fn run() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    while let Some(n) = it.next() {
        let mut succ = Vec::new();
        for _ in 0..n {
            let x = it.next().expect("X_i");
            succ.push((0..x).map(|_| it.next().expect("out-position")).collect());
        }
        let m = it.next().expect("M");
        let mut pos: Vec<usize> = (0..m).map(|_| it.next().expect("p_j")).collect();
        let states = binomial((n + m - 1) as u128, m as u128);
        if states > REACH {
            eprintln!(
                "brute: N = {}, M = {}: up to {} positions, beyond this oracle's reach ({})",
                n, m, states, REACH
            );
            exit(3);
        }
        pos.sort_unstable();
        let mut game = Game {
            succ,
            memo: HashMap::new(),
        };
        out.push_str(if game.wins(&pos) {
            "first\n"
        } else {
            "second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).expect("write");
}

fn main() {
    std::thread::Builder::new()
        .stack_size(1 << 28)
        .spawn(run)
        .expect("spawn")
        .join()
        .expect("join");
}
