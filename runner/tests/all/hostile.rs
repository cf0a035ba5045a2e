//! Hostile programs under the default sandbox: each tries to escape it and must fail, the run
//! goes on, and nothing is left behind. Each test also runs its program where the attack works
//! (with `--no-sandbox`, or outside the runner), so that no test can pass vacuously. The tests of
//! the issue's ten holes (below the first six) run as the test's user and, when that is root, as
//! an ordinary user too (nobody, 65534, through `setpriv`), and some also in a cgroup v2 subtree
//! delegated to that user; they say so when they skip a setting.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

const HEAD: &str = "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n#include <errno.h>\n#include <poll.h>\n#include <sched.h>\n#include <mqueue.h>\n#include <sys/prctl.h>\n#include <sys/socket.h>\n#include <sys/stat.h>\n#include <sys/mman.h>\n#include <sys/wait.h>\n#include <sys/ipc.h>\n#include <sys/msg.h>\n#include <sys/sem.h>\n#include <sys/shm.h>\n#include <sys/inotify.h>\n#include <sys/syscall.h>\n#include <sys/xattr.h>\n#include <linux/keyctl.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n";

fn c_program(body: &str) -> String {
    format!("{HEAD}int main(void) {{ long n = 0; {body} return 0; }}\n")
}

/// Problem `t` (input n, output 2n) with its expected output kept in a file.
fn ws_with_output_file() -> Ws {
    let ws = Ws::twice();
    ws.write("fixtures/t/small.in", "3\n");
    ws.write("fixtures/t/small.out", "6\n");
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput_file = \"t/small.in\"\noutput_file = \"t/small.out\"\n",
    );
    ws
}

fn judge(ws: &Ws, name: &str, body: &str, extra: &[&str]) -> std::process::Output {
    let file = format!("{name}.c");
    ws.write(&file, &c_program(body));
    let path = ws.path(&file);
    let mut args: Vec<&str> = extra.to_vec();
    args.extend(["judge", "t", path.to_str().unwrap()]);
    ws.runner(&args)
}

#[test]
fn a_program_cannot_read_the_expected_output() {
    let ws = ws_with_output_file();
    let expected = ws.path("fixtures/t/small.out");
    let body = format!(
        r#"FILE *f = fopen("{}", "r");
           if (!f) {{ perror("cannot open the expected output"); return 1; }}
           int c; while ((c = fgetc(f)) != EOF) putchar(c);"#,
        expected.display()
    );
    let out = judge(&ws, "cheat", &body, &[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("case small: RE (exit code 1)"), "{s}");
    assert!(
        s.contains("cannot open the expected output: No such file"),
        "{s}"
    );
    // Without the sandbox the same program is accepted: the test can fail.
    let out = judge(&ws, "cheat", &body, &["--no-sandbox"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
}

fn hash_tree(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = walk(dir)
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p.display().to_string(), bytes)
        })
        .collect();
    all.sort();
    all
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn writes_and_deletions_leave_no_trace() {
    let ws = ws_with_output_file();
    let fixtures = ws.path("fixtures");
    let before = hash_tree(&fixtures);
    let tag = marker("w");
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let targets = [
        ws.path(&format!("planted-{tag}")),
        std::path::PathBuf::from(format!("{home}/planted-{tag}")),
        std::path::PathBuf::from(format!("/tmp/planted-{tag}")),
    ];
    let mut body = String::new();
    for t in &targets {
        body.push_str(&format!(
            r#"{{ FILE *f = fopen("{}", "w"); if (f) {{ fputs("x", f); fclose(f); }} }}"#,
            t.display()
        ));
    }
    body.push_str(&format!(
        r#"{{ FILE *f = fopen("{fx}/t.toml", "w"); if (f) {{ fputs("garbage", f); fclose(f); }} }}
           unlink("{fx}/t/small.out"); truncate("{fx}/t/small.in", 0);
           {{ FILE *f = fopen("/tmp/mine", "w"); if (!f) return 3; fputs("scratch", f); fclose(f); }}
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#,
        fx = fixtures.display()
    ));
    let out = judge(&ws, "vandal", &body, &[]);
    // It may write its own /tmp, and it is judged on its answer.
    assert_code(&out, 0);
    assert_eq!(hash_tree(&fixtures), before, "the fixtures changed");
    for t in &targets {
        assert!(!t.exists(), "{} was written", t.display());
    }
}

#[test]
fn the_network_is_out_of_reach() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let ws = Ws::twice();
    let body = format!(
        r#"int s = socket(AF_INET, SOCK_STREAM, 0);
           struct sockaddr_in a; memset(&a, 0, sizeof a);
           a.sin_family = AF_INET; a.sin_port = htons({port}); a.sin_addr.s_addr = inet_addr("127.0.0.1");
           if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) {{ write(s, "hi", 2); fprintf(stderr, "connected\n"); }}
           else perror("connect");
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#
    );
    let out = judge(&ws, "net", &body, &[]);
    assert_code(&out, 0);
    std::thread::sleep(Duration::from_millis(100));
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((mut conn, _)) => {
            let mut got = String::new();
            let _ = conn.read_to_string(&mut got);
            panic!("the program reached the test's port and sent {got:?}");
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_setsid_grandchild_dies_when_its_case_ends() {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"1\\n\"\noutput = \"2\\n\"\n\n\
         [[case]]\nname = \"b\"\nsource = \"hand\"\ninput = \"2\\n\"\noutput = \"4\\n\"\n",
    );
    let (orphan, second) = (marker("orph"), marker("second"));
    ws.write(
        "escape.c",
        &c_program(&format!(
            r#"scanf("%ld", &n);
               if (n == 1 && fork() == 0) {{ setsid(); if (fork() == 0) {{ prctl(PR_SET_NAME, "{orphan}"); sleep(60); }} _exit(0); }}
               if (n == 2) {{ prctl(PR_SET_NAME, "{second}"); sleep(1); }}
               printf("%ld\n", 2 * n);"#
        )),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args(["--root", ws.dir.path().to_str().unwrap(), "-j", "1"])
        .args(["judge", "t", ws.path("escape.c").to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // While case b runs, case a's grandchild must already be gone.
    let t = Instant::now();
    let mut checked = false;
    while t.elapsed() < Duration::from_secs(60) {
        if !processes_named(&second).is_empty() {
            assert!(
                processes_named(&orphan).is_empty(),
                "case a's setsid grandchild is alive while case b runs"
            );
            checked = true;
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = child.wait().unwrap();
    let mut s = String::new();
    child.stdout.unwrap().read_to_string(&mut s).unwrap();
    assert!(checked, "case b was never seen running:\n{s}");
    assert_eq!(status.code(), Some(0), "{s}");
    assert!(processes_named(&orphan).is_empty());
}

/// Refuses to go on (fails) when the sandbox cannot be made here: the hostile programs below
/// must never run unconfined.
fn require_sandbox(ws: &Ws) {
    ws.write(
        "probe.c",
        &c_program(r#"scanf("%ld", &n); printf("%ld\n", 2 * n);"#),
    );
    let out = ws.runner(&["judge", "t", ws.path("probe.c").to_str().unwrap()]);
    assert!(
        !stderr(&out).contains("no sandbox"),
        "no sandbox on this machine; not running a fork bomb unconfined:\n{}",
        text(&out)
    );
}

#[test]
fn a_fork_bomb_is_stopped_within_its_case_and_the_run_goes_on() {
    let ws = Ws::twice();
    require_sandbox(&ws);
    ws.write(
        "problems/u/problem.toml",
        "title = \"U\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/u.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"\"\noutput = \"1\\n\"\n",
    );
    let bomb = marker("bomb");
    ws.write(
        "solutions/t.c",
        &c_program(&format!(
            r#"prctl(PR_SET_NAME, "{bomb}"); for (;;) fork();"#
        )),
    );
    ws.write("solutions/u.c", &c_program(r#"puts("1");"#));
    let t = Instant::now();
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    // Stopped at 64 processes: TLE, RE, or MLE where a memory cgroup counts what 64 processes
    // hold (their page tables and kernel stacks included).
    assert!(
        s.contains("case small: TLE")
            || s.contains("case small: RE")
            || s.contains("case small: MLE"),
        "{s}"
    );
    assert!(s.contains("PASS u"), "the run did not go on:\n{s}");
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert!(
        processes_named(&bomb).is_empty(),
        "the bomb outlived its case"
    );
}

#[test]
fn ctrl_c_in_the_sandbox_kills_everything_and_exits_130() {
    let ws = Ws::twice();
    ws.write(
        "problems/t/problem.toml",
        "title = \"T\"\njudge = \"local\"\ntime_limit_ms = 30000\nmemory_limit_kib = 65536\n",
    );
    let name = marker("slow");
    ws.write(
        "slow.c",
        &c_program(&format!(
            r#"prctl(PR_SET_NAME, "{name}"); if (fork() == 0) setsid(); for (;;) sleep(1);"#
        )),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args(["--root", ws.dir.path().to_str().unwrap(), "judge", "t"])
        .arg(ws.path("slow.c"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while processes_named(&name).len() < 2 && t.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(processes_named(&name).len(), 2, "the program never started");
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(
        processes_named(&name).is_empty(),
        "a process outlived the run"
    );
}

// ---- Settings: root, an ordinary user, an ordinary user with a delegated cgroup v2 subtree ----

const NOBODY: u32 = 65534;

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Who runs the runner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The test's own user: root in CI (cgroup v1 here), else an ordinary user.
    Me,
    /// nobody, when the test is root: an ordinary user with no cgroup of its own.
    Nobody,
    /// nobody in a cgroup v2 subtree delegated to it (as systemd's `Delegate=yes` gives).
    NobodyDelegated,
}

/// The settings a test runs in: as itself and, when it is root, as nobody (and, with
/// `delegated`, as nobody in a delegated cgroup v2 subtree, when cgroup v2 is mounted).
fn settings(test: &str, delegated: bool) -> Vec<Who> {
    if !is_root() {
        eprintln!("{test}: not root: runs as this ordinary user only; the root setting is skipped");
        return vec![Who::Me];
    }
    let mut all = vec![Who::Me, Who::Nobody];
    if delegated {
        if cgroup2_mount().is_some() {
            all.push(Who::NobodyDelegated);
        } else {
            eprintln!("{test}: no cgroup v2 mounted: the delegated-subtree setting is skipped");
        }
    }
    all
}

/// Where cgroup v2 is mounted, if it is.
fn cgroup2_mount() -> Option<PathBuf> {
    let info = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    info.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        let point = left.split(' ').nth(4)?;
        (right.split(' ').next() == Some("cgroup2")).then(|| PathBuf::from(point))
    })
}

/// Whether the runner, as root, gets a memory cgroup here (cgroup v1's memory controller, or
/// cgroup v2's in the root cgroup).
fn root_has_memory_cgroup() -> bool {
    let info = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let v1 = info.lines().any(|l| {
        l.split_once(" - ").is_some_and(|(_, r)| {
            let f: Vec<&str> = r.split(' ').collect();
            f.first() == Some(&"cgroup")
                && f.get(2)
                    .is_some_and(|o| o.split(',').any(|c| c == "memory"))
        })
    });
    v1 || cgroup2_mount().is_some_and(|m| {
        std::fs::read_to_string(m.join("cgroup.controllers"))
            .is_ok_and(|c| c.split_whitespace().any(|c| c == "memory"))
    })
}

/// A cgroup v2 directory handed to nobody, removed (with what the runner made in it) on drop.
struct Delegation {
    dir: PathBuf,
}

impl Delegation {
    fn new() -> Delegation {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let mount = cgroup2_mount().expect("cgroup v2");
        let dir = mount.join(format!(
            "judge-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir(&dir).unwrap();
        for f in [
            "",
            "cgroup.procs",
            "cgroup.threads",
            "cgroup.subtree_control",
        ] {
            let p = if f.is_empty() {
                dir.clone()
            } else {
                dir.join(f)
            };
            std::os::unix::fs::chown(&p, Some(NOBODY), Some(NOBODY)).unwrap();
        }
        Delegation { dir }
    }
}

fn remove_cgroup_tree(dir: &Path) {
    if let Ok(children) = std::fs::read_dir(dir) {
        for c in children.flatten() {
            if c.file_type().is_ok_and(|t| t.is_dir()) {
                remove_cgroup_tree(&c.path());
            }
        }
    }
    let _ = std::fs::remove_dir(dir);
}

impl Drop for Delegation {
    fn drop(&mut self) {
        remove_cgroup_tree(&self.dir);
    }
}

/// Hands the workspace to nobody (it builds and caches there).
fn chown_tree(dir: &Path, uid: u32) {
    let _ = std::os::unix::fs::lchown(dir, Some(uid), Some(uid));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                chown_tree(&e.path(), uid);
            } else {
                let _ = std::os::unix::fs::lchown(e.path(), Some(uid), Some(uid));
            }
        }
    }
}

/// The runner on `ws` as `who`, with `args`; `delegation` must be given for
/// [`Who::NobodyDelegated`] (the runner starts in it).
fn runner_command(ws: &Ws, who: Who, delegation: Option<&Delegation>, args: &[&str]) -> Command {
    let bin = assert_cmd::cargo::cargo_bin("runner");
    let mut cmd = match who {
        Who::Me => Command::new(bin),
        Who::Nobody | Who::NobodyDelegated => {
            chown_tree(ws.dir.path(), NOBODY);
            let mut cmd = Command::new("setpriv");
            cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
                .arg(bin)
                .env("HOME", ws.dir.path());
            cmd
        }
    };
    if who == Who::NobodyDelegated {
        let procs = delegation
            .expect("a delegated cgroup")
            .dir
            .join("cgroup.procs");
        let procs = std::ffi::CString::new(procs.to_str().unwrap()).unwrap();
        // SAFETY: only open/write/close between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY);
                if fd < 0 || libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(fd);
                Ok(())
            });
        }
    }
    // Every case is run: a verdict reused from the cache would run no hostile program.
    cmd.arg("--root")
        .arg(ws.dir.path())
        .args(["--color", "never", "--no-cache"])
        .args(args)
        .env_remove("CI")
        .stdin(Stdio::null());
    cmd
}

/// Runs `cmd` to its end (killed after two minutes), with its output.
fn output_of(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let t = Instant::now();
    let pid = child.id() as i32;
    let watchdog = std::thread::spawn(move || {
        while t.elapsed() < Duration::from_secs(120) {
            std::thread::sleep(Duration::from_millis(100));
            if !alive(pid) {
                return;
            }
        }
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    });
    let mut stdout = Vec::new();
    let _ = out.read_to_end(&mut stdout);
    let status = child.wait().unwrap();
    let _ = watchdog.join();
    Output {
        status,
        stdout,
        stderr: reader.join().unwrap(),
    }
}

/// Judges `file` on problem `slug` as `who` (sandboxed unless `extra` says `--no-sandbox`).
fn judge_as(
    ws: &Ws,
    who: Who,
    delegation: Option<&Delegation>,
    slug: &str,
    file: &str,
    extra: &[&str],
) -> Output {
    let path = ws.path(file);
    let mut args: Vec<&str> = extra.to_vec();
    args.extend(["judge", slug, path.to_str().unwrap()]);
    output_of(runner_command(ws, who, delegation, &args))
}

/// The delegation a setting needs.
fn delegation_for(who: Who) -> Option<Delegation> {
    (who == Who::NobodyDelegated).then(Delegation::new)
}

/// A problem `slug` with these limits and cases (name, input, output).
fn problem(ws: &Ws, slug: &str, time_ms: u32, memory_kib: u32, cases: &[(&str, &str, &str)]) {
    ws.write(
        &format!("problems/{slug}/problem.toml"),
        &format!(
            "title = \"P\"\njudge = \"local\"\ntime_limit_ms = {time_ms}\nmemory_limit_kib = {memory_kib}\n"
        ),
    );
    let mut toml = String::new();
    for (name, input, output) in cases {
        toml.push_str(&format!(
            "[[case]]\nname = \"{name}\"\nsource = \"hand\"\ninput = \"{input}\"\noutput = \"{output}\"\n\n"
        ));
    }
    ws.write(&format!("fixtures/{slug}.toml"), &toml);
}

/// Builds a C program outside the runner (for controls that run it bare).
fn build_c(ws: &Ws, name: &str, body: &str) -> PathBuf {
    ws.write(&format!("{name}.c"), &c_program(body));
    let exe = ws.path(name);
    let ok = Command::new("gcc")
        .args(["-O2", "-x", "c"])
        .arg(ws.path(&format!("{name}.c")))
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap()
        .success();
    assert!(ok, "cannot build {name}.c");
    exe
}

/// The live processes whose command line mentions `needle`.
fn processes_mentioning(needle: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(needle) && alive(pid) {
            found.push(pid);
        }
    }
    found
}

/// Waits up to `secs` for `cond`.
fn eventually(secs: u64, mut cond: impl FnMut() -> bool) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    cond()
}

// ---- 1. Inherited descriptors ----------------------------------------------------------------

/// Reports every descriptor from 3 up: what it reads, whether it takes a write.
const FD_PROBE: &str = r#"int found = 0;
    for (int fd = 3; fd < 64; fd++) {
        struct stat st;
        if (fstat(fd, &st) != 0) continue;
        found++;
        char buf[256]; ssize_t k = pread(fd, buf, sizeof buf - 1, 0);
        if (k > 0) { buf[k] = 0; fprintf(stderr, "fd %d holds: %s\n", fd, buf); }
        if (write(fd, "pwned\n", 6) == 6) fprintf(stderr, "fd %d written\n", fd);
    }
    fprintf(stderr, "%d descriptors from 3 up\n", found);
    return 1;"#;

/// Gives the command descriptors 3 (reads `secret`) and 4 (appends to `target`), not
/// close-on-exec, as an editor or a CI agent might.
fn with_descriptors(cmd: &mut Command, secret: &Path, target: &Path) {
    let r = std::fs::File::open(secret).unwrap();
    let w = std::fs::OpenOptions::new()
        .append(true)
        .open(target)
        .unwrap();
    use std::os::fd::IntoRawFd;
    let (r, w) = (r.into_raw_fd(), w.into_raw_fd());
    // SAFETY: only dup2/fcntl/close between fork and exec. The descriptors stay open in the
    // test process (a few, for its lifetime).
    unsafe {
        cmd.pre_exec(move || {
            for (from, to) in [(r, 200), (w, 201)] {
                if libc::dup2(from, to) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            for (from, to) in [(200, 3), (201, 4)] {
                libc::dup2(from, to);
                libc::fcntl(to, libc::F_SETFD, 0);
                libc::close(from);
            }
            Ok(())
        });
    }
}

#[test]
fn inherited_descriptors_do_not_reach_a_program() {
    let ws = Ws::twice();
    let tag = marker("fd");
    // A root-only folder (when root) with an "expected output" and a host file.
    let private = tempfile::tempdir().unwrap();
    let secret = private.path().join("expected.out");
    let target = private.path().join("host-file");
    std::fs::write(&secret, format!("expected-{tag}\n")).unwrap();
    std::fs::write(&target, "untouched\n").unwrap();
    ws.write("fds.c", &c_program(FD_PROBE));
    // Control: the same program, given the descriptors bare, reads the one and writes the other.
    let exe = build_c(&ws, "fds-bare", FD_PROBE);
    let mut bare = Command::new(&exe);
    with_descriptors(&mut bare, &secret, &target);
    let out = bare.stdin(Stdio::null()).output().unwrap();
    let said = stderr(&out);
    assert!(said.contains(&format!("holds: expected-{tag}")), "{said}");
    assert!(said.contains("fd 4 written"), "{said}");
    assert!(std::fs::read_to_string(&target).unwrap().contains("pwned"));
    std::fs::write(&target, "untouched\n").unwrap();
    for who in settings("inherited_descriptors", false) {
        for extra in [&[][..], &["--no-sandbox"][..]] {
            let path = ws.path("fds.c");
            let mut args: Vec<&str> = extra.to_vec();
            args.extend(["judge", "t", path.to_str().unwrap()]);
            let mut cmd = runner_command(&ws, who, None, &args);
            with_descriptors(&mut cmd, &secret, &target);
            let out = output_of(cmd);
            let s = stdout(&out);
            assert!(
                s.contains("0 descriptors from 3 up"),
                "{who:?} {extra:?}:\n{}",
                text(&out)
            );
            assert!(!s.contains(&tag), "{who:?} {extra:?}:\n{s}");
            assert_eq!(
                std::fs::read_to_string(&target).unwrap(),
                "untouched\n",
                "{who:?} {extra:?}"
            );
        }
    }
}

// ---- 2. Leaving the process group ------------------------------------------------------------

/// Case 1: the program moves itself into its child's process group and both wait forever.
/// Case 2: a program that shows it is running.
fn group_escape(child: &str, parent: &str, second: &str) -> String {
    format!(
        r#"scanf("%ld", &n);
           if (n == 1) {{
               pid_t c = fork();
               if (c == 0) {{ setpgid(0, 0); prctl(PR_SET_NAME, "{child}"); for (;;) pause(); }}
               while (setpgid(0, c) != 0) usleep(1000);
               prctl(PR_SET_NAME, "{parent}");
               for (;;) pause();
           }}
           prctl(PR_SET_NAME, "{second}"); usleep(300000);
           printf("%ld\n", 2 * n);"#
    )
}

/// Runs `cmd` (two cases, one worker) and returns, when case 2 was seen running, whether any of
/// `first` (case 1's processes) was alive then; and the output.
fn alive_during_the_second_case(
    mut cmd: Command,
    first: &[&str],
    second: &str,
) -> (Option<bool>, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    let mut seen = None;
    while t.elapsed() < Duration::from_secs(60) {
        if !processes_named(second).is_empty() {
            seen = Some(first.iter().any(|n| !processes_named(n).is_empty()));
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = child.wait().unwrap();
    let mut s = String::new();
    child.stdout.take().unwrap().read_to_string(&mut s).unwrap();
    (seen, format!("{status:?}\n{s}"))
}

#[test]
fn leaving_the_process_group_does_not_escape_the_end_of_a_case() {
    // Each setting in a thread of its own, with its own workspace and process names: the runs
    // mostly wait for the backstop.
    std::thread::scope(|scope| {
        for who in settings("leaving_the_process_group", false) {
            scope.spawn(move || group_escape_is_ended(who));
        }
    });
}

fn group_escape_is_ended(who: Who) {
    let ws = Ws::twice();
    problem(
        &ws,
        "t",
        // 200 ms: the wall-clock backstop that ends case a comes at 1.4 s.
        200,
        65536,
        &[("a", "1\\n", "2\\n"), ("b", "2\\n", "4\\n")],
    );
    let (child, parent, second) = (marker("gch"), marker("gpa"), marker("gsec"));
    ws.write(
        "escape.c",
        &c_program(&group_escape(&child, &parent, &second)),
    );
    let path = ws.path("escape.c");
    let t = Instant::now();
    let cmd = runner_command(
        &ws,
        who,
        None,
        &["-j", "1", "judge", "t", path.to_str().unwrap()],
    );
    let (alive, s) = alive_during_the_second_case(cmd, &[&child, &parent], &second);
    // The wall-clock backstop ends case a (TLE), and with it both processes.
    assert!(s.contains("case a: TLE (slept "), "{who:?}:\n{s}");
    assert_eq!(
        alive,
        Some(false),
        "{who:?}: case a's processes outlived it:\n{s}"
    );
    assert!(
        t.elapsed() < Duration::from_secs(30),
        "{who:?}: {:?}",
        t.elapsed()
    );
    assert!(processes_named(&child).is_empty() && processes_named(&parent).is_empty());
    // Control: without the sandbox the child outlives its case (until the run ends).
    let cmd = runner_command(
        &ws,
        who,
        None,
        &[
            "--no-sandbox",
            "-j",
            "1",
            "judge",
            "t",
            path.to_str().unwrap(),
        ],
    );
    let (alive, s) = alive_during_the_second_case(cmd, &[&child], &second);
    assert_eq!(alive, Some(true), "{who:?} --no-sandbox:\n{s}");
    assert!(
        eventually(5, || processes_named(&child).is_empty()),
        "{who:?}: the run ended and left its escapee"
    );
}

#[test]
fn ctrl_c_ends_a_program_that_left_its_group() {
    let ws = Ws::twice();
    problem(&ws, "t", 30000, 65536, &[("a", "1\\n", "2\\n")]);
    let (child, parent, second) = (marker("cch"), marker("cpa"), marker("csec"));
    ws.write(
        "escape.c",
        &c_program(&group_escape(&child, &parent, &second)),
    );
    let path = ws.path("escape.c");
    for who in settings("ctrl_c_ends_a_program_that_left_its_group", false) {
        let mut cmd = runner_command(&ws, who, None, &["judge", "t", path.to_str().unwrap()]);
        let mut runner = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        assert!(
            eventually(30, || !processes_named(&parent).is_empty()),
            "{who:?}: the program never started"
        );
        let t = Instant::now();
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(runner.id() as i32, libc::SIGINT) };
        let status = runner.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{who:?}");
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "{who:?}: {:?}",
            t.elapsed()
        );
        assert!(
            eventually(2, || processes_named(&child).is_empty()
                && processes_named(&parent).is_empty()),
            "{who:?}: a process outlived the run"
        );
    }
}

// ---- 3. A killed runner leaves its sandboxes -------------------------------------------------

#[test]
fn killing_the_runner_kills_its_launchers_and_programs() {
    let ws = Ws::twice();
    problem(&ws, "t", 30000, 65536, &[("a", "1\\n", "2\\n")]);
    let (main, orphan) = (marker("kmain"), marker("korph"));
    ws.write(
        "stay.c",
        &c_program(&format!(
            r#"prctl(PR_SET_NAME, "{main}");
               if (fork() == 0) {{ setsid(); if (fork() == 0) {{ prctl(PR_SET_NAME, "{orphan}"); for (;;) pause(); }} _exit(0); }}
               for (;;) pause();"#
        )),
    );
    let path = ws.path("stay.c");
    let launchers = ws.path("target/judge").display().to_string();
    for who in settings("killing_the_runner", false) {
        for sandboxed in [true, false] {
            let mut args = vec!["judge", "t", path.to_str().unwrap()];
            if !sandboxed {
                args.insert(0, "--no-sandbox");
            }
            let mut cmd = runner_command(&ws, who, None, &args);
            let log = ws.path("runner.log");
            let file = std::fs::File::create(&log).unwrap();
            let mut runner = cmd
                .stdout(file.try_clone().unwrap())
                .stderr(file)
                .spawn()
                .unwrap();
            assert!(
                eventually(30, || !processes_named(&main).is_empty()
                    && !processes_named(&orphan).is_empty()),
                "{who:?}: the program never started:\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
            runner.kill().unwrap(); // SIGKILL
            runner.wait().unwrap();
            if sandboxed {
                assert!(
                    eventually(5, || processes_named(&main).is_empty()
                        && processes_named(&orphan).is_empty()
                        && processes_mentioning(&launchers).is_empty()),
                    "{who:?}: alive 5 s after the runner's kill -9: programs {:?} {:?}, launchers {:?}",
                    processes_named(&main),
                    processes_named(&orphan),
                    processes_mentioning(&launchers)
                );
            } else {
                // Control: without the sandbox the setsid grandchild survives the runner.
                std::thread::sleep(Duration::from_millis(500));
                let left = processes_named(&orphan);
                assert!(!left.is_empty(), "{who:?}: the control's orphan died too");
                for pid in left {
                    // SAFETY: a signal to a process of this test.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
                assert!(eventually(5, || processes_named(&main).is_empty()));
            }
        }
    }
}

// ---- 4. Memory the limit does not see --------------------------------------------------------

/// The verdict line of case `case` in a report.
fn verdict_of<'a>(report: &'a str, case: &str) -> &'a str {
    let key = format!("case {case}: ");
    report
        .lines()
        .find_map(|l| l.split_once(&key).map(|(_, v)| v))
        .unwrap_or("")
}

/// Runs a memory-hungry program in every setting: in the sandbox it must not be accepted, and
/// MLE where a memory cgroup counts it (`mle_everywhere`: MLE in every setting); with
/// `--no-sandbox` it is accepted (the control).
fn assert_memory_counted(test: &str, memory_kib: u32, body: &str, mle_everywhere: bool) {
    let ws = Ws::twice();
    problem(&ws, "t", 2000, memory_kib, &[("small", "3\\n", "6\\n")]);
    ws.write("hog.c", &c_program(body));
    for who in settings(test, true) {
        let d = delegation_for(who);
        let out = judge_as(&ws, who, d.as_ref(), "t", "hog.c", &[]);
        let s = stdout(&out);
        let v = verdict_of(&s, "small");
        assert!(
            !s.contains("1/1 AC"),
            "{test} {who:?}: accepted:\n{}",
            text(&out)
        );
        if mle_everywhere || (who == Who::Me && root_has_memory_cgroup()) {
            assert!(v.starts_with("MLE"), "{test} {who:?}: {v}\n{}", text(&out));
        } else {
            eprintln!("{test} {who:?}: {v}");
        }
        let out = judge_as(&ws, who, d.as_ref(), "t", "hog.c", &["--no-sandbox"]);
        assert!(
            stdout(&out).contains("1/1 AC"),
            "{test} {who:?} --no-sandbox: the control was not accepted:\n{}",
            text(&out)
        );
    }
}

#[test]
fn memory_held_in_a_memfd_is_counted() {
    // 256 MiB written into a memfd, never mapped, under a 32 MiB limit. Where a memory cgroup
    // counts it: MLE; elsewhere RLIMIT_FSIZE stops the file at the limit (RE, SIGXFSZ).
    assert_memory_counted(
        "memfd",
        32768,
        r#"int fd = memfd_create("hoard", 0); static char buf[1 << 20]; memset(buf, 'x', sizeof buf);
           long total = 0;
           for (int i = 0; i < 256; i++) { if (write(fd, buf, sizeof buf) != sizeof buf) { perror("write"); break; } total += sizeof buf; }
           fprintf(stderr, "held %ld MiB\n", total >> 20);
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#,
        false,
    );
}

#[test]
fn memory_of_children_never_reaped_is_counted() {
    // Three children hold 40 MiB each under a 64 MiB limit while the program answers.
    let name = marker("kid");
    assert_memory_counted(
        "children",
        65536,
        &format!(
            r#"for (int i = 0; i < 3; i++) if (fork() == 0) {{
                   prctl(PR_SET_NAME, "{name}");
                   char *p = malloc(40 << 20); memset(p, 1, 40 << 20);
                   __asm__ volatile("" : : "r"(p) : "memory"); // the pages are really written
                   for (;;) pause(); }}
               usleep(500000);
               scanf("%ld", &n); printf("%ld\n", 2 * n);"#
        ),
        true,
    );
    assert!(eventually(5, || processes_named(&name).is_empty()));
}

#[test]
fn files_in_tmp_are_counted() {
    // 100 MiB written to /tmp under a 64 MiB limit (a tmpfs: memory). In the sandbox /tmp is
    // as large as the limit, and counted with the program's memory. (The control writes the
    // host's /tmp: a name of its own, removed.)
    let tag = marker("tmp");
    assert_memory_counted(
        "tmp",
        65536,
        &format!(
            r#"char path[64]; snprintf(path, sizeof path, access("/box", F_OK) == 0 ? "/tmp/big" : "/tmp/{tag}");
               FILE *f = fopen(path, "w"); static char buf[1 << 20]; memset(buf, 'x', sizeof buf);
               long total = 0;
               for (int i = 0; f && i < 100; i++) {{ if (fwrite(buf, 1, sizeof buf, f) != sizeof buf) break; total += sizeof buf; }}
               if (f) fflush(f);
               fprintf(stderr, "wrote %ld MiB to %s\n", total >> 20, path);
               usleep(300000);
               if (access("/box", F_OK) != 0) unlink(path);
               scanf("%ld", &n); printf("%ld\n", 2 * n);"#
        ),
        true,
    );
    assert!(!Path::new(&format!("/tmp/{tag}")).exists());
}

// ---- 5. CPU the limit does not see -----------------------------------------------------------

#[test]
fn cpu_of_children_never_reaped_is_counted() {
    // Two children spin while the program sleeps until they have used 1 s of CPU time between
    // them (their CPU clocks, read without reaping them), then answers, under a 300 ms limit:
    // counted, that is a TLE by CPU time however busy the machine (time spent waiting for a
    // CPU does not bring the wall-clock backstop nearer). The control, without the sandbox,
    // is the same program: its children's second is over the limit, and uncounted there.
    let ws = Ws::twice();
    problem(&ws, "t", 300, 65536, &[("small", "3\\n", "6\\n")]);
    let name = marker("spin");
    let spin = c_program(&format!(
        r#"pid_t kids[2];
           for (int i = 0; i < 2; i++) if ((kids[i] = fork()) == 0) {{ prctl(PR_SET_NAME, "{name}"); for (;;) {{}} }}
           for (;;) {{
               double used = 0;
               for (int i = 0; i < 2; i++) {{
                   clockid_t c; struct timespec ts;
                   if (clock_getcpuclockid(kids[i], &c) == 0 && clock_gettime(c, &ts) == 0) used += ts.tv_sec + ts.tv_nsec / 1e9;
               }}
               if (used >= 1.0) break;
               usleep(10000);
           }}
           scanf("%ld", &n); printf("%ld\n", 2 * n);"#
    ));
    let spin = spin.replacen(HEAD, &format!("{HEAD}#include <time.h>\n"), 1);
    ws.write("spin.c", &spin);
    for who in settings("cpu_of_children", true) {
        let d = delegation_for(who);
        let out = judge_as(&ws, who, d.as_ref(), "t", "spin.c", &[]);
        let s = stdout(&out);
        let verdict = verdict_of(&s, "small");
        assert!(
            verdict.starts_with("TLE (cpu "),
            "{who:?}: expected case small to be a TLE by CPU time (its children's CPU time \
             counted), got {verdict:?}; the run:\n{}",
            text(&out)
        );
        let out = judge_as(&ws, who, d.as_ref(), "t", "spin.c", &["--no-sandbox"]);
        assert!(
            stdout(&out).contains("1/1 AC"),
            "{who:?} --no-sandbox: expected the control to be accepted (its children's CPU \
             time is not counted without the sandbox), got {:?}; the run:\n{}",
            verdict_of(&stdout(&out), "small"),
            text(&out)
        );
        assert!(
            eventually(5, || processes_named(&name).is_empty()),
            "{who:?}: expected the spinning children ({name}) to be gone"
        );
    }
}

// ---- 6. State between cases of one worker ----------------------------------------------------

/// Looks for what the other case left (System V queue, semaphores, shared memory, a POSIX
/// queue, a key in the user keyring), removes it, and leaves its own when it found none; says
/// all on stderr with its pid, and exits 1 so that the report shows it.
fn leftovers(key: u32, tag: &str) -> String {
    format!(
        r#"scanf("%ld", &n);
           int found = 0; key_t k = {key};
           int q = msgget(k, 0); if (q >= 0) {{ found++; fprintf(stderr, "found a message queue\n"); msgctl(q, IPC_RMID, 0); }}
           int s = semget(k, 0, 0); if (s >= 0) {{ found++; fprintf(stderr, "found semaphores\n"); semctl(s, 0, IPC_RMID); }}
           int m = shmget(k, 0, 0); if (m >= 0) {{ found++; fprintf(stderr, "found shared memory\n"); shmctl(m, IPC_RMID, 0); }}
           mqd_t mq = mq_open("/{tag}", O_RDONLY); if (mq != (mqd_t)-1) {{ found++; fprintf(stderr, "found a POSIX queue\n"); mq_close(mq); mq_unlink("/{tag}"); }}
           long key = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user", "{tag}", 0);
           if (key >= 0) {{ found++; fprintf(stderr, "found a key\n"); syscall(SYS_keyctl, KEYCTL_UNLINK, key, KEY_SPEC_USER_KEYRING); }}
           /* The inode number of a file made in /tmp: how many files earlier cases made there
              shows in it, unless /tmp is made again. (A name of its own: without the sandbox
              this is the host's /tmp.) */
           char probe[64]; snprintf(probe, sizeof probe, "/tmp/{tag}-%ld", n);
           int fd = open(probe, O_CREAT | O_WRONLY, 0600); struct stat st; fstat(fd, &st); close(fd); unlink(probe);
           for (int i = 0; i < 5; i++) {{ close(open(probe, O_CREAT | O_WRONLY, 0600)); unlink(probe); }}
           fprintf(stderr, "case %ld: pid %d, found %d, inode %lu\n", n, getpid(), found, (unsigned long)st.st_ino);
           if (!found) {{
               int q = msgget(k, IPC_CREAT | 0600); if (q < 0) perror("msgget");
               else {{ struct {{ long t; char m[8]; }} msg = {{1, "hello"}}; msgsnd(q, &msg, sizeof msg.m, 0); }}
               if (semget(k, 1, IPC_CREAT | 0600) < 0) perror("semget");
               int m = shmget(k, 16 << 20, IPC_CREAT | 0600); if (m < 0) perror("shmget");
               else {{ char *p = shmat(m, 0, 0); if (p != (void *)-1) {{ memset(p, 1, 16 << 20); shmdt(p); }} }}
               struct mq_attr a = {{0, 4, 64, 0}};
               mqd_t mq = mq_open("/{tag}", O_CREAT | O_RDWR, 0600, &a); if (mq == (mqd_t)-1) perror("mq_open"); else mq_close(mq);
               if (syscall(SYS_add_key, "user", "{tag}", "x", 1, KEY_SPEC_USER_KEYRING) < 0) perror("add_key");
           }}
           return 1;"#
    )
}

/// The pid each case printed, how many objects it found, and its /tmp file's inode number.
fn pids_and_finds(report: &str) -> Vec<(i32, i32, u64)> {
    report
        .lines()
        .filter_map(|l| {
            let rest = l.split_once("case ")?.1;
            let (_, rest) = rest.split_once(": pid ")?;
            let (pid, rest) = rest.split_once(", found ")?;
            let (found, inode) = rest.split_once(", inode ")?;
            Some((
                pid.trim().parse().ok()?,
                found.trim().parse().ok()?,
                inode.trim().parse().ok()?,
            ))
        })
        .collect()
}

/// Removes what a control left on the host (it removes its own, this is a safety net).
fn remove_host_ipc(key: u32, tag: &str) {
    let k = key as libc::key_t;
    // SAFETY: plain System V and POSIX IPC calls on objects of this test.
    unsafe {
        let q = libc::msgget(k, 0);
        if q >= 0 {
            libc::msgctl(q, libc::IPC_RMID, std::ptr::null_mut());
        }
        let s = libc::semget(k, 0, 0);
        if s >= 0 {
            libc::semctl(s, 0, libc::IPC_RMID);
        }
        let m = libc::shmget(k, 0, 0);
        if m >= 0 {
            libc::shmctl(m, libc::IPC_RMID, std::ptr::null_mut());
        }
        let name = std::ffi::CString::new(format!("/{tag}")).unwrap();
        libc::mq_unlink(name.as_ptr());
    }
}

#[test]
fn nothing_carries_from_one_case_to_the_next() {
    let ws = Ws::twice();
    problem(
        &ws,
        "t",
        2000,
        65536,
        &[("a", "1\\n", "2\\n"), ("b", "2\\n", "4\\n")],
    );
    let tag = marker("ipc");
    let key = 0x4a000000 | (std::process::id() & 0xffff) << 8 | (tag.len() as u32);
    ws.write("ipc.c", &c_program(&leftovers(key, &tag)));
    for who in settings("nothing_carries", false) {
        let out = judge_as(&ws, who, None, "t", "ipc.c", &["-j", "1"]);
        let s = stdout(&out);
        let seen = pids_and_finds(&s);
        assert_eq!(seen.len(), 2, "{who:?}:\n{}", text(&out));
        assert_eq!(
            seen[0].1 + seen[1].1,
            0,
            "{who:?}: a case found another's state:\n{s}"
        );
        assert_eq!(
            seen[0].0, seen[1].0,
            "{who:?}: the pid counter carried over:\n{s}"
        );
        assert_eq!(
            seen[0].2, seen[1].2,
            "{who:?}: /tmp's inode counter carried over:\n{s}"
        );
        for call in ["msgget", "semget", "shmget", "mq_open", "add_key"] {
            assert!(
                s.contains(&format!("{call}: Operation not permitted")),
                "{who:?}: {call}:\n{s}"
            );
        }
        // Control: without the sandbox the second case finds all five, and another pid.
        let out = judge_as(&ws, who, None, "t", "ipc.c", &["--no-sandbox", "-j", "1"]);
        let s = stdout(&out);
        remove_host_ipc(key, &tag);
        let seen = pids_and_finds(&s);
        assert_eq!(seen.len(), 2, "{who:?}:\n{}", text(&out));
        assert_eq!(seen[0].1 + seen[1].1, 5, "{who:?} --no-sandbox:\n{s}");
        assert_ne!(seen[0].0, seen[1].0, "{who:?} --no-sandbox:\n{s}");
    }
}

// ---- 7. The runner's session keyring ---------------------------------------------------------

#[test]
fn the_runners_session_keyring_is_out_of_reach() {
    let ws = Ws::twice();
    let tag = marker("key");
    ws.write(
        "keys.c",
        &c_program(&format!(
            r#"long id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, "user", "{tag}", 0);
               if (id < 0) perror("keyctl search");
               else {{
                   char b[64]; long k = syscall(SYS_keyctl, KEYCTL_READ, id, b, sizeof b - 1);
                   if (k >= 0) {{ b[k] = 0; fprintf(stderr, "read the key: %s\n", b); }}
                   if (syscall(SYS_keyctl, KEYCTL_UPDATE, id, "overwritten", 11) == 0) fprintf(stderr, "overwrote the key\n");
               }}
               if (syscall(SYS_add_key, "user", "planted", "x", 1, KEY_SPEC_SESSION_KEYRING) >= 0) fprintf(stderr, "added a key\n");
               else perror("add_key");
               return 1;"#
        )),
    );
    let path = ws.path("keys.c");
    let (ring, desc, payload) = (
        std::ffi::CString::new("judge-test-session").unwrap(),
        std::ffi::CString::new(tag.clone()).unwrap(),
        format!("secret-{tag}"),
    );
    for who in settings("session_keyring", false) {
        for sandboxed in [true, false] {
            let mut args = vec!["judge", "t", path.to_str().unwrap()];
            if !sandboxed {
                args.insert(0, "--no-sandbox");
            }
            let mut cmd = runner_command(&ws, who, None, &args);
            let (ring, desc, payload) = (ring.clone(), desc.clone(), payload.clone());
            // The runner starts in a session keyring of its own holding a key of the test's
            // user (root's, when root), as a login session gives one.
            // SAFETY: only keyctl/add_key system calls between fork and exec.
            unsafe {
                cmd.pre_exec(move || {
                    if libc::syscall(libc::SYS_keyctl, 1, ring.as_ptr()) < 0
                        || libc::syscall(
                            libc::SYS_add_key,
                            c"user".as_ptr(),
                            desc.as_ptr(),
                            payload.as_ptr(),
                            payload.len(),
                            -3, // KEY_SPEC_SESSION_KEYRING
                        ) < 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
            let out = output_of(cmd);
            let s = stdout(&out);
            if sandboxed {
                assert!(
                    s.contains("keyctl search: Operation not permitted"),
                    "{who:?}:\n{}",
                    text(&out)
                );
                assert!(
                    s.contains("add_key: Operation not permitted"),
                    "{who:?}:\n{s}"
                );
                assert!(
                    !s.contains("read the key") && !s.contains("overwrote"),
                    "{who:?}:\n{s}"
                );
            } else {
                assert!(
                    s.contains(&format!("read the key: secret-{tag}")),
                    "{who:?} --no-sandbox:\n{}",
                    text(&out)
                );
                assert!(
                    s.contains("overwrote the key") && s.contains("added a key"),
                    "{who:?} --no-sandbox:\n{s}"
                );
            }
        }
    }
}

// ---- 8. The sandbox belongs to no program ----------------------------------------------------

#[test]
fn a_program_cannot_change_what_later_programs_see() {
    let ws = Ws::empty();
    problem(&ws, "a", 2000, 65536, &[("one", "", "1\\n")]);
    problem(&ws, "b", 2000, 65536, &[("one", "", "1\\n")]);
    let tag = marker("plant");
    // A host folder anyone may write: where a followed /box link would lead the launcher.
    let host = tempfile::tempdir().unwrap();
    std::fs::set_permissions(
        host.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o777),
    )
    .unwrap();
    let lib64 = std::fs::read_link("/lib64")
        .map(|l| l.display().to_string())
        .unwrap_or_default();
    // Program a, first: changes everything it can. (Only in the sandbox, which has a /box,
    // does it touch the root; the control changes the host's /tmp only.)
    ws.write(
        "solutions/a.c",
        &c_program(&format!(
            r#"
               /* One attempt per item "what: outcome;", on few lines (the report keeps 10). */
               #define TRY(what, call) do {{ int r_ = (call); fprintf(stderr, "%s: %s; ", what, r_ == 0 ? "done" : strerror(errno)); }} while (0)
               #define PLANT(p) ({{ int fd_ = open(p, O_CREAT | O_WRONLY, 0644); fd_ < 0 ? -1 : close(fd_); }})
               if (access("/box", F_OK) == 0) {{
                   TRY("unlink /lib64", unlink("/lib64"));
                   TRY("symlink /lib64", symlink("/tmp", "/lib64"));
                   TRY("rename /box", rename("/box", "/tmp/box"));
                   TRY("symlink /box", symlink("{host}", "/box"));
                   TRY("plant /", PLANT("/{tag}"));
                   TRY("plant /box", PLANT("/box/{tag}"));
                   TRY("plant /usr", PLANT("/usr/{tag}"));
                   TRY("unshare", unshare(CLONE_NEWUSER | CLONE_NEWNS));
               }}
               TRY("plant /tmp", PLANT("/tmp/{tag}"));
               if (access("/box", F_OK) == 0) {{
                   TRY("xattr /tmp", setxattr("/tmp", "user.judge", "x", 1, 0));
                   TRY("chmod /tmp", chmod("/tmp", 0700));
               }}
               return 1; /* RE: the report shows what it did */"#,
            host = host.path().display()
        )),
    );
    // Program b, next on the same worker: finds the world as it should be.
    ws.write(
        "solutions/b.c",
        &c_program(&format!(
            r#"int dirty = 0;
               #define DIRTY(...) do {{ dirty++; fprintf(stderr, __VA_ARGS__); }} while (0)
               char link[256]; ssize_t k = readlink("/lib64", link, sizeof link - 1);
               struct stat st;
               if (k >= 0) {{ link[k] = 0; if (strcmp(link, "{lib64}") != 0) DIRTY("/lib64 -> %s\n", link); }}
               else if (lstat("/lib64", &st) != 0 || !S_ISDIR(st.st_mode) || "{lib64}"[0]) DIRTY("/lib64 changed\n");
               if (lstat("/box", &st) == 0 && !S_ISDIR(st.st_mode)) DIRTY("/box is not a folder\n");
               if (access("/{tag}", F_OK) == 0) DIRTY("/ planted\n");
               if (access("/box/{tag}", F_OK) == 0) DIRTY("/box planted\n");
               if (access("/usr/{tag}", F_OK) == 0) DIRTY("/usr planted\n");
               if (access("/tmp/{tag}", F_OK) == 0) DIRTY("/tmp planted\n");
               if (access("/box", F_OK) == 0) {{
                   if (stat("/tmp", &st) != 0 || (st.st_mode & 07777) != 01777) DIRTY("/tmp's mode changed\n");
                   char v[8]; if (getxattr("/tmp", "user.judge", v, sizeof v) >= 0) DIRTY("/tmp has an attribute\n");
               }}
               puts(dirty ? "dirty" : "1");"#
        )),
    );
    for who in settings("a_program_cannot_change", false) {
        let out = output_of(runner_command(&ws, who, None, &["-j", "1"]));
        let s = stdout(&out);
        assert!(
            s.contains("FAIL a") && s.contains("PASS b"),
            "{who:?}:\n{}",
            text(&out)
        );
        // What a tried, and what came of it: only its own /tmp took a change.
        for attempt in [
            "unlink /lib64",
            "symlink /lib64",
            "rename /box",
            "symlink /box",
            "plant /",
            "plant /box",
            "plant /usr",
            "unshare",
        ] {
            let outcome = s
                .split_once(&format!("{attempt}: "))
                .and_then(|(_, rest)| rest.split_once(';'))
                .map(|(outcome, _)| outcome);
            assert!(
                outcome.is_some_and(|o| o != "done"),
                "{who:?}: {attempt}:\n{s}"
            );
        }
        assert!(s.contains("plant /tmp: done;"), "{who:?}:\n{s}");
        assert_eq!(
            std::fs::read_dir(host.path()).unwrap().count(),
            0,
            "{who:?}: the launcher wrote into a host folder"
        );
        assert!(!Path::new(&format!("/tmp/{tag}")).exists(), "{who:?}");
        let root = ws.path("target/judge/sandbox-root");
        assert_eq!(
            std::fs::read_dir(&root).unwrap().count(),
            0,
            "{who:?}: {}",
            root.display()
        );
        // Control: without the sandbox, what a leaves b finds.
        let out = output_of(runner_command(&ws, who, None, &["--no-sandbox", "-j", "1"]));
        let _ = std::fs::remove_file(format!("/tmp/{tag}"));
        let s = stdout(&out);
        assert!(
            s.contains("FAIL a") && s.contains("FAIL b"),
            "{who:?} --no-sandbox:\n{}",
            text(&out)
        );
        assert!(s.contains("/tmp planted"), "{who:?} --no-sandbox:\n{s}");
    }
}

// ---- 9. The program picks its verdict --------------------------------------------------------

#[test]
fn a_program_cannot_pick_its_verdict() {
    let ws = Ws::twice();
    // Says what a failed allocation says, and exits 1: RE, whatever it printed.
    ws.write(
        "forged.c",
        &c_program(
            r#"fputs("memory allocation of 4000000000 bytes failed\n", stderr);
               fputs("terminate called after throwing an instance of 'std::bad_alloc'\nMemoryError\n", stderr);
               return 1;"#,
        ),
    );
    // Asks for 40 GiB, which the launcher refuses (larger than the 64 MiB limit), says the same
    // and exits 1: MLE, because the judge refused it.
    ws.write(
        "greedy.c",
        &c_program(
            r#"char *p = malloc(40UL << 30);
               if (!p) { fputs("memory allocation of 42949672960 bytes failed\n", stderr); return 1; }
               p[0] = 1; printf("%d\n", p[0] + 5);"#,
        ),
    );
    for who in settings("a_program_cannot_pick_its_verdict", false) {
        for extra in [&[][..], &["--no-sandbox"][..]] {
            let out = judge_as(&ws, who, None, "t", "forged.c", extra);
            let s = stdout(&out);
            assert!(
                verdict_of(&s, "small").starts_with("RE (exit code 1) "),
                "{who:?} {extra:?}:\n{}",
                text(&out)
            );
            let out = judge_as(&ws, who, None, "t", "greedy.c", extra);
            let s = stdout(&out);
            assert!(
                verdict_of(&s, "small").starts_with("MLE (allocation of 4096")
                    && verdict_of(&s, "small")
                        .contains(" MiB refused, limit 64.0 MiB (exit code 1))"),
                "{who:?} {extra:?}:\n{}",
                text(&out)
            );
        }
    }
}

// ---- 10. Watching the host -------------------------------------------------------------------

#[test]
fn inotify_cannot_watch_the_host() {
    let ws = Ws::twice();
    problem(&ws, "t", 2000, 65536, &[("small", "3\\n", "6\\n")]);
    ws.write(
        "watch.c",
        &c_program(
            r#"int fd = inotify_init1(0);
               if (fd < 0) { perror("inotify_init1"); return 1; }
               if (inotify_add_watch(fd, "/usr/bin", IN_OPEN | IN_ACCESS) < 0) { perror("inotify_add_watch"); return 1; }
               struct pollfd p = {fd, POLLIN, 0};
               if (poll(&p, 1, 3000) == 1) {
                   char b[4096] __attribute__((aligned(8))); ssize_t k = read(fd, b, sizeof b);
                   struct inotify_event *e = (struct inotify_event *)b;
                   fprintf(stderr, "saw %s on the host\n", k > 0 && e->len ? e->name : "/usr/bin");
               } else fprintf(stderr, "saw nothing\n");
               return 1;"#,
        ),
    );
    // The host at work: something opens and reads /usr/bin while the program runs.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let _ = std::fs::read("/usr/bin/true");
                let _ = std::fs::read_dir("/usr/bin").map(|d| d.count());
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    for who in settings("inotify_cannot_watch_the_host", false) {
        let out = judge_as(&ws, who, None, "t", "watch.c", &[]);
        let s = stdout(&out);
        assert!(
            s.contains("inotify_init1: Operation not permitted"),
            "{who:?}:\n{}",
            text(&out)
        );
        let out = judge_as(&ws, who, None, "t", "watch.c", &["--no-sandbox"]);
        let s = stdout(&out);
        assert!(
            s.contains("on the host"),
            "{who:?} --no-sandbox:\n{}",
            text(&out)
        );
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    busy.join().unwrap();
}

#[test]
fn of_etc_a_program_sees_only_the_jdk_s_configuration() {
    // Prints 2n only when /etc holds nothing but java-* folders (the JDK's configuration, shown
    // for Java) and /etc/passwd cannot be opened; else what it saw.
    let ws = Ws::twice();
    let out = ws.judge_c(
        "etc",
        "#include <dirent.h>\n#include <stdio.h>\n#include <string.h>\nint main(void) {\n  long n; if (scanf(\"%ld\", &n) != 1) return 1;\n  if (fopen(\"/etc/passwd\", \"r\")) { puts(\"passwd readable\"); return 0; }\n  DIR *d = opendir(\"/etc\");\n  struct dirent *e;\n  while (d && (e = readdir(d)))\n    if (e->d_name[0] != '.' && strncmp(e->d_name, \"java-\", 5) != 0) { printf(\"/etc/%s\\n\", e->d_name); return 0; }\n  printf(\"%ld\\n\", 2 * n);\n  return 0;\n}\n",
    );
    assert_eq!(last_line(&out), "1 passed, 0 failed", "{}", text(&out));
}
