//! Generator for HDU 1848: `gen SEED [SIZE]` prints one valid input (lines `m n p`, then `0 0 0`).
//! SIZE s: 1 to min(3s, 99999) lines, piles up to min(1000, 10s). SIZE 1 is tiny (at most 3
//! lines, piles <= 10). brute.rs searches whole positions (the search generated from
//! game.toml): well under a second at SIZE 4 (piles <= 40), several seconds at SIZE 20 (200, its
//! limit); it refuses larger piles, so SIZE 21 and up are for the solution alone.
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

const FIB: [u64; 15] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987];

fn pile(rng: &mut SplitMix64, max: u64) -> u64 {
    match rng.range(0, 9) {
        0 => 1,
        1 => max,
        2 => {
            // a Fibonacci number or one next to it
            let fibs: Vec<u64> = FIB.iter().copied().filter(|&f| f <= max).collect();
            let f = fibs[rng.range(0, fibs.len() as u64 - 1) as usize];
            (f + rng.range(0, 2)).clamp(2, max + 1) - 1
        }
        _ => rng.range(1, max),
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
    let max = (10 * size.min(100)).min(1000);
    let lines = rng.range(1, 3 * size.min(33_333)); // at most 99999 test cases
    let mut out = String::new();
    for _ in 0..lines {
        let a = pile(&mut rng, max);
        let (b, c) = match rng.range(0, 5) {
            0 => (a, a),                   // three equal piles
            1 => (a, pile(&mut rng, max)), // two equal piles
            _ => (pile(&mut rng, max), pile(&mut rng, max)),
        };
        out.push_str(&format!("{} {} {}\n", a, b, c));
    }
    // Nothing after the terminator: such lines are outside the format (the fixtures
    // `after-terminator-ignored*` check that a solution ignores them).
    out.push_str("0 0 0\n");
    print!("{}", out);
}
