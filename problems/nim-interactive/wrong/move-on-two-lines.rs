//! Wrong: the right strategy, but it writes a move as two lines, the pile and then the number of
//! stones. A move is one line `i k`: the judge reads the line `1` and stops the game as
//! malformed (PE). Its declarations are right, so `second` on an empty board still passes.
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
            writeln!(out, "{}\n{}", i + 1, k).unwrap();
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
