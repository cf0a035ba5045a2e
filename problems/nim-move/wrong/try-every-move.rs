//! Too slow: tries every move in order (pile i, then k = 1, 2, …) and recomputes the xor of all
//! piles after each: O(n * sum a_i) per test. Right answers (the first winning move, as the
//! brute force finds it), but with piles near 10^9 that is ~10^11 steps per test: TLE.
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
        let mut piles: Vec<u64> = (0..n).map(|_| tokens.next().unwrap()).collect();
        let mut found = None;
        'search: for i in 0..n {
            let a = piles[i];
            for k in 1..=a {
                piles[i] = a - k;
                if piles.iter().fold(0, |x, &b| x ^ b) == 0 {
                    found = Some((i + 1, k));
                    break 'search;
                }
            }
            piles[i] = a;
        }
        match found {
            Some((i, k)) => writeln!(out, "{} {}", i, k)?,
            None => writeln!(out, "Lose")?,
        }
    }
    out.flush()
}
