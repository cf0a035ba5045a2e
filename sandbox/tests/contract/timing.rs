//! A busy machine: time spent waiting for a CPU does not count against a program.

use std::time::Duration;

use sandbox::{wall_limit, Executor, Exit, Party, Rules};

use crate::{limits, run, sandbox, shell};

/// CPU hogs pinned to CPU 0, killed when dropped, or when the thread that started them
/// ends (`setpriv --pdeathsig`, should the test die first).
struct Hogs(Vec<std::process::Child>);

impl Hogs {
    fn start(n: usize) -> Hogs {
        Hogs(
            (0..n)
                .map(|_| {
                    // setpriv and taskset exec what follows: the child's pid is the hog's.
                    std::process::Command::new("setpriv")
                        .args(["--pdeathsig", "KILL", "taskset", "-c", "0"])
                        .args(["sh", "-c", "while :; do :; done"])
                        .stdout(std::process::Stdio::null())
                        .stderr(std::process::Stdio::null())
                        .spawn()
                        .expect("cannot start a CPU hog (setpriv, taskset, sh)")
                })
                .collect(),
        )
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn a_program_kept_off_the_cpu_is_not_killed_at_the_wall_clock_backstop() {
    // A loop of about 300 ms of CPU time, pinned to CPU 0; its CPU time alone first.
    let spin = |n: u64| {
        shell(&format!(
            "taskset -c 0 sh -c 'i=0; while [ $i -lt {n} ]; do i=$((i+1)); done; echo done'"
        ))
    };
    let alone = run(&spin(100_000), b"", &limits(10_000)).unwrap();
    let per_step = alone.cpu.max(Duration::from_millis(10)).as_secs_f64() / 100_000.0;
    let n = (0.3 / per_step) as u64;
    let alone = run(&spin(n), b"", &limits(10_000)).unwrap();
    // A limit of twice that: its backstop is 4 times its CPU time plus a second; beside
    // 12 hogs on its CPU it gets about a 13th of it, 13 times its CPU time of wall time.
    let lim = limits((alone.cpu * 2).as_millis() as u64);
    let hogs = Hogs::start(12);
    let out = run(&spin(n), b"", &lim).unwrap();
    drop(hogs);
    let what = format!(
        "alone: cpu {:?}; beside the hogs: {:?}, killed {:?}, cpu {:?}, wall {:?}, \
         waited {:?}; limit {:?}, backstop {:?}",
        alone.cpu,
        out.exit,
        out.killed,
        out.cpu,
        out.wall,
        out.waited,
        lim.time,
        wall_limit(&lim)
    );
    assert!(
        out.wall > wall_limit(&lim),
        "expected the hogs to keep it past the backstop of wall time: {what}"
    );
    assert_eq!(out.killed, None, "expected it to end by itself: {what}");
    assert_eq!(out.stdout, b"done\n", "{what}");
}

#[test]
fn a_solution_waiting_on_a_slow_interactor_beside_8_hogs_is_not_killed_at_its_backstop() {
    // BAPCtools' pseudointeraction at load 19: the interactor computes first, kept off the
    // CPU by a busy machine; the solution sleeps waiting on it. Its backstop (3 s of wall
    // time less its waits for a CPU, under a 1 s limit) must not count that time. Both
    // pinned to CPU 0 with 8 hogs (runner/benches/busy.sh's kind): the interactor's ~0.6 s
    // of CPU then takes several seconds of wall time.
    let spin = |n: u64| format!("i=0; while [ $i -lt {n} ]; do i=$((i+1)); done");
    let alone = run(&shell(&spin(100_000)), b"", &limits(10_000)).unwrap();
    let per_step = alone.cpu.max(Duration::from_millis(10)).as_secs_f64() / 100_000.0;
    let n = (0.6 / per_step) as u64;
    let interactor = shell(&format!(
        "exec taskset -c 0 sh -c '{}; echo 21; read doubled; [ \"$doubled\" = 42 ] && exit 42; exit 43'",
        spin(n)
    ));
    let solution = shell("exec taskset -c 0 sh -c 'read x; echo $((x * 2))'");
    let hogs = Hogs::start(8);
    let game = sandbox()
        .run_interactive(
            Party {
                program: &solution,
                limits: limits(1000),
                output_cap: 1 << 20,
            },
            Party {
                program: &interactor,
                limits: limits(30_000),
                output_cap: 1 << 20,
            },
            &|_| false,
            None,
            Rules::ExitAndWall,
        )
        .unwrap();
    drop(hogs);
    let (s, i) = (&game.solution, &game.interactor);
    let what = format!(
        "solution: {:?} killed {:?} wall {:?} waited {:?}; interactor: {:?} cpu {:?} wall \
         {:?} waited {:?}",
        s.exit, s.killed, s.wall, s.waited, i.exit, i.cpu, i.wall, i.waited
    );
    // The test means something only where the solution slept past its own backstop.
    assert!(
        s.wall > wall_limit(&limits(1000)),
        "not slow enough: {what}"
    );
    assert_eq!(s.killed, None, "{what}");
    assert_eq!(s.exit, Exit::Code(0), "{what}");
    assert_eq!(i.exit, Exit::Code(42), "{what}");
}
