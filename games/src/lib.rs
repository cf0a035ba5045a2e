//! Heap games and their nim-values: the engine of `runner game`.
//!
//! A pure crate (no dependency on the runner's other crates): game descriptions and their
//! files ([`file`], [`code`], [`game`]), the nim-values G(0), G(1), … by a naive engine for
//! every kind and the sparse-space method for take-and-break codes ([`solve`]), the period
//! proven by the octal periodicity theorem or only seen ([`period`]), and the report
//! ([`report`]). For the games that are not heap games, [`graph`] values an explicit graph of
//! positions fed by a caller (a move program's driver).
//!
//! What it does not hold: running programs (the sandbox), printing, the command line.
//!
//! ```
//! use games::{file, solve};
//! let kayles = file::parse_spec("0.77", false).unwrap();
//! let report = solve::solve(&kayles, 1_000, &solve::Quiet);
//! assert_eq!((report.preperiod, report.period, report.proven), (Some(71), Some(12), true));
//! ```

#![warn(missing_docs)]
// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

pub mod code;
pub mod file;
pub mod game;
pub mod graph;
mod naive;
pub mod oracle;
pub mod period;
pub mod problem;
pub mod program;
pub mod program_report;
pub mod report;
pub mod solve;
mod sparse;
mod values;

pub use game::{Game, HeapRule, Kind, Rule};
pub use report::Report;
pub use values::Nimber;
