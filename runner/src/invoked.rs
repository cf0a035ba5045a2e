//! How the user runs the runner, for the commands its hints show: `cargo run -p runner --`
//! when the binary is this repository's own build (under the `target/` of a workspace holding
//! `runner/Cargo.toml`), else the name it was called by (`runner` once installed, or the path
//! typed, e.g. `./bin/runner`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The command line that starts the runner, as the user would type it: `runner`,
/// `cargo run -p runner --`, or a path.
pub(crate) fn command() -> &'static str {
    static COMMAND: OnceLock<String> = OnceLock::new();
    COMMAND.get_or_init(|| {
        let exe = std::env::current_exe().ok();
        let argv0 = std::env::args_os().next().map(PathBuf::from);
        of(exe.as_deref(), argv0.as_deref())
    })
}

/// [`command`] for a binary at `exe`, called as `argv0`.
fn of(exe: Option<&Path>, argv0: Option<&Path>) -> String {
    let in_repository = exe.is_some_and(|exe| {
        exe.ancestors().any(|dir| {
            dir.file_name().is_some_and(|n| n == "target")
                && dir
                    .parent()
                    .is_some_and(|root| root.join("runner").join("Cargo.toml").is_file())
        })
    });
    if in_repository {
        return "cargo run -p runner --".into();
    }
    match argv0 {
        Some(a) if a.components().count() > 1 => a.display().to_string(),
        Some(a) if !a.as_os_str().is_empty() => a.display().to_string(),
        _ => "runner".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_build_is_cargo_run_and_an_installed_one_its_name() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let built = repo.join("target/debug/runner");
        assert_eq!(
            of(Some(&built), Some(Path::new("target/debug/runner"))),
            "cargo run -p runner --"
        );
        let installed = Path::new("/home/u/.cargo/bin/runner");
        assert_eq!(of(Some(installed), Some(Path::new("runner"))), "runner");
        assert_eq!(
            of(
                Some(Path::new("/tmp/x/bin/runner")),
                Some(Path::new("./bin/runner"))
            ),
            "./bin/runner"
        );
        assert_eq!(of(None, None), "runner");
    }
}
