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
//!
//! Two things keep the per-heap cost down. The rare pairs (r, m − r) of an m serve every split
//! digit j in turn (the heaps n = m + j), so they are XORed once per m, not once per heap and
//! digit. And the values the proving scan finds late tend to come from the same few heaps
//! (exceptions paired with the regular part), so the heaps where it found them are kept as
//! *helpers* and their pairs marked with the rare ones (on 0.376's first 600,000 heaps the
//! scans took 6.5 G pairs without them; with 64 of them, 2.5 G; the CPU time went from 23-27 s
//! to 1.5-1.7 s with both changes). A helper's pair is an option like any other, so the guess
//! and its proof hold whatever the helpers are; their number follows the scans' length (16 to
//! 1024).

use crate::code::Code;
use crate::naive::{pairs_word, CodeNaive};
use crate::values::{width_for, Bits, Nimber};

/// Below this many heaps the naive loop is cheaper whatever the classes.
const START: usize = 1024;

/// How many helper heaps are kept at least and at most (see [`Sparse::helpers`]).
const HELPERS: (usize, usize) = (16, 1024);

/// Every this many values the helpers' number is weighed against the pairs the scans took.
const HELPER_WINDOW: u32 = 4096;

/// A value the proving scan finds at a pair (a, m − a) with a ≥ this makes `a` a helper.
const HELPER_FROM: usize = 57;

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
    /// Heaps whose pair found a rare value late in a recent proving scan (a ring of at most
    /// [`HELPERS`]). Their pairs are marked with the rare heaps' for each heap after: the values
    /// that were hard to find tend to come from the same few heaps (exceptions paired with the
    /// regular part), so the scan that follows has less to look for. Every value marked is
    /// an option, so the guess and its proof are whatever the helpers are.
    helpers: Vec<u32>,
    helper_next: usize,
    /// The largest helper (or more: it is not lowered when one leaves).
    helper_max: u32,
    /// How many helpers are kept: doubled while the scans take more than twice as many pairs
    /// a value as there are helpers (a helper costs one pair a value), halved when they take
    /// fewer than a quarter.
    helper_cap: usize,
    /// Pairs the scans took, and values computed, since the helpers' number was last weighed.
    scanned: u64,
    since: u32,
    /// A helper is taken from a scan's pair (a, m − a) from this a on (tests lower it).
    helper_from: usize,
    /// Per m = n − j, the values of the rare and helper pairs (r, m − r): each m serves every
    /// split digit j in turn (the heaps n = m + j), so it is computed once.
    marks: Marks,
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
            helpers: Vec::new(),
            helper_next: 0,
            helper_max: 0,
            helper_cap: HELPERS.0,
            scanned: 0,
            since: 0,
            helper_from: HELPER_FROM,
            marks: Marks::default(),
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
        self.marks.clear();
        self.active = forced || self.rare.len() * 4 < n;
    }

    /// The sparse method forced on from heap `from` (for tests of the method on small heaps).
    pub fn force_from(&mut self, from: usize) {
        self.forced_from = from;
    }

    /// Helpers taken from a scan's pairs from `a` on (for tests on small heaps).
    #[cfg(test)]
    fn helpers_from(&mut self, a: usize) {
        self.helper_from = a;
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
        for i in 0..self.splits.len() {
            let j = self.splits[i];
            if j + 2 > n {
                break;
            }
            let slot = self.marks_of(g, n - j);
            let words = self.marks.words;
            let marks = &self.marks.bits[slot * words..(slot + 1) * words];
            for (w, x) in self.seen.words.iter_mut().zip(marks) {
                *w |= x;
            }
        }
        let cand = self.candidate(width);
        self.weigh_helpers();
        self.check_rare_below(g, cand)
    }

    /// The slot of [`Sparse::marks`] that holds the values of the rare and helper pairs
    /// (r, m − r) (r < m), computed once for each m.
    fn marks_of<T: Nimber>(&mut self, g: &[T], m: usize) -> usize {
        let words = self.seen.words.len();
        if self.marks.words != words {
            let last = self.splits.last().copied().unwrap_or(0);
            self.marks.reset(words, last + 1);
        }
        let slot = self.marks.slot(m);
        if self.marks.tags[slot] != m {
            self.marks.tags[slot] = m;
            let out = &mut self.marks.bits[slot * words..(slot + 1) * words];
            out.fill(0);
            let end = self.rare.partition_point(|&r| (r as usize) < m);
            mark_pairs(g, m, &self.rare[..end], out);
            if (self.helper_max as usize) < m {
                mark_pairs(g, m, &self.helpers, out);
            } else {
                let helpers = self.helpers.iter().filter(|&&h| (h as usize) < m);
                for h in helpers.map(|&h| h as usize) {
                    let v = (g[h].get() ^ g[m - h].get()) as usize;
                    out[v >> 6] |= 1 << (v & 63);
                }
            }
        }
        slot
    }

    /// Heap `a` made a helper (the oldest one out when there are [`HELPERS`]).
    fn add_helper(&mut self, a: usize) {
        let a = a as u32;
        if self.helpers.contains(&a) {
            return;
        }
        self.helper_max = self.helper_max.max(a);
        if self.helpers.len() < self.helper_cap {
            self.helpers.push(a);
        } else {
            self.helpers[self.helper_next] = a;
            self.helper_next = (self.helper_next + 1) % self.helper_cap;
        }
    }

    /// Weighs the helpers' number against the pairs the scans took (see
    /// [`Sparse::helper_cap`]), every [`HELPER_WINDOW`] values.
    fn weigh_helpers(&mut self) {
        self.since += 1;
        if self.since < HELPER_WINDOW {
            return;
        }
        let per_value = self.scanned / u64::from(self.since);
        let cap = self.helper_cap as u64;
        if per_value > 2 * cap && self.helper_cap < HELPERS.1 {
            self.helper_cap *= 2;
        } else if per_value < cap / 4 && self.helper_cap > HELPERS.0 {
            self.helper_cap /= 2;
            self.helpers.truncate(self.helper_cap);
            self.helper_next = 0;
        }
        self.scanned = 0;
        self.since = 0;
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
        'scan: for si in 0..self.splits.len() {
            let j = self.splits[si];
            if j + 2 > n {
                break;
            }
            let m = n - j;
            for a in 1..=m / 2 {
                self.scanned += 1;
                let x = g[a].get() ^ g[m - a].get();
                if self.need.has(x) {
                    self.need.words[x as usize >> 6] &= !(1 << (x & 63));
                    if a >= self.helper_from {
                        self.add_helper(a);
                    }
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
    fn scan_word<T: Nimber>(&mut self, g: &[T]) -> u64 {
        let mut need = self.need.words[0];
        let mut late = Vec::new();
        let from = self.helper_from;
        self.scanned += self.chunks(g, |lo, hi, a0| {
            let mut found = need & pairs_word(lo, hi);
            need &= !found;
            if a0 >= from && found != 0 {
                first_pairs(lo, hi, a0, &mut late, |v| take_bit(&mut found, v));
            }
            need == 0
        });
        self.add_helpers(late);
        need
    }

    /// Calls `f` with the pairs (a, m − a) of every split, 1 ≤ a ≤ m / 2, a chunk at a time:
    /// `lo` the a's values, `hi` their partners' (pair i is lo[i] and hi[len − 1 − i]), and
    /// the chunk's first a; the chunks grow from 8 pairs to 4096. Stops when `f` returns true.
    /// Returns the number of pairs taken.
    fn chunks<T: Nimber>(&self, g: &[T], mut f: impl FnMut(&[T], &[T], usize) -> bool) -> u64 {
        let n = g.len();
        let mut taken = 0;
        for &j in &self.splits {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let (mut a0, mut chunk) = (1, 8);
            while a0 <= m / 2 {
                let a1 = (a0 + chunk).min(m / 2 + 1);
                taken += (a1 - a0) as u64;
                if f(&g[a0..a1], &g[m + 1 - a1..m + 1 - a0], a0) {
                    return taken;
                }
                a0 = a1;
                chunk = (chunk * 2).min(4096);
            }
        }
        taken
    }

    /// Makes helpers of the heaps `late` (see [`Sparse::helpers`]).
    fn add_helpers(&mut self, late: Vec<usize>) {
        for a in late {
            self.add_helper(a);
        }
    }
}

impl Sparse {
    /// The scan of [`Sparse::check_rare_below`] for at most four values: the pairs are taken a
    /// chunk at a time, the chunks growing from 8 pairs, each value looked for in a chunk by a
    /// loop the compiler vectorises. Returns the smallest value not found.
    fn scan_few<T: Nimber>(&mut self, g: &[T], looked_for: &[u32]) -> Option<u32> {
        let mut left = [0u32; 4];
        left[..looked_for.len()].copy_from_slice(looked_for);
        let mut k = looked_for.len();
        let mut late = Vec::new();
        let from = self.helper_from;
        self.scanned += self.chunks(g, |lo, hi, a0| {
            let mut i = 0;
            while i < k {
                if chunk_has(lo, hi, left[i]) {
                    if a0 >= from {
                        let mut w = Some(left[i]);
                        first_pairs(lo, hi, a0, &mut late, |v| w.take_if(|w| *w == v).is_some());
                    }
                    k -= 1;
                    left.swap(i, k);
                } else {
                    i += 1;
                }
            }
            k == 0
        });
        self.add_helpers(late);
        left[..k].iter().copied().min()
    }
}

impl Sparse {
    /// The scan of [`Sparse::check_rare_below`] when every value is below 256: each chunk's
    /// XORs are stored in a [`ByteSet`] (one store a pair, nothing waiting on it), then taken
    /// out of the values looked for as bits (chunks from 8 pairs). Returns the values not
    /// found.
    fn scan_256<T: Nimber>(&mut self, g: &[T]) -> [u64; 4] {
        let words = self.need.words.len();
        let mut need = [0u64; 4];
        need[..words].copy_from_slice(&self.need.words);
        let mut late = Vec::new();
        let from = self.helper_from;
        let mut table = ByteSet::default();
        self.scanned += self.chunks(g, |lo, hi, a0| {
            for (x, y) in lo.iter().zip(hi.iter().rev()) {
                table.set(x.get() ^ y.get());
            }
            let mut acc = [0u64; 4];
            table.put_into(&mut acc[..words]);
            table = ByteSet::default();
            let mut found = [0u64; 4];
            let mut any = 0;
            for k in 0..4 {
                found[k] = need[k] & acc[k];
                need[k] &= !acc[k];
                any |= need[k];
            }
            if a0 >= from && found != [0; 4] {
                first_pairs(lo, hi, a0, &mut late, |v| {
                    take_bit(&mut found[(v >> 6) as usize & 3], v)
                });
            }
            any == 0
        });
        self.add_helpers(late);
        need
    }
}

/// Pushes onto `late` the a of each pair of the chunk (`lo`, `hi` from heap `a0`) whose value
/// `take` takes (it says whether the value was one looked for, and forgets it).
fn first_pairs<T: Nimber>(
    lo: &[T],
    hi: &[T],
    a0: usize,
    late: &mut Vec<usize>,
    mut take: impl FnMut(u32) -> bool,
) {
    for (i, (x, y)) in lo.iter().zip(hi.iter().rev()).enumerate() {
        if take(x.get() ^ y.get()) {
            late.push(a0 + i);
        }
    }
}

/// Whether bit `v` mod 64 of `word` is set; clears it.
fn take_bit(word: &mut u64, v: u32) -> bool {
    let bit = 1u64 << (v & 63);
    let had = *word & bit != 0;
    *word &= !bit;
    had
}

/// Per m, the values of the rare and helper pairs: `tags[slot]` is the m whose values are in
/// `bits[slot * words ..][.. words]` (`usize::MAX`: none); an m's slot is m modulo the slots,
/// as many as the split digits' span, so the m's of a heap and of the heaps just after it
/// never share one.
#[derive(Debug, Clone, Default)]
struct Marks {
    words: usize,
    tags: Vec<usize>,
    bits: Vec<u64>,
}

impl Marks {
    /// Empty, with room for `span` m's of `words` words each.
    fn reset(&mut self, words: usize, span: usize) {
        let slots = span.next_power_of_two();
        self.words = words;
        self.tags.clear();
        self.tags.resize(slots, usize::MAX);
        self.bits.clear();
        self.bits.resize(slots * words, 0);
    }

    /// Forgets every m (the classes were made anew: the rare heaps changed).
    fn clear(&mut self) {
        self.tags.fill(usize::MAX);
    }

    fn slot(&self, m: usize) -> usize {
        m & (self.tags.len() - 1)
    }
}

/// Marks G(r) ^ G(m − r) for each heap r of `heaps` (all below m) in the set `words`.
#[inline]
fn mark_pairs<T: Nimber>(g: &[T], m: usize, heaps: &[u32], words: &mut [u64]) {
    let xor = |r: &u32| g[*r as usize].get() ^ g[m - *r as usize].get();
    match words.len() {
        1 => words[0] |= heaps.iter().fold(0u64, |a, r| a | 1 << (xor(r) & 63)),
        2..=4 => {
            let mut table = ByteSet::default();
            for r in heaps {
                table.set(xor(r));
            }
            table.put_into(words);
        }
        _ => {
            for r in heaps {
                let v = xor(r) as usize;
                words[v >> 6] |= 1 << (v & 63);
            }
        }
    }
}

/// Values below 256 as one byte each: setting one is a plain store (a bit set in a word is a
/// load, an OR and a store, each waiting on the one before when the values repeat).
struct ByteSet([u8; 256]);

impl Default for ByteSet {
    fn default() -> ByteSet {
        ByteSet([0; 256])
    }
}

impl ByteSet {
    #[inline(always)]
    fn set(&mut self, v: u32) {
        self.0[(v & 255) as usize] = 1;
    }

    /// ORs the values below 64 · `words.len()` into `words` as bits.
    #[inline]
    fn put_into(&self, words: &mut [u64]) {
        for (w, bytes) in words.iter_mut().zip(self.0.chunks_exact(64)) {
            *w |= pack64(bytes);
        }
    }
}

/// The 64 bytes (each 0 or 1) as the bits of a word, byte i at bit i.
#[inline(always)]
fn pack64(bytes: &[u8]) -> u64 {
    let mut w = 0;
    for (k, eight) in bytes.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
        // Byte i (0 or 1) lands at bit 56 + i of the product, and nothing else does.
        w |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    w
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::Base;
    use crate::game::{Game, Kind};
    use crate::solve::naive_values;

    /// The values of `code` for heaps 0 … n − 1 by the sparse engine forced on from heap 64,
    /// with a helper taken from every pair that finds a value in a scan (not only late ones),
    /// and the most helpers the engine held.
    fn sparse_with_helpers(code: &Code, n: usize) -> (Vec<u32>, usize) {
        let mut g: Vec<u16> = Vec::with_capacity(n);
        let mut s = Sparse::new(code, &g);
        s.force_from(64);
        s.helpers_from(1);
        let (mut next, mut most) = (64, 0);
        while g.len() < n {
            if g.len() >= next {
                s.replan(&g);
                next *= 2;
            }
            let v = s.value(&g);
            g.push(u16::try_from(v).expect("a value below 2^16"));
            if s.replan_due() {
                s.replan(&g);
            }
            most = most.max(s.helpers.len());
        }
        (g.iter().map(|&v| u32::from(v)).collect(), most)
    }

    #[test]
    fn helpers_and_marks_per_m_agree_with_the_naive_engine() {
        const N: usize = 30_000;
        // Whether the scans find values there (so helpers are taken): on 4.07 and 0.26 no
        // scan finds one (none is needed, or the value is a new rare one).
        let codes = [
            ("0.56", true),
            ("0.376", true),
            ("0.16", true),
            ("0.77", true),
            ("4.07", false),
            ("0.354", true),
            ("0.137", true),
            ("0.26", false),
        ];
        for (text, scans) in codes {
            let code = Code::parse(text, Base::Octal).unwrap();
            let naive = naive_values(&Game::new(Kind::Code(code.clone())), N);
            let (sparse, most) = sparse_with_helpers(&code, N);
            assert_eq!(sparse, naive, "{text}");
            assert_eq!(most > 0, scans, "{text}: {most} helpers");
        }
    }

    #[test]
    fn the_helpers_grow_where_the_scans_are_long_and_stay_few_where_not() {
        // 0.376's values up to 176 need long scans below 4.5 M heaps; 0.56's do not.
        for (text, grows) in [("0.376", true), ("0.56", false)] {
            let code = Code::parse(text, Base::Octal).unwrap();
            let mut g: Vec<u8> = Vec::new();
            let mut s = Sparse::new(&code, &g);
            s.force_from(1024);
            while g.len() < 200_000 {
                if g.len().is_power_of_two() {
                    s.replan(&g);
                }
                let v = s.value(&g);
                g.push(u8::try_from(v).unwrap());
            }
            let cap = s.helper_cap;
            assert!(if grows { cap >= 256 } else { cap <= 32 }, "{text}: {cap}");
        }
    }

    #[test]
    fn bytes_packed_into_bits() {
        let mut set = ByteSet::default();
        let values = [0u32, 1, 7, 8, 63, 64, 100, 127, 128, 200, 255, 256 + 3];
        for &v in &values {
            set.set(v);
        }
        let mut words = [0u64; 4];
        set.put_into(&mut words);
        let mut expected = [0u64; 4];
        for v in values.map(|v| v & 255) {
            expected[v as usize / 64] |= 1 << (v % 64);
        }
        assert_eq!(words, expected);
        // Fewer words: only the values below 64 · words.
        let mut set = ByteSet::default();
        set.set(5);
        set.set(70);
        let mut one = [0u64; 1];
        set.put_into(&mut one);
        assert_eq!(one, [1 << 5]);
    }
}
