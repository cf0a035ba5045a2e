//! WRONG (too slow): the right recurrence, SG(w, h) = mex over the cuts leaving both parts at
//! least 2 wide, by plain recursion without a table: each call recomputes every smaller piece
//! again, exponentially often. 20×20 already takes seconds; the statement goes to 200×200.
use std::io::{self, BufWriter, Read, Write};

fn sg(w: usize, h: usize) -> usize {
    let mut seen = [false; 16];
    for i in 2..w - 1 {
        seen[sg(i, h) ^ sg(w - i, h)] = true;
    }
    for j in 2..h - 1 {
        seen[sg(w, j) ^ sg(w, h - j)] = true;
    }
    seen.iter().position(|&s| !s).unwrap()
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let win = sg(pair[0], pair[1]) != 0;
        writeln!(out, "{}", if win { "WIN" } else { "LOSE" })?;
    }
    out.flush()
}
