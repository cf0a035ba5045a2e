//! Problems from elsewhere: `runner listen` (Competitive Companion), `runner import` (Kattis and
//! Polygon packages) and `runner export --kattis`, each into or out of a temporary workspace.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_code, last_line, repo_root, stderr, stdout, text, Ws};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// `runner listen --port 0` in `ws`, and the port it printed.
struct Listener {
    child: Child,
    port: u16,
    out: BufReader<std::process::ChildStdout>,
}

impl Listener {
    fn start(ws: &Ws, extra: &[&str]) -> Listener {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("runner"))
            .arg("--root")
            .arg(ws.dir.path())
            .args(["listen", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Listener { child, port, out }
    }

    /// POSTs `body` to / and returns (status code, body).
    fn post(&self, body: &[u8]) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "POST / HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.port,
            body.len()
        )
        .unwrap();
        s.write_all(body).unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).unwrap();
        let code = reply
            .split_ascii_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let body = reply
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        (code, body)
    }

    /// Waits for the listener to end (30 s at most); its exit code, stdout and stderr.
    fn finish(mut self) -> (Option<i32>, String, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let _ = self.child.kill();
                panic!("the listener did not stop");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut out = String::new();
        self.out.read_to_string(&mut out).unwrap();
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        (status.code(), out, err)
    }
}

/// Every file under `dir`, relative, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<(PathBuf, Vec<u8>)> = walk(dir)
        .into_iter()
        .map(|p| {
            (
                p.strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files.extend(walk(&p));
        } else {
            files.push(p);
        }
    }
    files
}

#[test]
fn a_companion_payload_becomes_a_problem_whose_samples_pass_with_a_right_solution() {
    let ws = Ws::empty();
    let l = Listener::start(&ws, &["--once"]);
    let (code, body) = l.post(&std::fs::read(data("companion/hdu1848.json")).unwrap());
    assert_eq!(code, 200, "{body}");
    let (status, out, err) = l.finish();
    assert_eq!(status, Some(0), "{out}\n{err}");
    assert!(out.contains("created problem `hdu1848`"), "{out}");

    let toml = std::fs::read_to_string(ws.path("problems/hdu1848/problem.toml")).unwrap();
    for line in [
        "title = \"Fibonacci again and again\"",
        "judge = \"HDU\"",
        "id = \"1848\"",
        "url = \"https://acm.hdu.edu.cn/showproblem.php?pid=1848\"",
        // The page's Java limits (2000 ms, 65536 K) halved, as judges.toml says of HDU.
        "time_limit_ms = 1000",
        "memory_limit_kib = 32768",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    let fixture = std::fs::read_to_string(ws.path("fixtures/hdu1848.toml")).unwrap();
    assert!(fixture.contains("source = \"sample\""), "{fixture}");
    assert!(
        fixture.contains("input = \"1 1 1\\n1 4 1\\n0 0 0\\n\""),
        "{fixture}"
    );
    let readme = std::fs::read_to_string(ws.path("problems/hdu1848/README.md")).unwrap();
    assert!(readme.contains("https://acm.hdu.edu.cn/showproblem.php?pid=1848"));
    assert!(ws.path("solutions/src/bin/hdu1848.rs").is_file());

    // The scaffold's solution prints nothing: WA. The repository's own solution passes.
    assert_code(&ws.runner(&["hdu1848"]), 1);
    std::fs::copy(
        repo_root().join("solutions/src/bin/hdu1848-fibonacci-again.rs"),
        ws.path("solutions/src/bin/hdu1848.rs"),
    )
    .unwrap();
    let out = ws.runner(&["hdu1848"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "1 passed, 0 failed", "{}", text(&out));
}

#[test]
fn a_batch_makes_one_problem_each_and_once_waits_for_the_whole_batch() {
    let ws = Ws::empty();
    let l = Listener::start(&ws, &["--once"]);
    let (code, body) = l.post(&std::fs::read(data("companion/poj-contest-1.json")).unwrap());
    assert_eq!(code, 200, "{body}");
    assert!(l.child.id() > 0);
    let (code, body) = l.post(&std::fs::read(data("companion/poj-contest-2.json")).unwrap());
    assert_eq!(code, 200, "{body}");
    let (status, out, err) = l.finish();
    assert_eq!(status, Some(0), "{out}\n{err}");
    for (slug, title) in [("poj1067", "取石子游戏"), ("poj1704", "Georgia and Bob")] {
        let toml =
            std::fs::read_to_string(ws.path(&format!("problems/{slug}/problem.toml"))).unwrap();
        assert!(toml.contains(&format!("title = \"{title}\"")), "{toml}");
        assert!(toml.contains("judge = \"POJ\""), "{toml}");
        // "Memory Limit: 10000K", sent as 10 (MB).
        assert!(toml.contains("memory_limit_kib = 10000"), "{toml}");
        assert!(toml.contains("time_limit_ms = 1000"), "{toml}");
    }
    let out = ws.runner(&["list"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("poj1067"), "{}", text(&out));
}

#[test]
fn an_unusable_payload_or_an_existing_problem_changes_nothing_and_sigterm_stops_the_listener() {
    let ws = Ws::empty();
    ws.write(
        "problems/hdu1848/problem.toml",
        "title = \"mine\"\njudge = \"local\"\ntime_limit_ms = 1\n",
    );
    let before = snapshot(ws.dir.path());
    let l = Listener::start(&ws, &[]);
    let (code, body) = l.post(b"{\"name\": \"half a payload\"");
    assert_eq!(code, 400, "{body}");
    assert!(
        body.contains("not a Competitive Companion payload"),
        "{body}"
    );
    let no_tests = br#"{"name":"x","group":"g","url":"https://example.com/x","memoryLimit":256,"timeLimit":1000,"tests":[]}"#;
    let (code, body) = l.post(no_tests);
    assert_eq!(code, 400, "{body}");
    assert!(body.contains("no sample test"), "{body}");
    let (code, body) = l.post(&std::fs::read(data("companion/hdu1848.json")).unwrap());
    assert_eq!(code, 409, "{body}");
    assert!(body.contains("exists already"), "{body}");
    // A GET says what the listener is.
    let mut s = TcpStream::connect(("127.0.0.1", l.port)).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");

    // SAFETY: a plain kill(2) of the child this test started.
    unsafe {
        libc::kill(l.child.id() as i32, libc::SIGTERM);
    }
    let (status, _out, err) = l.finish();
    assert_eq!(status, Some(130), "{err}");
    for line in ["400", "409", "exists already"] {
        assert!(err.contains(line), "{line} not in stderr:\n{err}");
    }
    assert_eq!(snapshot(ws.dir.path()), before, "the workspace changed");
}

#[test]
fn listen_refuses_a_busy_port() {
    let ws = Ws::empty();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = ws.runner(&["listen", "--port", &port]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("cannot listen on 127.0.0.1:"),
        "{}",
        text(&out)
    );
}
