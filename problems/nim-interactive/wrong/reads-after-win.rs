//! Wrong: the right strategy, but after each of its moves it reads the judge's reply, also after
//! the move that takes the last stone. The judge writes nothing after the end of the game and
//! exits, which closes the solution's stdin: the read returns end of file at once, an empty line,
//! and taking the pile number out of it panics (RE, exit code 101). It never blocks: the judge
//! has gone (a harness that kept the pipe open would turn this into ILE; ours does not). The
//! solution won the game: the judge says OK, the crash afterwards is the solution's verdict.
use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let mut line = String::new();
    input.read_line(&mut line).unwrap();
    let n: usize = line.trim().parse().unwrap();
    line.clear();
    input.read_line(&mut line).unwrap();
    let mut a: Vec<u64> = line
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let ours = a.iter().fold(0, |x, &h| x ^ h) != 0;
    writeln!(out, "{}", if ours { "first" } else { "second" }).unwrap();
    out.flush().unwrap();
    let mut ours = ours;
    loop {
        if ours {
            let x = a.iter().fold(0, |x, &h| x ^ h);
            let i = (0..n).find(|&i| a[i] ^ x < a[i]).unwrap();
            let k = a[i] - (a[i] ^ x);
            a[i] -= k;
            writeln!(out, "{} {}", i + 1, k).unwrap();
            out.flush().unwrap();
        }
        // The judge's move: "always" comes, so no end-of-game check here.
        line.clear();
        input.read_line(&mut line).unwrap();
        let m: Vec<u64> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        a[m[0] as usize - 1] -= m[1];
        ours = true;
    }
}
