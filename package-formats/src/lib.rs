//! Problems from elsewhere: a Competitive Companion payload ([`companion`]), and (written by the
//! import and export commands) the field's problem packages. Each source becomes a
//! [`draft::Draft`], which [`draft::write`] writes into the workspace, all or nothing, never over
//! an existing problem. Nothing here prints: the commands in `cli/` do.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

pub mod companion;
pub mod confine;
pub mod draft;
pub mod kattis;
pub mod kattis_constants;
pub mod kattis_export;
pub mod kattis_groups;
pub mod kattis_submissions;
pub mod library_checker;
pub mod library_checker_sources;
pub mod package;
pub mod polygon;
pub mod tools;
