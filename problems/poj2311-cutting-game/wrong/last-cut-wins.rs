//! WRONG (the terminal set): treats a strip 1 wide as a piece like any other and plays the
//! plain "last cut wins" game: SG(1, 1) = 0 is the only terminal piece and every cut
//! 1 ≤ i ≤ w − 1 counts. That game is not this one: here a strip is never cut into on purpose
//! (the opponent cuts a 1×1 from it), and cutting out a 1×1 wins instead of ending a normal
//! game. Every cut adds one piece, so that game lasts W·H − 1 cuts whatever is played: it says
//! WIN iff W·H is even, and 2×2 (the sample's LOSE) becomes WIN.
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 200;

fn main() -> io::Result<()> {
    let mut sg = vec![[0u8; MAX + 1]; MAX + 1];
    for w in 1..=MAX {
        for h in 1..=MAX {
            let mut seen = [false; 256];
            for i in 1..w {
                seen[(sg[i][h] ^ sg[w - i][h]) as usize] = true;
            }
            for j in 1..h {
                seen[(sg[w][j] ^ sg[w][h - j]) as usize] = true;
            }
            sg[w][h] = seen.iter().position(|&s| !s).unwrap() as u8;
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
        let win = sg[pair[0]][pair[1]] != 0;
        writeln!(out, "{}", if win { "WIN" } else { "LOSE" })?;
    }
    out.flush()
}
