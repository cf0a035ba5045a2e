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
use std::env;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

const OK: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

const MAX_N: usize = 1000;
const MAX_M: usize = 10;
/// The longest line the solution may write, end of line excluded.
const MAX_LINE: usize = 256;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform-ish in 0..n (n ≥ 1).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

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

fn read_file(path: &str) -> String {
    match fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("FAIL cannot read {}: {}", path, e);
            exit(FAIL)
        }
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

/// A line of the solution: its tokens (split at spaces, tabs and CRs).
enum Line {
    Tokens(Vec<Vec<u8>>),
    End,
    TooLong,
}

struct Judge {
    input: io::StdinLock<'static>,
    output: io::StdoutLock<'static>,
    summary: String,
}

impl Judge {
    /// Writes the summary line to OUTPUT and stderr, and exits with `code`.
    fn finish(&mut self, code: i32, message: String) -> ! {
        let _ = self.output.flush();
        eprintln!("{}", message);
        if let Err(e) = fs::write(&self.summary, format!("{}\n", message)) {
            eprintln!("FAIL cannot write {}: {}", self.summary, e);
            exit(FAIL);
        }
        exit(code)
    }

    /// Ends the game before its natural end: `-1` tells the solution to stop reading.
    fn stop(&mut self, code: i32, message: String) -> ! {
        let _ = writeln!(self.output, "-1");
        let _ = self.output.flush();
        self.finish(code, message)
    }

    fn send(&mut self, line: &str) {
        let sent = writeln!(self.output, "{}", line).and_then(|_| self.output.flush());
        if let Err(e) = sent {
            self.finish(
                WA,
                format!(
                    "wrong answer the solution stopped reading (writing to it: {})",
                    e
                ),
            );
        }
    }

    fn read_line(&mut self) -> Line {
        let mut buf = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        if let Err(e) = self.input.by_ref().take(limit).read_until(b'\n', &mut buf) {
            self.finish(WA, format!("wrong answer cannot read the solution: {}", e));
        }
        if buf.is_empty() {
            return Line::End;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            return Line::TooLong;
        }
        let tokens = buf
            .split(|&c| c == b' ' || c == b'\t' || c == b'\r')
            .filter(|t| !t.is_empty())
            .map(|t| t.to_vec())
            .collect();
        Line::Tokens(tokens)
    }

    /// The solution's next line, or the end of the game with the right verdict.
    fn expect_line(&mut self, what: &str) -> Vec<Vec<u8>> {
        match self.read_line() {
            Line::Tokens(t) => t,
            Line::End => self.stop(
                WA,
                format!(
                    "wrong answer the solution stopped answering: end of file where {} was due",
                    what
                ),
            ),
            Line::TooLong => self.stop(
                PE,
                format!(
                    "wrong output format {}: a line longer than {} bytes",
                    what, MAX_LINE
                ),
            ),
        }
    }
}

fn shown(tokens: &[Vec<u8>]) -> String {
    let words: Vec<String> = tokens
        .iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let s = words.join(" ");
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

/// A canonical unsigned integer (no sign, no leading zero); more than 18 digits is u64::MAX.
fn integer(t: &[u8]) -> Option<u64> {
    if t.is_empty() || !t.iter().all(u8::is_ascii_digit) || (t.len() > 1 && t[0] == b'0') {
        return None;
    }
    if t.len() > 18 {
        return Some(u64::MAX);
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

/// testlib's ANSWER (the third argument), when given and not empty: the jury's declaration for
/// this input, the brute force's (`runner verify` and `runner stress` pass its output). The
/// interactor's theory must agree with it, else the judge itself is wrong: FAIL.
fn jury_answer(args: &[String], judge: &mut Judge, first_wins: bool) {
    let path = match args.get(3) {
        Some(path) => path,
        None => return,
    };
    let text = read_file(path);
    let word = match text.split_ascii_whitespace().next() {
        Some(word) => word,
        None => return,
    };
    let theory = if first_wins { "first" } else { "second" };
    if word != theory {
        judge.finish(
            FAIL,
            format!("FAIL the jury's answer says {word}, the interactor's theory says {theory}"),
        );
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() == 3 && args[1] == "--analyse" {
        analyse(&args[2]);
        return;
    }
    if args.len() < 3 {
        eprintln!("FAIL usage: interactor INPUT OUTPUT [ANSWER]   (or: interactor --analyse FILE)");
        exit(FAIL);
    }
    let mut judge = Judge {
        input: io::stdin().lock(),
        output: io::stdout().lock(),
        summary: args[2].clone(),
    };
    let text = read_file(&args[1]);
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
