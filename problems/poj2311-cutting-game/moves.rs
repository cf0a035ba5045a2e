//! Move program of POJ 2311's reduced game, for `runner game` (README: "The game for `runner
//! game`"): it lists each position's options; it computes no value.
//!
//! A position is one piece of paper, `w h` (w columns, h rows, 2 ≤ w, h ≤ 10000); a piece with a
//! side of 1 is no position of the reduced game (cutting it off loses at once: README). A move
//! cuts the piece along a grid line into two pieces that are both at least 2 wide:
//! `i h + (w−i) h` for 2 ≤ i ≤ w − 2, or `w j + w (h−j)` for 2 ≤ j ≤ h − 2. Each option is
//! printed once (i ≤ w − i and j ≤ h − j: the cut at i and the one at w − i leave the same two
//! pieces), the vertical cuts first, each by increasing i. A piece with no option (2×2, 2×3,
//! 3×2, 3×3) is a terminal, lost position: its answer is `0` alone.
//!
//! Protocol: reads positions one per line until end of file (a final CR on a line is ignored);
//! for each prints the number of options k, then k lines, one option each, its pieces separated
//! by ` + `, and flushes, so that a caller may wait for each answer before it writes the next
//! position. A line that is not two integers in 2..=10000 (a blank line too) ends the program
//! with a message naming the line, on stderr, and exit status 2.
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

const MAX_SIDE: u32 = 10_000;
/// The longest line read; anything longer is refused.
const MAX_LINE: u64 = 64;

fn refuse(line_no: usize, what: &str) -> ! {
    eprintln!("moves: line {}: {}", line_no, what);
    exit(2)
}

/// The side named `name` from `token`, or the program ends naming the line.
fn side(token: Option<&str>, name: &str, line_no: usize) -> u32 {
    let token =
        token.unwrap_or_else(|| refuse(line_no, &format!("expected `w h`, {} missing", name)));
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        refuse(
            line_no,
            &format!(
                "{} = `{}` is not a whole number (expected `w h`, one space between)",
                name, token
            ),
        );
    }
    match token.parse::<u32>() {
        Ok(v) if v < 2 => refuse(
            line_no,
            &format!(
                "{} = {}: a piece with a side below 2 is no position of the reduced game",
                name, v
            ),
        ),
        Ok(v) if v <= MAX_SIDE => v,
        _ => refuse(
            line_no,
            &format!(
                "{} = {} is above this program's bound {}",
                name, token, MAX_SIDE
            ),
        ),
    }
}

/// The options of the piece w × h, one text each.
fn options(w: u32, h: u32) -> Vec<String> {
    let vertical = (2..=w / 2).map(|i| format!("{} {} + {} {}", i, h, w - i, h));
    let horizontal = (2..=h / 2).map(|j| format!("{} {} + {} {}", w, j, w, h - j));
    vertical.chain(horizontal).collect()
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut line = Vec::new();
    for line_no in 1.. {
        line.clear();
        let n = input.by_ref().take(MAX_LINE).read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        if line.last() != Some(&b'\n') && n as u64 == MAX_LINE {
            refuse(line_no, &format!("longer than {} bytes", MAX_LINE));
        }
        let text = std::str::from_utf8(&line).unwrap_or_else(|_| refuse(line_no, "not UTF-8"));
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let mut tokens = text.split(' ');
        let w = side(tokens.next(), "w", line_no);
        let h = side(tokens.next(), "h", line_no);
        if tokens.next().is_some() {
            refuse(line_no, "expected `w h` and nothing after it");
        }
        let opts = options(w, h);
        writeln!(out, "{}", opts.len())?;
        for o in &opts {
            writeln!(out, "{}", o)?;
        }
        out.flush()?;
    }
    Ok(())
}
