//! Wrong: the normal-play rule "n % (m + 1) == 0 => second", which seed 003 claims also holds when
//! the last to take loses. Fails on n = m = 1 (first must take the last stone: second wins) and on
//! n = 2, m = 1 (first takes one and wins).
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    for i in 0..v[0] as usize {
        let (n, m) = (v[1 + 2 * i], v[2 + 2 * i]);
        println!("{}", if n % (m + 1) == 0 { "second" } else { "first" });
    }
}
