//! The solutions live in `src/bin/`, one self-contained, std-only file per problem, each ready
//! to paste into an online judge. This package exists so that Cargo, rust-analyzer and clippy see
//! them; the runner compiles each file on its own, the way a judge does.
