//! The report of `runner game`, for a person (the verdict first, the table in rows of the
//! period with the exceptions marked, the P-positions, the largest value) and as one JSON
//! object.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use anstyle::{AnsiColor, Effects, Style};
use judging::diff::paint;

use games::period::Period;
use games::program_report::{ProgramReport, Shape};
use games::report::Report;

/// The most values the table shows (the JSON holds them all).
const TABLE_CAP: usize = 600;

/// The human report.
pub fn render(r: &Report, color: bool) -> String {
    let fg = |c: AnsiColor, t: &str| paint(color, Style::new().fg_color(Some(c.into())), t);
    let bold = |t: &str| paint(color, Style::new().effects(Effects::BOLD), t);
    let mut out = String::new();
    let verdict_colour = if r.proven {
        AnsiColor::Green
    } else {
        AnsiColor::Yellow
    };
    let _ = writeln!(out, "{}", fg(verdict_colour, &r.verdict));
    let title = r
        .title
        .as_deref()
        .map(|t| format!("{t}: "))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{}{} ({}); {}",
        title,
        bold(&r.game),
        r.kind,
        r.convention
    );
    out.push('\n');
    out.push_str(&table(r, color));
    out.push('\n');
    out.push_str(&p_positions(r));
    let _ = writeln!(
        out,
        "largest value: {} (first at heap {})",
        r.largest_value, r.largest_at
    );
    let _ = writeln!(
        out,
        "method: {} ({}); {} values in {:.3} s, {} byte{} a value",
        r.method.name,
        r.method.why,
        r.values_computed,
        r.seconds,
        r.bytes_per_value,
        if r.bytes_per_value == 1 { "" } else { "s" }
    );
    out
}

/// The table: rows of the period (when one is found, plain, and at most 40), else of 10; the
/// exceptions marked `*`.
fn table(r: &Report, color: bool) -> String {
    let seq = Seq {
        first: 0,
        count: r.values_computed,
        value: &|n| r.value(n),
        found: r.found(),
        exceptions: r.exceptions.iter().map(|e| e.heap).collect(),
        exception_count: r.exception_count,
        last_exception: r.last_exception,
    };
    seq_table(&seq, color)
}

/// A run of values G(first), G(first + 1), … and what they show, for the table.
struct Seq<'a> {
    first: usize,
    count: usize,
    value: &'a dyn Fn(usize) -> u32,
    found: Option<(Period, bool)>,
    exceptions: BTreeSet<usize>,
    exception_count: usize,
    last_exception: Option<usize>,
}

fn seq_table(s: &Seq, color: bool) -> String {
    let found = s.found;
    let row = match found {
        Some((p, _)) if p.saltus == 0 && p.period <= 40 => p.period,
        _ => 10,
    };
    let wanted = match found {
        Some((p, _)) => (p.preperiod + 2 * p.period).saturating_sub(s.first),
        None => 120,
    };
    let shown = s.count.min(wanted.max(120)).min(TABLE_CAP);
    let shown = (shown.div_ceil(row) * row).min(s.count);
    let end = s.first + shown;
    let width = (s.first..end)
        .map(|n| (s.value)(n))
        .max()
        .unwrap_or(0)
        .to_string()
        .len()
        + 1;
    let label = end.saturating_sub(1).to_string().len();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "G(n), rows of {row}{}{}:",
        match found {
            Some((p, _)) if row == p.period => " (the period)",
            _ => "",
        },
        if s.exceptions.is_empty() {
            ""
        } else {
            "; * an exception (differs from the periodic continuation)"
        }
    );
    for start in (s.first..end).step_by(row) {
        let _ = write!(out, "{start:>label$}:");
        for n in start..(start + row).min(end) {
            let marked = s.exceptions.contains(&n);
            let cell = format!("{}{}", (s.value)(n), if marked { "*" } else { "" });
            let padded = format!(" {cell:>w$}", w = width);
            let yellow = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
            out.push_str(&if marked {
                paint(color, yellow, &padded)
            } else {
                padded
            });
        }
        out.push('\n');
    }
    if shown < s.count {
        let _ = writeln!(
            out,
            "… {} values in all (--format json lists them)",
            s.count
        );
    }
    if s.exception_count > 0 {
        let _ = writeln!(
            out,
            "exceptions: {} below heap {}, the last at heap {}",
            s.exception_count,
            found.map_or(0, |(p, _)| p.preperiod),
            s.last_exception.unwrap_or(0)
        );
    }
    out
}

fn p_positions(r: &Report) -> String {
    let list = |v: &[usize], total: usize| {
        let mut s = v
            .iter()
            .take(40)
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        if total > 40 {
            let _ = write!(s, " … ({total} in all)");
        }
        s
    };
    let pp = &r.p_positions;
    match (r.found(), &pp.residues) {
        (Some((p, proven)), Some(residues)) => {
            let below: Vec<usize> = pp
                .in_table
                .iter()
                .copied()
                .take_while(|&n| n < p.preperiod)
                .collect();
            let below_total = if below.len() < pp.in_table.len() {
                below.len()
            } else {
                pp.count
            };
            let below = if below.is_empty() {
                "none".to_string()
            } else {
                list(&below, below_total)
            };
            let from = if residues.is_empty() {
                "none".to_string()
            } else {
                format!("n ≡ {} (mod {})", list(residues, residues.len()), p.period)
            };
            format!(
                "P-positions (G = 0): below heap {}: {below}; from heap {} on{}: {from}\n",
                p.preperiod,
                p.preperiod,
                if proven { "" } else { " (as far as computed)" },
            )
        }
        _ => format!(
            "P-positions (G = 0) of the {} heaps computed: {}\n",
            r.values_computed,
            if pp.in_table.is_empty() {
                "none".to_string()
            } else {
                list(&pp.in_table, pp.count)
            }
        ),
    }
}

/// The report as one JSON object, its `values` the first `limit` (default: all).
pub fn json(r: &Report, limit: Option<usize>) -> anyhow::Result<String> {
    let mut v = serde_json::to_value(r)?;
    let n = limit.unwrap_or(r.values_computed).min(r.values_computed);
    let values: Vec<u32> = (0..n).map(|i| r.value(i)).collect();
    if let serde_json::Value::Object(map) = &mut v {
        map.insert("values".into(), serde_json::to_value(values)?);
    }
    Ok(serde_json::to_string(&v)?)
}

/// The human report of a move program's game: the verdict, the game, then by the positions'
/// shape the table of a heap game, the first rows and columns of a 2-D table, or the values of
/// the start positions; the P-positions; the largest value; the waves.
pub fn render_program(r: &ProgramReport, color: bool) -> String {
    let fg = |c: AnsiColor, t: &str| paint(color, Style::new().fg_color(Some(c.into())), t);
    let bold = |t: &str| paint(color, Style::new().effects(Effects::BOLD), t);
    let mut out = String::new();
    let _ = writeln!(out, "{}", fg(AnsiColor::Yellow, &r.verdict));
    let title = r
        .title
        .as_deref()
        .map(|t| format!("{t}: "))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{title}{} ({}); start {}; {} positions, {} options",
        bold(&r.program),
        r.kind,
        r.start.join(", "),
        r.positions_explored,
        r.options
    );
    out.push('\n');
    match (r.shape, &r.heap, &r.grid) {
        (Shape::Heap, Some(h), _) => {
            let first = h.first as usize;
            let seq = Seq {
                first,
                count: h.values.len(),
                value: &|n| h.values[n - first],
                found: r.evidence.map(|e| (e, false)),
                exceptions: h.exceptions.iter().map(|e| e.heap).collect(),
                exception_count: h.exception_count,
                last_exception: h.last_exception,
            };
            out.push_str(&seq_table(&seq, color));
            if h.outside > 0 {
                let _ = writeln!(
                    out,
                    "{} positions explored beyond heap {} (after a gap) are not in the table",
                    h.outside,
                    first + h.values.len() - 1
                );
            }
        }
        (Shape::Grid, _, Some(g)) => out.push_str(&grid(g)),
        _ => out.push_str(&start_values(r)),
    }
    out.push_str(&program_p_positions(r));
    let _ = writeln!(
        out,
        "largest value: {} (first at {})",
        r.largest_value,
        r.largest_at.as_deref().unwrap_or("-")
    );
    let sizes: Vec<String> = r.waves.iter().map(|w| w.positions.to_string()).collect();
    let cpu: u64 = r.waves.iter().map(|w| w.cpu_ms).sum();
    let _ = writeln!(
        out,
        "method: the move program in the sandbox, {} wave{} of {} positions (its CPU time {:.3} \
         s); {:.3} s in all",
        r.waves.len(),
        if r.waves.len() == 1 { "" } else { "s" },
        list(&sizes, 10),
        cpu as f64 / 1000.0,
        r.seconds
    );
    out
}

/// At most `cap` items, then how many in all.
fn list(items: &[String], cap: usize) -> String {
    let mut s = items
        .iter()
        .take(cap)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    if items.len() > cap {
        let _ = write!(s, " … ({} in all)", items.len());
    }
    s
}

/// The rows and columns a 2-D table shows at most.
const GRID_SHOWN: u64 = 20;

fn grid(g: &games::program_report::GridView) -> String {
    let mut out = String::new();
    let (rows, cols) = (g.rows, g.columns);
    let _ = writeln!(
        out,
        "G(r c) for r = {}..={} (rows), c = {}..={} (columns); . a cell not explored:",
        rows.0, rows.1, cols.0, cols.1
    );
    if g.cells.is_empty() {
        out.push_str("(the table is too large to show: --format json lists every position)\n");
        return out;
    }
    let shown_rows = g.cells.len().min(GRID_SHOWN as usize);
    let shown_cols = g.cells[0].len().min(GRID_SHOWN as usize);
    let cell = |v: Option<u32>| v.map_or(".".to_string(), |v| v.to_string());
    let width = g.cells[..shown_rows]
        .iter()
        .flat_map(|r| r[..shown_cols].iter().map(|&v| cell(v).len()))
        .chain([(cols.0 + shown_cols as u64 - 1).to_string().len()])
        .max()
        .unwrap_or(1);
    let label = (rows.0 + shown_rows as u64 - 1).to_string().len().max(3);
    let _ = write!(out, "{:>label$}", "r\\c");
    for c in 0..shown_cols as u64 {
        let _ = write!(out, " {:>width$}", cols.0 + c);
    }
    out.push('\n');
    for (i, row) in g.cells[..shown_rows].iter().enumerate() {
        let _ = write!(out, "{:>label$}", rows.0 + i as u64);
        for &v in &row[..shown_cols] {
            let _ = write!(out, " {:>width$}", cell(v));
        }
        out.push('\n');
    }
    if shown_rows < g.cells.len() || shown_cols < g.cells[0].len() {
        let _ = writeln!(
            out,
            "… the first {shown_rows} rows and {shown_cols} columns of {} × {} (--format json \
             lists every position)",
            g.cells.len(),
            g.cells[0].len()
        );
    }
    out
}

fn start_values(r: &ProgramReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "values of the start positions:");
    for v in r.start_values.iter().take(40) {
        let _ = writeln!(out, "  {}: {}", v.position, v.value);
    }
    if r.start_values.len() > 40 {
        let _ = writeln!(out, "  … ({} start positions)", r.start_count);
    }
    out
}

fn program_p_positions(r: &ProgramReport) -> String {
    let cap = 40;
    let mut s = r
        .p_positions
        .iter()
        .take(cap)
        .map(|p| {
            if p.contains(' ') {
                format!("({p})")
            } else {
                p.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    if r.p_position_count > cap {
        let _ = write!(s, " … ({} in all)", r.p_position_count);
    }
    if s.is_empty() {
        s = "none".into();
    }
    format!(
        "\nP-positions (G = 0) of the {} positions: {s}\n",
        r.positions_explored
    )
}

/// A move program's report as one JSON object, its `positions` the first `limit` (default:
/// all).
pub fn program_json(r: &ProgramReport, limit: Option<usize>) -> anyhow::Result<String> {
    let mut v = serde_json::to_value(r)?;
    if let (Some(n), serde_json::Value::Object(map)) = (limit, &mut v) {
        let kept = &r.positions[..n.min(r.positions.len())];
        map.insert("positions".into(), serde_json::to_value(kept)?);
    }
    Ok(serde_json::to_string(&v)?)
}
