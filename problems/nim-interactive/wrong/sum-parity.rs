//! Wrong: declares by the parity of the total ("first iff the number of stones is odd", true only
//! when every move takes one stone), then plays Bouton's move when it has one and takes one
//! stone otherwise. `1 3`: the total 4 is even, so it declares `second`, but 1 xor 3 = 2 wins
//! for the first player: a losing declaration, stopped at once (WA).
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
    let mut ours = a.iter().sum::<u64>() % 2 == 1;
    writeln!(out, "{}", if ours { "first" } else { "second" }).unwrap();
    out.flush().unwrap();
    while a.iter().any(|&h| h > 0) {
        if ours {
            let x = a.iter().fold(0, |x, &h| x ^ h);
            let (i, k) = match (0..n).find(|&i| a[i] ^ x < a[i]) {
                Some(i) => (i, a[i] - (a[i] ^ x)),
                None => ((0..n).find(|&i| a[i] > 0).unwrap(), 1),
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
