//! Oracle for POJ 1067 (Wythoff's game): exhaustive win/lose table over the literal moves.
//! win[a][b] = some move (take t ≥ 1 from pile a, from pile b, or from both) reaches a losing
//! position; (0, 0) has no move and is losing. The table is filled for 0 ≤ a, b ≤ M, where M is
//! the largest number in the input, in increasing order of a then b, so every successor is known.
//! The moves from (a, b) reach exactly the cells before it in its column, in its row and on its
//! diagonal, so three running flags ("a losing cell has been met in this column / row /
//! diagonal") answer "is some successor losing?" without scanning those cells again.
//! Reach: M ≤ 4000 (16M cells: a few tens of milliseconds). Larger inputs are refused (exit 3) rather
//! than answered wrongly.
use std::io::{self, BufWriter, Read, Write};

const LIMIT: usize = 4000;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let m = nums.iter().copied().max().unwrap_or(0);
    if m > LIMIT {
        eprintln!(
            "brute: pile size {} is beyond this oracle's reach ({})",
            m, LIMIT
        );
        std::process::exit(3);
    }
    let w = m + 1;
    let mut win = vec![false; w * w];
    // col_lose[b]: some (a', b) with a' < a is losing; diag_lose[m + b - a]: some (a - t, b - t)
    // with t ≥ 1 is losing; row_lose: some (a, b') with b' < b is losing.
    let mut col_lose = vec![false; w];
    let mut diag_lose = vec![false; 2 * w];
    for a in 0..=m {
        let mut row_lose = false;
        for b in 0..=m {
            let d = m + b - a;
            let found = col_lose[b] || row_lose || diag_lose[d];
            win[a * w + b] = found;
            if !found {
                col_lose[b] = true;
                row_lose = true;
                diag_lose[d] = true;
            }
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let answer = if win[pair[0] * w + pair[1]] { 1 } else { 0 };
        writeln!(out, "{}", answer).unwrap();
    }
    out.flush().unwrap();
}
