//! Wrong: the rule is right but the words are swapped (prints `Win` when the xor is 0).
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    while let Some(n) = tokens.next() {
        let mut x = 0u64;
        for _ in 0..n {
            x ^= tokens.next().unwrap();
        }
        println!("{}", if x == 0 { "Win" } else { "Lose" });
    }
}
