//! The limits, each reported as the kill judging turns into its verdict (TLE, MLE, OLE), and
//! the order of precedence among them.

use std::time::{Duration, Instant};

use sandbox::{
    decide_kill, safety_wall_limit, wall_limit, Executor, Kill, Limits, Observation, Stdin,
};

use crate::{c_program, limits, run, sandbox, shell};

#[test]
fn spinner_is_killed_at_the_cpu_limit() {
    let out = run(&shell("while :; do :; done"), b"", &limits(200)).unwrap();
    assert_eq!(out.killed, Some(Kill::CpuTime));
    assert!(out.cpu >= Duration::from_millis(200), "{:?}", out.cpu);
}

/// A compiled busy loop: a CPU-time kill, with at least the limit's CPU time counted (judging's
/// TLE shows it against the limit).
#[test]
fn a_compiled_busy_loop_is_a_cpu_time_kill_past_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let spin = c_program(
        dir.path(),
        "spin",
        "int main(void) { volatile unsigned long i = 0; for (;;) i++; }\n",
    );
    let lim = limits(300);
    let out = run(&spin, b"", &lim).unwrap();
    assert_eq!(out.killed, Some(Kill::CpuTime), "{out:?}");
    assert!(out.cpu >= lim.time, "{:?} used of {:?}", out.cpu, lim.time);
    assert!(!out.exit.success(), "{out:?}");
}

#[test]
fn sleeper_is_killed_at_the_wall_clock_backstop() {
    let t = Instant::now();
    let out = run(&shell("sleep 30"), b"", &limits(100)).unwrap();
    assert_eq!(out.killed, Some(Kill::WallClock));
    assert!(t.elapsed() < Duration::from_secs(10));
}

/// A compiled sleeper uses no CPU time: it is stopped by the wall clock, past its backstop and
/// well before the program would have ended.
#[test]
fn a_compiled_sleeper_is_a_wall_clock_kill_with_little_cpu_time() {
    let dir = tempfile::tempdir().unwrap();
    let sleeper = c_program(
        dir.path(),
        "sleeper",
        "#include <unistd.h>\nint main(void) { sleep(30); return 0; }\n",
    );
    let lim = limits(200);
    let t = Instant::now();
    let out = run(&sleeper, b"", &lim).unwrap();
    assert_eq!(out.killed, Some(Kill::WallClock), "{out:?}");
    assert!(out.wall >= wall_limit(&lim), "{out:?}");
    assert!(out.cpu < lim.time, "{out:?}");
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
}

#[test]
fn memory_past_the_limit_is_refused_or_killed() {
    // `tail -n 1` keeps its one endless line whole: 512 MiB, against a 64 MiB limit.
    let lim = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 64 << 20,
    };
    let out = run(
        &shell("head -c 536870912 /dev/zero | tail -n 1 | wc -c"),
        b"",
        &lim,
    )
    .unwrap();
    let stopped = out.killed == Some(Kill::Memory) || out.refused_allocation.is_some();
    assert!(stopped, "{out:?}");
    assert!(out.peak_memory <= 80 << 20, "{}", out.peak_memory);
}

/// A compiled program that writes to 512 MiB under a 64 MiB limit (every page, so that no
/// compiler can leave the memory untouched): refused (the launcher saw an allocation larger than
/// the limit) or killed for memory, never a success, and never holding much past the limit.
#[test]
fn a_compiled_program_past_its_memory_limit_is_refused_or_killed() {
    let dir = tempfile::tempdir().unwrap();
    let hog = c_program(
        dir.path(),
        "hog",
        r#"#include <stdlib.h>
#include <stdio.h>
int main(void) {
    size_t n = (size_t)512 << 20;
    char *p = malloc(n);
    if (!p) return 3;
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) p[i] = (char)(i >> 12);
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%ld\n", sum);
    return 0;
}
"#,
    );
    let lim = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 64 << 20,
    };
    let out = run(&hog, b"", &lim).unwrap();
    let stopped = out.killed == Some(Kill::Memory) || out.refused_allocation.is_some();
    assert!(stopped, "{out:?}");
    assert!(!out.exit.success(), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    assert!(out.peak_memory <= 80 << 20, "{}", out.peak_memory);
}

#[test]
fn output_flood_is_cut_at_the_cap() {
    let out = sandbox()
        .run(&shell("yes"), Stdin::Bytes(b""), &limits(5000), 1000)
        .unwrap();
    assert!(out.output_overflow);
    assert_eq!(out.killed, Some(Kill::Output));
    assert_eq!(out.stdout.len(), 1000);
}

/// A compiled program that writes without end: the first `cap` bytes kept, exactly, and an
/// output kill (judging's OLE).
#[test]
fn a_compiled_flood_keeps_exactly_the_cap_and_is_an_output_kill() {
    let dir = tempfile::tempdir().unwrap();
    let flood = c_program(
        dir.path(),
        "flood",
        "#include <stdio.h>\nint main(void) { for (;;) fputs(\"ab\", stdout); }\n",
    );
    let cap = 4097;
    let out = sandbox()
        .run(&flood, Stdin::Bytes(b""), &limits(5000), cap)
        .unwrap();
    assert_eq!(out.killed, Some(Kill::Output), "{:?}", out.exit);
    assert!(out.output_overflow);
    let expected: Vec<u8> = b"ab".iter().copied().cycle().take(cap).collect();
    assert_eq!(out.stdout, expected);
}

#[test]
fn the_kill_order_is_interrupt_output_memory_cpu_wall() {
    let lim = limits(1000);
    let all = Observation {
        interrupted: true,
        output_overflow: true,
        resident_bytes: u64::MAX,
        cpu: Duration::from_secs(5),
        elapsed: Duration::from_secs(60),
        waited: Duration::ZERO,
    };
    let mut o = all;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::Interrupted));
    o.interrupted = false;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::Output));
    o.output_overflow = false;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::Memory));
    o.resident_bytes = 0;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::CpuTime));
    o.cpu = Duration::ZERO;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::WallClock));
    o.elapsed = Duration::from_millis(2999);
    assert_eq!(decide_kill(&o, &lim), None);
}

#[test]
fn time_spent_waiting_for_a_cpu_does_not_count_for_the_backstop_up_to_the_safety_one() {
    let lim = limits(1000);
    assert_eq!(wall_limit(&lim), Duration::from_secs(3));
    assert_eq!(safety_wall_limit(&lim), Duration::from_secs(40));
    let mut o = Observation {
        elapsed: Duration::from_secs(15),
        waited: Duration::from_secs(13),
        ..Observation::default()
    };
    // 15 s elapsed, 13 s of them waiting for a CPU: 2 s count, under the 3 s backstop.
    assert_eq!(decide_kill(&o, &lim), None);
    // 4 s count: a sleeper's share is over it.
    o.waited = Duration::from_secs(11);
    assert_eq!(decide_kill(&o, &lim), Some(Kill::WallClock));
    // However long it waited, not past the absolute backstop.
    o.elapsed = Duration::from_millis(40_001);
    o.waited = o.elapsed;
    assert_eq!(decide_kill(&o, &lim), Some(Kill::WallClock));
    o.elapsed = Duration::from_millis(39_999);
    o.waited = o.elapsed;
    assert_eq!(decide_kill(&o, &lim), None);
}
