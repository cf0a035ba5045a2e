//! A run's `Cancel`: the user's Ctrl-C, stopping what runs at once and starting nothing more.

use std::io;
use std::time::{Duration, Instant};

use sandbox::{Cancel, Executor, Kill, Sandbox, Stdin};

use crate::{cache_dir, limits, processes_with_cmdline, run, shell};

#[test]
fn cancelling_kills_what_runs_at_once_and_nothing_more_starts() {
    let cancel = Cancel::new();
    let own = Sandbox::new(&cache_dir(), true, cancel.clone()).unwrap();
    let started = Instant::now();
    std::thread::scope(|s| {
        let running =
            s.spawn(|| own.run(&shell("sleep 30"), Stdin::Bytes(b""), &limits(60_000), 100));
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
        let out = running.join().unwrap().unwrap();
        assert_eq!(out.killed, Some(Kill::Interrupted), "{out:?}");
    });
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let e = own
        .run(&shell("echo no"), Stdin::Bytes(b""), &limits(1000), 100)
        .unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::Interrupted, "{e}");
    // Another run's sandbox is not cancelled with it.
    assert_eq!(
        run(&shell("echo yes"), b"", &limits(1000)).unwrap().stdout,
        b"yes\n"
    );
}

/// A cancelled program with a child in the background: the run ends within seconds of the
/// cancel, as an interrupt, and neither process is left on the machine.
#[test]
fn a_cancelled_run_leaves_no_process_behind() {
    let cancel = Cancel::new();
    let own = Sandbox::new(&cache_dir(), true, cancel.clone()).unwrap();
    let sleeper: &[u8] = b"sleep\x0033.25\x00";
    std::thread::scope(|s| {
        let running = s.spawn(|| {
            own.run(
                &shell("sleep 33.25 & sleep 33.25; wait"),
                Stdin::Bytes(b""),
                &limits(60_000),
                100,
            )
        });
        // Both sleepers started (seen from here), then the cancel.
        let t = Instant::now();
        while processes_with_cmdline(sleeper) < 2 && t.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(
            processes_with_cmdline(sleeper),
            2,
            "the sleepers did not start"
        );
        let cancelled = Instant::now();
        cancel.cancel();
        let out = running.join().unwrap().unwrap();
        assert!(
            cancelled.elapsed() < Duration::from_secs(3),
            "{:?} after the cancel",
            cancelled.elapsed()
        );
        assert_eq!(out.killed, Some(Kill::Interrupted), "{out:?}");
    });
    drop(own);
    assert_eq!(processes_with_cmdline(sleeper), 0, "sleepers left behind");
}
