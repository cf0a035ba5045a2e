//! Input validator for dag-interactive (a local interactive problem): the test input is the
//! position the interactor sends. Reads one input on stdin; exits 0 if it follows the statement
//! exactly, otherwise prints one line "line L[, column C]: what" to stderr and exits 1.
//!
//! Format (problems/dag-interactive/README.md, "Test input"):
//! - line 1: `N`, 1 ≤ N ≤ 1000;
//! - N lines, line i (0-based node i): `X_i s_1 … s_{X_i}`, the out-positions of node i: distinct,
//!   in 0..N−1, not i itself (so 0 ≤ X_i ≤ N − 1); the graph is acyclic;
//! - one line `M p_1 … p_M`, 1 ≤ M ≤ 10, 0 ≤ p_j ≤ N − 1 (the tokens' nodes; repeats allowed);
//! - nothing else. Every line: tokens separated by single spaces, no space at either end, ended
//!   by `\n` (no CR, no tab, no blank line). Integers: decimal digits, no sign, no leading zero.
use std::io::Read;
use std::process::exit;

const MAX_N: u64 = 1000;
const MAX_M: u64 = 10;

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
    let mut r = Reader {
        buf,
        pos: 0,
        line: 1,
        col: 1,
    };
    let (text, n) = r.token("N");
    if !(1..=MAX_N).contains(&n) {
        fail(format!("line 1: N = {} is out of 1..={}", text, MAX_N));
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
        for j in 1..=x as usize {
            r.space();
            let name = format!("out-position {} of node {}", j, i);
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
                    "line {}: node {} lists itself as an out-position (a cycle)",
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
        fail(format!("the graph is not acyclic: {}", cycle));
    }
    let line = r.line;
    let (text, m) = r.token("M");
    if !(1..=MAX_M).contains(&m) {
        fail(format!(
            "line {}: M = {} is out of 1..={}",
            line, text, MAX_M
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
    if r.peek().is_some() {
        r.fail_here(format!(
            "expected end of file after the tokens' line, found {}",
            describe(r.peek())
        ));
    }
}
