//! Generator for nim-interactive: `gen SEED [SIZE]` prints one test input (`n`, then the piles).
//! SIZE s (default 1) sets the bounds, from tiny to the statement's maximum:
//!   n ≤ min(100, 1 + s), piles ≤ min(10^9, 2 + s³) — SIZE 1: n ≤ 2, piles ≤ 3; SIZE 3: n ≤ 4,
//!   piles ≤ 29 (within brute.rs's reach when n ≤ 4); SIZE ≥ 1000: n ≤ 100, piles ≤ 10^9.
//! Shapes, so that both declarations are right about as often: random piles; the xor forced to
//! 0 (the second player wins) by fixing one pile when the bound allows it; pairs of equal piles;
//! all piles equal; some empty piles; all piles empty (n ≥ 1, the terminal position).
use std::process::exit;

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform-ish in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer >= 1, default 1)");
    exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        usage();
    }
    let seed: u64 = args[0].parse().unwrap_or_else(|_| usage());
    let size: u64 = match args.get(1) {
        Some(s) => s
            .parse()
            .ok()
            .filter(|&v| v >= 1)
            .unwrap_or_else(|| usage()),
        None => 1,
    };
    let mut rng = SplitMix64(seed);
    let max_n = (1 + size).min(100);
    let max_a = (2 + size.min(1000).pow(3)).min(1_000_000_000);
    let n = rng.range(1, max_n) as usize;
    let mut a: Vec<u64> = (0..n).map(|_| rng.range(1, max_a)).collect();
    match rng.range(0, 9) {
        0..=3 => {
            // Force xor 0 through the last pile when it stays within the bound.
            let x = a[..n - 1].iter().fold(0, |x, &h| x ^ h);
            if x <= max_a {
                a[n - 1] = x;
            }
        }
        4 => {
            for i in (1..n).step_by(2) {
                a[i] = a[i - 1];
            }
        }
        5 => {
            let v = a[0];
            a.iter_mut().for_each(|h| *h = v);
        }
        6 => {
            for h in a.iter_mut() {
                if rng.range(0, 2) == 0 {
                    *h = 0;
                }
            }
        }
        7 if rng.range(0, 3) == 0 => a.iter_mut().for_each(|h| *h = 0),
        _ => {}
    }
    let piles: Vec<String> = a.iter().map(|h| h.to_string()).collect();
    println!("{}\n{}", n, piles.join(" "));
}
