//! Wrong: the SG memo is allocated once for all test cases and never cleared, so a node keeps
//! the SG value it had in an earlier graph. (Reading and the rest are right.)
use std::io::{self, Read};

fn sg(v: usize, succ: &[Vec<usize>], memo: &mut [Option<usize>]) -> usize {
    if let Some(g) = memo[v] {
        return g;
    }
    let mut seen = vec![false; succ[v].len() + 1];
    for &w in &succ[v] {
        let g = sg(w, succ, memo);
        if g < seen.len() {
            seen[g] = true;
        }
    }
    let g = seen.iter().position(|&s| !s).unwrap();
    memo[v] = Some(g);
    g
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut memo = vec![None; 1000]; // BUG: shared by every test case
    while let Some(n) = it.next() {
        let mut succ = Vec::new();
        for _ in 0..n {
            let x = it.next().unwrap();
            succ.push((0..x).map(|_| it.next().unwrap()).collect::<Vec<_>>());
        }
        loop {
            let m = it.next().unwrap();
            if m == 0 {
                break;
            }
            let mut x = 0;
            for _ in 0..m {
                let p = it.next().unwrap();
                x ^= sg(p, &succ, &mut memo);
            }
            println!("{}", if x != 0 { "WIN" } else { "LOSE" });
        }
    }
}
