//! Wrong: "move on the largest pile" — but the pile to move on is one with the top bit of X set,
//! not the largest. When the largest pile lacks that bit, a_i xor X > a_i and the u64
//! subtraction a_i - (a_i xor X) wraps (rustc -O does not check overflow), printing a huge k:
//! `3 2 2 1` (X = 1) gives `1 18446744073709551615`, more stones than pile 1 has.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let mut out = BufWriter::new(io::stdout().lock());
    let t = tokens.next().unwrap();
    for _ in 0..t {
        let n = tokens.next().unwrap() as usize;
        let piles: Vec<u64> = (0..n).map(|_| tokens.next().unwrap()).collect();
        let x = piles.iter().fold(0, |x, &a| x ^ a);
        if x == 0 {
            writeln!(out, "Lose")?;
            continue;
        }
        let mut i = 0;
        for j in 1..n {
            if piles[j] > piles[i] {
                i = j;
            }
        }
        let k = piles[i] - (piles[i] ^ x);
        writeln!(out, "{} {}", i + 1, k)?;
    }
    out.flush()
}
