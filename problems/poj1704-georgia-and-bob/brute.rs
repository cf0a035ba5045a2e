//! Oracle for POJ 1704 — Georgia and Bob: exhaustive win/lose search over the literal game.
//! A position is the sorted list of occupied cells; a move takes one chessman from cell p to any
//! cell c with (previous chessman's cell, or 0) < c < p. No move = the player to move loses.
//! Memoised over positions (shared by all test cases of one input). Reach: positions up to ~20
//! with any N (at most C(20,10) ≈ 185k states), or one chessman up to a few thousand.
use std::collections::HashMap;
use std::io::{self, Read};

fn wins(pos: &mut Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(pos.as_slice()) {
        return w;
    }
    let mut win = false;
    'search: for i in 0..pos.len() {
        let lowest = if i == 0 { 1 } else { pos[i - 1] + 1 };
        let from = pos[i];
        for to in lowest..from {
            pos[i] = to; // order is kept: pos[i-1] < to < from < pos[i+1]
            let opponent_wins = wins(pos, memo);
            pos[i] = from;
            if !opponent_wins {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert(pos.clone(), win);
    win
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().unwrap());
    let t = it.next().unwrap();
    let mut memo = HashMap::new();
    for _ in 0..t {
        let n = it.next().unwrap() as usize;
        let mut pos: Vec<u32> = (0..n).map(|_| it.next().unwrap()).collect();
        pos.sort_unstable();
        let w = wins(&mut pos, &mut memo);
        println!(
            "{}",
            if w {
                "Georgia will win"
            } else {
                "Bob will win"
            }
        );
    }
}
