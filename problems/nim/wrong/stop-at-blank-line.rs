//! Wrong: reads line by line and treats the first empty line as the end of the input, as if
//! the data were terminated by a blank line. Everything after a blank line is lost.
use std::io::{self, BufRead};

fn main() {
    let mut tokens: Vec<u64> = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line.unwrap();
        if line.trim().is_empty() {
            break; // BUG: a blank line is not the end of file
        }
        tokens.extend(
            line.split_ascii_whitespace()
                .map(|t| t.parse::<u64>().unwrap()),
        );
    }
    let mut it = tokens.into_iter();
    while let Some(n) = it.next() {
        let mut x = 0u64;
        for _ in 0..n {
            x ^= it.next().unwrap();
        }
        println!("{}", if x != 0 { "Win" } else { "Lose" });
    }
}
