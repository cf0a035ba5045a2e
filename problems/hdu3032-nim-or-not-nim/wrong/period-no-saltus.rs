//! WRONG: the period without the saltus. It computes G by the mex of the literal rules up to
//! 100, sees the values repeat a pattern every 4 heaps, and reads a larger heap from the table's
//! last period, sg[96 + n % 4], as one does for a purely periodic subtraction game. But Lasker's
//! Nim is arithmetic-periodic: G(n + 4) = G(n) + 4, so every heap above 99 gets a value 4k too
//! small. Right on every heap below 100 (the sample and every brute-force case).
use std::io::{self, BufWriter, Read, Write};

const LIMIT: usize = 100;
const PERIOD: usize = 4;

fn main() -> io::Result<()> {
    let mut sg = vec![0usize; LIMIT];
    for n in 1..LIMIT {
        let mut seen = [false; 2 * LIMIT];
        for m in 0..n {
            seen[sg[m]] = true; // take n - m stones
        }
        for a in 1..=n / 2 {
            seen[sg[a] ^ sg[n - a]] = true; // split into a + (n - a)
        }
        sg[n] = seen.iter().position(|&s| !s).unwrap();
    }
    let value = |n: usize| {
        if n < LIMIT {
            sg[n]
        } else {
            sg[LIMIT - PERIOD + n % PERIOD]
        }
    };
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let t = nums.next().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..t {
        let n = nums.next().expect("N");
        let mut x = 0;
        for _ in 0..n {
            x ^= value(nums.next().expect("heap"));
        }
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
