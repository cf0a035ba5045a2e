//! Comparing an output with an expected output that is too large to hold: both read as streams
//! in fixed pieces, judged exactly as [`crate::compare::compare`] judges them in memory (the
//! same verdict for the same bytes: the unit tests check both ways agree), and the first
//! difference found with its line, so that a diff can be drawn on a bounded window around it.
//! What this costs is a buffer per stream, whatever the outputs' sizes.

use std::io::{self, BufRead};

use crate::compare::{float_token_matches, is_space, CompareMode, Tolerance};
use crate::kattis_compare::KattisFlags;
use crate::verdict::Verdict;

/// A byte stream read one byte at a time from a buffered reader.
struct Bytes<R> {
    r: R,
}

impl<R: BufRead> Bytes<R> {
    fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(self.r.fill_buf()?.first().copied())
    }

    fn bump(&mut self) {
        self.r.consume(1);
    }

    /// Skips whitespace; whether a token follows.
    fn skip_space(&mut self) -> io::Result<bool> {
        loop {
            match self.peek()? {
                Some(b) if is_space(b) => self.bump(),
                Some(_) => return Ok(true),
                None => return Ok(false),
            }
        }
    }

    /// The next byte of the current token, taken; `None` at its end.
    fn token_byte(&mut self) -> io::Result<Option<u8>> {
        match self.peek()? {
            Some(b) if !is_space(b) => {
                self.bump();
                Ok(Some(b))
            }
            _ => Ok(None),
        }
    }

    /// Whether the rest of the current line is only spaces, tabs and CRs; the line (with its
    /// newline) is taken either way up to the first other byte.
    fn rest_blank(&mut self) -> io::Result<bool> {
        loop {
            match self.peek()? {
                None => return Ok(true),
                Some(b'\n') => {
                    self.bump();
                    return Ok(true);
                }
                Some(b' ' | b'\t' | b'\r') => self.bump(),
                Some(_) => return Ok(false),
            }
        }
    }
}

/// Opens a stream from its start, as often as it is asked (a file is opened again).
pub(crate) type Open<'a> = &'a dyn Fn() -> io::Result<Box<dyn BufRead + 'a>>;

/// [`crate::compare::compare`] of two streams: AC, PE (the same tokens) or WA.
pub(crate) fn compare(mode: CompareMode, expected: Open, actual: Open) -> io::Result<Verdict> {
    let same = match mode {
        CompareMode::Exact => exact(expected()?, actual()?)?,
        CompareMode::Lines => lines(expected()?, actual()?)?,
        CompareMode::Tokens => tokens(expected()?, actual()?)?,
        CompareMode::Float(tol) => {
            return Ok(if floats(tol, expected()?, actual()?)? {
                Verdict::Accepted
            } else {
                Verdict::WrongAnswer
            });
        }
        CompareMode::Kattis(flags) => {
            let free = KattisFlags {
                space_change_sensitive: false,
                ..flags
            };
            return Ok(if kattis(flags, expected()?, actual()?)? {
                Verdict::Accepted
            } else if flags.space_change_sensitive && kattis(free, expected()?, actual()?)? {
                Verdict::PresentationError
            } else {
                Verdict::WrongAnswer
            });
        }
        CompareMode::Checker | CompareMode::Interactor => return Ok(Verdict::CheckerFailed),
    };
    Ok(if same {
        Verdict::Accepted
    } else if tokens(expected()?, actual()?)? {
        Verdict::PresentationError
    } else {
        Verdict::WrongAnswer
    })
}

fn exact(mut e: impl BufRead, mut a: impl BufRead) -> io::Result<bool> {
    loop {
        let (x, y) = (e.fill_buf()?, a.fill_buf()?);
        let n = x.len().min(y.len());
        if n == 0 {
            return Ok(x.is_empty() && y.is_empty());
        }
        if x[..n] != y[..n] {
            return Ok(false);
        }
        e.consume(n);
        a.consume(n);
    }
}

/// `lines`: each line without its trailing spaces, tabs and CRs, and trailing empty lines
/// dropped. Two lines are equal so trimmed exactly when, from the first byte where they differ,
/// both rests are blank; a stream that ended is an endless run of empty lines.
fn lines(e: impl BufRead, a: impl BufRead) -> io::Result<bool> {
    let (mut e, mut a) = (Bytes { r: e }, Bytes { r: a });
    loop {
        let (last, ended) = common(&mut e, &mut a)?;
        if ended {
            return Ok(true);
        }
        if last.is_none() && !(e.rest_blank()? && a.rest_blank()?) {
            return Ok(false);
        }
    }
}

/// `tokens`: the same whitespace-separated tokens in the same order. Equal bytes are taken in
/// runs; where the streams differ, whitespace is skipped in each and the tokens compared.
fn tokens(e: impl BufRead, a: impl BufRead) -> io::Result<bool> {
    let (mut e, mut a) = (Bytes { r: e }, Bytes { r: a });
    // Whether both stand inside a token (the last common byte was not whitespace).
    let mut inside = false;
    loop {
        let (last, ended) = common(&mut e, &mut a)?;
        if ended {
            return Ok(true);
        }
        if let Some(b) = last {
            inside = !is_space(b);
            continue;
        }
        // The streams differ here (or one has ended).
        if inside {
            // Inside the same token: it must end here in both.
            match (e.token_byte()?, a.token_byte()?) {
                (None, None) => inside = false,
                _ => return Ok(false),
            }
            continue;
        }
        match (e.skip_space()?, a.skip_space()?) {
            (false, false) => return Ok(true),
            (true, true) => match (e.token_byte()?, a.token_byte()?) {
                (Some(p), Some(q)) if p == q => inside = true,
                _ => return Ok(false),
            },
            _ => return Ok(false),
        }
    }
}

/// Takes the bytes both streams have in common from here (equal bytes leave both in the same
/// state, whatever the mode): the last of them (`None`: none was), and whether both have ended.
fn common<R: BufRead, S: BufRead>(
    e: &mut Bytes<R>,
    a: &mut Bytes<S>,
) -> io::Result<(Option<u8>, bool)> {
    let (x, y) = (e.r.fill_buf()?, a.r.fill_buf()?);
    if x.is_empty() && y.is_empty() {
        return Ok((None, true));
    }
    let n = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    let last = n.checked_sub(1).map(|i| x[i]);
    e.r.consume(n);
    a.r.consume(n);
    Ok((last, false))
}

/// The longest token `float` reads whole to parse it as a number; a longer one is compared
/// byte for byte (no number needs 4 KiB of digits).
const FLOAT_TOKEN: usize = 4096;

/// `float`: token by token, each equal or two numbers within the tolerance.
fn floats(tol: Tolerance, e: impl BufRead, a: impl BufRead) -> io::Result<bool> {
    let (mut e, mut a) = (Bytes { r: e }, Bytes { r: a });
    let (mut x, mut y) = (Vec::new(), Vec::new());
    loop {
        match (e.skip_space()?, a.skip_space()?) {
            (false, false) => return Ok(true),
            (true, true) => {}
            _ => return Ok(false),
        }
        let (whole_x, whole_y) = (token(&mut e, &mut x)?, token(&mut a, &mut y)?);
        if whole_x && whole_y {
            if !float_token_matches(tol, &x, &y) {
                return Ok(false);
            }
            continue;
        }
        // A long token: the rest of both byte for byte.
        if x != y {
            return Ok(false);
        }
        loop {
            match (e.token_byte()?, a.token_byte()?) {
                (None, None) => break,
                (Some(p), Some(q)) if p == q => {}
                _ => return Ok(false),
            }
        }
    }
}

/// The Kattis default validator ([`KattisFlags`]) on two streams: token by token, each read whole
/// up to [`FLOAT_TOKEN`] bytes and matched as the flags say (a longer token is compared byte for
/// byte, case-insensitively unless `case_sensitive`); under `space_change_sensitive` every run
/// of whitespace must be the answer's, byte for byte.
fn kattis(flags: KattisFlags, e: impl BufRead, a: impl BufRead) -> io::Result<bool> {
    let (mut e, mut a) = (Bytes { r: e }, Bytes { r: a });
    let (mut x, mut y) = (Vec::new(), Vec::new());
    loop {
        let (more_e, more_a) = if flags.space_change_sensitive {
            if !same_space(&mut e, &mut a)? {
                return Ok(false);
            }
            (e.peek()?.is_some(), a.peek()?.is_some())
        } else {
            (e.skip_space()?, a.skip_space()?)
        };
        match (more_e, more_a) {
            (false, false) => return Ok(true),
            (true, true) => {}
            _ => return Ok(false),
        }
        let (whole_x, whole_y) = (token(&mut e, &mut x)?, token(&mut a, &mut y)?);
        if whole_x && whole_y {
            if !flags.token_matches(&x, &y) {
                return Ok(false);
            }
            continue;
        }
        let same = |p: u8, q: u8| p == q || (!flags.case_sensitive && p.eq_ignore_ascii_case(&q));
        if x.len() != y.len() || !x.iter().zip(&y).all(|(p, q)| same(*p, *q)) {
            return Ok(false);
        }
        loop {
            match (e.token_byte()?, a.token_byte()?) {
                (None, None) => break,
                (Some(p), Some(q)) if same(p, q) => {}
                _ => return Ok(false),
            }
        }
    }
}

/// Takes the whitespace run at the front of both streams; whether the two runs are the same
/// bytes.
fn same_space<R: BufRead, S: BufRead>(e: &mut Bytes<R>, a: &mut Bytes<S>) -> io::Result<bool> {
    loop {
        let p = e.peek()?.filter(|&b| is_space(b));
        let q = a.peek()?.filter(|&b| is_space(b));
        match (p, q) {
            (None, None) => return Ok(true),
            (Some(p), Some(q)) if p == q => {
                e.bump();
                a.bump();
            }
            _ => return Ok(false),
        }
    }
}

/// Reads the current token into `buf`, at most [`FLOAT_TOKEN`] bytes; whether it was whole.
fn token<R: BufRead>(s: &mut Bytes<R>, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.clear();
    while buf.len() < FLOAT_TOKEN {
        match s.token_byte()? {
            Some(b) => buf.push(b),
            None => return Ok(true),
        }
    }
    Ok(s.peek()?.is_none_or(is_space))
}

/// Where two streams first differ by tokens (as [`crate::compare::first_difference`] finds it):
/// the 1-based line of each stream the differing token stands on, the token's place in the
/// expected line, and the two tokens' first bytes (`None`: the output ended).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub expected_line: usize,
    pub actual_line: usize,
    pub token: usize,
    pub expected: Option<Vec<u8>>,
    pub actual: Option<Vec<u8>>,
}

/// The bytes of a differing token kept to show it.
const SHOWN_TOKEN: usize = 200;

/// A token stream with its line and the token's place on it.
struct Tokens<R> {
    s: Bytes<R>,
    line: usize,
    on_line: usize,
}

impl<R: BufRead> Tokens<R> {
    /// Moves to the next token; whether there is one.
    fn advance(&mut self) -> io::Result<bool> {
        loop {
            match self.s.peek()? {
                Some(b'\n') => {
                    self.s.bump();
                    self.line += 1;
                    self.on_line = 0;
                }
                Some(b) if is_space(b) => self.s.bump(),
                Some(_) => {
                    self.on_line += 1;
                    return Ok(true);
                }
                None => return Ok(false),
            }
        }
    }
}

/// The first token where the streams differ; `None` when they have the same tokens.
pub(crate) fn first_difference(e: impl BufRead, a: impl BufRead) -> io::Result<Option<Difference>> {
    fn new<R>(r: R) -> Tokens<R> {
        Tokens {
            s: Bytes { r },
            line: 1,
            on_line: 0,
        }
    }
    let (mut e, mut a) = (new(e), new(a));
    loop {
        let (he, ha) = (e.advance()?, a.advance()?);
        if !he && !ha {
            return Ok(None);
        }
        let (mut x, mut y) = (Vec::new(), Vec::new());
        let mut differ = he != ha;
        if he && ha {
            // Both tokens read to their ends, their first bytes kept.
            loop {
                let (p, q) = (e.s.token_byte()?, a.s.token_byte()?);
                if p.is_none() && q.is_none() {
                    break;
                }
                differ |= p != q;
                for (b, kept) in [(p, &mut x), (q, &mut y)] {
                    if let Some(b) = b.filter(|_| kept.len() < SHOWN_TOKEN) {
                        kept.push(b);
                    }
                }
            }
        } else if he {
            keep_token(&mut e.s, &mut x)?;
        } else {
            keep_token(&mut a.s, &mut y)?;
        }
        if differ {
            return Ok(Some(Difference {
                expected_line: if he { e.line } else { a.line },
                actual_line: if ha { a.line } else { e.line },
                token: if he { e.on_line } else { a.on_line },
                expected: he.then_some(x),
                actual: ha.then_some(y),
            }));
        }
    }
}

/// The first bytes of the current token, to show it.
fn keep_token<R: BufRead>(s: &mut Bytes<R>, kept: &mut Vec<u8>) -> io::Result<()> {
    while kept.len() < SHOWN_TOKEN {
        match s.token_byte()? {
            Some(b) => kept.push(b),
            None => break,
        }
    }
    Ok(())
}

/// Skips the first `lines` lines of a stream.
pub(crate) fn skip_lines(r: &mut dyn BufRead, lines: usize) -> io::Result<()> {
    let mut left = lines;
    while left > 0 {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                r.consume(i + 1);
                left -= 1;
            }
            None => {
                let n = buf.len();
                r.consume(n);
            }
        }
    }
    Ok(())
}

/// Lines `from..` (1-based) of a stream, at most `most_lines` of them and `most_bytes` bytes:
/// the window a diff is drawn on.
pub(crate) fn window(
    r: impl BufRead,
    from: usize,
    most_lines: usize,
    most_bytes: usize,
) -> io::Result<Vec<u8>> {
    let mut s = Bytes { r };
    let mut line = 1;
    while line < from {
        match s.peek()? {
            None => return Ok(Vec::new()),
            Some(b) => {
                s.bump();
                line += usize::from(b == b'\n');
            }
        }
    }
    let (mut out, mut lines) = (Vec::new(), 0);
    while lines < most_lines && out.len() < most_bytes {
        match s.peek()? {
            None => break,
            Some(b) => {
                s.bump();
                out.push(b);
                lines += usize::from(b == b'\n');
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare;

    fn both(mode: CompareMode, e: &[u8], a: &[u8]) -> Verdict {
        let open_e = || -> io::Result<Box<dyn BufRead>> { Ok(Box::new(e)) };
        let open_a = || -> io::Result<Box<dyn BufRead>> { Ok(Box::new(a)) };
        let streamed = compare(mode, &open_e, &open_a).unwrap();
        // Pieces of 1 and 3 bytes: every boundary falls everywhere.
        for cap in [1, 3] {
            let open_e = || -> io::Result<Box<dyn BufRead>> {
                Ok(Box::new(io::BufReader::with_capacity(cap, e)))
            };
            let open_a = || -> io::Result<Box<dyn BufRead>> {
                Ok(Box::new(io::BufReader::with_capacity(cap, a)))
            };
            assert_eq!(compare(mode, &open_e, &open_a).unwrap(), streamed, "{cap}");
        }
        assert_eq!(
            streamed,
            compare::compare(mode, e, a),
            "{mode:?} {:?} vs {:?}",
            String::from_utf8_lossy(e),
            String::from_utf8_lossy(a)
        );
        streamed
    }

    #[test]
    fn streamed_verdicts_are_the_in_memory_verdicts() {
        let tol = CompareMode::Float(Tolerance {
            abs: 1e-6,
            rel: 1e-6,
        });
        let samples: [&[u8]; 22] = [
            b"X Y\n",
            b"0.5000001  2\r\n3\n",
            b"1 23\n",
            b"12 3\n",
            b"1 2 3",
            b"1\t2\n3\n",
            b"",
            b"\n",
            b"1 2\n3\n",
            b"1 2\n3",
            b"1 2 \r\n3\n\n\n",
            b"1  2\n3\n",
            b"1\n2\n3\n",
            b"1 2\n3\n4\n",
            b"1 2\n 3\n",
            b"1 2\n3 \t\n \n",
            b"0.5000001 2\n3\n",
            b"0.5 2\n3\n",
            b"x\0y\n",
            b"x y\n",
            b"  \n1 2\n3\n",
            b"1 2\r\n3\r\n",
        ];
        let kattis = |flags: &str| CompareMode::Kattis(KattisFlags::parse(flags).unwrap());
        let modes = [
            CompareMode::Exact,
            CompareMode::Lines,
            CompareMode::Tokens,
            tol,
            kattis(""),
            kattis("case_sensitive"),
            kattis("space_change_sensitive"),
            kattis("float_tolerance 1e-6"),
            kattis("case_sensitive space_change_sensitive float_absolute_tolerance 1e-6"),
        ];
        for mode in modes {
            for e in samples {
                for a in samples {
                    both(mode, e, a);
                }
            }
        }
        assert_eq!(both(kattis(""), b"x y\n", b"X  Y"), Verdict::Accepted);
        assert_eq!(
            both(kattis("case_sensitive"), b"x y\n", b"X Y\n"),
            Verdict::WrongAnswer
        );
        assert_eq!(
            both(kattis("space_change_sensitive"), b"x y\n", b"X  y\n"),
            Verdict::PresentationError
        );
        assert_eq!(
            both(CompareMode::Lines, b"1 2\n3\n", b"1 2  \n3\n\n"),
            Verdict::Accepted
        );
        assert_eq!(
            both(CompareMode::Lines, b"1 2\n3\n", b"1\n2 3\n"),
            Verdict::PresentationError
        );
        assert_eq!(both(tol, b"0.5", b"0.5000001"), Verdict::Accepted);
        // A token longer than FLOAT_TOKEN is compared byte for byte (a number that long is
        // the one place the two ways may differ: in memory it would parse, to infinity).
        let long = vec![b'x'; FLOAT_TOKEN + 10];
        let mut other = long.clone();
        other[FLOAT_TOKEN + 5] = b'y';
        assert_eq!(both(tol, &long, &long), Verdict::Accepted);
        assert_eq!(both(tol, &long, &other), Verdict::WrongAnswer);
    }

    #[test]
    fn the_first_difference_is_found_with_the_line_of_each_stream() {
        let d = first_difference(&b"a b\nc d\ne\n"[..], &b"a\nb c\nx\n"[..])
            .unwrap()
            .unwrap();
        assert_eq!(
            d,
            Difference {
                expected_line: 2,
                actual_line: 3,
                token: 2,
                expected: Some(b"d".to_vec()),
                actual: Some(b"x".to_vec()),
            }
        );
        let d = first_difference(&b"1\n2\n"[..], &b"1\n"[..])
            .unwrap()
            .unwrap();
        assert_eq!((d.expected_line, d.token, d.actual), (2, 1, None));
        assert_eq!(first_difference(&b"a b"[..], &b"a\nb\n"[..]).unwrap(), None);
        // It agrees with the in-memory summary's line and token.
        let m = compare::first_difference(b"a b\nc d\ne\n", b"a\nb c\nx\n").unwrap();
        assert_eq!((m.line, m.token), (2, 2));
    }

    #[test]
    fn a_window_is_bounded_by_lines_and_bytes() {
        let text = b"1\n2\n3\n4\n5\n";
        assert_eq!(window(&text[..], 2, 2, 100).unwrap(), b"2\n3\n");
        assert_eq!(window(&text[..], 4, 10, 100).unwrap(), b"4\n5\n");
        assert_eq!(window(&text[..], 9, 10, 100).unwrap(), b"");
        assert_eq!(window(&text[..], 1, 10, 3).unwrap(), b"1\n2");
    }
}
