//! Interactor for dag-interactive (README.md has the statement and the protocol).
//!
//! testlib's interactor convention: `interactor INPUT OUTPUT`. INPUT is the test input (the
//! position: the DAG as `N` and N lines `X_i s_1 … s_X`, then the tokens `M p_1 … p_M`); stdin is
//! the solution's stdout and stdout the solution's stdin. The one-line summary (`ok …`,
//! `wrong answer …`, `wrong output format …`, `FAIL …`) goes to OUTPUT and to stderr. Exit code:
//! 0 the solution won, 1 WA, 2 PE (a malformed line), 3 FAIL (the interactor's own failure: a
//! bad test input — a cycle, a repeated edge, a number out of range —, OUTPUT not writable).
//!
//! A move is `t v`: token t (1..=M, numbered as in the input) goes from its node u to node v,
//! where u → v is an edge. The judge sends the position, reads the declaration (`first` or
//! `second`) and plays:
//! - a declaration that loses (theory: the player to move loses iff the xor of SG(node) over the
//!   tokens is 0, SG(u) = mex of SG over u's successors) ends the game at once: `-1`, WA;
//! - each move of the solution is checked against the literal rules; a malformed line is
//!   `-1` + PE, an illegal move `-1` + WA;
//! - when the judge can win it plays the Sprague–Grundy move (a token whose SG value has the top
//!   bit of the xor, to a successor whose SG value makes the xor 0; among those successors the
//!   one with the shortest longest path, then the smallest number); when it cannot, it moves a
//!   random token that has a move to a random successor (SplitMix64 seeded with the FNV-1a hash
//!   of INPUT);
//! - the solution wins when after its move no token can move (the judge writes nothing more, OK);
//!   it loses when that happens after the judge's move (nothing more, WA). End of file where a
//!   line of the solution is due is `-1` + WA.
//!
//! Every move lowers Σ depth(token) (depth = the longest path from a node), so a game has at most
//! Σ depth(p_j) ≤ 10 · 999 moves whoever plays: no other bound is needed.
//!
//! `interactor --analyse FILE` prints, for each position of FILE (positions one after another),
//! the judge's theory: `second`, or `first t v` with the move the judge would play to win.
use std::io::{self, Write};
use std::process::exit;

// The convention, the exit codes, the bounded reading of the solution's lines and the summary:
// problems/_shared/interactor_harness.rs (its top says how to make this file whole to paste).
#[path = "../_shared/interactor_harness.rs"]
mod interactor_harness;
use interactor_harness::{
    fnv1a, integer, jury_answer, read_file, shown, start, SplitMix64, FAIL, OK, PE, WA,
};

const MAX_N: usize = 1000;
const MAX_M: usize = 10;

/// A position: the DAG (successor lists) and the node of each token.
struct Position {
    succ: Vec<Vec<usize>>,
    tokens: Vec<usize>,
}

/// SG value and depth (longest path to a sink) of every node, by an iterative post-order DFS;
/// Err with a node on a cycle if the graph is not acyclic.
fn analyse_graph(succ: &[Vec<usize>]) -> Result<(Vec<usize>, Vec<usize>), usize> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = succ.len();
    let mut state = vec![NEW; n];
    let mut sg = vec![0usize; n];
    let mut depth = vec![0usize; n];
    // seen[g] == v: g is among the SG values of v's successors
    let mut seen = vec![usize::MAX; n + 1];
    let mut stack: Vec<(usize, usize)> = Vec::new(); // (node, next successor to look at)
    for root in 0..n {
        if state[root] != NEW {
            continue;
        }
        state[root] = OPEN;
        stack.push((root, 0));
        while let Some(&mut (v, ref mut e)) = stack.last_mut() {
            if *e < succ[v].len() {
                let w = succ[v][*e];
                *e += 1;
                match state[w] {
                    NEW => {
                        state[w] = OPEN;
                        stack.push((w, 0));
                    }
                    OPEN => return Err(w),
                    _ => {}
                }
            } else {
                stack.pop();
                state[v] = DONE;
                for &w in &succ[v] {
                    seen[sg[w].min(n)] = v;
                    depth[v] = depth[v].max(depth[w] + 1);
                }
                sg[v] = (0..=n).find(|&g| seen[g] != v).expect("mex");
            }
        }
    }
    Ok((sg, depth))
}

/// The Sprague–Grundy move (token index from 0, destination node), if the xor is not 0.
fn best_move(p: &Position, sg: &[usize], depth: &[usize]) -> Option<(usize, usize)> {
    let x = p.tokens.iter().fold(0, |x, &u| x ^ sg[u]);
    if x == 0 {
        return None;
    }
    let top = usize::BITS - 1 - x.leading_zeros();
    let t = (0..p.tokens.len())
        .find(|&t| (sg[p.tokens[t]] >> top) & 1 == 1)
        .expect("a token with the top bit of the xor");
    let u = p.tokens[t];
    let target = sg[u] ^ x; // < sg[u], so some successor has it (mex)
    let v = p.succ[u]
        .iter()
        .copied()
        .filter(|&v| sg[v] == target)
        .min_by_key(|&v| (depth[v], v))
        .expect("a successor with the target SG value");
    Some((t, v))
}

/// A varied legal move of the losing judge (some token can move).
fn varied_move(p: &Position, rng: &mut SplitMix64) -> (usize, usize) {
    let movable: Vec<usize> = (0..p.tokens.len())
        .filter(|&t| !p.succ[p.tokens[t]].is_empty())
        .collect();
    let t = movable[rng.below(movable.len() as u64) as usize];
    let out = &p.succ[p.tokens[t]];
    (t, out[rng.below(out.len() as u64) as usize])
}

fn terminal(p: &Position) -> bool {
    p.tokens.iter().all(|&u| p.succ[u].is_empty())
}

/// Tokens of the test input, for the positions it holds.
struct Tokens<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Tokens<'a> {
    fn int(&mut self, name: &str, lo: usize, hi: usize) -> Result<usize, String> {
        let w = match self.words.next() {
            Some(w) => w,
            None => return Err(format!("end of input, expected {}", name)),
        };
        match w.parse::<usize>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(format!(
                "{} = `{}` is not an integer in {}..={}",
                name, w, lo, hi
            )),
        }
    }

    /// The next position (checked: distinct out-positions, no self-loop, acyclic), None at
    /// the end of the input.
    fn position(&mut self) -> Result<Option<Position>, String> {
        let n = match self.words.next() {
            None => return Ok(None),
            Some(w) => match w.parse::<usize>() {
                Ok(n) if (1..=MAX_N).contains(&n) => n,
                _ => return Err(format!("N = `{}` is not an integer in 1..={}", w, MAX_N)),
            },
        };
        let mut succ = vec![Vec::new(); n];
        let mut listed = vec![usize::MAX; n];
        for (i, out) in succ.iter_mut().enumerate() {
            let x = self.int(&format!("X_{}", i), 0, n - 1)?;
            for j in 1..=x {
                let w = self.int(&format!("out-position {} of node {}", j, i), 0, n - 1)?;
                if w == i {
                    return Err(format!("node {} lists itself", i));
                }
                if listed[w] == i {
                    return Err(format!("node {} lists {} twice", i, w));
                }
                listed[w] = i;
                out.push(w);
            }
        }
        let m = self.int("M", 1, MAX_M)?;
        let mut tokens = Vec::new();
        for j in 1..=m {
            tokens.push(self.int(&format!("p_{}", j), 0, n - 1)?);
        }
        Ok(Some(Position { succ, tokens }))
    }
}

fn analyse(path: &str) {
    let text = read_file(path);
    let mut tokens = Tokens {
        words: text.split_ascii_whitespace(),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    loop {
        let p = match tokens.position() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => {
                eprintln!("FAIL {}: {}", path, e);
                exit(FAIL)
            }
        };
        let (sg, depth) = match analyse_graph(&p.succ) {
            Ok(r) => r,
            Err(v) => {
                eprintln!("FAIL {}: node {} lies on a cycle", path, v);
                exit(FAIL)
            }
        };
        match best_move(&p, &sg, &depth) {
            Some((t, v)) => writeln!(out, "first {} {}", t + 1, v),
            None => writeln!(out, "second"),
        }
        .expect("write");
    }
    out.flush().expect("flush");
}

fn main() {
    let (mut judge, args, text) = start(analyse);
    let mut tokens = Tokens {
        words: text.split_ascii_whitespace(),
    };
    let mut p = match tokens.position() {
        Ok(Some(p)) => p,
        Ok(None) => judge.finish(FAIL, format!("FAIL bad test input {}: empty", args[1])),
        Err(e) => judge.finish(FAIL, format!("FAIL bad test input {}: {}", args[1], e)),
    };
    if tokens.words.next().is_some() {
        judge.finish(
            FAIL,
            format!("FAIL bad test input {}: more than one position", args[1]),
        );
    }
    let (sg, depth) = match analyse_graph(&p.succ) {
        Ok(r) => r,
        Err(v) => judge.finish(
            FAIL,
            format!(
                "FAIL bad test input {}: node {} lies on a cycle",
                args[1], v
            ),
        ),
    };
    let n = p.succ.len();
    let m = p.tokens.len();
    let bound: usize = p.tokens.iter().map(|&u| depth[u]).sum();
    let mut rng = SplitMix64(fnv1a(text.as_bytes()));

    let mut message = n.to_string();
    for out in &p.succ {
        message.push('\n');
        message.push_str(&out.len().to_string());
        for v in out {
            message.push(' ');
            message.push_str(&v.to_string());
        }
    }
    message.push('\n');
    message.push_str(&m.to_string());
    for u in &p.tokens {
        message.push(' ');
        message.push_str(&u.to_string());
    }
    judge.send(&message);

    let declaration = judge.expect_line("the declaration");
    let first = match declaration.as_slice() {
        [w] if w.as_slice() == b"first" => true,
        [w] if w.as_slice() == b"second" => false,
        _ => judge.stop(
            PE,
            format!(
                "wrong output format expected the declaration `first` or `second`, got `{}`",
                shown(&declaration)
            ),
        ),
    };
    let x = p.tokens.iter().fold(0, |x, &u| x ^ sg[u]);
    jury_answer(&args, &mut judge, x != 0);
    if first != (x != 0) {
        judge.stop(
            WA,
            format!(
                "wrong answer declared {}, but the {} player wins (xor of the tokens' SG values \
                 = {})",
                if first { "first" } else { "second" },
                if x != 0 { "first" } else { "second" },
                x
            ),
        );
    }
    let declared = if first { "first" } else { "second" };
    let mut solution_to_move = first;
    let mut moves = 0usize;
    loop {
        if terminal(&p) {
            if solution_to_move {
                judge.finish(
                    WA,
                    format!(
                        "wrong answer the judge made the last move (move {}): no token can move, \
                         the solution lost",
                        moves
                    ),
                );
            }
            judge.finish(
                OK,
                format!(
                    "ok solution won in {} moves (declared {}; N = {}, M = {}, at most {} moves)",
                    moves, declared, n, m, bound
                ),
            );
        }
        moves += 1;
        if solution_to_move {
            let what = format!("move {}", moves);
            let t = judge.expect_line(&what);
            let (tok, v) = match t.as_slice() {
                [a, b] => match (integer(a), integer(b)) {
                    (Some(a), Some(b)) => (a, b),
                    _ => judge.stop(
                        PE,
                        format!(
                            "wrong output format {}: expected two integers `t v`, got `{}`",
                            what,
                            shown(&t)
                        ),
                    ),
                },
                _ => judge.stop(
                    PE,
                    format!(
                        "wrong output format {}: expected `t v` (two integers), got `{}`",
                        what,
                        shown(&t)
                    ),
                ),
            };
            if tok == 0 || tok > m as u64 {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer {}: token {} does not exist (tokens 1..={})",
                        what, tok, m
                    ),
                );
            }
            let t = (tok - 1) as usize;
            let u = p.tokens[t];
            if v >= n as u64 || !p.succ[u].contains(&(v as usize)) {
                judge.stop(
                    WA,
                    format!(
                        "wrong answer {}: token {} is on node {}, which has no edge to node {}",
                        what, tok, u, v
                    ),
                );
            }
            p.tokens[t] = v as usize;
        } else {
            let (t, v) = match best_move(&p, &sg, &depth) {
                Some(mv) => mv,
                None => varied_move(&p, &mut rng),
            };
            p.tokens[t] = v;
            judge.send(&format!("{} {}", t + 1, v));
        }
        solution_to_move = !solution_to_move;
    }
}
