//! WRONG: the move set starts at 2 (2, 3, 5, 8, …): a pile of 1 looks dead.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut fib = vec![2usize, 3];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut sg = vec![0usize; 1001];
    for x in 1..1001 {
        let mut seen = [false; 32];
        for &f in fib.iter().take_while(|&&f| f <= x) {
            seen[sg[x - f]] = true;
        }
        sg[x] = seen.iter().position(|&s| !s).unwrap();
    }
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
        let win = sg[t[0]] ^ sg[t[1]] ^ sg[t[2]] != 0;
        writeln!(out, "{}", if win { "Fibo" } else { "Nacci" })?;
    }
    out.flush()
}
