//! Generator for dag-interactive: `gen SEED [SIZE]` prints one test input: a DAG and the tokens.
//! Nodes get a hidden random order and edges only go forward in it, so node numbers say nothing
//! about the order. Shapes: a path, layers (each node to every node of the next layer, width
//! 1 to 3), a star, random density (up to complete; at most 20 % when N > 300, to keep inputs
//! near 1 MB at most). Tokens: M nodes at random, with two tokens on one node now and then, or
//! all tokens on the first nodes of the hidden order (long games).
//! SIZE s (default 1): N ≤ min(1000, 3 + 2s), M ≤ min(10, 2 + s/3). SIZE 1 is tiny (N ≤ 5,
//! M ≤ 2); brute.rs takes SIZE ≤ 10 (N ≤ 23, M ≤ 5) at once; SIZE ≥ 500 is maximal.
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
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer >= 1, default 1)");
    exit(2);
}

/// Edges (a, b) with a < b in the hidden order, as positions 0..n in that order.
fn shape(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    match rng.range(0, 5) {
        0 => {
            for a in 1..n {
                edges.push((a - 1, a));
            }
        }
        1 => {
            let w = rng.range(1, 3);
            for a in 0..n {
                for b in (a / w + 1) * w..((a / w + 2) * w).min(n) {
                    edges.push((a, b));
                }
            }
        }
        2 => {
            for b in 1..n {
                edges.push((0, b));
            }
        }
        _ => {
            let choices: &[usize] = if n > 300 {
                &[0, 2, 5, 10, 20]
            } else {
                &[0, 15, 30, 50, 80, 100]
            };
            let density = choices[rng.range(0, choices.len() - 1)];
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
        Some(s) => s
            .parse()
            .ok()
            .filter(|&v| v >= 1)
            .unwrap_or_else(|| usage()),
        None => 1,
    };
    let mut rng = Rng(seed);
    let n_max = size.saturating_mul(2).saturating_add(3).min(1000);
    let m_max = (2 + size / 3).min(10);
    let n = if rng.range(0, 9) == 0 {
        1
    } else {
        rng.range(1, n_max)
    };
    let mut label: Vec<usize> = (0..n).collect(); // label[position in the hidden order]
    rng.shuffle(&mut label);
    let mut succ = vec![Vec::new(); n];
    for (a, b) in shape(&mut rng, n) {
        succ[label[a]].push(label[b]);
    }
    let m = rng.range(1, m_max);
    let mut tokens: Vec<usize> = if rng.range(0, 4) == 0 {
        (0..m)
            .map(|_| label[rng.range(0, (n - 1).min(2))])
            .collect()
    } else {
        (0..m).map(|_| rng.range(0, n - 1)).collect()
    };
    if m >= 2 && rng.range(0, 2) == 0 {
        tokens[1] = tokens[0];
    }
    rng.shuffle(&mut tokens);
    let mut out = format!("{}\n", n);
    for s in succ.iter_mut() {
        rng.shuffle(s);
        out.push_str(&s.len().to_string());
        for v in s.iter() {
            out.push_str(&format!(" {}", v));
        }
        out.push('\n');
    }
    out.push_str(&m.to_string());
    for t in &tokens {
        out.push_str(&format!(" {}", t));
    }
    out.push('\n');
    print!("{}", out);
}
