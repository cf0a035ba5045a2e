//! Presentation error: the right answers, but written `print!("{} ", answer)`, all on one line
//! (one newline at the end); the statement wants one line per test.
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
            write!(out, "Lose ")?;
            continue;
        }
        let i = (0..n).find(|&i| piles[i] ^ x < piles[i]).unwrap();
        write!(out, "{} {} ", i + 1, piles[i] - (piles[i] ^ x))?;
    }
    writeln!(out)?;
    out.flush()
}
