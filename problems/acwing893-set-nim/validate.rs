//! Input validator for AcWing 893 — 集合-Nim游戏.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/acwing893-set-nim/README.md, "Input / output"):
//! - "Line 1: `k`. Line 2: the k values s_1 … s_k of S. Line 3: `n`. Line 4: the n heap sizes
//!   h_i." "One test per input": the file ends after line 4.
//! - "1 ≤ n, k ≤ 100; 1 ≤ s_i, h_i ≤ 10000."
//! - "The statement calls the s_i distinct" (S is a set of k distinct positive integers): a
//!   repeated s_i is rejected. Heap sizes may repeat.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_K: i64 = 100;
const MAX_N: i64 = 100;
const MAX_V: i64 = 10_000;

fn main() {
    let mut inf = Input::from_stdin();
    let k = inf.read_int(1, MAX_K, "k");
    inf.read_eoln();
    let s = inf.read_ints(k as usize, 1, MAX_V, "s");
    inf.read_eoln();
    for j in 1..s.len() {
        if let Some(i) = s[..j].iter().position(|&x| x == s[j]) {
            fail_line(
                2,
                format_args!(
                    "s_{} = {} repeats s_{} (the values of S must be distinct)",
                    j + 1,
                    s[j],
                    i + 1
                ),
            );
        }
    }
    let n = inf.read_int(1, MAX_N, "n");
    inf.read_eoln();
    inf.read_ints(n as usize, 1, MAX_V, "h");
    inf.read_eoln();
    inf.read_eof();
}
