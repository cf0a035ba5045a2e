//! Generator for POJ 1067: `gen SEED [SIZE]` prints lines `a b` (0 ≤ a, b ≤ 10^9).
//! SIZE s: 1 to min(3s, 49998) lines, piles ≤ min(10^9, 10·s²). SIZE 1 is tiny (at most 3
//! lines, piles ≤ 10). brute.rs fills a table up to the largest pile M, M² cells: a few
//! milliseconds up to SIZE 10 (M ≤ 1000), about 20 ms at SIZE 20 (M ≤ 4000, its limit); it
//! refuses larger piles. About a third of the lines are losing positions (a_k, a_k + k) built
//! by the mex construction, or a neighbour of one, in either order; the rest are random, with
//! zeros and equal piles mixed in.
use std::io::{self, BufWriter, Write};

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform-ish value in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer ≥ 1, default 1)");
    std::process::exit(2);
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
    let max_val = (10 * size.min(10_000).pow(2)).min(1_000_000_000);
    // Losing positions up to max_val by the mex construction (only used to aim at them).
    // For a large max_val, only the first 10^6 pairs are built (the generator need not be exact).
    let mut p = Vec::new();
    let mut used = std::collections::HashSet::new();
    let (mut a, mut k) = (0u64, 0u64);
    while p.len() < 1_000_000 {
        while used.contains(&a) {
            a += 1;
        }
        if a + k > max_val {
            break;
        }
        p.push((a, a + k));
        used.insert(a);
        used.insert(a + k);
        k += 1;
    }
    let lines = rng.range(1, 3 * size.min(16_666)); // at most 49998 lines
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..lines {
        let (mut x, mut y) = match rng.next() % 6 {
            0 | 1 => p[rng.range(0, p.len() as u64 - 1) as usize],
            2 => {
                let (x, y) = p[rng.range(0, p.len() as u64 - 1) as usize];
                let dx = rng.range(0, 2) as i64 - 1;
                let dy = rng.range(0, 2) as i64 - 1;
                let clamp = |v: i64| v.clamp(0, max_val as i64) as u64;
                (clamp(x as i64 + dx), clamp(y as i64 + dy))
            }
            3 => {
                let v = rng.range(0, max_val);
                (v, v)
            }
            4 => (0, rng.range(0, max_val)),
            _ => (rng.range(0, max_val), rng.range(0, max_val)),
        };
        if rng.next() % 2 == 0 {
            std::mem::swap(&mut x, &mut y);
        }
        writeln!(out, "{} {}", x, y).unwrap();
    }
    out.flush().unwrap();
}
