//! Generator for POJ 3537 — Crosses and Crosses. Usage: gen SEED [SIZE]
//! Prints one valid input: a line `n`, 3 <= n <= 2000. SIZE s: n <= min(2000, 3 + 9s), so SIZE 1
//! gives n <= 12, SIZE 3 n <= 30 and SIZE 4 n <= 39, all within brute.rs's reach (n <= 40, a
//! second at most); SIZE 5 and up are for the solution alone (brute.rs refuses n > 40).
//! Shapes: uniform in the range, its two ends (3 and the largest), an even n (every losing n up
//! to 2000 is even: README).
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
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let parsed = match args.len() {
        2 => args[1].parse::<u64>().ok().map(|s| (s, 1)),
        3 => match (args[1].parse::<u64>(), args[2].parse::<u64>()) {
            (Ok(s), Ok(z)) if z >= 1 => Some((s, z)),
            _ => None,
        },
        _ => None,
    };
    let (seed, size) = match parsed {
        Some(parsed) => parsed,
        None => {
            eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer >= 1, default 1)");
            exit(2);
        }
    };
    let mut rng = SplitMix64(seed);
    let max = (3 + 9 * size.min(222)).min(2000);
    let n = match rng.range(0, 9) {
        0 => 3,
        1 => max,
        2 | 3 => {
            let n = rng.range(3, max);
            if n % 2 == 1 && n < max {
                n + 1
            } else {
                n
            }
        }
        _ => rng.range(3, max),
    };
    println!("{}", n);
}
