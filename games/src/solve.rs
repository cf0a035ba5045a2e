//! The driver: computes G(0), G(1), … with the engine the game calls for, widens the storage
//! when a value outgrows it, looks for the period at checkpoints while it computes (doubling,
//! or the exact count a candidate period's proof needs) and stops as soon as the proof closes,
//! at `max` values, or when the caller cancels (keeping what it computed).

use std::time::Instant;

use crate::code::Code;
use crate::game::{Game, Kind};
use crate::naive::{CodeNaive, RuleNaive};
use crate::period::{self, Bound, Period, Theory};
use crate::report::{self, Report, Stopped};
use crate::sparse::Sparse;
use crate::values::{Nimber, Values};

/// What the caller sees of a computation while it lasts: cancellation (Ctrl-C) and progress.
pub trait Observer {
    /// Whether to stop now (what is computed is kept and reported).
    fn cancelled(&self) -> bool {
        false
    }
    /// `done` values of at most `max` are computed.
    fn progress(&self, _done: usize, _max: usize) {}
}

/// An observer that never cancels and ignores progress.
pub struct Quiet;
impl Observer for Quiet {}

/// The largest `max` accepted (heap sizes are kept as u32 by the sparse method).
pub const MAX_VALUES: usize = u32::MAX as usize;

/// The default number of values to compute at most: 10^6 for a finite code (its proof usually
/// closes well before), 10^4 for the games no theorem covers (their naive engines cost a pass
/// over the heaps per value), 10^3 for an infinite code whose repeated group splits (cubic).
pub fn default_max(game: &Game) -> usize {
    match game.code() {
        Some(c) if c.is_finite() => 1_000_000,
        Some(c) if c.group_splits() => 1_000,
        _ => 10_000,
    }
}

pub(crate) fn theory(game: &Game) -> Theory {
    match (&game.kind, game.code()) {
        (_, Some(c)) if c.is_finite() => Theory::Octal(Bound {
            heaps: c.max_heaps(),
            largest_removal: c.largest_removal().unwrap_or(0),
        }),
        (Kind::AllBut(_), _) => Theory::None(
            "no bound is checked for infinite codes (all-but subtraction games are \
             arithmetic-periodic by A. Siegel's theorem, but these numbers are not proven here)"
                .into(),
        ),
        (_, Some(_)) => Theory::None("no bound is checked for infinite codes".into()),
        (Kind::SubtractRule(_), None) => {
            Theory::None("no theorem covers infinite subtraction sets".into())
        }
        _ => Theory::None("no theorem covers Grundy's game (it is not a code)".into()),
    }
}

/// Whether arithmetic periods (a saltus) are looked for: hexadecimal and infinite codes only
/// (finite octal codes are never arithmetic-periodic: Horrocks and Nowakowski).
pub(crate) fn arithmetic(game: &Game) -> bool {
    match game.code() {
        Some(c) => !c.is_finite() || c.is_hexadecimal(),
        None => false,
    }
}

enum Engine {
    Sparse(Box<Sparse>),
    Code(CodeNaive),
    Rule(RuleNaive),
}

impl Engine {
    fn new<T: Nimber>(game: &Game, g: &[T]) -> (Engine, String) {
        match game.code() {
            Some(c) if c.is_finite() && c.max_heaps() == 2 => {
                (Engine::Sparse(Box::new(Sparse::new(&c, g))), String::new())
            }
            Some(c) => (Engine::Code(CodeNaive::new(&c, g)), naive_why(&c)),
            None => (
                Engine::Rule(RuleNaive::new(game, g)),
                format!(
                    "naive: the sparse method is for codes ({})",
                    game.kind_name()
                ),
            ),
        }
    }

    fn value<T: Nimber>(&mut self, g: &[T]) -> u32 {
        match self {
            Engine::Sparse(s) => s.value(g),
            Engine::Code(c) => c.value(g),
            Engine::Rule(r) => r.value(g),
        }
    }

    fn sparse(&self) -> Option<&Sparse> {
        match self {
            Engine::Sparse(s) => Some(s),
            _ => None,
        }
    }
}

fn naive_why(c: &Code) -> String {
    if !c.is_finite() {
        "naive: an infinite code (the sparse method here is for finite codes)".into()
    } else if c.max_heaps() == 3 {
        "naive: the code leaves three heaps (the sparse method here is for two)".into()
    } else if c.max_heaps() == 1 {
        "naive: the code never splits (a pass over t digits a value; nothing to gain)".into()
    } else {
        unreachable!("a finite code splitting in two is the sparse engine's")
    }
}

/// The computation's state across widenings.
struct State {
    max: usize,
    stop_when_proven: bool,
    bound: Option<Bound>,
    arithmetic: bool,
    next_check: usize,
    proven: Option<Period>,
    stopped: Stopped,
    sparse_values: usize,
    naive_values: usize,
    why: String,
}

enum Flow {
    Done,
    Overflow,
}

/// How far to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// Values to compute at most: G(0) … G(max − 1).
    pub max: usize,
    /// Stop as soon as the period's proof closes (else compute all `max` values, the proof
    /// still given: for timing an engine, or a table to a fixed size).
    pub stop_when_proven: bool,
}

/// Computes the nim-values of `game`, at most `max` of them (G(0) … G(max − 1)), stopping
/// early when the period is proven or `observer` cancels; the report says which.
pub fn solve(game: &Game, max: usize, observer: &dyn Observer) -> Report {
    let request = Request {
        max,
        stop_when_proven: true,
    };
    solve_with(game, &request, observer)
}

/// [`solve`], as `request` says.
pub fn solve_with(game: &Game, request: &Request, observer: &dyn Observer) -> Report {
    let started = Instant::now();
    let max = request.max.clamp(1, MAX_VALUES);
    let theory = theory(game);
    let mut st = State {
        max,
        stop_when_proven: request.stop_when_proven,
        bound: match &theory {
            Theory::Octal(b) => Some(*b),
            Theory::None(_) => None,
        },
        arithmetic: arithmetic(game),
        next_check: 16,
        proven: None,
        stopped: Stopped::Max,
        sparse_values: 0,
        naive_values: 0,
        why: String::new(),
    };
    let mut values = Values::U8(Vec::new());
    loop {
        let flow = match &mut values {
            Values::U8(g) => run(game, g, &mut st, observer),
            Values::U16(g) => run(game, g, &mut st, observer),
            Values::U32(g) => run(game, g, &mut st, observer),
        };
        match flow {
            Flow::Done => break,
            Flow::Overflow => values = values.widened(),
        }
    }
    let method = report::Method {
        name: if st.sparse_values > 0 {
            "sparse"
        } else {
            "naive"
        },
        why: st.why.clone(),
        sparse_values: st.sparse_values,
        naive_values: st.naive_values,
    };
    let done = report::Done {
        stopped: st.stopped,
        proven: st.proven,
        bound: st.bound,
        theory,
        arithmetic: st.arithmetic,
        max,
        method,
        seconds: started.elapsed().as_secs_f64(),
    };
    report::build(game, values, done)
}

/// Computes values into `g` until done or a value does not fit `T`.
fn run<T: Nimber>(game: &Game, g: &mut Vec<T>, st: &mut State, observer: &dyn Observer) -> Flow {
    let (mut engine, why) = Engine::new(game, g);
    if !why.is_empty() {
        st.why = why;
    }
    g.reserve(st.max.min(1 << 20).saturating_sub(g.len()));
    loop {
        if g.len() >= st.next_check && checkpoint(g, st, &mut engine) {
            st.stopped = Stopped::Proven;
            return Flow::Done;
        }
        if g.len() >= st.max {
            final_check(g, st);
            return Flow::Done;
        }
        let v = engine.value(g);
        if v > T::MAX {
            return Flow::Overflow;
        }
        match engine.sparse() {
            Some(s) if s.active => st.sparse_values += 1,
            _ => st.naive_values += 1,
        }
        g.push(T::of(v));
        if let Engine::Sparse(s) = &mut engine {
            if s.replan_due() {
                s.replan(g);
            }
        }
        if g.len().is_multiple_of(256) {
            if observer.cancelled() {
                st.stopped = Stopped::Cancelled;
                final_check(g, st);
                return Flow::Done;
            }
            if g.len().is_multiple_of(4096) {
                observer.progress(g.len(), st.max);
            }
        }
    }
}

/// At a checkpoint: the proof if it closes (true: stop), else the next checkpoint (the count a
/// candidate's proof needs, or twice the values), and the engine's plan made anew.
fn checkpoint<T: Nimber>(g: &[T], st: &mut State, engine: &mut Engine) -> bool {
    let len = g.len();
    let mut next = 2 * len;
    if let Some(bound) = st.bound.filter(|_| st.proven.is_none()) {
        if let Some(p) = period::prove(g, &bound) {
            st.proven = Some(p);
            if st.stop_when_proven {
                return true;
            }
        }
        let max_p = len / bound.heaps.max(1);
        if let Some(needed) = period::next_needed(g, &bound, max_p) {
            next = next.min(needed);
        }
    }
    st.next_check = next.max(len + 1);
    if let Engine::Sparse(s) = engine {
        s.replan(g);
        st.why = sparse_why(s, len);
    }
    false
}

fn sparse_why(s: &Sparse, len: usize) -> String {
    let share = 100.0 * s.rare_count() as f64 / len.max(1) as f64;
    if s.active {
        format!(
            "sparse: {} of {len} heaps ({share:.2}%) have a rare value at the last checkpoint",
            s.rare_count()
        )
    } else if len < 1024 {
        "naive: below 1024 heaps the naive loop is cheaper".into()
    } else {
        format!(
            "naive: {share:.1}% of the heaps have a rare value (P-positions and the rare \
             class stay frequent), the sparse method would lose"
        )
    }
}

/// The proof tried on whatever was computed when the computation stops short of a checkpoint.
fn final_check<T: Nimber>(g: &[T], st: &mut State) {
    if let Some(bound) = st.bound {
        // Computing past the proof, the relation is checked on every value computed.
        if st.proven.is_none() || !st.stop_when_proven {
            st.proven = period::prove(g, &bound);
        }
    }
}

/// The values of `game` for heaps 0 … n − 1 by the naive engine alone, for tests and callers
/// that want no period (no early stop).
pub fn naive_values(game: &Game, n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    match game.code() {
        Some(c) => {
            let mut e = CodeNaive::new(&c, &g);
            while g.len() < n {
                let v = e.value(&g);
                g.push(v);
            }
        }
        None => {
            let mut e = RuleNaive::new(game, &g);
            while g.len() < n {
                let v = e.value(&g);
                g.push(v);
            }
        }
    }
    g
}

/// The values of a finite code that splits in two for heaps 0 … n − 1 by the sparse engine,
/// forced on from heap `from` (else it decides as in [`solve`]; no early stop), with the count
/// computed sparsely.
pub fn sparse_values(code: &Code, n: usize, from: Option<usize>) -> (Vec<u32>, usize) {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    let mut s = Sparse::new(code, &g);
    if let Some(from) = from {
        s.force_from(from);
    }
    let (mut sparse, mut next) = (0, from.unwrap_or(16).max(1));
    while g.len() < n {
        if g.len() >= next {
            s.replan(&g);
            next *= 2;
        }
        sparse += usize::from(s.active);
        let v = s.value(&g);
        g.push(v);
        if s.replan_due() {
            s.replan(&g);
        }
    }
    (g, sparse)
}
