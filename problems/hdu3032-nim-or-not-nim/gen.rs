//! Generator for HDU 3032: `gen SEED [SIZE]` prints one valid input (T, then T test cases: a
//! line `N`, a line of N heaps).
//! SIZE s <= 4 is for the brute force: T in 1..=3s, at most 8s stones per test case (the
//! slowest, a lost position, took brute.rs 0.03 s at 24 stones, SIZE 3, and 0.5 s at 32,
//! SIZE 4, on this busy 2-CPU machine).
//! SIZE s >= 5 is for the solution alone: T in 1..=min(s, 100), N in 1..=min(10s, 10^6), heaps
//! in 1..=2^31 - 1 with every number of digits equally likely.
//! Test cases come in three kinds: random heaps; heaps in equal pairs (a lost position, by the
//! mirror strategy) with sometimes one heap more; and a "close" case whose last heap is one
//! more or less than a pair partner's, so that a wrong one-heap value is likely to show.
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

const MAX_HEAP: u64 = (1 << 31) - 1;

/// Heaps of one small test case: at most `stones` stones in all.
fn small_case(rng: &mut SplitMix64, stones: u64) -> Vec<u64> {
    let kind = rng.range(0, 2);
    // the "close" kind may add one stone: keep it inside `stones`
    let budget = rng.range(1, if kind == 2 { stones - 1 } else { stones });
    let mut heaps = Vec::new();
    let mut left = budget;
    if kind == 0 {
        while left > 0 {
            let h = rng.range(1, left);
            heaps.push(h);
            left -= h;
        }
    } else {
        while left >= 2 {
            let h = rng.range(1, left / 2);
            heaps.push(h);
            heaps.push(h);
            left -= 2 * h;
        }
        if left > 0 && rng.range(0, 1) == 0 {
            heaps.push(left);
        }
        if heaps.is_empty() {
            heaps.push(1);
        }
        if kind == 2 {
            let last = heaps.len() - 1;
            heaps[last] = if heaps[last] > 1 && rng.range(0, 1) == 0 {
                heaps[last] - 1
            } else {
                heaps[last] + 1
            };
        }
    }
    shuffle(rng, &mut heaps);
    heaps
}

/// A heap in 1..=2^31 - 1 whose number of digits is uniform in 1..=10.
fn big_heap(rng: &mut SplitMix64) -> u64 {
    let digits = rng.range(1, 10) as u32;
    let lo = 10u64.pow(digits - 1);
    let hi = (10u64.pow(digits) - 1).min(MAX_HEAP);
    rng.range(lo, hi)
}

/// Heaps of one large test case: up to `n` heaps.
fn big_case(rng: &mut SplitMix64, n: u64) -> Vec<u64> {
    let count = rng.range(1, n);
    let mut heaps: Vec<u64> = (0..count).map(|_| big_heap(rng)).collect();
    if count >= 2 && rng.range(0, 1) == 0 {
        // equal pairs, then maybe the last heap moved by one
        for i in (1..heaps.len()).step_by(2) {
            heaps[i] = heaps[i - 1];
        }
        if rng.range(0, 1) == 0 {
            let last = heaps.len() - 1;
            heaps[last] = if heaps[last] == MAX_HEAP || rng.range(0, 1) == 0 {
                (heaps[last] - 1).max(1)
            } else {
                heaps[last] + 1
            };
        }
        shuffle(rng, &mut heaps);
    }
    heaps
}

fn shuffle(rng: &mut SplitMix64, v: &mut [u64]) {
    for i in (1..v.len()).rev() {
        let j = rng.range(0, i as u64) as usize;
        v.swap(i, j);
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
    let cases: Vec<Vec<u64>> = if size <= 4 {
        let t = rng.range(1, 3 * size);
        (0..t).map(|_| small_case(&mut rng, 8 * size)).collect()
    } else {
        let t = rng.range(1, size.min(100));
        let n = (10 * size).min(1_000_000);
        (0..t).map(|_| big_case(&mut rng, n)).collect()
    };
    let mut out = String::new();
    out.push_str(&format!("{}\n", cases.len()));
    for heaps in &cases {
        let line: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        out.push_str(&format!("{}\n{}\n", heaps.len(), line.join(" ")));
    }
    print!("{}", out);
}
