//! Input validator for nim (a local problem).
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/nim/README.md, "Input / output"):
//! - "Several groups until end of file; a group is `n a1 a2 … an`. There is no count of groups
//!   and no terminator."
//! - "Numbers are separated by arbitrary whitespace: a group may span several lines, several
//!   groups may share a line, blank lines and CRLF line endings may occur." So the only layout
//!   rule is: tokens separated by ASCII whitespace (space, tab, LF, CR, form feed — Rust's
//!   `is_ascii_whitespace`), any amount, also before the first and after the last token.
//! - "Constraints (our choice, for this local problem): 1 ≤ n ≤ 20; 1 ≤ a_i ≤ 10⁹; at least one
//!   group, at most 10⁵ groups and at most 2·10⁵ heaps (the sum of all n) per input."
//! - Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_N: i64 = 20;
const MAX_A: i64 = 1_000_000_000;
const MAX_GROUPS: u64 = 100_000;
const MAX_HEAPS: u64 = 200_000;

fn main() {
    let mut inf = Input::from_stdin().any_whitespace();
    if inf.seek_eof() {
        fail_line(inf.line(), "no group at all, expected at least one");
    }
    let (mut groups, mut heaps) = (0u64, 0u64);
    while !inf.seek_eof() {
        groups += 1;
        let line = inf.line();
        if groups > MAX_GROUPS {
            fail_line(
                line,
                format_args!("{} groups, at most {}", groups, MAX_GROUPS),
            );
        }
        let n = inf.read_int(1, MAX_N, format_args!("n of group {}", groups));
        heaps += n as u64;
        if heaps > MAX_HEAPS {
            fail_line(
                line,
                format_args!(
                    "{} heaps in groups 1..={}, at most {} in all",
                    heaps, groups, MAX_HEAPS
                ),
            );
        }
        for i in 1..=n {
            inf.read_int(1, MAX_A, format_args!("a_{} of group {}", i, groups));
        }
    }
}
