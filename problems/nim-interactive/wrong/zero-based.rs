//! Wrong: plays Bouton's strategy but numbers the piles from 0, as its arrays do. Its first move
//! on `1 5` is `0 5`: pile 0 does not exist, an illegal move (WA). (It also reads the judge's
//! moves as 0-based, so later moves go wrong too.)
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
            let i = (0..n).find(|&i| a[i] ^ x < a[i]).unwrap();
            let k = a[i] - (a[i] ^ x);
            a[i] -= k;
            writeln!(out, "{} {}", i, k).unwrap();
            out.flush().unwrap();
        } else {
            match hear(&mut input) {
                Some(m) => {
                    let i = (m[0] as usize).min(n - 1);
                    a[i] = a[i].saturating_sub(m[1]);
                }
                None => return,
            }
        }
        ours = !ours;
    }
}
