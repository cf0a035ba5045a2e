//! Generator for nim: `gen SEED [SIZE]` prints one valid input: groups `n a1 … an`.
//! SIZE s: 1 to 2s groups, n up to min(20, 1 + s), heaps up to 3 + 2s but never more than
//! brute.rs can take (<= 12 for n <= 4, <= 7 for n <= 8, <= 3 beyond). SIZE 1 is tiny (1 or 2
//! groups of 1 or 2 heaps <= 5); every SIZE is instant for brute.rs. At most 10^4 groups.
//! Shapes: random heaps, a group whose xor is forced to 0 (a losing position), equal pairs,
//! all ones. Layout varies too: one group per line, a group split over lines, two groups on
//! one line, blank lines, CRLF.
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

fn group(rng: &mut SplitMix64, max_n: u64, max_heap: u64) -> Vec<u64> {
    let n = rng.range(1, max_n);
    let cap = max_heap.min(if n <= 4 {
        12
    } else if n <= 8 {
        7
    } else {
        3
    });
    let mut heaps: Vec<u64> = (0..n).map(|_| rng.range(1, cap)).collect();
    match rng.range(0, 5) {
        0 | 1 => {
            // Force xor 0 by fixing the last heap, when that heap is legal (>= 1, <= cap).
            let x = heaps[..heaps.len() - 1].iter().fold(0, |x, &h| x ^ h);
            if x >= 1 && x <= cap {
                *heaps.last_mut().unwrap() = x;
            }
        }
        2 => {
            // Pairs of equal heaps.
            for i in (1..heaps.len()).step_by(2) {
                heaps[i] = heaps[i - 1];
            }
        }
        3 => heaps.iter_mut().for_each(|h| *h = 1),
        _ => {}
    }
    heaps
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
    let size = size.min(100_000 / 6);
    let max_n = (1 + size).min(20);
    let max_heap = 3 + 2 * size;
    let groups = rng.range(1, 2 * size.min(5_000)); // <= 10^4 groups of <= 20: <= 2·10^5 heaps
    let crlf = rng.range(0, 7) == 0;
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    for g in 0..groups {
        let heaps = group(&mut rng, max_n, max_heap);
        let mut line = heaps.len().to_string();
        for h in &heaps {
            // Now and then a group is split over two lines.
            line.push_str(if rng.range(0, 15) == 0 { nl } else { " " });
            line.push_str(&h.to_string());
        }
        out.push_str(&line);
        match rng.range(0, 9) {
            0 => out.push(' '), // two groups on one line
            1 => {
                out.push_str(nl);
                out.push_str(nl); // a blank line
            }
            2 if g + 1 == groups => {} // no final newline
            _ => out.push_str(nl),
        }
    }
    print!("{}", out);
}
