//! A C or C++ submission that reads or writes files of its own unless a judge's macro is
//! defined: SWERC 2025's `keygen3` files `sol.cpp` as accepted, and it opens `input.txt` and
//! `output.txt` under `#if !ONLINE_JUDGE && !EVAL`. No Kattis-format judge defines either:
//! problemtools 1.20260907 compiles C++ with `g++ -g -O2 -std=gnu++23 -static` and its
//! libraries (its `languages.yaml`), Kattis as NWERC's system page lists it (`g++ -g -O2
//! -std=gnu++20 -static`), and DOMjudge's default compile scripts stopped defining
//! `ONLINE_JUDGE` and `DOMJUDGE` in 6.0 (2018, "No longer pass ONLINE_JUDGE and DOMJUDGE
//! directives to submissions"; today `g++ -x c++ -Wall -O2 -static -pipe`). Such a submission
//! reads no input there, and here.
//!
//! [`opens_files_unless`] reads the preprocessor lines only as far as that question needs: the
//! conditionals naming a judge's macro (`#ifdef`, `#ifndef`, `#if` with `!`, `&&`, `||`,
//! parentheses, `defined`), the branch taken when none is defined, and in it a call that opens
//! a file by name (`freopen`, `fopen`, `ifstream`, `ofstream`, `fstream`).

/// The macros online judges define for the programs they build (Codeforces, UVa, SPOJ:
/// `ONLINE_JUDGE`; DOMjudge before 6.0: `ONLINE_JUDGE`, `DOMJUDGE`; CMS: `EVAL`).
const MACROS: [&str; 3] = ["ONLINE_JUDGE", "DOMJUDGE", "EVAL"];

/// What opens a file by name in C or C++.
const OPENERS: [&str; 5] = ["freopen", "fopen", "ifstream", "ofstream", "fstream"];

/// What a C or C++ source does with no judge's macro defined: the first line (1-based) that
/// opens a file in a branch taken only then, the macros its conditional names, and the file
/// names quoted on that line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LocalFiles {
    pub line: usize,
    pub macros: Vec<String>,
    pub files: Vec<String>,
}

/// One open conditional: `Some(macros, taken)` when it names a judge's macro (and whether the
/// branch now read is taken with none defined), `None` when it names none or cannot be read.
type Frame = Option<(Vec<String>, bool)>;

/// The first file the source opens in a branch that no judge takes (see [`LocalFiles`]).
pub(crate) fn opens_files_unless(source: &str) -> Option<LocalFiles> {
    let mut frames: Vec<Frame> = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let t = line.trim_start();
        if let Some(d) = t.strip_prefix('#') {
            directive(d.trim_start(), &mut frames);
            continue;
        }
        // The innermost conditional naming a judge's macro decides; an outer one that is not
        // taken hides the line anyway, which the innermost one's branch does not undo.
        let Some(Some((macros, true))) = frames.iter().rev().find(|f| f.is_some()) else {
            continue;
        };
        if frames.iter().flatten().any(|(_, taken)| !taken) {
            continue;
        }
        if OPENERS.iter().any(|o| names(t, o)) {
            return Some(LocalFiles {
                line: i + 1,
                macros: macros.clone(),
                files: quoted(t),
            });
        }
    }
    None
}

/// One preprocessor directive's effect on the open conditionals.
fn directive(d: &str, frames: &mut Vec<Frame>) {
    let word: String = d
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let rest = d[word.len()..].trim();
    match word.as_str() {
        "ifdef" | "ifndef" => {
            let m = ident(rest);
            frames.push(
                MACROS
                    .contains(&m.as_str())
                    .then(|| (vec![m], word == "ifndef")),
            );
        }
        "if" => {
            let named: Vec<String> = MACROS
                .iter()
                .filter(|m| names(rest, m))
                .map(|m| m.to_string())
                .collect();
            let frame = match named.is_empty() {
                true => None,
                false => eval(rest).map(|taken| (named, taken)),
            };
            frames.push(frame);
        }
        "else" => {
            if let Some(Some((_, taken))) = frames.last_mut() {
                *taken = !*taken;
            }
        }
        // Which branch an `#elif` chain takes is left unread: the conditional says nothing.
        "elif" | "elifdef" | "elifndef" => {
            if let Some(last) = frames.last_mut() {
                *last = None;
            }
        }
        "endif" => {
            frames.pop();
        }
        _ => {}
    }
}

/// The identifier `s` starts with.
fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Whether `line` names `word` as a whole identifier.
fn names(line: &str, word: &str) -> bool {
    let is_id = |c: char| c.is_ascii_alphanumeric() || c == '_';
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(is_id) && !after.is_some_and(is_id)
    })
}

/// The string literals of a line (the file names an opener is given).
fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// An `#if` expression's value with no judge's macro defined: `!`, `&&`, `||`, parentheses,
/// `defined X` / `defined(X)`, the judge's macros (0) and integer literals. `None` for anything
/// else (another macro, a comparison): its value is not known here.
fn eval(expr: &str) -> Option<bool> {
    let expr = expr.split("//").next().unwrap_or("");
    let tokens = tokens(expr)?;
    let mut p = Parser { tokens, at: 0 };
    let v = p.or()?;
    (p.at == p.tokens.len()).then_some(v)
}

fn tokens(expr: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut chars = expr.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let mut w = String::new();
            while let Some(&c) = chars
                .peek()
                .filter(|c| c.is_ascii_alphanumeric() || **c == '_')
            {
                w.push(c);
                chars.next();
            }
            out.push(w);
        } else if c == '&' || c == '|' {
            chars.next();
            if chars.next() != Some(c) {
                return None;
            }
            out.push(format!("{c}{c}"));
        } else if matches!(c, '!' | '(' | ')') {
            chars.next();
            out.push(c.to_string());
        } else {
            return None;
        }
    }
    Some(out)
}

struct Parser {
    tokens: Vec<String>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        let here = self.peek() == Some(t);
        self.at += usize::from(here);
        here
    }

    fn or(&mut self) -> Option<bool> {
        let mut v = self.and()?;
        while self.eat("||") {
            v |= self.and()?;
        }
        Some(v)
    }

    fn and(&mut self) -> Option<bool> {
        let mut v = self.not()?;
        while self.eat("&&") {
            v &= self.not()?;
        }
        Some(v)
    }

    fn not(&mut self) -> Option<bool> {
        if self.eat("!") {
            return self.not().map(|v| !v);
        }
        if self.eat("(") {
            let v = self.or()?;
            return self.eat(")").then_some(v);
        }
        let t = self.peek()?.to_string();
        self.at += 1;
        if t == "defined" {
            let paren = self.eat("(");
            let m = self.peek()?.to_string();
            self.at += 1;
            if paren && !self.eat(")") {
                return None;
            }
            return MACROS.contains(&m.as_str()).then_some(false);
        }
        if MACROS.contains(&t.as_str()) {
            return Some(false);
        }
        t.parse::<u64>().ok().map(|n| n != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keygen3_s_guard_opens_its_files_when_no_judge_macro_is_defined() {
        let src = "int main() {\n    cin.tie(0);\n \n    #if !ONLINE_JUDGE && !EVAL\n        ifstream cin(\"input.txt\");\n        ofstream cout(\"output.txt\");\n    #endif\n    ll n; cin >> n;\n}\n";
        assert_eq!(
            opens_files_unless(src),
            Some(LocalFiles {
                line: 5,
                macros: vec!["ONLINE_JUDGE".into(), "EVAL".into()],
                files: vec!["input.txt".into()],
            })
        );
    }

    #[test]
    fn each_way_of_saying_not_defined_is_read() {
        for guard in [
            "#ifndef ONLINE_JUDGE",
            "#if !defined(ONLINE_JUDGE)",
            "#if !defined ONLINE_JUDGE",
            "# if !(ONLINE_JUDGE || DOMJUDGE)",
            "#if defined(LOCAL_X) || !ONLINE_JUDGE",
        ] {
            let src = format!("{guard}\n  freopen(\"in.txt\", \"r\", stdin);\n#endif\n");
            // `LOCAL_X` is another macro: its value is unknown, so that guard says nothing.
            let want = !guard.contains("LOCAL_X");
            assert_eq!(opens_files_unless(&src).is_some(), want, "{guard}");
        }
        let src = "#ifdef ONLINE_JUDGE\n#else\n  FILE *f = fopen(\"a.in\", \"r\");\n#endif\n";
        assert_eq!(opens_files_unless(src).map(|l| l.line), Some(3));
    }

    #[test]
    fn a_guard_that_opens_nothing_or_only_under_the_judge_is_no_finding() {
        for src in [
            // Debug output only: the judge's verdict does not change.
            "#ifndef ONLINE_JUDGE\n  cerr << \"debug\";\n#endif\nint main(){}\n",
            // Files only under the judge's macro.
            "#ifdef ONLINE_JUDGE\n  freopen(\"x.in\", \"r\", stdin);\n#endif\n",
            "#if ONLINE_JUDGE\n  freopen(\"x.in\", \"r\", stdin);\n#else\n  int a;\n#endif\n",
            // A file opened with no guard is the program's own business, not a judge's macro's.
            "int main() { FILE *f = fopen(\"x\", \"r\"); }\n",
            // An outer conditional of another macro, not taken or unknown, hides nothing here.
            "#ifdef LOCAL\n#ifndef ONLINE_JUDGE\n#else\n freopen(\"a\", \"r\", stdin);\n#endif\n#endif\n",
            // SWERC 2025's lfs and isaacqueries: files only where the author's own `LOCAL` is
            // defined too, which no judge defines: they stay solutions.
            "#if LOCAL && !ONLINE_JUDGE\n    ifstream input_from_file(\"input.txt\");\n#endif\n",
            // Names that merely contain the words.
            "#ifndef ONLINE_JUDGE_X\n  freopen(\"a\", \"r\", stdin);\n#endif\n",
            "#ifndef ONLINE_JUDGE\n  my_fopen_wrapper();\n#endif\n",
        ] {
            assert_eq!(opens_files_unless(src), None, "{src}");
        }
    }

    #[test]
    fn an_elif_chain_and_nested_guards_are_read_as_far_as_they_are_known() {
        let elif = "#ifndef ONLINE_JUDGE\n#elif EVAL\n  freopen(\"a\", \"r\", stdin);\n#endif\n";
        assert_eq!(opens_files_unless(elif), None);
        let nested = "#ifndef ONLINE_JUDGE\n#ifdef EVAL\n#else\n  freopen(\"a\", \"r\", stdin);\n#endif\n#endif\n";
        assert_eq!(
            opens_files_unless(nested).map(|l| l.macros),
            Some(vec!["EVAL".into()])
        );
        let hidden =
            "#ifdef ONLINE_JUDGE\n#ifndef EVAL\n  freopen(\"a\", \"r\", stdin);\n#endif\n#endif\n";
        assert_eq!(opens_files_unless(hidden), None);
    }
}
