//! Generator for nim-move: `gen SEED [SIZE]` prints one valid input (the exact format that
//! validate.rs accepts: `T`, then T lines `n a1 … an`).
//! SIZE 1 (default): T in 1..=10, n in 1..=4, a_i in 0..=7: within brute.rs's reach.
//! SIZE s: T in 1..=min(1000, 10 s), n in 1..=min(100, 3 + s); a_i in 0..=7 + 2 (s - 1) for
//! s <= 4 (brute.rs answers n <= 7, a_i <= 13 in well under a second), then
//! 0..=min(10^9, 13 * 8^(s-4)), past the brute force's reach.
//! Shapes of a test: random piles (some empty), xor forced to 0 (a lost position), equal pairs,
//! all empty, and one pile.
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
    /// Uniform enough in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn test(rng: &mut SplitMix64, max_n: u64, cap: u64) -> Vec<u64> {
    let n = if rng.range(0, 9) == 0 {
        1
    } else {
        rng.range(1, max_n)
    };
    let mut piles: Vec<u64> = (0..n)
        .map(|_| {
            if rng.range(0, 5) == 0 {
                0
            } else {
                rng.range(0, cap)
            }
        })
        .collect();
    match rng.range(0, 5) {
        0 | 1 => {
            // Force xor 0 by fixing the last pile (always within 0..=cap when cap + 1 is a
            // power of two; otherwise only when it fits).
            let x = piles[..piles.len() - 1].iter().fold(0, |x, &a| x ^ a);
            if x <= cap {
                *piles.last_mut().unwrap() = x;
            }
        }
        2 => {
            for i in (1..piles.len()).step_by(2) {
                piles[i] = piles[i - 1];
            }
        }
        3 if rng.range(0, 3) == 0 => piles.iter_mut().for_each(|a| *a = 0),
        _ => {}
    }
    piles
}

fn parse_args() -> Option<(u64, u64)> {
    let args: Vec<String> = std::env::args().collect();
    match args.len() {
        2 => args[1].parse::<u64>().ok().map(|s| (s, 1)),
        3 => match (args[1].parse::<u64>(), args[2].parse::<u64>()) {
            (Ok(s), Ok(z)) if z >= 1 => Some((s, z)),
            _ => None,
        },
        _ => None,
    }
}

fn main() {
    let (seed, size) = match parse_args() {
        Some(p) => p,
        None => {
            eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer >= 1, default 1)");
            exit(2);
        }
    };
    let mut rng = SplitMix64(seed);
    let size = size.min(100);
    let max_t = (10 * size).min(1000);
    let max_n = (3 + size).min(100);
    let mut cap: u64 = 7 + 2 * (size.min(4) - 1);
    for _ in 4..size {
        cap = (cap * 8).min(1_000_000_000);
    }
    let t = rng.range(1, max_t);
    let mut out = format!("{}\n", t);
    for _ in 0..t {
        let piles = test(&mut rng, max_n, cap);
        out.push_str(&piles.len().to_string());
        for a in &piles {
            out.push(' ');
            out.push_str(&a.to_string());
        }
        out.push('\n');
    }
    print!("{}", out);
}
