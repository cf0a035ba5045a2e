//! Comparing a program's output with the expected output. Outputs are bytes, never assumed UTF-8.

use serde::Deserialize;

use crate::verdict::Verdict;

/// How output is compared with the expected output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CompareMode {
    /// Line by line, as most judges do: CRLF equals LF, trailing spaces and tabs at the end of a
    /// line and trailing blank lines are ignored. Other whitespace differences are PE.
    #[default]
    Lines,
    /// Byte for byte. Any difference in whitespace alone is PE.
    Exact,
    /// Whitespace-separated tokens; layout is free.
    Tokens,
}

impl CompareMode {
    pub fn as_str(self) -> &'static str {
        match self {
            CompareMode::Lines => "lines",
            CompareMode::Exact => "exact",
            CompareMode::Tokens => "tokens",
        }
    }
}

/// Judges `actual` against `expected`: AC, PE (same tokens, different layout) or WA.
pub fn compare(mode: CompareMode, expected: &[u8], actual: &[u8]) -> Verdict {
    let same = match mode {
        CompareMode::Exact => expected == actual,
        CompareMode::Lines => normalized_lines(expected).eq(normalized_lines(actual)),
        CompareMode::Tokens => tokens(expected).eq(tokens(actual)),
    };
    if same {
        Verdict::Accepted
    } else if tokens(expected).eq(tokens(actual)) {
        Verdict::PresentationError
    } else {
        Verdict::WrongAnswer
    }
}

/// Whitespace as the judges count it: ASCII space, tab, CR, LF, vertical tab, form feed.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// The whitespace-separated tokens of `s`.
pub fn tokens(s: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
    s.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// The lines of `s` as the `lines` mode sees them: split at LF, trailing CR, spaces and tabs
/// removed, trailing empty lines dropped.
pub fn normalized_lines(s: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
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
pub struct FirstDifference {
    /// 1-based line of the actual output (for token mode, of the expected output).
    pub line: usize,
    /// 1-based token index overall.
    pub token: usize,
    pub expected: Option<Vec<u8>>,
    pub actual: Option<Vec<u8>>,
}

/// The first token that differs, with the line it stands on in the expected output.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<FirstDifference> {
    let with_lines = |s: &[u8]| -> Vec<(usize, Vec<u8>)> {
        s.split(|&b| b == b'\n')
            .enumerate()
            .flat_map(|(i, l)| tokens(l).map(move |t| (i + 1, t.to_vec())))
            .collect()
    };
    let e = with_lines(expected);
    let a = with_lines(actual);
    let n = e.len().max(a.len());
    (0..n).find_map(|i| {
        let (el, et) = e
            .get(i)
            .map(|(l, t)| (Some(*l), Some(t)))
            .unwrap_or((None, None));
        let (al, at) = a
            .get(i)
            .map(|(l, t)| (Some(*l), Some(t)))
            .unwrap_or((None, None));
        (et != at).then(|| FirstDifference {
            line: el.or(al).unwrap_or(1),
            token: i + 1,
            expected: et.cloned(),
            actual: at.cloned(),
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
        for m in [CompareMode::Lines, CompareMode::Exact, CompareMode::Tokens] {
            assert_eq!(compare(m, b"Kiki\nCici\n", b"Cici\nKiki\n"), WrongAnswer);
            assert_eq!(compare(m, b"Kiki\nCici\n", b"Kiki\n"), WrongAnswer);
            assert_eq!(compare(m, b"Kiki\n", b""), WrongAnswer);
            assert_eq!(compare(m, b"1\n", b"1\n\xff\n"), WrongAnswer);
        }
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

    #[test]
    fn first_difference_names_line_and_tokens() {
        let d = first_difference(b"Kiki\nCici\nKiki\n", b"Kiki\nKiki\nKiki\n").unwrap();
        assert_eq!(d.line, 2);
        assert_eq!(d.token, 2);
        assert_eq!(d.expected.as_deref(), Some(&b"Cici"[..]));
        assert_eq!(d.actual.as_deref(), Some(&b"Kiki"[..]));
        let short = first_difference(b"a\nb\n", b"a\n").unwrap();
        assert_eq!((short.line, short.actual), (2, None));
        assert_eq!(first_difference(b"a b\n", b"a\nb"), None);
    }
}
