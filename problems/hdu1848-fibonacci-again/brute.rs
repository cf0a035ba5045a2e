//! Oracle for HDU 1848: exhaustive win/lose table over whole three-pile positions.
//! win[m][n][p] = some legal move (take a Fibonacci number 1, 2, 3, 5, 8, … of stones from one
//! pile) reaches a lost position; (0, 0, 0) has no moves and is lost. Every move lowers one
//! coordinate, so filling the table in increasing (m, n, p) order, every successor is known
//! when it is needed. No SG values, no xor, no symmetry: the three piles are kept as given.
//! Reach: (M + 1)^3 cells for the largest pile M of the input, each tried against every
//! Fibonacci number up to it: M = 40 well under a millisecond, M = 200 (8M cells) about a
//! hundred milliseconds, M = 400 (64M cells, the most it accepts) a second or two. Larger piles
//! are refused (exit 3) rather than left to run for minutes.
use std::io::{self, BufWriter, Read, Write};

const LIMIT: usize = 400;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    // The test cases: triples up to the terminator 0 0 0; lines after it are not test cases.
    let cases: Vec<&[usize]> = nums
        .chunks_exact(3)
        .take_while(|c| *c != [0, 0, 0])
        .collect();
    let top = cases
        .iter()
        .flat_map(|c| c.iter())
        .copied()
        .max()
        .unwrap_or(0);
    if top > LIMIT {
        eprintln!(
            "brute: pile size {} is beyond this oracle's reach ({})",
            top, LIMIT
        );
        std::process::exit(3);
    }
    // The Fibonacci numbers of the statement: F(1) = 1, F(2) = 2, F(n) = F(n-1) + F(n-2).
    let mut moves = vec![1, 2];
    while moves[moves.len() - 1] + moves[moves.len() - 2] <= top {
        moves.push(moves[moves.len() - 1] + moves[moves.len() - 2]);
    }
    let w = top + 1;
    let at = |m: usize, n: usize, p: usize| (m * w + n) * w + p;
    let mut win = vec![false; w * w * w];
    for m in 0..=top {
        for n in 0..=top {
            for p in 0..=top {
                win[at(m, n, p)] = moves.iter().any(|&f| {
                    (f <= m && !win[at(m - f, n, p)])
                        || (f <= n && !win[at(m, n - f, p)])
                        || (f <= p && !win[at(m, n, p - f)])
                });
            }
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for c in cases {
        let word = if win[at(c[0], c[1], c[2])] {
            "Fibo"
        } else {
            "Nacci"
        };
        writeln!(out, "{}", word).expect("write");
    }
    out.flush().expect("flush");
}
