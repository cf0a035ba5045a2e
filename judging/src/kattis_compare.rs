//! The Kattis / ICPC default output validator (`compare = { kattis = "FLAGS" }`), as the problem
//! package format defines it and problemtools' `default_validator` implements it:
//!
//! - the output and the answer are sequences of tokens separated by whitespace (C's `isspace`:
//!   space, tab, LF, CR, vertical tab, form feed); any run of whitespace equals any other
//!   unless `space_change_sensitive`, and then each run must be the answer's, byte for byte
//!   (leading and trailing runs included);
//! - tokens are compared case-insensitively (ASCII letters, as `strcasecmp`) unless
//!   `case_sensitive`;
//! - with a float tolerance (`float_absolute_tolerance E`, `float_relative_tolerance E`, or
//!   `float_tolerance E` for both), an answer token that is a finite number (C's `strtod`
//!   reading the whole token: `12`, `-.5`, `1e-9`, `0x1p-3`) wants a finite number, accepted
//!   when `|answer − output| ≤ abs` or `≤ rel · |answer|`; any other answer token is compared as
//!   text.
//!
//! A rejected output is WA; under `space_change_sensitive`, one whose tokens the validator
//! would accept with the whitespace free is reported as PE (the runner's word for it; Kattis
//! says WA, and a `wrong_answer` submission may get either).

use crate::verdict::Verdict;

/// Whitespace as the judges count it: ASCII space, tab, CR, LF, vertical tab, form feed.
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// The default validator's flags.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KattisFlags {
    /// Letters compare with their case (`case_sensitive`).
    pub case_sensitive: bool,
    /// Whitespace compares exactly, not as any run of it (`space_change_sensitive`).
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance` (or `float_tolerance`).
    pub abs: Option<f64>,
    /// `float_relative_tolerance` (or `float_tolerance`).
    pub rel: Option<f64>,
}

impl KattisFlags {
    /// The flags from their text (`validator_flags`' words, whitespace-separated). A flag the
    /// default validator does not know, or a tolerance that is not a number ≥ 0: `Err`, as
    /// problemtools refuses them (a judge error).
    pub fn parse(text: &str) -> Result<KattisFlags, String> {
        Self::from_words(text.split_whitespace())
    }

    /// The flags from their words.
    pub fn from_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let mut f = KattisFlags::default();
        let mut it = words.into_iter();
        while let Some(w) = it.next() {
            let mut value = || -> Result<f64, String> {
                let v = it.next().ok_or_else(|| {
                    format!("default validator flag `{w}` needs a number after it")
                })?;
                match c_float(v.as_bytes()) {
                    Some(x) if x >= 0.0 => Ok(x),
                    _ => Err(format!(
                        "default validator flag `{w}`: `{v}` is not a finite number >= 0"
                    )),
                }
            };
            match w {
                "case_sensitive" => f.case_sensitive = true,
                "space_change_sensitive" => f.space_change_sensitive = true,
                "float_absolute_tolerance" => f.abs = Some(value()?),
                "float_relative_tolerance" => f.rel = Some(value()?),
                "float_tolerance" => {
                    let v = value()?;
                    f.abs = Some(v);
                    f.rel = Some(v);
                }
                other => {
                    return Err(format!(
                        "`{other}` is not a flag of the default validator (case_sensitive, \
                         space_change_sensitive, float_tolerance E, float_absolute_tolerance E, \
                         float_relative_tolerance E)"
                    ))
                }
            }
        }
        Ok(f)
    }

    /// The flags as their text, in one order (what `parse` reads back).
    pub fn words(&self) -> String {
        let mut w: Vec<String> = Vec::new();
        if self.case_sensitive {
            w.push("case_sensitive".into());
        }
        if self.space_change_sensitive {
            w.push("space_change_sensitive".into());
        }
        if let Some(a) = self.abs {
            w.push(format!("float_absolute_tolerance {a:e}"));
        }
        if let Some(r) = self.rel {
            w.push(format!("float_relative_tolerance {r:e}"));
        }
        w.join(" ")
    }

    /// The verdict of `actual` against the answer `expected`.
    pub fn judge(&self, expected: &[u8], actual: &[u8]) -> Verdict {
        let spaces_free = KattisFlags {
            space_change_sensitive: false,
            ..*self
        };
        if self.accepts(expected, actual) {
            Verdict::Accepted
        } else if self.space_change_sensitive && spaces_free.accepts(expected, actual) {
            Verdict::PresentationError
        } else {
            Verdict::WrongAnswer
        }
    }

    fn accepts(&self, expected: &[u8], actual: &[u8]) -> bool {
        let (e, a) = (runs(expected), runs(actual));
        if self.space_change_sensitive {
            // The same alternation of whitespace and tokens, each whitespace run the answer's.
            return e.len() == a.len()
                && e.iter().zip(&a).all(|(x, y)| match (x, y) {
                    (Run::Space(x), Run::Space(y)) => x == y,
                    (Run::Token(x), Run::Token(y)) => self.token_matches(x, y),
                    _ => false,
                });
        }
        let (e, a) = (tokens_of(&e), tokens_of(&a));
        e.len() == a.len() && e.iter().zip(&a).all(|(x, y)| self.token_matches(x, y))
    }

    /// Whether the output's token `actual` matches the answer's `expected` (case and the float
    /// tolerances as the flags say).
    pub(crate) fn token_matches(&self, expected: &[u8], actual: &[u8]) -> bool {
        if self.abs.is_some() || self.rel.is_some() {
            if let Some(j) = c_float(expected) {
                let Some(t) = c_float(actual) else {
                    return false;
                };
                let diff = (j - t).abs();
                return self.abs.is_some_and(|a| diff <= a)
                    || self.rel.is_some_and(|r| diff <= r * j.abs());
            }
        }
        if self.case_sensitive {
            expected == actual
        } else {
            expected.eq_ignore_ascii_case(actual)
        }
    }
}

fn tokens_of<'a>(runs: &[Run<'a>]) -> Vec<&'a [u8]> {
    runs.iter()
        .filter_map(|t| match t {
            Run::Token(t) => Some(*t),
            Run::Space(_) => None,
        })
        .collect()
}

/// A maximal run of whitespace, or a token.
#[derive(Debug, PartialEq)]
enum Run<'a> {
    Space(&'a [u8]),
    Token(&'a [u8]),
}

fn runs(s: &[u8]) -> Vec<Run<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let space = is_space(s[i]);
        let len = s[i..]
            .iter()
            .position(|&b| is_space(b) != space)
            .unwrap_or(s.len() - i);
        let run = &s[i..i + len];
        out.push(if space {
            Run::Space(run)
        } else {
            Run::Token(run)
        });
        i += len;
    }
    out
}

/// `token` as C's `sscanf("%lf")` reads it when it is the whole token and finite (what the
/// default validator calls a float): decimal (`12`, `+1.`, `-.5`, `1e-9`) or hexadecimal
/// (`0x1A`, `0x1.8p3`); `inf`, `nan`, an overflow to infinity or trailing bytes are none.
pub(crate) fn c_float(token: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(token).ok()?;
    let (sign, body) = match s.as_bytes().first()? {
        b'-' => (-1.0, &s[1..]),
        b'+' => (1.0, &s[1..]),
        _ => (1.0, s),
    };
    let v = if let Some(hex) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
        hex_float(hex)?
    } else {
        // Rust's grammar is C's decimal one, but for the words C also takes (inf, nan), which
        // are no float here either way, and a sign, taken above.
        if !body.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return None;
        }
        body.parse::<f64>().ok()?
    };
    v.is_finite().then_some(sign * v)
}

/// A C hexadecimal float after its `0x`: hex digits with an optional point, then an optional
/// binary exponent `p±N`.
fn hex_float(s: &str) -> Option<f64> {
    let (mantissa, exp) = match s.find(['p', 'P']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut v = 0.0f64;
    for c in int.chars() {
        v = v * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac.chars() {
        v += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(v * 2f64.powi(exp))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    fn flags(s: &str) -> KattisFlags {
        KattisFlags::parse(s).expect("flags")
    }

    // Each test is a sentence of the format's definition of the default validator
    // (problem package format, "Default Output Validator Specification"), not a run of ours.

    #[test]
    fn comparisons_are_case_insensitive_unless_case_sensitive() {
        assert_eq!(flags("").judge(b"no\n", b"NO\n"), Accepted);
        assert_eq!(flags("").judge(b"Yes\n", b"yES\n"), Accepted);
        assert_eq!(flags("case_sensitive").judge(b"no\n", b"NO\n"), WrongAnswer);
        assert_eq!(flags("case_sensitive").judge(b"no\n", b"no\n"), Accepted);
        // Only ASCII letters fold, as strcasecmp does in the C locale.
        assert_eq!(
            flags("").judge("é\n".as_bytes(), "É\n".as_bytes()),
            WrongAnswer
        );
    }

    #[test]
    fn any_whitespace_equals_any_other_unless_space_change_sensitive() {
        let f = flags("");
        assert_eq!(f.judge(b"1 2\n3\n", b"  1\n\n2\t3"), Accepted);
        assert_eq!(f.judge(b"1 2\n", b"1 2\r\n\r\n"), Accepted);
        assert_eq!(f.judge(b"1 2\n", b"12\n"), WrongAnswer);
        assert_eq!(f.judge(b"1 2\n", b"1 2 3\n"), WrongAnswer);
        assert_eq!(f.judge(b"1 2\n", b"1\n"), WrongAnswer);
        let s = flags("space_change_sensitive");
        assert_eq!(s.judge(b"1 2\n", b"1 2\n"), Accepted);
        // A change in the amount of whitespace is rejected, at the end too.
        assert_eq!(s.judge(b"1 2\n", b"1  2\n"), PresentationError);
        assert_eq!(s.judge(b"1 2\n", b"1 2"), PresentationError);
        assert_eq!(s.judge(b"1 2\n", b"1 2\n\n"), PresentationError);
        assert_eq!(s.judge(b"1 2\n", b" 1 2\n"), PresentationError);
        assert_eq!(s.judge(b"1 2\n", b"1\n2\n"), PresentationError);
        assert_eq!(s.judge(b"1 2\n", b"1 3\n"), WrongAnswer);
        // Still case-insensitive.
        assert_eq!(s.judge(b"a B\n", b"A b\n"), Accepted);
    }

    #[test]
    fn float_tolerances_accept_within_absolute_or_relative_error() {
        let abs = flags("float_absolute_tolerance 1e-6");
        assert_eq!(abs.judge(b"1.0\n", b"1.0000009\n"), Accepted);
        assert_eq!(abs.judge(b"1.0\n", b"1.0000011\n"), WrongAnswer);
        assert_eq!(abs.judge(b"1000000\n", b"1000000.5\n"), WrongAnswer);
        let rel = flags("float_relative_tolerance 1e-6");
        assert_eq!(rel.judge(b"1000000\n", b"1000000.5\n"), Accepted);
        assert_eq!(rel.judge(b"1000000\n", b"1000001.5\n"), WrongAnswer);
        assert_eq!(rel.judge(b"0\n", b"1e-300\n"), WrongAnswer);
        // float_tolerance is both: either suffices.
        let both = flags("float_tolerance 1e-6");
        assert_eq!(both.judge(b"0\n", b"0.0000005\n"), Accepted);
        assert_eq!(both.judge(b"1000000\n", b"1000000.5\n"), Accepted);
        // Forms of one number: integer or float, exponent, sign, a point alone.
        assert_eq!(both.judge(b"2\n", b"2.0000000001\n"), Accepted);
        assert_eq!(both.judge(b"0.5\n", b"+5e-1\n"), Accepted);
        assert_eq!(both.judge(b"0.5\n", b".5\n"), Accepted);
        assert_eq!(both.judge(b"2\n", b"2.\n"), Accepted);
        assert_eq!(both.judge(b"8\n", b"0x1p3\n"), Accepted);
    }

    #[test]
    fn a_number_in_the_answer_wants_a_number() {
        let f = flags("float_tolerance 1e-6");
        assert_eq!(f.judge(b"1.5\n", b"abc\n"), WrongAnswer);
        assert_eq!(f.judge(b"1.5\n", b"1.5x\n"), WrongAnswer);
        assert_eq!(f.judge(b"1.5\n", b"nan\n"), WrongAnswer);
        assert_eq!(f.judge(b"1.5\n", b"inf\n"), WrongAnswer);
        // A token of the answer that is no number is text, case-insensitive by default.
        assert_eq!(f.judge(b"Impossible\n", b"IMPOSSIBLE\n"), Accepted);
        assert_eq!(
            flags("case_sensitive float_tolerance 1e-6").judge(b"Impossible\n", b"IMPOSSIBLE\n"),
            WrongAnswer
        );
        // Without a tolerance, numbers are text: 1.0 is not 1.
        assert_eq!(flags("").judge(b"1\n", b"1.0\n"), WrongAnswer);
    }

    #[test]
    fn unknown_flags_and_bad_tolerances_are_refused() {
        assert!(KattisFlags::parse("case_insensitive").is_err());
        assert!(KattisFlags::parse("float_tolerance").is_err());
        assert!(KattisFlags::parse("float_tolerance x").is_err());
        assert!(KattisFlags::parse("float_tolerance -1").is_err());
        let f = flags("space_change_sensitive case_sensitive float_relative_tolerance 1e-5");
        assert_eq!(
            f.words(),
            "case_sensitive space_change_sensitive float_relative_tolerance 1e-5"
        );
        assert_eq!(KattisFlags::parse(&f.words()), Ok(f));
        assert_eq!(
            flags("float_tolerance 0.001").words(),
            "float_absolute_tolerance 1e-3 float_relative_tolerance 1e-3"
        );
    }

    #[test]
    fn c_floats_are_what_strtod_reads_whole() {
        for (t, v) in [
            ("12", 12.0),
            ("-0.5", -0.5),
            ("1e-9", 1e-9),
            ("1E3", 1e3),
            ("0x1A", 26.0),
            ("0x1.8p1", 3.0),
        ] {
            assert_eq!(c_float(t.as_bytes()), Some(v), "{t}");
        }
        for t in [
            "", "-", "e5", "1e", "1.5.2", "inf", "-nan", "1e999", "0x", "12abc",
        ] {
            assert_eq!(c_float(t.as_bytes()), None, "{t}");
        }
    }
}
