//! Input validator for HDU 1524 — A Chess Game.
//! Reads one input on stdin; exits 0 if it follows the statement exactly, otherwise prints one
//! line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/hdu1524-chess-game/README.md, "Input / output"):
//! - "Several test cases, until end of input. Each starts with `N` (1 ≤ N ≤ 1000) on a line,
//!   then N lines: line i (0-based) is `X_i s_1 … s_{X_i}`, the number of out-positions of
//!   position i and the out-positions themselves." Out-positions are positions 0..N-1.
//! - The graph is "a directed acyclic graph": no position lists itself, and there is no cycle.
//!   The out-positions of one position are distinct ("a DAG has at most N(N−1)/2" edges, i.e.
//!   no edge twice), so 0 ≤ X_i ≤ N − 1.
//! - "Then queries, one a line: `M p_1 … p_M` (1 ≤ M ≤ 10) giving the positions of the
//!   chessmen; **positions may repeat**. A line `0` ends the test case's queries (a test case
//!   may have no query at all)."
//! - Blank lines: "the statement shows a blank line between the two test cases", so one blank
//!   line is allowed between two test cases, and nowhere else.
//! - Bounds the statement does not give, from the README: "This project's inputs have at most
//!   1000 test cases, at most 20 000 queries and at most 500 000 edges in all (one complete DAG
//!   on 1000 positions has 499 500), and at least one test case": 1 ≤ tests ≤ 1000,
//!   Σ queries ≤ 20 000, Σ edges ≤ 500 000 per input.
//! - Every line: tokens separated by single spaces, no leading/trailing space, ends with `\n`
//!   (no CR). Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_N: u64 = 1000;
const MAX_M: u64 = 10;
const MAX_TESTS: u64 = 1000;
const MAX_QUERIES: u64 = 20_000;
const MAX_EDGES: u64 = 500_000;

fn fail(msg: String) -> ! {
    eprintln!("{}", msg);
    exit(1);
}

/// A byte as it is named in messages.
fn describe(b: Option<u8>) -> String {
    match b {
        None => "end of file".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(b'\r') => "a carriage return (CR)".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(c) if c.is_ascii_graphic() => format!("`{}`", c as char),
        Some(c) => format!("byte 0x{:02x}", c),
    }
}

/// The input with a cursor that knows its line and column (both from 1).
struct Reader {
    buf: Vec<u8>,
    pos: usize,
    line: usize,
    col: usize,
}

impl Reader {
    fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    fn fail_here(&self, what: String) -> ! {
        fail(format!("line {}, column {}: {}", self.line, self.col, what))
    }

    fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.pos += 1;
    }

    fn space(&mut self) {
        if self.peek() != Some(b' ') {
            self.fail_here(format!("expected a space, found {}", describe(self.peek())));
        }
        self.bump();
    }

    fn newline(&mut self) {
        if self.peek() != Some(b'\n') {
            self.fail_here(format!(
                "expected end of line, found {}",
                describe(self.peek())
            ));
        }
        self.bump();
    }

    /// An unsigned decimal integer named `name`: its text and value (u64::MAX if it has more
    /// than 18 digits, so that any range check rejects it).
    fn token(&mut self, name: &str) -> (String, u64) {
        let (line, col, start) = (self.line, self.col, self.pos);
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        let tok = &self.buf[start..self.pos];
        if tok.is_empty() {
            fail(format!(
                "line {}, column {}: expected the integer {}, found {}",
                line,
                col,
                name,
                describe(self.peek())
            ));
        }
        let text = String::from_utf8_lossy(tok).into_owned();
        if tok.len() > 1 && tok[0] == b'0' {
            fail(format!(
                "line {}, column {}: {} = {} has a leading zero",
                line, col, name, text
            ));
        }
        let v = if tok.len() > 18 {
            u64::MAX
        } else {
            text.parse::<u64>().unwrap()
        };
        (text, v)
    }
}

/// A cycle of the graph as "a -> b -> … -> a", if it has one (Kahn's algorithm: the positions
/// never freed lie on or lead into a cycle; walking along such positions finds one).
fn find_cycle(succ: &[Vec<usize>]) -> Option<String> {
    let n = succ.len();
    let mut indeg = vec![0usize; n];
    for s in succ {
        for &w in s {
            indeg[w] += 1;
        }
    }
    let mut stack: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut freed = vec![false; n];
    while let Some(v) = stack.pop() {
        freed[v] = true;
        for &w in &succ[v] {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                stack.push(w);
            }
        }
    }
    let start = (0..n).find(|&v| !freed[v])?;
    // Every unfreed position has an unfreed predecessor; walk backwards until a repeat.
    let mut pred = vec![usize::MAX; n];
    for v in 0..n {
        for &w in &succ[v] {
            if !freed[v] && !freed[w] {
                pred[w] = v;
            }
        }
    }
    let mut order = vec![usize::MAX; n];
    let mut path = Vec::new();
    let mut v = start;
    while order[v] == usize::MAX {
        order[v] = path.len();
        path.push(v);
        v = pred[v];
    }
    let mut cycle: Vec<usize> = path[order[v]..].to_vec();
    cycle.reverse(); // pred links point backwards
    cycle.push(cycle[0]);
    let names: Vec<String> = cycle.iter().map(|v| v.to_string()).collect();
    Some(names.join(" -> "))
}

fn main() {
    let mut buf = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
        fail(format!("cannot read stdin: {}", e));
    }
    if buf.is_empty() {
        fail("line 1: the input is empty, expected at least one test case".to_string());
    }
    let mut r = Reader {
        buf,
        pos: 0,
        line: 1,
        col: 1,
    };
    let (mut tests, mut queries, mut edges) = (0u64, 0u64, 0u64);
    while r.peek().is_some() {
        if tests > 0 && r.peek() == Some(b'\n') {
            // The one blank line allowed between two test cases.
            let blank = r.line;
            r.newline();
            match r.peek() {
                None => fail(format!(
                    "line {}: a blank line at the end of the input",
                    blank
                )),
                Some(b'\n') => fail(format!(
                    "line {}: a second blank line between test cases (at most one)",
                    r.line
                )),
                _ => {}
            }
        }
        tests += 1;
        let test_line = r.line;
        if tests > MAX_TESTS {
            fail(format!(
                "line {}: {} tests, at most {}",
                test_line, tests, MAX_TESTS
            ));
        }
        let (text, n) = r.token("N");
        if !(1..=MAX_N).contains(&n) {
            fail(format!(
                "line {}: N = {} is out of 1..={}",
                test_line, text, MAX_N
            ));
        }
        r.newline();
        let n = n as usize;
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        // listed[w] = 1 + the index of w in the current line's list, 0 if not listed.
        let mut listed = vec![0usize; n];
        for (i, out) in succ.iter_mut().enumerate() {
            let line = r.line;
            let (text, x) = r.token(&format!("X_{}", i));
            if x > n as u64 - 1 {
                fail(format!(
                    "line {}: X_{} = {} is out of 0..={}",
                    line,
                    i,
                    text,
                    n - 1
                ));
            }
            edges += x;
            if edges > MAX_EDGES {
                fail(format!(
                    "line {}: {} edges so far, at most {} in all",
                    line, edges, MAX_EDGES
                ));
            }
            for j in 1..=x as usize {
                r.space();
                let name = format!("out-position {} of position {}", j, i);
                let (text, w) = r.token(&name);
                if w >= n as u64 {
                    fail(format!(
                        "line {}: {} = {} is out of 0..={}",
                        line,
                        name,
                        text,
                        n - 1
                    ));
                }
                let w = w as usize;
                if w == i {
                    fail(format!(
                        "line {}: position {} lists itself as an out-position (a cycle)",
                        line, i
                    ));
                }
                if listed[w] != 0 {
                    fail(format!(
                        "line {}: {} = {} repeats out-position {} (an edge listed twice)",
                        line, name, w, listed[w]
                    ));
                }
                listed[w] = j;
                out.push(w);
            }
            r.newline();
            for &w in out.iter() {
                listed[w] = 0;
            }
        }
        if let Some(cycle) = find_cycle(&succ) {
            fail(format!(
                "line {}: the graph of the test case starting here is not acyclic: {}",
                test_line, cycle
            ));
        }
        loop {
            let line = r.line;
            let (text, m) = r.token("M");
            if m == 0 {
                r.newline();
                break;
            }
            if m > MAX_M {
                fail(format!(
                    "line {}: M = {} is out of 1..={} (0 ends the queries)",
                    line, text, MAX_M
                ));
            }
            queries += 1;
            if queries > MAX_QUERIES {
                fail(format!(
                    "line {}: {} queries, at most {} in all",
                    line, queries, MAX_QUERIES
                ));
            }
            for j in 1..=m {
                r.space();
                let name = format!("p_{}", j);
                let (text, p) = r.token(&name);
                if p >= n as u64 {
                    fail(format!(
                        "line {}: {} = {} is out of 0..={}",
                        line,
                        name,
                        text,
                        n - 1
                    ));
                }
            }
            r.newline();
        }
    }
}
