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
//! touch them again. Reach: total stones up to ~40 in any number of piles, or one pile up to
//! ~60, answers in well under a second; the skill can create piles up to 4x the largest one.
use std::collections::HashMap;
use std::env;
use std::io::{self, Read};
use std::process::exit;

type State = (Vec<u64>, u8); // movable piles (sorted), skill bits (see `wins`)

struct Search {
    literal: bool,
    memo: HashMap<State, bool>,
}

fn movable(n: u64) -> bool {
    n.count_ones() >= 2
}

impl Search {
    /// Every position reachable in one move: (piles after the move, whether the skill was used).
    fn moves(&self, piles: &[u64], skill: bool) -> Vec<(Vec<u64>, bool)> {
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
                let mut added = vec![(k ^ n, false)];
                if skill && (self.literal || ((2 * k) ^ n) != 0) {
                    added.push(((2 * k) ^ n, true));
                }
                for (new_pile, used_skill) in added {
                    let mut next: Vec<u64> = piles.to_vec();
                    next.remove(i);
                    for p in [k, new_pile] {
                        if movable(p) {
                            next.push(p);
                        }
                    }
                    next.sort_unstable();
                    out.push((next, used_skill));
                }
            }
        }
        out
    }

    /// Does the player to move win? `skills`: bit 0 = the mover still has the skill,
    /// bit 1 = the opponent still has it.
    fn wins(&mut self, piles: &[u64], skills: u8) -> bool {
        let key = (piles.to_vec(), skills);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut win = false;
        for (next, used_skill) in self.moves(piles, skills & 1 == 1) {
            let mine = if used_skill { 0 } else { skills & 1 };
            // the opponent moves next: their bit becomes bit 0, mine bit 1
            if !self.wins(&next, (skills >> 1) | (mine << 1)) {
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
        memo: HashMap::new(),
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
        let w = search.wins(&piles, 0b11);
        println!("Case {}: {}", case, if w { "Yes" } else { "No" });
    }
}
