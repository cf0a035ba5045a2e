//! The last run's results, kept in `target/judge/last-run.json`: what `--failed` re-runs, and past
//! timings for `--partition count:` (`--timings FILE`).
//!
//! Every judge run that ran to its end writes the file (a shard or a `--failed` run too: the last
//! run is the last run); an interrupted run, or one that ran nothing, leaves it as it was.

use std::collections::HashSet;
use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::partition::Timings;
use crate::records::{Records, RoleName, Status, SCHEMA};

/// The file's name under the workspace's `target/judge/`.
pub const FILE: &str = "last-run.json";

/// The largest report the runner reads back (a history, a shard's JSON Lines): a run's report
/// keeps only excerpts, so a larger one is not a report of this runner's.
pub const REPORT_MAX: u64 = 512 << 20;

/// The text of a report file: a regular file of at most [`REPORT_MAX`] bytes, UTF-8.
pub fn read_report(path: &Path) -> std::io::Result<String> {
    let bytes = judging::bounded::read_regular(path, REPORT_MAX)?;
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{}: not UTF-8 text", path.display()),
        )
    })
}

/// Reads a history file; `None` when there is none.
pub fn load(path: &Path) -> Result<Option<Records>> {
    let text = match read_report(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let records: Records = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a run's results", path.display()))?;
    if records.summary.schema != SCHEMA {
        bail!(
            "{} has schema {} (this runner writes {SCHEMA}): run once without --failed",
            path.display(),
            records.summary.schema
        );
    }
    Ok(Some(records))
}

/// Writes `records` to `path` (whole or not at all).
pub fn save(path: &Path, records: &Records) -> Result<()> {
    let dir = path.parent().context("the history file has no folder")?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut tmp = tempfile::Builder::new()
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644))
        .tempfile_in(dir)?;
    // One buffered write: serde_json writes token by token.
    std::io::Write::write_all(&mut tmp, &serde_json::to_vec(records)?)?;
    tmp.persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The keys of the units that failed (see `partition`): a case of a solution, port or brute force
/// that failed, a wrong solution that no case caught, a problem without a solution.
pub fn failed(records: &Records) -> HashSet<String> {
    let cases = records
        .cases
        .iter()
        .filter(|r| r.role != RoleName::Wrong && r.status == Status::Failed)
        .map(|r| r.key());
    let wrong = records
        .wrong
        .iter()
        .filter(|w| !w.passed)
        .map(|w| format!("{}/{}", w.problem, w.program));
    let empty = records.summary.no_solution.iter().cloned();
    cases.chain(wrong).chain(empty).collect()
}

/// The wall-clock time of every case of the run, by key.
pub fn timings(records: &Records) -> Timings {
    records.cases.iter().map(|r| (r.key(), r.wall_ms)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::tests::{record, tally};
    use crate::records::{summarize, WrongSolution};
    use judging::Verdict;

    #[test]
    fn failures_are_units_and_the_file_round_trips() {
        let cases = vec![
            record("t", "solutions/src/bin/t.rs", "a", Some(Verdict::Accepted)),
            record(
                "t",
                "solutions/src/bin/t.rs",
                "b",
                Some(Verdict::RuntimeError),
            ),
            record("t", "problems/t/wrong/w.rs", "a", Some(Verdict::Accepted)),
            record(
                "t",
                "problems/t/wrong/ok.rs",
                "a",
                Some(Verdict::WrongAnswer),
            ),
        ];
        let wrong = |program: &str, passed| WrongSolution {
            schema: SCHEMA,
            problem: "t".into(),
            program: program.into(),
            expect: judging::Verdicts::one(Verdict::WrongAnswer),
            allow: None,
            why: None,
            passed,
            not_run: false,
            caught_by: None,
            verdicts: Default::default(),
        };
        let records = Records {
            summary: summarize(&cases, &tally(2, 3), false, vec!["u".into()]),
            cases,
            wrong: vec![
                wrong("problems/t/wrong/w.rs", false),
                wrong("problems/t/wrong/ok.rs", true),
            ],
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("judge").join(FILE);
        assert!(load(&path).unwrap().is_none());
        save(&path, &records).unwrap();
        let back = load(&path).unwrap().unwrap();
        assert_eq!(back, records);
        let mut keys: Vec<String> = failed(&back).into_iter().collect();
        keys.sort();
        assert_eq!(
            keys,
            ["t/problems/t/wrong/w.rs", "t/solutions/src/bin/t.rs/b", "u"]
        );
        assert_eq!(
            timings(&back).get("t/solutions/src/bin/t.rs/a"),
            Some(&Some(4))
        );
        std::fs::write(&path, "{}").unwrap();
        assert!(load(&path).is_err());
    }
}
