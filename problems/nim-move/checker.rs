//! Checker for nim-move, in testlib's order: `checker INPUT OUTPUT ANSWER` (three file paths:
//! the test's input, the contestant's output, the jury's answer).
//! Exit 0 = AC, 1 = WA, 2 = PE, 3 = checker failure (bad input or jury answer); one line on
//! stderr says why.
//!
//! For each test the checker computes X = xor of the piles from INPUT with its own code.
//! - X = 0: the answer must be exactly `Lose`.
//! - X != 0: the answer must be a move `i k` with 1 <= i <= n, 1 <= k <= a_i, after which the
//!   xor of the piles is 0. Any such move is accepted (answers are not unique).
//!
//! ANSWER (the jury's answer) is judged by the same rules first; if it is wrong the verdict is
//! 3, never a judgement of the contestant. It is not compared with OUTPUT beyond that.
//!
//! OUTPUT is read as whitespace-separated tokens (spaces, tabs, CR: all fine); a missing answer,
//! extra tokens after the T answers, or a wrong answer is WA. Only when every answer is right is
//! the layout checked: answer t must be alone on line t (trailing spaces, CRLF and trailing
//! blank lines are fine); otherwise PE (two answers on one line, a move split over two lines,
//! blank lines between answers).
#[path = "../_shared/validate_input.rs"]
mod validate_input;
use std::fs;
use std::process::exit;
use validate_input::Input;

const AC: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

fn quit(code: i32, msg: &str) -> ! {
    eprintln!("{}", msg);
    exit(code)
}

/// A whitespace-separated token and the 1-based line it starts on.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
}

fn tokens(data: &[u8]) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let (mut line, mut i) = (1, 0);
    while i < data.len() {
        if data[i].is_ascii_whitespace() {
            if data[i] == b'\n' {
                line += 1;
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < data.len() && !data[i].is_ascii_whitespace() {
            i += 1;
        }
        out.push(Token {
            text: &data[start..i],
            line,
        });
    }
    out
}

fn show(text: &[u8]) -> String {
    let s = String::from_utf8_lossy(text);
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.into_owned()
    }
}

/// A canonical integer `-?[0-9]+` without leading zeros (and not `-0`); values too large for
/// i128 are clamped, which keeps them out of every range checked here.
fn integer(text: &[u8]) -> Option<i128> {
    let (neg, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if (digits.len() > 1 && digits[0] == b'0') || (neg && digits == b"0") {
        return None;
    }
    let mut v: i128 = 0;
    for &d in digits {
        v = v.saturating_mul(10).saturating_add(i128::from(d - b'0'));
    }
    Some(if neg { -v } else { v })
}

struct Test {
    piles: Vec<u64>,
    xor: u64,
}

/// The jury's input, read by the validators' shared reader (as testlib's `inf`), any layout
/// allowed; any defect is a checker failure (exit 3).
fn read_input(data: &[u8]) -> Vec<Test> {
    let mut inf = Input::from_bytes(data.to_vec())
        .any_whitespace()
        .failing_with(FAIL);
    let t = inf.read_int(1, i64::MAX, "T of the input");
    let mut tests = Vec::new();
    for test in 1..=t {
        let n = inf.read_int(1, i64::MAX, format_args!("n of input test {}", test));
        let mut piles = Vec::new();
        for i in 1..=n {
            let a = inf.read_int(0, i64::MAX, format_args!("a_{} of input test {}", i, test));
            piles.push(a as u64);
        }
        let xor = piles.iter().fold(0, |x, &a| x ^ a);
        tests.push(Test { piles, xor });
    }
    inf.read_eof();
    tests
}

/// A right answer: the lines its tokens are on, and its text for messages.
struct Answer {
    lines: Vec<usize>,
    text: String,
}

/// Reads the answer of test `no` from the token stream and judges it; Err is the reason it is
/// wrong or missing (WA for the contestant, a checker failure for the jury).
fn judge(
    test: &Test,
    no: usize,
    it: &mut std::slice::Iter<'_, Token<'_>>,
) -> Result<Answer, String> {
    let first = it.next().ok_or_else(|| {
        format!(
            "test {}: missing answer (the output ends after {} answers)",
            no,
            no - 1
        )
    })?;
    if first.text == b"Lose" {
        if test.xor != 0 {
            return Err(format!(
                "test {}: the position is winning but the answer is Lose",
                no
            ));
        }
        return Ok(Answer {
            lines: vec![first.line],
            text: "Lose".into(),
        });
    }
    let i = integer(first.text).ok_or_else(|| {
        format!(
            "test {}: expected Lose or a move `i k`, found `{}`",
            no,
            show(first.text)
        )
    })?;
    let second = it.next().ok_or_else(|| {
        format!(
            "test {}: the output ends after pile index {}, k is missing",
            no, i
        )
    })?;
    let k = integer(second.text).ok_or_else(|| {
        format!(
            "test {}: expected the number of stones after pile index {}, found `{}`",
            no,
            i,
            show(second.text)
        )
    })?;
    let mv = format!("{} {}", show(first.text), show(second.text));
    if test.xor == 0 {
        return Err(format!("test {}: expected Lose, found {}", no, mv));
    }
    let n = test.piles.len();
    if i < 1 || i > n as i128 {
        return Err(format!(
            "test {}: pile {} does not exist (n = {})",
            no,
            show(first.text),
            n
        ));
    }
    let a = test.piles[i as usize - 1];
    if k < 1 {
        return Err(format!(
            "test {}: move {} takes {} stones; k must be at least 1",
            no,
            mv,
            show(second.text)
        ));
    }
    if k > i128::from(a) {
        return Err(format!(
            "test {}: move {} takes more than the {} stones of pile {}",
            no, mv, a, i
        ));
    }
    let after = test.xor ^ a ^ (a - k as u64);
    if after != 0 {
        return Err(format!(
            "test {}: move {} leaves xor {}, not 0",
            no, mv, after
        ));
    }
    Ok(Answer {
        lines: vec![first.line, second.line],
        text: mv,
    })
}

fn read(path: &str, what: &str) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|e| {
        quit(
            FAIL,
            &format!("checker failure: cannot read {} {}: {}", what, path, e),
        )
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        quit(FAIL, "usage: checker INPUT OUTPUT ANSWER");
    }
    let input = read(&args[1], "input");
    // testlib's order (registerTestlibCmd): argv[2] is the contestant's output (`ouf`),
    // argv[3] the jury's answer (`ans`).
    let actual = read(&args[2], "contestant's output");
    let expected = read(&args[3], "jury's answer");

    let tests = read_input(&input);

    // The jury's answer must itself be right, or nothing can be judged.
    let jury = tokens(&expected);
    let mut it = jury.iter();
    for (t, test) in tests.iter().enumerate() {
        if let Err(e) = judge(test, t + 1, &mut it) {
            quit(
                FAIL,
                &format!("checker failure: the jury answer is wrong: {}", e),
            );
        }
    }
    if let Some(tok) = it.next() {
        quit(
            FAIL,
            &format!(
                "checker failure: the jury answer has extra token `{}` on line {}",
                show(tok.text),
                tok.line
            ),
        );
    }

    // The contestant's answers: content first (WA), then layout (PE).
    let toks = tokens(&actual);
    let mut it = toks.iter();
    let mut answers = Vec::with_capacity(tests.len());
    for (t, test) in tests.iter().enumerate() {
        match judge(test, t + 1, &mut it) {
            Ok(a) => answers.push(a),
            Err(e) => quit(WA, &e),
        }
    }
    if let Some(tok) = it.next() {
        quit(
            WA,
            &format!(
                "extra output after the {} answers: `{}` on line {}",
                tests.len(),
                show(tok.text),
                tok.line
            ),
        );
    }
    for (t, a) in answers.iter().enumerate() {
        let (no, want) = (t + 1, t + 1);
        if a.lines.iter().any(|&l| l != a.lines[0]) {
            quit(
                PE,
                &format!(
                    "test {}: the answer `{}` is split over lines {} and {}",
                    no,
                    a.text,
                    a.lines[0],
                    a.lines[a.lines.len() - 1]
                ),
            );
        }
        if a.lines[0] != want {
            let why = if t > 0 && a.lines[0] == answers[t - 1].lines[0] {
                format!("shares line {} with the answer of test {}", a.lines[0], t)
            } else {
                format!(
                    "is on line {}, expected line {} (blank lines before it?)",
                    a.lines[0], want
                )
            };
            quit(PE, &format!("test {}: the answer `{}` {}", no, a.text, why));
        }
    }
    quit(AC, &format!("ok: {} answers, every one right", tests.len()));
}
