//! Wrong: the right strategy, written through a BufWriter "for speed" and never flushed inside
//! the game. Its lines stay in its buffer while it waits for the judge's reply, and the judge
//! waits for its line: nobody moves until the wall-clock limit (ILE, idleness limit exceeded).
//! It gets through only games that end without a read (one winning move, or `second` on an
//! empty board): the buffer is flushed when the program exits.
use std::io::{self, BufRead, BufWriter, Write};

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
    let mut out = BufWriter::new(io::stdout());
    let n = hear(&mut input).unwrap()[0] as usize;
    let mut a = hear(&mut input).unwrap();
    let mut ours = a.iter().fold(0, |x, &h| x ^ h) != 0;
    writeln!(out, "{}", if ours { "first" } else { "second" }).unwrap();
    while a.iter().any(|&h| h > 0) {
        if ours {
            let x = a.iter().fold(0, |x, &h| x ^ h);
            let i = (0..n).find(|&i| a[i] ^ x < a[i]).unwrap();
            let k = a[i] - (a[i] ^ x);
            a[i] -= k;
            writeln!(out, "{} {}", i + 1, k).unwrap();
        } else {
            match hear(&mut input) {
                Some(m) => a[m[0] as usize - 1] -= m[1],
                None => return,
            }
        }
        ours = !ours;
    }
}
