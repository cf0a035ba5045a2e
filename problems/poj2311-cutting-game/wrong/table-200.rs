//! WRONG (the table one too small): a 200×200 table indexed by the side itself, so it holds
//! sides 0..=199 only; the loops stop at 199 and a sheet with a side of 200 indexes past the
//! end (in C++ `int sg[200][200]` reads or writes memory that is not the table; in Rust it
//! panics).
use std::io::{self, BufWriter, Read, Write};

const N: usize = 200;

fn main() -> io::Result<()> {
    let mut sg = vec![[0u8; N]; N];
    for w in 2..N {
        for h in 2..N {
            let mut seen = [false; 16];
            for i in 2..w - 1 {
                seen[(sg[i][h] ^ sg[w - i][h]) as usize] = true;
            }
            for j in 2..h - 1 {
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
