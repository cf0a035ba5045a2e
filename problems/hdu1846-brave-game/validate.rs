//! Input validator for HDU 1846 — Brave Game.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1846-brave-game/README.md, "Input / output"):
//! - "a positive integer `C` (C ≤ 100), then `C` lines, each with two integers `n m`
//!   (1 ≤ n, m ≤ 1000)"; the file ends after those C lines.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::Input;

const MAX_C: i64 = 100;
const MAX_V: i64 = 1000;

fn main() {
    let mut inf = Input::from_stdin();
    let c = inf.read_int(1, MAX_C, "C");
    inf.read_eoln();
    for _ in 0..c {
        inf.read_int(1, MAX_V, "n");
        inf.read_space();
        inf.read_int(1, MAX_V, "m");
        inf.read_eoln();
    }
    inf.read_eof();
}
