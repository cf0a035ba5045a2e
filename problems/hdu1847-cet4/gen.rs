//! Generator for HDU 1847: `gen SEED [SIZE]` prints one valid input (one n per line, 1..=1000).
//! SIZE s: 1 to min(3s, 99999) lines, values up to min(1000, 10s), with extra weight on the
//! edges, powers of two and multiples of three. SIZE 1 is tiny (at most 3 lines, values <= 10);
//! brute.rs answers the whole statement range at once.
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
    let lines = rng.range(1, 3 * size.min(33_333)); // at most 99999 lines
    let max = (10 * size.min(100)).min(1000);
    let mut out = String::new();
    for _ in 0..lines {
        let n = match rng.range(0, 9) {
            0 => [1, 2, 3, max - 1, max][rng.range(0, 4) as usize],
            1 => 1 << rng.range(0, 63 - u64::from(max.leading_zeros())), // a power of two <= max
            2 => 3 * rng.range(1, max / 3),                              // a multiple of three
            3 => rng.range(1, 12.min(max)),                              // tiny
            _ => rng.range(1, max),
        };
        out.push_str(&format!("{}\n", n));
    }
    print!("{}", out);
}
