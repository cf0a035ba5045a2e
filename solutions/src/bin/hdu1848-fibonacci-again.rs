//! HDU 1848 — Fibonacci again and again
//! Three piles; a move takes a Fibonacci number (1, 2, 3, 5, 8, …) of stones from one pile;
//! whoever takes the last stone wins. Lines `m n p` until `0 0 0`; print `Fibo` if the first
//! player wins, else `Nacci`.
//! Insight: the piles are independent games, so the position is lost iff
//! SG(m) ^ SG(n) ^ SG(p) == 0, with SG(x) = mex { SG(x - f) : f Fibonacci, f <= x }.
//! SG has no short closed form (it starts 0 1 2 3 0 1 2 3 4 5 0 1 …), so tabulate it up to 1000.
use std::io::{self, BufWriter, Read, Write};

const MAX: usize = 1000;

fn main() -> io::Result<()> {
    // Fibonacci move sizes 1, 2, 3, 5, …, 987 (each once; F(1) = 1, F(2) = 2).
    let mut fib = vec![1usize, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= MAX {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut sg = vec![0usize; MAX + 1];
    for x in 1..=MAX {
        let mut seen = [false; 32]; // a pile has at most 15 moves, so SG <= 15
        for &f in fib.iter().take_while(|&&f| f <= x) {
            seen[sg[x - f]] = true;
        }
        sg[x] = seen.iter().position(|&s| !s).expect("mex below 32");
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
            break; // end of input; anything after it is ignored
        }
        let win = sg[t[0]] ^ sg[t[1]] ^ sg[t[2]] != 0;
        writeln!(out, "{}", if win { "Fibo" } else { "Nacci" })?;
    }
    out.flush()
}
