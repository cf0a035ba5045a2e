//! Oracle for HDU 3032: exhaustive, memoised win/lose search over whole positions of Lasker's
//! Nim, from the literal rules. A position is the multiset of its non-empty heaps (kept sorted,
//! since the heaps are interchangeable). A move either takes k >= 1 stones from one heap (the
//! heap stays with h - k stones, or is gone when k = h), or splits one heap into two non-empty
//! heaps a + b = h. A position is won iff some move reaches a lost one; the empty position has
//! no move and is lost. No SG values, no xor, no formula.
//! Every move either lowers the number of stones or keeps it and adds a heap, so the search ends
//! (at most 2 * stones moves deep). The positions reachable from a test case of S stones are at
//! most the multisets of at most S stones: 28 629 for S = 30, 215 308 for S = 40.
//! Reach: S <= 40 per test case (the memo is shared by the test cases). The slowest is a lost
//! position, where every move is tried: 20 20 took 1.2 to 4.8 s and 18 MiB on this 2-CPU
//! machine under a load average of 15 to 17; 16 16 took 0.5 s, 12 12 0.03 s. A test case with
//! more stones is refused (exit 3) rather than left to run for minutes.
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

const LIMIT: u64 = 40;

/// `pos` (sorted) with the heaps `add`, still sorted.
fn with(pos: &[u8], add: &[u8]) -> Vec<u8> {
    let mut next = pos.to_vec();
    for &h in add {
        let at = next.partition_point(|&x| x < h);
        next.insert(at, h);
    }
    next
}

/// Whether the player to move wins from `pos` (sorted, no zeros).
fn wins(pos: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut won = false;
    'moves: for i in 0..pos.len() {
        if i > 0 && pos[i] == pos[i - 1] {
            continue; // the same move as on the equal heap before it
        }
        let h = pos[i];
        let mut rest = pos.to_vec();
        rest.remove(i);
        // take h - left stones, 1 <= h - left <= h: the heap keeps `left` stones (none: gone)
        for left in 0..h {
            let next = if left > 0 {
                with(&rest, &[left])
            } else {
                rest.clone()
            };
            if !wins(&next, memo) {
                won = true;
                break 'moves;
            }
        }
        // split h into a + (h - a), both non-empty
        for a in 1..=h / 2 {
            let next = with(&rest, &[a, h - a]);
            if !wins(&next, memo) {
                won = true;
                break 'moves;
            }
        }
    }
    memo.insert(pos.to_vec(), won);
    won
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let t = nums.next().expect("T");
    let mut memo = HashMap::new();
    let mut out = BufWriter::new(io::stdout().lock());
    for case in 1..=t {
        let n = nums.next().expect("N");
        let heaps: Vec<u64> = (0..n).map(|_| nums.next().expect("heap")).collect();
        let stones: u64 = heaps.iter().sum();
        if stones > LIMIT {
            eprintln!(
                "brute: test case {} has {} stones, beyond this oracle's reach ({})",
                case, stones, LIMIT
            );
            std::process::exit(3);
        }
        let mut pos: Vec<u8> = heaps.iter().map(|&h| h as u8).collect();
        pos.sort_unstable();
        let word = if wins(&pos, &mut memo) {
            "Alice"
        } else {
            "Bob"
        };
        writeln!(out, "{}", word).expect("write");
    }
    out.flush().expect("flush");
}
