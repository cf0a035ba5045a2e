//! HDU 4388 — Stone Game II
//! Split a pile n into k and k ^ n (0 < k < n, k ^ n < n); once per player the new pile may be
//! (2k) ^ n instead. Who cannot move loses.
//! Insight: a pile can be split iff it has at least two 1-bits, and every move keeps the total
//! number of 1-bits' parity (popcount(k) + popcount(k ^ n) ≡ popcount(n), popcount(2k) =
//! popcount(k)) while adding one pile. So P = Σ (popcount(a_i) - 1) changes parity on every
//! move and is 0 exactly when nobody can move: the game always lasts P moves (mod 2) and the
//! first player wins iff P is odd. The skill never matters — as long as it cannot create an
//! empty pile, which is how the judge reads it (README: (2k) ^ n = 0 is possible for n = 6, k = 3).
//! A pile of 0 counts -1 here, as in the accepted programs (the data has only positive piles).
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = it.next().unwrap_or(0);
    for case in 1..=t {
        let n = it.next().expect("n");
        // parity of Σ (popcount - 1) = parity of (Σ popcount + n)
        let mut p = n;
        for _ in 0..n {
            p += u64::from(it.next().expect("pile").count_ones());
        }
        let answer = if p % 2 == 1 { "Yes" } else { "No" };
        writeln!(out, "Case {}: {}", case, answer)?;
    }
    out.flush()
}
