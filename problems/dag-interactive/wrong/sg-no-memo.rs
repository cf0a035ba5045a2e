//! Wrong: computes SG by plain recursion over the successors, without a memo. Right on every
//! graph, but a node is evaluated once per path that reaches it: on `max-layered` (500 layers of
//! 2 nodes, each to both nodes below) the top node has 2^499 paths, and the solution never gets
//! to its declaration (TLE).
use std::io::{self, BufRead, Write};

fn say(out: &mut impl Write, line: &str) {
    writeln!(out, "{}", line).expect("write");
    out.flush().expect("flush");
}

/// The judge's next line as numbers; None at end of file or on `-1` (the game is over).
fn hear(input: &mut impl BufRead) -> Option<Vec<usize>> {
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

/// SG value of u, by recursion without a memo.
fn sg_of(succ: &[Vec<usize>], u: usize) -> usize {
    let values: Vec<usize> = succ[u].iter().map(|&v| sg_of(succ, v)).collect();
    (0..).find(|g| !values.contains(g)).expect("mex")
}

/// SG value of every node (each computed on its own).
fn grundy(succ: &[Vec<usize>]) -> Vec<usize> {
    (0..succ.len()).map(|u| sg_of(succ, u)).collect()
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let n = match hear(&mut input) {
        Some(v) => v[0],
        None => return,
    };
    let mut succ = Vec::with_capacity(n);
    for _ in 0..n {
        match hear(&mut input) {
            Some(v) => succ.push(v[1..].to_vec()),
            None => return,
        }
    }
    let mut tokens = match hear(&mut input) {
        Some(v) => v[1..].to_vec(),
        None => return,
    };
    let sg = grundy(&succ);
    let xor = |tokens: &[usize]| tokens.iter().fold(0, |x, &u| x ^ sg[u]);
    let mut ours = xor(&tokens) != 0;
    say(&mut out, if ours { "first" } else { "second" });
    // The game ends when no token can move: the side to move then has lost.
    while tokens.iter().any(|&u| !succ[u].is_empty()) {
        if ours {
            let x = xor(&tokens);
            let t = (0..tokens.len())
                .find(|&t| sg[tokens[t]] ^ x < sg[tokens[t]])
                .expect("x != 0 on our turn");
            let target = sg[tokens[t]] ^ x;
            let v = *succ[tokens[t]]
                .iter()
                .find(|&&v| sg[v] == target)
                .expect("mex: a successor has every smaller value");
            tokens[t] = v;
            say(&mut out, &format!("{} {}", t + 1, v));
        } else {
            match hear(&mut input) {
                Some(m) => tokens[m[0] - 1] = m[1],
                None => return,
            }
        }
        ours = !ours;
    }
}
