//! Wrong: declares the winner right (xor != 0), but always moves on the largest pile: lowers it
//! to a xor x when that is smaller, else takes one stone from it. When the largest pile lacks
//! the top bit of x that one stone is a losing move: `3 4 5` (x = 2) needs 3 -> 1, not 5 -> 4;
//! from then on the judge wins.
use std::io::{self, BufRead, Write};

fn hear(input: &mut impl BufRead) -> Option<Vec<u64>> {
    let mut line = String::new();
    if input.read_line(&mut line).ok()? == 0 || line.trim() == "-1" {
        return None;
    }
    Some(
        line.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect(),
    )
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let n = hear(&mut input).unwrap()[0] as usize;
    let mut a = hear(&mut input).unwrap();
    let mut ours = a.iter().fold(0, |x, &h| x ^ h) != 0;
    writeln!(out, "{}", if ours { "first" } else { "second" }).unwrap();
    out.flush().unwrap();
    while a.iter().any(|&h| h > 0) {
        if ours {
            let x = a.iter().fold(0, |x, &h| x ^ h);
            let i = (0..n).max_by_key(|&i| a[i]).unwrap();
            let k = if a[i] ^ x < a[i] {
                a[i] - (a[i] ^ x)
            } else {
                1
            };
            a[i] -= k;
            writeln!(out, "{} {}", i + 1, k).unwrap();
            out.flush().unwrap();
        } else {
            match hear(&mut input) {
                Some(m) => a[m[0] as usize - 1] -= m[1],
                None => return,
            }
        }
        ours = !ours;
    }
}
