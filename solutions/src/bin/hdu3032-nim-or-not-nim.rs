//! HDU 3032 — Nim or not Nim? (Lasker's Nim)
//! A move takes any positive number of stones from one heap, or splits one heap into two
//! non-empty heaps; whoever moves last wins. T test cases of N heaps; print `Alice` if the first
//! player wins, else `Bob`.
//! Insight: the heaps are independent games, so the first player loses iff
//! G(s_1) ^ … ^ G(s_N) == 0, and the one-heap value is arithmetic-periodic (period 4, saltus 4):
//! G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (proof in the README).
//! The input may hold 10^8 heaps and the memory limit is 32 MiB: read it in blocks as it comes,
//! never whole.
use std::io::{self, BufRead, BufWriter, Write};

/// The nim-value of one heap of s >= 1 stones (G(2^31 - 1) = 2^31 still fits in u64 easily).
fn grundy(s: u64) -> u64 {
    match s % 4 {
        0 => s - 1,
        3 => s + 1,
        _ => s,
    }
}

/// Reads T, then each test case's N and N heaps, from a stream of whitespace-separated numbers.
struct Game {
    cases_left: Option<u64>,
    heaps_left: u64,
    xor: u64,
}

impl Game {
    /// Takes the next number of the input; returns the answer when it ends a test case.
    fn take(&mut self, v: u64) -> Option<&'static str> {
        if self.cases_left.is_none() {
            self.cases_left = Some(v);
        } else if self.heaps_left == 0 {
            self.heaps_left = v; // N of a new test case
            self.xor = 0;
        } else {
            self.xor ^= grundy(v);
            self.heaps_left -= 1;
            if self.heaps_left == 0 {
                self.cases_left = self.cases_left.map(|c| c - 1);
                return Some(if self.xor != 0 { "Alice" } else { "Bob" });
            }
        }
        None
    }

    fn done(&self) -> bool {
        self.cases_left == Some(0)
    }
}

fn main() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut game = Game {
        cases_left: None,
        heaps_left: 0,
        xor: 0,
    };
    let (mut value, mut in_number) = (0u64, false);
    // One pass over the bytes; a number may be split between two blocks. Any whitespace
    // (CRLF, blank lines, tabs) separates numbers; the end of the input ends the last one.
    while !game.done() {
        let block = input.fill_buf()?;
        let len = block.len();
        let at_end = len == 0;
        for &b in block.iter().chain(at_end.then_some(&b' ')) {
            if b.is_ascii_digit() {
                value = value * 10 + u64::from(b - b'0');
                in_number = true;
            } else if in_number {
                if let Some(word) = game.take(value) {
                    writeln!(out, "{}", word)?;
                    if game.done() {
                        break; // anything after the T-th test case is not read
                    }
                }
                value = 0;
                in_number = false;
            }
        }
        input.consume(len);
        if at_end {
            break;
        }
    }
    out.flush()
}
