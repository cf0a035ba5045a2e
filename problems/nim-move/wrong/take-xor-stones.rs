//! Wrong: "removing X stones cancels the xor": takes min(X, a_i) stones from the first non-empty
//! pile. Right for one pile and some lucky positions (`3 3 4 5`), but xor is not subtraction:
//! `4 3 4 5 6` (X = 4) takes 3 from pile 1 and leaves 0 4 5 6, xor 7.
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
        let i = (0..n).find(|&i| piles[i] > 0).unwrap();
        writeln!(out, "{} {}", i + 1, x.min(piles[i]))?;
    }
    out.flush()
}
