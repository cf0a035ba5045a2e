//! The report of a computation: what was computed, the period proven or the evidence, the
//! P-positions, the exceptions, the method, the time. Serialisable; the values themselves are
//! kept in their narrow storage and read through [`Report::value`].

use serde::Serialize;

use crate::game::Game;
use crate::period::{self, Bound, Period, Theory};
use crate::values::{Nimber, Values};

/// The heap-size convention every report states.
pub const CONVENTION: &str = "G(n) for heap sizes n = 0, 1, 2, …; G(0) = 0";

/// Why the computation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stopped {
    /// The period's proof closed.
    Proven,
    /// `max` values were computed.
    Max,
    /// The caller cancelled (Ctrl-C).
    Cancelled,
}

/// How the values were computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Method {
    /// "sparse" when any value was computed by the sparse-space method, else "naive".
    pub name: &'static str,
    /// Why, in words (the last decision).
    pub why: String,
    /// Values computed by the sparse method.
    pub sparse_values: usize,
    /// Values computed by the naive loop.
    pub naive_values: usize,
}

/// The bound a proof used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoundReport {
    /// The theorem.
    pub theorem: &'static str,
    /// L as a formula, e.g. "2·n0 + p + t".
    pub formula: String,
    /// k: the most heaps a move leaves.
    pub heaps: usize,
    /// t: the largest removal.
    pub largest_removal: usize,
    /// L for the period found (null when none).
    pub limit: Option<usize>,
    /// The values the check reads, L + p (null when none).
    pub values_needed: Option<usize>,
}

/// A heap below the preperiod whose value is not the periodic continuation's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exception {
    /// The heap size.
    pub heap: usize,
    /// Its value.
    pub value: u32,
    /// The periodic continuation's value there (null where it would be negative).
    pub periodic: Option<u32>,
}

/// The most heaps a report lists as exceptions or P-positions (their counts are complete): a
/// long preperiod can be millions of exceptions.
pub const LIST_CAP: usize = 10_000;

/// The P-positions (value 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PPositions {
    /// The heaps of the table with value 0, ascending (the first [`LIST_CAP`]).
    pub in_table: Vec<usize>,
    /// How many heaps of the table have value 0.
    pub count: usize,
    /// With a period: the residues r (0 ≤ r < p) with G(n) = 0 for every n ≥ n0, n ≡ r (mod p).
    pub residues: Option<Vec<usize>>,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The game as normalised: its code, or its rule.
    pub game: String,
    /// The game's title, when its file gave one.
    pub title: Option<String>,
    /// The kind: "take-and-break code", "subtraction set", …
    pub kind: &'static str,
    /// The take-and-break code, normalised, when the game is one.
    pub code: Option<String>,
    /// The heap-size convention.
    pub convention: &'static str,
    /// How many values were computed: G(0) … G(values_computed − 1).
    pub values_computed: usize,
    /// The most values asked for.
    pub max: usize,
    /// Why the computation stopped.
    pub stopped: Stopped,
    /// The preperiod n0 of the period found (proven or evidence), else null.
    pub preperiod: Option<usize>,
    /// The period p, only when proven (null otherwise).
    pub period: Option<usize>,
    /// The saltus of the period found (0: plain period), else null.
    pub saltus: Option<u32>,
    /// Whether the period is proven.
    pub proven: bool,
    /// The proof, with its numbers.
    pub proof: Option<String>,
    /// The bound used, where a theorem applies.
    pub bound: Option<BoundReport>,
    /// What the values show where nothing is proven: a period seen, or none.
    pub evidence: Option<Period>,
    /// The verdict, one line: "period 34 from heap 53 (proven: …)", "evidence only: …".
    pub verdict: String,
    /// The largest value computed, and the first heap that has it.
    pub largest_value: u32,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// The P-positions.
    pub p_positions: PPositions,
    /// The heaps below the preperiod that differ from the periodic continuation (the first
    /// [`LIST_CAP`]).
    pub exceptions: Vec<Exception>,
    /// How many exceptions there are.
    pub exception_count: usize,
    /// The last exception (n0 − 1 for a preperiod n0 > 0).
    pub last_exception: Option<usize>,
    /// How the values were computed.
    pub method: Method,
    /// Bytes each value takes in memory (1, 2 or 4).
    pub bytes_per_value: usize,
    /// Seconds taken.
    pub seconds: f64,
    #[serde(skip)]
    values: Values,
}

impl Report {
    /// G(n), for n < `values_computed`.
    pub fn value(&self, n: usize) -> u32 {
        match &self.values {
            Values::U8(v) => u32::from(v[n]),
            Values::U16(v) => u32::from(v[n]),
            Values::U32(v) => v[n],
        }
    }

    /// Every value computed, as u32.
    pub fn values(&self) -> Vec<u32> {
        self.values.to_u32()
    }

    /// The period found, proven or seen: (n0, p, s, proven).
    pub fn found(&self) -> Option<(Period, bool)> {
        match (self.proven, self.evidence) {
            (true, _) => Some((
                Period {
                    preperiod: self.preperiod?,
                    period: self.period?,
                    saltus: self.saltus.unwrap_or(0),
                },
                true,
            )),
            (false, Some(e)) => Some((e, false)),
            _ => None,
        }
    }
}

/// What the driver hands over at the end.
pub(crate) struct Done {
    pub stopped: Stopped,
    pub proven: Option<Period>,
    pub bound: Option<Bound>,
    pub theory: Theory,
    pub arithmetic: bool,
    pub max: usize,
    pub method: Method,
    pub seconds: f64,
}

pub(crate) fn build(game: &Game, values: Values, done: Done) -> Report {
    let bytes = values.bytes_per_value();
    let mut report = match &values {
        Values::U8(g) => build_typed(game, g, done),
        Values::U16(g) => build_typed(game, g, done),
        Values::U32(g) => build_typed(game, g, done),
    };
    report.bytes_per_value = bytes;
    report.values = values;
    report
}

fn build_typed<T: Nimber>(game: &Game, g: &[T], done: Done) -> Report {
    let evidence = match done.proven {
        Some(_) => None,
        None => period::evidence(g, done.arithmetic),
    };
    let found = done.proven.or(evidence);
    let (largest_at, largest_value) =
        g.iter().enumerate().fold(
            (0, 0),
            |(at, m), (i, v)| if v.get() > m { (i, v.get()) } else { (at, m) },
        );
    let zeros = || (0..g.len()).filter(|&n| g[n].get() == 0);
    let in_table = zeros().take(LIST_CAP).collect();
    let residues = found.filter(|f| f.saltus == 0).map(|f| {
        (0..f.period)
            .filter(|r| {
                let k = (f.preperiod + f.period - 1 - r) / f.period;
                g.get(r + k * f.period).is_some_and(|v| v.get() == 0)
            })
            .collect()
    });
    let (mut exceptions, mut exception_count, mut last_exception) = (Vec::new(), 0, None);
    if let Some(f) = found {
        for (heap, value, periodic) in period::exceptions(g, &f) {
            exception_count += 1;
            last_exception = Some(heap);
            if exceptions.len() < LIST_CAP {
                exceptions.push(Exception {
                    heap,
                    value,
                    periodic,
                });
            }
        }
    }
    let bound = done.bound.map(|b| BoundReport {
        theorem: "the octal periodicity theorem (Guy and Smith; Winning Ways, ch. 4)",
        formula: b.formula(),
        heaps: b.heaps,
        largest_removal: b.largest_removal,
        limit: done.proven.map(|p| b.limit(p.preperiod, p.period)),
        values_needed: done.proven.map(|p| b.values_needed(p.preperiod, p.period)),
    });
    let proof = done
        .proven
        .zip(done.bound)
        .map(|(p, b)| proof_text(&p, &b, g.len()));
    let verdict = verdict(&done, evidence, proof.as_deref(), g.len());
    Report {
        game: game.to_string(),
        title: game.title.clone(),
        kind: game.kind_name(),
        code: game.code().map(|c| c.to_string()),
        convention: CONVENTION,
        values_computed: g.len(),
        max: done.max,
        stopped: done.stopped,
        preperiod: found.map(|f| f.preperiod),
        period: done.proven.map(|p| p.period),
        saltus: found.map(|f| f.saltus),
        proven: done.proven.is_some(),
        proof,
        bound,
        evidence,
        verdict,
        largest_value,
        largest_at,
        p_positions: PPositions {
            in_table,
            count: zeros().count(),
            residues,
        },
        exceptions,
        exception_count,
        last_exception,
        method: done.method,
        bytes_per_value: 0,
        seconds: done.seconds,
        values: Values::U8(Vec::new()),
    }
}

fn proof_text(p: &Period, b: &Bound, computed: usize) -> String {
    let n0p = if p.preperiod == 0 {
        " (n0 taken as 1: a heap of size 0 is no heap)"
    } else {
        ""
    };
    let formula = b
        .formula()
        .replace("n0", &p.preperiod.max(1).to_string())
        .replace('p', &p.period.to_string())
        .replace('t', &b.largest_removal.to_string());
    format!(
        "G(n+{pp}) = G(n) for {n0} ≤ n < {f} = {formula} = {l}{n0p}, where k = {k} is the most \
         heaps a move leaves and t = {t} the largest removal; {computed} values computed",
        pp = p.period,
        n0 = p.preperiod,
        f = b.formula(),
        l = b.limit(p.preperiod, p.period),
        k = b.heaps,
        t = b.largest_removal,
    )
}

fn verdict(done: &Done, evidence: Option<Period>, proof: Option<&str>, n: usize) -> String {
    let prefix = if done.stopped == Stopped::Cancelled {
        format!("interrupted after {n} values: ")
    } else {
        String::new()
    };
    if let (Some(p), Some(proof)) = (done.proven, proof) {
        return format!(
            "{prefix}period {} from heap {} (proven: {proof})",
            p.period, p.preperiod
        );
    }
    let seen = |e: &Period| {
        let s = if e.saltus > 0 {
            format!("arithmetic-periodic (saltus {})", e.saltus)
        } else {
            "periodic".to_string()
        };
        format!(
            "looks {s}: period {} from heap {} in {n} values",
            e.period, e.preperiod
        )
    };
    let none = format!("no period ≤ {} in {n} values", period::evidence_reach(n));
    match (&done.theory, evidence) {
        (Theory::Octal(b), Some(e)) => format!(
            "{prefix}no period proven in {n} values; {} (the proof would need {} values: --max)",
            seen(&e),
            b.values_needed(e.preperiod, e.period)
        ),
        (Theory::Octal(_), None) => format!("{prefix}no period proven: {none}"),
        (Theory::None(why), Some(e)) => format!("{prefix}{} ({why})", seen(&e)),
        (Theory::None(why), None) => format!("{prefix}evidence only: {none} ({why})"),
    }
}
