//! Comparing a program's output with the expected output. Outputs are bytes, never assumed UTF-8.
//!
//! Every mode but `checker` is judged here, by a pure function; a checker is a program, run by
//! [`crate::checker`].

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

pub use crate::kattis_compare::KattisFlags;
use crate::verdict::Verdict;

/// How output is compared with the expected output.
///
/// In TOML: `compare = "lines"` (the default), `"exact"`, `"tokens"`, `"checker"`,
/// `compare = { float = { abs = 1e-6, rel = 1e-6 } }` (either tolerance may be left out: 0), or
/// `compare = { kattis = "FLAGS" }`: the Kattis default output validator with its flags
/// (`case_sensitive`, `space_change_sensitive`, `float_tolerance E`,
/// `float_absolute_tolerance E`, `float_relative_tolerance E`; `""` for none).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum CompareMode {
    /// Line by line, as most judges do: CRLF equals LF, trailing spaces and tabs at the end of a
    /// line and trailing blank lines are ignored. Other whitespace differences are PE.
    #[default]
    Lines,
    /// Byte for byte. Any difference in whitespace alone is PE.
    Exact,
    /// Whitespace-separated tokens; layout is free.
    Tokens,
    /// Whitespace-separated tokens; two numbers match when they are within the absolute OR the
    /// relative tolerance of each other; any other token must match exactly. Layout is free.
    Float(Tolerance),
    /// The Kattis / ICPC default output validator, as the problem package format defines it and
    /// problemtools' `default_validator` implements it ([`KattisFlags`]).
    Kattis(KattisFlags),
    /// The problem's checker program (`problems/<slug>/checker.rs`) decides.
    Checker,
    /// The problem's interactor plays the case with the solution and decides (every case of a
    /// problem whose problem.toml says `interactive = true`; not written in TOML).
    Interactor,
}

impl CompareMode {
    /// Whether a case judged this way goes through the checker, when the problem's plan has
    /// one (`has_checker`): a checker case always; an interactive case when the problem has a
    /// checker (it judges the interactor's output). The one place this rule is written.
    pub(crate) fn judged_by_checker(self, has_checker: bool) -> bool {
        self == CompareMode::Checker || (self == CompareMode::Interactor && has_checker)
    }
}

/// The tolerances of `float`: `|actual - expected| <= abs` or `<= rel * |expected|`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    #[serde(default)]
    pub abs: f64,
    #[serde(default)]
    pub rel: f64,
}

const EXPECTED: &str = "\"lines\", \"exact\", \"tokens\", \"checker\", \
                        { float = { abs = 1e-6, rel = 1e-6 } } or { kattis = \"FLAGS\" }";

impl<'de> Deserialize<'de> for CompareMode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ModeVisitor;
        impl<'de> Visitor<'de> for ModeVisitor {
            type Value = CompareMode;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(EXPECTED)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CompareMode, E> {
                match v {
                    "lines" => Ok(CompareMode::Lines),
                    "exact" => Ok(CompareMode::Exact),
                    "tokens" => Ok(CompareMode::Tokens),
                    "checker" => Ok(CompareMode::Checker),
                    "float" => Err(E::custom(
                        "`float` needs its tolerances: compare = { float = { abs = 1e-6, rel = 1e-6 } }",
                    )),
                    other => Err(E::custom(format!(
                        "unknown compare mode `{other}`, expected {EXPECTED}"
                    ))),
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CompareMode, A::Error> {
                let Some(key) = map.next_key::<String>()? else {
                    return Err(de::Error::custom(format!(
                        "empty table, expected {EXPECTED}"
                    )));
                };
                if key == "kattis" {
                    let flags: String = map.next_value()?;
                    if map.next_key::<String>()?.is_some() {
                        return Err(de::Error::custom(
                            "compare = { kattis = \"…\" } takes nothing beside `kattis`",
                        ));
                    }
                    return KattisFlags::parse(&flags)
                        .map(CompareMode::Kattis)
                        .map_err(de::Error::custom);
                }
                if key != "float" {
                    return Err(de::Error::custom(format!(
                        "unknown compare mode `{key}`, expected {EXPECTED}"
                    )));
                }
                let tol: Tolerance = map.next_value()?;
                if map.next_key::<String>()?.is_some() {
                    return Err(de::Error::custom(
                        "compare = { float = { … } } takes nothing beside `float`",
                    ));
                }
                for (name, v) in [("abs", tol.abs), ("rel", tol.rel)] {
                    if !(v.is_finite() && v >= 0.0) {
                        return Err(de::Error::custom(format!(
                            "float tolerance `{name}` must be a finite number >= 0, not {v}"
                        )));
                    }
                }
                Ok(CompareMode::Float(tol))
            }
        }
        d.deserialize_any(ModeVisitor)
    }
}

/// Judges `actual` against `expected`: AC, PE (same tokens, different layout) or WA.
///
/// `checker` cannot be judged without its program: it gives [`Verdict::CheckerFailed`] here, and
/// the caller judges such cases with [`crate::checker`] instead.
pub(crate) fn compare(mode: CompareMode, expected: &[u8], actual: &[u8]) -> Verdict {
    let same = match mode {
        CompareMode::Exact => expected == actual,
        CompareMode::Lines => normalized_lines(expected).eq(normalized_lines(actual)),
        CompareMode::Tokens => tokens(expected).eq(tokens(actual)),
        CompareMode::Float(tol) => {
            return if float_tokens_match(tol, expected, actual) {
                Verdict::Accepted
            } else {
                Verdict::WrongAnswer
            }
        }
        CompareMode::Kattis(flags) => return flags.judge(expected, actual),
        CompareMode::Checker | CompareMode::Interactor => return Verdict::CheckerFailed,
    };
    if same {
        Verdict::Accepted
    } else if tokens(expected).eq(tokens(actual)) {
        Verdict::PresentationError
    } else {
        Verdict::WrongAnswer
    }
}

/// Whether every token of `actual` matches its token of `expected` under `tol` (and the counts
/// are equal).
fn float_tokens_match(tol: Tolerance, expected: &[u8], actual: &[u8]) -> bool {
    let mut e = tokens(expected);
    let mut a = tokens(actual);
    loop {
        match (e.next(), a.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if float_token_matches(tol, x, y) => {}
            _ => return false,
        }
    }
}

/// One token of `float`: equal bytes, or two numbers within tolerance. NaN matches only NaN and
/// an infinity only the same infinity.
pub(crate) fn float_token_matches(tol: Tolerance, expected: &[u8], actual: &[u8]) -> bool {
    if expected == actual {
        return true;
    }
    let (Some(e), Some(a)) = (number(expected), number(actual)) else {
        return false;
    };
    if e.is_nan() || a.is_nan() {
        return e.is_nan() && a.is_nan();
    }
    if e.is_infinite() || a.is_infinite() {
        return e == a;
    }
    let diff = (a - e).abs();
    diff <= tol.abs || diff <= tol.rel * e.abs()
}

/// A token as a number, if it is one (`12`, `-0.5`, `1e-9`, `inf`, `nan`).
fn number(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse::<f64>().ok()
}

/// Whitespace as the judges count it ([`crate::kattis_compare::is_space`]).
pub(crate) use crate::kattis_compare::is_space;

/// The whitespace-separated tokens of `s`.
pub(crate) fn tokens(s: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
    s.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// The lines of `s` as the `lines` mode sees them: split at LF, trailing CR, spaces and tabs
/// removed, trailing empty lines dropped.
pub(crate) fn normalized_lines(s: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
    let lines: Vec<&[u8]> = s
        .split(|&b| b == b'\n')
        .map(|l| {
            let end = l
                .iter()
                .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
                .map_or(0, |i| i + 1);
            &l[..end]
        })
        .collect();
    let keep = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    lines.into_iter().take(keep)
}

/// Where two outputs first differ, for the one-line summary of a WA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FirstDifference {
    /// 1-based line of the expected output the token stands on (of the actual output, past
    /// the end of the expected one).
    pub line: usize,
    /// 1-based index of the token within that line.
    pub token: usize,
    pub expected: Option<Vec<u8>>,
    pub actual: Option<Vec<u8>>,
}

/// The first token that differs, with the line it stands on in the expected output.
pub(crate) fn first_difference(expected: &[u8], actual: &[u8]) -> Option<FirstDifference> {
    first_difference_by(expected, actual, |e, a| e == a)
}

/// The first token `float` with `tol` does not match (a number out of tolerance, another token
/// not the same, one output ending first), with the line it stands on.
pub(crate) fn first_float_difference(
    tol: Tolerance,
    expected: &[u8],
    actual: &[u8],
) -> Option<FirstDifference> {
    first_difference_by(expected, actual, |e, a| float_token_matches(tol, e, a))
}

/// How far apart two numeric tokens are: `(|a - e|, |a - e| / |e|)` (the relative error is
/// infinite where `e` is 0 and they differ); `None` unless both are finite numbers.
pub(crate) fn error_of(expected: &[u8], actual: &[u8]) -> Option<(f64, f64)> {
    let (e, a) = (number(expected)?, number(actual)?);
    if !(e.is_finite() && a.is_finite()) {
        return None;
    }
    let abs = (a - e).abs();
    let rel = if abs == 0.0 { 0.0 } else { abs / e.abs() };
    Some((abs, rel))
}

/// Where a WA is one of digits alone in an output of reals: the same number of tokens, every
/// token that differs a pair of finite numbers, and the expected output holding a real (a
/// number written with a `.` or an exponent) — the largest absolute and relative errors found.
/// `None` for any other difference.
pub(crate) fn reals_apart(expected: &[u8], actual: &[u8]) -> Option<(f64, f64)> {
    let real = |t: &[u8]| t.iter().any(|&b| matches!(b, b'.' | b'e' | b'E')) && number(t).is_some();
    let (mut e, mut a) = (tokens(expected), tokens(actual));
    let (mut holds_real, mut worst) = (false, (0.0f64, 0.0f64));
    loop {
        match (e.next(), a.next()) {
            (None, None) => break,
            (Some(x), Some(y)) => {
                holds_real |= real(x);
                if x != y {
                    let (abs, rel) = error_of(x, y)?;
                    worst = (worst.0.max(abs), worst.1.max(rel));
                }
            }
            _ => return None,
        }
    }
    holds_real.then_some(worst)
}

/// The first pair of tokens `same` does not accept, with the line it stands on in the expected
/// output.
fn first_difference_by(
    expected: &[u8],
    actual: &[u8],
    same: impl Fn(&[u8], &[u8]) -> bool,
) -> Option<FirstDifference> {
    // Each token with its line and its place in that line, both 1-based.
    let with_lines = |s: &[u8]| -> Vec<(usize, usize, Vec<u8>)> {
        s.split(|&b| b == b'\n')
            .enumerate()
            .flat_map(|(i, l)| {
                tokens(l)
                    .enumerate()
                    .map(move |(j, t)| (i + 1, j + 1, t.to_vec()))
            })
            .collect()
    };
    let e = with_lines(expected);
    let a = with_lines(actual);
    let n = e.len().max(a.len());
    (0..n).find_map(|i| {
        let (et, at) = (e.get(i), a.get(i));
        let (line, token) = et.or(at).map_or((1, 1), |&(line, token, _)| (line, token));
        let differ = match (et, at) {
            (Some(x), Some(y)) => !same(&x.2, &y.2),
            _ => true,
        };
        differ.then(|| FirstDifference {
            line,
            token,
            expected: et.map(|t| t.2.clone()),
            actual: at.map(|t| t.2.clone()),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    #[test]
    fn lines_mode_forgives_what_judges_forgive() {
        let m = CompareMode::Lines;
        assert_eq!(compare(m, b"Kiki\nCici\n", b"Kiki\nCici\n"), Accepted);
        assert_eq!(compare(m, b"Kiki\nCici\n", b"Kiki\r\nCici\r\n"), Accepted);
        assert_eq!(
            compare(m, b"Kiki\nCici\n", b"Kiki  \nCici\t\n\n\n"),
            Accepted
        );
        assert_eq!(compare(m, b"Kiki\nCici\n", b"Kiki\nCici"), Accepted);
    }

    #[test]
    fn lines_mode_flags_layout_as_pe() {
        let m = CompareMode::Lines;
        assert_eq!(
            compare(m, b"Kiki\nCici\n", b"Kiki Cici\n"),
            PresentationError
        );
        assert_eq!(
            compare(m, b"Kiki\nCici\n", b"\nKiki\nCici\n"),
            PresentationError
        );
        assert_eq!(
            compare(m, b"Case 1: Yes\n", b"Case 1:  Yes\n"),
            PresentationError
        );
        assert_eq!(compare(m, b"a\nb\n", b"a\n\nb\n"), PresentationError);
    }

    #[test]
    fn different_tokens_are_wa() {
        for m in [
            CompareMode::Lines,
            CompareMode::Exact,
            CompareMode::Tokens,
            float(0.0, 0.0),
        ] {
            assert_eq!(compare(m, b"Kiki\nCici\n", b"Cici\nKiki\n"), WrongAnswer);
            assert_eq!(compare(m, b"Kiki\nCici\n", b"Kiki\n"), WrongAnswer);
            assert_eq!(compare(m, b"Kiki\n", b""), WrongAnswer);
            assert_eq!(compare(m, b"1\n", b"1\n\xff\n"), WrongAnswer);
        }
    }

    #[test]
    fn reals_apart_by_digits_alone_are_told_from_other_differences() {
        // ABC168 C: %.20f against %.10f, and a real answer off in its last digits.
        assert_eq!(
            reals_apart(b"5.00000000000000000000\n", b"5.0000000000\n"),
            Some((0.0, 0.0))
        );
        let (abs, rel) = reals_apart(b"2 2.5\n", b"2 2.50002\n").unwrap();
        assert!(
            (abs - 2e-5).abs() < 1e-12 && (rel - 8e-6).abs() < 1e-12,
            "{abs} {rel}"
        );
        // Integers only, a word, a missing token: not reals apart.
        assert_eq!(reals_apart(b"3\n", b"4\n"), None);
        assert_eq!(reals_apart(b"1.5 Yes\n", b"1.5 No\n"), None);
        assert_eq!(reals_apart(b"1.5 2.5\n", b"1.5\n"), None);
        assert_eq!(reals_apart(b"1.5\n", b"nan\n"), None);
    }

    #[test]
    fn the_first_float_difference_is_the_first_out_of_tolerance() {
        let tol = Tolerance {
            abs: 1e-6,
            rel: 0.0,
        };
        // The first token differs in bytes but is within the tolerance: the second is named.
        let d = first_float_difference(tol, b"1.0\n2.0 3.0\n", b"1.0000001\n2.0 3.1\n").unwrap();
        assert_eq!((d.line, d.token), (2, 2));
        assert_eq!(d.actual.as_deref(), Some(&b"3.1"[..]));
        assert_eq!(first_float_difference(tol, b"1.0\n", b"1.0000001\n"), None);
    }

    #[test]
    fn exact_mode_is_byte_for_byte() {
        let m = CompareMode::Exact;
        assert_eq!(compare(m, b"1\n", b"1\n"), Accepted);
        assert_eq!(compare(m, b"1\n", b"1"), PresentationError);
        assert_eq!(compare(m, b"1\n", b"1\r\n"), PresentationError);
    }

    #[test]
    fn tokens_mode_ignores_layout() {
        let m = CompareMode::Tokens;
        assert_eq!(compare(m, b"1 2\n3\n", b"1\n2 3"), Accepted);
        assert_eq!(compare(m, b"1 2\n", b"12\n"), WrongAnswer);
    }

    #[test]
    fn non_utf8_output_is_compared_as_bytes() {
        assert_eq!(
            compare(CompareMode::Lines, b"\xff\xfe\n", b"\xff\xfe\n"),
            Accepted
        );
        assert_eq!(
            compare(CompareMode::Lines, b"\xff\n", b"\xfe\n"),
            WrongAnswer
        );
    }

    fn float(abs: f64, rel: f64) -> CompareMode {
        CompareMode::Float(Tolerance { abs, rel })
    }

    #[test]
    fn float_absolute_tolerance() {
        let m = float(1e-6, 0.0);
        assert_eq!(compare(m, b"0.5\n", b"0.5000009\n"), Accepted);
        assert_eq!(compare(m, b"0.5\n", b"0.4999991"), Accepted);
        assert_eq!(compare(m, b"0.5\n", b"0.500002\n"), WrongAnswer);
        // Absolute only: a large number off by a tiny relative amount is still wrong.
        assert_eq!(compare(m, b"1000000\n", b"1000000.01\n"), WrongAnswer);
        // Layout is free, as in `tokens`.
        assert_eq!(compare(m, b"1.0 2.0\n", b"1\n2\n"), Accepted);
    }

    #[test]
    fn float_relative_tolerance() {
        let m = float(0.0, 1e-6);
        assert_eq!(compare(m, b"1000000\n", b"1000000.9\n"), Accepted);
        assert_eq!(compare(m, b"1000000\n", b"1000001.1\n"), WrongAnswer);
        // Relative to the expected value: near zero, nothing but zero is close enough.
        assert_eq!(compare(m, b"0\n", b"0.0000001\n"), WrongAnswer);
        assert_eq!(compare(m, b"0\n", b"-0.0\n"), Accepted);
        assert_eq!(compare(m, b"-2e3\n", b"-2000.001\n"), Accepted);
    }

    #[test]
    fn float_either_tolerance_is_enough() {
        let m = float(1e-3, 1e-3);
        assert_eq!(compare(m, b"0.0001\n", b"0.0009\n"), Accepted); // abs
        assert_eq!(compare(m, b"5000\n", b"5004\n"), Accepted); // rel
        assert_eq!(compare(m, b"5000\n", b"5006\n"), WrongAnswer);
        assert_eq!(compare(m, b"0.5\n", b"0.5011\n"), WrongAnswer);
    }

    #[test]
    fn float_nan_and_infinities() {
        let m = float(1e-6, 1e-6);
        assert_eq!(compare(m, b"nan\n", b"NaN\n"), Accepted);
        assert_eq!(compare(m, b"nan\n", b"0\n"), WrongAnswer);
        assert_eq!(compare(m, b"0\n", b"nan\n"), WrongAnswer);
        assert_eq!(compare(m, b"inf\n", b"inf\n"), Accepted);
        assert_eq!(compare(m, b"inf\n", b"infinity\n"), Accepted);
        assert_eq!(compare(m, b"inf\n", b"-inf\n"), WrongAnswer);
        assert_eq!(compare(m, b"inf\n", b"1e308\n"), WrongAnswer);
        assert_eq!(compare(m, b"1e308\n", b"inf\n"), WrongAnswer);
    }

    #[test]
    fn float_token_count_must_match() {
        let m = float(1.0, 1.0);
        assert_eq!(compare(m, b"1 2\n", b"1\n"), WrongAnswer);
        assert_eq!(compare(m, b"1\n", b"1 2\n"), WrongAnswer);
        assert_eq!(compare(m, b"1\n", b""), WrongAnswer);
        assert_eq!(compare(m, b"", b""), Accepted);
    }

    #[test]
    fn float_words_compare_exactly() {
        let m = float(1e-6, 1e-6);
        assert_eq!(
            compare(m, b"Case 1: 0.5\n", b"Case 1: 0.5000001\n"),
            Accepted
        );
        assert_eq!(compare(m, b"Case 1: 0.5\n", b"case 1: 0.5\n"), WrongAnswer);
        assert_eq!(compare(m, b"Yes\n", b"1\n"), WrongAnswer);
        assert_eq!(compare(m, b"1\n", b"one\n"), WrongAnswer);
        assert_eq!(compare(m, b"\xff\n", b"\xff\n"), Accepted);
        assert_eq!(compare(m, b"\xff\n", b"\xfe\n"), WrongAnswer);
    }

    #[test]
    fn compare_modes_read_from_toml() {
        #[derive(Deserialize, Debug)]
        struct T {
            compare: CompareMode,
        }
        let parse = |s: &str| toml::from_str::<T>(s).map(|t| t.compare);
        assert_eq!(parse("compare = \"tokens\"").unwrap(), CompareMode::Tokens);
        assert_eq!(
            parse("compare = \"checker\"").unwrap(),
            CompareMode::Checker
        );
        assert_eq!(
            parse("compare = { float = { abs = 1e-6, rel = 1e-9 } }").unwrap(),
            float(1e-6, 1e-9)
        );
        assert_eq!(
            parse("compare = { float = { rel = 1e-9 } }").unwrap(),
            float(0.0, 1e-9)
        );
        let e = parse("compare = \"float\"").unwrap_err().to_string();
        assert!(e.contains("`float` needs its tolerances"), "{e}");
        let e = parse("compare = \"fuzzy\"").unwrap_err().to_string();
        assert!(e.contains("unknown compare mode `fuzzy`"), "{e}");
        let e = parse("compare = { float = { abs = -1.0 } }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("must be a finite number >= 0"), "{e}");
        let e = parse("compare = { float = { ab = 1.0 } }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `ab`"), "{e}");
        assert!(parse("compare = 3").is_err());
    }

    #[test]
    fn checker_mode_cannot_be_judged_without_its_program() {
        assert_eq!(compare(CompareMode::Checker, b"1\n", b"1\n"), CheckerFailed);
    }

    #[test]
    fn first_difference_names_line_and_tokens() {
        let d = first_difference(b"Kiki\nCici\nKiki\n", b"Kiki\nKiki\nKiki\n").unwrap();
        assert_eq!(d.line, 2);
        // The first token of line 2 (the second of the output).
        assert_eq!(d.token, 1);
        assert_eq!(d.expected.as_deref(), Some(&b"Cici"[..]));
        assert_eq!(d.actual.as_deref(), Some(&b"Kiki"[..]));
        let short = first_difference(b"a\nb\n", b"a\n").unwrap();
        assert_eq!((short.line, short.actual), (2, None));
        assert_eq!(first_difference(b"a b\n", b"a\nb"), None);
    }
}
