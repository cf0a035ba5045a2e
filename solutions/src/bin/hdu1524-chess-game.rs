//! HDU 1524 / POJ 2425 — A Chess Game.
//! Chessmen on the nodes of a DAG (several may share a node); a move pushes one chessman along
//! one edge; the player who cannot move loses.
//! Each chessman is an independent game, so the position is their sum: SG(node) = mex of the
//! SG values of its successors, and the first player wins iff the xor of SG(p_i) over all
//! chessmen is non-zero (two chessmen on one node cancel). SG is computed in post-order by an
//! iterative DFS, so a path of 1000 nodes needs no deep recursion.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    while let Some(n) = it.next() {
        // Adjacency in compressed form: successors of v are succ[start[v]..start[v + 1]].
        let mut start = vec![0usize; n + 1];
        let mut succ = Vec::new();
        for v in 0..n {
            let x = it.next().expect("out-degree");
            succ.extend(it.by_ref().take(x));
            start[v + 1] = succ.len();
        }
        let sg = grundy(n, &start, &succ);
        // Queries until a line holding 0 (or the end of the input).
        while let Some(m) = it.next() {
            if m == 0 {
                break;
            }
            let x = it.by_ref().take(m).fold(0, |acc, p| acc ^ sg[p]);
            writeln!(out, "{}", if x != 0 { "WIN" } else { "LOSE" })?;
        }
    }
    out.flush()
}

/// SG value of every node of the DAG, successors first (iterative post-order DFS).
fn grundy(n: usize, start: &[usize], succ: &[usize]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let mut sg = vec![UNSEEN; n];
    let mut mark = vec![usize::MAX; n + 1]; // mark[g] == v: value g occurs among v's successors
    let mut stack: Vec<(usize, usize)> = Vec::new(); // (node, next edge to look at)
    for root in 0..n {
        if sg[root] != UNSEEN {
            continue;
        }
        sg[root] = UNSEEN - 1; // on the stack
        stack.push((root, start[root]));
        while let Some(&mut (v, ref mut e)) = stack.last_mut() {
            if *e < start[v + 1] {
                let w = succ[*e];
                *e += 1;
                if sg[w] == UNSEEN {
                    sg[w] = UNSEEN - 1;
                    stack.push((w, start[w]));
                }
            } else {
                stack.pop();
                for &w in &succ[start[v]..start[v + 1]] {
                    mark[sg[w].min(n)] = v;
                }
                sg[v] = (0..).find(|&g| mark[g] != v).expect("mex");
            }
        }
    }
    sg
}
