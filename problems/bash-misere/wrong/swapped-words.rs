//! Wrong: the right test with the two answers swapped.
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
        println!(
            "{}",
            if (n - 1) % (m + 1) == 0 {
                "first"
            } else {
                "second"
            }
        );
    }
}
