//! The report of `runner game`, for a person (the verdict first, the table in rows of the
//! period with the exceptions marked, the P-positions, the largest value) and as one JSON
//! object.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Effects, Style};
use judging::diff::paint;

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
    let found = r.found();
    let row = match found {
        Some((p, _)) if p.saltus == 0 && p.period <= 40 => p.period,
        _ => 10,
    };
    let wanted = match found {
        Some((p, _)) => p.preperiod + 2 * p.period,
        None => 120,
    };
    let shown = r.values_computed.min(wanted.max(120)).min(TABLE_CAP);
    let shown = shown.div_ceil(row) * row;
    let shown = shown.min(r.values_computed);
    let width = (0..shown)
        .map(|n| r.value(n))
        .max()
        .unwrap_or(0)
        .to_string()
        .len()
        + 1;
    let label = (shown.saturating_sub(1)).to_string().len();
    let exceptions: std::collections::BTreeSet<usize> =
        r.exceptions.iter().map(|e| e.heap).collect();
    let exceptions_line = if r.exception_count > 0 {
        format!(
            "exceptions: {} below heap {}, the last at heap {}\n",
            r.exception_count,
            found.map_or(0, |(p, _)| p.preperiod),
            r.last_exception.unwrap_or(0)
        )
    } else {
        String::new()
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "G(n), rows of {row}{}{}:",
        match found {
            Some((p, _)) if row == p.period => " (the period)",
            _ => "",
        },
        if exceptions.is_empty() {
            ""
        } else {
            "; * an exception (differs from the periodic continuation)"
        }
    );
    for start in (0..shown).step_by(row) {
        let _ = write!(out, "{start:>label$}:");
        for n in start..(start + row).min(shown) {
            let cell = format!(
                "{}{}",
                r.value(n),
                if exceptions.contains(&n) { "*" } else { "" }
            );
            let padded = format!(" {cell:>w$}", w = width);
            let styled = if exceptions.contains(&n) {
                paint(
                    color,
                    Style::new().fg_color(Some(AnsiColor::Yellow.into())),
                    &padded,
                )
            } else {
                padded
            };
            out.push_str(&styled);
        }
        out.push('\n');
    }
    if shown < r.values_computed {
        let _ = writeln!(
            out,
            "… {} values in all (--format json lists them)",
            r.values_computed
        );
    }
    out.push_str(&exceptions_line);
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
