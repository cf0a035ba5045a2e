//! WRONG (input): reads one sheet and stops, as if the input held a single test case; the
//! statement has several, to end of file. The sample gets one line of its three.
use std::io::{self, Read};

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
            sg[w][h] = seen.iter().position(|&s| !s).unwrap() as u8;
        }
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    if let (Some(w), Some(h)) = (it.next(), it.next()) {
        println!("{}", if sg[w][h] != 0 { "WIN" } else { "LOSE" });
    }
    Ok(())
}
