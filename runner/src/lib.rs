//! A local judge for competitive-programming solutions.
//!
//! The library does the work and never prints: [`run`] executes jobs and emits [`run::Event`]s,
//! and a [`report::Reporter`] alone writes to the terminal. The binary (`main.rs`) is a thin
//! wrapper around [`cli::main`].

pub mod checker;
pub mod cli;
pub mod compare;
pub mod compile;
pub mod diff;
pub mod exec;
pub mod export;
pub mod fixture;
pub mod history;
pub mod holes;
pub mod judges;
pub mod lint;
pub mod partition;
pub mod problem;
pub mod records;
pub mod report;
pub mod run;
pub mod scaffold;
pub mod single;
pub mod stress;
pub mod submit;
pub mod validate;
pub mod verdict;
pub mod watch;
pub mod workspace;
