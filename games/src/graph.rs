//! Games on an explicit graph: positions named by strings (a move program's lines), each
//! option a list of components (positions played side by side), the value of a position the
//! mex of its options' XOR-sums. Positions are explored from roots by a caller's `expand`
//! (a move program's driver feeds it); a cycle is refused with the cycle itself.

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
            GraphError::Cycle(c) => {
                write!(f, "the moves loop: {} -> {}", c.join(" -> "), c[0])
            }
            GraphError::TooMany { limit } => write!(f, "more than {limit} positions"),
            GraphError::Expand { position, error } => write!(f, "position {position:?}: {error}"),
        }
    }
}

/// The positions explored and their values.
#[derive(Debug, Clone, Default)]
pub struct Explored {
    names: Vec<String>,
    values: Vec<u32>,
    index: HashMap<String, usize>,
}

impl Explored {
    /// The value of position `name`, if it was explored.
    pub fn value(&self, name: &str) -> Option<u32> {
        self.index.get(name).map(|&i| self.values[i])
    }

    /// How many positions were explored.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether nothing was explored.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The positions in the order they were first seen, with their values.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.names
            .iter()
            .map(String::as_str)
            .zip(self.values.iter().copied())
    }
}

/// Not yet reached / on the path being explored / valued.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    Open,
    Done,
}

struct Frame {
    node: usize,
    options: Vec<Vec<usize>>,
    /// The next (option, component) to visit.
    at: (usize, usize),
}

/// Explores every position reachable from `roots` through `expand` (a position's options,
/// each a list of component positions; none: a terminal position, value 0), at most `limit`
/// positions, and values each: the mex of the XOR of its options' components' values.
pub fn evaluate<E>(
    roots: &[String],
    limit: usize,
    mut expand: impl FnMut(&str) -> Result<Vec<Vec<String>>, E>,
) -> Result<Explored, GraphError<E>> {
    let mut g = Explored::default();
    let mut state: Vec<State> = Vec::new();
    let mut intern =
        |g: &mut Explored, state: &mut Vec<State>, name: &str| -> Result<usize, GraphError<E>> {
            if let Some(&i) = g.index.get(name) {
                return Ok(i);
            }
            if g.names.len() >= limit {
                return Err(GraphError::TooMany { limit });
            }
            g.index.insert(name.to_string(), g.names.len());
            g.names.push(name.to_string());
            g.values.push(0);
            state.push(State::New);
            Ok(g.names.len() - 1)
        };
    for root in roots {
        let r = intern(&mut g, &mut state, root)?;
        if state[r] == State::Done {
            continue;
        }
        let mut stack: Vec<Frame> = Vec::new();
        open(&mut g, &mut state, &mut stack, r, &mut expand, &mut intern)?;
        while let Some(top) = stack.last_mut() {
            let (o, c) = top.at;
            if o == top.options.len() {
                let top = stack.pop().expect("a frame");
                g.values[top.node] = mex_of(&g.values, &top.options);
                state[top.node] = State::Done;
                continue;
            }
            if c == top.options[o].len() {
                top.at = (o + 1, 0);
                continue;
            }
            top.at = (o, c + 1);
            let child = top.options[o][c];
            match state[child] {
                State::Done => {}
                State::Open => {
                    let from = stack.iter().position(|f| f.node == child).expect("open");
                    let cycle = stack[from..]
                        .iter()
                        .map(|f| g.names[f.node].clone())
                        .collect();
                    return Err(GraphError::Cycle(cycle));
                }
                State::New => open(
                    &mut g,
                    &mut state,
                    &mut stack,
                    child,
                    &mut expand,
                    &mut intern,
                )?,
            }
        }
    }
    Ok(g)
}

type Intern<'a, E> =
    dyn FnMut(&mut Explored, &mut Vec<State>, &str) -> Result<usize, GraphError<E>> + 'a;

fn open<E>(
    g: &mut Explored,
    state: &mut Vec<State>,
    stack: &mut Vec<Frame>,
    node: usize,
    expand: &mut impl FnMut(&str) -> Result<Vec<Vec<String>>, E>,
    intern: &mut Intern<'_, E>,
) -> Result<(), GraphError<E>> {
    let name = g.names[node].clone();
    let raw = expand(&name).map_err(|error| GraphError::Expand {
        position: name.clone(),
        error,
    })?;
    let mut options = Vec::with_capacity(raw.len());
    for option in raw {
        let mut ids = Vec::with_capacity(option.len());
        for component in option {
            ids.push(intern(g, state, &component)?);
        }
        options.push(ids);
    }
    state[node] = State::Open;
    stack.push(Frame {
        node,
        options,
        at: (0, 0),
    });
    Ok(())
}

fn mex_of(values: &[u32], options: &[Vec<usize>]) -> u32 {
    let width = options.len().next_power_of_two().max(64) * 2;
    let mut seen = Bits::default();
    seen.clear(width);
    for o in options {
        let x = o.iter().fold(0, |x, &c| x ^ values[c]);
        // A mex is at most the number of options: larger values cannot matter.
        if (x as usize) < width {
            seen.set(x);
        }
    }
    seen.mex()
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
