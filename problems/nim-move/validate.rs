//! Validator for nim-move: reads one input on stdin; exit 0 iff it is exactly
//!   line 1:        T                     1 <= T <= 1000
//!   lines 2..=T+1: n a_1 a_2 … a_n       1 <= n <= 100, 0 <= a_i <= 10^9
//! with single spaces between numbers, every line (the last too) ended by `\n`, no CR, no
//! leading or trailing spaces, no blank lines, nothing after the last test, and integers written
//! as plain digits without leading zeros ("0" itself is fine). Otherwise exit 1 with one line on
//! stderr naming the first problem, e.g. `line 3: a_2 = 1000000001 is out of 0..=1000000000`.
use std::io::{self, Read};
use std::process::exit;

const MAX_T: u64 = 1000;
const MAX_N: u64 = 100;
const MAX_A: u64 = 1_000_000_000;

fn fail(line: usize, msg: String) -> ! {
    eprintln!("line {}: {}", line, msg);
    exit(1)
}

/// The space-separated fields of one line, after checking its characters and spacing.
fn fields(line: usize, bytes: &[u8]) -> Vec<&str> {
    for &b in bytes {
        match b {
            b'0'..=b'9' | b' ' => {}
            b'\r' => fail(line, "carriage return (CRLF line end?); lines end with \\n only".into()),
            b'\t' => fail(line, "tab; numbers are separated by single spaces".into()),
            0x21..=0x7e => fail(
                line,
                format!("unexpected character '{}' (only digits and single spaces)", b as char),
            ),
            _ => fail(line, format!("unexpected byte 0x{:02x} (only digits and single spaces)", b)),
        }
    }
    if bytes.is_empty() {
        fail(line, "empty line".into());
    }
    if bytes[0] == b' ' {
        fail(line, "leading space".into());
    }
    if bytes[bytes.len() - 1] == b' ' {
        fail(line, "trailing space".into());
    }
    if bytes.windows(2).any(|w| w == b"  ") {
        fail(line, "two spaces in a row".into());
    }
    // Only ASCII digits and spaces remain, so this is valid UTF-8.
    std::str::from_utf8(bytes).expect("ascii").split(' ').collect()
}

fn number(line: usize, name: &str, tok: &str, lo: u64, hi: u64) -> u64 {
    if tok.len() > 1 && tok.starts_with('0') {
        fail(line, format!("{} = {} has a leading zero", name, tok));
    }
    // At most 10 digits fit every bound here; longer numbers are out of range, not overflow.
    match tok.parse::<u64>() {
        Ok(v) if tok.len() <= 10 && lo <= v && v <= hi => v,
        _ => fail(line, format!("{} = {} is out of {}..={}", name, tok, lo, hi)),
    }
}

fn main() {
    let mut data = Vec::new();
    io::stdin().read_to_end(&mut data).expect("read stdin");
    // Terminated lines, and what follows the last '\n' (empty in a valid input).
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let tail = lines.pop().expect("split yields at least one piece");

    // Line `no` (1-based): its bytes, failing if it is missing; an unterminated tail is checked
    // for content first, then rejected for the missing newline.
    let get = |no: usize, what: &str| -> (&[u8], bool) {
        if no <= lines.len() {
            (lines[no - 1], true)
        } else if no == lines.len() + 1 && !tail.is_empty() {
            (tail, false)
        } else {
            fail(no, format!("missing: expected {} (end of file reached)", what))
        }
    };

    let (bytes, terminated) = get(1, "T");
    let f = fields(1, bytes);
    if f.len() != 1 {
        fail(1, format!("expected one number T, found {} fields", f.len()));
    }
    let t = number(1, "T", f[0], 1, MAX_T);
    if !terminated {
        fail(1, "no newline at end of file".into());
    }

    for test in 1..=t as usize {
        let no = test + 1;
        let (bytes, terminated) = get(no, &format!("test {} of T = {}", test, t));
        let f = fields(no, bytes);
        let n = number(no, "n", f[0], 1, MAX_N);
        if f.len() as u64 - 1 != n {
            fail(no, format!("n = {} but {} pile sizes follow", n, f.len() - 1));
        }
        for (j, tok) in f[1..].iter().enumerate() {
            number(no, &format!("a_{}", j + 1), tok, 0, MAX_A);
        }
        if !terminated {
            fail(no, "no newline at end of file".into());
        }
    }

    let after = t as usize + 2;
    if lines.len() >= after || !tail.is_empty() {
        fail(after, format!("extra content after the T = {} tests", t));
    }
}
