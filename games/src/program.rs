//! Move programs: a game described by a program of one's own, for the games that are not heap
//! games (a position is a line of text: two piles, a board, a DAG's node).
//!
//! The protocol: the program reads positions, one per line, and for each prints the number of
//! its options k, then k lines, one option each, its components (positions played side by
//! side) separated by ` + `; an empty line is the option with no components (the move that
//! ends that part of the game).
//!
//! The program is driven in **waves**: one run with every position not yet explored as its
//! input, then one with the new positions its answers named, until none is new. Start positions
//! may be ranges (`"2..=200 2..=200"` is the grid of 39,601 positions), so that most games need
//! one or two runs, not one per position. This module parses and bounds what a run prints and
//! fills a [`Moves`] graph; running the program (in the sandbox) is the caller's: the driver
//! takes it as a function, so it is tested here without processes.
//!
//! Everything a program prints is hostile: the number of positions, of options per position, of
//! waves, the bytes of a line and of a position are bounded, and a malformed line is refused
//! naming the position it answers and the line.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::graph::{Moves, TooMany};

/// The most bytes of one position's text.
pub const POSITION_BYTES: usize = 256;
/// The most bytes of one line of a program's output (an option and its components).
pub const LINE_BYTES: usize = 16 * 1024;

/// The bounds of a move program's runs and of what it may print, from `game.toml`'s
/// `[program]` table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProgramLimits {
    /// CPU time of one wave (one run), in milliseconds.
    pub time_ms: u64,
    /// Memory of one run, in MiB.
    pub memory_mib: u64,
    /// Output of one run, in MiB.
    pub output_mib: u64,
    /// Positions in all (start positions and every component named).
    pub max_positions: usize,
    /// Options of one position.
    pub max_options: usize,
    /// Runs of the program.
    pub max_waves: usize,
}

impl Default for ProgramLimits {
    fn default() -> Self {
        ProgramLimits {
            time_ms: 30_000,
            memory_mib: 1024,
            output_mib: 256,
            max_positions: 1_000_000,
            max_options: 100_000,
            max_waves: 1000,
        }
    }
}

/// A move program as `game.toml` describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramSpec {
    /// The source file, as `game.toml` names it (relative to its folder).
    pub source: PathBuf,
    /// The source file, resolved against the game file's folder.
    pub path: PathBuf,
    /// The start positions, each a pattern (ranges such as `1..=200` expand).
    pub start: Vec<String>,
    /// The bounds.
    pub limits: ProgramLimits,
}

/// Why a position's text is no position: empty, too long, spaces at an end, a control
/// character, or ` + ` inside (the separator of components).
pub fn check_position(text: &str) -> Result<(), String> {
    if text.is_empty() {
        return Err("an empty position (an option with no components is an empty line)".into());
    }
    if text.len() > POSITION_BYTES {
        return Err(format!(
            "a position of {} bytes (at most {POSITION_BYTES})",
            text.len()
        ));
    }
    if text.starts_with(' ') || text.ends_with(' ') {
        return Err(format!("position {text:?} begins or ends with a space"));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!(
            "position {text:?} holds the control character {:?}",
            c
        ));
    }
    if text.contains(" + ") {
        return Err(format!(
            "position {text:?} holds \" + \", the separator of an option's components"
        ));
    }
    Ok(())
}

/// One token of a start pattern: a word, or a range of whole numbers.
enum Token<'a> {
    Word(&'a str),
    Range(u64, u64),
}

fn tokens(pattern: &str) -> Result<Vec<Token<'_>>, String> {
    if pattern.is_empty() || pattern.split(' ').any(str::is_empty) {
        return Err(format!(
            "{pattern:?}: words are separated by one space, with none at the ends"
        ));
    }
    pattern
        .split(' ')
        .map(|t| {
            let Some((a, b)) = t.split_once("..") else {
                return Ok(Token::Word(t));
            };
            let (b, inclusive) = match b.strip_prefix('=') {
                Some(b) => (b, true),
                None => (b, false),
            };
            let num = |s: &str| {
                (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
                    .then(|| s.parse::<u64>().ok())
                    .flatten()
                    .ok_or_else(|| format!("{t:?}: a range is a..=b or a..b of whole numbers"))
            };
            let (a, b) = (num(a)?, num(b)?);
            let last = if inclusive { Some(b) } else { b.checked_sub(1) };
            match last {
                Some(last) if last >= a => Ok(Token::Range(a, last)),
                _ => Err(format!("{t:?} is an empty range")),
            }
        })
        .collect()
}

/// How many positions `pattern` stands for (saturating).
pub fn start_count(pattern: &str) -> Result<u64, String> {
    let mut n: u64 = 1;
    for t in tokens(pattern)? {
        if let Token::Range(a, b) = t {
            n = n.saturating_mul(b - a + 1);
        }
    }
    Ok(n)
}

/// The positions `pattern` stands for: each range token takes each of its numbers, the product
/// of them all in order (`"1..=2 5..=6"`: `1 5`, `1 6`, `2 5`, `2 6`), at most `limit` of them.
pub fn expand_start(pattern: &str, limit: usize) -> Result<Vec<String>, String> {
    let count = start_count(pattern)?;
    if count > limit as u64 {
        return Err(format!(
            "{pattern:?} stands for {count} positions, more than max-positions = {limit}"
        ));
    }
    let mut out = vec![String::new()];
    for (i, t) in tokens(pattern)?.into_iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        out = match t {
            Token::Word(w) => out.into_iter().map(|p| format!("{p}{sep}{w}")).collect(),
            Token::Range(a, b) => out
                .iter()
                .flat_map(|p| (a..=b).map(move |x| format!("{p}{sep}{x}")))
                .collect(),
        };
    }
    for p in &out {
        check_position(p).map_err(|e| format!("{pattern:?}: {e}"))?;
    }
    Ok(out)
}

/// A line of a program's output that breaks the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError {
    /// The position whose answer the line is in (none: past the last answer).
    pub position: Option<String>,
    /// The line of the run's output, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.position {
            Some(p) => write!(
                f,
                "line {} of its output, in the answer for position {p:?}: {}",
                self.line, self.message
            ),
            None => write!(f, "line {} of its output: {}", self.line, self.message),
        }
    }
}

/// The lines of an output, each without its `\n` (and a final `\r`), numbered from 1; a last
/// line without `\n` is a line.
struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
}

impl<'a> Lines<'a> {
    fn next_line(&mut self) -> Option<(usize, &'a [u8])> {
        if self.rest.is_empty() {
            return None;
        }
        self.number += 1;
        let (line, rest) = match self.rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, &self.rest[self.rest.len()..]),
        };
        self.rest = rest;
        Some((self.number, line.strip_suffix(b"\r").unwrap_or(line)))
    }
}

/// Reads a run's output: the answers for the positions `asked`, in order, into `moves` (each
/// component named is interned, at most `limits.max_positions` in all). Returns the options
/// read.
pub fn read_answers(
    moves: &mut Moves,
    asked: &[u32],
    output: &[u8],
    limits: &ProgramLimits,
) -> Result<usize, ProtocolError> {
    let mut lines = Lines {
        rest: output,
        number: 0,
    };
    let mut ids: Vec<u32> = Vec::new();
    let mut read = 0;
    for &p in asked {
        let name = moves.name(p).to_string();
        let err = |line: usize, message: String| ProtocolError {
            position: Some(name.clone()),
            line,
            message,
        };
        let Some((at, line)) = lines.next_line() else {
            return Err(err(
                lines.number + 1,
                "the output ends before this answer (its number of options)".into(),
            ));
        };
        let k = count(line, limits.max_options).map_err(|m| err(at, m))?;
        let first = moves.option_count();
        for i in 1..=k {
            let Some((at, line)) = lines.next_line() else {
                return Err(err(
                    lines.number + 1,
                    format!("the output ends at option {i} of the {k} announced"),
                ));
            };
            ids.clear();
            if !line.is_empty() {
                let text = text_of(line).map_err(|m| err(at, m))?;
                for component in text.split(" + ") {
                    check_position(component).map_err(|m| err(at, m))?;
                    let id = moves.intern(component, limits.max_positions).map_err(
                        |TooMany { limit }| {
                            err(at, format!("more than max-positions = {limit} positions"))
                        },
                    )?;
                    ids.push(id);
                }
            }
            moves.push_option(&ids);
        }
        moves.explored(p, first);
        read += k;
    }
    if let Some((at, line)) = lines.next_line() {
        return Err(ProtocolError {
            position: None,
            line: at,
            message: format!(
                "more output than the {} answers asked for: {}",
                asked.len(),
                shown(line)
            ),
        });
    }
    Ok(read)
}

/// The number of options on a count line: a whole number, at most `max`.
fn count(line: &[u8], max: usize) -> Result<usize, String> {
    let digits = !line.is_empty() && line.len() <= 20 && line.iter().all(u8::is_ascii_digit);
    match digits.then(|| std::str::from_utf8(line).ok()?.parse::<u64>().ok()) {
        Some(Some(k)) if k <= max as u64 => Ok(k as usize),
        Some(Some(k)) => Err(format!(
            "{k} options, more than max-options = {max} (the bound is [program] max-options)"
        )),
        _ => Err(format!(
            "expected the number of options (a whole number), got {}",
            shown(line)
        )),
    }
}

/// A line as text, bounded.
fn text_of(line: &[u8]) -> Result<&str, String> {
    if line.len() > LINE_BYTES {
        return Err(format!(
            "a line of {} bytes (at most {LINE_BYTES})",
            line.len()
        ));
    }
    std::str::from_utf8(line).map_err(|_| format!("not UTF-8: {}", shown(line)))
}

/// A line as a message shows it: quoted, escaped, its first 80 characters.
pub fn shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let cut: String = text.chars().take(80).collect();
    if cut.len() < text.len() {
        format!("{cut:?}… ({} bytes)", line.len())
    } else {
        format!("{cut:?}")
    }
}

/// What one wave did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WaveStats {
    /// The positions asked.
    pub positions: usize,
    /// The options read.
    pub options: usize,
    /// The bytes of output.
    pub output_bytes: usize,
    /// The run's CPU time, in milliseconds.
    pub cpu_ms: u64,
    /// The run's wall-clock time, in milliseconds.
    pub wall_ms: u64,
}

/// What one run of the program gave: its output, and its CPU and wall-clock times.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ran {
    /// Its standard output.
    pub output: Vec<u8>,
    /// CPU time, in milliseconds.
    pub cpu_ms: u64,
    /// Wall-clock time, in milliseconds.
    pub wall_ms: u64,
}

/// A move program's game, explored: the graph, the start positions, the waves.
#[derive(Debug, Clone, Default)]
pub struct Exploration {
    /// Every position seen and its options.
    pub moves: Moves,
    /// The start positions (after expansion), as numbers of `moves`.
    pub starts: Vec<u32>,
    /// The waves, in order.
    pub waves: Vec<WaveStats>,
}

/// Why a move program's game could not be explored or valued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramError<E> {
    /// A start pattern.
    Start(String),
    /// A run failed (crashed, over a limit, not built): the caller's words.
    Run {
        /// The wave, from 1.
        wave: usize,
        /// The positions it was asked.
        positions: usize,
        /// What went wrong.
        error: E,
    },
    /// A run's output breaks the protocol.
    Protocol {
        /// The wave, from 1.
        wave: usize,
        /// The line at fault.
        error: ProtocolError,
    },
    /// More waves than `max-waves`.
    TooManyWaves {
        /// The bound.
        limit: usize,
        /// Positions explored so far.
        explored: usize,
    },
    /// The moves loop: these positions, each a component of an option of the one before.
    Cycle(Vec<String>),
}

impl<E: fmt::Display> fmt::Display for ProgramError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramError::Start(m) => write!(f, "start: {m}"),
            ProgramError::Run {
                wave,
                positions,
                error,
            } => write!(
                f,
                "the move program failed on wave {wave} ({positions} position{}): {error}",
                if *positions == 1 { "" } else { "s" }
            ),
            ProgramError::Protocol { wave, error } => {
                write!(f, "the move program's wave {wave}: {error}")
            }
            ProgramError::TooManyWaves { limit, explored } => write!(
                f,
                "more than max-waves = {limit} runs of the move program ({explored} positions \
                 explored): give start positions as ranges (e.g. \"0..=1000\") so that one \
                 wave asks for most positions, or raise [program] max-waves"
            ),
            ProgramError::Cycle(c) => write!(
                f,
                "{}: a game whose moves loop has no nim-values (this one is refused)",
                crate::graph::cycle_text(c)
            ),
        }
    }
}

/// Explores the game of `spec` from its start positions: runs `run` (the program on one
/// wave's input, the positions one per line; its output, or why it failed) until no position is
/// new. `progress` hears each wave's number and size. [`values`] then values the graph.
pub fn explore<E>(
    spec: &ProgramSpec,
    limits: &ProgramLimits,
    mut run: impl FnMut(&[u8]) -> Result<Ran, E>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Exploration, ProgramError<E>> {
    let mut x = Exploration::default();
    for pattern in &spec.start {
        for p in expand_start(pattern, limits.max_positions).map_err(ProgramError::Start)? {
            let id = x
                .moves
                .intern(&p, limits.max_positions)
                .map_err(|t| ProgramError::Start(format!("more than {} positions", t.limit)))?;
            x.starts.push(id);
        }
    }
    // Positions are numbered as first seen and each wave asks for every one not yet explored,
    // so the next wave's are those numbered since this one began: no scan of them all.
    let mut seen = 0;
    loop {
        let now = x.moves.len() as u32;
        let asked: Vec<u32> = (seen..now).filter(|&i| !x.moves.is_explored(i)).collect();
        seen = now;
        if asked.is_empty() {
            break;
        }
        let wave = x.waves.len() + 1;
        if wave > limits.max_waves {
            return Err(ProgramError::TooManyWaves {
                limit: limits.max_waves,
                explored: x.moves.len() - asked.len(),
            });
        }
        progress(wave, asked.len());
        let mut input = Vec::new();
        for &p in &asked {
            input.extend_from_slice(x.moves.name(p).as_bytes());
            input.push(b'\n');
        }
        let ran = run(&input).map_err(|error| ProgramError::Run {
            wave,
            positions: asked.len(),
            error,
        })?;
        let options = read_answers(&mut x.moves, &asked, &ran.output, limits)
            .map_err(|error| ProgramError::Protocol { wave, error })?;
        x.waves.push(WaveStats {
            positions: asked.len(),
            options,
            output_bytes: ran.output.len(),
            cpu_ms: ran.cpu_ms,
            wall_ms: ran.wall_ms,
        });
    }
    Ok(x)
}

/// The values of every position of an exploration (by position number), or the cycle.
pub fn values<E>(x: &Exploration) -> Result<Vec<u32>, ProgramError<E>> {
    x.moves.values(&x.starts).map_err(|cycle| {
        ProgramError::Cycle(cycle.iter().map(|&i| x.moves.name(i).to_string()).collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(start: &[&str]) -> ProgramSpec {
        ProgramSpec {
            source: "moves.rs".into(),
            path: "moves.rs".into(),
            start: start.iter().map(|s| s.to_string()).collect(),
            limits: ProgramLimits::default(),
        }
    }

    /// `answer` as a run: its output, no time.
    fn ran(output: String) -> Result<Ran, String> {
        Ok(Ran {
            output: output.into_bytes(),
            ..Ran::default()
        })
    }

    /// A subtraction game {1, 2} as a program would answer it.
    fn subtract(input: &[u8]) -> Result<Ran, String> {
        let mut out = String::new();
        for line in std::str::from_utf8(input).unwrap().lines() {
            let n: usize = line.parse().unwrap();
            let opts: Vec<String> = [1, 2]
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| {
                    if s == n {
                        String::new()
                    } else {
                        (n - s).to_string()
                    }
                })
                .collect();
            out.push_str(&format!("{}\n", opts.len()));
            for o in opts {
                out.push_str(&format!("{o}\n"));
            }
        }
        ran(out)
    }

    #[test]
    fn ranges_expand_to_the_grid() {
        assert_eq!(
            expand_start("1..=2 5..7", 10).unwrap(),
            ["1 5", "1 6", "2 5", "2 6"]
        );
        assert_eq!(expand_start("board x 3", 10).unwrap(), ["board x 3"]);
        assert_eq!(start_count("2..=200 2..=200").unwrap(), 39_601);
        assert!(expand_start("1..=5", 4)
            .unwrap_err()
            .contains("more than max-positions"));
        assert!(expand_start("5..=1", 4)
            .unwrap_err()
            .contains("empty range"));
        assert!(expand_start("1..x", 4).unwrap_err().contains("a..=b"));
        assert!(expand_start("1  2", 4).unwrap_err().contains("one space"));
    }

    #[test]
    fn one_wave_when_the_starts_hold_every_position() {
        let limits = ProgramLimits::default();
        let mut waves = Vec::new();
        let x = explore(&spec(&["0..=20"]), &limits, subtract, |w, n| {
            waves.push((w, n))
        })
        .unwrap();
        assert_eq!(waves, [(1, 21)]);
        let v = values::<String>(&x).unwrap();
        for n in 0..=20u32 {
            let id = x.moves.id(&n.to_string()).unwrap();
            assert_eq!(v[id as usize], n % 3, "heap {n}");
        }
    }

    #[test]
    fn new_positions_make_new_waves() {
        let limits = ProgramLimits::default();
        let x = explore(&spec(&["10"]), &limits, subtract, |_, _| {}).unwrap();
        // 10, then 9 8, 7 6, 5 4, 3 2, then 1 (taking all is the empty option: no "0").
        let sizes: Vec<usize> = x.waves.iter().map(|w| w.positions).collect();
        assert_eq!(sizes, [1, 2, 2, 2, 2, 1]);
        assert_eq!(x.moves.len(), 10);
        assert_eq!(x.moves.id("0"), None);
    }

    #[test]
    fn malformed_lines_name_the_position_and_the_line() {
        let limits = ProgramLimits::default();
        let mut moves = Moves::default();
        let asked: Vec<u32> = ["a", "b"]
            .iter()
            .map(|p| moves.intern(p, 10).unwrap())
            .collect();
        let e = read_answers(&mut moves.clone(), &asked, b"1\nc\nx\n", &limits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3 of its output, in the answer for position \"b\": expected the number of \
             options (a whole number), got \"x\""
        );
        let e = read_answers(&mut moves.clone(), &asked, b"2\nc\n", &limits).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("ends at option 2 of the 2"), "{e}");
        let e = read_answers(&mut moves.clone(), &asked, b"0\n0\n0\n", &limits).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 3 of its output: more output"),
            "{e}"
        );
        let e = read_answers(&mut moves.clone(), &asked, b"1\nc +  d\n0\n", &limits).unwrap_err();
        assert!(e.message.contains("begins or ends with a space"), "{e}");
        let big = format!("{}\n", limits.max_options + 1);
        let e = read_answers(&mut moves.clone(), &asked, big.as_bytes(), &limits).unwrap_err();
        assert!(e.message.contains("more than max-options"), "{e}");
        let e = read_answers(&mut moves.clone(), &asked, b"1\n\xff\n0\n", &limits).unwrap_err();
        assert!(e.message.starts_with("not UTF-8"), "{e}");
        // CRLF and a missing final newline are read; an empty line is the empty option.
        let mut m = moves.clone();
        assert_eq!(
            read_answers(&mut m, &asked, b"2\r\nc + d\r\n\r\n0", &limits).unwrap(),
            2
        );
        assert_eq!(m.options_of(asked[0]).count(), 2);
        assert_eq!(m.options_of(asked[0]).nth(1).unwrap(), &[] as &[u32]);
    }

    #[test]
    fn a_loop_is_refused_with_the_cycle() {
        let limits = ProgramLimits::default();
        let looping = |input: &[u8]| -> Result<Ran, String> {
            let mut out = String::new();
            for line in std::str::from_utf8(input).unwrap().lines() {
                out.push_str(match line {
                    "x" => "1\ny\n",
                    "y" => "2\nz\n\n",
                    _ => "1\ny\n",
                });
            }
            ran(out)
        };
        let x = explore(&spec(&["x"]), &limits, looping, |_, _| {}).unwrap();
        let e = values::<String>(&x).unwrap_err();
        assert_eq!(e, ProgramError::Cycle(vec!["y".into(), "z".into()]));
        assert!(e.to_string().starts_with("the moves loop: y -> z -> y"));
    }

    #[test]
    fn bounded_positions_and_waves() {
        let growing = |input: &[u8]| -> Result<Ran, String> {
            let mut out = String::new();
            for line in std::str::from_utf8(input).unwrap().lines() {
                let n: u64 = line.parse().unwrap();
                out.push_str(&format!("1\n{}\n", n + 1));
            }
            ran(out)
        };
        let limits = ProgramLimits {
            max_positions: 50,
            ..ProgramLimits::default()
        };
        let e = explore(&spec(&["0"]), &limits, growing, |_, _| {}).unwrap_err();
        assert!(
            matches!(&e, ProgramError::Protocol { error, .. } if error.message.contains("max-positions = 50")),
            "{e}"
        );
        let limits = ProgramLimits {
            max_waves: 5,
            ..ProgramLimits::default()
        };
        let e = explore(&spec(&["0"]), &limits, growing, |_, _| {}).unwrap_err();
        assert_eq!(
            e,
            ProgramError::TooManyWaves {
                limit: 5,
                explored: 5
            }
        );
    }
}
