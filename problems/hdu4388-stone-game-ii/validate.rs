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
use std::io::Read;
use std::process::exit;

const MAX_T: u64 = 150;
const MAX_N: u64 = 50;
const MAX_A: u64 = 100_000;

fn fail(msg: String) -> ! {
    eprintln!("{}", msg);
    exit(1);
}

/// A byte as it is named in messages.
fn describe(b: Option<u8>) -> String {
    match b {
        None => "end of file".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(b'\r') => "a carriage return (CR)".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(c) if c.is_ascii_graphic() => format!("`{}`", c as char),
        Some(c) => format!("byte 0x{:02x}", c),
    }
}

/// The input with a cursor that knows its line and column (both from 1).
struct Reader {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
    col: usize,
}

impl Reader {
    fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    fn fail_here(&self, what: String) -> ! {
        fail(format!("line {}, column {}: {}", self.line, self.col, what))
    }

    fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.pos += 1;
    }

    fn space(&mut self) {
        if self.peek() != Some(b' ') {
            self.fail_here(format!("expected a space, found {}", describe(self.peek())));
        }
        self.bump();
    }

    fn newline(&mut self) {
        if self.peek() != Some(b'\n') {
            self.fail_here(format!(
                "expected end of line, found {}",
                describe(self.peek())
            ));
        }
        self.bump();
    }

    /// An unsigned decimal integer named `name`: its text and value (u64::MAX if it has more
    /// than 18 digits, so that any range check rejects it).
    fn token(&mut self, name: &str) -> (String, u64) {
        let (line, col, start) = (self.line, self.col, self.pos);
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        let tok = &self.buf[start..self.pos];
        if tok.is_empty() {
            fail(format!(
                "line {}, column {}: expected the integer {}, found {}",
                line,
                col,
                name,
                describe(self.peek())
            ));
        }
        let text = String::from_utf8_lossy(tok).into_owned();
        if tok.len() > 1 && tok[0] == b'0' {
            fail(format!(
                "line {}, column {}: {} = {} has a leading zero",
                line, col, name, text
            ));
        }
        let v = if tok.len() > 18 {
            u64::MAX
        } else {
            text.parse::<u64>().unwrap()
        };
        (text, v)
    }
}

/// An integer followed by the end of its line, checked against lo..=hi.
fn int_line(r: &mut Reader, name: &str, lo: u64, hi: u64) -> u64 {
    let line = r.line;
    let (text, v) = r.token(name);
    if !(lo..=hi).contains(&v) {
        fail(format!(
            "line {}: {} = {} is out of {}..={}",
            line, name, text, lo, hi
        ));
    }
    r.newline();
    v
}

fn main() {
    let mut buf = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
        fail(format!("cannot read stdin: {}", e));
    }
    let mut r = Reader {
        buf,
        pos: 0,
        line: 1,
        col: 1,
    };
    let t = int_line(&mut r, "T", 1, MAX_T);
    for case in 1..=t {
        let n = int_line(&mut r, &format!("n (case {})", case), 1, MAX_N);
        let line = r.line;
        for i in 1..=n {
            if i > 1 {
                r.space();
            }
            let name = format!("a_{}", i);
            let (text, a) = r.token(&name);
            if !(1..=MAX_A).contains(&a) {
                fail(format!(
                    "line {}: {} = {} is out of 1..={}",
                    line, name, text, MAX_A
                ));
            }
        }
        r.newline();
    }
    if r.peek().is_some() {
        r.fail_here(format!(
            "expected end of file after test case T = {}, found {}",
            t,
            describe(r.peek())
        ));
    }
}
