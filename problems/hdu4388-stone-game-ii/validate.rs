//! Input validator for HDU 4388 — Stone Game II.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu4388-stone-game-ii/README.md, "Input / output"; the HDU statement:
//! "The first line contains the number T of test cases (T<=150). The first line of each test
//! cases contains an integer number n (n<=50) ... The following n integers ..."):
//! - line 1: T, 1 ≤ T ≤ 150;
//! - per case: a line with n, 1 ≤ n ≤ 50, then one line with the n pile sizes a_i,
//!   1 ≤ a_i ≤ 100000 (the layout of the statement's sample);
//! - the lower bounds T ≥ 1, n ≥ 1, a_i ≥ 1 are the README's: "This project's inputs have
//!   T ≥ 1, n ≥ 1 and piles a_i ≥ 1" (the statement gives none; zero piles are the README's
//!   "Zero piles in the input" divergence, outside what the project tests);
//! - the file ends after the T-th case;
//! - every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::Input;

const MAX_T: i64 = 150;
const MAX_N: i64 = 50;
const MAX_A: i64 = 100_000;

fn main() {
    let mut inf = Input::from_stdin();
    let t = inf.read_int(1, MAX_T, "T");
    inf.read_eoln();
    for case in 1..=t {
        let n = inf.read_int(1, MAX_N, format_args!("n (case {})", case));
        inf.read_eoln();
        inf.read_ints(n as usize, 1, MAX_A, "a");
        inf.read_eoln();
    }
    inf.read_eof();
}
