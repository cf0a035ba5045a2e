//! The dialect lint: the known traps of a judge (`judges.toml`'s `[[lint]]` rules), found line by
//! line in a source file before it counts as submittable.

use std::fmt;
use std::path::Path;

use crate::judges::LintRule;

/// One rule matched on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// 1-based.
    pub line: usize,
    /// The rule's name, as `judges.toml` gives it.
    pub rule: String,
    /// What the rule says is wrong.
    pub message: String,
}

/// A finding located in a file, displayed as `file:line: [rule] message`.
pub struct Located<'a> {
    /// The file, as messages name it.
    pub path: &'a Path,
    /// What was found in it.
    pub finding: &'a Finding,
}

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: [{}] {}",
            self.path.display(),
            self.finding.line,
            self.finding.rule,
            self.finding.message
        )
    }
}

/// The findings of `rules` in `source`, by line then rule order; a rule is reported once per
/// line.
pub fn lint(source: &[u8], rules: &[&LintRule]) -> Vec<Finding> {
    let code = strip_comments(source);
    let mut findings = Vec::new();
    let lines =
        |text: &[u8]| -> Vec<Vec<u8>> { text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect() };
    let raw_lines = lines(source);
    let code_lines = lines(&code);
    for (i, (raw, code)) in raw_lines.iter().zip(&code_lines).enumerate() {
        for rule in rules {
            let text = if rule.code_only { code } else { raw };
            if rule.regex.is_match(text) {
                findings.push(Finding {
                    line: i + 1,
                    rule: rule.id.clone(),
                    message: rule.message.clone(),
                });
            }
        }
    }
    findings
}

/// `source` with the contents of its C/C++ comments replaced by spaces (newlines kept, so line
/// numbers stay). String and character literals are kept as they are, comment markers inside
/// them included.
pub(crate) fn strip_comments(source: &[u8]) -> Vec<u8> {
    #[derive(PartialEq)]
    enum State {
        Code,
        Line,
        Block,
        Str(u8),
    }
    let mut out = Vec::with_capacity(source.len());
    let mut state = State::Code;
    let mut i = 0;
    while i < source.len() {
        let b = source[i];
        let next = source.get(i + 1).copied();
        match state {
            State::Code => match (b, next) {
                (b'/', Some(b'/')) => {
                    state = State::Line;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    continue;
                }
                (b'/', Some(b'*')) => {
                    state = State::Block;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    continue;
                }
                (b'"' | b'\'', _) => {
                    state = State::Str(b);
                    out.push(b);
                }
                _ => out.push(b),
            },
            State::Line => {
                if b == b'\n' {
                    state = State::Code;
                    out.push(b'\n');
                } else {
                    out.push(b' ');
                }
            }
            State::Block => {
                if b == b'*' && next == Some(b'/') {
                    state = State::Code;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    continue;
                }
                out.push(if b == b'\n' { b'\n' } else { b' ' });
            }
            State::Str(quote) => {
                out.push(b);
                if b == b'\\' {
                    if let Some(n) = next {
                        out.push(n);
                        i += 2;
                        continue;
                    }
                } else if b == quote || b == b'\n' {
                    state = State::Code;
                }
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(id: &str, pattern: &str, code_only: bool) -> LintRule {
        LintRule {
            id: id.into(),
            regex: regex::bytes::Regex::new(pattern).unwrap(),
            message: format!("{id} message"),
            applies_to: Vec::new(),
            code_only,
        }
    }

    #[test]
    fn comments_are_blanked_but_strings_kept() {
        let src = b"int a; // printf(\"%lld\")\n/* gets(\n */ char *s = \"// not a comment\";\nchar c = '\"'; /* x */ int b;\n";
        let out = strip_comments(src);
        assert_eq!(out.len(), src.len());
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0].trim_end(), "int a;");
        assert_eq!(lines[1].trim(), "");
        assert_eq!(lines[2].trim(), "char *s = \"// not a comment\";");
        assert_eq!(lines[3], "char c = '\"';         int b;");
    }

    #[test]
    fn findings_are_located_by_line() {
        let lld = rule("lld", r#"(printf|scanf)\s*\([^;]*"[^"]*%ll[diuxX]"#, true);
        let ascii = rule("non-ascii", r"(?-u:[\x80-\xFF])", false);
        let src = "#include <cstdio>\n// printf(\"%lld\") in a comment is fine\nint main() {\n    long long x;\n    scanf(\"%d %lld\", &n, &x);\n    printf(\"%lld\\n\", x); // é\n}\n";
        let found = lint(src.as_bytes(), &[&lld, &ascii]);
        let got: Vec<(usize, &str)> = found.iter().map(|f| (f.line, f.rule.as_str())).collect();
        assert_eq!(got, [(5, "lld"), (6, "lld"), (6, "non-ascii")]);
        let shown = Located {
            path: Path::new("a.cpp"),
            finding: &found[0],
        }
        .to_string();
        assert_eq!(shown, "a.cpp:5: [lld] lld message");
        let clean = "int main() { long long x = 1; std::cout << x; }\n";
        assert!(lint(clean.as_bytes(), &[&lld, &ascii]).is_empty());
    }

    #[test]
    fn the_repository_rules_catch_the_known_traps() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judges.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let judges = crate::judges::Judges::parse(&path, &text).unwrap();
        let ids = |judge: &str, lang: &str, src: &str| -> Vec<String> {
            let p = judges.get(judge).unwrap().language(lang).unwrap().clone();
            let rules = judges.lint_rules(&p);
            lint(src.as_bytes(), &rules)
                .into_iter()
                .map(|f| f.rule)
                .collect()
        };
        assert_eq!(ids("POJ", "G++", "printf(\"%lld\\n\", x);"), ["lld-mingw"]);
        assert_eq!(
            ids("POJ", "G++", "fprintf(stdout, \"%.2lf\\n\", x);"),
            ["lf-printf"]
        );
        assert!(ids("POJ", "G++", "scanf(\"%lf\", &x);").is_empty());
        assert_eq!(ids("POJ", "C++", "#include <bits/stdc++.h>"), ["bits-stdc"]);
        assert!(ids("POJ", "G++", "#include <bits/stdc++.h>").is_empty());
        assert_eq!(ids("HDU", "G++", "// café"), ["non-ascii"]);
        assert_eq!(ids("HDU", "G++", "__int128 x;"), ["int128"]);
        assert_eq!(ids("AcWing", "C++", "gets(buf);"), ["gets"]);
        assert!(ids("AcWing", "C++", "fgets(buf, 9, stdin);").is_empty());
        assert!(ids("local", "C++", "printf(\"%lld\", x); gets(b);").is_empty());
    }
}
