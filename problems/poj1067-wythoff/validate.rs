//! Input validator for POJ 1067 — 取石子游戏 (Wythoff's game).
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/poj1067-wythoff/README.md, "Input" / "Output"):
//! - "Several lines until end of file, each with two integers `a b`
//!   (0 ≤ a, b ≤ 1,000,000,000)".
//! - Line count: at least one; POJ states no upper bound, so neither does the validator (a
//!   validator checks the statement, nothing more).
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_V: i64 = 1_000_000_000;

fn main() {
    let mut inf = Input::from_stdin();
    if inf.is_empty() {
        fail_line(1, "the input is empty, expected at least one line `a b`");
    }
    while !inf.at_eof() {
        inf.read_int(0, MAX_V, "a");
        inf.read_space();
        inf.read_int(0, MAX_V, "b");
        inf.read_eoln();
    }
}
