//! Periods of a value sequence G(0), G(1), …: the evidence a prefix gives, and the proof the
//! octal periodicity theorem gives for a finite take-and-break code.
//!
//! Evidence and proof are kept apart: [`evidence`] and [`candidate`] say what a prefix shows
//! (for any sequence: a move program's too), [`prove`] only what [`Bound`] proves.

use serde::Serialize;

use crate::values::Nimber;

/// A (possibly arithmetic) period: G(n + period) = G(n) + saltus for every n ≥ preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Period {
    /// n0: the first heap from which the relation holds.
    pub preperiod: usize,
    /// p: the period.
    pub period: usize,
    /// s: 0 for a plain period.
    pub saltus: u32,
}

/// How the period is decided for a game.
#[derive(Debug, Clone)]
pub(crate) enum Theory {
    /// A finite code: the octal periodicity theorem's bound.
    Octal(Bound),
    /// No theorem checked: evidence only, with why.
    None(String),
}

/// The octal periodicity theorem's bound for a finite code (Guy and Smith; Winning Ways,
/// ch. 4), extended to moves that leave up to three heaps.
///
/// If every move leaves at most k heaps and removes at most t tokens, and G(n + p) = G(n) for
/// every n with n0 ≤ n < L, where L = k·n0' + (k−1)·p + t for k ≥ 2 and L = n0' + t for k = 1
/// (n0' = max(n0, 1)), then G(n + p) = G(n) for every n ≥ n0. Proof, by induction on n ≥ L:
/// an option of n + p removing j ≤ t tokens leaves heaps summing to n + p − j ≥ k·n0' + k·p −
/// (k − 1) (for k ≥ 2), so its largest heap b has b ≥ n0' + p, and replacing b by b − p ≥ 1
/// (G(b − p) = G(b) by induction) gives an option of n with the same value; an option of n
/// leaves heaps summing to at least k·n0' + (k−1)·p − (k − 1) ≥ k·(n0' − 1) + 1, so its
/// largest heap b ≥ n0' and b + p gives an option of n + p with the same value. For k = 1 the
/// one heap left, n − j ≥ n0' ≥ 1, moves with n; n > t keeps "take the whole heap" (j = n)
/// out of both. (n0' is n0 but for n0 = 0: a heap of size 0 is no heap.) So the values
/// G(0 … L + p − 1) decide it: with k = 2, 2·n0 + 2·p + t of them, as Winning Ways says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bound {
    /// k: the most heaps a move leaves (1, 2 or 3).
    pub heaps: usize,
    /// t: the largest number of tokens a move removes.
    pub largest_removal: usize,
}

impl Bound {
    /// L: the relation must be checked for n0 ≤ n < L.
    pub fn limit(&self, n0: usize, p: usize) -> usize {
        let (k, n0p, t) = (self.heaps, n0.max(1), self.largest_removal);
        if k <= 1 {
            n0p + t
        } else {
            k * n0p + (k - 1) * p + t
        }
    }

    /// The values the check reads: G(0 … L + p − 1).
    pub fn values_needed(&self, n0: usize, p: usize) -> usize {
        self.limit(n0, p) + p
    }

    /// L as a formula: "2·n0 + p + t".
    pub fn formula(&self) -> String {
        match self.heaps {
            0 | 1 => "n0 + t".to_string(),
            2 => "2·n0 + p + t".to_string(),
            k => format!("{k}·n0 + {}·p + t", k - 1),
        }
    }
}

/// The first n from which G(m + p) = G(m) + s for every m with m + p in `g` (`g.len() − p` when
/// the last pair already differs).
pub fn tail_start<T: Nimber>(g: &[T], p: usize, s: u32) -> usize {
    if p == 0 || p >= g.len() {
        return g.len().saturating_sub(p);
    }
    let mut m = g.len() - p;
    while m > 0 && u64::from(g[m - 1 + p].get()) == u64::from(g[m - 1].get()) + u64::from(s) {
        m -= 1;
    }
    m
}

/// The saltus the last pair at distance p shows, when arithmetic periods are looked for (else
/// 0); `None` when it would be negative.
fn saltus_of<T: Nimber>(g: &[T], p: usize, arithmetic: bool) -> Option<u32> {
    if !arithmetic {
        return Some(0);
    }
    let last = g.len() - 1;
    g[last].get().checked_sub(g[last - p].get())
}

/// The smallest period p ≤ `max_p` (with its saltus, when `arithmetic`) whose relation holds on
/// a tail of at least `min_tail(p)` heaps of `g`, and its preperiod on `g`.
pub fn candidate<T: Nimber>(
    g: &[T],
    arithmetic: bool,
    max_p: usize,
    min_tail: impl Fn(usize) -> usize,
) -> Option<Period> {
    let len = g.len();
    for p in 1..=max_p.min(len.saturating_sub(1)) {
        let Some(s) = saltus_of(g, p, arithmetic) else {
            continue;
        };
        let n0 = tail_start(g, p, s);
        if len - p - n0 >= min_tail(p) {
            return Some(Period {
                preperiod: n0,
                period: p,
                saltus: s,
            });
        }
    }
    None
}

/// Where to look for a proof next: the fewest values that `bound` needs to prove any period
/// ≤ `max_p` that the tail of `g` already shows (its relation holding on at least
/// clamp(p, 16, 64) heaps), when that is more than `g` has. Multiples of a period with a long
/// tail are skipped: they hold from the same heap and need more values.
pub fn next_needed<T: Nimber>(g: &[T], bound: &Bound, max_p: usize) -> Option<usize> {
    let len = g.len();
    let mut best: Option<usize> = None;
    let mut long_tails: Vec<usize> = Vec::new();
    for p in 1..=max_p.min(len.saturating_sub(1)) {
        if long_tails.iter().any(|&q| p % q == 0) {
            continue;
        }
        let n0 = tail_start(g, p, 0);
        let tail = len - p - n0;
        if tail >= p.clamp(16, 64) {
            let needed = bound.values_needed(n0, p);
            if needed > len && best.is_none_or(|b| needed < b) {
                best = Some(needed);
            }
        }
        if tail >= 64 {
            long_tails.push(p);
        }
    }
    best
}

/// What a prefix shows without a theorem: the smallest period (and saltus, when `arithmetic`)
/// that the whole tail from its preperiod repeats at least three times (a tail of 2·p heaps
/// after the first period, and at least 32), or `None`: no period ≤ [`evidence_reach`] in
/// these values.
pub fn evidence<T: Nimber>(g: &[T], arithmetic: bool) -> Option<Period> {
    candidate(g, arithmetic, evidence_reach(g.len()), |p| (2 * p).max(32))
}

/// The largest period [`evidence`] can see in `len` values.
pub fn evidence_reach(len: usize) -> usize {
    len.saturating_sub(32) / 3
}

/// The smallest period that `bound` proves from the values `g`, with its preperiod; `None`
/// when these values prove none. (The minimal period divides every period, and its preperiod is
/// theirs: if a period is proven, so is the minimal one, with fewer values.)
pub fn prove<T: Nimber>(g: &[T], bound: &Bound) -> Option<Period> {
    let len = g.len();
    // Periods whose relation holds on a long tail but not long enough: their multiples hold
    // from the same heap and need more values, so they are not scanned again.
    let mut long_tails: Vec<usize> = Vec::new();
    let mut p = 1;
    while bound.values_needed(0, p) <= len {
        if long_tails.iter().any(|&q| p % q == 0) {
            p += 1;
            continue;
        }
        let n0 = tail_start(g, p, 0);
        if bound.values_needed(n0, p) <= len {
            return Some(Period {
                preperiod: n0,
                period: p,
                saltus: 0,
            });
        }
        if len - p - n0 >= 64 {
            long_tails.push(p);
        }
        p += 1;
    }
    None
}

/// The heaps below the preperiod whose value differs from the periodic continuation
/// (G(n + k·p) − k·s), with that continuation's value (`None` where it would be negative), in
/// order of heap.
pub fn exceptions<'a, T: Nimber>(
    g: &'a [T],
    period: &Period,
) -> impl Iterator<Item = (usize, u32, Option<u32>)> + 'a {
    let (n0, p, s) = (period.preperiod, period.period, period.saltus);
    (0..n0.min(g.len())).filter_map(move |n| {
        let k = (n0 - n).div_ceil(p);
        let m = n + k * p;
        let expected = g
            .get(m)
            .and_then(|v| v.get().checked_sub((k as u32).saturating_mul(s)));
        (expected != Some(g[n].get())).then_some((n, g[n].get(), expected))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_and_candidate() {
        // 5 4 | 0 1 2 0 1 2 0 1 2 …: period 3 from 2.
        let mut g: Vec<u32> = vec![5, 4];
        for i in 0..60 {
            g.push(i % 3);
        }
        assert_eq!(tail_start(&g, 3, 0), 2);
        assert_eq!(tail_start(&g, 6, 0), 2);
        let c = candidate(&g, false, 20, |_| 16).unwrap();
        assert_eq!((c.preperiod, c.period, c.saltus), (2, 3, 0));
        let e = evidence(&g, false).unwrap();
        assert_eq!((e.preperiod, e.period), (2, 3));
        let x: Vec<_> = exceptions(&g, &e).collect();
        assert_eq!(x, vec![(0, 5, Some(1)), (1, 4, Some(2))]);
    }

    #[test]
    fn arithmetic_only_when_asked() {
        let g: Vec<u32> = (0..100).collect();
        let e = evidence(&g, true).unwrap();
        assert_eq!((e.preperiod, e.period, e.saltus), (0, 1, 1));
        assert_eq!(
            evidence(&g, false),
            None,
            "a growing sequence has no plain period"
        );
    }

    #[test]
    fn bounds() {
        let two = Bound {
            heaps: 2,
            largest_removal: 2,
        };
        assert_eq!(two.limit(53, 34), 2 * 53 + 34 + 2);
        assert_eq!(two.values_needed(53, 34), 2 * 53 + 2 * 34 + 2);
        let one = Bound {
            heaps: 1,
            largest_removal: 7,
        };
        assert_eq!(one.values_needed(0, 5), 1 + 7 + 5);
        let three = Bound {
            heaps: 3,
            largest_removal: 1,
        };
        assert_eq!(three.limit(10, 4), 3 * 10 + 2 * 4 + 1);
        assert_eq!(three.formula(), "3·n0 + 2·p + t");
    }

    #[test]
    fn a_proof_needs_its_values() {
        // Period 3 from 2 under k = 1, t = 2: L = 2 + 2 = 4, 7 values needed.
        let b = Bound {
            heaps: 1,
            largest_removal: 2,
        };
        let g: Vec<u32> = vec![5, 4, 0, 1, 2, 0, 1];
        let p = prove(&g, &b).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 3));
        assert_eq!(prove(&g[..6], &b), None);
    }
}
