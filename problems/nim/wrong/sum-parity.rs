//! Wrong: "the total number of stones decides": Win iff the sum of the heaps is odd. True when
//! every move takes exactly one stone, not in Nim: `2 1 3` sums to 4 yet 1 xor 3 = 2 wins.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    while let Some(n) = tokens.next() {
        let mut sum = 0u64;
        for _ in 0..n {
            sum += tokens.next().unwrap();
        }
        println!("{}", if sum % 2 == 1 { "Win" } else { "Lose" });
    }
}
