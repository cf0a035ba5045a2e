//! Games on an explicit graph: positions named by strings (a move program's lines), each
//! option a list of components (positions played side by side), the value of a position the
//! mex of its options' XOR-sums.
//!
//! [`Moves`] holds a graph as a caller fills it (names interned to numbers, the options of each
//! position in one flat list: a few bytes an option, not a structure per position), and
//! [`Moves::values`] values it; a cycle is refused with the cycle itself. [`evaluate`] explores
//! a graph from roots by a caller's `expand` and values it.

use std::collections::HashMap;
use std::fmt;

use crate::values::Bits;

/// Why a graph could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError<E> {
    /// The moves loop: these positions, each an option's component of the one before, and
    /// the last of the first.
    Cycle(Vec<String>),
    /// More positions than the limit.
    TooMany {
        /// The limit.
        limit: usize,
    },
    /// `expand` failed on a position.
    Expand {
        /// The position.
        position: String,
        /// The caller's error.
        error: E,
    },
}

impl<E: fmt::Display> fmt::Display for GraphError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Cycle(c) => write!(f, "{}", cycle_text(c)),
            GraphError::TooMany { limit } => write!(f, "more than {limit} positions"),
            GraphError::Expand { position, error } => write!(f, "position {position:?}: {error}"),
        }
    }
}

/// A cycle in words: "the moves loop: y -> z -> y".
pub fn cycle_text(cycle: &[String]) -> String {
    match cycle.first() {
        Some(first) => format!("the moves loop: {} -> {first}", cycle.join(" -> ")),
        None => "the moves loop".to_string(),
    }
}

/// More positions than a limit allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany {
    /// The limit.
    pub limit: usize,
}

/// A game graph as a caller fills it: positions by name, numbered in the order first seen, and
/// for each position explored its options, each a list of component positions.
#[derive(Debug, Clone, Default)]
pub struct Moves {
    names: Vec<String>,
    index: HashMap<String, u32>,
    /// Per position: the range of its options in `option_ends`, once explored.
    options: Vec<Option<(u32, u32)>>,
    /// Per option: where its components end in `components`.
    option_ends: Vec<usize>,
    components: Vec<u32>,
}

impl Moves {
    /// The number of `name`, added (unexplored) if it is new; more than `limit` positions is
    /// an error.
    pub fn intern(&mut self, name: &str, limit: usize) -> Result<u32, TooMany> {
        if let Some(&i) = self.index.get(name) {
            return Ok(i);
        }
        if self.names.len() >= limit || self.names.len() >= u32::MAX as usize {
            return Err(TooMany { limit });
        }
        let i = self.names.len() as u32;
        self.index.insert(name.to_string(), i);
        self.names.push(name.to_string());
        self.options.push(None);
        Ok(i)
    }

    /// The number of `name`, if it was seen.
    pub fn id(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The name of position `id`.
    pub fn name(&self, id: u32) -> &str {
        &self.names[id as usize]
    }

    /// How many positions were seen.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether no position was seen.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// How many options were given, over every position.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// Whether the options of `id` were given.
    pub fn is_explored(&self, id: u32) -> bool {
        self.options[id as usize].is_some()
    }

    /// Adds one option (its components) to the position being explored; [`Moves::explored`]
    /// then closes it.
    pub fn push_option(&mut self, components: &[u32]) {
        self.components.extend_from_slice(components);
        self.option_ends.push(self.components.len());
    }

    /// Closes the options of `id`: the options pushed since `first` (the [`Moves::option_count`]
    /// before the first of them) are its.
    pub fn explored(&mut self, id: u32, first: usize) {
        self.options[id as usize] = Some((first as u32, self.option_ends.len() as u32));
    }

    /// The options of `id` (none when it was not explored), each its components.
    pub fn options_of(&self, id: u32) -> impl Iterator<Item = &[u32]> + '_ {
        let (from, to) = self.options[id as usize].unwrap_or((0, 0));
        (from as usize..to as usize).map(move |o| {
            let start = if o == 0 { 0 } else { self.option_ends[o - 1] };
            &self.components[start..self.option_ends[o]]
        })
    }

    /// The values of every position reachable from `roots` (indexed by position; the others
    /// 0), each the mex of its options' XOR-sums (a position not explored has no option), or
    /// the cycle its moves make (position numbers, each a component of an option of the one
    /// before, the last leading back to the first).
    pub fn values(&self, roots: &[u32]) -> Result<Vec<u32>, Vec<u32>> {
        let n = self.names.len();
        let mut values = vec![0u32; n];
        let mut state = vec![State::New; n];
        let mut stack: Vec<Frame> = Vec::new();
        let mut seen = Bits::default();
        for &root in roots {
            if state[root as usize] != State::New {
                continue;
            }
            state[root as usize] = State::Open;
            stack.push(self.frame(root));
            while let Some(top) = stack.last_mut() {
                let Some(child) = self.next_child(top) else {
                    let top = stack.pop().expect("a frame");
                    values[top.node as usize] = self.mex(top.node, &values, &mut seen);
                    state[top.node as usize] = State::Done;
                    continue;
                };
                match state[child as usize] {
                    State::Done => {}
                    State::Open => {
                        let from = stack.iter().position(|f| f.node == child).expect("open");
                        return Err(stack[from..].iter().map(|f| f.node).collect());
                    }
                    State::New => {
                        state[child as usize] = State::Open;
                        stack.push(self.frame(child));
                    }
                }
            }
        }
        Ok(values)
    }

    fn frame(&self, node: u32) -> Frame {
        let (from, to) = self.options[node as usize].unwrap_or((0, 0));
        let start = |o: u32| {
            if o == 0 {
                0
            } else {
                self.option_ends[o as usize - 1]
            }
        };
        Frame {
            node,
            at: start(from),
            end: start(to),
        }
    }

    /// The next component to visit from `top` (every component of every option, in order).
    fn next_child(&self, top: &mut Frame) -> Option<u32> {
        if top.at == top.end {
            return None;
        }
        top.at += 1;
        Some(self.components[top.at - 1])
    }

    fn mex(&self, node: u32, values: &[u32], seen: &mut Bits) -> u32 {
        let (from, to) = self.options[node as usize].unwrap_or((0, 0));
        let count = (to - from) as usize;
        // A mex is at most the number of options: larger values cannot matter.
        let width = (count + 1).next_power_of_two().max(64);
        seen.clear(width);
        for option in self.options_of(node) {
            let x = option.iter().fold(0, |x, &c| x ^ values[c as usize]);
            if (x as usize) < width {
                seen.set(x);
            }
        }
        seen.mex()
    }
}

/// Not yet reached / on the path being explored / valued.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    Open,
    Done,
}

/// A position on the path: the components of its options still to visit, `at..end` of
/// [`Moves`]' flat list.
struct Frame {
    node: u32,
    at: usize,
    end: usize,
}

/// The positions explored and their values.
#[derive(Debug, Clone, Default)]
pub struct Explored {
    moves: Moves,
    values: Vec<u32>,
}

impl Explored {
    /// The value of position `name`, if it was explored.
    pub fn value(&self, name: &str) -> Option<u32> {
        self.moves.id(name).map(|i| self.values[i as usize])
    }

    /// How many positions were explored.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether nothing was explored.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The positions in the order they were first seen, with their values.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.moves
            .names
            .iter()
            .map(String::as_str)
            .zip(self.values.iter().copied())
    }
}

/// Explores every position reachable from `roots` through `expand` (a position's options,
/// each a list of component positions; none: a terminal position, value 0), at most `limit`
/// positions, and values each: the mex of the XOR of its options' components' values.
pub fn evaluate<E>(
    roots: &[String],
    limit: usize,
    mut expand: impl FnMut(&str) -> Result<Vec<Vec<String>>, E>,
) -> Result<Explored, GraphError<E>> {
    let mut moves = Moves::default();
    let too_many = |t: TooMany| GraphError::TooMany { limit: t.limit };
    let mut root_ids = Vec::with_capacity(roots.len());
    for r in roots {
        root_ids.push(moves.intern(r, limit).map_err(too_many)?);
    }
    // Positions are numbered in the order first seen, so exploring them in number order
    // explores each once.
    let mut next = 0;
    while next < moves.len() as u32 {
        let name = moves.name(next).to_string();
        let raw = expand(&name).map_err(|error| GraphError::Expand {
            position: name.clone(),
            error,
        })?;
        let first = moves.option_count();
        let mut ids = Vec::new();
        for option in raw {
            ids.clear();
            for component in option {
                ids.push(moves.intern(&component, limit).map_err(too_many)?);
            }
            moves.push_option(&ids);
        }
        moves.explored(next, first);
        next += 1;
    }
    match moves.values(&root_ids) {
        Ok(values) => Ok(Explored { moves, values }),
        Err(cycle) => Err(GraphError::Cycle(
            cycle.iter().map(|&i| moves.name(i).to_string()).collect(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subtraction(n: &str) -> Result<Vec<Vec<String>>, String> {
        let n: usize = n.parse().map_err(|_| "not a number".to_string())?;
        Ok([1, 2]
            .iter()
            .filter(|&&s| s <= n)
            .map(|s| vec![(n - s).to_string()])
            .collect())
    }

    #[test]
    fn values_by_mex() {
        let e = evaluate(&["10".to_string()], 100, subtraction).unwrap();
        for n in 0..=10 {
            assert_eq!(e.value(&n.to_string()), Some(n % 3), "heap {n}");
        }
        assert_eq!(e.len(), 11);
    }

    #[test]
    fn components_are_xored() {
        // "a" splits into two copies of "b"; "b" moves to the end: G(b) = 1, G(a) = mex{0} = 1.
        let e = evaluate(&["a".to_string()], 10, |p: &str| -> Result<_, String> {
            Ok(match p {
                "a" => vec![vec!["b".to_string(), "b".to_string()]],
                "b" => vec![vec![]],
                _ => vec![],
            })
        })
        .unwrap();
        assert_eq!((e.value("a"), e.value("b")), (Some(1), Some(1)));
    }

    #[test]
    fn a_cycle_is_refused_with_the_cycle() {
        let err = evaluate(&["x".to_string()], 10, |p: &str| -> Result<_, String> {
            Ok(match p {
                "x" => vec![vec!["y".to_string()]],
                "y" => vec![vec!["z".to_string()], vec![]],
                _ => vec![vec!["y".to_string()]],
            })
        })
        .unwrap_err();
        assert_eq!(err, GraphError::Cycle(vec!["y".into(), "z".into()]));
        assert_eq!(err.to_string(), "the moves loop: y -> z -> y");
    }

    #[test]
    fn bounded() {
        let err = evaluate(&["0".to_string()], 50, |p: &str| -> Result<_, String> {
            let n: u64 = p.parse().unwrap();
            Ok(vec![vec![(n + 1).to_string()]])
        })
        .unwrap_err();
        assert_eq!(err, GraphError::TooMany { limit: 50 });
    }
}
