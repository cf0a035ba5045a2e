//! Input validator for HDU 1847 — Good Luck in CET-4 Everybody!
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1847-cet4/README.md, "Input / output"):
//! - "Several test cases, one integer n per line (1 ≤ n ≤ 1000), until end of file. There is no
//!   count line and no terminator."
//! - Line count: "This project's inputs have at most 100 000 lines (the `max-size` fixture has
//!   that many) and at least one" (README; the statement sets no bound).
//! - Every line: the one integer, no leading/trailing space, ends with `\n` (no CR); no blank
//!   lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_N: i64 = 1000;
const MAX_TESTS: u64 = 100_000;

fn main() {
    let mut inf = Input::from_stdin();
    if inf.is_empty() {
        fail_line(1, "the input is empty, expected at least one test case");
    }
    let mut tests = 0u64;
    while !inf.at_eof() {
        let line = inf.line();
        inf.read_int(1, MAX_N, "n");
        inf.read_eoln();
        tests += 1;
        if tests > MAX_TESTS {
            fail_line(line, format_args!("{} tests, at most {}", tests, MAX_TESTS));
        }
    }
}
