//! Wrong: period m instead of m + 1 ("losing iff n % m == 1"). With m = 1 it never says second.
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
        println!("{}", if n % m == 1 { "second" } else { "first" });
    }
}
