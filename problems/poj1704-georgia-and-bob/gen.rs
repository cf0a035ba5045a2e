//! Generator for POJ 1704 — Georgia and Bob.  Usage: gen SEED [SIZE]
//! Prints T test cases (1 <= T <= 20), each N distinct positions in random order.
//! SIZE s: T <= s + 1, board (largest position) <= 6 + 2s, N <= 2 + s / 3, capped at the
//! statement's 20, 10000 and 1000. SIZE 1 is tiny (at most 2 cases of 1 or 2 chessmen on
//! cells <= 8). brute.rs visits at most C(board, N) positions: a few milliseconds up to SIZE 9
//! (C(24, 5) = 42504), now and then a second at SIZE 12 (C(30, 6) = 593775); beyond that it
//! falls behind.
use std::env;
use std::process::exit;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: u64 >= 1, default 1)");
    exit(2);
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        usage();
    }
    let seed: u64 = args[0].parse().unwrap_or_else(|_| usage());
    let size: u64 = match args.get(1) {
        Some(s) => s.parse().unwrap_or_else(|_| usage()),
        None => 1,
    };
    if size == 0 {
        usage();
    }
    let mut rng = SplitMix64(seed);
    let board = (6 + 2 * size.min(10000)).min(10000);
    let max_n = (2 + size / 3).min(1000).min(board);
    let t = rng.range(1, (size + 1).min(20));
    println!("{}", t);
    for _ in 0..t {
        // Shapes: tiny board (dense, many gaps of 0), full random, clustered at the right.
        let shape = rng.range(0, 3);
        let hi = match shape {
            0 => rng.range(1, board.min(6)),
            _ => rng.range(1, board),
        };
        let n = rng.range(1, max_n.min(hi));
        let mut cells: Vec<u64> = (1..=hi).collect();
        // Partial Fisher–Yates: the first n cells are a random n-subset in random order.
        for i in 0..n as usize {
            let j = rng.range(i as u64, hi - 1) as usize;
            cells.swap(i, j);
        }
        let mut pos = cells[..n as usize].to_vec();
        if shape == 3 {
            pos.sort_unstable(); // sometimes sorted, as most hand-made tests are
        }
        println!("{}", n);
        let line: Vec<String> = pos.iter().map(|p| p.to_string()).collect();
        println!("{}", line.join(" "));
    }
}
