//! The runner's integration tests, one binary: cargo runs test binaries one after another, so
//! one binary lets the whole suite share the test threads (a test that waits for a wall-clock
//! backstop no longer leaves a core idle while the next file waits for it), and links once.
//! `cargo test --test all hostile::` runs one file's tests.
//!
//! libtest starts tests in the order of their names, so the file of hostile programs (the
//! sandbox's tests, which mostly wait: for backstops, for processes to die) is `hostile.rs`: its
//! tests start early, beside the busy ones, not last by themselves.

/// libtest runs as many tests at once as there are CPUs. These tests mostly wait on child
/// processes (compilers, the runner, programs waiting for a wall-clock backstop or an idle
/// game), so one more at a time keeps the CPUs busy: on this project's 2-core machine, a fresh
/// clone's test run took 62 s at 2 at a time, 57 s at 3 and 57 s at 4. Set before libtest
/// reads it (the way the `ctor` crate runs code before `main`); `RUST_TEST_THREADS` or
/// `--test-threads` still decide when given.
#[used]
#[link_section = ".init_array"]
static ONE_TEST_MORE_THAN_CPUS: extern "C" fn() = {
    extern "C" fn set() {
        if std::env::var_os("RUST_TEST_THREADS").is_none() {
            let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
            std::env::set_var("RUST_TEST_THREADS", (cpus + 1).to_string());
        }
    }
    set
};

mod common;

mod bounds;
mod cache;
mod compile_box;
mod config;
mod contest_day;
mod docs;
mod first_hour;
mod game;
mod hostile;
mod hostile_imports;
mod html;
mod imports;
mod interactive;
mod interrupt;
mod judges;
mod languages;
mod misbehaving;
mod mutants;
mod outside_box;
mod prep;
mod real_problems;
mod repo;
mod reports;
mod through_links;
