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
use std::io::Read;
use std::process::exit;

const MAX_K: u64 = 100;
const MAX_N: u64 = 100;
const MAX_V: u64 = 10_000;

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

/// A line of `count` integers named prefix_1 … prefix_count, each in 1..=MAX_V.
fn values_line(r: &mut Reader, prefix: &str, count: u64) -> Vec<u64> {
    let line = r.line;
    let mut values = Vec::new();
    for i in 1..=count {
        if i > 1 {
            r.space();
        }
        let name = format!("{}_{}", prefix, i);
        let (text, v) = r.token(&name);
        if !(1..=MAX_V).contains(&v) {
            fail(format!(
                "line {}: {} = {} is out of 1..={}",
                line, name, text, MAX_V
            ));
        }
        values.push(v);
    }
    r.newline();
    values
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
    let k = int_line(&mut r, "k", 1, MAX_K);
    let s = values_line(&mut r, "s", k);
    for j in 1..s.len() {
        if let Some(i) = s[..j].iter().position(|&x| x == s[j]) {
            fail(format!(
                "line 2: s_{} = {} repeats s_{} (the values of S must be distinct)",
                j + 1,
                s[j],
                i + 1
            ));
        }
    }
    let n = int_line(&mut r, "n", 1, MAX_N);
    values_line(&mut r, "h", n);
    if r.peek().is_some() {
        r.fail_here(format!(
            "expected end of file after the heap sizes, found {}",
            describe(r.peek())
        ));
    }
}
