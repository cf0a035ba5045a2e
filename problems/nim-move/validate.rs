//! Validator for nim-move: reads one input on stdin; exit 0 iff it is exactly
//!   line 1:        T                     1 <= T <= 1000
//!   lines 2..=T+1: n a_1 a_2 … a_n       1 <= n <= 100, 0 <= a_i <= 10^9
//! with single spaces between numbers, every line (the last too) ended by `\n`, no CR, no
//! leading or trailing spaces, no blank lines, nothing after the last test, and integers written
//! as plain digits without leading zeros ("0" itself is fine). Otherwise exit 1 with one line on
//! stderr naming the first problem, e.g. `line 3, column 5: a_2 = 1000000001 is out of
//! 0..=1000000000`.
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use validate_input::{fail_line, Input};

const MAX_T: i64 = 1000;
const MAX_N: i64 = 100;
const MAX_A: i64 = 1_000_000_000;

fn main() {
    let mut inf = Input::from_stdin();
    let t = inf.read_int(1, MAX_T, "T");
    inf.read_eoln();
    for test in 1..=t {
        if inf.at_eof() {
            fail_line(
                inf.line(),
                format_args!(
                    "missing: expected test {} of T = {} (end of file reached)",
                    test, t
                ),
            );
        }
        let line = inf.line();
        let n = inf.read_int(1, MAX_N, "n");
        for j in 1..=n {
            if inf.at_eoln() || inf.at_eof() {
                fail_line(
                    line,
                    format_args!("n = {} but {} pile sizes follow", n, j - 1),
                );
            }
            inf.read_space();
            inf.read_int(0, MAX_A, format_args!("a_{}", j));
        }
        inf.read_eoln();
    }
    if !inf.at_eof() {
        fail_line(
            inf.line(),
            format_args!("extra content after the T = {} tests", t),
        );
    }
}
