//! The judge's core: what a problem is (its folder, `problem.toml`, its fixture cases, its
//! tools), the judge profiles (`judges.toml`), the builds, the engine that executes a plan in
//! the sandbox (the build phase, the judging, the confirmations) and what it judges (verdicts,
//! outcomes, diffs). Judging the fixtures and the mutants are plans this engine runs; stress
//! deals its seeds itself (each made, validated and answered by the brute force first) and
//! judges the solutions on each with the engine's own `run::judge_run`, the one place that
//! decides how a case is judged (the checker, the interactor, the compare mode); the
//! validator's pass of `verify` and `runner run` (one program on one input, not judged) drive
//! the same tools ([`Toolbox`], built once with their conventions). Nothing here prints and
//! nothing here parses a command line.
//!
//! The way in is [`Session`]: a command opens one ([`SessionOptions`]) and through it loads the
//! problems and their fixtures ([`Reach`] says which holes stop a load; the warnings come back
//! as values, [`Loaded`]), makes a plan's subjects, executes the plan, builds a problem's tools,
//! stresses, runs by hand ([`by_hand`]); package-formats imports through it too.
//!
//! The face: the modules are private, and what the crates above use of them is named at the
//! root (`judging::Problem`, `judging::Verdict`, …), each with its doc; a few modules stay
//! public as namespaces the callers name on purpose (a command's decisions, `stress::stress`;
//! a kit of helpers, `diff::terminal_safe`, `exit::PASSED`). `missing_docs` and
//! `unreachable_pub` are warned, so the compiler keeps that list honest. There is no
//! process-wide mutable state: the caller hands in what a process has once — cancellation
//! ([`sandbox::Cancel`]), the command that starts the runner (for hints), the folders of the
//! interactive games ([`interactive::GameDirs`], owned by whoever plays them).
//!
//! What it does not hold: the isolation of programs (the `sandbox` crate), the problem
//! packages of other tools (`package-formats`), the command line and the reports, human and
//! machine (`runner`).

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]
#![warn(missing_docs, unreachable_pub)]

// Namespaces the callers name on purpose: each a command's decisions (`by_hand`, `mutants`,
// `mutate`, `remove`, `scaffold`, `settings`, `stress`, `submit`, `validate`, `verify`), whose
// functions read as `stress::stress`, `submit::prepare`, or a kit of helpers named with their
// module (`bounded::read_regular`, `diff::terminal_safe`, `exit::PASSED`, `interactive::play`,
// `judgement::limit_failure`, `lint::lint`, `ranges::time_ms`, `write::replace`).
pub mod bounded;
pub mod by_hand;
pub mod diff;
pub mod exit;
pub mod interactive;
pub mod judgement;
pub mod lint;
pub mod mutants;
pub mod mutate;
pub mod ranges;
pub mod remove;
pub mod scaffold;
pub mod settings;
pub mod stress;
pub mod submit;
pub mod validate;
pub mod verify;
pub mod write;

// The rest is private; what the crates above use of it is named here, at the root.
mod cache;
mod checker;
mod compare;
mod compile;
// judges.toml's layering is being rewritten beside this: its docs come with it.
mod config;
mod fixture;
mod holes;
mod judges;
mod kattis_compare;
mod problem;
mod run;
mod scan;
mod session;
mod shrink;
mod sight;
mod stream;
mod tools;
mod verdict;
mod workspace;

pub use cache::VerdictCache;
pub use compare::{CompareMode, KattisFlags};
pub use compile::Workshop;
pub use config::ConfigError;
pub use fixture::{check_new_case_name, save_case, Case, Content, Source, CHECKER_OUTPUT_LIMIT};
pub use holes::Solutions;
pub use judges::{
    url_parts, CompileLimitKeys, CompileLimits, Judge, Judges, Profile,
    BUILT_IN as BUILT_IN_JUDGES, FILE as JUDGES_FILE, LAYERED_TEMPLATE, LOCAL,
};
pub use problem::{Convention, Problem, WrongProgram, MAX_PASSES, TOOL_LIMITS};
pub use run::{
    Event, FirstRejections, Phase, Planned, ProblemReport, Role, RunReport, Subject, SubjectReport,
    Tally,
};
pub use session::{
    first_rejections, ConfigErrors, Execution, Loaded, Reach, Session, SessionOptions, Warning,
    Work,
};
pub use tools::{needs_of_cases, Tool, Toolbox};
pub use verdict::{Expect, Verdict, Verdicts};
pub use workspace::{is_valid_slug, FileKinds, Workspace, SHARED};
