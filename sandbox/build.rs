//! Builds the launcher (`src/launch.c`) while cargo builds the crate, so that a run finds it
//! ready: the runner writes these bytes into its cache instead of calling gcc on its first run
//! in every workspace (0.3 CPU-seconds each time; the project's tests make some 170
//! workspaces). Without a working gcc here the launcher is left empty and the runner builds it
//! itself when it first runs, with gcc's message if that fails too.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=src/launch.c");
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("launch");
    let _ = std::fs::remove_file(&out);
    // Static when the C library allows it: the smaller the launcher, the truer the memory (the
    // same two tries as `launcher::build`).
    for extra in [&["-static"][..], &[]] {
        let built = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(&out)
            .arg("src/launch.c")
            .args(extra)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        if built {
            return;
        }
    }
    let _ = std::fs::remove_file(&out);
    std::fs::write(&out, b"").expect("cannot write into OUT_DIR");
    println!(
        "cargo:warning=gcc could not build the sandbox's launcher (sandbox/src/launch.c); the runner will try again on its first run"
    );
}
