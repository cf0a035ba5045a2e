//! Game descriptions: a `game.toml` file, and the short forms of the command line.
//!
//! ```toml
//! title = "Dawson's Kayles"   # optional
//! code = "0.07"               # exactly one of: code, subtract, all-but, rule
//! base = 16                   # with code only: 8 (the default) or 16
//! # subtract = [2, 3, 7]      # or "powers-of-2", "fibonacci", "squares", "all"
//! # all-but = [1, 3]
//! # rule = "grundy"
//! max = 100000                # optional: values to compute at most
//! ```
//!
//! or a move program (see [`crate::program`]), instead of the heap game's keys:
//!
//! ```toml
//! title = "Cutting Game"
//! [program]
//! source = "moves.rs"         # any language of judges.toml, beside the game file
//! start = "2..=200 2..=200"   # a position or a list of them; ranges expand to the grid
//! time-limit-ms = 30000       # optional bounds: CPU time and memory of one wave (one run),
//! memory-limit-mib = 1024     # its output, the positions in all, the options of one
//! output-limit-mib = 256      # position, the waves
//! max-positions = 1000000
//! max-options = 100000
//! max-waves = 1000
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::code::{Base, Code, MAX_DIGITS};
use crate::game::{Game, Kind, Rule};
use crate::program::{self, ProgramLimits, ProgramSpec};

/// An error in a game description, located to its file, line and field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line and column, when known.
    pub line: Option<(usize, usize)>,
    /// The field, when one is at fault.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some((l, c)) = self.line {
            write!(f, ":{l}:{c}")?;
        }
        match &self.field {
            Some(field) => write!(f, ": {field}: {}", self.message),
            None => write!(f, ": {}", self.message),
        }
    }
}

impl std::error::Error for FileError {}

/// A game file read: the game and the file's `max`, if it sets one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// The game.
    pub game: Described,
    /// Values to compute at most, when the file says (heap games only).
    pub max: Option<usize>,
}

/// What a game file describes: a heap game of a kind this crate knows, or a move program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Described {
    /// A heap game.
    Heap(Game),
    /// A move program (its `[program]` table), with the file's title.
    Program {
        /// The file's title, when it gives one.
        title: Option<String>,
        /// The program.
        spec: ProgramSpec,
    },
}

impl GameFile {
    /// The heap game, when the file describes one.
    pub fn heap(&self) -> Option<&Game> {
        match &self.game {
            Described::Heap(g) => Some(g),
            Described::Program { .. } => None,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Raw {
    title: Option<String>,
    code: Option<Spanned<String>>,
    base: Option<Spanned<u32>>,
    subtract: Option<Spanned<toml::Value>>,
    all_but: Option<Spanned<toml::Value>>,
    rule: Option<Spanned<String>>,
    max: Option<Spanned<i64>>,
    program: Option<Spanned<RawProgram>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawProgram {
    source: Spanned<String>,
    start: Spanned<toml::Value>,
    time_limit_ms: Option<Spanned<i64>>,
    memory_limit_mib: Option<Spanned<i64>>,
    output_limit_mib: Option<Spanned<i64>>,
    max_positions: Option<Spanned<i64>>,
    max_options: Option<Spanned<i64>>,
    max_waves: Option<Spanned<i64>>,
}

/// Reads the game file at `path`.
pub fn read_file(path: &Path) -> Result<GameFile, FileError> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError {
        path: path.to_path_buf(),
        line: None,
        field: None,
        message: format!("cannot read: {e}"),
    })?;
    parse_file(path, &text)
}

/// Parses `text`, the contents of the game file `path`.
pub fn parse_file(path: &Path, text: &str) -> Result<GameFile, FileError> {
    let err = |offset: Option<usize>, field: Option<&str>, message: String| FileError {
        path: path.to_path_buf(),
        line: offset.map(|o| line_col(text, o)),
        field: field.map(str::to_string),
        message,
    };
    let raw: Raw = toml::from_str(text).map_err(|e| {
        err(
            e.span().map(|s| s.start),
            None,
            e.message().trim().to_string(),
        )
    })?;
    if let Some(p) = &raw.program {
        return program_file(path, &raw, p).map_err(|(o, field, m)| err(Some(o), Some(&field), m));
    }
    let given: Vec<(&str, usize)> = [
        ("code", raw.code.as_ref().map(|s| s.span().start)),
        ("subtract", raw.subtract.as_ref().map(|s| s.span().start)),
        ("all-but", raw.all_but.as_ref().map(|s| s.span().start)),
        ("rule", raw.rule.as_ref().map(|s| s.span().start)),
    ]
    .into_iter()
    .filter_map(|(k, o)| o.map(|o| (k, o)))
    .collect();
    match given.as_slice() {
        [] => {
            return Err(err(
                None,
                None,
                "no game: give one of code, subtract, all-but, rule, or a [program] table".into(),
            ))
        }
        [_] => {}
        [(a, _), (b, o), ..] => {
            return Err(err(
                Some(*o),
                Some(b),
                format!("a game file describes one game: {a} and {b} are both given"),
            ))
        }
    }
    if let (Some(b), None) = (&raw.base, &raw.code) {
        return Err(err(
            Some(b.span().start),
            Some("base"),
            "base goes with code only".into(),
        ));
    }
    let kind = kind_of(&raw).map_err(|(o, field, m)| err(Some(o), Some(field), m))?;
    let max = match &raw.max {
        None => None,
        Some(m) if *m.get_ref() >= 1 => Some(*m.get_ref() as usize),
        Some(m) => {
            return Err(err(
                Some(m.span().start),
                Some("max"),
                format!("must be at least 1 (got {})", m.get_ref()),
            ))
        }
    };
    let mut game = Game::new(kind);
    game.title = raw.title;
    Ok(GameFile {
        game: Described::Heap(game),
        max,
    })
}

type LocatedField = (usize, String, String);

/// A game file with a `[program]` table: none of the heap game's keys, and the table checked.
fn program_file(path: &Path, raw: &Raw, p: &Spanned<RawProgram>) -> Result<GameFile, LocatedField> {
    let heap_keys = [
        ("code", raw.code.as_ref().map(|s| s.span().start)),
        ("base", raw.base.as_ref().map(|s| s.span().start)),
        ("subtract", raw.subtract.as_ref().map(|s| s.span().start)),
        ("all-but", raw.all_but.as_ref().map(|s| s.span().start)),
        ("rule", raw.rule.as_ref().map(|s| s.span().start)),
        ("max", raw.max.as_ref().map(|s| s.span().start)),
    ];
    if let Some((key, Some(at))) = heap_keys.into_iter().find(|(_, o)| o.is_some()) {
        return Err((
            at,
            key.to_string(),
            "a game file describes one game: a [program] table and a heap game's key are both \
             given (a move program's bounds are in its table: max-positions, …)"
                .into(),
        ));
    }
    let p = p.get_ref();
    let source = p.source.get_ref().trim();
    let field = |name: &str| format!("program.{name}");
    if source.is_empty() {
        return Err((p.source.span().start, field("source"), "is empty".into()));
    }
    let limits = program_limits(p)?;
    let at = p.start.span().start;
    let start: Vec<String> = match p.start.get_ref() {
        toml::Value::String(s) => vec![s.clone()],
        toml::Value::Array(items) if !items.is_empty() => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or((
                at,
                field("start"),
                "expected a position or a list of them".into(),
            ))?,
        _ => {
            return Err((
                at,
                field("start"),
                "expected a position (\"2..=200 2..=200\") or a non-empty list of them".into(),
            ))
        }
    };
    let mut total: u64 = 0;
    for s in &start {
        let n = program::start_count(s).map_err(|m| (at, field("start"), m))?;
        total = total.saturating_add(n);
    }
    if total > limits.max_positions as u64 {
        return Err((
            at,
            field("start"),
            format!(
                "{total} start positions, more than max-positions = {}",
                limits.max_positions
            ),
        ));
    }
    let folder = path.parent().unwrap_or(Path::new(""));
    Ok(GameFile {
        game: Described::Program {
            title: raw.title.clone(),
            spec: ProgramSpec {
                source: PathBuf::from(source),
                path: folder.join(source),
                start,
                limits,
            },
        },
        max: None,
    })
}

fn program_limits(p: &RawProgram) -> Result<ProgramLimits, LocatedField> {
    let d = ProgramLimits::default();
    let bounded = |v: &Option<Spanned<i64>>, name: &str, max: i64, default: u64| match v {
        None => Ok(default),
        Some(s) if (1..=max).contains(s.get_ref()) => Ok(*s.get_ref() as u64),
        Some(s) => Err((
            s.span().start,
            format!("program.{name}"),
            format!("must be from 1 to {max} (got {})", s.get_ref()),
        )),
    };
    Ok(ProgramLimits {
        time_ms: bounded(&p.time_limit_ms, "time-limit-ms", 3_600_000, d.time_ms)?,
        memory_mib: bounded(
            &p.memory_limit_mib,
            "memory-limit-mib",
            65_536,
            d.memory_mib,
        )?,
        output_mib: bounded(&p.output_limit_mib, "output-limit-mib", 4096, d.output_mib)?,
        max_positions: bounded(
            &p.max_positions,
            "max-positions",
            100_000_000,
            d.max_positions as u64,
        )? as usize,
        max_options: bounded(
            &p.max_options,
            "max-options",
            100_000_000,
            d.max_options as u64,
        )? as usize,
        max_waves: bounded(&p.max_waves, "max-waves", 1_000_000, d.max_waves as u64)? as usize,
    })
}

type Located = (usize, &'static str, String);

fn kind_of(raw: &Raw) -> Result<Kind, Located> {
    if let Some(code) = &raw.code {
        let base = match raw.base.as_ref().map(|b| (*b.get_ref(), b.span().start)) {
            None | Some((8, _)) => Base::Octal,
            Some((16, _)) => Base::Hexadecimal,
            Some((b, o)) => return Err((o, "base", format!("must be 8 or 16 (got {b})"))),
        };
        return match code.get_ref().trim() {
            "4!.0" => Ok(Kind::Grundy),
            c => Code::parse(c, base)
                .map(Kind::Code)
                .map_err(|m| (code.span().start, "code", m)),
        };
    }
    if let Some(s) = &raw.subtract {
        let at = s.span().start;
        return match s.get_ref() {
            toml::Value::String(name) => subtract_named(name).map_err(|m| (at, "subtract", m)),
            v => set_of(v)
                .map(Kind::Subtract)
                .map_err(|m| (at, "subtract", m)),
        };
    }
    if let Some(s) = &raw.all_but {
        return set_of(s.get_ref())
            .map(Kind::AllBut)
            .map_err(|m| (s.span().start, "all-but", m));
    }
    let rule = raw.rule.as_ref().expect("one of the four is given");
    match rule.get_ref().as_str() {
        "grundy" => Ok(Kind::Grundy),
        other => Err((
            rule.span().start,
            "rule",
            format!("unknown rule \"{other}\" (known: grundy)"),
        )),
    }
}

fn set_of(v: &toml::Value) -> Result<Vec<usize>, String> {
    let toml::Value::Array(items) = v else {
        return Err("expected a list of positive whole numbers, e.g. [2, 3, 7]".into());
    };
    let mut set = Vec::new();
    for item in items {
        match item.as_integer() {
            Some(x) if x >= 1 && x as usize <= MAX_DIGITS => set.push(x as usize),
            _ => {
                return Err(format!(
                    "{item} is not a whole number from 1 to {MAX_DIGITS}"
                ))
            }
        }
    }
    checked_set(set)
}

fn checked_set(mut set: Vec<usize>) -> Result<Vec<usize>, String> {
    let n = set.len();
    set.sort_unstable();
    set.dedup();
    if set.len() != n {
        return Err("a number is given twice".into());
    }
    Ok(set)
}

fn subtract_named(name: &str) -> Result<Kind, String> {
    Ok(match name {
        "all" => Kind::SubtractAll,
        "powers-of-2" => Kind::SubtractRule(Rule::PowersOf2),
        "fibonacci" => Kind::SubtractRule(Rule::Fibonacci),
        "squares" => Kind::SubtractRule(Rule::Squares),
        other => {
            return Err(format!(
                "unknown rule \"{other}\" (known: powers-of-2, fibonacci, squares, all; or a \
                 list such as [2, 3, 7])"
            ))
        }
    })
}

/// The game a command-line word names: a code (`0.07`, `4.[3]`; hexadecimal when `hex`),
/// `grundy` or `4!.0`.
pub fn parse_spec(text: &str, hex: bool) -> Result<Game, String> {
    let kind = match text.trim() {
        "grundy" | "4!.0" => Kind::Grundy,
        t => {
            let base = if hex { Base::Hexadecimal } else { Base::Octal };
            Kind::Code(Code::parse(t, base)?)
        }
    };
    Ok(Game::new(kind))
}

/// The game of `--subtract ARG`: a list `2,3,7` or a rule name.
pub fn parse_subtract(arg: &str) -> Result<Game, String> {
    if arg.trim().starts_with(|c: char| c.is_ascii_digit()) {
        Ok(Game::new(Kind::Subtract(parse_list(arg)?)))
    } else {
        subtract_named(arg.trim()).map(Game::new)
    }
}

/// The game of `--all-but 1,3`.
pub fn parse_all_but(arg: &str) -> Result<Game, String> {
    Ok(Game::new(Kind::AllBut(parse_list(arg)?)))
}

fn parse_list(arg: &str) -> Result<Vec<usize>, String> {
    let mut set = Vec::new();
    for part in arg.split(',') {
        match part.trim().parse::<usize>() {
            Ok(x) if (1..=MAX_DIGITS).contains(&x) => set.push(x),
            _ => {
                return Err(format!(
                    "\"{}\" is not a whole number from 1 to {MAX_DIGITS}",
                    part.trim()
                ))
            }
        }
    }
    checked_set(set)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<GameFile, String> {
        parse_file(Path::new("g/game.toml"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn each_kind() {
        let heap = |text: &str| parse(text).unwrap().heap().unwrap().clone();
        let f = parse("title = \"Kayles\"\ncode = \"0.77\"\nmax = 500\n").unwrap();
        assert_eq!(f.max, Some(500));
        let g = f.heap().unwrap();
        assert_eq!(g.to_string(), "0.77");
        assert_eq!(g.title.as_deref(), Some("Kayles"));
        let g = heap("subtract = [7, 2, 3]\n");
        assert_eq!(g.kind, Kind::Subtract(vec![2, 3, 7]));
        let g = heap("subtract = \"fibonacci\"\n");
        assert_eq!(g.kind, Kind::SubtractRule(Rule::Fibonacci));
        let g = heap("all-but = [1, 3]\n");
        assert_eq!(g.kind, Kind::AllBut(vec![1, 3]));
        assert_eq!(heap("rule = \"grundy\"\n").kind, Kind::Grundy);
        let g = heap("code = \"0.8\"\nbase = 16\n");
        assert_eq!(g.code().unwrap().max_heaps(), 3);
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let e = parse("title = \"x\"\ncode = \"0.78\"\n").unwrap_err();
        assert!(
            e.starts_with("g/game.toml:2:8: code: \"0.78\": digit '8' (d2) is outside octal"),
            "{e}"
        );
        let e = parse("subtract = [2, 0]\n").unwrap_err();
        assert!(e.starts_with("g/game.toml:1:12: subtract: 0 is not"), "{e}");
        let e = parse("subtract = \"primes\"\n").unwrap_err();
        assert!(e.contains("1:12: subtract: unknown rule \"primes\""), "{e}");
        let e = parse("code = \"0.7\"\nrule = \"grundy\"\n").unwrap_err();
        assert!(
            e.contains("2:8: rule: a game file describes one game"),
            "{e}"
        );
        let e = parse("code = \"0.7\"\nmaximum = 3\n").unwrap_err();
        assert!(
            e.contains("2:1") && e.contains("unknown field `maximum`"),
            "{e}"
        );
        let e = parse("code = \"0.7\"\n[program]\nsource = \"m.py\"\nstart = \"1\"\n").unwrap_err();
        assert!(
            e.contains(":1:8: code: a game file describes one game: a [program] table"),
            "{e}"
        );
        let e = parse("max = 0\ncode = \"0.7\"\n").unwrap_err();
        assert!(e.contains("1:7: max: must be at least 1"), "{e}");
        assert!(parse("title = \"t\"\n").unwrap_err().contains("no game"));
    }

    #[test]
    fn a_move_program() {
        let f = parse(
            "title = \"Cutting\"\n[program]\nsource = \"moves.rs\"\nstart = \"2..=200 2..=200\"\n\
             time-limit-ms = 500\n",
        )
        .unwrap();
        let Described::Program { title, spec } = f.game else {
            panic!("a program")
        };
        assert_eq!(title.as_deref(), Some("Cutting"));
        assert_eq!(spec.path, Path::new("g/moves.rs"));
        assert_eq!(spec.start, ["2..=200 2..=200"]);
        assert_eq!(spec.limits.time_ms, 500);
        assert_eq!(spec.limits.max_positions, 1_000_000);
        let f = parse("[program]\nsource = \"m.py\"\nstart = [\"0\", \"1..=3\"]\n").unwrap();
        assert!(f.heap().is_none());
    }

    #[test]
    fn a_move_programs_errors() {
        let e = parse("[program]\nsource = \"m.py\"\nstart = \"1..x\"\n").unwrap_err();
        assert!(
            e.starts_with("g/game.toml:3:9: program.start: \"1..x\": a range"),
            "{e}"
        );
        let e = parse("[program]\nsource = \"m.py\"\nstart = \"0..=9\"\nmax-positions = 5\n")
            .unwrap_err();
        assert!(
            e.contains("3:9: program.start: 10 start positions, more than"),
            "{e}"
        );
        let e = parse("[program]\nsource = \"m.py\"\nstart = 3\n").unwrap_err();
        assert!(e.contains("3:9: program.start: expected a position"), "{e}");
        let e = parse("[program]\nsource = \"m.py\"\nstart = \"1\"\nmax-waves = 0\n").unwrap_err();
        assert!(e.contains("4:13: program.max-waves: must be from 1"), "{e}");
        let e = parse("[program]\nsource = \"m.py\"\nstart = \"1\"\nrun = 1\n").unwrap_err();
        assert!(e.contains("unknown field `run`"), "{e}");
        let e = parse("[program]\nstart = \"1\"\n").unwrap_err();
        assert!(e.contains("missing field `source`"), "{e}");
    }

    #[test]
    fn command_line_forms() {
        assert_eq!(parse_spec("grundy", false).unwrap().kind, Kind::Grundy);
        assert_eq!(parse_spec("4!.0", false).unwrap().kind, Kind::Grundy);
        assert!(parse_spec("0.8", false).is_err());
        assert!(parse_spec("0.8", true).is_ok());
        assert_eq!(
            parse_subtract("2,3,7").unwrap().kind,
            Kind::Subtract(vec![2, 3, 7])
        );
        assert_eq!(
            parse_subtract("squares").unwrap().kind,
            Kind::SubtractRule(Rule::Squares)
        );
        assert!(parse_subtract("2,x").is_err());
        assert!(parse_all_but("1,1").is_err());
    }
}
