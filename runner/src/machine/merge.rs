//! `runner merge`: the JSON Lines reports of the N shards of one partitioned run (`--partition
//! K/N --format json`) made into the report of the whole run. Every shard must be there once,
//! all of the same partition; the counts are the sums of the shards' (each unit of work runs in
//! exactly one shard), so the merged summary is the one a single run would have written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::partition::Partition;
use crate::records::{Line, Records, Summary};
use judging::exit;

/// One shard's report: its records and its summary.
struct Shard {
    path: PathBuf,
    partition: Partition,
    records: Records,
}

/// Reads one shard's JSON Lines.
fn read(path: &Path, text: &str) -> Result<Shard> {
    let mut records = Records::empty();
    let mut summary: Option<Summary> = None;
    for (i, l) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let line: Line = serde_json::from_str(l).with_context(|| {
            format!(
                "{}:{}: not a line of `--format json`",
                path.display(),
                i + 1
            )
        })?;
        match line {
            Line::Case(r) => records.cases.push(r),
            Line::WrongSolution(w) => records.wrong.push(w),
            Line::Summary(s) if summary.is_none() => summary = Some(s),
            Line::Summary(_) => bail!("{}:{}: a second summary", path.display(), i + 1),
        }
    }
    let summary = summary.with_context(|| {
        format!(
            "{}: no summary line: the shard did not finish",
            path.display()
        )
    })?;
    let partition: Partition = summary
        .partition
        .as_deref()
        .with_context(|| {
            format!(
                "{}: not a shard (its run had no --partition)",
                path.display()
            )
        })?
        .parse()
        .map_err(|e: String| anyhow::anyhow!("{}: {e}", path.display()))?;
    records.summary = summary;
    Ok(Shard {
        path: path.to_path_buf(),
        partition,
        records,
    })
}

/// Merges the shards' reports `(path, text)`; an error names what is missing or inconsistent.
pub fn merge(reports: &[(PathBuf, String)]) -> Result<Records> {
    let shards: Vec<Shard> = reports
        .iter()
        .map(|(p, t)| read(p, t))
        .collect::<Result<_>>()?;
    let Some(first) = shards.first() else {
        bail!("no shard reports to merge");
    };
    let (scheme, n) = (first.partition.scheme, first.partition.n);
    let mut seen: BTreeMap<usize, &PathBuf> = BTreeMap::new();
    for s in &shards {
        if s.partition.scheme != scheme || s.partition.n != n {
            bail!(
                "{} is shard {} but {} is shard {}: not one partitioned run",
                s.path.display(),
                s.partition,
                first.path.display(),
                first.partition
            );
        }
        if let Some(other) = seen.insert(s.partition.k, &s.path) {
            bail!(
                "{} and {} are both shard {}",
                other.display(),
                s.path.display(),
                s.partition
            );
        }
    }
    let missing: Vec<String> = (1..=n)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        bail!(
            "shard {} missing: every shard's report is needed",
            missing.join(", ")
        );
    }
    refuse_repeats(&shards)?;
    combine(shards)
}

/// Refuses a record that two shards (or one shard twice) hold: each unit of work runs in
/// exactly one shard, so a repeat is a report edited or mixed up, and its counts would count
/// twice. The error names the record's id and both files.
fn refuse_repeats(shards: &[Shard]) -> Result<()> {
    let mut seen: std::collections::HashMap<String, &PathBuf> = std::collections::HashMap::new();
    for s in shards {
        let cases = s.records.cases.iter().map(|r| format!("case {}", r.key()));
        let wrong = s
            .records
            .wrong
            .iter()
            .map(|w| format!("wrong solution {}/{}", w.problem, w.program));
        for id in cases.chain(wrong) {
            if let Some(other) = seen.get(&id) {
                bail!(
                    "{id} is in {} and again in {}: a record is in one shard once",
                    other.display(),
                    s.path.display()
                );
            }
            seen.insert(id, &s.path);
        }
    }
    Ok(())
}

/// `a + b`, or an error naming the shard and the count that would overflow.
fn add(a: usize, b: usize, path: &Path, what: &str) -> Result<usize> {
    a.checked_add(b).with_context(|| {
        format!(
            "{}: the summary's `{what}` ({b}) makes the total overflow: not a count of a run",
            path.display()
        )
    })
}

fn combine(shards: Vec<Shard>) -> Result<Records> {
    let mut merged = Records::empty();
    let s = &mut merged.summary;
    for shard in shards {
        let (t, path) = (&shard.records.summary, &shard.path);
        s.passed = add(s.passed, t.passed, path, "passed")?;
        s.failed = add(s.failed, t.failed, path, "failed")?;
        s.skipped = add(s.skipped, t.skipped, path, "skipped")?;
        s.cases = add(s.cases, t.cases, path, "cases")?;
        for (v, c) in &t.verdicts {
            let total = s.verdicts.entry(*v).or_insert(0);
            *total = add(*total, *c, path, &format!("verdicts.{}", v.as_str()))?;
        }
        s.interrupted |= t.interrupted;
        s.failed_only |= t.failed_only;
        s.exit_code = worst(s.exit_code, t.exit_code);
        s.no_solution.extend(t.no_solution.iter().cloned());
        s.not_written.extend(t.not_written.iter().cloned());
        merged.cases.extend(shard.records.cases);
        merged.wrong.extend(shard.records.wrong);
    }
    merged.summary.no_solution.sort();
    merged.summary.no_solution.dedup();
    merged.summary.not_written.sort();
    merged.summary.not_written.dedup();
    Ok(merged)
}

/// The exit code of two parts of one run: interrupted over a judge error over a failure.
fn worst(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        exit::INTERRUPTED => 3,
        exit::ERROR => 2,
        exit::FAILED => 1,
        _ => 0,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(partition: &str, passed: usize, failed: usize, exit_code: u8) -> (PathBuf, String) {
        let summary = Summary {
            passed,
            failed,
            exit_code,
            partition: Some(partition.into()),
            ..Summary::empty()
        };
        let text = String::from_utf8(crate::machine::json::line(&Line::Summary(summary))).unwrap();
        (PathBuf::from(format!("{partition}.jsonl")), text)
    }

    #[test]
    fn counts_add_up_and_the_worst_exit_code_stands() {
        let m = merge(&[
            shard("hash:2/3", 4, 1, exit::FAILED),
            shard("hash:1/3", 5, 0, exit::PASSED),
            shard("hash:3/3", 2, 0, exit::PASSED),
        ])
        .unwrap();
        assert_eq!((m.summary.passed, m.summary.failed), (11, 1));
        assert_eq!(m.summary.exit_code, exit::FAILED);
        assert_eq!(m.summary.partition, None);
    }

    #[test]
    fn a_missing_a_doubled_or_a_foreign_shard_is_refused() {
        let err = |r: &[(PathBuf, String)]| merge(r).unwrap_err().to_string();
        assert_eq!(
            err(&[shard("hash:1/3", 1, 0, 0), shard("hash:3/3", 1, 0, 0)]),
            "shard 2/3 missing: every shard's report is needed"
        );
        assert!(
            err(&[shard("hash:1/2", 1, 0, 0), shard("hash:1/2", 1, 0, 0)])
                .contains("are both shard hash:1/2")
        );
        assert!(
            err(&[shard("hash:1/2", 1, 0, 0), shard("count:2/2", 1, 0, 0)])
                .contains("not one partitioned run")
        );
        assert!(
            err(&[(PathBuf::from("x.jsonl"), "{\"type\":\"case\"".into())])
                .contains("x.jsonl:1: not a line of `--format json`")
        );
    }

    #[test]
    fn counts_near_two_to_the_64_are_refused_not_a_panic() {
        let big = usize::MAX - 1;
        let e = merge(&[shard("hash:1/2", big, 0, 0), shard("hash:2/2", 5, 0, 0)])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "hash:2/2.jsonl: the summary's `passed` (5) makes the total overflow: not a count of a run"
        );
    }

    #[test]
    fn a_record_in_two_shards_is_refused_with_its_id() {
        let with_case = |partition: &str| {
            let (path, summary) = shard(partition, 1, 0, 0);
            let r = crate::records::tests::record(
                "t",
                "solutions/src/bin/t.rs",
                "a",
                Some(judging::Verdict::Accepted),
            );
            let case = String::from_utf8(crate::machine::json::line(&Line::Case(r))).unwrap();
            (path, case + &summary)
        };
        let e = merge(&[with_case("hash:1/2"), with_case("hash:2/2")])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "case t/solutions/src/bin/t.rs/a is in hash:1/2.jsonl and again in hash:2/2.jsonl: \
             a record is in one shard once"
        );
    }
}
