//! Wrong: treats the `0` that ends the query list as the end of the input and stops there, so
//! only the first test case is answered (the input has test cases until EOF).
use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let mut succ = Vec::new();
    for _ in 0..n {
        let x = it.next().unwrap();
        succ.push((0..x).map(|_| it.next().unwrap()).collect::<Vec<usize>>());
    }
    // SG in reverse topological order: Kahn's algorithm on the reversed graph
    let mut pred = vec![Vec::new(); n];
    let mut left: Vec<usize> = succ.iter().map(|s| s.len()).collect();
    for (v, s) in succ.iter().enumerate() {
        for &w in s {
            pred[w].push(v);
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| left[v] == 0).collect();
    let mut sg = vec![0usize; n];
    while let Some(v) = ready.pop() {
        let vals: Vec<usize> = succ[v].iter().map(|&w| sg[w]).collect();
        sg[v] = (0..).find(|g| !vals.contains(g)).unwrap();
        for &u in &pred[v] {
            left[u] -= 1;
            if left[u] == 0 {
                ready.push(u);
            }
        }
    }
    loop {
        let m = it.next().unwrap();
        if m == 0 {
            return; // BUG: more test cases may follow
        }
        let x = (0..m).fold(0, |acc, _| acc ^ sg[it.next().unwrap()]);
        println!("{}", if x != 0 { "WIN" } else { "LOSE" });
    }
}
