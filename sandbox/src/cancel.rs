//! Cancellation as a value: a run's [`Cancel`] is handed to the [`crate::Sandbox`] (and from it
//! to every launcher) and to whatever drives the run; [`Cancel::cancel`] marks it cancelled and
//! kills every program of it that runs. The binary makes one that a Ctrl-C, SIGTERM or SIGHUP
//! cancels ([`Cancel::on_signals`]); tests make their own ([`Cancel::new`]), which nothing
//! but the test cancels. Nothing here is process-wide but the signal handler the binary asks
//! for.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// Kills every process of the group `pgid`.
pub(crate) fn kill_group(pgid: i32) {
    let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
}

/// A run's cancellation. Cheap to clone; every clone is the same one.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    cancelled: AtomicBool,
    /// The process groups of the programs running under it.
    groups: Mutex<BTreeSet<i32>>,
}

impl Cancel {
    /// One that only [`Cancel::cancel`] cancels (the kind for tests and libraries).
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// One that Ctrl-C (SIGINT), SIGTERM and SIGHUP cancel. The handler is the process's: call
    /// it once, in the binary.
    pub fn on_signals() -> std::io::Result<Cancel> {
        let cancel = Cancel::new();
        let handled = cancel.clone();
        ctrlc::set_handler(move || handled.cancel()).map_err(std::io::Error::other)?;
        Ok(cancel)
    }

    /// Whether it was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Marks it cancelled and kills every running program's process group.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::SeqCst);
        for &pgid in self.groups().iter() {
            kill_group(pgid);
        }
    }

    fn groups(&self) -> std::sync::MutexGuard<'_, BTreeSet<i32>> {
        self.0.groups.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes a started program's group, so that [`Cancel::cancel`] kills it; when it was
    /// cancelled meanwhile, the caller kills it (the flag is set before the groups are walked:
    /// either `cancel` saw this group, or this call answers `true`).
    pub(crate) fn watch(&self, pgid: i32) -> bool {
        self.groups().insert(pgid);
        self.is_cancelled()
    }

    /// Kills what is left of a program's group and forgets it.
    pub(crate) fn forget(&self, pgid: i32) {
        let mut groups = self.groups();
        kill_group(pgid);
        groups.remove(&pgid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clone_is_the_same_cancellation_and_a_new_one_is_apart() {
        let a = Cancel::new();
        let b = a.clone();
        let other = Cancel::new();
        assert!(!a.is_cancelled());
        b.cancel();
        assert!(a.is_cancelled() && b.is_cancelled());
        assert!(!other.is_cancelled());
    }
}
