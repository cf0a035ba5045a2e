//! Input validators (`problems/<slug>/validate.rs`): a program that reads one input on stdin and
//! exits 0 only if it satisfies the statement exactly; otherwise it exits non-zero and says where
//! on stderr (`line 3: a_2 = 0 is out of 1..=1000`).
//!
//! `verify` runs it on every fixture input (a case marked `outside_statement` must be rejected,
//! any other accepted) and on every `problems/<slug>/invalid/*.in` (all must be rejected);
//! `stress` runs it on every generated input through `check_input`.
//!
//! A Kattis input validator (`validator_convention = "kattis"` in problem.toml) exits 42 for a
//! valid input and 43 for an invalid one: `adapt` puts a small shell adapter before its command
//! line that answers 0 and 1 instead, and dies of SIGABRT on any other code (a validator failure,
//! as Kattis counts it).

use sandbox::{Limits, Program};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diff;
use crate::exit::Tally;
use crate::fixture::{Case, Content};
use crate::judgement;
use crate::problem::{Convention, Problem, TOOL_LIMITS};
use sandbox::{Executor, Exit, Stdin};

/// The validator's limits.
const LIMITS: Limits = TOOL_LIMITS;

/// What the validator said of one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validation {
    /// Exit 0: the input satisfies the statement.
    Valid,
    /// A non-zero exit code: the input breaks the statement; the validator's reason.
    Invalid(String),
    /// The validator itself failed (a signal, a limit, cannot start): it proved nothing.
    Failed(String),
}

/// The adapter of a Kattis input validator: `sh -c KATTIS_ADAPTER kattis-input-validator VALIDATOR…`.
const KATTIS_ADAPTER: &str = r#""$@"
c=$?
case $c in
  42) exit 0 ;;
  43) exit 1 ;;
esac
echo "the Kattis input validator exited $c (42: valid, 43: invalid)" >&2
kill -ABRT $$
"#;

/// The built validator `program` as [`check_input`] runs it under `convention`.
pub(crate) fn adapt(program: Program, convention: Convention) -> Program {
    if convention == Convention::Testlib {
        return program;
    }
    program.behind(&["/bin/sh", "-c", KATTIS_ADAPTER, "kattis-input-validator"])
}

/// The validator's stderr as a reason: its non-empty lines, escaped, without Rust's backtrace
/// hint, at most 5.
fn reason(stderr: &[u8], exit: Exit) -> String {
    let text = diff::escape(stderr, false);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
        .take(5)
        .collect();
    if lines.is_empty() {
        format!("{} (and no reason on stderr)", exit.describe())
    } else {
        lines.join("\n")
    }
}

/// Runs `validator` on `input`. Any non-zero exit code is a rejection; a signal, a limit or a
/// failure to start is [`Validation::Failed`].
pub(crate) fn check_input(
    exec: &dyn Executor,
    validator: &Program,
    input: Stdin<'_>,
) -> Validation {
    let out = match exec.run(validator, input, &LIMITS, 1 << 20) {
        Ok(out) => out,
        Err(e) => return Validation::Failed(format!("cannot start the validator: {e}")),
    };
    match (judgement::limit_failure(&out, &LIMITS), out.exit) {
        (None, _) => Validation::Valid,
        (Some(_), Exit::Code(code)) if out.killed.is_none() && code != 0 => {
            Validation::Invalid(reason(&out.stderr, out.exit))
        }
        (Some((verdict, detail)), _) => {
            let stderr = reason(&out.stderr, out.exit);
            Validation::Failed(format!("{verdict} ({detail}): {stderr}"))
        }
    }
}

/// One input `verify` gives the validator, and what must come of it.
#[derive(Debug, Clone)]
pub struct Check {
    /// `case NAME` or the path of an invalid/ file.
    pub what: String,
    /// `None`: the input must be accepted; `Some(why)`: it must be rejected, because `why`.
    pub must_reject: Option<String>,
    /// For an invalid/ file with a `.err` beside it: what the validator must say.
    pub message: Option<String>,
    /// What the validator did with the input.
    pub result: Validation,
}

impl Check {
    /// Whether the validator did what the input asks.
    pub fn passed(&self) -> bool {
        self.failure().is_none()
    }

    /// Why the check failed, for the report; `None` when it passed.
    pub fn failure(&self) -> Option<String> {
        Some(match (&self.must_reject, &self.result) {
            (None, Validation::Invalid(why)) => {
                format!("REJECTED, but it must be accepted (it is inside the statement):\n{why}")
            }
            (Some(why), Validation::Valid) => format!(
                "ACCEPTED, but it must be rejected ({why}): the validator lets a broken input through"
            ),
            (_, Validation::Failed(why)) => format!("the validator failed: {why}"),
            (Some(_), Validation::Invalid(why)) => match &self.message {
                Some(m) if !why.contains(m.as_str()) => format!(
                    "rejected, but not for the reason its .err file gives:\nexpected: {m}\ngot:      {why}"
                ),
                _ => return None,
            },
            (None, Validation::Valid) => return None,
        })
    }
}

/// The validator's results on one problem.
#[derive(Debug)]
pub struct ProblemChecks {
    /// The problem's slug.
    pub slug: String,
    /// The validator's source.
    pub validator: PathBuf,
    /// One check per input, cases first, then invalid/.
    pub checks: Vec<Check>,
}

/// What the validator's checks add to a run's counts: each check passes or fails, and is
/// counted as a validator check.
pub fn tally(problems: &[ProblemChecks]) -> Tally {
    let mut tally = Tally::default();
    for pc in problems {
        let passed = pc.checks.iter().filter(|c| c.passed()).count();
        tally.passed += passed;
        tally.failed += pc.checks.len() - passed;
        tally.validator_checks += pc.checks.len();
    }
    tally
}

/// The inputs `problems/<slug>/invalid/*.in`, sorted.
pub fn invalid_inputs(problem: &Problem) -> Vec<PathBuf> {
    problem
        .folder
        .invalid
        .iter()
        .filter(|e| !e.is_dir && e.path.extension().is_some_and(|x| x == "in"))
        .map(|e| e.path.clone())
        .collect()
}

/// The work of `verify` for one problem: every case and every invalid/ file, in parallel on
/// `pool`. `root` only shortens the paths shown.
pub fn check_problem(
    exec: &dyn Executor,
    pool: &rayon::ThreadPool,
    validator: &Program,
    problem: &Problem,
    cases: &[Case],
    root: &Path,
) -> std::io::Result<ProblemChecks> {
    let mut inputs: Vec<(String, Option<String>, Option<String>, Content)> = cases
        .iter()
        .map(|c| {
            (
                format!("case {}", c.name),
                c.outside_statement.clone(),
                None,
                c.input.clone(),
            )
        })
        .collect();
    for path in invalid_inputs(problem) {
        let len = std::fs::metadata(&path)?.len();
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let message = std::fs::read_to_string(path.with_extension("err"))
            .ok()
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty());
        inputs.push((
            shown,
            Some("every file in invalid/ breaks the statement".into()),
            message,
            Content::File { path, len },
        ));
    }
    let checks = pool.install(|| {
        inputs
            .into_par_iter()
            .map(|(what, must_reject, message, input)| Check {
                result: check_input(exec, validator, input.as_stdin()),
                what,
                must_reject,
                message,
            })
            .collect()
    });
    Ok(ProblemChecks {
        slug: problem.slug.clone(),
        validator: problem.validator_path(),
        checks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_passes_only_when_the_validator_did_what_the_input_asks() {
        let check = |must: Option<&str>, result: Validation| Check {
            what: "case a".into(),
            must_reject: must.map(Into::into),
            result,
            message: None,
        };
        assert!(check(None, Validation::Valid).passed());
        assert!(check(Some("crlf"), Validation::Invalid("line 1: CR".into())).passed());
        let c = check(Some("crlf"), Validation::Valid);
        assert!(!c.passed());
        assert!(c
            .failure()
            .unwrap()
            .contains("ACCEPTED, but it must be rejected (crlf)"));
        let c = check(None, Validation::Invalid("line 3: a_2 = 0".into()));
        assert!(c.failure().unwrap().contains("REJECTED"));
        assert!(c.failure().unwrap().contains("line 3: a_2 = 0"));
        // An invalid/ file with a .err beside it must be rejected for that reason.
        let with = |message: &str, why: &str| Check {
            message: Some(message.into()),
            ..check(Some("invalid/"), Validation::Invalid(why.into()))
        };
        assert!(with("line 1: carriage return", "line 1: carriage return (CRLF?)").passed());
        let c = with("line 1: carriage return", "line 2: a_1 = 0 is out of 1..=9");
        assert!(!c.passed());
        assert!(c
            .failure()
            .unwrap()
            .starts_with("rejected, but not for the reason its .err file gives"));
        // A crashing validator rejects nothing: it fails either way.
        for must in [None, Some("crlf")] {
            let c = check(must, Validation::Failed("RE (SIGSEGV)".into()));
            assert!(!c.passed());
            assert!(c.failure().unwrap().starts_with("the validator failed"));
        }
    }

    #[test]
    fn the_reason_is_the_validators_stderr_without_rusts_hint() {
        let stderr = b"thread 'main' panicked at validate.rs:9:5:\nline 3: a_2 = 0 is out of 1..=1000\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            reason(stderr, Exit::Code(101)),
            "thread 'main' panicked at validate.rs:9:5:\nline 3: a_2 = 0 is out of 1..=1000"
        );
        assert_eq!(
            reason(b"", Exit::Code(1)),
            "exit code 1 (and no reason on stderr)"
        );
    }
}
