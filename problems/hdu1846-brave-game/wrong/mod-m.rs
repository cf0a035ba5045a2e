//! Wrong: tests n % m instead of n % (m + 1) (the losing positions are multiples of m + 1).
//! Fails on n = m = 1: the first player takes the only stone, this says "second".
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
        println!("{}", if n % m == 0 { "second" } else { "first" });
    }
}
