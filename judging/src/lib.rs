//! The judge's core: what a problem is (its folder, `problem.toml`, its fixture cases, its
//! tools), the judge profiles (`judges.toml`), the builds, the engine that executes a plan in
//! the sandbox ([`run::execute`]: the build phase, the judging, the confirmations) and what it
//! judges (verdicts, outcomes, diffs). Every command of the `runner` binary is a plan this
//! engine runs; nothing here prints and nothing here parses a command line.
//!
//! The layers, from the bottom: [`verdict`], [`compare`], [`diff`], [`judgement`] (what a run
//! is worth); [`workspace`], [`problem`], [`fixture`], [`judges`], [`compile`] (what there is
//! to judge, and its builds); [`checker`], [`interactive`], [`validate`], [`tools`] (the
//! problem's own programs, each called its way); [`run`] (the engine), over which
//! [`stress`], [`verify`] and [`submit`] are built. Cancellation is a value
//! ([`sandbox::Cancel`]) the caller hands in; there is no process-wide state.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]
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
pub mod lint;
pub mod mutate;
pub mod problem;
pub mod ranges;
pub mod run;
pub mod scaffold;
pub mod scan;
pub mod shrink;
pub mod sight;
pub mod stress;
pub mod submit;
pub mod tools;
pub mod validate;
pub mod verdict;
pub mod verify;
pub mod workspace;
