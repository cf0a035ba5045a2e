//! Oracle for bash-misere: exhaustive win/lose search over the literal moves, misère rule.
//! For each m it fills win[1..=n] bottom-up. With s >= 1 stones, taking k (1 <= k <= min(m, s))
//! is a winning move iff k < s (taking the last stone loses on the spot) and s - k is a losing
//! position for the opponent. A position is winning iff it has a winning move. No modulus, no
//! closed form. Cost about O(n * min(n, m)) per distinct m: fine for n up to a few thousand
//! (the generator's default sizes: n, m <= 60); n near 10^9 is out of its reach.
use std::collections::HashMap;
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let cases = it.next().unwrap_or(0);
    // win[s] for s stones to move; index 0 is a placeholder (never a position to move from).
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
                if k < s && !win[s - k] {
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
