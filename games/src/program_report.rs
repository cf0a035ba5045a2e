//! The report of a move program's game: the values of its positions, read by the shape of the
//! positions. One whole number each: a heap game (the table, and what the values show of a
//! period: **evidence only**, no theorem covers a move program). Two whole numbers each: a 2-D
//! table. Anything else: the P-positions and the values of the start positions. Every position
//! and its value is kept for `--format json`.

use std::collections::HashMap;

use serde::Serialize;

use crate::period::{self, Period};
use crate::program::{Exploration, ProgramSpec, WaveStats};
use crate::report::{Exception, LIST_CAP};

/// Why no period of a move program is proven.
pub const NO_THEOREM: &str = "a move program: no theorem covers it";

/// How the positions are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Every position is one whole number: a heap.
    Heap,
    /// Every position is two whole numbers: a cell of a table.
    Grid,
    /// Anything else.
    General,
}

/// A position and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Valued {
    /// The position, as the program names it.
    pub position: String,
    /// Its nim-value.
    pub value: u32,
}

/// The heap view: G(first), G(first + 1), … over the run of heaps explored without a gap.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapView {
    /// The first heap of the run (the smallest explored).
    pub first: u64,
    /// The values of the run, G(first + i).
    pub values: Vec<u32>,
    /// Positions explored outside the run (beyond a gap).
    pub outside: usize,
    /// The heaps below the preperiod seen that differ from the periodic continuation.
    pub exceptions: Vec<Exception>,
    /// How many exceptions there are.
    pub exception_count: usize,
    /// The last exception.
    pub last_exception: Option<usize>,
}

/// The grid view: the values of the cells `r c` for the rows and columns explored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridView {
    /// The smallest and largest first number.
    pub rows: (u64, u64),
    /// The smallest and largest second number.
    pub columns: (u64, u64),
    /// Row by row, each cell's value (null where the cell was not explored), when the table
    /// has at most [`GRID_CELLS`] cells; empty otherwise.
    pub cells: Vec<Vec<Option<u32>>>,
}

/// The most cells a grid view holds.
pub const GRID_CELLS: u64 = 4_000_000;

/// The whole report of a move program's game.
#[derive(Debug, Clone, Serialize)]
pub struct ProgramReport {
    /// The game file's title.
    pub title: Option<String>,
    /// "move program".
    pub kind: &'static str,
    /// The program, as the game file names it.
    pub program: String,
    /// The start positions, as the game file gives them.
    pub start: Vec<String>,
    /// Positions explored and valued.
    pub positions_explored: usize,
    /// Options read, over every position.
    pub options: usize,
    /// The program's runs.
    pub waves: Vec<WaveStats>,
    /// How the positions are read.
    pub shape: Shape,
    /// Never proven for a move program.
    pub proven: bool,
    /// Always null: no theorem covers a move program.
    pub period: Option<usize>,
    /// The preperiod of the period the values show (a heap shape only), else null.
    pub preperiod: Option<usize>,
    /// What the values show (a heap shape only).
    pub evidence: Option<Period>,
    /// One line.
    pub verdict: String,
    /// The heap view.
    pub heap: Option<HeapView>,
    /// The grid view.
    pub grid: Option<GridView>,
    /// The values of the start positions (the first [`LIST_CAP`]).
    pub start_values: Vec<Valued>,
    /// How many start positions there are.
    pub start_count: usize,
    /// How many positions have value 0.
    pub p_position_count: usize,
    /// The positions with value 0, in the order seen (the first [`LIST_CAP`]).
    pub p_positions: Vec<String>,
    /// The largest value, and the first position that has it.
    pub largest_value: u32,
    /// The first position with the largest value.
    pub largest_at: Option<String>,
    /// Seconds taken, runs included.
    pub seconds: f64,
    /// Every position explored and its value, in the order seen.
    pub positions: Vec<Valued>,
}

/// A whole number written as one: no sign, no leading zero.
fn whole(s: &str) -> Option<u64> {
    let canonical = !s.is_empty()
        && s.len() <= 19
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    canonical.then(|| s.parse().ok()).flatten()
}

fn pair(s: &str) -> Option<(u64, u64)> {
    let (a, b) = s.split_once(' ')?;
    Some((whole(a)?, whole(b)?))
}

/// The report of an exploration valued (`values` by position number).
pub fn build(
    title: Option<String>,
    spec: &ProgramSpec,
    x: &Exploration,
    values: &[u32],
    seconds: f64,
) -> ProgramReport {
    let positions: Vec<Valued> = (0..x.moves.len() as u32)
        .map(|i| Valued {
            position: x.moves.name(i).to_string(),
            value: values[i as usize],
        })
        .collect();
    let (shape, heap, grid) = shape_of(&positions);
    let evidence = heap.as_ref().and_then(|h| {
        period::evidence(&h.values, true).map(|p| Period {
            preperiod: p.preperiod + h.first as usize,
            ..p
        })
    });
    let heap = heap.map(|h| with_exceptions(h, evidence));
    let zeros: Vec<&Valued> = positions.iter().filter(|p| p.value == 0).collect();
    let largest = positions
        .iter()
        .fold(None::<&Valued>, |best, p| match best {
            Some(b) if b.value >= p.value => Some(b),
            _ => Some(p),
        });
    let verdict = verdict(shape, heap.as_ref(), evidence, &positions, zeros.len(), x);
    ProgramReport {
        title,
        kind: "move program",
        program: spec.source.display().to_string(),
        start: spec.start.clone(),
        positions_explored: positions.len(),
        options: x.moves.option_count(),
        waves: x.waves.clone(),
        shape,
        proven: false,
        period: None,
        preperiod: evidence.map(|e| e.preperiod),
        evidence,
        verdict,
        heap,
        grid,
        start_values: x
            .starts
            .iter()
            .take(LIST_CAP)
            .map(|&i| positions[i as usize].clone())
            .collect(),
        start_count: x.starts.len(),
        p_position_count: zeros.len(),
        p_positions: zeros
            .iter()
            .take(LIST_CAP)
            .map(|p| p.position.clone())
            .collect(),
        largest_value: largest.map_or(0, |p| p.value),
        largest_at: largest.map(|p| p.position.clone()),
        seconds,
        positions,
    }
}

fn shape_of(positions: &[Valued]) -> (Shape, Option<HeapView>, Option<GridView>) {
    if positions.is_empty() {
        return (Shape::General, None, None);
    }
    let heaps: Option<HashMap<u64, u32>> = positions
        .iter()
        .map(|p| whole(&p.position).map(|n| (n, p.value)))
        .collect();
    if let Some(heaps) = heaps {
        let first = *heaps.keys().min().expect("not empty");
        let values: Vec<u32> = (first..).map_while(|n| heaps.get(&n).copied()).collect();
        let outside = heaps.len() - values.len();
        let view = HeapView {
            first,
            values,
            outside,
            exceptions: Vec::new(),
            exception_count: 0,
            last_exception: None,
        };
        return (Shape::Heap, Some(view), None);
    }
    let cells: Option<HashMap<(u64, u64), u32>> = positions
        .iter()
        .map(|p| pair(&p.position).map(|rc| (rc, p.value)))
        .collect();
    let Some(cells) = cells else {
        return (Shape::General, None, None);
    };
    let span = |f: fn(&(u64, u64)) -> u64| {
        let lo = cells.keys().map(f).min().expect("not empty");
        let hi = cells.keys().map(f).max().expect("not empty");
        (lo, hi)
    };
    let (rows, columns) = (span(|k| k.0), span(|k| k.1));
    let area = (rows.1 - rows.0 + 1).saturating_mul(columns.1 - columns.0 + 1);
    let table = if area <= GRID_CELLS {
        (rows.0..=rows.1)
            .map(|r| {
                (columns.0..=columns.1)
                    .map(|c| cells.get(&(r, c)).copied())
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    let view = GridView {
        rows,
        columns,
        cells: table,
    };
    (Shape::Grid, None, Some(view))
}

fn with_exceptions(mut h: HeapView, evidence: Option<Period>) -> HeapView {
    let Some(e) = evidence else { return h };
    let relative = Period {
        preperiod: e.preperiod - h.first as usize,
        ..e
    };
    for (n, value, periodic) in period::exceptions(&h.values, &relative) {
        let heap = n + h.first as usize;
        h.exception_count += 1;
        h.last_exception = Some(heap);
        if h.exceptions.len() < LIST_CAP {
            h.exceptions.push(Exception {
                heap,
                value,
                periodic,
            });
        }
    }
    h
}

fn verdict(
    shape: Shape,
    heap: Option<&HeapView>,
    evidence: Option<Period>,
    positions: &[Valued],
    zeros: usize,
    x: &Exploration,
) -> String {
    let waves = x.waves.len();
    let runs = format!(
        "{} wave{} of the program",
        waves,
        if waves == 1 { "" } else { "s" }
    );
    match (shape, heap, evidence) {
        (Shape::Heap, Some(h), Some(e)) => {
            let s = if e.saltus > 0 {
                format!("arithmetic-periodic (saltus {})", e.saltus)
            } else {
                "periodic".to_string()
            };
            format!(
                "looks {s}: period {} from heap {} in {} values ({NO_THEOREM})",
                e.period,
                e.preperiod,
                h.values.len()
            )
        }
        (Shape::Heap, Some(h), None) => format!(
            "evidence only: no period ≤ {} in {} values ({NO_THEOREM})",
            period::evidence_reach(h.values.len()),
            h.values.len()
        ),
        _ => format!(
            "{} positions valued in {runs}: {zeros} P-position{} (value 0)",
            positions.len(),
            if zeros == 1 { "" } else { "s" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{explore, values, ProgramLimits, Ran};

    fn report(start: &str, answer: fn(&str) -> String) -> ProgramReport {
        let spec = ProgramSpec {
            source: "m.rs".into(),
            path: "m.rs".into(),
            start: vec![start.to_string()],
            limits: ProgramLimits::default(),
        };
        let run = |input: &[u8]| -> Result<Ran, String> {
            let output = std::str::from_utf8(input)
                .unwrap()
                .lines()
                .map(answer)
                .collect::<String>()
                .into_bytes();
            Ok(Ran {
                output,
                ..Ran::default()
            })
        };
        let x = explore(&spec, &spec.limits, run, |_, _| {}).unwrap();
        let v = values::<String>(&x).unwrap();
        build(None, &spec, &x, &v, 0.0)
    }

    /// Subtract 1, 2 or 4 (G = n mod 3, no theorem asked).
    fn powers(line: &str) -> String {
        let n: u64 = line.parse().unwrap();
        let opts: Vec<String> = [1, 2, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| {
                if s == n {
                    String::new()
                } else {
                    (n - s).to_string()
                }
            })
            .collect();
        format!(
            "{}\n{}",
            opts.len(),
            opts.iter().map(|o| format!("{o}\n")).collect::<String>()
        )
    }

    #[test]
    fn one_number_is_a_heap_with_evidence_only() {
        let r = report("1..=300", powers);
        assert_eq!(r.shape, Shape::Heap);
        let h = r.heap.as_ref().unwrap();
        assert_eq!((h.first, h.values.len(), h.outside), (1, 300, 0));
        assert_eq!(r.period, None);
        assert!(!r.proven);
        let e = r.evidence.unwrap();
        assert_eq!((e.preperiod, e.period, e.saltus), (1, 3, 0));
        assert!(
            r.verdict
                .starts_with("looks periodic: period 3 from heap 1"),
            "{}",
            r.verdict
        );
        assert!(r
            .verdict
            .ends_with("(a move program: no theorem covers it)"));
        assert_eq!(r.p_positions[..3], ["3", "6", "9"]);
    }

    /// Wythoff's game on two piles (a b): its P-positions are the pairs (⌊kφ⌋, ⌊kφ²⌋).
    fn wythoff(line: &str) -> String {
        let (a, b) = pair(line).unwrap();
        let mut opts = Vec::new();
        for k in 1..=a {
            opts.push(format!("{} {b}", a - k));
        }
        for k in 1..=b {
            opts.push(format!("{a} {}", b - k));
        }
        for k in 1..=a.min(b) {
            opts.push(format!("{} {}", a - k, b - k));
        }
        format!(
            "{}\n{}",
            opts.len(),
            opts.iter().map(|o| format!("{o}\n")).collect::<String>()
        )
    }

    #[test]
    fn two_numbers_are_a_grid() {
        let r = report("0..=12 0..=12", wythoff);
        assert_eq!(r.shape, Shape::Grid);
        let g = r.grid.as_ref().unwrap();
        assert_eq!((g.rows, g.columns), ((0, 12), (0, 12)));
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let mut expected: Vec<String> = Vec::new();
        for k in 0..=12u64 {
            let (a, b) = (((k as f64) * phi) as u64, ((k as f64) * phi * phi) as u64);
            for (x, y) in [(a, b), (b, a)] {
                if x <= 12 && y <= 12 && !expected.contains(&format!("{x} {y}")) {
                    expected.push(format!("{x} {y}"));
                }
            }
        }
        let mut got = r.p_positions.clone();
        got.sort();
        expected.sort();
        assert_eq!(got, expected);
        assert_eq!(g.cells[1][2], Some(0));
        assert_eq!(r.heap, None);
        assert!(
            r.verdict.starts_with("169 positions valued in 1 wave"),
            "{}",
            r.verdict
        );
    }
}
