//! Input validator for wythoff-interactive (a local interactive problem): the test input is the
//! position the interactor sends. Reads one input on stdin; exits 0 if it follows the statement
//! exactly, otherwise prints one line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/wythoff-interactive/README.md, "Test input"):
//! - one line `a b`, 0 ≤ a, b ≤ 10^9 (empty piles allowed; `0 0` is the terminal position);
//! - nothing else. Tokens separated by a single space, no space at either end, the line ended
//!   by `\n` (no CR, no tab, no blank line). Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_A: u64 = 1_000_000_000;

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

    /// An unsigned decimal integer named `name` in lo..=hi.
    fn int(&mut self, name: &str, lo: u64, hi: u64) -> u64 {
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
        if !(lo..=hi).contains(&v) {
            fail(format!(
                "line {}, column {}: {} = {} is out of {}..={}",
                line, col, name, text, lo, hi
            ));
        }
        v
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
    r.int("a", 0, MAX_A);
    r.space();
    r.int("b", 0, MAX_A);
    r.newline();
    if r.peek().is_some() {
        r.fail_here(format!(
            "expected end of file after `a b`, found {}",
            describe(r.peek())
        ));
    }
}
