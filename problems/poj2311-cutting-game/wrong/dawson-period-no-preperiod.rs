//! WRONG (a period without its preperiod): knows that a sheet is lost iff both W − 2 and H − 2
//! are lost heaps of Dawson's Kayles (README: "Analysis"), special-cases the sides 2 and 3
//! (the heaps 0 and 1), and takes the lost heaps from Dawson's Kayles' period 34 alone: n mod
//! 34 in {5, 9, 21, 25, 29}, the residues of the lost heaps from 52 on. The period starts only
//! after the last exceptional value (n = 52); before it the heaps 15 and 35 are lost too and
//! no residue rule gives them, so every sheet with a side 17 or 37 and the other side lost
//! (2×17, 3×17, 7×17, …, 2×37) is judged WIN.
use std::io::{self, BufWriter, Read, Write};

fn lost_side(s: usize) -> bool {
    s == 2 || s == 3 || [5, 9, 21, 25, 29].contains(&((s - 2) % 34))
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
        let lose = lost_side(pair[0]) && lost_side(pair[1]);
        writeln!(out, "{}", if lose { "LOSE" } else { "WIN" })?;
    }
    out.flush()
}
