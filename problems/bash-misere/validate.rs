//! Input validator for bash-misere (a local problem).
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/bash-misere/README.md, "Input / output"):
//! - "a positive integer `C` (1 ≤ C ≤ 100 000), then `C` lines, each with two integers `n m`
//!   (1 ≤ n ≤ 10^9, 1 ≤ m ≤ 10^9)"; nothing follows the C-th pair.
//! - "Tokens are separated by any ASCII whitespace (CRLF, blank lines and a missing final
//!   newline are allowed)." So the only layout rule is: tokens separated by ASCII whitespace
//!   (space, tab, LF, CR, form feed — Rust's `is_ascii_whitespace`), any amount, also before
//!   the first and after the last token.
//! - Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_C: u64 = 100_000;
const MAX_V: u64 = 1_000_000_000;

fn fail(msg: String) -> ! {
    eprintln!("{}", msg);
    exit(1);
}

/// The input as whitespace-separated tokens, with the line and column (from 1) of each.
struct Reader {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
    col: usize,
}

impl Reader {
    fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.pos += 1;
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.buf.len() && self.buf[self.pos].is_ascii_whitespace() {
            self.bump();
        }
    }

    /// True if only whitespace is left.
    fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.buf.len()
    }

    /// The next token, an unsigned decimal integer named `name` in lo..=hi; `context` says
    /// where it belongs, for the end-of-file message.
    fn int(&mut self, name: &str, context: &str, lo: u64, hi: u64) -> u64 {
        if self.at_end() {
            fail(format!(
                "line {}: end of file, expected {} ({})",
                self.line, name, context
            ));
        }
        let (line, col, start) = (self.line, self.col, self.pos);
        while self.pos < self.buf.len() && !self.buf[self.pos].is_ascii_whitespace() {
            self.bump();
        }
        let tok = &self.buf[start..self.pos];
        let text: String = String::from_utf8_lossy(tok).chars().take(24).collect();
        if let Some(i) = tok.iter().position(|b| !b.is_ascii_digit()) {
            let what = match tok[i] {
                c if c.is_ascii_graphic() => format!("`{}`", c as char),
                c => format!("byte 0x{:02x}", c),
            };
            fail(format!(
                "line {}, column {}: expected the integer {} ({}), found {} in `{}`",
                line,
                col + i,
                name,
                context,
                what,
                text.escape_default()
            ));
        }
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
                "line {}: {} = {} is out of {}..={} ({})",
                line, name, text, lo, hi, context
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
    let c = r.int("C", "the number of tests", 1, MAX_C);
    for i in 1..=c {
        let context = format!("in test {}", i);
        r.int("n", &context, 1, MAX_V);
        r.int("m", &context, 1, MAX_V);
    }
    if !r.at_end() {
        fail(format!(
            "line {}, column {}: expected end of file after test C = {}, found more input",
            r.line, r.col, c
        ));
    }
}
