//! Input validator for POJ 1704 — Georgia and Bob.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/poj1704-georgia-and-bob/README.md, "Input / output", from the POJ statement):
//! - "First line: `T`, the number of test cases (1 ≤ T ≤ 20)."
//! - "Each case: a line with `N` (1 ≤ N ≤ 1000), then a line with N **distinct** positions
//!   P1 … PN (1 ≤ Pi ≤ 10000)." Any order.
//! - The file ends after the T-th case.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_T: i64 = 20;
const MAX_N: i64 = 1000;
const MAX_P: i64 = 10_000;

fn main() {
    let mut inf = Input::from_stdin();
    let t = inf.read_int(1, MAX_T, "T");
    inf.read_eoln();
    // seen[p] = the 1-based index of position p in the current case, 0 if not there.
    let mut seen = vec![0usize; MAX_P as usize + 1];
    for case in 1..=t {
        let n = inf.read_int(1, MAX_N, format_args!("N (case {})", case));
        inf.read_eoln();
        let line = inf.line();
        let positions = inf.read_ints(n as usize, 1, MAX_P, "P");
        inf.read_eoln();
        for (i, &p) in positions.iter().enumerate() {
            let p = p as usize;
            if seen[p] != 0 {
                fail_line(
                    line,
                    format_args!(
                        "P_{} = {} repeats P_{} (the positions must be distinct)",
                        i + 1,
                        p,
                        seen[p]
                    ),
                );
            }
            seen[p] = i + 1;
        }
        for &p in &positions {
            seen[p as usize] = 0;
        }
    }
    inf.read_eof();
}
