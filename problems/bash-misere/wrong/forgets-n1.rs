//! Wrong: "if n <= m, the first player takes n - 1 and leaves a single stone" — except that with
//! n = 1 there is nothing to leave: the special case answers first for n = 1, which is lost.
//! Right everywhere else.
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
        let first = n <= m || (n - 1) % (m + 1) != 0;
        println!("{}", if first { "first" } else { "second" });
    }
}
