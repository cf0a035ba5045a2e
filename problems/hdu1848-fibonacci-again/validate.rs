//! Input validator for HDU 1848 — Fibonacci again and again.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1848-fibonacci-again/README.md, "Input / output"):
//! - "Several test cases, one per line: three integers `m n p`, 1 ≤ m, n, p ≤ 1000."
//! - "The line `0 0 0` ends the input": it must be there, and the file ends right after it.
//! - Test count: "This project's inputs have at most 100 000 test cases" (README; the statement
//!   sets no bound). Zero test cases (only `0 0 0`, the fixture `only-terminator`) is valid.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR). Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_PILE: u64 = 1000;
const MAX_TESTS: u64 = 100_000;

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
    let mut tests = 0u64;
    loop {
        if r.peek().is_none() {
            fail(format!(
                "line {}: end of file before the terminator line `0 0 0`",
                r.line
            ));
        }
        let line = r.line;
        // Read the line first: `0 0 0` is the terminator, anything else a test case.
        let m = r.token("m");
        r.space();
        let n = r.token("n");
        r.space();
        let p = r.token("p");
        r.newline();
        if m.1 == 0 && n.1 == 0 && p.1 == 0 {
            break;
        }
        for (name, (text, v)) in [("m", m), ("n", n), ("p", p)] {
            if !(1..=MAX_PILE).contains(&v) {
                fail(format!(
                    "line {}: {} = {} is out of 1..={}",
                    line, name, text, MAX_PILE
                ));
            }
        }
        tests += 1;
        if tests > MAX_TESTS {
            fail(format!(
                "line {}: {} tests, at most {}",
                line, tests, MAX_TESTS
            ));
        }
    }
    if r.peek().is_some() {
        r.fail_here(format!(
            "expected end of file after the terminator line `0 0 0`, found {}",
            describe(r.peek())
        ));
    }
}
