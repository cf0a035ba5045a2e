//! Too slow: the right idea, but the residue is found by subtracting m + 1 in a loop instead of
//! taking a remainder. n / (m + 1) steps per test: 5 * 10^8 for n = 10^9, m = 1.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    for i in 0..v[0] as usize {
        let (mut n, m) = (v[1 + 2 * i], v[2 + 2 * i]);
        while n > m + 1 {
            n -= m + 1;
        }
        // now 1 <= n <= m + 1: only a single stone is lost
        println!("{}", if n == 1 { "second" } else { "first" });
    }
}
