//! Wrong: mixes in the misère (anti-Nim) rule: when every heap is 1 it answers Win iff the
//! number of heaps is even. In normal play, as here, the last stone wins: n ones win iff n is odd.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    while let Some(n) = tokens.next() {
        let heaps: Vec<u64> = (0..n).map(|_| tokens.next().unwrap()).collect();
        let x = heaps.iter().fold(0, |x, &h| x ^ h);
        let win = if heaps.iter().all(|&h| h == 1) {
            n % 2 == 0 // BUG: the misère answer
        } else {
            x != 0
        };
        println!("{}", if win { "Win" } else { "Lose" });
    }
}
