//! What the three interactors of this repository (`problems/<slug>-interactive/interactor.rs`)
//! share: testlib's interactor convention, the exit codes, the bounded reading of the
//! solution's lines, the summary written to OUTPUT, the seeded choices of a losing judge and the
//! check of the jury's answer. An interactor takes it in as a module, as the validators take in
//! `validate_input.rs`, so that it stays one `rustc` invocation (`rustc --edition 2021
//! problems/<slug>/interactor.rs`):
//!
//! ```ignore
//! #[path = "../_shared/interactor_harness.rs"]
//! mod interactor_harness;
//! use interactor_harness::{integer, jury_answer, shown, start, Judge, SplitMix64, FAIL, PE, WA};
//!
//! fn main() {
//!     let (mut judge, args, text) = start(analyse); // `interactor --analyse FILE` ends here
//!     // … the position from `text` (a bad one: judge.finish(FAIL, …)), then the game:
//!     judge.send("3");
//!     let line = judge.expect_line("the declaration"); // EOF: WA; a long line: PE
//! }
//! ```
//!
//! The convention: `interactor INPUT OUTPUT [ANSWER]`. INPUT is the test input; stdin is the
//! solution's stdout and stdout the solution's stdin. The one-line summary (`ok …`, `wrong answer
//! …`, `wrong output format …`, `FAIL …`) goes to OUTPUT and to stderr ([`Judge::finish`]). Exit
//! code: [`OK`] the solution won, [`WA`], [`PE`] (a malformed line), [`FAIL`] (the interactor's
//! own failure: a bad test input, OUTPUT not writable, a jury's answer its theory contradicts).
//! A line of the solution is read up to [`MAX_LINE`] bytes and no further: a solution that
//! writes without end costs the judge that much.
//!
//! To use an interactor elsewhere as one file (a judge's upload form), put this file's text, as
//! it is, in place of its two lines `#[path …]` and `mod interactor_harness;`, inside
//! `mod interactor_harness { … }` (its `//!` lines and `#![allow(dead_code)]` are allowed at the
//! top of an inline module). `runner export --kattis` needs nothing of this: the file goes
//! beside the interactor in the package.
//!
//! This file is std-only and builds with Rust 1.63 (Debian's `rustc`). The runner rebuilds an
//! interactor when this file changes (rustc's dep-info lists it).
#![allow(dead_code)]

use std::env;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

pub const OK: i32 = 0;
pub const WA: i32 = 1;
pub const PE: i32 = 2;
pub const FAIL: i32 = 3;

/// The longest line the solution may write, end of line excluded.
pub const MAX_LINE: usize = 256;

/// The losing judge's choices: SplitMix64, seeded from the test input ([`fnv1a`]), so that a
/// case plays the same game every time.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform-ish in 0..n (n ≥ 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The FNV-1a hash of `data`: the seed of a case's [`SplitMix64`].
pub fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The text of the file at `path` (INPUT, ANSWER, `--analyse`'s FILE); FAIL when it cannot be read.
pub fn read_file(path: &str) -> String {
    match fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("FAIL cannot read {}: {}", path, e);
            exit(FAIL)
        }
    }
}

/// The start of every interactor: `interactor --analyse FILE` runs `analyse` on FILE and exits;
/// else `interactor INPUT OUTPUT [ANSWER]` (FAIL with the usage when too short): the judge of the
/// game, the arguments, and the text of INPUT.
pub fn start(analyse: fn(&str)) -> (Judge, Vec<String>, String) {
    let args: Vec<String> = env::args().collect();
    if args.len() == 3 && args[1] == "--analyse" {
        analyse(&args[2]);
        exit(OK);
    }
    if args.len() < 3 {
        eprintln!("FAIL usage: interactor INPUT OUTPUT [ANSWER]   (or: interactor --analyse FILE)");
        exit(FAIL);
    }
    let judge = Judge {
        input: io::stdin().lock(),
        output: io::stdout().lock(),
        summary: args[2].clone(),
    };
    let text = read_file(&args[1]);
    (judge, args, text)
}

/// A line of the solution: its tokens (split at spaces, tabs and CRs).
pub enum Line {
    Tokens(Vec<Vec<u8>>),
    End,
    TooLong,
}

/// The judge's side of the game: the solution's output to read, its input to write, and OUTPUT
/// (the summary's file).
pub struct Judge {
    input: io::StdinLock<'static>,
    output: io::StdoutLock<'static>,
    summary: String,
}

impl Judge {
    /// Writes the summary line to OUTPUT and stderr, and exits with `code`.
    pub fn finish(&mut self, code: i32, message: String) -> ! {
        let _ = self.output.flush();
        eprintln!("{}", message);
        if let Err(e) = fs::write(&self.summary, format!("{}\n", message)) {
            eprintln!("FAIL cannot write {}: {}", self.summary, e);
            exit(FAIL);
        }
        exit(code)
    }

    /// Ends the game before its natural end: `-1` tells the solution to stop reading.
    pub fn stop(&mut self, code: i32, message: String) -> ! {
        let _ = writeln!(self.output, "-1");
        let _ = self.output.flush();
        self.finish(code, message)
    }

    /// Writes `line` to the solution, flushed; a solution that stopped reading is WA.
    pub fn send(&mut self, line: &str) {
        let sent = writeln!(self.output, "{}", line).and_then(|_| self.output.flush());
        if let Err(e) = sent {
            self.finish(
                WA,
                format!(
                    "wrong answer the solution stopped reading (writing to it: {})",
                    e
                ),
            );
        }
    }

    /// The solution's next line, read up to [`MAX_LINE`] bytes and no further.
    pub fn read_line(&mut self) -> Line {
        let mut buf = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        if let Err(e) = self.input.by_ref().take(limit).read_until(b'\n', &mut buf) {
            self.finish(WA, format!("wrong answer cannot read the solution: {}", e));
        }
        if buf.is_empty() {
            return Line::End;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            return Line::TooLong;
        }
        let tokens = buf
            .split(|&c| c == b' ' || c == b'\t' || c == b'\r')
            .filter(|t| !t.is_empty())
            .map(|t| t.to_vec())
            .collect();
        Line::Tokens(tokens)
    }

    /// The solution's next line, or the end of the game with the right verdict.
    pub fn expect_line(&mut self, what: &str) -> Vec<Vec<u8>> {
        match self.read_line() {
            Line::Tokens(t) => t,
            Line::End => self.stop(
                WA,
                format!(
                    "wrong answer the solution stopped answering: end of file where {} was due",
                    what
                ),
            ),
            Line::TooLong => self.stop(
                PE,
                format!(
                    "wrong output format {}: a line longer than {} bytes",
                    what, MAX_LINE
                ),
            ),
        }
    }
}

/// A line's tokens as a message shows them: 60 characters at most.
pub fn shown(tokens: &[Vec<u8>]) -> String {
    let words: Vec<String> = tokens
        .iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    let s = words.join(" ");
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

/// A canonical unsigned integer (no sign, no leading zero); more than 18 digits is u64::MAX.
pub fn integer(t: &[u8]) -> Option<u64> {
    if t.is_empty() || !t.iter().all(u8::is_ascii_digit) || (t.len() > 1 && t[0] == b'0') {
        return None;
    }
    if t.len() > 18 {
        return Some(u64::MAX);
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

/// testlib's ANSWER (the third argument), when given and not empty: the jury's declaration for
/// this input, the brute force's (`runner verify` and `runner stress` pass its output). The
/// interactor's theory must agree with it, else the judge itself is wrong: FAIL.
pub fn jury_answer(args: &[String], judge: &mut Judge, first_wins: bool) {
    let path = match args.get(3) {
        Some(path) => path,
        None => return,
    };
    let text = read_file(path);
    let word = match text.split_ascii_whitespace().next() {
        Some(word) => word,
        None => return,
    };
    let theory = if first_wins { "first" } else { "second" };
    if word != theory {
        judge.finish(
            FAIL,
            format!("FAIL the jury's answer says {word}, the interactor's theory says {theory}"),
        );
    }
}
