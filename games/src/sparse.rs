//! The sparse-space method (Flammenkamp's; the rare/common classes of `ogs`) for a finite
//! take-and-break code that splits into at most two heaps.
//!
//! The values are split into a *common* class C, in which no two values XOR to a third
//! (c1 ^ c2 is never in C; so 0 is not in C), and a *rare* class R, the rest. Then a common
//! value among the options of a split can only come from a pair with a rare member: XORing the
//! few rare heaps against the others finds every common value excluded, and G(n) is guessed as
//! the smallest common value not excluded. The guess is proven by a bounded scan: a rare value
//! below it that no rare pair excluded is looked for among all the pairs, stopping as soon as
//! each one is found; one that is never found is G(n) (a new rare heap). It pays where rare
//! heaps stay rare (0.77, 0.16, 0.56); where they do not (0.07: P-positions stay frequent) the
//! engine falls back to the naive loop, and it decides again at every checkpoint.

use crate::code::Code;
use crate::naive::{pairs_word, CodeNaive};
use crate::values::{width_for, Bits, Nimber};

/// Below this many heaps the naive loop is cheaper whatever the classes.
const START: usize = 1024;

/// The sparse engine, with the naive one it falls back to.
#[derive(Debug, Clone)]
pub(crate) struct Sparse {
    naive: CodeNaive,
    splits: Vec<usize>,
    singles: Vec<usize>,
    wholes: Vec<usize>,
    /// Per value: 0 not yet classified, 1 rare, 2 common.
    class: Vec<u8>,
    common: Bits,
    common_list: Vec<u32>,
    /// The heaps ≥ 1 whose value is rare, ascending.
    rare: Vec<u32>,
    /// How often each value occurs (heaps ≥ 1).
    hist: Vec<u64>,
    seen: Bits,
    need: Bits,
    /// Whether the sparse method is in use (else the naive loop).
    pub active: bool,
    /// Rare heaps when the classes were last made.
    rare_at_rebuild: usize,
    /// Whether a move leaves three heaps (the method here is for two: never sparse then).
    three: bool,
    /// From this heap on, sparse whatever the share of rare heaps (tests; else never).
    forced_from: usize,
    pub max: u32,
}

impl Sparse {
    pub fn new<T: Nimber>(code: &Code, g: &[T]) -> Sparse {
        let by_bit = |bit: u8| -> Vec<usize> {
            (0..code.finite_len())
                .filter(|&j| code.digit(j) & bit != 0)
                .collect()
        };
        let mut s = Sparse {
            naive: CodeNaive::new(code, g),
            splits: by_bit(4),
            singles: by_bit(2).into_iter().filter(|&j| j > 0).collect(),
            wholes: by_bit(1).into_iter().filter(|&j| j > 0).collect(),
            class: Vec::new(),
            common: Bits::default(),
            common_list: Vec::new(),
            rare: Vec::new(),
            hist: Vec::new(),
            seen: Bits::default(),
            need: Bits::default(),
            active: false,
            rare_at_rebuild: 0,
            forced_from: usize::MAX,
            three: code.max_heaps() > 2,
            max: 0,
        };
        for v in g.iter().skip(1) {
            s.count(v.get());
        }
        s.max = s.naive.max;
        s.replan(g);
        s
    }

    fn count(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.hist.len() {
            self.hist.resize(v + 1, 0);
        }
        self.hist[v] += 1;
    }

    /// Makes the classes anew from the values' frequencies (the most frequent first, each put
    /// in C when it can be), lists the rare heaps, and chooses the method: sparse when the rare
    /// heaps are fewer than a quarter of the heaps (each costs an XOR per split digit, against
    /// half a pair per heap for the naive loop).
    pub fn replan<T: Nimber>(&mut self, g: &[T]) {
        let n = g.len();
        let forced = n >= self.forced_from;
        if (n < START && !forced) || self.splits.is_empty() || self.three {
            self.active = false;
            return;
        }
        let mut order: Vec<u32> = (1..self.hist.len() as u32)
            .filter(|&v| self.hist[v as usize] > 0)
            .collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.hist[v as usize]));
        let width = width_for(self.max);
        self.class.clear();
        self.class.resize(width, 0);
        self.common.words.clear();
        self.common.words.resize(width / 64, 0);
        self.common_list.clear();
        self.class[0] = 1;
        for v in order.into_iter().chain(0..width as u32) {
            self.classify(v);
        }
        self.rare = (1..n)
            .filter(|&i| self.class[g[i].get() as usize] == 1)
            .map(|i| i as u32)
            .collect();
        self.rare_at_rebuild = self.rare.len();
        self.active = forced || self.rare.len() * 4 < n;
    }

    /// The sparse method forced on from heap `from` (for tests of the method on small heaps).
    pub fn force_from(&mut self, from: usize) {
        self.forced_from = from;
    }

    /// Puts `v` in C if no value of C XORs with it to another value of C, else in R.
    fn classify(&mut self, v: u32) {
        let vi = v as usize;
        if self.class[vi] != 0 {
            return;
        }
        let ok = v != 0 && self.common_list.iter().all(|&c| !self.common.has(c ^ v));
        if ok {
            self.class[vi] = 2;
            self.common.set(v);
            self.common_list.push(v);
        } else {
            self.class[vi] = 1;
        }
    }

    /// Classifies every value below `width` (a power of two ≥ 64).
    fn ensure_classes(&mut self, width: usize) {
        if self.class.len() >= width {
            return;
        }
        let old = self.class.len();
        self.class.resize(width, 0);
        self.common.words.resize(width / 64, 0);
        if old == 0 {
            self.class[0] = 1;
        }
        for v in old..width {
            self.classify(v as u32);
        }
    }

    /// G(n) for n = `g.len()`.
    pub fn value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        let v = if self.active {
            self.sparse_value(g)
        } else {
            self.naive.max = self.max;
            self.naive.value(g)
        };
        self.max = self.max.max(v);
        if !g.is_empty() {
            self.count(v);
        }
        if self.active {
            self.ensure_classes(width_for(self.max));
            if self.class[v as usize] == 1 && !g.is_empty() {
                self.rare.push(g.len() as u32);
            }
        }
        v
    }

    /// The heaps with a rare value (as of the last plan, and since, while sparse).
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// Whether the rare heaps have grown enough since the classes were made to make them anew
    /// (call [`Sparse::replan`] with the values, the last one included).
    pub fn replan_due(&self) -> bool {
        self.active && self.rare.len() > 2 * self.rare_at_rebuild + 256
    }

    fn sparse_value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        let width = width_for(self.max);
        self.ensure_classes(2 * width);
        self.seen.clear(width);
        if self.wholes.contains(&n) {
            self.seen.set(0);
        }
        for &j in self.singles.iter().filter(|&&j| j < n) {
            self.seen.set(g[n - j].get());
        }
        for &j in &self.splits {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let end = self.rare.partition_point(|&r| (r as usize) < m);
            mark_rare(g, m, &self.rare[..end], &mut self.seen.words);
        }
        let cand = self.candidate(width);
        self.check_rare_below(g, cand)
    }

    /// The smallest common value not excluded.
    fn candidate(&mut self, width: usize) -> u32 {
        for (i, (&c, &s)) in self.common.words.iter().zip(&self.seen.words).enumerate() {
            let free = c & !s;
            if free != 0 {
                return (i * 64) as u32 + free.trailing_zeros();
            }
        }
        let mut v = width;
        loop {
            self.ensure_classes((v + 1).next_power_of_two().max(2 * width));
            if self.class[v] == 2 {
                return v as u32;
            }
            v += 1;
        }
    }

    /// The smallest rare value below `cand` that no option has, else `cand`: the rare values
    /// no rare pair excluded are looked for among all the pairs, the scan stopping once each
    /// is found.
    fn check_rare_below<T: Nimber>(&mut self, g: &[T], cand: u32) -> u32 {
        let n = g.len();
        // The rare values below `cand` (all of them are classified) that nothing excluded.
        let words = self.seen.words.len().max(cand as usize / 64 + 1);
        self.need.words.clear();
        self.need.words.resize(words, 0);
        let mut missing = 0usize;
        for (i, need) in self.need.words.iter_mut().enumerate() {
            let from = i as u32 * 64;
            let below = match cand.saturating_sub(from) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
            let common = self.common.words.get(i).copied().unwrap_or(0);
            let seen = self.seen.words.get(i).copied().unwrap_or(0);
            *need = !common & !seen & below;
            missing += need.count_ones() as usize;
        }
        if missing == 0 {
            return cand;
        }
        if self.need.words.len() == 1 {
            let left = self.scan_word(g);
            return if left == 0 {
                cand
            } else {
                left.trailing_zeros()
            };
        }
        if missing <= 4 {
            let mut left = [0u32; 4];
            let mut k = 0;
            for (i, &w) in self.need.words.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    left[k] = i as u32 * 64 + w.trailing_zeros();
                    k += 1;
                    w &= w - 1;
                }
            }
            let left = self.scan_few(g, &left[..k]);
            return left.into_iter().min().unwrap_or(cand);
        }
        if self.need.words.len() <= 4 {
            let left = self.scan_256(g);
            return left
                .iter()
                .enumerate()
                .find(|(_, &w)| w != 0)
                .map_or(cand, |(i, w)| (i * 64) as u32 + w.trailing_zeros());
        }
        'scan: for &j in &self.splits {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            for a in 1..=m / 2 {
                let x = g[a].get() ^ g[m - a].get();
                if self.need.has(x) {
                    self.need.words[x as usize >> 6] &= !(1 << (x & 63));
                    missing -= 1;
                    if missing == 0 {
                        break 'scan;
                    }
                }
            }
        }
        if missing == 0 {
            cand
        } else {
            self.need.mex_of_set()
        }
    }
}

impl Sparse {
    /// The scan of [`Sparse::check_rare_below`] when every value is below 64: the pairs' XORs
    /// are taken a chunk at a time by the naive engine's word loop (AVX2 where there is), the
    /// chunks growing from 8 pairs, until every value looked for is found. Returns the values
    /// not found, as bits (the set `need` is left as it was).
    fn scan_word<T: Nimber>(&self, g: &[T]) -> u64 {
        let mut need = self.need.words[0];
        self.chunks(g, |lo, hi| {
            need &= !pairs_word(lo, hi);
            need == 0
        });
        need
    }

    /// Calls `f` with the pairs (a, m − a) of every split, 1 ≤ a ≤ m / 2, a chunk at a time:
    /// `lo` the a's values, `hi` their partners' (pair i is lo[i] and hi[len − 1 − i]); the
    /// chunks grow from 8 pairs to 4096. Stops when `f` returns true.
    fn chunks<T: Nimber>(&self, g: &[T], mut f: impl FnMut(&[T], &[T]) -> bool) {
        let n = g.len();
        for &j in &self.splits {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let (mut a0, mut chunk) = (1, 8);
            while a0 <= m / 2 {
                let a1 = (a0 + chunk).min(m / 2 + 1);
                if f(&g[a0..a1], &g[m + 1 - a1..m + 1 - a0]) {
                    return;
                }
                a0 = a1;
                chunk = (chunk * 2).min(4096);
            }
        }
    }
}

impl Sparse {
    /// The scan of [`Sparse::check_rare_below`] for at most four values: the pairs are taken a
    /// chunk at a time, the chunks growing from 8 pairs, each value looked for in a chunk by a
    /// loop the compiler vectorises. Returns the smallest value not found.
    fn scan_few<T: Nimber>(&self, g: &[T], looked_for: &[u32]) -> Option<u32> {
        let mut left = [0u32; 4];
        left[..looked_for.len()].copy_from_slice(looked_for);
        let mut k = looked_for.len();
        self.chunks(g, |lo, hi| {
            let mut i = 0;
            while i < k {
                if chunk_has(lo, hi, left[i]) {
                    k -= 1;
                    left.swap(i, k);
                } else {
                    i += 1;
                }
            }
            k == 0
        });
        left[..k].iter().copied().min()
    }
}

impl Sparse {
    /// The scan of [`Sparse::check_rare_below`] when every value is below 256: each chunk's
    /// XORs are gathered as bits without a branch, then taken out of the values looked for (chunks from 8 pairs).
    /// Returns the values not found.
    fn scan_256<T: Nimber>(&self, g: &[T]) -> [u64; 4] {
        let mut need = [0u64; 4];
        need[..self.need.words.len()].copy_from_slice(&self.need.words);
        let narrow = self.need.words.len() <= 2;
        self.chunks(g, |lo, hi| {
            let pairs = lo.iter().zip(hi.iter().rev());
            let acc = if narrow {
                let a = pairs.fold(0u128, |a, (x, y)| a | 1 << ((x.get() ^ y.get()) & 127));
                [a as u64, (a >> 64) as u64, 0, 0]
            } else {
                let mut acc = Acc4::default();
                for (x, y) in pairs {
                    acc.set(x.get() ^ y.get());
                }
                acc.0
            };
            let mut any = 0;
            for k in 0..4 {
                need[k] &= !acc[k];
                any |= need[k];
            }
            any == 0
        });
        need
    }
}

/// Four words of bits in registers: a value is set without a store (a store to a word the next
/// value may set again waits on the one before: the loop would be bound by that latency).
#[derive(Default)]
struct Acc4([u64; 4]);

impl Acc4 {
    #[inline(always)]
    fn set(&mut self, v: u32) {
        let bit = 1u64 << (v & 63);
        let w = v >> 6;
        for k in 0..4 {
            self.0[k] |= bit & 0u64.wrapping_sub(u64::from(w == k as u32));
        }
    }
}

/// Marks G(r) ^ G(m − r) for each heap r of `rare` (all below m) in the set `words`.
#[inline]
fn mark_rare<T: Nimber>(g: &[T], m: usize, rare: &[u32], words: &mut [u64]) {
    let xor = |r: &u32| g[*r as usize].get() ^ g[m - *r as usize].get();
    match words.len() {
        1 => words[0] |= rare.iter().fold(0u64, |a, r| a | 1 << (xor(r) & 63)),
        2 => {
            let acc = rare.iter().fold(0u128, |a, r| a | 1 << (xor(r) & 127));
            words[0] |= acc as u64;
            words[1] |= (acc >> 64) as u64;
        }
        3 | 4 => {
            let mut acc = Acc4::default();
            for r in rare {
                acc.set(xor(r));
            }
            for (w, a) in words.iter_mut().zip(acc.0) {
                *w |= a;
            }
        }
        _ => {
            for r in rare {
                let v = xor(r) as usize;
                words[v >> 6] |= 1 << (v & 63);
            }
        }
    }
}

/// Whether G(lo[i]) ^ G(hi[len − 1 − i]) = w for some i.
#[inline]
fn chunk_has<T: Nimber>(lo: &[T], hi: &[T], w: u32) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { chunk_has_avx2(lo, hi, w) };
        }
    }
    chunk_has_plain(lo, hi, w)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn chunk_has_avx2<T: Nimber>(lo: &[T], hi: &[T], w: u32) -> bool {
    chunk_has_plain(lo, hi, w)
}

#[inline(always)]
fn chunk_has_plain<T: Nimber>(lo: &[T], hi: &[T], w: u32) -> bool {
    if w > T::MAX {
        return false;
    }
    let w = T::of(w);
    lo.iter()
        .zip(hi.iter().rev())
        .fold(false, |f, (&x, &y)| f | (x.xor(y) == w))
}

impl Bits {
    /// The smallest value in the set.
    fn mex_of_set(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != 0 {
                return (i * 64) as u32 + w.trailing_zeros();
            }
        }
        unreachable!("called on a non-empty set")
    }
}
