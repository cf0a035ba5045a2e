//! Wrong: finds the right pile but prints the size to LEAVE (a_i xor X) instead of the number of
//! stones to TAKE (a_i - (a_i xor X)). Taking a whole pile prints k = 0, an illegal move
//! (`1 5` -> `1 0`); otherwise the move is legal but leaves a nonzero xor.
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
        let i = (0..n).find(|&i| piles[i] ^ x < piles[i]).unwrap();
        writeln!(out, "{} {}", i + 1, piles[i] ^ x)?;
    }
    out.flush()
}
