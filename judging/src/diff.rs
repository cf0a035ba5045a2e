//! Showing how an output differs from the expected one: a line diff made with `similar`, word
//! emphasis on a terminal and plain unified text otherwise, whitespace made visible where it
//! matters, non-UTF-8 bytes escaped, long diffs cut with a note.

use std::fmt::Write as _;
use std::time::Duration;

use anstyle::{AnsiColor, Effects, Style};
use similar::{ChangeTag, TextDiff};

use crate::compare::{
    error_of, first_difference, first_float_difference, normalized_lines, reals_apart, tokens,
    CompareMode, FirstDifference,
};
use crate::verdict::Verdict;

/// How a report draws a diff: options of the invocation, never of the judgement (a verdict
/// judged with one set is drawn with any other: the verdict cache keeps [`Compared`], not a
/// drawing).
#[derive(Debug, Clone, Copy)]
pub struct DiffOptions {
    /// Whether the diff is drawn in colour (ANSI escapes).
    pub color: bool,
    /// Diff lines shown at most; the rest is cut with a note.
    pub max_lines: usize,
}

/// The facts a wrong answer or a presentation error is drawn from: the two outputs (whole, or
/// each a window around their first difference), the input when it is small (to pair an answer
/// line with the input's line), and how they were compared. The engine keeps this; a report
/// draws it with its own [`DiffOptions`] ([`Compared::draw`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    /// The expected output, or its window.
    pub expected: Vec<u8>,
    /// The program's output, or its window.
    pub actual: Vec<u8>,
    /// The case's input, for the line-paired view; `None` when large or the outputs are cut.
    pub input: Option<Vec<u8>>,
    /// WA or PE: a PE's diff shows whitespace.
    pub verdict: Verdict,
    /// Whether the outputs were compared byte for byte (`compare = "exact"`): the diff shows
    /// whitespace and never pairs lines.
    pub exact: bool,
    /// When the outputs are cut: the line of each (1-based) their window starts at.
    pub window: Option<(usize, usize)>,
}

/// The lines and bytes of each output kept as a window around the first difference, when an
/// output is larger than [`KEPT_WHOLE`].
pub const WINDOW_LINES: usize = 200;
/// The bytes of one output's window.
pub const WINDOW_BYTES: usize = 64 << 10;
/// The largest output (and input) a failure keeps whole.
pub const KEPT_WHOLE: usize = 64 << 10;

impl Compared {
    /// The diff, drawn with `opts`: a window's note first, then [`render`]'s view.
    pub fn draw(&self, opts: DiffOptions) -> String {
        let mode = if self.exact {
            CompareMode::Exact
        } else {
            CompareMode::Lines
        };
        let body = render(
            &self.expected,
            &self.actual,
            self.input.as_deref(),
            mode,
            self.verdict,
            opts,
        );
        match self.window {
            None => body,
            Some((from_e, from_a)) => format!(
                "(the outputs are large: the diff shows expected lines {from_e}– and actual lines \
                 {from_a}– around the first difference, at most {WINDOW_LINES} lines each; \
                 its line numbers count from there)\n{body}"
            ),
        }
    }
}

/// `bytes` as text: UTF-8 kept, invalid bytes and control characters escaped (`\xff`).
/// With `visible`, spaces, tabs and carriage returns are shown as `·`, `→` and `␍`.
pub fn escape(bytes: &[u8], visible: bool) -> String {
    let mut s = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for ch in chunk.valid().chars() {
            match ch {
                ' ' if visible => s.push('·'),
                '\t' if visible => s.push('→'),
                '\r' if visible => s.push('␍'),
                '\n' | '\t' | ' ' => s.push(ch),
                c if c.is_control() => {
                    let _ = write!(s, "\\x{:02x}", c as u32);
                }
                c => s.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(s, "\\x{b:02x}");
        }
    }
    s
}

pub use crate::workspace::printable;

/// `text` (a whole report, ready for the terminal) with what could still command the terminal
/// escaped as [`printable`] escapes it, keeping newlines, tabs and the colour sequences
/// (`ESC [ digits ; … m`, SGR) the runner writes itself: the last guard of everything the
/// runner prints, whatever a printer forgot.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\x1b' {
            if let Some(n) = sgr_len(rest) {
                out.push_str(&rest[..n]);
                rest = &rest[n..];
                continue;
            }
        }
        if unsafe_char(c) {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

/// The length of the SGR sequence `s` starts with (`ESC [ 1 ; 31 m`), if it starts with one.
fn sgr_len(s: &str) -> Option<usize> {
    let body = s.strip_prefix("\x1b[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

/// The text that is diffed. A WA under `lines`/`tokens` is shown on normalised lines (what was
/// compared); a PE or any `exact` difference on the raw bytes with whitespace made visible.
fn shown(bytes: &[u8], mode: CompareMode, verdict: Verdict) -> String {
    if verdict == Verdict::PresentationError || mode == CompareMode::Exact {
        let mut s = String::new();
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            let (body, nl) = match line.strip_suffix(b"\n") {
                Some(body) => (body, true),
                None => (line, false),
            };
            s.push_str(&escape(body, true));
            if nl {
                s.push('\n');
            }
        }
        s
    } else {
        let mut s = String::new();
        for line in normalized_lines(bytes) {
            s.push_str(&escape(line, false));
            s.push('\n');
        }
        s
    }
}

/// `text` in `style` when `color`, else as it is.
pub fn paint(color: bool, style: Style, text: &str) -> String {
    if color {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

/// The last lines of `bytes` (a program's stderr), escaped, at most `n`, an `… K earlier lines`
/// line first when some are left out; empty when `bytes` has no line.
pub fn tail(bytes: &[u8], n: usize) -> String {
    let text = escape(bytes, false);
    let lines: Vec<&str> = text.lines().collect();
    let skip = lines.len().saturating_sub(n);
    let mut s = String::new();
    if skip > 0 {
        s.push_str(&format!("… {skip} earlier lines\n"));
    }
    for l in &lines[skip..] {
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// The bytes of a program's message kept for a report: a checker's or an interactor's words
/// (its stderr, `judgemessage.txt`) are a few lines; the rest is cut with a count.
pub const MESSAGE_BYTES: usize = 4096;

/// A checker's or interactor's message as a report shows it: its first [`MESSAGE_BYTES`]
/// bytes, escaped, trimmed, at most 20 lines, each cut shown with what it left out (`… 3 more
/// lines`, `… 61440 more bytes`), so a message of any size costs a report a few KiB.
pub fn message(bytes: &[u8]) -> String {
    let kept = &bytes[..bytes.len().min(MESSAGE_BYTES)];
    let text = escape(kept, false);
    let lines: Vec<&str> = text.trim().lines().collect();
    let mut s = lines[..lines.len().min(20)].join("\n");
    if lines.len() > 20 {
        s.push_str(&format!("\n… {} more lines", lines.len() - 20));
    }
    if bytes.len() > kept.len() {
        s.push_str(&format!("\n… {} more bytes", bytes.len() - kept.len()));
    }
    s
}

/// `bytes` in MiB, one decimal: `12.5 MiB`.
pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// A one-line summary of the first difference, e.g.
/// `first difference: line 2, token 2: expected "Cici", got "Kiki"`.
pub fn summary(expected: &[u8], actual: &[u8]) -> Option<String> {
    first_difference(expected, actual).map(|d| described(&d))
}

/// [`summary`] as `mode` compares: under `float`, the first token out of its tolerance, with the
/// error found against the tolerance (`…: off by 1.0e-3 (relative 4.0e-4); the tolerance: abs
/// 1e-6, rel 1e-6`).
pub fn summary_in(mode: CompareMode, expected: &[u8], actual: &[u8]) -> Option<String> {
    let CompareMode::Float(tol) = mode else {
        return summary(expected, actual);
    };
    let d = first_float_difference(tol, expected, actual)?;
    let mut line = described(&d);
    if let (Some(e), Some(a)) = (&d.expected, &d.actual) {
        if let Some((abs, rel)) = error_of(e, a) {
            let _ = write!(
                line,
                ": off by {abs:.1e} (relative {rel:.1e}); the tolerance: abs {:e}, rel {:e}",
                tol.abs, tol.rel
            );
        }
    }
    Some(line)
}

/// `first difference: line L, token T: expected "…", got "…"`.
fn described(d: &FirstDifference) -> String {
    let tok = |t: &Option<Vec<u8>>| match t {
        Some(t) => format!("\"{}\"", escape(t, false)),
        None => "end of output".to_string(),
    };
    format!(
        "first difference: line {}, token {}: expected {}, got {}",
        d.line,
        d.token,
        tok(&d.expected),
        tok(&d.actual)
    )
}

/// The compare mode's tolerance to set, for a WA whose expected output holds reals and whose
/// tokens differ in their digits alone (`5.00000000000000000000` against `5.0000000000`):
/// one line naming `compare = { float = … }` and the error found. `None` under `float` and
/// `checker`, or for any other difference.
pub fn reals_hint(mode: CompareMode, expected: &[u8], actual: &[u8]) -> Option<String> {
    if !matches!(
        mode,
        CompareMode::Lines | CompareMode::Tokens | CompareMode::Exact
    ) {
        return None;
    }
    let (abs, rel) = reals_apart(expected, actual)?;
    let apart = if abs == 0.0 {
        "the same numbers written with other digits".to_string()
    } else {
        format!("at most {abs:.1e} apart (relative {rel:.1e})")
    };
    Some(format!(
        "hint: reals that differ in their digits alone ({apart}): if the statement allows an \
         error, set compare = {{ float = {{ abs = 1e-6, rel = 1e-6 }} }} in problem.toml with \
         the error it allows"
    ))
}

/// [`summary`]'s line for a difference found on streams: the same words as in memory.
pub fn streamed_summary(d: &crate::stream::Difference) -> String {
    described(&FirstDifference {
        line: d.expected_line,
        token: d.token,
        expected: d.expected.clone(),
        actual: d.actual.clone(),
    })
}

/// The first `lines` lines of `bytes` (an input), escaped, each cut at `width` characters
/// (`… N more characters`), then `… N more lines` when some are left out; `(empty)` for no
/// bytes.
pub fn head(bytes: &[u8], lines: usize, width: usize) -> String {
    let text = escape(bytes, false);
    let all: Vec<&str> = text.lines().collect();
    let mut s = String::new();
    for l in all.iter().take(lines) {
        let n = l.chars().count();
        if n > width {
            let kept: String = l.chars().take(width).collect();
            let _ = writeln!(s, "{kept} … {} more characters", n - width);
        } else {
            let _ = writeln!(s, "{l}");
        }
    }
    if all.len() > lines {
        let _ = writeln!(s, "… {} more lines", all.len() - lines);
    }
    if all.is_empty() {
        s.push_str("(empty)\n");
    }
    s
}

/// Where the output is one answer per line (every line of `expected` one token, two lines or
/// more), a WA's differing lines paired: `line 7: expected Kiki, got Cici`, with the input's
/// line for that answer when the input is one test per line too (as many lines as the output,
/// or a first line giving their count). `None` where the output is not of that shape.
pub fn paired(
    expected: &[u8],
    actual: &[u8],
    input: Option<&[u8]>,
    opts: DiffOptions,
) -> Option<String> {
    let want: Vec<&[u8]> = normalized_lines(expected).collect();
    if want.len() < 2 || want.iter().any(|l| tokens(l).count() != 1) {
        return None;
    }
    let got: Vec<&[u8]> = normalized_lines(actual).collect();
    let tests: Vec<&[u8]> = input.map_or(Vec::new(), |i| normalized_lines(i).collect());
    let counted = tests.len() == want.len() + 1
        && std::str::from_utf8(tests[0])
            .ok()
            .and_then(|t| t.trim().parse::<usize>().ok())
            == Some(want.len());
    let test_of = |i: usize| -> Option<&[u8]> {
        if tests.len() == want.len() {
            tests.get(i).copied()
        } else if counted {
            tests.get(i + 1).copied()
        } else {
            None
        }
    };
    let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let green = Style::new().fg_color(Some(AnsiColor::Green.into()));
    let mut lines = Vec::new();
    for i in 0..want.len().max(got.len()) {
        let (w, g) = (want.get(i), got.get(i));
        if w.map(|l| trimmed(l)) == g.map(|l| trimmed(l)) {
            continue;
        }
        let show = |l: Option<&&[u8]>, style| match l {
            Some(l) => paint(opts.color, style, &escape(trimmed(l), false)),
            None => "nothing (the output ended)".to_string(),
        };
        let mut line = format!(
            "line {}: expected {}, got {}",
            i + 1,
            match w {
                Some(_) => show(w, green),
                None => "nothing (an extra line)".to_string(),
            },
            show(g, red)
        );
        // Only a line the answer has is paired with its input (an extra line has none).
        if let Some(t) = w.and_then(|_| test_of(i)) {
            let _ = write!(line, "   (input: {})", escape(trimmed(t), false));
        }
        lines.push(line);
    }
    let mut out = String::new();
    for line in lines.iter().take(opts.max_lines) {
        out.push_str(line);
        out.push('\n');
    }
    if lines.len() > opts.max_lines {
        let _ = writeln!(
            out,
            "… {} more differing lines not shown (expected {} lines, got {})",
            lines.len() - opts.max_lines,
            want.len(),
            got.len()
        );
    }
    Some(out)
}

/// `line` without the whitespace around it.
fn trimmed(line: &[u8]) -> &[u8] {
    line.trim_ascii()
}

/// The diff of `actual` against `expected`: the [`paired`] view for a WA of one answer per line
/// (compared by lines or tokens), else a line diff.
pub fn render(
    expected: &[u8],
    actual: &[u8],
    input: Option<&[u8]>,
    mode: CompareMode,
    verdict: Verdict,
    opts: DiffOptions,
) -> String {
    if verdict == Verdict::WrongAnswer && mode != CompareMode::Exact {
        if let Some(view) = paired(expected, actual, input, opts) {
            return view;
        }
    }
    let old = shown(expected, mode, verdict);
    let new = shown(actual, mode, verdict);
    let diff = TextDiff::configure()
        .timeout(Duration::from_secs(1))
        .diff_lines(&old, &new);
    let lines = if opts.color {
        colored_lines(&diff)
    } else {
        let text = diff
            .unified_diff()
            .context_radius(3)
            .header("expected", "actual")
            .to_string();
        text.lines().map(str::to_string).collect()
    };
    clipped(&lines, opts.max_lines, &old, &new)
}

/// The line diff in colour: each change numbered by its line, its changed words emphasised,
/// the hunks apart.
fn colored_lines(diff: &TextDiff<'_, '_, str>) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let header = Style::new().fg_color(Some(AnsiColor::Cyan.into()));
    let del = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let ins = Style::new().fg_color(Some(AnsiColor::Green.into()));
    let dim = Style::new().effects(Effects::DIMMED);
    lines.push(format!(
        "{} {}",
        paint(true, del, "- expected"),
        paint(true, ins, "+ actual")
    ));
    for (i, group) in diff.grouped_ops(3).iter().enumerate() {
        if i > 0 {
            lines.push(paint(true, header, "   ⋮"));
        }
        for op in group {
            for change in diff.iter_inline_changes(op) {
                let (sign, style) = match change.tag() {
                    ChangeTag::Delete => ("-", del),
                    ChangeTag::Insert => ("+", ins),
                    ChangeTag::Equal => (" ", dim),
                };
                let number = change
                    .new_index()
                    .or(change.old_index())
                    .map_or(String::new(), |i| (i + 1).to_string());
                let mut line = format!("{} {:>5} │", paint(true, style, sign), number);
                for (emph, value) in change.iter_strings_lossy() {
                    let value = value.trim_end_matches('\n');
                    let st = if emph {
                        style.effects(Effects::BOLD | Effects::UNDERLINE)
                    } else {
                        style
                    };
                    line.push_str(&paint(true, st, value));
                }
                if change.missing_newline() {
                    line.push_str(&paint(true, dim, " (no newline at end)"));
                }
                lines.push(line);
            }
        }
    }
    lines
}

/// The first `max_lines` of the diff, and how many more there are (with the lengths of
/// `old` and `new`).
fn clipped(lines: &[String], max_lines: usize, old: &str, new: &str) -> String {
    let total = lines.len();
    let mut out = String::new();
    for line in lines.iter().take(max_lines) {
        out.push_str(line);
        out.push('\n');
    }
    if total > max_lines {
        let _ = writeln!(
            out,
            "… {} more diff lines not shown (expected {} lines, got {})",
            total - max_lines,
            old.lines().count(),
            new.lines().count()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: DiffOptions = DiffOptions {
        color: false,
        max_lines: 40,
    };

    #[test]
    fn an_extra_line_past_the_answer_is_paired_with_no_input() {
        // One test per input line, and the output one line longer than the answer: the extra
        // line has no input to show (this indexed past the input's lines and panicked, on
        // BAPCtools' fltcmp).
        let view = paired(b"1\n2\n", b"1\n3\n4\n", Some(b"a\nb\n"), PLAIN).unwrap();
        assert_eq!(
            view,
            "line 2: expected 2, got 3   (input: b)\nline 3: expected nothing (an extra line), got 4\n"
        );
    }

    #[test]
    fn plain_diff_is_unified_text() {
        let d = render(
            b"1 Kiki\n2 Cici\n3 Kiki\n",
            b"1 Kiki\n2 Kiki\n3 Kiki\n",
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert!(
            d.starts_with("--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n"),
            "{d}"
        );
        assert!(
            d.contains("\n-2 Cici\n") && d.contains("\n+2 Kiki\n"),
            "{d}"
        );
        assert!(!d.contains('\x1b'));
    }

    #[test]
    fn presentation_errors_show_whitespace() {
        let d = render(
            b"1 2\n",
            b"1  2\r\n",
            None,
            CompareMode::Lines,
            Verdict::PresentationError,
            PLAIN,
        );
        assert!(d.contains("-1·2\n+1··2␍\n"), "{d}");
        let d = render(
            b"1\n",
            b"1",
            None,
            CompareMode::Exact,
            Verdict::PresentationError,
            PLAIN,
        );
        assert!(d.contains("No newline at end of file"), "{d}");
    }

    #[test]
    fn control_characters_from_outside_are_shown_escaped() {
        // A file name with ESC and BEL; a title with an OSC sequence (set the window title).
        assert_eq!(printable("a\x1b[2Jb\x07.rs"), "a\\x1b[2Jb\\x07.rs");
        assert_eq!(printable("T\x1b]0;pwned\x07"), "T\\x1b]0;pwned\\x07");
        assert_eq!(
            printable("tab\tnl\ndel\x7fc1\u{9b}"),
            "tab\\x09nl\\x0adel\\x7fc1\\x9b"
        );
        assert!(matches!(
            printable("plain ünïcode"),
            std::borrow::Cow::Borrowed(_)
        ));
        // The report's own colours stay; anything else that commands the terminal is escaped.
        let red = "\x1b[31mWA\x1b[0m\n\tnext";
        assert_eq!(terminal_safe(red), red);
        assert_eq!(
            terminal_safe("\x1b[1;31mx\x1b]0;t\x07\r\x1b[2J\x1b[m"),
            "\x1b[1;31mx\\x1b]0;t\\x07\\x0d\\x1b[2J\x1b[m"
        );
    }

    #[test]
    fn non_utf8_is_escaped() {
        assert_eq!(escape(b"a\xffb\x01", false), "a\\xffb\\x01");
        let d = render(
            b"ok\n",
            b"\xfe\xff\n",
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert!(d.contains("+\\xfe\\xff\n"), "{d}");
    }

    #[test]
    fn long_diffs_are_cut_with_a_note() {
        let expected: String = (0..1000).map(|i| format!("x {i}\n")).collect();
        let actual: String = (0..1000).map(|i| format!("y {i}\n")).collect();
        let d = render(
            expected.as_bytes(),
            actual.as_bytes(),
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert_eq!(d.lines().count(), 41);
        assert!(
            d.lines()
                .last()
                .unwrap()
                .contains("more diff lines not shown"),
            "{d}"
        );
        // The paired view is cut the same way.
        let expected: String = (0..1000).map(|i| format!("x{i}\n")).collect();
        let actual: String = (0..1000).map(|i| format!("y{i}\n")).collect();
        let d = render(
            expected.as_bytes(),
            actual.as_bytes(),
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert_eq!(d.lines().count(), 41);
        assert_eq!(
            d.lines().last().unwrap(),
            "… 960 more differing lines not shown (expected 1000 lines, got 1000)"
        );
    }

    #[test]
    fn color_diff_emphasises_words() {
        let d = render(
            b"Case 1: Yes\n",
            b"Case 1: No\n",
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            DiffOptions {
                color: true,
                max_lines: 40,
            },
        );
        assert!(d.contains('\x1b'), "{d}");
        assert!(d.contains("Yes") && d.contains("No"));
    }

    #[test]
    fn a_float_wa_says_its_error_against_the_tolerance() {
        let tol = crate::compare::Tolerance {
            abs: 1e-6,
            rel: 1e-6,
        };
        assert_eq!(
            summary_in(
                CompareMode::Float(tol),
                b"1.0 2.5\n",
                b"1.0000000001 2.501\n"
            )
            .unwrap(),
            "first difference: line 1, token 2: expected \"2.5\", got \"2.501\": off by 1.0e-3 \
             (relative 4.0e-4); the tolerance: abs 1e-6, rel 1e-6"
        );
        // A word: no error to give.
        assert_eq!(
            summary_in(CompareMode::Float(tol), b"Yes\n", b"No\n").unwrap(),
            "first difference: line 1, token 1: expected \"Yes\", got \"No\""
        );
    }

    #[test]
    fn reals_apart_in_their_digits_name_the_float_mode() {
        let hint = reals_hint(
            CompareMode::Lines,
            b"5.00000000000000000000\n",
            b"5.0000000000\n",
        )
        .unwrap();
        assert_eq!(
            hint,
            "hint: reals that differ in their digits alone (the same numbers written with other \
             digits): if the statement allows an error, set compare = { float = { abs = 1e-6, \
             rel = 1e-6 } } in problem.toml with the error it allows"
        );
        let hint = reals_hint(CompareMode::Tokens, b"0.5\n", b"0.5001\n").unwrap();
        assert!(
            hint.contains("(at most 1.0e-4 apart (relative 2.0e-4))"),
            "{hint}"
        );
        assert_eq!(reals_hint(CompareMode::Lines, b"Yes\n", b"No\n"), None);
        assert_eq!(reals_hint(CompareMode::Lines, b"3\n", b"4\n"), None);
        assert_eq!(reals_hint(CompareMode::Checker, b"0.5\n", b"0.6\n"), None);
    }

    #[test]
    fn the_head_of_an_input_is_cut_with_counts() {
        assert_eq!(head(b"3 4\n", 10, 80), "3 4\n");
        assert_eq!(head(b"", 10, 80), "(empty)\n");
        let many: String = (1..=13).map(|i| format!("{i}\n")).collect();
        assert_eq!(
            head(many.as_bytes(), 10, 80),
            "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n… 3 more lines\n"
        );
        assert_eq!(head(b"abcdef\n", 10, 4), "abcd … 2 more characters\n");
    }

    #[test]
    fn summary_names_the_first_difference() {
        assert_eq!(
            summary(b"Kiki\nCici\n", b"Kiki\nKiki\n").unwrap(),
            "first difference: line 2, token 1: expected \"Cici\", got \"Kiki\""
        );
        assert_eq!(
            summary(b"a\nb\n", b"a\n").unwrap(),
            "first difference: line 2, token 1: expected \"b\", got end of output"
        );
        // The token's place within its line, not in the whole output.
        assert_eq!(
            summary(b"1 2\n3 4 5\n", b"1 2\n3 4 6\n").unwrap(),
            "first difference: line 2, token 3: expected \"5\", got \"6\""
        );
    }

    #[test]
    fn one_answer_per_line_is_shown_line_by_line_with_the_input() {
        let expected = b"Kiki\nKiki\nCici\nKiki\nKiki\nKiki\nKiki\n";
        let actual = b"Kiki\nKiki\nCici\nKiki\nKiki\nKiki\nCici\n";
        // One test per line, after a first line giving their count.
        let input = b"7\n1\n2\n3\n4\n5\n6\n7 9\n";
        let d = render(
            expected,
            actual,
            Some(input),
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert_eq!(d, "line 7: expected Kiki, got Cici   (input: 7 9)\n");
        // An input of another shape is left out; a missing line is named.
        let d = render(
            expected,
            b"Kiki\nKiki\nCici\nKiki\nKiki\nKiki\n",
            Some(b"whatever\n"),
            CompareMode::Tokens,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert_eq!(d, "line 7: expected Kiki, got nothing (the output ended)\n");
        // Several tokens on a line: the line diff.
        let d = render(
            b"1 2\n3 4\n",
            b"1 2\n3 5\n",
            None,
            CompareMode::Lines,
            Verdict::WrongAnswer,
            PLAIN,
        );
        assert!(d.contains("-3 4\n+3 5\n"), "{d}");
    }
}
