//! Oracle for POJ 3537 — Crosses and Crosses: an exhaustive, memoised search of the literal game.
//! A position is the whole strip of n cells, a bit per cell (1 = a cross). The player to move
//! picks any empty cell and puts a cross there; if three crosses then stand in a row, that player
//! wins at once. Outcomes for the player to move: Win, Lose, or Draw (no empty cell left and
//! nobody has won: only possible for n <= 2). No safe zones, no splitting into strips, no SG
//! values, no xor: every empty cell is tried, on the whole strip.
//! Order of the search (it changes no outcome): a move that wins at once is looked for first, so
//! a position with two crosses two or fewer cells apart is settled without recursion.
//! Reach (CPU time): n <= 30 within 0.05 s, n = 36 about 0.15 s, n = 40 about 1.1 s and 55 MiB
//! (the memo keeps the positions with crosses pairwise three or more cells apart, about 1.47^n of
//! them); larger n are refused (exit 3). n = 1 and 2 are draws: it says so and exits 4.
use std::collections::HashMap;
use std::io::{self, Read};

const LIMIT: usize = 40;

#[derive(Clone, Copy, PartialEq)]
enum Outcome {
    Win,
    Lose,
    Draw,
}

struct Game {
    n: usize,
    memo: HashMap<u64, Outcome>,
}

impl Game {
    /// The empty cells, as bits.
    fn empty(&self, pos: u64) -> u64 {
        !pos & ((1u64 << self.n) - 1)
    }

    /// The empty cells where a cross completes three in a row: bit c of `pos >> 1` is cell c + 1,
    /// of `pos >> 2` cell c + 2, of `pos << 1` cell c − 1, of `pos << 2` cell c − 2; so c with
    /// crosses at (c + 1, c + 2), at (c − 1, c + 1) or at (c − 2, c − 1).
    fn completing(&self, pos: u64) -> u64 {
        let rows = (pos >> 1 & pos >> 2) | (pos << 1 & pos >> 1) | (pos << 1 & pos << 2);
        rows & self.empty(pos)
    }

    /// The outcome for the player to move (no three in a row on the strip yet).
    fn solve(&mut self, pos: u64) -> Outcome {
        let empty = self.empty(pos);
        if empty == 0 {
            return Outcome::Draw;
        }
        if self.completing(pos) != 0 {
            return Outcome::Win; // not kept: found again as fast as looked up
        }
        if let Some(&known) = self.memo.get(&pos) {
            return known;
        }
        let mut outcome = Outcome::Lose;
        for c in (0..self.n).filter(|&c| empty >> c & 1 == 1) {
            match self.solve(pos | 1 << c) {
                Outcome::Lose => {
                    outcome = Outcome::Win;
                    break;
                }
                Outcome::Draw => outcome = Outcome::Draw,
                Outcome::Win => {}
            }
        }
        self.memo.insert(pos, outcome);
        outcome
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let n: usize = input
        .split_ascii_whitespace()
        .next()
        .expect("an integer n")
        .parse()
        .expect("integer");
    if n > LIMIT {
        eprintln!("brute: n = {} is beyond this oracle's reach ({})", n, LIMIT);
        std::process::exit(3);
    }
    let mut game = Game {
        n,
        memo: HashMap::new(),
    };
    match game.solve(0) {
        Outcome::Win => println!("1"),
        Outcome::Lose => println!("2"),
        Outcome::Draw => {
            eprintln!("brute: n = {}: nobody can make three in a row (a draw)", n);
            std::process::exit(4);
        }
    }
}
