//! WRONG (the cut loops off by one): the reduced game's table, but the loops run from 1 to
//! w − 1 (and 1 to h − 1), so the cuts that leave a strip 1 wide are counted as options, the
//! strip read from the table's untouched row 1 as SG 0, as if it were a lost piece for the
//! opponent. In the real game that cut loses at once. 2×2 gets the option 0 (cut into two
//! strips) and becomes WIN: the sample's first line fails.
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 200;

fn main() -> io::Result<()> {
    let mut sg = vec![[0u8; MAX + 1]; MAX + 1];
    for w in 2..=MAX {
        for h in 2..=MAX {
            let mut seen = [false; 16];
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
