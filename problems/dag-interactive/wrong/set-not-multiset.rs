//! Wrong: decides the declaration on the set of occupied nodes, dropping repeated ones, as if two
//! tokens on one node were one. They cancel instead (the second player mirrors): on
//! `two-on-one-node` (tokens on 1, 1, 2; SG 1, 1, 0) it computes 1 xor 0 = 1 and declares
//! `first`, a losing declaration (WA). Its moves use every token, as they should.
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

/// SG value of every node, successors first (iterative post-order DFS).
fn grundy(succ: &[Vec<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let n = succ.len();
    let mut sg = vec![UNSEEN; n];
    let mut mark = vec![usize::MAX; n + 1]; // mark[g] == v: g occurs among v's successors
    let mut stack: Vec<(usize, usize)> = Vec::new(); // (node, next edge to look at)
    for root in 0..n {
        if sg[root] != UNSEEN {
            continue;
        }
        sg[root] = UNSEEN - 1; // on the stack
        stack.push((root, 0));
        while let Some(&mut (v, ref mut e)) = stack.last_mut() {
            if *e < succ[v].len() {
                let w = succ[v][*e];
                *e += 1;
                if sg[w] == UNSEEN {
                    sg[w] = UNSEEN - 1;
                    stack.push((w, 0));
                }
            } else {
                stack.pop();
                for &w in &succ[v] {
                    mark[sg[w].min(n)] = v;
                }
                sg[v] = (0..).find(|&g| mark[g] != v).expect("mex");
            }
        }
    }
    sg
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
    let mut nodes = tokens.clone();
    nodes.sort_unstable();
    nodes.dedup();
    let mut ours = xor(&nodes) != 0;
    say(&mut out, if ours { "first" } else { "second" });
    // The game ends when no token can move: the side to move then has lost.
    while tokens.iter().any(|&u| !succ[u].is_empty()) {
        if ours {
            let x = xor(&tokens);
            // With its wrong declaration it may face x = 0: it then plays any legal move (a
            // program that panicked here would race the judge's WA with its own RE).
            let (t, v) = match (0..tokens.len()).find(|&t| sg[tokens[t]] ^ x < sg[tokens[t]]) {
                Some(t) => {
                    let target = sg[tokens[t]] ^ x;
                    let v = *succ[tokens[t]]
                        .iter()
                        .find(|&&v| sg[v] == target)
                        .expect("mex: a successor has every smaller value");
                    (t, v)
                }
                None => {
                    let t = (0..tokens.len())
                        .find(|&t| !succ[tokens[t]].is_empty())
                        .expect("the loop runs while a token can move");
                    (t, succ[tokens[t]][0])
                }
            };
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
