//! Wrong: "the parity of the total decides" (true only when every move takes one stone): Lose iff
//! the sum is even, else take one stone from the first non-empty pile. `2 1 3` sums to 4 yet
//! 1 xor 3 = 2 != 0 is a win; and `1 5` -> `1 1` leaves 4, xor 4.
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
        let sum: u64 = piles.iter().sum();
        if sum % 2 == 0 {
            writeln!(out, "Lose")?;
        } else {
            let i = (0..n).find(|&i| piles[i] > 0).unwrap();
            writeln!(out, "{} 1", i + 1)?;
        }
    }
    out.flush()
}
