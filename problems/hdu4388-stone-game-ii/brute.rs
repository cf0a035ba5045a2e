//! Oracle for HDU 4388 — Stone Game II: exhaustive, memoised win/lose search over the game's
//! literal moves. A move picks a pile n and a k with 0 < k < n and (k ^ n) < n; the pile becomes
//! k and a new pile k ^ n is added — or, once per player per game (the "skill"), a new pile
//! (2k) ^ n instead. No move = the player to move loses. The state is the multiset of piles plus
//! whether each player still has the skill.
//!
//! Two readings, because they really differ (see README):
//!   default     the judge's reading: the skill may not create an empty pile ((2k) ^ n == 0),
//!               and input piles must be positive — a 0 pile is rejected (exit 3).
//!   --literal   the statement taken literally: (2k) ^ n == 0 is allowed (it adds an empty pile,
//!               i.e. the pile n just becomes n / 2), and input piles of 0 are allowed (inert).
//!
//! Piles that have no move (0 and powers of two) are dropped from the state: no rule can ever
//! touch them again. A position is lost only after every one of its successors has been found
//! won; it is won as soon as one successor is found lost. Nothing else is pruned.
//!
//! Speed comes from two things that cannot change an answer:
//! - the memo, keyed by the canonical state (sorted movable piles, the mover's and the
//!   opponent's skill), shared by all test cases of an input;
//! - the order in which successors are tried: distinct successors only (the normal moves k and
//!   k ^ n leave the same multiset), those with the fewest moves left first, so that a winning
//!   move, when there is one, is usually found at once and leaves the opponent little to try.
//!
//! Reach (either reading): single piles up to 48 and three piles up to about 20 each answer in
//! milliseconds; some single piles just above are much harder (49, 50, 52, 55: seconds). The
//! skill can create piles up to 4x the largest one, so the cost follows the moves left, not the
//! stones.
use std::collections::HashMap;
use std::env;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Read};
use std::process::exit;

/// Skill bits, always from the point of view of the player to move.
const MINE: u8 = 1;
const THEIRS: u8 = 2;

/// Movable piles (popcount >= 2), sorted, and the skill bits.
type State = (Vec<u64>, u8);

/// A small multiplicative hasher (std's SipHash is the bottleneck otherwise). Only speed
/// depends on it: the memo compares keys in full.
#[derive(Default)]
struct MulHasher(u64);

impl Hasher for MulHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
}

struct Search {
    literal: bool,
    memo: HashMap<State, bool, BuildHasherDefault<MulHasher>>,
}

fn movable(n: u64) -> bool {
    n.count_ones() >= 2
}

/// The number of distinct normal moves left: a pile n with highest bit h has n - h of them.
/// Only used to order the successors.
fn moves_left(piles: &[u64]) -> u64 {
    piles
        .iter()
        .map(|&n| n - (1 << (63 - n.leading_zeros())))
        .sum()
}

impl Search {
    /// Every state reachable in one move, seen by the next player to move, without repeats.
    fn successors(&self, piles: &[u64], skills: u8) -> Vec<State> {
        let mine = skills & MINE;
        let theirs = skills & THEIRS;
        // after my move the opponent moves: their bit becomes MINE, mine becomes THEIRS
        let keep = (theirs >> 1) | (mine << 1);
        let spent = theirs >> 1;
        let mut out = Vec::new();
        for i in 0..piles.len() {
            if i > 0 && piles[i] == piles[i - 1] {
                continue; // same pile size as before: same moves
            }
            let n = piles[i];
            for k in 1..n {
                if (k ^ n) >= n {
                    continue;
                }
                // normal move: new pile k ^ n; skill move: new pile (2k) ^ n
                let mut added = vec![(k ^ n, keep)];
                if mine == MINE && (self.literal || ((2 * k) ^ n) != 0) {
                    added.push(((2 * k) ^ n, spent));
                }
                for (new_pile, next_skills) in added {
                    let mut next: Vec<u64> = piles.to_vec();
                    next.remove(i);
                    for p in [k, new_pile] {
                        if movable(p) {
                            next.push(p);
                        }
                    }
                    next.sort_unstable();
                    out.push((next, next_skills));
                }
            }
        }
        out.sort_by_cached_key(|(next, next_skills)| {
            (moves_left(next), next.clone(), *next_skills)
        });
        out.dedup();
        out
    }

    /// Does the player to move win?
    fn wins(&mut self, piles: &[u64], skills: u8) -> bool {
        let key = (piles.to_vec(), skills);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut win = false;
        for (next, next_skills) in self.successors(piles, skills) {
            if !self.wins(&next, next_skills) {
                win = true;
                break;
            }
        }
        self.memo.insert(key, win);
        win
    }
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let literal = match args.as_slice() {
        [] => false,
        [a] if a == "--literal" => true,
        _ => {
            eprintln!("usage: brute [--literal] < input");
            exit(2);
        }
    };
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut search = Search {
        literal,
        memo: HashMap::default(),
    };
    for case in 1..=t {
        let n = it.next().unwrap();
        let all: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
        if !literal && all.contains(&0) {
            eprintln!(
                "case {}: a pile of 0 is outside the judge's reading; use --literal",
                case
            );
            exit(3);
        }
        let mut piles: Vec<u64> = all.into_iter().filter(|&p| movable(p)).collect();
        piles.sort_unstable();
        let w = search.wins(&piles, MINE | THEIRS);
        println!("Case {}: {}", case, if w { "Yes" } else { "No" });
    }
}
