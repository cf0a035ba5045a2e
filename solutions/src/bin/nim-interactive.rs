//! nim-interactive — Nim against the judge (local interactive problem).
//! The judge sends `n` and the piles `a_1 … a_n`; we answer `first` or `second` (whether we
//! move first), then the two sides alternate moves `i k` (take k ≥ 1 stones from pile i,
//! 1-based), one a line; whoever takes the last stone wins. After our winning move the judge
//! writes nothing more; `-1` from the judge means the game was stopped (we stop too).
//! Insight (Bouton): the player to move loses iff the xor of the piles is 0. So we move first
//! iff the xor x is not 0, and each of our moves restores xor 0: a pile a_i with the top bit of
//! x set drops to a_i xor x (< a_i). The judge can never leave xor 0 from xor 0, so we always
//! have such a move, and we take the last stone.
//! Every line we write is flushed at once: the judge answers only what it has received.
use std::io::{self, BufRead, Write};

fn say(out: &mut impl Write, line: &str) {
    writeln!(out, "{}", line).expect("write");
    out.flush().expect("flush");
}

/// The judge's next line as numbers; None at end of file or on `-1` (the game is over).
fn hear(input: &mut impl BufRead) -> Option<Vec<u64>> {
    let mut line = String::new();
    if input.read_line(&mut line).ok()? == 0 || line.trim() == "-1" {
        return None;
    }
    Some(
        line.split_ascii_whitespace()
            .map(|t| t.parse().expect("integer"))
            .collect(),
    )
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let n = match hear(&mut input) {
        Some(v) => v[0] as usize,
        None => return,
    };
    let mut a = match hear(&mut input) {
        Some(v) => v,
        None => return,
    };
    assert_eq!(a.len(), n, "n piles");
    let mut ours = a.iter().fold(0, |x, &h| x ^ h) != 0;
    say(&mut out, if ours { "first" } else { "second" });
    // The game ends when every pile is empty: the side to move then has lost.
    while a.iter().any(|&h| h > 0) {
        if ours {
            let x = a.iter().fold(0, |x, &h| x ^ h);
            let i = (0..n)
                .find(|&i| a[i] ^ x < a[i])
                .expect("xor != 0 on our turn");
            let k = a[i] - (a[i] ^ x);
            a[i] -= k;
            say(&mut out, &format!("{} {}", i + 1, k));
        } else {
            let m = match hear(&mut input) {
                Some(m) => m,
                None => return,
            };
            a[m[0] as usize - 1] -= m[1];
        }
        ours = !ours;
    }
}
