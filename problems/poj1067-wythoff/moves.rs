//! Move program of POJ 1067 (Wythoff's game), for `runner game` (README: "The game for `runner
//! game`"): it lists each position's options; it computes no value.
//!
//! A position is the two piles `a b` (0 ≤ a, b ≤ 100000). A move takes k ≥ 1 stones from one
//! pile (`a−k b`, `a b−k`) or k from both (`a−k b−k`); the position with no stone has no move.
//! The position is one component (the two piles are not a sum of two games: the diagonal move
//! touches both), so each option is one line `x y`, never a sum.
//!
//! Protocol: reads positions one per line until end of file (a final CR on a line is ignored);
//! for each prints the number of options k, then k lines, one option each, and flushes. A line
//! that is not two integers in 0..=100000 ends the program with a message naming the line, on
//! stderr, and exit status 2.
use std::io::{self, BufRead, Write};
use std::process::exit;

const MAX_PILE: u32 = 100_000;

fn refuse(line_no: usize, what: &str) -> ! {
    eprintln!("moves: line {}: {}", line_no, what);
    exit(2)
}

/// The pile `name` from `token`, or the program ends naming the line.
fn pile(token: Option<&str>, name: &str, line_no: usize) -> u32 {
    let token =
        token.unwrap_or_else(|| refuse(line_no, &format!("expected `a b`, {} missing", name)));
    match token.parse::<u32>() {
        Ok(v) if v <= MAX_PILE && token.bytes().all(|b| b.is_ascii_digit()) => v,
        _ => refuse(
            line_no,
            &format!(
                "{} = `{}` is not a whole number in 0..={}",
                name, token, MAX_PILE
            ),
        ),
    }
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let line_no = i + 1;
        let mut tokens = line.trim_end_matches('\r').split(' ');
        let a = pile(tokens.next(), "a", line_no);
        let b = pile(tokens.next(), "b", line_no);
        if tokens.next().is_some() {
            refuse(line_no, "expected `a b`: more than two tokens");
        }
        let mut options = Vec::new();
        options.extend((1..=a).map(|k| (a - k, b)));
        options.extend((1..=b).map(|k| (a, b - k)));
        options.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        writeln!(out, "{}", options.len())?;
        for (x, y) in options {
            writeln!(out, "{} {}", x, y)?;
        }
        out.flush()?;
    }
    Ok(())
}
