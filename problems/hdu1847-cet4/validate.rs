//! Input validator for HDU 1847 — Good Luck in CET-4 Everybody!
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1847-cet4/README.md, "Input / output"):
//! - "Several test cases, one integer n per line (1 ≤ n ≤ 1000), until end of file. There is no
//!   count line and no terminator."
//! - Line count: at least one; the statement sets no upper bound, so neither does the validator
//!   (a validator checks the statement, nothing more).
//! - Every line: the one integer, no leading/trailing space, ends with `\n` (no CR); no blank
//!   lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_N: i64 = 1000;

fn main() {
    let mut inf = Input::from_stdin();
    if inf.is_empty() {
        fail_line(1, "the input is empty, expected at least one test case");
    }
    while !inf.at_eof() {
        inf.read_int(1, MAX_N, "n");
        inf.read_eoln();
    }
}
