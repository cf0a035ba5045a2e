//! Builds the launcher (`src/launch.c`) while cargo builds the crate, so that a run finds it
//! ready: the runner writes these bytes into its cache instead of calling gcc on its first run
//! in every workspace (0.3 CPU-seconds each time; the project's tests make some 170
//! workspaces). Without a working gcc here the launcher is left empty and the runner builds it
//! itself when it first runs, with gcc's message if that fails too.

#[path = "src/gcc_launcher.rs"]
mod gcc_launcher;

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src/launch.c");
    println!("cargo:rerun-if-changed=src/gcc_launcher.rs");
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("launch");
    let _ = std::fs::remove_file(&out);
    if let Err(why) = gcc_launcher::compile(Path::new("src/launch.c"), &out) {
        let _ = std::fs::remove_file(&out);
        std::fs::write(&out, b"").expect("cannot write into OUT_DIR");
        println!(
            "cargo:warning=the sandbox's launcher (sandbox/src/launch.c) was not built here, the runner will try again on its first run: {}",
            why.lines().next().unwrap_or_default()
        );
    }
}
