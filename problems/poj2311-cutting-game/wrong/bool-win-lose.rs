//! WRONG (win/lose instead of SG values): the right cuts (both parts at least 2 wide), but a
//! boolean table: a sheet is won iff some cut leaves two lost pieces. A cut leaves a sum of
//! two games, and the outcome of a sum is not a function of the outcomes of its parts: two won
//! pieces can make a lost position (equal SG values). 2×8 has the cut 2×4 + 2×4, two won pieces
//! with SG 1 each, a lost sum: 2×8 is WIN, and this table says LOSE.
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 200;

fn main() -> io::Result<()> {
    let mut win = vec![[false; MAX + 1]; MAX + 1];
    for w in 2..=MAX {
        for h in 2..=MAX {
            let vertical = (2..w - 1).any(|i| !win[i][h] && !win[w - i][h]);
            let horizontal = (2..h - 1).any(|j| !win[w][j] && !win[w][h - j]);
            win[w][h] = vertical || horizontal;
        }
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let won = win[pair[0]][pair[1]];
        writeln!(out, "{}", if won { "WIN" } else { "LOSE" })?;
    }
    out.flush()
}
