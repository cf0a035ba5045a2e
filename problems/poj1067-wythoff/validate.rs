//! Input validator for POJ 1067 — 取石子游戏 (Wythoff's game).
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/poj1067-wythoff/README.md, "Input" / "Output"):
//! - "Several lines until end of file, each with two integers `a b`
//!   (0 ≤ a, b ≤ 1,000,000,000)".
//! - Line count: "This project's inputs have at most 50 000 lines (the `max` fixture has that
//!   many) and at least one" (README; POJ states no count).
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR); no blank lines. Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_V: u64 = 1_000_000_000;
const MAX_LINES: u64 = 50_000;

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
    if buf.is_empty() {
        fail("line 1: the input is empty, expected at least one line `a b`".to_string());
    }
    let mut r = Reader {
        buf,
        pos: 0,
        line: 1,
        col: 1,
    };
    let mut lines = 0u64;
    while r.peek().is_some() {
        let line = r.line;
        let a = r.token("a");
        r.space();
        let b = r.token("b");
        r.newline();
        for (name, (text, v)) in [("a", a), ("b", b)] {
            if v > MAX_V {
                fail(format!(
                    "line {}: {} = {} is out of 0..={}",
                    line, name, text, MAX_V
                ));
            }
        }
        lines += 1;
        if lines > MAX_LINES {
            fail(format!(
                "line {}: {} lines, at most {}",
                line, lines, MAX_LINES
            ));
        }
    }
}
