//! Generator for bash-misere. Usage: gen SEED [SIZE]
//! Prints `C` and C lines `n m` (1 <= C <= 100000, 1 <= n, m <= 10^9). SIZE s: C <= 3s and
//! n, m <= 10s, capped at 100000 and 10^9. SIZE 1 is tiny (at most 3 lines, n, m <= 10).
//! brute.rs costs about n * min(n, m) per distinct m: instant up to SIZE 100 (n, m <= 1000).
//! Shapes: random, n = 1, n <= m, n = m + 1, n = k(m+1) + 1 and its neighbours, m = 1.
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
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: u64 >= 1, default 1)");
    exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    let mut rng = Rng(seed);
    let limit = 10u64.saturating_mul(size).min(1_000_000_000);
    let cases = rng.range(1, 3u64.saturating_mul(size).min(100_000));
    let mut out = format!("{}\n", cases);
    for _ in 0..cases {
        let m = if rng.range(0, 9) == 0 {
            1
        } else {
            rng.range(1, limit)
        };
        let n = match rng.range(0, 7) {
            0 => 1,
            1 => rng.range(1, m.min(limit)),
            2 => (m + 1).min(limit),
            3 | 4 => {
                // k(m+1) + 1 - 1, k(m+1) + 1, k(m+1) + 1 + 1, clamped into 1..=limit
                let k = rng.range(0, (limit / (m + 1)).max(1));
                let base = k * (m + 1) + 1;
                (base + rng.range(0, 2)).saturating_sub(1).clamp(1, limit)
            }
            _ => rng.range(1, limit),
        };
        out.push_str(&format!("{} {}\n", n, m));
    }
    print!("{}", out);
}
