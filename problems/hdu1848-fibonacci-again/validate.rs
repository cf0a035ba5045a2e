//! Input validator for HDU 1848 — Fibonacci again and again.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1848-fibonacci-again/README.md, "Input / output"):
//! - "Several test cases, one per line: three integers `m n p`, 1 ≤ m, n, p ≤ 1000."
//! - "The line `0 0 0` ends the input": it must be there, and the file ends right after it.
//! - Test count: the statement sets no bound, so neither does the validator (it checks the
//!   statement, nothing more). Zero test cases (only `0 0 0`, the fixture `only-terminator`) is
//!   valid.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR). Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_PILE: i64 = 1000;

fn main() {
    let mut inf = Input::from_stdin();
    loop {
        if inf.at_eof() {
            fail_line(inf.line(), "end of file before the terminator line `0 0 0`");
        }
        // `0 0 0` is the terminator line; any other line is a test case.
        let rest = inf.rest();
        let terminator = rest.starts_with(b"0 0 0") && !matches!(rest.get(5), Some(b'0'..=b'9'));
        let (lo, hi) = if terminator { (0, 0) } else { (1, MAX_PILE) };
        inf.read_int(lo, hi, "m");
        inf.read_space();
        inf.read_int(lo, hi, "n");
        inf.read_space();
        inf.read_int(lo, hi, "p");
        inf.read_eoln();
        if terminator {
            break;
        }
    }
    inf.read_eof();
}
