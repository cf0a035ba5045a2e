//! Input validator for HDU 3032 — Nim or not Nim?
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu3032-nim-or-not-nim/README.md, "Input / output"):
//! - "The first line is an integer 1 ≤ T ≤ 100, the number of test cases."
//! - "Each case begins with an integer N, indicating the number of the heaps, the next line
//!   contains N integers s[0], s[1], ..., s[N-1]" with 1 ≤ N ≤ 10^6 and 1 ≤ s[i] ≤ 2^31 - 1:
//!   a line `N`, then a line of exactly N heaps.
//! - Nothing after the T-th test case.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR). Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::Input;

const MAX_T: i64 = 100;
const MAX_N: i64 = 1_000_000;
const MAX_HEAP: i64 = (1 << 31) - 1;

fn main() {
    let mut inf = Input::from_stdin();
    let t = inf.read_int(1, MAX_T, "T");
    inf.read_eoln();
    for _ in 0..t {
        let n = inf.read_int(1, MAX_N, "N");
        inf.read_eoln();
        inf.read_ints(n as usize, 1, MAX_HEAP, "s");
        inf.read_eoln();
    }
    inf.read_eof();
}
