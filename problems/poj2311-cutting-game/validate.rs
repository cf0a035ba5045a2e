//! Input validator for POJ 2311 — Cutting Game.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/poj2311-cutting-game/README.md, "Input / output"):
//! - "The input contains multiple test cases. Each test case contains only two integers W and
//!   H (2 <= W, H <= 200) in one line": lines `W H` until end of file.
//! - Line count: at least one (multiple test cases); POJ states no upper bound, so neither does
//!   the validator (a validator checks the statement, nothing more).
//! - Every line: the two integers separated by one space, no leading/trailing space, ends with
//!   `\n` (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MIN_SIDE: i64 = 2;
const MAX_SIDE: i64 = 200;

fn main() {
    let mut inf = Input::from_stdin();
    if inf.is_empty() {
        fail_line(1, "the input is empty, expected at least one line `W H`");
    }
    while !inf.at_eof() {
        inf.read_int(MIN_SIDE, MAX_SIDE, "W");
        inf.read_space();
        inf.read_int(MIN_SIDE, MAX_SIDE, "H");
        inf.read_eoln();
    }
}
