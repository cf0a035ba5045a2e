//! Compiling the launcher with gcc: one function, taken in by `build.rs` (which compiles it while
//! cargo builds the crate) and by [`crate::launcher::build`] (a run's first, where `build.rs`
//! found no gcc).

use std::path::Path;
use std::process::Command;

/// Compiles the C source `src` into `out`: static when the C library allows it (the smaller the
/// launcher, the truer the memory), else dynamic. `Err`: why not, gcc's last message included.
pub fn compile(src: &Path, out: &Path) -> Result<(), String> {
    let mut last = String::new();
    for extra in [&["-static"][..], &[]] {
        let o = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(out)
            .arg(src)
            .args(extra)
            .output()
            .map_err(|e| {
                format!("cannot run gcc to build the launcher: is gcc installed? ({e})")
            })?;
        if o.status.success() {
            return Ok(());
        }
        last = String::from_utf8_lossy(&o.stderr).into_owned();
    }
    Err(format!("cannot build the launcher:\n{last}"))
}
