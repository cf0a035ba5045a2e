//! Wrong: assumes each group sits on one line of its own. A group split over two lines makes
//! it index past the end of the line's numbers and panic; two groups on one line lose the second.
use std::io::{self, BufRead};

fn main() {
    for line in io::stdin().lock().lines() {
        let line = line.unwrap();
        let nums: Vec<u64> = line
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        if nums.is_empty() {
            continue;
        }
        let n = nums[0] as usize;
        let x = nums[1..=n].iter().fold(0, |x, &h| x ^ h); // BUG: panics if the group goes on
        println!("{}", if x != 0 { "Win" } else { "Lose" });
    }
}
