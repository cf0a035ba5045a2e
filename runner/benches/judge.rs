//! The judge against a bare driver, side by side in one run.
//!
//! ```sh
//! cargo bench -p runner --bench judge                          # 2000 trivial cases, then 200 of 1 MiB
//! cargo bench -p runner --bench judge -- --cases 1000 --bytes 1048576
//! cargo bench -p runner --bench judge -- --profile release     # the release-built runner instead
//! cargo bench -p runner --bench judge -- --static              # static against dynamic programs
//! ```
//!
//! Both run the same compiled echo program on the same cases with 2 jobs; the runner is the
//! binary `cargo run -p runner` builds (the dev profile, unless --profile release), run twice:
//! with its sandbox (the default) and with `--no-sandbox`, so that the sandbox's cost is measured
//! in the same run. Every case has
//! its own input and expected output: inline for trivial cases, files of `--bytes` each (distinct
//! contents) otherwise, in a temporary directory. The bare driver is what a shell-script judge
//! does at best: `std::process::Command` with piped stdin/stdout, 2 threads, a byte comparison.
//! Printed: ms per case for each, the runner's ratio to the bare driver, the sandbox's ratio to
//! the runner without it, and the runner's peak resident memory.
//!
//! Then interactive cases (`--games N --exchanges K`, default 300 games of 100 exchanges): a
//! solution answers each number the interactor sends with the next one, K times per game. The
//! bare driver wires the same two compiled programs to each other with pipes (no relay, no
//! transcript, no limits) and checks the interactor's exit; the runner judges the same games
//! (its relay keeps the transcript and watches both sides).
//!
//! With `--static`, what linking a program statically gives per spawn instead: an echo program
//! in Rust (`-C target-feature=+crt-static` against the default) and in C++ (`g++ -O2 -static`
//! against the default), each built both ways, run by the bare driver and by the runner
//! (sandboxed), alternated; printed: ms per case of each and dynamic ÷ static.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

struct Args {
    sets: Vec<(usize, usize)>,
    jobs: usize,
    profile: String,
    repeat: usize,
    games: usize,
    exchanges: usize,
    link: bool,
}

fn args() -> Args {
    let mut a = Args {
        sets: Vec::new(),
        jobs: 2,
        profile: "dev".into(),
        repeat: 3,
        games: 300,
        exchanges: 100,
        link: false,
    };
    let mut cases = None;
    let mut bytes = 0;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .expect("a value")
                .parse::<usize>()
                .expect("a number")
        };
        match arg.as_str() {
            "--cases" => cases = Some(value()),
            "--bytes" => bytes = value(),
            "--jobs" => a.jobs = value(),
            "--repeat" => a.repeat = value(),
            "--games" => a.games = value(),
            "--exchanges" => a.exchanges = value(),
            "--profile" => a.profile = it.next().expect("dev or release"),
            "--static" => a.link = true,
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    a.sets = match cases {
        Some(n) => vec![(n, bytes)],
        None => vec![(2000, 0), (200, 1 << 20)],
    };
    a
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A tiny xorshift, so the inputs are distinct and not compressible by accident.
fn fill(buf: &mut [u8], mut seed: u64) {
    for chunk in buf.chunks_mut(8) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for (b, v) in chunk.iter_mut().zip(seed.to_le_bytes()) {
            // Printable, with a newline every 64 bytes.
            *b = b'a' + v % 26;
        }
    }
    for i in (63..buf.len()).step_by(64) {
        buf[i] = b'\n';
    }
    if let Some(last) = buf.last_mut() {
        *last = b'\n';
    }
}

struct Set {
    dir: tempfile::TempDir,
    /// (input, expected) per case: inline bytes, or files.
    cases: Vec<(Vec<u8>, Vec<u8>)>,
    files: Vec<(PathBuf, PathBuf)>,
}

fn make_set(n: usize, bytes: usize) -> Set {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::create_dir_all(p.join("problems/echo")).unwrap();
    std::fs::create_dir_all(p.join("fixtures/echo")).unwrap();
    std::fs::write(
        p.join("problems/echo/problem.toml"),
        "title = \"Echo\"\njudge = \"local\"\ntime_limit_ms = 2000\nmemory_limit_kib = 262144\ncompare = \"exact\"\n",
    )
    .unwrap();
    let mut toml = String::new();
    let mut cases = Vec::new();
    let mut files = Vec::new();
    let mut buf = vec![0u8; bytes];
    for i in 0..n {
        if bytes == 0 {
            let text = format!("{i}\n");
            toml.push_str(&format!(
                "[[case]]\nname = \"c{i}\"\nsource = \"hand\"\ninput = \"{i}\\n\"\noutput = \"{i}\\n\"\n"
            ));
            cases.push((text.clone().into_bytes(), text.into_bytes()));
        } else {
            fill(&mut buf, i as u64 * 2654435761 + 1);
            let (inp, out) = (
                p.join(format!("fixtures/echo/{i}.in")),
                p.join(format!("fixtures/echo/{i}.out")),
            );
            std::fs::write(&inp, &buf).unwrap();
            std::fs::write(&out, &buf).unwrap();
            toml.push_str(&format!(
                "[[case]]\nname = \"c{i}\"\nsource = \"hand\"\ninput_file = \"echo/{i}.in\"\noutput_file = \"echo/{i}.out\"\n"
            ));
            files.push((inp, out));
        }
    }
    std::fs::write(p.join("fixtures/echo.toml"), toml).unwrap();
    Set { dir, cases, files }
}

/// The echo program, compiled once; both judges run this binary.
fn echo_program(dir: &Path) -> PathBuf {
    rustc(
        dir,
        "echo",
        "use std::io::{Read, Write};\nfn main() { let mut v = Vec::new(); std::io::stdin().read_to_end(&mut v).unwrap(); std::io::stdout().write_all(&v).unwrap(); }\n",
    )
}

#[derive(Clone, Copy)]
enum Lang {
    Rust,
    Cpp,
}

/// The echo program in `lang`, linked statically or not (the default of the toolchain).
fn echo_built(dir: &Path, lang: Lang, statically: bool) -> PathBuf {
    let (name, text) = match lang {
        Lang::Rust => ("echo.rs", "use std::io::{Read, Write};\nfn main() { let mut v = Vec::new(); std::io::stdin().read_to_end(&mut v).unwrap(); std::io::stdout().write_all(&v).unwrap(); }\n"),
        Lang::Cpp => ("echo.cpp", "#include <iostream>\nint main() { std::cout << std::cin.rdbuf(); return 0; }\n"),
    };
    let src = dir.join(name);
    std::fs::write(&src, text).unwrap();
    let stem = name.replace('.', "-");
    let exe = dir.join(format!("{stem}{}", if statically { "-static" } else { "" }));
    let mut cmd = match lang {
        Lang::Rust => {
            let mut c = Command::new("rustc");
            c.args(["--edition", "2021", "-O"]);
            if statically {
                c.args(["-C", "target-feature=+crt-static"]);
            }
            c
        }
        Lang::Cpp => {
            let mut c = Command::new("g++");
            c.arg("-O2");
            if statically {
                c.arg("-static");
            }
            c
        }
    };
    let ok = cmd
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "cannot build {name} (static: {statically})");
    exe
}

/// `--static`: per language, the bare driver and the runner on the dynamic and the static build.
fn static_against_dynamic(bin: &Path, tools: &Path, a: &Args) {
    println!(
        "{:>6} {:>10} {:>5} | {:>9} {:>9} {:>8} | {:>9} {:>9} {:>8}",
        "cases", "bytes", "lang", "bare dyn", "static", "dyn/st", "runner dyn", "static", "dyn/st"
    );
    for &(n, bytes) in &a.sets {
        let set = make_set(n, bytes);
        for (lang, name) in [(Lang::Rust, "Rust"), (Lang::Cpp, "C++")] {
            let exes = [false, true].map(|st| echo_built(tools, lang, st));
            for exe in &exes {
                runner(bin, &set, exe, a.jobs, true);
                bare(&set, exe, a.jobs);
            }
            let mut t: [Vec<Duration>; 4] = Default::default();
            for _ in 0..a.repeat {
                for (i, exe) in exes.iter().enumerate() {
                    t[i].push(bare(&set, exe, a.jobs));
                    t[2 + i].push(runner(bin, &set, exe, a.jobs, true).0);
                }
            }
            let [bd, bs, rd, rs] = t.map(|v| median(v).as_secs_f64() * 1000.0 / n as f64);
            println!(
                "{n:>6} {bytes:>10} {name:>5} | {bd:>9.3} {bs:>9.3} {:>7.2}x | {rd:>10.3} {rs:>9.3} {:>7.2}x",
                bd / bs,
                rd / rs
            );
        }
    }
}

/// The bare driver: 2 threads, each spawns the program with piped stdin/stdout, writes the
/// input (from a thread, so that a large input cannot deadlock), reads the output, compares.
fn bare(set: &Set, exe: &Path, jobs: usize) -> Duration {
    let n = set.cases.len().max(set.files.len());
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= n {
                    break;
                }
                let (input, expected) = if set.files.is_empty() {
                    set.cases[i].clone()
                } else {
                    let (a, b) = &set.files[i];
                    (std::fs::read(a).unwrap(), std::fs::read(b).unwrap())
                };
                let mut child = Command::new(exe)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap();
                let mut stdin = child.stdin.take().unwrap();
                let mut stdout = child.stdout.take().unwrap();
                let mut out = Vec::new();
                std::thread::scope(|s2| {
                    s2.spawn(move || {
                        let _ = stdin.write_all(&input);
                    });
                    stdout.read_to_end(&mut out).unwrap();
                });
                assert!(child.wait().unwrap().success());
                assert!(out == expected, "case {i}: wrong output");
            });
        }
    });
    start.elapsed()
}

/// Runs the runner, returning its wall time and its peak resident set (wait4).
#[allow(clippy::zombie_processes)] // reaped by the wait4 below, which also gives its rusage
fn runner(bin: &Path, set: &Set, exe: &Path, jobs: usize, sandbox: bool) -> (Duration, u64) {
    let start = Instant::now();
    let child = Command::new(bin)
        .arg("--root")
        .arg(set.dir.path())
        .args((!sandbox).then_some("--no-sandbox"))
        // Every case judged: the verdict cache would make the repeats free.
        .arg("--no-cache")
        .args(["--color", "never", "-j", &jobs.to_string(), "judge", "echo"])
        .arg(exe)
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as i32;
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; wait4 on our own child.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut ru) };
    let wall = start.elapsed();
    assert_eq!(r, pid);
    let mut out = String::new();
    child
        .stdout
        .unwrap()
        .read_to_string(&mut out)
        .unwrap_or_default();
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "the runner failed:\n{out}"
    );
    (wall, ru.ru_maxrss as u64 * 1024)
}

/// The interactor of the benchmark's game: `interactor INPUT OUTPUT`; sends 0..K one per line,
/// each answer must be the number plus one; exit 0, or 1 on a wrong answer.
const PING_INTERACTOR: &str = "use std::io::{BufRead, Write};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: u64 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    for i in 0..k {
        writeln!(out, \"{i}\").unwrap();
        out.flush().unwrap();
        match lines.next() {
            Some(Ok(l)) if l.trim().parse::<u64>() == Ok(i + 1) => {}
            _ => std::process::exit(1),
        }
    }
}
";

/// The solution: answers every number with the next one, until end of input.
const PING_SOLUTION: &str = "use std::io::{BufRead, Write};
fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for l in stdin.lock().lines() {
        let n: u64 = l.unwrap().trim().parse().unwrap();
        writeln!(out, \"{}\", n + 1).unwrap();
        out.flush().unwrap();
    }
}
";

fn rustc(dir: &Path, name: &str, source: &str) -> PathBuf {
    let src = dir.join(format!("{name}.rs"));
    std::fs::write(&src, source).unwrap();
    let exe = dir.join(name);
    let ok = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "cannot build {name}");
    exe
}

/// A workspace with the interactive problem `ping`: `games` cases of `exchanges` each.
fn make_games(games: usize, exchanges: usize) -> Set {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::create_dir_all(p.join("problems/echo")).unwrap();
    std::fs::create_dir_all(p.join("fixtures")).unwrap();
    std::fs::write(
        p.join("problems/echo/problem.toml"),
        "title = \"Ping\"\njudge = \"local\"\ntime_limit_ms = 2000\ninteractive = true\n",
    )
    .unwrap();
    std::fs::write(p.join("problems/echo/interactor.rs"), PING_INTERACTOR).unwrap();
    let mut toml = String::new();
    for i in 0..games {
        toml.push_str(&format!(
            "[[case]]\nname = \"g{i}\"\nsource = \"hand\"\ninput = \"{exchanges}\\n\"\n"
        ));
    }
    std::fs::write(p.join("fixtures/echo.toml"), toml).unwrap();
    let cases = (0..games)
        .map(|_| (format!("{exchanges}\n").into_bytes(), Vec::new()))
        .collect();
    Set {
        dir,
        cases,
        files: Vec::new(),
    }
}

/// The bare driver of games: each game the two programs wired to each other by pipes.
fn bare_games(set: &Set, solution: &Path, interactor: &Path, jobs: usize) -> Duration {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= set.cases.len() {
                    break;
                }
                let input = set.dir.path().join(format!("bare-{i}.in"));
                std::fs::write(&input, &set.cases[i].0).unwrap();
                let mut sol = Command::new(solution)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap();
                let mut judge = Command::new(interactor)
                    .arg(&input)
                    .arg(set.dir.path().join(format!("bare-{i}.out")))
                    .stdin(Stdio::from(sol.stdout.take().unwrap()))
                    .stdout(Stdio::from(sol.stdin.take().unwrap()))
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap();
                assert!(judge.wait().unwrap().success(), "game {i} lost");
                sol.wait().unwrap();
            });
        }
    });
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The runner binary, built under the profile asked for.
fn built_runner(a: &Args) -> PathBuf {
    let mut build = Command::new(env!("CARGO"));
    build
        .current_dir(root())
        .args(["build", "-q", "-p", "runner"]);
    if a.profile == "release" {
        build.arg("--release");
    }
    assert!(build.status().unwrap().success(), "cannot build the runner");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target
        .join(if a.profile == "release" {
            "release"
        } else {
            "debug"
        })
        .join("runner")
}

/// The interactive figure: games of ping against the bare pair, per game.
fn interactive_games(bin: &Path, tools: &Path, a: &Args) {
    let solution = rustc(tools, "ping", PING_SOLUTION);
    let interactor = rustc(tools, "ping_interactor", PING_INTERACTOR);
    let set = make_games(a.games, a.exchanges);
    runner(bin, &set, &solution, a.jobs, true);
    bare_games(&set, &solution, &interactor, a.jobs);
    let (mut tb, mut tr) = (Vec::new(), Vec::new());
    for _ in 0..a.repeat {
        tb.push(bare_games(&set, &solution, &interactor, a.jobs));
        tr.push(runner(bin, &set, &solution, a.jobs, true).0);
    }
    let per = |d: Duration| d.as_secs_f64() * 1000.0 / a.games as f64;
    let (b, r) = (per(median(tb)), per(median(tr)));
    println!(
        "interactive: {} games of {} exchanges | bare {b:.3} ms, runner {r:.3} ms per game | {:.2}x",
        a.games,
        a.exchanges,
        r / b
    );
}

fn main() {
    let a = args();
    let bin = built_runner(&a);
    let tools = tempfile::tempdir().unwrap();
    if a.link {
        println!(
            "runner: {} ({} profile), {} jobs, median of {} runs each, alternated; ms per case",
            bin.display(),
            a.profile,
            a.jobs,
            a.repeat
        );
        static_against_dynamic(&bin, tools.path(), &a);
        return;
    }
    let exe = echo_program(tools.path());
    println!(
        "runner: {} ({} profile), {} jobs, median of {} runs each, alternated",
        bin.display(),
        a.profile,
        a.jobs,
        a.repeat
    );
    println!(
        "{:>6} {:>10} | {:>9} {:>11} {:>9} | {:>8} {:>9} | {:>11}",
        "cases", "bytes", "bare ms", "no-sandbox", "runner", "/ bare", "/ no-sbx", "runner peak"
    );
    for &(n, bytes) in &a.sets {
        let set = make_set(n, bytes);
        // Warm-up: builds the launcher, fills the page cache.
        runner(&bin, &set, &exe, a.jobs, true);
        bare(&set, &exe, a.jobs);
        let (mut tb, mut tn, mut tr, mut peak) = (Vec::new(), Vec::new(), Vec::new(), 0);
        for _ in 0..a.repeat {
            tb.push(bare(&set, &exe, a.jobs));
            tn.push(runner(&bin, &set, &exe, a.jobs, false).0);
            let (t, p) = runner(&bin, &set, &exe, a.jobs, true);
            tr.push(t);
            peak = peak.max(p);
        }
        let per = |d: Duration| d.as_secs_f64() * 1000.0 / n as f64;
        let (b, u, r) = (per(median(tb)), per(median(tn)), per(median(tr)));
        println!(
            "{n:>6} {bytes:>10} | {b:>9.3} {u:>11.3} {r:>9.3} | {:>7.2}x {:>8.2}x | {:>7.1} MiB",
            r / b,
            r / u,
            peak as f64 / (1 << 20) as f64
        );
    }
    if a.games == 0 {
        return;
    }
    interactive_games(&bin, tools.path(), &a);
}
