//! Oracle for POJ 2311 (Cutting Game): an exhaustive, memoised win/lose search of the game as
//! the statement gives it, over whole positions. No SG values, no XOR, no reduced game.
//!
//! A position is the multiset of paper pieces on the table, each a w×h rectangle of grid cells
//! kept as it lies (w columns, h rows; never turned). A move takes one piece and cuts it along
//! one grid line into two rectangles: w×h becomes i×h + (w−i)×h (1 ≤ i < w) or
//! w×j + w×(h−j) (1 ≤ j < h). A move that leaves a 1×1 piece wins the game at once ("if one
//! player cuts out a piece of paper with a single grid, he wins"); any other move hands the new
//! position to the opponent. So the player to move wins iff some move cuts out a 1×1 piece, or
//! some move leads to a position that the opponent, to move there, loses. (A position with no
//! move at all, every piece 1×1, cannot arise: the first 1×1 piece ends the game. The rule would
//! call it lost.) Every move adds a piece and a W×H sheet makes at most W·H pieces, so the
//! search ends.
//!
//! The multiset is kept sorted, so that one position is one memo key whatever the order of the
//! cuts that made it. A position where some move cuts out a 1×1 piece is answered on the spot
//! and not stored: the memo holds only the positions that needed a search.
//!
//! Input: lines `W H` until end of file; output `WIN` / `LOSE`, one line each.
//! Reach: every sheet with W·H ≤ 100. Measured (CPU time, one process): the 153 sheets with
//! W·H ≤ 64 together 0.13 s; 10×10 and 16×6 alone about 1.2 s each (80 000 stored positions;
//! 6×16, the same sheet turned, 0.3 s: the order of the search differs); all 283 sheets with
//! W·H ≤ 100 in one run 14 s and 140 MiB. A larger sheet is refused (exit 3) rather than left
//! to run long: 7×17 alone takes 9 s, 11×11 26 s, and the count of positions grows
//! exponentially with the area.
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

const MAX_AREA: usize = 100;

type Piece = (u8, u8);

/// The two pieces each cut of `p` makes: the vertical cuts, then the horizontal ones.
fn cuts(p: Piece) -> impl Iterator<Item = (Piece, Piece)> {
    let (w, h) = p;
    let vertical = (1..w).map(move |i| ((i, h), (w - i, h)));
    let horizontal = (1..h).map(move |j| ((w, j), (w, h - j)));
    vertical.chain(horizontal)
}

/// The position after piece `k` of `pos` is cut into `a` and `b`, sorted.
fn after(pos: &[Piece], k: usize, a: Piece, b: Piece) -> Vec<Piece> {
    let mut next = pos.to_vec();
    next.swap_remove(k);
    next.push(a);
    next.push(b);
    next.sort_unstable();
    next
}

/// Does the player to move in `pos` (sorted) win?
fn wins(pos: &[Piece], memo: &mut HashMap<Vec<Piece>, bool>) -> bool {
    let cuts_out_a_cell = pos
        .iter()
        .any(|&p| cuts(p).any(|(a, b)| a == (1, 1) || b == (1, 1)));
    if cuts_out_a_cell {
        return true;
    }
    if let Some(&known) = memo.get(pos) {
        return known;
    }
    let result =
        (0..pos.len()).any(|k| cuts(pos[k]).any(|(a, b)| !wins(&after(pos, k, a, b), memo)));
    memo.insert(pos.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    for pair in nums.chunks_exact(2) {
        let (w, h) = (pair[0], pair[1]);
        if w == 0 || h == 0 || w > MAX_AREA || h > MAX_AREA || w * h > MAX_AREA {
            eprintln!(
                "brute: a {}×{} sheet is beyond this oracle's reach (W·H ≤ {})",
                w, h, MAX_AREA
            );
            std::process::exit(3);
        }
    }
    let mut memo = HashMap::new();
    let mut out = BufWriter::new(io::stdout().lock());
    for pair in nums.chunks_exact(2) {
        let sheet = [(pair[0] as u8, pair[1] as u8)];
        let word = if wins(&sheet, &mut memo) {
            "WIN"
        } else {
            "LOSE"
        };
        writeln!(out, "{}", word).expect("write");
    }
    out.flush().expect("flush");
}
