//! Generator for wythoff-interactive: `gen SEED [SIZE]` prints one test input, a line `a b`.
//! SIZE s (default 1): piles ≤ min(10^9, 5 + s³): SIZE 1 is tiny (≤ 6), SIZE 10 ≤ 1005 (within
//! brute.rs's reach up to SIZE 15), SIZE ≥ 1000 the full range 0..=10^9.
//! Shapes: a losing position (a_k, a_k + k) in either order (about 40%: `second` is right), one
//! next to it (±1 on each pile), equal piles, an empty pile, (0, 0), random piles. The losing
//! pairs use a_k = (k + isqrt(5k²)) div 2 in exact integers.
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

fn isqrt(n: u128) -> u128 {
    let mut r = (n as f64).sqrt() as u128;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
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
    let max = (5 + size.min(1000).pow(3)).min(1_000_000_000);
    // The largest k whose pair (a_k, a_k + k) fits: one less than the first k whose pair does
    // not (a_k + k increases with k, and passes max by k = max + 1).
    let (mut lo, mut hi) = (0u64, max + 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if lower(mid) + mid > max {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let kmax = lo - 1;
    let (mut a, mut b) = match rng.range(0, 9) {
        0..=3 => {
            let k = rng.range(0, kmax);
            (lower(k), lower(k) + k)
        }
        4 | 5 => {
            let k = rng.range(0, kmax);
            let near = |v: u64, r: &mut SplitMix64| (v + r.range(0, 2)).saturating_sub(1).min(max);
            (near(lower(k), &mut rng), near(lower(k) + k, &mut rng))
        }
        6 => {
            let v = rng.range(0, max);
            (v, v)
        }
        7 => (0, rng.range(0, max)),
        8 if rng.range(0, 2) == 0 => (0, 0),
        _ => (rng.range(0, max), rng.range(0, max)),
    };
    if rng.range(0, 1) == 1 {
        std::mem::swap(&mut a, &mut b);
    }
    println!("{} {}", a, b);
}
