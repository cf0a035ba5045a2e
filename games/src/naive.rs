//! The naive engines: G(n) is the mex of every option's value, the options enumerated in full.
//! For a take-and-break code the two-heap options are the XORs of the pairs (a, m − a), taken in
//! one tight loop; for any other rule the options come from [`HeapRule::options`].

use crate::code::Code;
use crate::game::{Game, HeapRule};
use crate::values::{width_for, Bits, Nimber};

/// The naive engine of a take-and-break code.
#[derive(Debug, Clone)]
pub(crate) struct CodeNaive {
    /// The non-zero digits of the finite part: (j, d_j).
    finite: Vec<(usize, u8)>,
    code: Code,
    seen: Bits,
    /// The largest value so far.
    pub max: u32,
}

impl CodeNaive {
    pub fn new<T: Nimber>(code: &Code, g: &[T]) -> CodeNaive {
        let finite = (0..code.finite_len())
            .map(|j| (j, code.digit(j)))
            .filter(|&(_, d)| d != 0)
            .collect();
        CodeNaive {
            finite,
            code: code.clone(),
            seen: Bits::default(),
            max: g.iter().map(|v| v.get()).max().unwrap_or(0),
        }
    }

    /// G(n) for n = `g.len()`.
    pub fn value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        self.seen.clear(width_for(self.max));
        let seen = &mut self.seen;
        for &(j, d) in self.finite.iter().take_while(|&&(j, _)| j <= n) {
            options(g, n, j, d, seen);
        }
        let group = self.code.group();
        if !group.is_empty() {
            let mut gi = 0;
            for j in self.code.finite_len()..=n {
                let d = group[gi];
                gi += 1;
                if gi == group.len() {
                    gi = 0;
                }
                if d & 14 == 2 && j < n {
                    // Only "leave one heap" (and "take it all", j = n, not here).
                    seen.set(g[n - j].get());
                } else if d != 0 {
                    options(g, n, j, d, seen);
                }
            }
        }
        let v = self.seen.mex();
        self.max = self.max.max(v);
        v
    }
}

/// Marks in `seen` the values of the options of heap `n` that remove `j` tokens under digit `d`.
#[inline(always)]
fn options<T: Nimber>(g: &[T], n: usize, j: usize, d: u8, seen: &mut Bits) {
    let rest = n - j;
    if d & 1 != 0 && rest == 0 && j > 0 {
        seen.set(0);
    }
    if d & 2 != 0 && rest >= 1 && j > 0 {
        seen.set(g[rest].get());
    }
    if d & 4 != 0 && rest >= 2 {
        pairs(g, rest, seen);
    }
    if d & 8 != 0 && rest >= 3 {
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                seen.set(g[a].get() ^ g[b].get() ^ g[rest - a - b].get());
            }
        }
    }
}

/// Marks G(a) ^ G(m − a) for 1 ≤ a ≤ m / 2.
#[inline]
pub(crate) fn pairs<T: Nimber>(g: &[T], m: usize, seen: &mut Bits) {
    let h = m / 2;
    let lo = &g[1..=h];
    let hi = &g[m - h..m];
    if seen.words.len() == 1 {
        seen.words[0] |= pairs_word(lo, hi);
    } else {
        for (x, y) in lo.iter().zip(hi.iter().rev()) {
            seen.set(x.get() ^ y.get());
        }
    }
}

/// The values below 64 of G(lo[i]) ^ G(hi[len − 1 − i]), as bits; with AVX2 where the machine
/// has it (the loop is the whole cost of a naive splitting game).
#[inline]
pub(crate) fn pairs_word<T: Nimber>(lo: &[T], hi: &[T]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { pairs_word_avx2(lo, hi) };
        }
    }
    pairs_word_plain(lo, hi)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn pairs_word_avx2<T: Nimber>(lo: &[T], hi: &[T]) -> u64 {
    pairs_word_plain(lo, hi)
}

#[inline(always)]
fn pairs_word_plain<T: Nimber>(lo: &[T], hi: &[T]) -> u64 {
    let mut acc = [0u64; 4];
    let mut lo4 = lo.chunks_exact(4);
    let mut hi4 = hi.rchunks_exact(4);
    for (a, b) in lo4.by_ref().zip(hi4.by_ref()) {
        for k in 0..4 {
            acc[k] |= 1u64 << ((a[k].get() ^ b[3 - k].get()) & 63);
        }
    }
    let (ra, rb) = (lo4.remainder(), hi4.remainder());
    for (x, y) in ra.iter().zip(rb.iter().rev()) {
        acc[0] |= 1u64 << ((x.get() ^ y.get()) & 63);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// The naive engine of any other rule: the options from [`HeapRule::options`].
#[derive(Debug, Clone)]
pub(crate) struct RuleNaive {
    game: Game,
    seen: Bits,
    pub max: u32,
}

impl RuleNaive {
    pub fn new<T: Nimber>(game: &Game, g: &[T]) -> RuleNaive {
        RuleNaive {
            game: game.clone(),
            seen: Bits::default(),
            max: g.iter().map(|v| v.get()).max().unwrap_or(0),
        }
    }

    pub fn value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        let RuleNaive { game, seen, max } = self;
        seen.clear(width_for(*max));
        game.options(n, &mut |heaps| {
            seen.set(heaps.iter().fold(0, |x, &h| x ^ g[h].get()));
        });
        let v = seen.mex();
        *max = (*max).max(v);
        v
    }
}
