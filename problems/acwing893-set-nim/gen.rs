//! Generator for AcWing 893 (集合-Nim): `gen SEED [SIZE]` prints one valid input
//! (`k`, the k distinct values of S, `n`, the n heaps).
//! SIZE s: heaps up to min(10000, 8s), S values up to min(10000, 10s) (some larger than every
//! heap), k up to min(100, 1 + s), n up to min(3, 1 + s): n stays at most 3 so that brute.rs
//! keeps up. SIZE 1 is tiny (k <= 2, n <= 2, heaps <= 8, S values <= 10); brute.rs answers
//! SIZE 10 (three heaps up to 80) in tens of milliseconds.
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

fn join(v: &[u64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
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
    let max_h = (8 * size).min(10_000);
    let max_s = (10 * size).min(10_000);
    let max_k = (1 + size).min(100).min(max_s);

    // S: k distinct values; sometimes a prefix {1..k}, sometimes small values only.
    let k = rng.range(1, max_k);
    let mut set: Vec<u64> = Vec::new();
    match rng.range(0, 5) {
        0 => set.extend(1..=k), // the Bash-like prefix
        _ => {
            let top = if rng.range(0, 2) == 0 {
                max_s
            } else {
                max_h.min(max_s).max(k)
            };
            while (set.len() as u64) < k {
                let s = rng.range(1, top);
                if !set.contains(&s) {
                    set.push(s);
                }
            }
        }
    }

    // Heaps: 1..=3 of them; edge values, equal heaps.
    let n = rng.range(1, (1 + size).min(3));
    let mut heaps: Vec<u64> = Vec::new();
    for _ in 0..n {
        let h = match rng.range(0, 7) {
            0 => 1,
            1 => max_h,
            2 if !heaps.is_empty() => heaps[0], // an equal heap
            _ => rng.range(1, max_h),
        };
        heaps.push(h);
    }
    print!("{}\n{}\n{}\n{}\n", k, join(&set), n, join(&heaps));
}
