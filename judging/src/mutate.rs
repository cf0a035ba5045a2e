//! Mutants of a solution (`runner mutants`): small changes a programmer makes by mistake, each
//! one applied alone to the source, to see whether the problem's fixtures catch it.
//!
//! A lexer-level pass over Rust or C/C++ text: comments, string and character literals are
//! skipped (never mutated), and every operator and integer literal of the code is a site. A
//! full parser (syn for Rust) would know a `<` of a generic from a comparison; here such a
//! mutant does not compile and is counted as such, which costs a compile and nothing else, and
//! the same pass serves both languages.
//!
//! | operator | becomes |
//! |---|---|
//! | `<` `<=` `>` `>=` | `<=` `<` `>=` `>` (a bound off by one) |
//! | `==` `!=` | `!=` `==` (a condition negated) |
//! | `&&` `\|\|` | `\|\|` `&&` |
//! | `+` `-` `+=` `-=` `++` `--` | `-` `+` `-=` `+=` `--` `++` |
//! | `^` `\|` | `\|` `^` |
//! | `%` `/` | `/` `%` |
//! | `..` `..=` (Rust) | `..=` `..` (a loop bound off by one) |
//! | an integer literal n | n + 1, and n − 1 when n > 0 |

use sha2::{Digest, Sha256};

/// One mutant: where and what changed, and the whole mutated text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// A short digest of the mutated text: the mutant's name, stable while the source is.
    pub id: String,
    /// 1-based line of the change.
    pub line: usize,
    /// `line 12: `<` → `<=``.
    pub what: String,
    /// The whole mutated source.
    pub text: String,
}

/// The operator swaps, longest first (a longer operator is matched before its prefix).
const SWAPS: &[(&str, &str)] = &[
    ("..=", ".."),
    ("++", "--"),
    ("--", "++"),
    ("<<=", ""),
    (">>=", ""),
    ("<<", ""),
    (">>", ""),
    ("->", ""),
    ("=>", ""),
    ("::", ""),
    ("<=", "<"),
    (">=", ">"),
    ("==", "!="),
    ("!=", "=="),
    ("&&", "||"),
    ("||", "&&"),
    ("+=", "-="),
    ("-=", "+="),
    ("..", "..="),
    ("<", "<="),
    (">", ">="),
    ("+", "-"),
    ("-", "+"),
    ("^", "|"),
    ("|", "^"),
    ("%", "/"),
    ("/", "%"),
];

/// The mutation sites of `text`: (byte offset, length, replacement).
fn sites(text: &str, rust: bool) -> Vec<(usize, usize, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(body) = rest.strip_prefix("/*") {
            i += 2 + body.find("*/").map_or(body.len(), |e| e + 2);
        } else if rust && (rest.starts_with("r#") || rest.starts_with("r\"")) {
            i += raw_string(rest);
        } else if b[i] == b'"' {
            i += quoted(rest, b'"');
        } else if b[i] == b'\'' {
            i += char_literal(rest, rust);
        } else if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
        } else if b[i].is_ascii_digit() {
            i += number(text, i, &mut out);
        } else if let Some(&(op, to)) = SWAPS.iter().find(|(op, _)| rest.starts_with(op)) {
            let ok = !to.is_empty() && (rust || !op.starts_with(".."));
            if ok {
                out.push((i, op.len(), to.to_string()));
            }
            i += op.len();
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// The length of a Rust raw string at the start of `s` (`r"…"`, `r#"…"#`).
fn raw_string(s: &str) -> usize {
    let hashes = s[1..].bytes().take_while(|&c| c == b'#').count();
    let close = format!("\"{}", "#".repeat(hashes));
    let start = 1 + hashes + 1;
    s.get(start..)
        .and_then(|t| t.find(&close))
        .map_or(s.len(), |e| start + e + close.len())
}

/// The length of a quoted literal at the start of `s`, escapes included.
fn quoted(s: &str, q: u8) -> usize {
    let b = s.as_bytes();
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == q => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// A character literal (`'x'`, `'\n'`), or in Rust a lifetime (`'a`), at the start of `s`.
fn char_literal(s: &str, rust: bool) -> usize {
    let b = s.as_bytes();
    if b.len() > 2 && b[1] == b'\\' {
        return quoted(s, b'\'');
    }
    let first = s[1..].chars().next().map_or(0, char::len_utf8);
    if b.get(1 + first) == Some(&b'\'') {
        return 2 + first;
    }
    if rust {
        // A lifetime or a label: the quote alone.
        return 1;
    }
    quoted(s, b'\'')
}

/// An integer literal at `i`: its sites (n + 1, n − 1) and its length. Floats, suffixed or
/// hexadecimal literals and tuple indices are passed over.
fn number(text: &str, i: usize, out: &mut Vec<(usize, usize, String)>) -> usize {
    let b = text.as_bytes();
    let mut j = i;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
        j += 1;
    }
    let lit = &text[i..j];
    let float = b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit);
    let after_dot = i > 0 && b[i - 1] == b'.';
    if !float && !after_dot && lit.bytes().all(|c| c.is_ascii_digit()) {
        if let Ok(n) = lit.parse::<u64>() {
            out.push((i, lit.len(), (n + 1).to_string()));
            if n > 0 {
                out.push((i, lit.len(), (n - 1).to_string()));
            }
        }
    }
    j - i
}

/// Every mutant of `text` (Rust when `rust`, else C or C++), in the order of the source.
pub fn mutants(text: &str, rust: bool) -> Vec<Mutant> {
    sites(text, rust)
        .into_iter()
        .map(|(at, len, to)| {
            let mut m = String::with_capacity(text.len() + 2);
            m.push_str(&text[..at]);
            m.push_str(&to);
            m.push_str(&text[at + len..]);
            let line = text[..at].matches('\n').count() + 1;
            let d = Sha256::digest(m.as_bytes());
            Mutant {
                id: d.iter().take(4).map(|b| format!("{b:02x}")).collect(),
                line,
                what: format!("line {line}: `{}` → `{to}`", &text[at..at + len]),
                text: m,
            }
        })
        .collect()
}

/// At most `max` of `all`, spread evenly over the source (the same ones every time).
pub fn sample(all: Vec<Mutant>, max: usize) -> Vec<Mutant> {
    if all.len() <= max || max == 0 {
        return all;
    }
    let n = all.len();
    all.into_iter()
        .enumerate()
        .filter(|(k, _)| (k * max) / n != ((k + 1) * max) / n)
        .map(|(_, m)| m)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whats(text: &str, rust: bool) -> Vec<String> {
        mutants(text, rust).into_iter().map(|m| m.what).collect()
    }

    #[test]
    fn operators_and_integers_are_mutated_and_comments_and_literals_are_not() {
        let src =
            "// a < b\nlet s = \"x < 1\"; let c = '<';\nif a < 10 && b != c { x ^= y % 2; }\n";
        assert_eq!(
            whats(src, true),
            [
                "line 3: `<` → `<=`",
                "line 3: `10` → `11`",
                "line 3: `10` → `9`",
                "line 3: `&&` → `||`",
                "line 3: `!=` → `==`",
                "line 3: `^` → `|`",
                "line 3: `%` → `/`",
                "line 3: `2` → `3`",
                "line 3: `2` → `1`",
            ]
        );
    }

    #[test]
    fn a_rust_range_a_lifetime_and_a_tuple_index_are_told_apart() {
        let src = "fn f<'a>(x: &'a (u8, u8)) -> u8 { for i in 0..n { } x.0 }";
        let w = whats(src, true);
        assert!(w.contains(&"line 1: `..` → `..=`".to_string()), "{w:?}");
        assert!(w.contains(&"line 1: `0` → `1`".to_string()), "{w:?}");
        // `->` and `x.0` are no sites; the generic's `<` is (it will not compile: counted so).
        assert_eq!(w.iter().filter(|x| x.contains("`0`")).count(), 1, "{w:?}");
        assert!(!w.iter().any(|x| x.contains("->")), "{w:?}");
    }

    #[test]
    fn a_sample_is_spread_and_stable() {
        let src = "a + b + c + d + e + f + g + h";
        let all = mutants(src, false);
        assert_eq!(all.len(), 7);
        let some = sample(all.clone(), 3);
        assert_eq!(some.len(), 3);
        assert_eq!(some, sample(all, 3));
    }
}
