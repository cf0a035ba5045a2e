//! Wrong: computes only win/lose per node (N-position = 1, P-position = 0) and xors those bits.
//! The sum of games needs the full SG values: chessmen on nodes with SG 1 and 2 are a first-player
//! win (1 xor 2 = 3), but both nodes are "winning", so the bits cancel and this says LOSE.
use std::io::{self, Read};

fn wins(v: usize, succ: &[Vec<usize>], memo: &mut [Option<bool>]) -> bool {
    if let Some(w) = memo[v] {
        return w;
    }
    let mut w = false;
    for &u in &succ[v] {
        if !wins(u, succ, memo) {
            w = true;
        }
    }
    memo[v] = Some(w);
    w
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    while let Some(n) = it.next() {
        let mut succ = Vec::new();
        for _ in 0..n {
            let x = it.next().unwrap();
            succ.push((0..x).map(|_| it.next().unwrap()).collect::<Vec<_>>());
        }
        let mut memo = vec![None; n];
        loop {
            let m = it.next().unwrap();
            if m == 0 {
                break;
            }
            let mut x = false;
            for _ in 0..m {
                let p = it.next().unwrap();
                x ^= wins(p, &succ, &mut memo);
            }
            println!("{}", if x { "WIN" } else { "LOSE" });
        }
    }
}
