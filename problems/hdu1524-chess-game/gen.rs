//! Generator for HDU 1524 — A Chess Game. Usage: gen SEED [SIZE]
//! Prints one or more test cases (see SIZE below). Each graph is a random DAG: nodes get a
//! hidden random order and edges only go forward in it, so node numbers say nothing about the
//! order. Shapes: random density (empty to complete), a path, a layered graph, a star.
//! Queries: M chessmen (1 <= M <= 10), repeated nodes on purpose.
//! SIZE s: at most 2 + (s - 1) / 2 test cases, N <= 3 + 2s, M <= 2 + s / 3, at most 2s + 1
//! queries per test case (capped at 10, 1000, 10, 1000), and no test case that would take the
//! input past 500 000 edges.
//! SIZE 1 is tiny (1 or 2 test cases, N <= 5, M <= 2, at most 3 queries each; two test cases
//! are the least that shows state kept from one test case to the next). The brute force's state
//! space grows like C(N + M - 1, M): a few milliseconds up to SIZE 10 (N <= 23, M <= 5).
use std::process::exit;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.range(0, i);
            v.swap(i, j);
        }
    }
}

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: u64 >= 1, default 1)");
    exit(2);
}

/// Edges (a, b) with a < b in the hidden order, as positions 0..n in that order.
fn shape(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    match rng.range(0, 5) {
        0 => {
            // path
            for a in 1..n {
                edges.push((a - 1, a));
            }
        }
        1 => {
            // layers of width w, each node to every node of the next layer
            let w = rng.range(1, 3);
            for a in 0..n {
                for b in (a / w + 1) * w..((a / w + 2) * w).min(n) {
                    edges.push((a, b));
                }
            }
        }
        2 => {
            // star: the first node reaches everything; the rest have no moves
            for b in 1..n {
                edges.push((0, b));
            }
        }
        _ => {
            // random density in percent (0 = no edges, 100 = complete DAG)
            let density = [0, 15, 30, 50, 80, 100][rng.range(0, 5)];
            for a in 0..n {
                for b in a + 1..n {
                    if rng.range(1, 100) <= density {
                        edges.push((a, b));
                    }
                }
            }
        }
    }
    edges
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        usage();
    }
    let seed: u64 = args[0].parse().unwrap_or_else(|_| usage());
    let size: usize = match args.get(1) {
        Some(s) => s.parse().unwrap_or_else(|_| usage()),
        None => 1,
    };
    if size == 0 {
        usage();
    }
    let mut rng = Rng(seed);
    let n_max = 2usize.saturating_mul(size).saturating_add(3).min(1000);
    let m_max = 2usize.saturating_add(size / 3).min(10);
    let q_max = 2usize.saturating_mul(size).saturating_add(1).min(1000);
    let tests = rng.range(1, 2usize.saturating_add((size - 1) / 2).min(10));
    let mut out = String::new();
    let mut total_edges = 0;
    for t in 0..tests {
        let blank = t > 0 && rng.range(0, 3) == 0;
        let n = if rng.range(0, 9) == 0 {
            1
        } else {
            rng.range(1, n_max)
        };
        let mut label: Vec<usize> = (0..n).collect(); // label[position in hidden order]
        rng.shuffle(&mut label);
        let mut succ = vec![Vec::new(); n];
        let edges = shape(&mut rng, n);
        if t > 0 && total_edges + edges.len() > 500_000 {
            break; // keep the whole input at most 500 000 edges (a few MB)
        }
        total_edges += edges.len();
        if blank {
            out.push('\n'); // a blank line between test cases, as in the official sample
        }
        for (a, b) in edges {
            succ[label[a]].push(label[b]);
        }
        out.push_str(&format!("{}\n", n));
        for s in succ.iter_mut() {
            rng.shuffle(s);
            out.push_str(&s.len().to_string());
            for v in s.iter() {
                out.push_str(&format!(" {}", v));
            }
            out.push('\n');
        }
        let queries = rng.range(0, q_max);
        for _ in 0..queries {
            let m = rng.range(1, m_max);
            let mut p: Vec<usize> = (0..m).map(|_| rng.range(0, n - 1)).collect();
            if m >= 2 && rng.range(0, 2) == 0 {
                p[1] = p[0]; // two chessmen on one node
            }
            rng.shuffle(&mut p);
            out.push_str(&m.to_string());
            for v in &p {
                out.push_str(&format!(" {}", v));
            }
            out.push('\n');
        }
        out.push_str("0\n");
    }
    print!("{}", out);
}
