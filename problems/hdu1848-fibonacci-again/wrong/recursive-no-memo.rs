//! WRONG (too slow): computes each SG value by plain recursion without a table, so the work
//! grows exponentially with the pile size (a pile of 40 already takes seconds).
use std::io::{self, BufWriter, Read, Write};

fn sg(x: usize, fib: &[usize]) -> usize {
    let mut seen = [false; 32];
    for &f in fib.iter().take_while(|&&f| f <= x) {
        seen[sg(x - f, fib)] = true;
    }
    seen.iter().position(|&s| !s).unwrap()
}

fn main() -> io::Result<()> {
    let fib = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987];
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut out = BufWriter::new(io::stdout().lock());
    for t in nums.chunks_exact(3) {
        if t == [0, 0, 0] {
            break;
        }
        let win = sg(t[0], &fib) ^ sg(t[1], &fib) ^ sg(t[2], &fib) != 0;
        writeln!(out, "{}", if win { "Fibo" } else { "Nacci" })?;
    }
    out.flush()
}
