//! Generator for POJ 2311: `gen SEED [SIZE]` prints one valid input, lines `W H`
//! (2 ≤ W, H ≤ 200), the same for the same SEED and SIZE.
//! SIZE s: 1 to min(3s, 99999) lines. For s ≤ 5 every sheet has W·H ≤ 16(s + 1) (SIZE 1: 32,
//! SIZE 3: 64, SIZE 5: 96), inside brute.rs's reach (W·H ≤ 100; the sheets of SIZE 3 take it
//! at most a fraction of a second each); from SIZE 6 on the sides range over 2..=200, for the
//! solutions alone. About a third of the lines are lost sheets (both sides among the sides the
//! README's analysis finds lost, W·H within the bound), a sixth are their neighbours (one side
//! off by one), the rest random.
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

/// The sides s ≤ 200 of the lost sheets: W×H is lost iff both W and H are here (README,
/// "Analysis"). Used only to aim at lost sheets; the expected outputs never come from here.
const LOST_SIDES: [u64; 33] = [
    2, 3, 7, 11, 17, 23, 27, 31, 37, 41, 45, 57, 61, 65, 75, 79, 91, 95, 99, 109, 113, 125, 129,
    133, 143, 147, 159, 163, 167, 177, 181, 193, 197,
];

fn usage() -> ! {
    eprintln!("usage: gen SEED [SIZE]   (SEED: u64, SIZE: integer ≥ 1, default 1)");
    std::process::exit(2);
}

/// A sheet with W·H ≤ area (area ≥ 4), or any sheet up to 200 × 200 when area is None.
fn sheet(rng: &mut SplitMix64, area: Option<u64>) -> (u64, u64) {
    let fits = |w: u64, h: u64| area.map_or(w <= 200 && h <= 200, |a| w * h <= a);
    match rng.next() % 6 {
        0 | 1 => {
            let w = LOST_SIDES[rng.range(0, 32) as usize];
            let hs: Vec<u64> = LOST_SIDES.iter().copied().filter(|&h| fits(w, h)).collect();
            if hs.is_empty() {
                (2, 2)
            } else {
                (w, hs[rng.range(0, hs.len() as u64 - 1) as usize])
            }
        }
        kind => {
            let max_w = area.map_or(200, |a| (a / 2).min(200));
            let w = rng.range(2, max_w);
            let max_h = area.map_or(200, |a| (a / w).min(200));
            let h = rng.range(2, max_h);
            if kind != 2 {
                // the narrow side first or second, either way
                return if rng.next() % 2 == 0 { (w, h) } else { (h, w) };
            }
            // a neighbour of a lost sheet: one side of a lost pair moved by one, up or down
            let mut pair = [
                LOST_SIDES[rng.range(0, 32) as usize],
                LOST_SIDES[rng.range(0, 32) as usize],
            ];
            let k = rng.range(0, 1) as usize;
            pair[k] = if rng.next() % 2 == 0 || pair[k] == 2 {
                pair[k] + 1
            } else {
                pair[k] - 1
            };
            if fits(pair[0], pair[1]) {
                (pair[0], pair[1])
            } else {
                (w, h)
            }
        }
    }
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
    let area = if size <= 5 {
        Some(16 * (size + 1))
    } else {
        None
    };
    let lines = rng.range(1, 3 * size.min(33_333));
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..lines {
        let (w, h) = sheet(&mut rng, area);
        writeln!(out, "{} {}", w, h).unwrap();
    }
    out.flush().unwrap();
}
