//! `runner merge SHARD.jsonl…`: the shards' reports made one (see `export/merge.rs`).

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};

use super::context::print;
use crate::history;
use crate::machine::{self, json, merge, Format};
use crate::records::{Records, RoleName, Status};

/// Needs no workspace: the reports hold everything.
pub fn merge(
    reports: &[PathBuf],
    history_out: Option<&Path>,
    args: &machine::Options,
) -> Result<u8> {
    let texts: Vec<(PathBuf, String)> = reports
        .iter()
        .map(|p| {
            let text =
                history::read_report(p).with_context(|| format!("cannot read {}", p.display()))?;
            Ok((p.clone(), text))
        })
        .collect::<Result<_>>()?;
    let merged = merge::merge(&texts)?;
    match args.format {
        Format::Json => print(&String::from_utf8_lossy(&json::serialize(&merged)))?,
        Format::Human => print(&render(&merged, reports.len()))?,
    }
    if let Some(path) = &args.junit {
        machine::write_junit(path, &merged)?;
    }
    if let Some(path) = &args.html {
        machine::write_html(path, &merged, &machine::page_info())?;
    }
    if let Some(path) = history_out {
        history::save(path, &merged)?;
    }
    Ok(merged.summary.exit_code)
}

/// The failures, then the counts.
fn render(m: &Records, shards: usize) -> String {
    let mut out = String::new();
    for r in m
        .cases
        .iter()
        .filter(|r| r.status == Status::Failed && r.role != RoleName::Wrong)
    {
        let verdict = r.verdict.map_or("-".to_string(), |v| v.to_string());
        let detail = r
            .detail
            .as_deref()
            .map(|d| format!(" ({d})"))
            .unwrap_or_default();
        out.push_str(&format!(
            "FAIL {} · {} · case {}: {verdict}{detail}\n",
            r.problem, r.program, r.case
        ));
        if let Some(f) = &r.first_difference {
            out.push_str(&format!("     {f}\n"));
        }
    }
    for w in m.wrong.iter().filter(|w| !w.passed) {
        out.push_str(&format!(
            "FAIL {} · {}: a wrong solution that must get {} was not caught\n",
            w.problem, w.program, w.expect
        ));
    }
    for slug in &m.summary.no_solution {
        out.push_str(&format!("FAIL {slug}: no solution\n"));
    }
    for slug in &m.summary.not_written {
        out.push_str(&format!("SKIP {slug}: not written yet\n"));
    }
    out.push_str(&format!(
        "merged {shards} shard(s): {} records\n{} passed, {} failed\n",
        m.summary.cases, m.summary.passed, m.summary.failed
    ));
    out
}
