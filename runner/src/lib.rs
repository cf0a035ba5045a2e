//! The `runner` binary's library: the command line ([`cli`]) and the reports, for people
//! (`report`) and for machines (`machine`: JSON Lines, JUnit, the HTML page; `records`,
//! `history`, `partition`). The judging itself is the `judging` crate's, the problem packages
//! the `package-formats` crate's, the isolation the `sandbox` crate's. The binary (`main.rs`)
//! is a thin wrapper around [`cli::main`]. Only `cli` is public.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

pub mod cli;
mod game_page;
mod game_report;
mod history;
mod invoked;
mod machine;
mod partition;
mod records;
mod report;
