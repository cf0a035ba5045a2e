//! The runner's integration tests, one binary: cargo runs test binaries one after another, so
//! one binary lets the whole suite share the test threads (a test that waits for a wall-clock
//! backstop no longer leaves a core idle while the next file waits for it), and links once.
//! `cargo test --test all hostile::` runs one file's tests.
//!
//! libtest starts tests in the order of their names, so the file of hostile programs (the
//! sandbox's tests, which mostly wait: for backstops, for processes to die) is `hostile.rs`: its
//! tests start early, beside the busy ones, not last by themselves.

mod common;

mod cache;
mod config;
mod hostile;
mod imports;
mod interactive;
mod judges;
mod misbehaving;
mod mutants;
mod prep;
mod real_problems;
mod repo;
mod reports;
