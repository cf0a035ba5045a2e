//! Oracle for HDU 1846 — Brave Game: exhaustive win/lose search over the literal moves.
//! For each m it fills win[0..=n] bottom-up: a position is winning iff some move (take k stones,
//! 1 <= k <= min(m, n)) leads to a losing position; 0 stones to move = the opponent took the last
//! stone = lost. No modulus, no closed form. Cost O(n * min(n, m)) per distinct m: the whole
//! statement range (n, m <= 1000, C <= 100) takes well under a second.
use std::collections::HashMap;
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let cases = it.next().unwrap_or(0);
    let mut tables: HashMap<usize, Vec<bool>> = HashMap::new();
    let mut out = String::new();
    for _ in 0..cases {
        let n = it.next().unwrap();
        let m = it.next().unwrap();
        let win = tables.entry(m).or_insert_with(|| vec![false]);
        while win.len() <= n {
            let s = win.len();
            let mut w = false;
            for k in 1..=m.min(s) {
                if !win[s - k] {
                    w = true;
                    break;
                }
            }
            win.push(w);
        }
        out.push_str(if win[n] { "first\n" } else { "second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
