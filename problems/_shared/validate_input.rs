//! The strict input reader of every validator (`problems/<slug>/validate.rs`), in the manner of
//! testlib's `inf.readInt(1, 1000, "n")`. A validator takes it in as a module, so that it stays
//! one file for one `rustc` invocation (`rustc --edition 2021 problems/<slug>/validate.rs`):
//!
//! ```ignore
//! #[path = "../_shared/validate_input.rs"]
//! mod validate_input;
//! use validate_input::Input;
//!
//! fn main() {
//!     let mut inf = Input::from_stdin();
//!     let n = inf.read_int(1, 1000, "n");
//!     inf.read_eoln();
//!     for i in 1..=n {
//!         if i > 1 {
//!             inf.read_space();
//!         }
//!         inf.read_int(1, 1_000_000_000, &format!("a_{}", i));
//!     }
//!     inf.read_eoln();
//!     inf.read_eof();
//! }
//! ```
//!
//! Every `read_*` either returns what it read or rejects the input: one line on stderr,
//! `line L, column C: what` (both from 1), then exit 1 (a checker chooses its own code with
//! [`Input::failing_with`]). Strict, as testlib's validator mode:
//!
//! - integers are `-?[0-9]+` with no `+` sign, no leading zero and no `-0`; a value beyond the
//!   range, however many digits it has, is out of range (never an overflow);
//! - `read_space` takes exactly one space and `read_eoln` exactly one `\n`: nothing skips
//!   whitespace, so a second space, a tab, a CR (CRLF line ends), a blank line or a missing final
//!   newline is an error at the place where it occurs;
//! - `read_eof` requires the end of the input.
//!
//! For statements that allow any layout, [`Input::any_whitespace`] makes the reader skip ASCII
//! whitespace (space, tab, LF, CR, form feed) before each token and at `read_eof`/`seek_eof`;
//! tokens must then end at whitespace or at the end of the input.
//!
//! This file is std-only and builds with Rust 1.63 (Debian's `rustc`). The runner rebuilds a
//! validator when this file changes (rustc's dep-info lists it).
#![allow(dead_code)]

use std::fmt::Display;
use std::io::Read;
use std::process::exit;

/// Rejects the input: `msg` on stderr, exit 1.
pub fn fail(msg: impl Display) -> ! {
    eprintln!("{}", msg);
    exit(1)
}

/// Rejects the input with `line L: what`.
pub fn fail_line(line: usize, what: impl Display) -> ! {
    fail(format_args!("line {}: {}", line, what))
}

/// A byte as messages name it (`None`: the end of the input).
pub fn describe(b: Option<u8>) -> String {
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

/// A token as messages show it: its first 24 characters, escaped (`\t`, `\u{a0}`, …), and `…`
/// when it is longer.
fn shown(tok: &[u8]) -> String {
    let text = String::from_utf8_lossy(tok);
    let head: String = text.chars().take(24).collect();
    let more = if text.chars().count() > 24 { "…" } else { "" };
    format!("{}{}", head.escape_default(), more)
}

/// The input with a cursor that knows its line and column (both from 1).
pub struct Input {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
    col: usize,
    /// Whether whitespace is skipped before tokens ([`Input::any_whitespace`]).
    free: bool,
    /// The exit code of a rejection (1; a checker's own code, [`Input::failing_with`]).
    code: i32,
}

impl Input {
    /// All of stdin, read strictly.
    pub fn from_stdin() -> Input {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            fail(format_args!("cannot read stdin: {}", e));
        }
        Input::from_bytes(buf)
    }

    /// `buf`, read strictly.
    pub fn from_bytes(buf: Vec<u8>) -> Input {
        Input {
            buf,
            pos: 0,
            line: 1,
            col: 1,
            free: false,
            code: 1,
        }
    }

    /// The same input, rejected with exit code `code` instead of 1: a checker reads the test's
    /// input and the jury's answer so, with its own failure code (testlib's `inf` and `ans`).
    pub fn failing_with(mut self, code: i32) -> Input {
        self.code = code;
        self
    }

    /// Rejects the input: `msg` on stderr, exit with this input's code.
    pub fn reject(&self, msg: impl Display) -> ! {
        eprintln!("{}", msg);
        exit(self.code)
    }

    /// Rejects the input with `line L: what`.
    pub fn reject_line(&self, line: usize, what: impl Display) -> ! {
        self.reject(format_args!("line {}: {}", line, what))
    }

    /// The same input, for a statement that allows any layout: tokens separated by any ASCII
    /// whitespace, also before the first and after the last.
    pub fn any_whitespace(mut self) -> Input {
        self.free = true;
        self
    }

    /// The line of the cursor, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the cursor, from 1.
    pub fn col(&self) -> usize {
        self.col
    }

    /// The next byte, `None` at the end.
    pub fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    /// The input not read yet.
    pub fn rest(&self) -> &[u8] {
        &self.buf[self.pos..]
    }

    /// Whether the input is empty (nothing was read and nothing is left).
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Whether the cursor is at the end of the input (nothing is skipped).
    pub fn at_eof(&self) -> bool {
        self.pos == self.buf.len()
    }

    /// Whether the cursor is at a `\n`.
    pub fn at_eoln(&self) -> bool {
        self.peek() == Some(b'\n')
    }

    /// Rejects the input with `line L, column C: what`, at the cursor.
    pub fn fail_here(&self, what: impl Display) -> ! {
        self.reject(format_args!(
            "line {}, column {}: {}",
            self.line, self.col, what
        ))
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

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b) if b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    /// Skips whitespace, then tells whether the input ends there (testlib's `seekEof`). In strict
    /// mode nothing is skipped: the same as [`Input::at_eof`].
    pub fn seek_eof(&mut self) -> bool {
        if self.free {
            self.skip_whitespace();
        }
        self.at_eof()
    }

    /// Exactly one space.
    pub fn read_space(&mut self) {
        if self.peek() != Some(b' ') {
            self.fail_here(format_args!(
                "expected a space, found {}",
                describe(self.peek())
            ));
        }
        self.bump();
    }

    /// Exactly one `\n`: the end of a line.
    pub fn read_eoln(&mut self) {
        if self.peek() != Some(b'\n') {
            self.fail_here(format_args!(
                "expected end of line, found {}",
                describe(self.peek())
            ));
        }
        self.bump();
    }

    /// The end of the input (after whitespace, in [`Input::any_whitespace`] mode).
    pub fn read_eof(&mut self) {
        if !self.seek_eof() {
            self.fail_here(format_args!(
                "expected end of file, found {}",
                describe(self.peek())
            ));
        }
    }

    /// Where the next token starts (after whitespace in free mode), failing at the end of the
    /// input in free mode: `(line, column, position)`.
    fn token_start(&mut self, name: &dyn Display) -> (usize, usize, usize) {
        if self.free && self.seek_eof() {
            self.reject_line(self.line, format_args!("end of file, expected {}", name));
        }
        (self.line, self.col, self.pos)
    }

    /// In free mode: the rest of a token that began at `start`, which must end at whitespace or
    /// at the end of the input. Fails at its first byte that is not `ok`, naming `kind name`.
    fn finish_free_token(
        &mut self,
        start: (usize, usize, usize),
        kind: &str,
        name: &dyn Display,
        ok: fn(u8) -> bool,
    ) {
        if !self.free {
            return;
        }
        let mut bad = None;
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() {
                break;
            }
            if bad.is_none() && !ok(b) {
                bad = Some((self.col, b));
            }
            self.bump();
        }
        if let Some((col, b)) = bad {
            self.reject(format_args!(
                "line {}, column {}: expected {} {}, found {} in `{}`",
                start.0,
                col,
                kind,
                name,
                describe(Some(b)),
                shown(&self.buf[start.2..self.pos])
            ));
        }
    }

    /// An integer named `name` in `lo..=hi` (testlib's `readInt`/`readLong`). `name` is any
    /// `Display`: `"n"`, or `format_args!("a_{}", i)`, which costs nothing unless it is shown.
    pub fn read_int(&mut self, lo: i64, hi: i64, name: impl Display) -> i64 {
        self.int(lo, hi, &name)
    }

    fn int(&mut self, lo: i64, hi: i64, name: &dyn Display) -> i64 {
        let start = self.token_start(name);
        let (line, col, pos) = start;
        if self.peek() == Some(b'-') {
            self.bump();
        }
        let digits = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        self.finish_free_token(start, "the integer", name, |b| b.is_ascii_digit());
        if self.pos == digits {
            // No digit: nothing at all (strict mode), or a `-` alone.
            let at = if digits > pos { col + 1 } else { col };
            self.reject(format_args!(
                "line {}, column {}: expected the integer {}, found {}",
                line,
                at,
                name,
                describe(self.buf.get(digits).copied())
            ));
        }
        let negative = digits > pos;
        let body = &self.buf[digits..self.pos];
        if body.len() > 1 && body[0] == b'0' {
            self.reject(format_args!(
                "line {}, column {}: {} = {} has a leading zero",
                line,
                col,
                name,
                shown(&self.buf[pos..self.pos])
            ));
        }
        if negative && body == b"0" {
            self.reject(format_args!(
                "line {}, column {}: {} = -0 is not an integer as written (write 0)",
                line, col, name
            ));
        }
        // Exact for up to 38 digits; anything longer is out of every i64 range.
        let mut value: Option<i128> = None;
        if body.len() <= 38 {
            let v = body
                .iter()
                .fold(0i128, |v, &d| v * 10 + i128::from(d - b'0'));
            value = Some(if negative { -v } else { v });
        }
        match value {
            Some(v) if i128::from(lo) <= v && v <= i128::from(hi) => v as i64,
            _ => self.reject(format_args!(
                "line {}, column {}: {} = {} is out of {}..={}",
                line,
                col,
                name,
                shown(&self.buf[pos..self.pos]),
                lo,
                hi
            )),
        }
    }

    /// `count` integers `{prefix}_1` … `{prefix}_{count}` in `lo..=hi`, separated by single spaces
    /// (by any whitespace in free mode), on the current line.
    pub fn read_ints(&mut self, count: usize, lo: i64, hi: i64, prefix: &str) -> Vec<i64> {
        let mut values = Vec::with_capacity(count);
        for i in 1..=count {
            if i > 1 && !self.free {
                self.read_space();
            }
            values.push(self.int(lo, hi, &format_args!("{}_{}", prefix, i)));
        }
        values
    }

    /// A word named `name`: one or more printable ASCII characters other than the space
    /// (testlib's `readToken`/`readWord`), as it is written.
    pub fn read_word(&mut self, name: impl Display) -> String {
        let start = self.token_start(&name);
        while matches!(self.peek(), Some(b) if b.is_ascii_graphic()) {
            self.bump();
        }
        self.finish_free_token(start, "the word", &name, |b| b.is_ascii_graphic());
        if self.pos == start.2 {
            self.fail_here(format_args!(
                "expected the word {}, found {}",
                name,
                describe(self.peek())
            ));
        }
        String::from_utf8(self.buf[start.2..self.pos].to_vec()).expect("ascii")
    }
}
