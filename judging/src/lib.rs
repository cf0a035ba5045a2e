//! The judge's core: what a problem is (its folder, `problem.toml`, its fixture cases, its
//! tools), the judge profiles (`judges.toml`), the builds, the engine that executes a plan in
//! the sandbox ([`run::execute`]: the build phase, the judging, the confirmations) and what it
//! judges (verdicts, outcomes, diffs). Judging the fixtures and the mutants are plans this
//! engine runs; stress deals its seeds itself (each made, validated and answered by the brute
//! force first) and judges the solutions on each with the engine's own `run::judge_run`, the
//! one place that decides how a case is judged (the checker, the interactor, the compare mode);
//! the validator's pass of `verify` and `run` (one program on one input, not judged) drive the
//! same tools ([`tools`], built once with their conventions). Nothing here prints and nothing
//! here parses a command line.
//!
//! The layers, from the bottom: [`verdict`], [`compare`], [`diff`], [`judgement`] (what a run
//! is worth); [`workspace`], [`problem`], [`fixture`], [`judges`], [`compile`] (what there is
//! to judge, and its builds); [`checker`], [`interactive`], [`validate`], [`tools`] (the
//! problem's own programs, each called its way); [`run`] (the engine), over which
//! [`stress`], [`verify`] and [`submit`] are built.
//!
//! The public surface is what the `runner` binary and the `package-formats` crate call, each
//! item with its doc; the rest is `pub(crate)`. There is no process-wide mutable state: the
//! caller hands in what a process has once — cancellation ([`sandbox::Cancel`]), the command
//! that starts the runner (for hints), the folders of the interactive games
//! ([`interactive::GameDirs`], owned by whoever plays them).
//!
//! What it does not hold: the isolation of programs (the `sandbox` crate), the problem
//! packages of other tools (`package-formats`), the command line and the reports, human and
//! machine (`runner`).

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]
pub mod bounded;
pub mod by_hand;
pub mod cache;
pub mod checker;
pub mod compare;
pub mod compile;
pub mod config;
pub mod diff;
pub mod exit;
pub mod fixture;
pub mod holes;
pub mod interactive;
pub mod judgement;
pub mod judges;
mod kattis_compare;
pub mod lint;
pub mod mutants;
pub mod mutate;
pub mod problem;
pub mod ranges;
pub mod remove;
pub mod run;
pub mod scaffold;
pub mod scan;
pub mod session;
pub mod settings;
mod shrink;
mod sight;
pub mod stream;
pub mod stress;
pub mod submit;
pub mod tools;
pub mod validate;
pub mod verdict;
pub mod verify;
pub mod workspace;
pub mod write;
