//! Input validator for POJ 3537 — Crosses and Crosses.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/poj3537-crosses-and-crosses/README.md, "Input / output"):
//! - "one integer number n (3 ≤ n ≤ 2000)": one line, the integer and `\n`, nothing after it.
//!   Copies of the statement disagree on the lower bound (3 or 1); for n ≤ 2 nobody can make
//!   three in a row, so the game has no winner and no answer: the README says why 3 is kept.
//! - Integers: decimal digits, no sign, no leading zero; no space, no CR, no blank line.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::Input;

fn main() {
    let mut inf = Input::from_stdin();
    inf.read_int(3, 2000, "n");
    inf.read_eoln();
    inf.read_eof();
}
