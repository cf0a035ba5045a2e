//! Generator for HDU 4388 — Stone Game II.  Usage: gen SEED [SIZE]
//! Prints T cases (1 <= T <= 150), each with n piles (1 <= n <= 50) of 1..=100000 stones.
//! SIZE s: T <= s + 1, n <= s + 1, at most 12 + 4s stones per case (so each pile <= that
//! budget / n), all capped at the statement's limits. SIZE 1 is tiny (1 or 2 cases of 1 or 2
//! piles, <= 16 stones: {3, 6} and {14} are in reach). brute.rs answers SIZE <= 6 (<= 36
//! stones) in a few milliseconds and SIZE 7-9 mostly so (single piles 41-48 take 10-100 ms);
//! from SIZE 10 on some inputs (single piles 49, 50, 52, 55) are beyond it. Piles are never 0.
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
    let t = rng.range(1, (size + 1).min(150));
    let max_n = (size + 1).min(50);
    let budget = 12 + 4 * size.min(1 << 40);
    println!("{}", t);
    for _ in 0..t {
        let n = rng.range(1, max_n);
        let cap = (budget / n).clamp(1, 100_000);
        let shape = rng.range(0, 4);
        let same = rng.range(1, cap.min(16)); // for shape 2
        let piles: Vec<u64> = (0..n)
            .map(|_| match shape {
                // a power of two: no move at all from this pile
                0 if rng.range(0, 1) == 0 => 1 << rng.range(0, 63 - cap.leading_zeros() as u64),
                // all ones, 2^r - 1 <= cap: the most 1-bits for the size
                1 if rng.range(0, 1) == 0 => {
                    (1 << rng.range(1, 63 - (cap + 1).leading_zeros() as u64)) - 1
                }
                // equal piles
                2 => same,
                _ => rng.range(1, cap),
            })
            .collect();
        println!("{}", n);
        let line: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
        println!("{}", line.join(" "));
    }
}
