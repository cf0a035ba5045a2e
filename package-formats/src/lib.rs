//! Problems from elsewhere: a Competitive Companion payload ([`companion`]), and (written by the
//! import and export commands) the field's problem packages. Each source becomes a
//! [`draft::Draft`], which [`draft::write`] writes into the workspace, all or nothing, never over
//! an existing problem. Nothing here prints: the commands in `cli/` do.
//!
//! The public surface is what the `runner` binary calls: [`package::Package::open`] (a folder or
//! archive, bounded by [`confine`]) read by [`kattis::read`], [`polygon::read`] or
//! [`library_checker::read`] with the programs [`tools`] builds, and [`kattis_export`] (a
//! problem back out as a Kattis package). How a Kattis package's constants, groups and
//! submissions are read, and where a Library Checker problem's sources come from, are this
//! crate's own (private modules).
//!
//! What it does not hold: the judging itself (the `judging` crate: problems, fixtures, builds,
//! verdicts), the isolation (`sandbox`), the command line and the reports (`runner`).

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

pub mod companion;
pub mod confine;
pub mod draft;
mod judge_macros;
pub mod kattis;
mod kattis_constants;
pub mod kattis_export;
mod kattis_groups;
mod kattis_submissions;
pub mod library_checker;
mod library_checker_sources;
pub mod package;
pub mod polygon;
pub mod tools;
