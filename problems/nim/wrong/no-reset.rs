//! Wrong: the xor accumulator is declared once, outside the loop over groups, so every group
//! after the first is judged on the xor of all heaps read so far.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let mut x = 0u64; // BUG: never reset
    while let Some(n) = tokens.next() {
        for _ in 0..n {
            x ^= tokens.next().unwrap();
        }
        println!("{}", if x != 0 { "Win" } else { "Lose" });
    }
}
