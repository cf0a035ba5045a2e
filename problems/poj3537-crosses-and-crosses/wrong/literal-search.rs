//! WRONG (too slow): searches the literal game on the whole strip, memoised on the set of
//! crosses. Right, but exponential: every position without three in a row is searched and kept
//! (brute.rs settles the ones with an immediate win first and keeps only the quiet ones), so
//! n = 20 takes a quarter of a second, n = 24 six seconds, n = 28 over a minute.
use std::collections::HashMap;
use std::io::{self, Read, Write};

fn wins(cells: &mut Vec<bool>, memo: &mut HashMap<Vec<bool>, bool>) -> bool {
    if let Some(&w) = memo.get(cells) {
        return w;
    }
    let n = cells.len();
    let three = |c: &Vec<bool>, i: usize| {
        (i.saturating_sub(2)..=i.min(n - 3)).any(|s| c[s] && c[s + 1] && c[s + 2])
    };
    let mut win = false;
    for i in 0..n {
        if cells[i] {
            continue;
        }
        cells[i] = true;
        win = three(cells, i) || !wins(cells, memo);
        cells[i] = false;
        if win {
            break;
        }
    }
    memo.insert(cells.clone(), win);
    win
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let n: usize = input
        .split_ascii_whitespace()
        .next()
        .expect("an integer n")
        .parse()
        .expect("integer");
    let win = wins(&mut vec![false; n], &mut HashMap::new());
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if win { 1 } else { 2 })?;
    out.flush()
}
