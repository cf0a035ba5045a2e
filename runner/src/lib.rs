//! A local judge for competitive-programming solutions.
//!
//! The library does the work and never prints: `run` executes jobs and emits `run::Event`s, and
//! `report` (or an exporter) alone writes them out. The binary (`main.rs`) is a thin wrapper
//! around [`cli::main`]. Only `cli` is public: everything else is private to the crate, so the
//! compiler reports what nothing uses.

mod cache;
mod checker;
pub mod cli;
mod compare;
mod compile;
mod config;
mod diff;
mod exit;
mod export;
mod fixture;
mod history;
mod holes;
mod import;
mod interactive;
mod invoked;
mod judgement;
mod judges;
mod lint;
mod mutate;
mod partition;
mod problem;
mod ranges;
mod records;
mod report;
mod run;
mod scaffold;
mod scan;
mod shrink;
mod sight;
mod single;
mod stress;
mod submit;
mod tools;
mod validate;
mod verdict;
mod verify;
mod workspace;
