//! Wrong layout: the right answers, separated by spaces on one line (the sample as rendered on
//! some mirrors, "first second", invites this). Same tokens, other lines: Presentation Error.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut words = Vec::new();
    for i in 0..v[0] as usize {
        let (n, m) = (v[1 + 2 * i], v[2 + 2 * i]);
        words.push(if n % (m + 1) == 0 { "second" } else { "first" });
    }
    println!("{}", words.join(" "));
}
