//! Wrong: removes repeated chessman positions ("2 1 1" counted as one chessman on node 1), but two
//! chessmen on one node cancel: the second player copies every move of one with the other.
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    while let Some(n) = it.next() {
        let mut succ = Vec::new();
        for _ in 0..n {
            let x = it.next().unwrap();
            succ.push((0..x).map(|_| it.next().unwrap()).collect::<Vec<usize>>());
        }
        // nodes in reverse topological order by repeated relaxation (N is small)
        let mut sg: Vec<Option<usize>> = vec![None; n];
        while sg.iter().any(|g| g.is_none()) {
            for v in 0..n {
                if sg[v].is_none() && succ[v].iter().all(|&w| sg[w].is_some()) {
                    let vals: Vec<usize> = succ[v].iter().map(|&w| sg[w].unwrap()).collect();
                    sg[v] = (0..).find(|g| !vals.contains(g));
                }
            }
        }
        loop {
            let m = it.next().unwrap();
            if m == 0 {
                break;
            }
            let mut p: Vec<usize> = (0..m).map(|_| it.next().unwrap()).collect();
            p.sort_unstable();
            p.dedup(); // BUG
            let x = p.iter().fold(0, |acc, &v| acc ^ sg[v].unwrap());
            println!("{}", if x != 0 { "WIN" } else { "LOSE" });
        }
    }
}
