//! The heap games this crate knows and their moves: the [`HeapRule`] trait (the options of a
//! heap of n tokens, each a list of heaps) that the naive engine, the brute force in the tests
//! and a generator of Rust source all read.

use std::fmt;

use crate::code::{Base, Code};

/// The rule of a heap game: what a heap of `n` tokens may become.
pub trait HeapRule {
    /// The most heaps one move leaves (1 when no move splits).
    fn max_heaps(&self) -> usize;

    /// Calls `each` once per option of a heap of `n` tokens with the heaps it leaves (each
    /// non-empty; none when the move takes the whole heap). An option may be given more than
    /// once.
    fn options(&self, n: usize, each: &mut dyn FnMut(&[usize]));

    /// A std-only Rust function `fn options(n: usize) -> Vec<Vec<usize>>` with the same options,
    /// written from the rule (for a generated brute force).
    fn rust_options(&self) -> String;
}

/// An infinite subtraction set given by its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// 1, 2, 4, 8, …
    PowersOf2,
    /// The distinct Fibonacci numbers 1, 2, 3, 5, 8, … (F(2), F(3), …: 1 once).
    Fibonacci,
    /// 1, 4, 9, 16, …
    Squares,
}

impl Rule {
    /// The rule's name in a game.toml and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::PowersOf2 => "powers-of-2",
            Rule::Fibonacci => "fibonacci",
            Rule::Squares => "squares",
        }
    }

    /// The members of the set up to `n`, ascending.
    pub fn members_upto(self, n: usize) -> Vec<usize> {
        let mut out = Vec::new();
        match self {
            Rule::PowersOf2 => {
                let mut s = 1usize;
                while s <= n {
                    out.push(s);
                    s = match s.checked_mul(2) {
                        Some(x) => x,
                        None => break,
                    };
                }
            }
            Rule::Fibonacci => {
                let (mut a, mut b) = (1usize, 2usize);
                while a <= n {
                    out.push(a);
                    let c = a.saturating_add(b);
                    (a, b) = (b, c);
                }
            }
            Rule::Squares => {
                let mut k = 1usize;
                while k.saturating_mul(k) <= n {
                    out.push(k * k);
                    k += 1;
                }
            }
        }
        out
    }
}

/// What kind of game a description is, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A take-and-break code, as written.
    Code(Code),
    /// A finite subtraction set (ascending, distinct, each ≥ 1).
    Subtract(Vec<usize>),
    /// Subtract any positive number (Nim: the code 0.[3]).
    SubtractAll,
    /// Subtract any positive number but these.
    AllBut(Vec<usize>),
    /// An infinite subtraction set by rule.
    SubtractRule(Rule),
    /// Grundy's game: split a heap into two unequal non-empty heaps (CGSuite: `4!.0`).
    Grundy,
}

/// A heap game: its kind and, where it is one, its take-and-break code (a finite subtraction
/// set S is the code with digit 3 at each j in S; "all but" a set is an infinite code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The game as described.
    pub kind: Kind,
    /// Its name, when the file gave one.
    pub title: Option<String>,
}

impl Game {
    /// A game of `kind`, untitled.
    pub fn new(kind: Kind) -> Game {
        Game { kind, title: None }
    }

    /// The take-and-break code the game is, when it is one.
    pub fn code(&self) -> Option<Code> {
        match &self.kind {
            Kind::Code(c) => Some(c.clone()),
            Kind::Subtract(s) => {
                let mut digits = vec![0u8; s.last().map_or(1, |&m| m + 1)];
                for &j in s {
                    digits[j] = 3;
                }
                Some(Code::from_parts(digits, Vec::new(), Base::Octal))
            }
            Kind::SubtractAll => Some(Code::from_parts(vec![0], vec![3], Base::Octal)),
            Kind::AllBut(s) => {
                let mut digits = vec![3u8; s.last().map_or(1, |&m| m + 1)];
                digits[0] = 0;
                for &j in s {
                    digits[j] = 0;
                }
                Some(Code::from_parts(digits, vec![3], Base::Octal))
            }
            Kind::SubtractRule(_) | Kind::Grundy => None,
        }
    }

    /// The kind as words: "take-and-break code", "subtraction set", …
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            Kind::Code(_) => "take-and-break code",
            Kind::Subtract(_) => "subtraction set",
            Kind::SubtractAll => "subtract any number (Nim)",
            Kind::AllBut(_) => "all-but subtraction set",
            Kind::SubtractRule(_) => "subtraction set by rule",
            Kind::Grundy => "Grundy's game",
        }
    }

    fn rule(&self) -> Box<dyn HeapRule + '_> {
        match (&self.kind, self.code()) {
            (_, Some(code)) => Box::new(code),
            (Kind::SubtractRule(r), None) => Box::new(*r),
            _ => Box::new(GrundyRule),
        }
    }
}

fn list(s: &[usize]) -> String {
    s.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Code(c) => write!(f, "{c}"),
            Kind::Subtract(s) => write!(f, "subtract {{{}}}", list(s)),
            Kind::SubtractAll => write!(f, "subtract any number"),
            Kind::AllBut(s) => write!(f, "subtract any number but {{{}}}", list(s)),
            Kind::SubtractRule(r) => write!(f, "subtract {}", r.name()),
            Kind::Grundy => write!(f, "4!.0"),
        }
    }
}

impl HeapRule for Game {
    fn max_heaps(&self) -> usize {
        self.rule().max_heaps()
    }
    fn options(&self, n: usize, each: &mut dyn FnMut(&[usize])) {
        self.rule().options(n, each)
    }
    fn rust_options(&self) -> String {
        self.rule().rust_options()
    }
}

impl HeapRule for Code {
    fn max_heaps(&self) -> usize {
        Code::max_heaps(self)
    }

    fn options(&self, n: usize, each: &mut dyn FnMut(&[usize])) {
        for (j, d) in self.moves_upto(n) {
            let rest = n - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                each(&[]);
            }
            if d & 2 != 0 && rest >= 1 && j > 0 {
                each(&[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    each(&[a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        each(&[a, b, rest - a - b]);
                    }
                }
            }
        }
    }

    fn rust_options(&self) -> String {
        let digits: Vec<u8> = (0..self.finite_len()).map(|j| self.digit(j)).collect();
        format!(
            "/// The options of a heap of n tokens under the take-and-break code {self}: digit d_j \
             of removing j tokens,\n/// bit 1 leave nothing, 2 one heap, 4 two, 8 three \
             (heaps non-empty).\nfn options(n: usize) -> Vec<Vec<usize>> {{\n    \
             const DIGITS: &[u8] = &{digits:?};\n    const GROUP: &[u8] = &{group:?};\n    \
             let digit = |j: usize| match DIGITS.get(j) {{\n        Some(&d) => d,\n        \
             None if GROUP.is_empty() => 0,\n        None => GROUP[(j - DIGITS.len()) % \
             GROUP.len()],\n    }};\n    let mut out = Vec::new();\n    for j in 0..=n {{\n        \
             let (d, rest) = (digit(j), n - j);\n        if d & 1 != 0 && rest == 0 && j > 0 {{\n            \
             out.push(vec![]);\n        }}\n        if d & 2 != 0 && rest >= 1 && j > 0 {{\n            \
             out.push(vec![rest]);\n        }}\n        if d & 4 != 0 {{\n            \
             for a in 1..=rest / 2 {{\n                out.push(vec![a, rest - a]);\n            }}\n        \
             }}\n        if d & 8 != 0 {{\n            for a in 1..=rest / 3 {{\n                \
             for b in a..=(rest - a) / 2 {{\n                    out.push(vec![a, b, rest - a - b]);\n                \
             }}\n            }}\n        }}\n    }}\n    out\n}}\n",
            group = self.group(),
        )
    }
}

impl HeapRule for Rule {
    fn max_heaps(&self) -> usize {
        1
    }

    fn options(&self, n: usize, each: &mut dyn FnMut(&[usize])) {
        for s in self.members_upto(n) {
            if s == n {
                each(&[]);
            } else {
                each(&[n - s]);
            }
        }
    }

    fn rust_options(&self) -> String {
        let members = match self {
            Rule::PowersOf2 => "    let mut s = 1;\n    while s <= n {\n        set.push(s);\n        s *= 2;\n    }\n",
            Rule::Fibonacci => "    let (mut a, mut b) = (1, 2);\n    while a <= n {\n        set.push(a);\n        let c = a + b;\n        a = b;\n        b = c;\n    }\n",
            Rule::Squares => "    let mut k = 1;\n    while k * k <= n {\n        set.push(k * k);\n        k += 1;\n    }\n",
        };
        format!(
            "/// The options of a heap of n tokens: subtract one of the {name} (1 once).\n\
             fn options(n: usize) -> Vec<Vec<usize>> {{\n    let mut set: Vec<usize> = Vec::new();\n\
             {members}    set.iter()\n        .map(|&s| if s == n {{ vec![] }} else {{ vec![n - s] }})\n        \
             .collect()\n}}\n",
            name = self.name()
        )
    }
}

/// Grundy's game: split one heap into two unequal non-empty heaps.
struct GrundyRule;

impl HeapRule for GrundyRule {
    fn max_heaps(&self) -> usize {
        2
    }

    fn options(&self, n: usize, each: &mut dyn FnMut(&[usize])) {
        for a in 1..n.div_ceil(2) {
            each(&[a, n - a]);
        }
    }

    fn rust_options(&self) -> String {
        "/// The options of a heap of n tokens in Grundy's game: two unequal non-empty heaps.\n\
         fn options(n: usize) -> Vec<Vec<usize>> {\n    \
         (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect()\n}\n"
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(g: &Game, n: usize) -> Vec<Vec<usize>> {
        let mut v = Vec::new();
        g.options(n, &mut |o| v.push(o.to_vec()));
        v.sort();
        v
    }

    #[test]
    fn rules_by_convention() {
        assert_eq!(Rule::Fibonacci.members_upto(13), [1, 2, 3, 5, 8, 13]);
        assert_eq!(Rule::PowersOf2.members_upto(9), [1, 2, 4, 8]);
        assert_eq!(Rule::Squares.members_upto(16), [1, 4, 9, 16]);
    }

    #[test]
    fn codes_of_subtraction_sets() {
        let g = Game::new(Kind::Subtract(vec![2, 3, 7]));
        assert_eq!(g.code().unwrap().to_string(), "0.0330003");
        let g = Game::new(Kind::AllBut(vec![1, 3]));
        assert_eq!(g.code().unwrap().to_string(), "0.030[3]");
        assert_eq!(opts(&g, 4), vec![vec![], vec![2]]);
        let nim = Game::new(Kind::SubtractAll);
        assert_eq!(nim.code().unwrap().to_string(), "0.[3]");
    }

    #[test]
    fn grundy_splits_unequally() {
        let g = Game::new(Kind::Grundy);
        assert_eq!(opts(&g, 4), vec![vec![1, 3]]);
        assert_eq!(opts(&g, 5), vec![vec![1, 4], vec![2, 3]]);
        assert!(opts(&g, 2).is_empty());
    }

    #[test]
    fn kayles_options() {
        let g = Game::new(Kind::Code(Code::parse("0.77", Base::Octal).unwrap()));
        assert_eq!(
            opts(&g, 3),
            vec![vec![1], vec![1, 1], vec![2]],
            "remove 1 or 2, from the end or the middle"
        );
    }
}
