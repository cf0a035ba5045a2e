//! `runner game … --html PATH`: one self-contained page in the look of the run's page (its
//! style sheet, its header and cards): the verdict and the proof first, then a picture drawn
//! here as inline SVG — the values against heap size with the preperiod n0 and n0 + p marked
//! and the exceptions in red, or for a move program on two numbers a heat-map of its table.
//!
//! Written the run page's safe way: every text (a game file's title, a move program's
//! positions) goes in through [`text`], escaped; the page runs no script at all, and its
//! Content-Security-Policy allows none.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::machine::html::{text, STYLE};
use games::period::Period;
use games::program_report::{GridView, ProgramReport, Shape};
use games::report::Report;

/// The page's own additions to the run page's style sheet.
const GAME_STYLE: &str = "
figure.plot { margin: 10px 0 0; }
figure.plot svg { display: block; max-width: 100%; height: auto; background: #fff; }
figure.plot figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
svg text { font: 11px var(--mono); fill: var(--muted); }
svg .axis { stroke: var(--line); }
svg .pt { fill: var(--caught); }
svg .pt.exc, svg .span.exc { fill: var(--bad); stroke: var(--bad); }
svg .span { stroke: var(--caught); stroke-width: 1; }
svg .mark { stroke: var(--warn); stroke-width: 1.5; stroke-dasharray: 5 3; }
svg .mark-label { fill: var(--warn); }
svg .period { fill: var(--warn-bg); }
.last.warn { background: var(--warn-bg); color: var(--warn); }
.legend-row { display: flex; gap: 8px; flex-wrap: wrap; font-size: 12px; color: var(--muted); }
.legend-row i { display: inline-block; width: 12px; height: 12px; vertical-align: -2px;
  margin-right: 3px; border-radius: 2px; }
";

/// The most points the picture draws one per heap; beyond, each column spans the values of a
/// run of consecutive heaps (the rule is stated under the picture).
pub const POINTS: usize = 2000;

/// The most rows and columns a heat-map draws.
pub const HEAT_CELLS: usize = 200;

const WIDTH: f64 = 960.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 52.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 26.0;
const BOTTOM: f64 = 40.0;

/// The page of a heap game's report.
pub fn heap(r: &Report) -> String {
    let name = r.title.clone().unwrap_or_else(|| r.game.clone());
    let mut facts = vec![
        format!("{} ({}); {}", r.game, r.kind, r.convention),
        format!(
            "{} values computed ({}: {})",
            r.values_computed, r.method.name, r.method.why
        ),
    ];
    if let Some(proof) = &r.proof {
        facts.push(format!("proof: {proof}"));
    }
    if r.exception_count > 0 {
        facts.push(format!(
            "{} exceptions (red), the last at heap {}",
            r.exception_count,
            r.last_exception.unwrap_or(0)
        ));
    }
    facts.push(format!(
        "{} P-positions (G = 0) among the values computed; largest value {} (first at heap {})",
        r.p_positions.count, r.largest_value, r.largest_at
    ));
    let exceptions: BTreeSet<usize> = r.exceptions.iter().map(|e| e.heap).collect();
    let plot = Plot {
        first: 0,
        count: r.values_computed,
        value: &|n| r.value(n),
        found: r.found(),
        exceptions: &exceptions,
    };
    page(&name, &r.verdict, r.proven, &facts, &plot_figure(&plot))
}

/// The page of a move program's report.
pub fn program(r: &ProgramReport) -> String {
    let name = r
        .title
        .clone()
        .unwrap_or_else(|| format!("move program {}", r.program));
    let mut facts = vec![
        format!(
            "{} ({}), start {}: {} positions, {} options, {} wave(s) of the program",
            r.program,
            r.kind,
            r.start.join(", "),
            r.positions_explored,
            r.options,
            r.waves.len()
        ),
        format!(
            "{} P-positions (G = 0); largest value {} (first at {})",
            r.p_position_count,
            r.largest_value,
            r.largest_at.as_deref().unwrap_or("-")
        ),
    ];
    let figure = match (r.shape, &r.heap, &r.grid) {
        (Shape::Heap, Some(h), _) => {
            if h.exception_count > 0 {
                facts.push(format!(
                    "{} exceptions (red), the last at heap {}",
                    h.exception_count,
                    h.last_exception.unwrap_or(0)
                ));
            }
            let exceptions: BTreeSet<usize> = h.exceptions.iter().map(|e| e.heap).collect();
            let first = h.first as usize;
            let plot = Plot {
                first,
                count: h.values.len(),
                value: &|n| h.values[n - first],
                found: r.evidence.map(|e| (e, false)),
                exceptions: &exceptions,
            };
            plot_figure(&plot)
        }
        (Shape::Grid, _, Some(g)) => heat_figure(g),
        _ => {
            facts.push(
                "no picture: the positions are not one or two whole numbers (--format json \
                 lists every position and its value)"
                    .into(),
            );
            String::new()
        }
    };
    page(&name, &r.verdict, false, &facts, &figure)
}

fn page(name: &str, verdict: &str, proven: bool, facts: &[String], figure: &str) -> String {
    let mut items = String::new();
    for f in facts {
        let _ = writeln!(items, "<li>{}</li>", text(f));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\n\
         <title>{title} · runner game</title>\n<style>\n{STYLE}{GAME_STYLE}</style>\n</head>\n\
         <body>\n<header class=\"top\"><h1>runner game</h1> \
         <span class=\"last {class}\" id=\"verdict\">{verdict}</span></header>\n<main>\n\
         <section class=\"problem\" id=\"game\">\n<h2><span class=\"slug\">{title}</span></h2>\n\
         <ul class=\"facts\">\n{items}</ul>\n{figure}</section>\n</main>\n</body>\n</html>\n",
        title = text(name),
        class = if proven { "ok" } else { "warn" },
        verdict = text(verdict),
    )
}

/// A run of values and what they show, for the picture.
struct Plot<'a> {
    first: usize,
    count: usize,
    value: &'a dyn Fn(usize) -> u32,
    found: Option<(Period, bool)>,
    exceptions: &'a BTreeSet<usize>,
}

fn plot_figure(p: &Plot) -> String {
    if p.count == 0 {
        return String::new();
    }
    let last = p.first + p.count - 1;
    let top_value = (p.first..=last)
        .map(|n| (p.value)(n))
        .max()
        .unwrap_or(0)
        .max(1);
    let (pw, ph) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |n: usize| LEFT + (n - p.first) as f64 / (p.count.max(2) - 1) as f64 * pw;
    let y = |v: u32| TOP + ph - f64::from(v) / f64::from(top_value) * ph;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" role=\"img\" id=\"values\">"
    );
    if let Some((period, _)) = p.found {
        svg.push_str(&marks(&period, p, &x, last));
    }
    svg.push_str(&axes(p.first, last, top_value, &x, &y));
    let caption = if p.count <= POINTS {
        for n in p.first..=last {
            let v = (p.value)(n);
            let class = if p.exceptions.contains(&n) {
                "pt exc"
            } else {
                "pt"
            };
            let _ = write!(
                svg,
                "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"3\" height=\"3\">\
                 <title>G({n}) = {v}</title></rect>",
                x(n) - 1.5,
                y(v) - 1.5
            );
        }
        format!(
            "G(n) for n = {}..={last}: one point per heap ({} values).",
            p.first, p.count
        )
    } else {
        let k = p.count.div_ceil(POINTS);
        for a in (p.first..=last).step_by(k) {
            let b = (a + k - 1).min(last);
            let (lo, hi) = (a..=b)
                .map(|n| (p.value)(n))
                .fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
            let exc = p.exceptions.range(a..=b).next().is_some();
            let _ = write!(
                svg,
                "<line class=\"span{}\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\">\
                 <title>G({a}..={b}): {lo} to {hi}</title></line>",
                if exc { " exc" } else { "" },
                y(lo) + 0.5,
                y(hi) - 0.5,
                x = x(a)
            );
        }
        format!(
            "G(n) for n = {}..={last} ({} values), thinned: each of the {} columns spans the \
             smallest to the largest value of {k} consecutive heaps (a column holding an \
             exception is red).",
            p.first,
            p.count,
            p.count.div_ceil(k)
        )
    };
    svg.push_str("</svg>");
    format!(
        "<figure class=\"plot\">{svg}<figcaption id=\"rule\">{}</figcaption></figure>\n",
        text(&caption)
    )
}

/// The preperiod n0 and n0 + p as dashed lines, the first period shaded between them.
fn marks(period: &Period, p: &Plot, x: &dyn Fn(usize) -> f64, last: usize) -> String {
    let (n0, n1) = (period.preperiod, period.preperiod + period.period);
    let mut s = String::new();
    if n1 <= last {
        let _ = write!(
            s,
            "<rect class=\"period\" x=\"{:.1}\" y=\"{TOP}\" width=\"{:.1}\" height=\"{:.1}\"/>",
            x(n0.max(p.first)),
            x(n1) - x(n0.max(p.first)),
            HEIGHT - TOP - BOTTOM
        );
    }
    for (n, id, label) in [
        (n0, "n0", format!("n0 = {n0}")),
        (n1, "n0p", format!("n0 + p = {n1}")),
    ] {
        if n < p.first || n > last {
            continue;
        }
        let anchor = if id == "n0" { "end" } else { "start" };
        let dx = if id == "n0" { -4.0 } else { 4.0 };
        let _ = write!(
            s,
            "<line class=\"mark\" id=\"mark-{id}\" data-heap=\"{n}\" x1=\"{xn:.1}\" x2=\"{xn:.1}\" \
             y1=\"{TOP}\" y2=\"{:.1}\"/><text class=\"mark-label\" x=\"{:.1}\" y=\"{:.1}\" \
             text-anchor=\"{anchor}\">{}</text>",
            HEIGHT - BOTTOM,
            x(n) + dx,
            TOP - 8.0,
            text(&label),
            xn = x(n)
        );
    }
    s
}

fn axes(
    first: usize,
    last: usize,
    top_value: u32,
    x: &dyn Fn(usize) -> f64,
    y: &dyn Fn(u32) -> f64,
) -> String {
    let mut s = String::new();
    let base = HEIGHT - BOTTOM;
    let _ = write!(
        s,
        "<line class=\"axis\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{base}\" y2=\"{base}\"/>\
         <line class=\"axis\" x1=\"{LEFT}\" x2=\"{LEFT}\" y1=\"{TOP}\" y2=\"{base}\"/>",
        WIDTH - RIGHT
    );
    let mut ticks: Vec<usize> = (0..=4).map(|i| first + (last - first) * i / 4).collect();
    ticks.dedup();
    for n in ticks {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{n}</text>",
            x(n),
            base + 16.0
        );
    }
    let mut values = vec![0, top_value / 2, top_value];
    values.dedup();
    for v in values {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            LEFT - 6.0,
            y(v) + 4.0
        );
    }
    let _ = write!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">heap size n</text>\
         <text x=\"12\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {:.1})\">G(n)</text>",
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        HEIGHT - 6.0,
        TOP + (HEIGHT - TOP - BOTTOM) / 2.0,
        TOP + (HEIGHT - TOP - BOTTOM) / 2.0
    );
    s
}

/// A value's colour: 0 (a P-position) the ink, the others hues apart.
fn colour(v: u32) -> String {
    if v == 0 {
        "#1d2430".to_string()
    } else {
        format!("hsl({}, 70%, 62%)", (v - 1) * 53 % 360)
    }
}

fn heat_figure(g: &GridView) -> String {
    if g.cells.is_empty() {
        return "<p class=\"meta\">The table is too large to draw (--format json lists every \
                position).</p>\n"
            .into();
    }
    let rows = g.cells.len().min(HEAT_CELLS);
    let cols = g.cells[0].len().min(HEAT_CELLS);
    let cell = (800.0 / rows.max(cols) as f64).clamp(3.0, 28.0);
    let (w, h) = (
        LEFT + cols as f64 * cell + 10.0,
        TOP + rows as f64 * cell + 10.0,
    );
    let titled = rows * cols <= 10_000;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w:.0} {h:.0}\" width=\"{w:.0}\" \
         height=\"{h:.0}\" role=\"img\" id=\"heat\">"
    );
    let mut present = BTreeSet::new();
    for (i, row) in g.cells[..rows].iter().enumerate() {
        for (j, v) in row[..cols].iter().enumerate() {
            let Some(v) = *v else { continue };
            present.insert(v);
            let (r, c) = (g.rows.0 + i as u64, g.columns.0 + j as u64);
            let _ = write!(
                svg,
                "<rect class=\"cell v{v}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{cell:.1}\" \
                 height=\"{cell:.1}\" fill=\"{}\">",
                LEFT + j as f64 * cell,
                TOP + i as f64 * cell,
                colour(v)
            );
            if titled {
                let _ = write!(svg, "<title>G({r} {c}) = {v}</title>");
            }
            svg.push_str("</rect>");
        }
    }
    let _ = write!(
        svg,
        "<text x=\"{LEFT}\" y=\"{:.1}\">columns {}..</text><text x=\"4\" y=\"{:.1}\">rows</text>\
         <text x=\"4\" y=\"{:.1}\">{}..</text></svg>",
        TOP - 8.0,
        g.columns.0,
        TOP + 12.0,
        TOP + 26.0,
        g.rows.0
    );
    let mut legend = String::from("<div class=\"legend-row\">");
    for v in present.iter().take(24) {
        let _ = write!(
            legend,
            "<span><i style=\"background: {}\"></i>{v}</span>",
            colour(*v)
        );
    }
    legend.push_str("</div>");
    let shown = if rows < g.cells.len() || cols < g.cells[0].len() {
        format!(
            "the first {rows} rows and {cols} columns of {} × {}",
            g.cells.len(),
            g.cells[0].len()
        )
    } else {
        format!("all {rows} × {cols} cells")
    };
    let caption = format!(
        "G(r c): row r from {}, column c from {}: {shown}; 0 (a P-position) is the darkest, a \
         cell not explored is blank.",
        g.rows.0, g.columns.0
    );
    format!(
        "<figure class=\"plot\">{svg}{legend}<figcaption id=\"rule\">{}</figcaption></figure>\n",
        text(&caption)
    )
}
