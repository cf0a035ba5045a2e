//! Input validator for HDU 1524 — A Chess Game.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1524-chess-game/README.md, "Input / output"):
//! - "Several test cases, until end of input. Each starts with `N` (1 ≤ N ≤ 1000) on a line,
//!   then N lines: line i (0-based) is `X_i s_1 … s_{X_i}`, the number of out-positions of
//!   position i and the out-positions themselves." Out-positions are positions 0..N-1.
//! - The graph is "a directed acyclic graph": no position lists itself, and there is no cycle.
//!   The out-positions of one position are distinct ("a DAG has at most N(N−1)/2" edges, i.e.
//!   no edge twice), so 0 ≤ X_i ≤ N − 1.
//! - "Then queries, one a line: `M p_1 … p_M` (1 ≤ M ≤ 10) giving the positions of the
//!   chessmen; **positions may repeat**. A line `0` ends the test case's queries (a test case
//!   may have no query at all)."
//! - Blank lines: "the statement shows a blank line between the two test cases", so one blank
//!   line is allowed between two test cases, and nowhere else.
//! - At least one test case. The statement bounds neither the number of test cases nor the
//!   number of queries (nor so the edges in all), so neither does the validator: a validator
//!   checks the statement, nothing more.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR). Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_N: i64 = 1000;
const MAX_M: i64 = 10;

/// A cycle of the graph as "a -> b -> … -> a", if it has one (Kahn's algorithm: the positions
/// never freed lie on or lead into a cycle; walking along such positions finds one).
fn find_cycle(succ: &[Vec<usize>]) -> Option<String> {
    let n = succ.len();
    let mut indeg = vec![0usize; n];
    for s in succ {
        for &w in s {
            indeg[w] += 1;
        }
    }
    let mut stack: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut freed = vec![false; n];
    while let Some(v) = stack.pop() {
        freed[v] = true;
        for &w in &succ[v] {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                stack.push(w);
            }
        }
    }
    let start = (0..n).find(|&v| !freed[v])?;
    // Every unfreed position has an unfreed predecessor; walk backwards until a repeat.
    let mut pred = vec![usize::MAX; n];
    for v in 0..n {
        for &w in &succ[v] {
            if !freed[v] && !freed[w] {
                pred[w] = v;
            }
        }
    }
    let mut order = vec![usize::MAX; n];
    let mut path = Vec::new();
    let mut v = start;
    while order[v] == usize::MAX {
        order[v] = path.len();
        path.push(v);
        v = pred[v];
    }
    let mut cycle: Vec<usize> = path[order[v]..].to_vec();
    cycle.reverse(); // pred links point backwards
    cycle.push(cycle[0]);
    let names: Vec<String> = cycle.iter().map(|v| v.to_string()).collect();
    Some(names.join(" -> "))
}

fn main() {
    let mut inf = Input::from_stdin();
    if inf.is_empty() {
        fail_line(1, "the input is empty, expected at least one test case");
    }
    let mut tests = 0u64;
    while !inf.at_eof() {
        if tests > 0 && inf.at_eoln() {
            // The one blank line allowed between two test cases.
            let blank = inf.line();
            inf.read_eoln();
            if inf.at_eof() {
                fail_line(blank, "a blank line at the end of the input");
            }
            if inf.at_eoln() {
                fail_line(
                    inf.line(),
                    "a second blank line between test cases (at most one)",
                );
            }
        }
        tests += 1;
        let test_line = inf.line();
        let n = inf.read_int(1, MAX_N, "N") as usize;
        inf.read_eoln();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        // listed[w] = 1 + the index of w in the current line's list, 0 if not listed.
        let mut listed = vec![0usize; n];
        for (i, out) in succ.iter_mut().enumerate() {
            let line = inf.line();
            let x = inf.read_int(0, n as i64 - 1, format_args!("X_{}", i));
            for j in 1..=x as usize {
                inf.read_space();
                let w = inf.read_int(
                    0,
                    n as i64 - 1,
                    format_args!("out-position {} of position {}", j, i),
                ) as usize;
                if w == i {
                    fail_line(
                        line,
                        format_args!("position {} lists itself as an out-position (a cycle)", i),
                    );
                }
                if listed[w] != 0 {
                    fail_line(
                        line,
                        format_args!(
                            "out-position {} of position {} = {} repeats out-position {} \
                             (an edge listed twice)",
                            j, i, w, listed[w]
                        ),
                    );
                }
                listed[w] = j;
                out.push(w);
            }
            inf.read_eoln();
            for &w in out.iter() {
                listed[w] = 0;
            }
        }
        if let Some(cycle) = find_cycle(&succ) {
            fail_line(
                test_line,
                format_args!(
                    "the graph of the test case starting here is not acyclic: {}",
                    cycle
                ),
            );
        }
        loop {
            let m = inf.read_int(0, MAX_M, "M (0 ends the queries)");
            if m == 0 {
                inf.read_eoln();
                break;
            }
            for j in 1..=m {
                inf.read_space();
                inf.read_int(0, n as i64 - 1, format_args!("p_{}", j));
            }
            inf.read_eoln();
        }
    }
}
