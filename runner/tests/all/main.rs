//! The runner's integration tests, one binary: cargo runs test binaries one after another, so
//! one binary lets the whole suite share the test threads (a test that waits for a wall-clock
//! backstop no longer leaves a core idle while the next file waits for it), and links once.
//! `cargo test --test all sandbox::` runs one file's tests.

mod common;

mod cache;
mod config;
mod imports;
mod interactive;
mod judges;
mod misbehaving;
mod mutants;
mod prep;
mod real_problems;
mod repo;
mod reports;
mod sandbox;
