//! Input validator for bash-misere (a local problem).
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/bash-misere/README.md, "Input / output"):
//! - "a positive integer `C` (1 ≤ C ≤ 100 000), then `C` lines, each with two integers `n m`
//!   (1 ≤ n ≤ 10^9, 1 ≤ m ≤ 10^9)"; nothing follows the C-th pair.
//! - "Tokens are separated by any ASCII whitespace (CRLF, blank lines and a missing final
//!   newline are allowed)." So the only layout rule is: tokens separated by ASCII whitespace
//!   (space, tab, LF, CR, form feed — Rust's `is_ascii_whitespace`), any amount, also before
//!   the first and after the last token.
//! - Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::Input;

const MAX_C: i64 = 100_000;
const MAX_V: i64 = 1_000_000_000;

fn main() {
    let mut inf = Input::from_stdin().any_whitespace();
    let c = inf.read_int(1, MAX_C, "C (the number of tests)");
    for i in 1..=c {
        inf.read_int(1, MAX_V, format_args!("n of test {}", i));
        inf.read_int(1, MAX_V, format_args!("m of test {}", i));
    }
    inf.read_eof();
}
