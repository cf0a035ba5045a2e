//! Wrong: reads pairs `n m` until EOF and never reads the leading count C, so C is taken as the
//! first n and every pair is shifted by one number.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    for p in v.chunks_exact(2) {
        let (n, m) = (p[0], p[1]);
        println!("{}", if n % (m + 1) == 0 { "second" } else { "first" });
    }
}
