//! POJ 2311 — Cutting Game
//! A W×H sheet of grid paper; players take turns cutting one piece into two along a grid line;
//! whoever cuts out a 1×1 piece wins. Lines `W H` (2 ≤ W, H ≤ 200) until end of file: print
//! WIN if the first player wins, else LOSE.
//! Insight: never cut off a strip of width 1 (1×k, k ≥ 2): the opponent cuts a 1×1 from it and
//! wins. So only cuts leaving both parts at least 2 wide matter, and a player with none left
//! (every piece 2×2, 2×3, 3×2 or 3×3) must make a strip and loses: a normal-play game whose
//! pieces are independent. By Sprague–Grundy the first player loses iff SG(W, H) = 0, with
//! SG(w, h) = mex of SG(i, h) ^ SG(w − i, h) (2 ≤ i ≤ w − 2) and SG(w, j) ^ SG(w, h − j)
//! (2 ≤ j ≤ h − 2). Tabulate it up to 200 × 200 once (SG ≤ 9, so every XOR is below 16).
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 200;

fn main() -> io::Result<()> {
    let mut sg = vec![[0u8; MAX + 1]; MAX + 1];
    for w in 2..=MAX {
        for h in 2..=MAX {
            let mut seen = [false; 16];
            for i in 2..w - 1 {
                seen[(sg[i][h] ^ sg[w - i][h]) as usize] = true;
            }
            for j in 2..h - 1 {
                seen[(sg[w][j] ^ sg[w][h - j]) as usize] = true;
            }
            sg[w][h] = seen.iter().position(|&s| !s).expect("mex below 16") as u8;
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
