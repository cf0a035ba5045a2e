//! `runner judge <slug> <file> --watch`: judge, then judge again whenever the file changes,
//! until Ctrl-C.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use anyhow::{Context, Result};
use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{RecursiveMode, Watcher};

use judging::exit;

/// Changes closer together than this make one re-judge.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// How often a wait looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(100);

/// Whether `kind` may change the file's content (not an open or a read).
fn changes(kind: &EventKind) -> bool {
    match kind {
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) | EventKind::Any => true,
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) | EventKind::Other => false,
    }
}

/// Runs `judge` now and after every change of `file`; returns 130 when Ctrl-C ends it.
/// The screen is cleared before each run when stdout is a terminal.
pub fn watch(
    file: &Path,
    cancel: &sandbox::Cancel,
    mut judge: impl FnMut() -> Result<u8>,
) -> Result<u8> {
    let file = std::path::absolute(file).context("no current directory")?;
    let dir = file
        .parent()
        .context("the file has no folder")?
        .to_path_buf();
    let name = file.file_name().context("not a file")?.to_os_string();
    let clear = std::io::stdout().is_terminal();
    let (tx, rx) = mpsc::channel();
    // Editors often save by writing a new file and renaming it over the old one: watch the folder
    // and keep the events that name the file.
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let _ = tx.send(event);
    })
    .context("cannot watch files")?;
    watcher
        .watch(&dir, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch {}", dir.display()))?;
    let ours = |event: &notify::Event| {
        changes(&event.kind) && event.paths.iter().any(|p| p.file_name() == Some(&name))
    };
    let mut present = true;
    loop {
        if present {
            if clear {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(b"\x1b[2J\x1b[H");
                let _ = out.flush();
            }
            if let Err(e) = judge() {
                eprintln!("error: {e:#}");
            }
            sandbox::reap_orphans();
            if cancel.is_cancelled() {
                return Ok(exit::INTERRUPTED);
            }
            eprintln!(
                "watching {} (Ctrl-C ends)",
                file.file_name().unwrap_or_default().to_string_lossy()
            );
        }
        // Wait for a change of the file, then for DEBOUNCE without one.
        loop {
            match rx.recv_timeout(POLL) {
                Ok(Ok(event)) if ours(&event) => break,
                Ok(Ok(_)) => {}
                Ok(Err(e)) => eprintln!("watch: {e}"),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the file watcher stopped"),
            }
            if cancel.is_cancelled() {
                return Ok(exit::INTERRUPTED);
            }
        }
        loop {
            match rx.recv_timeout(DEBOUNCE) {
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the file watcher stopped"),
            }
            if cancel.is_cancelled() {
                return Ok(exit::INTERRUPTED);
            }
        }
        present = file.is_file();
        if !present {
            eprintln!("{} is gone; waiting for it", file.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{CreateKind, DataChange, ModifyKind};

    #[test]
    fn opens_and_reads_are_not_changes() {
        assert!(changes(&EventKind::Modify(ModifyKind::Data(
            DataChange::Any
        ))));
        assert!(changes(&EventKind::Create(CreateKind::File)));
        assert!(changes(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(!changes(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!changes(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
    }
}
