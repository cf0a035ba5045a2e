//! Problems from elsewhere: `runner listen` (Competitive Companion), `runner import` (Kattis and
//! Polygon packages) and `runner export --kattis`, each into or out of a temporary workspace.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::listener::Listener;
use crate::common::{
    assert_code, full_tests, have, last_line, repo_root, stderr, stdout, swept_problems, text, Ws,
};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
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
    let parsed: toml::Table = toml::from_str(&fixture).unwrap();
    assert_eq!(
        parsed["case"][0]["source"].as_str(),
        Some("sample"),
        "{fixture}"
    );
    assert_eq!(
        parsed["case"][0]["input"].as_str(),
        Some("1 1 1\n1 4 1\n0 0 0\n"),
        "{fixture}"
    );
    let readme = std::fs::read_to_string(ws.path("problems/hdu1848/README.md")).unwrap();
    assert!(readme.contains("https://acm.hdu.edu.cn/showproblem.php?pid=1848"));
    // HDU takes no Rust: the solution to start from is C++, and no Rust file is written.
    assert!(ws.path("solutions/cpp/hdu1848.cpp").is_file());
    assert!(!ws.path("solutions/src").exists());
    assert!(
        out.contains("note: HDU takes no Rust: the solution to start from is C++"),
        "{out}"
    );

    // The scaffold's solution, unchanged, is not judged: the problem is not written yet. The
    // repository's own C++ port passes.
    let out = ws.runner(&["hdu1848"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("not written yet"), "{}", text(&out));
    std::fs::copy(
        repo_root().join("solutions/cpp/hdu1848-fibonacci-again.cpp"),
        ws.path("solutions/cpp/hdu1848.cpp"),
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
    s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
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

/// A payload of a problem of no judge of judges.toml, with these values spliced in.
fn local_payload(name: &str, group: &str, time: &str, memory: &str) -> Vec<u8> {
    serde_json::json!({
        "name": name, "group": group, "url": "https://example.com/p/1",
        "interactive": false, "testType": "single",
        "tests": [{"input": "1 2\n", "output": "3\n"}],
        "input": {"type": "stdin"}, "output": {"type": "stdout"},
        "batch": {"id": "b", "size": 1},
        "timeLimit": time.parse::<f64>().unwrap(),
        "memoryLimit": memory.parse::<f64>().unwrap(),
    })
    .to_string()
    .into_bytes()
}

#[test]
fn listen_refuses_web_pages_other_types_and_absurd_limits_and_writes_nothing() {
    let ws = Ws::empty();
    let before = snapshot(ws.dir.path());
    let l = Listener::start(&ws, &[]);
    let hdu = std::fs::read(data("companion/hdu1848.json")).unwrap();
    let json = "Content-Type: application/json\r\n";
    // A web page's POST, as `fetch(…, {mode: "no-cors"})` sends it, JSON or not.
    for (headers, code, says) in [
        (
            format!("Origin: https://evil.example\r\n{json}"),
            403,
            "https://evil.example",
        ),
        (
            "Origin: null\r\nContent-Type: text/plain\r\n".into(),
            403,
            "web page \"null\"",
        ),
        (
            "Content-Type: text/plain;charset=UTF-8\r\n".into(),
            415,
            "text/plain",
        ),
        ("".into(), 415, "(none)"),
        (
            "Content-Type: application/x-www-form-urlencoded\r\n".into(),
            415,
            "urlencoded",
        ),
    ] {
        let (got, head, body) = l.send("POST", &headers, &hdu);
        assert_eq!(got, code, "{headers}: {body}");
        assert!(body.contains(says), "{headers}: {body}");
        assert!(
            !head.to_ascii_lowercase().contains("access-control"),
            "{head}"
        );
    }
    // A page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding).
    for host in ["evil.example:27121", "127.0.0.1.evil.example"] {
        let (got, head, body) = l.send_to(host, "POST", json, &hdu);
        assert_eq!(got, 403, "{host}: {body}");
        assert!(body.contains("only localhost is served here"), "{body}");
        assert!(
            !head.to_ascii_lowercase().contains("access-control"),
            "{head}"
        );
    }
    // A preflight from a page gets no CORS answer.
    let (got, head, _) = l.send("OPTIONS", "Origin: https://evil.example\r\n", b"");
    assert_eq!(got, 403);
    assert!(
        !head.to_ascii_lowercase().contains("access-control"),
        "{head}"
    );
    // Numbers out of range: 400 naming the field.
    for (time, memory, field) in [
        ("1000", "1e300", "`memoryLimit` 1e300 is out of range"),
        ("-5", "256", "`timeLimit` -5 is out of range"),
        ("1e300", "256", "`timeLimit` 1e300 is out of range"),
        ("1000", "0.5", "`memoryLimit` 0.5 is out of range"),
        ("3600001", "256", "`timeLimit` 3600001 is out of range"),
        ("1000", "1048577", "`memoryLimit` 1048577 is out of range"),
    ] {
        let (got, body) = l.post(&local_payload("N", "G", time, memory));
        assert_eq!(got, 400, "{time} {memory}: {body}");
        assert!(body.contains(field), "{body}");
        assert!(body.contains("nothing was written"), "{body}");
    }
    // SAFETY: a plain kill(2) of the child this test started.
    unsafe {
        libc::kill(l.child.id() as i32, libc::SIGTERM);
    }
    let (_, out, err) = l.finish();
    assert!(
        err.contains("listen: 403 refused a request from the web page \"https://evil.example\""),
        "{err}"
    );
    assert!(
        err.contains("listen: 415 refused a POST of Content-Type \"text/plain"),
        "{err}"
    );
    assert!(!out.contains("created problem"), "{out}");
    assert_eq!(snapshot(ws.dir.path()), before, "the workspace changed");
}

#[test]
fn the_extension_s_request_with_its_origin_creates_the_problem() {
    let ws = Ws::empty();
    let l = Listener::start(&ws, &[]);
    let hdu = std::fs::read(data("companion/hdu1848.json")).unwrap();
    // As Chrome sends it from the extension's background page.
    let chrome = "Origin: chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl\r\n\
                  Content-Type: application/json\r\nSec-Fetch-Site: none\r\n";
    let (code, head, body) = l.send("POST", chrome, &hdu);
    assert_eq!(code, 200, "{body}");
    assert!(
        !head.to_ascii_lowercase().contains("access-control"),
        "{head}"
    );
    let poj = std::fs::read(data("companion/poj-contest-1.json")).unwrap();
    let firefox = "Origin: moz-extension://0b9a2f1c-0000-4000-8000-000000000000\r\n\
                   Content-Type: application/json; charset=utf-8\r\n";
    let host = format!("127.0.0.1:{}", l.port);
    let (code, _, body) = l.send_to(&host, "POST", firefox, &poj);
    assert_eq!(code, 200, "{body}");
    drop(l);
    assert!(ws.path("problems/hdu1848/problem.toml").is_file());
    assert!(ws.path("problems/poj1067/problem.toml").is_file());
}

#[test]
fn newlines_in_a_payload_stay_data_in_the_files_it_makes() {
    let ws = Ws::empty();
    let l = Listener::start(&ws, &["--once"]);
    let name = "Evil\"\ntime_limit_ms = 1\n[profile]\nx = 1";
    let group = "G\njudge = \"HDU\"\r\nmemory_limit_kib = 1\n# ";
    let (code, body) = l.post(&local_payload(name, group, "1000", "256"));
    assert_eq!(code, 200, "{body}");
    let (status, out, err) = l.finish();
    assert_eq!(status, Some(0), "{out}\n{err}");
    let slug = "evil-time-limit-ms-1-profile-x-1";
    let written =
        std::fs::read_to_string(ws.path(&format!("problems/{slug}/problem.toml"))).unwrap();
    let toml: toml::Table = toml::from_str(&written).unwrap();
    let mut keys: Vec<&str> = toml.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        ["judge", "memory_limit_kib", "time_limit_ms", "title", "url"],
        "{written}"
    );
    assert_eq!(toml["title"].as_str(), Some(name), "{written}");
    assert_eq!(toml["judge"].as_str(), Some("local"), "{written}");
    assert_eq!(toml["time_limit_ms"].as_integer(), Some(1000), "{written}");
    assert_eq!(
        toml["memory_limit_kib"].as_integer(),
        Some(262144),
        "{written}"
    );
    let fixture = std::fs::read_to_string(ws.path(&format!("fixtures/{slug}.toml"))).unwrap();
    let fixture: toml::Table = toml::from_str(&fixture).unwrap();
    assert_eq!(fixture["case"].as_array().map(Vec::len), Some(1));
    // The workspace still runs: the problem is listed with its limits.
    let out = ws.runner(&["list"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains(slug), "{}", text(&out));
}

#[test]
fn a_client_that_never_finishes_its_request_delays_no_other() {
    let ws = Ws::empty();
    let l = Listener::start(&ws, &[]);
    // One stops in its headers, one in its body; neither sends more.
    let mut slow_head = TcpStream::connect(("127.0.0.1", l.port)).unwrap();
    slow_head
        .write_all(b"POST / HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    let mut slow_body = TcpStream::connect(("127.0.0.1", l.port)).unwrap();
    slow_body
        .write_all(
            b"POST / HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    let (code, body) = l.post(&std::fs::read(data("companion/hdu1848.json")).unwrap());
    let took = start.elapsed();
    assert_eq!(code, 200, "{body}");
    // Served at once (the listener polls every 20 ms): the slow ones hold nothing up. Before,
    // one connection was served at a time and this waited for the slow ones' timeouts.
    assert!(took < Duration::from_secs(2), "the POST took {took:?}");
    // The slow ones are answered 408 once their time is up (5 s), and closed.
    for mut s in [slow_head, slow_body] {
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    }
}

#[test]
fn listen_writes_no_solution_through_a_folder_that_links_out_of_the_workspace() {
    let ws = Ws::empty();
    let outside = tempfile::tempdir().unwrap();
    // HDU takes no Rust: the solution to start from is C++, in solutions/cpp/.
    std::fs::create_dir_all(ws.path("solutions")).unwrap();
    std::os::unix::fs::symlink(outside.path(), ws.path("solutions/cpp")).unwrap();
    let l = Listener::start(&ws, &["--once"]);
    let (code, body) = l.post(&std::fs::read(data("companion/hdu1848.json")).unwrap());
    let (_, out, err) = l.finish();
    let all = format!("{code} {body}\n{out}\n{err}");
    assert!(all.contains("symbolic link"), "{all}");
    let left: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
    assert!(left.is_empty(), "written out of the workspace: {left:?}");
    // All or nothing: no half problem is left in the workspace either.
    assert!(!ws.path("problems/hdu1848").exists(), "{all}");
    assert!(!ws.path("fixtures/hdu1848.toml").exists(), "{all}");
    // Control: with the folder a real one, the same payload writes the solution there.
    std::fs::remove_file(ws.path("solutions/cpp")).unwrap();
    let l = Listener::start(&ws, &["--once"]);
    let (code, body) = l.post(&std::fs::read(data("companion/hdu1848.json")).unwrap());
    assert_eq!(code, 200, "{body}");
    let _ = l.finish();
    assert!(ws.path("solutions/cpp/hdu1848.cpp").is_file());
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

// ---------------------------------------------------------------- Kattis / ICPC packages

/// Writes `files` (path, text) under a new temporary folder `name/`.
fn package(name: &str, files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join(name);
    for (rel, text) in files {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    (tmp, root)
}

const DIFF_C: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { long long a, b; while (scanf(\"%lld%lld\", &a, &b) == 2) printf(\"%lld\\n\", llabs(a - b)); return 0; }\n";
const DIFF_PY: &str = "#!/usr/bin/env python3\nimport sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    print(abs(a - b))\n";
const DIFF_INT: &str = "#include <stdio.h>\nint main(void) { int a, b; while (scanf(\"%d%d\", &a, &b) == 2) printf(\"%d\\n\", a > b ? a - b : b - a); return 0; }\n";
const DIFF_SLOW: &str = "#include <stdio.h>\nint main(void) { long long a, b; while (scanf(\"%lld%lld\", &a, &b) == 2) { long long x = 0; while (x != a - b && x != b - a) x++; printf(\"%lld\\n\", x); } return 0; }\n";
const DIFF_CRASH: &str = "#include <stdlib.h>\nint main(void) { abort(); }\n";
/// Touches 512 MiB, twice the package's limit, as problemtools' `hello` memory_limit.cc: Kattis
/// calls it a run-time error, the runner MLE.
/// Touches a page at a time: it is over 256 MiB in a few page faults' time, well within the time
/// limit (a byte at a time it took ~0.3 s of the 0.5 s limit and got TLE under load).
const DIFF_HOG: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  size_t n = (size_t)512 << 20;\n  char *p = malloc(n);\n  if (!p) abort();\n  for (size_t i = 0; i < n; i += 4096) p[i] = (char)i;\n  printf(\"%d\\n\", p[n - 4096]);\n  return 0;\n}\n";
/// A Kattis input validator: exit 42 valid, 43 invalid.
const DIFF_VALIDATOR: &str = "#!/usr/bin/env python3\nimport re, sys\nn = 0\nfor line in sys.stdin:\n    if not re.fullmatch(r'(0|[1-9][0-9]*) (0|[1-9][0-9]*)\\n', line):\n        print('not two integers: %r' % line, file=sys.stderr)\n        sys.exit(43)\n    n += 1\nsys.exit(42 if 1 <= n <= 40 else 43)\n";
/// A Kattis output validator (`validate input answer feedback_dir < output`), with a header of
/// its own, as problemtools' examples have.
const DIFF_CHECKER: &str = "#include \"validate.h\"\n#include <stdio.h>\nint main(int argc, char **argv) {\n  FILE *ans = fopen(argv[2], \"r\");\n  long long want, got;\n  while (fscanf(ans, \"%lld\", &want) == 1) {\n    if (scanf(\"%lld\", &got) != 1) reject(argv[3], \"too few numbers\");\n    if (got != want) reject(argv[3], \"wrong difference\");\n  }\n  if (scanf(\"%lld\", &got) == 1) reject(argv[3], \"trailing output\");\n  return 42;\n}\n";
const DIFF_CHECKER_H: &str = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nstatic void reject(const char *dir, const char *why) {\n  char path[4096];\n  snprintf(path, sizeof path, \"%s/judgemessage.txt\", dir);\n  FILE *f = fopen(path, \"w\");\n  if (f) { fputs(why, f); fclose(f); }\n  exit(43);\n}\n";

/// The legacy package `different`, made here after problemtools' example of that name: a custom
/// output validator with its header, a Python input validator, a nested group reached through a
/// symlink, submissions of every category (one the runner does not build).
fn different_legacy() -> (tempfile::TempDir, PathBuf) {
    let big: String = (0..40)
        .map(|i| format!("{} {}\n", i * 1000, 7 * i))
        .collect();
    let big_ans: String = (0..40).map(|i| format!("{}\n", i * 1000 - 7 * i)).collect();
    let (tmp, root) = package(
        "different",
        &[
            ("problem.yaml", "name: A Different Problem\nsource: made for the runner's tests\nlicense: cc by-sa\nvalidation: custom\nlimits:\n  memory: 256\n"),
            // Half a second: the looping submission burns it (twice: import and run).
            (".timelimit", "0.5\n"),
            ("problem_statement/problem.en.tex", "\\problemname{A Different Problem}\nPrint |a - b|.\n"),
            ("data/sample/1.in", "10 12\n71293781758123 72784\n"),
            ("data/sample/1.ans", "2\n71293781685339\n"),
            ("data/secret/01.in", "1000000000000000 0\n0 0\n"),
            ("data/secret/01.ans", "1000000000000000\n0\n"),
            ("data/secret/01.desc", "the extremes"),
            ("data/secret/group1/big.in", &big),
            ("data/secret/group1/big.ans", &big_ans),
            ("data/invalid_input/negative.in", "-1 2\n"),
            ("input_validators/validate.py", DIFF_VALIDATOR),
            ("input_validators/different.ctd", "INT(0, 10^15) SPACE INT(0, 10^15) NEWLINE\n"),
            ("output_validators/different_validator/validate.c", DIFF_CHECKER),
            ("output_validators/different_validator/validate.h", DIFF_CHECKER_H),
            ("submissions/accepted/different.c", DIFF_C),
            ("submissions/accepted/different_py3.py", DIFF_PY),
            ("submissions/accepted/Different.hs", "main = interact id\n"),
            ("submissions/wrong_answer/different_int.c", DIFF_INT),
            ("submissions/time_limit_exceeded/linear_search.c", DIFF_SLOW),
            ("submissions/run_time_error/crash.c", DIFF_CRASH),
            ("submissions/run_time_error/memory_hog.c", DIFF_HOG),
        ],
    );
    // A case reused by a second group through a symlink, as oddecho does.
    std::os::unix::fs::symlink("../01.in", root.join("data/secret/group1/reused.in")).unwrap();
    std::os::unix::fs::symlink("../01.ans", root.join("data/secret/group1/reused.ans")).unwrap();
    (tmp, root)
}

#[test]
fn a_legacy_kattis_package_judges_every_submission_into_its_category() {
    let ws = Ws::empty();
    let (_tmp, root) = different_legacy();
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "imported `different` as problem `different`: 4 cases, 2 solutions, 4 wrong solutions"
        ),
        "{said}"
    );
    // Kattis' run_time_error takes in a memory limit exceeded: the import judges it, and it
    // expects its class as its first rejection.
    assert!(
        said.contains(
            "wrong/memory_hog.c: expects its class (MLE or RE) as its first rejection; it got MLE first here"
        ),
        "{said}"
    );
    for note in [
        "input_validators/different.ctd: another input validator; the runner runs one",
        "Different.hs: left out (not in a language the runner builds",
    ] {
        assert!(said.contains(note), "{note} not in\n{said}");
    }
    let toml = std::fs::read_to_string(ws.path("problems/different/problem.toml")).unwrap();
    for line in [
        "title = \"A Different Problem\"",
        "judge = \"local\"",
        "time_limit_ms = 500",
        "memory_limit_kib = 262144",
        "compare = \"checker\"",
        "checker_convention = \"kattis\"",
        "validator_convention = \"kattis\"",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    let fixture = std::fs::read_to_string(ws.path("fixtures/different.toml")).unwrap();
    for name in [
        "sample.1",
        "secret.01",
        "secret.group1.big",
        "secret.group1.reused",
    ] {
        assert!(
            fixture.contains(&format!("name = \"{name}\"")),
            "{name} not in\n{fixture}"
        );
    }
    assert!(
        fixture.contains("data/secret/01.in: the extremes"),
        "{fixture}"
    );
    assert!(ws.path("problems/different/checker.c").is_file());
    assert!(ws.path("problems/different/validate.h").is_file());
    assert!(ws.path("problems/different/validate.py").is_file());
    assert!(ws.path("problems/different/invalid/negative.in").is_file());
    assert!(ws
        .path("solutions/different/different_py3/different.pypy")
        .is_file());
    let wrong = std::fs::read_to_string(ws.path("problems/different/wrong/wrong.toml")).unwrap();
    // Each expects its Kattis class (AC before its first rejection).
    for (file, expect) in [
        (
            "different_int.c",
            "expect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]",
        ),
        (
            "linear_search.c",
            "expect = [\"TLE\", \"OLE\", \"ILE\"]\nallow = [\"AC\", \"TLE\", \"OLE\", \"ILE\"]",
        ),
        (
            "crash.c",
            "expect = [\"MLE\", \"RE\"]\nallow = [\"AC\", \"MLE\", \"RE\"]",
        ),
        (
            "memory_hog.c",
            "expect = [\"MLE\", \"RE\"]\nallow = [\"AC\", \"MLE\", \"RE\"]",
        ),
    ] {
        assert!(
            wrong.contains(&format!("file = \"{file}\"\n{expect}")),
            "{file} {expect} not in\n{wrong}"
        );
    }

    // Accepted submissions pass (through the Kattis output validator), the others get WA, TLE, RE.
    let out = ws.runner(&["different"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 4/4 got their verdict"),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "12 passed, 0 failed", "{}", text(&out));

    // The Kattis input validator (exit 42) answers as the runner's (exit 0).
    ws.write("bad.in", "1 -2\n");
    let out = ws.runner(&["run", "different", ws.path("bad.in").to_str().unwrap()]);
    assert!(
        stderr(&out).contains("the validator rejects this input"),
        "{}",
        text(&out)
    );
    assert!(stderr(&out).contains("not two integers"), "{}", text(&out));
    ws.write("good.in", "1 2\n");
    let out = ws.runner(&["run", "different", ws.path("good.in").to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(!stderr(&out).contains("validator"), "{}", text(&out));

    // Importing it again changes nothing.
    let before = snapshot(ws.dir.path());
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("exists already"), "{}", text(&out));
    let mut after = snapshot(ws.dir.path());
    after.retain(|(p, _)| !p.starts_with("target"));
    let mut before = before;
    before.retain(|(p, _)| !p.starts_with("target"));
    assert_eq!(after, before);
}

/// A 2025-09 package, made here after BAPCtools' test problems: `limits.time_limit`, default
/// validation with a float tolerance in test_group.yaml, a `.yaml` description.
fn half_2025() -> (tempfile::TempDir, PathBuf) {
    package(
        "half",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\ntype: pass-fail\nname:\n  en: Half\n  de: Hälfte\nuuid: 5c3c8d1e-6d5a-4bb4-9bd5-0f6a8e7b2a11\nlicense: cc0\nlimits:\n  time_limit: 0.75\n  memory: 512\n"),
            ("statement/problem.en.md", "# Half\n\nPrint n / 2.\n"),
            ("data/test_group.yaml", "output_validator_args: [float_tolerance, \"1E-6\"]\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "1.5\n"),
            ("data/secret/1.in", "1\n"),
            ("data/secret/1.ans", "0.5\n"),
            ("data/secret/1.yaml", "description: \"the smallest\"\n"),
            ("submissions/accepted/half.py", "print(int(input()) / 2)\n"),
            ("submissions/accepted/half.c", "#include <stdio.h>\nint main(void) { double n; scanf(\"%lf\", &n); printf(\"%.9f\\n\", n / 2); return 0; }\n"),
            ("submissions/wrong_answer/floor.py", "print(int(input()) // 2)\n"),
            ("submissions/brute_force/slow.py", "while True:\n    pass\n"),
            // The format's extensions: .py3 is Python 3, .py2 Python 2.
            ("submissions/accepted/half2.py3", "print(int(input()) / 2)\n"),
            ("submissions/accepted/old.py2", "print int(input()) / 2.0\n"),
            // In accepted/, but submissions.yaml says it is wrong (as BAPCtools'
            // bttestexpectations does).
            ("submissions/accepted/wa.py3", "print(int(input()) // 2)\n"),
            ("submissions/rejected/crash.py", "raise SystemExit(3)\n"),
            ("submissions/submissions.yaml", "accepted/wa.py3:\n  permitted: [AC, WA]\n  required: [WA]\n"),
        ],
    )
}

#[test]
fn a_2025_09_package_and_a_zip_of_one_come_in_with_their_limits_and_tolerance() {
    let ws = Ws::empty();
    let (tmp, root) = half_2025();
    // Zipped, with the package in a folder of its own.
    let zip_path = tmp.path().join("half.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    for f in walk(&root) {
        let rel = f
            .strip_prefix(tmp.path())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        zip.start_file(rel, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(&std::fs::read(&f).unwrap()).unwrap();
    }
    zip.finish().unwrap();
    let out = ws.runner(&["import", zip_path.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains("imported `half` as problem `half`: 2 cases, 3 solutions, 4 wrong solutions"),
        "{said}"
    );
    assert!(
        said.contains("submissions/accepted/old.py2: left out (Python 2: the runner runs python3)"),
        "{said}"
    );
    // Under PyPy, as Kattis and problemtools run every Python 3 submission.
    assert!(ws.path("solutions/half/half2/half.pypy").is_file());
    // Each wrong solution with what the folder's defaults or submissions.yaml require; the
    // wrong_answer one settled to the verdict of its class it gets first.
    let wrong = std::fs::read_to_string(ws.path("problems/half/wrong/wrong.toml")).unwrap();
    for entry in [
        "file = \"floor.pypy\"\nexpect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]\n",
        // brute_force: TLE's class (a flood of output, OLE, included) or RTE's.
        "file = \"slow.pypy\"\nexpect = [\"TLE\", \"MLE\", \"OLE\", \"ILE\", \"RE\"]\nallow = [\"AC\", \"TLE\", \"MLE\", \"OLE\", \"ILE\", \"RE\"]\n",
        "file = \"wa.pypy\"\nexpect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]\nwhy = \"Kattis submissions/accepted/wa.py3; submissions.yaml\"",
        "file = \"crash.pypy\"\nexpect = \"not AC\"\n",
    ] {
        assert!(wrong.contains(entry), "{entry}\nnot in\n{wrong}");
    }
    let toml = std::fs::read_to_string(ws.path("problems/half/problem.toml")).unwrap();
    for line in [
        "title = \"Half\"",
        "time_limit_ms = 750",
        "memory_limit_kib = 524288",
        "output_limit_kib = 8192",
        "compare = { kattis = \"float_absolute_tolerance 1e-6 float_relative_tolerance 1e-6\" }",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    assert!(ws.path("problems/half/statement/problem.en.md").is_file());
    let out = ws.runner(&["half"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "10 passed, 0 failed", "{}", text(&out));
}

/// A package shaped as BAPCtools' `divsort` (GPL: not shipped; made here): an exact group and a
/// nested `secret/tolerant` group whose testdata.yaml gives the default validator a float
/// tolerance, and a group below it whose test_group.yaml (2025-09) takes the key back; input
/// validator flags per group, as problemtools' `oddecho` has.
fn divide_nested() -> (tempfile::TempDir, PathBuf) {
    package(
        "divide",
        &[
            ("problem.yaml", "problem_format_version: 2023-07-draft\nname: Divide\nlimits:\n  time_limit: 1\n"),
            ("data/sample/1.in", "6 3\n"),
            ("data/sample/1.ans", "2\n"),
            ("data/secret/exact/1.in", "8 2\n"),
            ("data/secret/exact/1.ans", "4\n"),
            ("data/secret/tolerant/testdata.yaml", "output_validator_flags: float_tolerance 0.01\ninput_validator_flags: fractional=1\n"),
            ("data/secret/tolerant/1.in", "10 3\n"),
            ("data/secret/tolerant/1.ans", "3.33\n"),
            ("data/secret/tolerant/strict/test_group.yaml", "output_validator_args: []\n"),
            ("data/secret/tolerant/strict/1.in", "9 3\n"),
            ("data/secret/tolerant/strict/1.ans", "3\n"),
            ("input_validators/validate.py", "#!/usr/bin/env python3\nimport sys\na, b = map(int, sys.stdin.read().split())\nsys.exit(42 if b > 0 else 43)\n"),
            ("submissions/accepted/th.py", "a, b = map(int, input().split())\nprint(a // b if a % b == 0 else a / b)\n"),
            ("submissions/wrong_answer/rounded.py", "a, b = map(int, input().split())\nprint(a // b if a % b == 0 else round(a / b))\n"),
            // As BAPCtools' bthello's test-fill-stdout.cc: a flood of output, filed under
            // time_limit_exceeded (Kattis lets it write on until the time limit).
            ("submissions/time_limit_exceeded/fill.py", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n"),
        ],
    )
}

#[test]
fn test_group_flags_apply_at_every_depth_of_data() {
    let (_tmp, pkg) = divide_nested();
    let ws = Ws::empty();
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    // The tolerant group's cases compare floats with its tolerance; the group below it takes the
    // key back (an empty list: no flags), the others keep the problem's tokens.
    let fixture = std::fs::read_to_string(ws.path("fixtures/divide.toml")).unwrap();
    let case = |name: &str| -> String {
        let at = fixture.find(&format!("name = \"{name}\"")).unwrap();
        fixture[at..].split("[[case]]").next().unwrap().to_string()
    };
    assert!(
        case("secret.tolerant.1").contains(
            "compare = { kattis = \"float_absolute_tolerance 1e-2 float_relative_tolerance 1e-2\" }"
        ),
        "{fixture}"
    );
    for name in ["sample.1", "secret.exact.1", "secret.tolerant.strict.1"] {
        assert!(!case(name).contains("compare"), "{name}: {fixture}");
    }
    let toml = std::fs::read_to_string(ws.path("problems/divide/problem.toml")).unwrap();
    // Kattis' default: case-insensitive, the whitespace free.
    assert!(toml.contains("compare = { kattis = \"\" }"), "{toml}");
    assert!(
        said.contains(
            "note: data/secret/tolerant: the input validator's flags `fractional=1` for this \
             group are not passed to it"
        ),
        "{said}"
    );
    // The flood is stopped at the output limit: OLE, a verdict of its class.
    assert!(
        said.contains(
            "wrong/fill.pypy: expects its class (TLE, OLE or ILE) as its first rejection; it got OLE first here"
        ),
        "{said}"
    );
    // The accepted submission prints 3.3333333333333335 where the answer is 3.33: accepted
    // with the group's tolerance; the one that prints 3 is not.
    let out = ws.runner(&["divide"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 2/2 got their verdict"),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "6 passed, 0 failed", "{}", text(&out));
}

/// problemtools' example packages (MIT, runner/tests/data/problemtools/LICENSE), as they are.
fn problemtools_example(name: &str) -> PathBuf {
    data(&format!("problemtools/{name}"))
}

#[test]
fn problemtools_example_packages_import_and_judge_every_submission_into_its_category() {
    // By default the cheapest (oddecho: C++ and Python, about 2 CPU-seconds); in CI also
    // `different` (C and C++ in every category), `hello` (Java, a 512 MiB hog) and the
    // interactive `guess` (ten wrong submissions).
    let mut examples = vec![(
        "oddecho",
        "imported `oddecho` as problem `oddecho`: 18 cases, 2 solutions, 0 wrong solutions",
        "36 passed, 0 failed",
    )];
    // hello's Kotlin solution is judged where JetBrains' compiler is installed (CI installs it,
    // and RUNNER_NEEDS_LANGUAGES makes its absence a failure); elsewhere it does not build: the
    // example is then not judged whole.
    if full_tests() && have(&["kotlinc"]) {
        examples.push((
            "hello",
            "imported `hello` as problem `hello`: 1 case, 6 solutions, 2 wrong solutions",
            "8 passed, 0 failed",
        ));
    }
    if full_tests() {
        examples.extend([
            ("different", "imported `different` as problem `different`: 3 cases, 6 solutions, 3 wrong solutions", "21 passed, 0 failed"),
            ("guess", "imported `guess` as problem `guess`: 10 cases, 2 solutions, 10 wrong solutions", "30 passed, 0 failed"),
        ]);
    }
    for (name, imported, passed) in examples {
        let ws = Ws::empty();
        let out = ws.runner(&["import", problemtools_example(name).to_str().unwrap()]);
        assert_code(&out, 0);
        let said = stdout(&out);
        assert!(said.contains(imported), "{name}: {said}");
        if name == "oddecho" {
            // Its groups' input validator flags, each said where it is.
            for (group, flags) in [
                ("data/sample", "nFive=0"),
                ("data/secret/subtask1", "nFive=1"),
            ] {
                let note = format!(
                    "note: {group}: the input validator's flags `{flags}` for this group are not \
                     passed to it"
                );
                assert!(said.contains(&note), "{note}\nnot in\n{said}");
            }
        }
        let out = ws.runner(&[name]);
        assert_code(&out, 0);
        assert_eq!(last_line(&out), passed, "{name}: {}", text(&out));
    }
}

#[test]
fn a_package_without_a_time_limit_has_it_measured_as_problemtools_does() {
    let ws = Ws::empty();
    let (_tmp, root) = different_legacy();
    std::fs::remove_file(root.join(".timelimit")).unwrap();
    // Only the accepted submissions are measured: the others (a second of looping, 512 MiB
    // touched) are the legacy test's.
    for class in ["wrong_answer", "time_limit_exceeded", "run_time_error"] {
        std::fs::remove_dir_all(root.join("submissions").join(class)).unwrap();
    }
    let out = ws.runner(&["import", root.to_str().unwrap(), "--slug", "diff"]);
    assert_code(&out, 0);
    // Every accepted run takes a few ms: × 5, rounded up to a whole second.
    assert!(
        stdout(&out).contains("time limit: 1000 ms: the slowest accepted run took"),
        "{}",
        text(&out)
    );
    let toml = std::fs::read_to_string(ws.path("problems/diff/problem.toml")).unwrap();
    assert!(
        toml.contains("time_limit_ms = 1000   # slowest accepted run"),
        "{toml}"
    );
}

/// A Kattis output validator of an interactive problem (`validator INPUT ANSWER FEEDBACK_DIR`,
/// talking to the submission): the secret number is the input; ten guesses at most.
const GUESS_VALIDATOR: &str = "#include <stdio.h>\n#include <stdlib.h>\nstatic void say(const char *dir, const char *why, int code) {\n  char p[4096]; snprintf(p, sizeof p, \"%s/judgemessage.txt\", dir);\n  FILE *f = fopen(p, \"w\"); if (f) { fputs(why, f); fclose(f); }\n  exit(code);\n}\nint main(int argc, char **argv) {\n  FILE *in = fopen(argv[1], \"r\"); int secret;\n  if (!in || fscanf(in, \"%d\", &secret) != 1) say(argv[3], \"no secret\", 1);\n  for (int i = 0; i < 10; i++) {\n    int g; if (scanf(\"%d\", &g) != 1) say(argv[3], \"no guess\", 43);\n    if (g == secret) { printf(\"correct\\n\"); fflush(stdout); return 42; }\n    printf(g < secret ? \"higher\\n\" : \"lower\\n\"); fflush(stdout);\n  }\n  say(argv[3], \"ten guesses and no right one\", 43);\n}\n";
const GUESS_BINARY: &str = "#include <stdio.h>\n#include <string.h>\nint main(void) {\n  int lo = 1, hi = 1000; char r[16];\n  while (lo <= hi) {\n    int m = (lo + hi) / 2; printf(\"%d\\n\", m); fflush(stdout);\n    if (scanf(\"%15s\", r) != 1 || !strcmp(r, \"correct\")) return 0;\n    if (!strcmp(r, \"higher\")) lo = m + 1; else hi = m - 1;\n  }\n  return 0;\n}\n";
const GUESS_PY: &str = "lo, hi = 1, 1000\nwhile lo <= hi:\n    m = (lo + hi) // 2\n    print(m, flush=True)\n    r = input().strip()\n    if r == 'correct':\n        break\n    if r == 'higher':\n        lo = m + 1\n    else:\n        hi = m - 1\n";
const GUESS_LINEAR: &str = "#include <stdio.h>\n#include <string.h>\nint main(void) {\n  char r[16];\n  for (int g = 1; g <= 1000; g++) {\n    printf(\"%d\\n\", g); fflush(stdout);\n    if (scanf(\"%15s\", r) != 1 || !strcmp(r, \"correct\")) return 0;\n  }\n  return 0;\n}\n";
const GUESS_SPIN: &str = "int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n";
const GUESS_CRASH: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { printf(\"500\\n\"); fflush(stdout); char r[16]; if (scanf(\"%15s\", r) == 1) abort(); return 1; }\n";

/// The interactive `guess`, made here after problemtools' example of that name (2023-07 draft
/// format: `type: interactive`, the validator in `output_validator/`, inputs without answers).
fn guess_2023() -> (tempfile::TempDir, PathBuf) {
    package(
        "guess",
        &[
            ("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\nname:\n  en: Guess the Number\n  sv: Gissa talet\nlimits:\n  time_limit: 0.5\n  memory: 256\n"),
            ("statement/problem.en.tex", "\\problemname{Guess the Number}\n"),
            ("data/sample/1.in", "17\n"),
            ("data/secret/1.in", "1\n"),
            ("data/secret/2.in", "1000\n"),
            ("data/secret/3.in", "500\n"),
            ("data/secret/3.ans", ""),
            ("output_validator/guess_validator.c", GUESS_VALIDATOR),
            ("submissions/accepted/binary.c", GUESS_BINARY),
            ("submissions/accepted/binary.py", GUESS_PY),
            ("submissions/wrong_answer/linear.c", GUESS_LINEAR),
            ("submissions/time_limit_exceeded/spin.c", GUESS_SPIN),
            ("submissions/run_time_error/crash.c", GUESS_CRASH),
        ],
    )
}

#[test]
fn an_interactive_package_comes_in_with_its_validator_as_a_kattis_interactor_and_judges() {
    let ws = Ws::empty();
    let (_t, guess) = guess_2023();
    let out = ws.runner(&["import", guess.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "imported `guess` as problem `guess`: 4 cases, 2 solutions, 3 wrong solutions"
        ),
        "{}",
        text(&out)
    );
    let toml = std::fs::read_to_string(ws.path("problems/guess/problem.toml")).unwrap();
    for line in [
        "title = \"Guess the Number\"",
        "time_limit_ms = 500",
        "interactive = true",
        "interactor_convention = \"kattis\"",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    assert!(!toml.contains("compare"), "{toml}");
    assert_eq!(
        std::fs::read_to_string(ws.path("problems/guess/interactor.c")).unwrap(),
        GUESS_VALIDATOR
    );
    let out = ws.runner(&["guess"]);
    assert_code(&out, 0);
    let all = text(&out);
    // 2 solutions × 4 cases, and 3 wrong solutions each with its verdict.
    assert_eq!(last_line(&out), "11 passed, 0 failed", "{all}");
    assert!(
        all.contains("wrong solutions: 3/3 got their verdict"),
        "{all}"
    );
    for (file, verdict) in [
        (
            "linear.c",
            "expect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]",
        ),
        (
            "spin.c",
            "expect = [\"TLE\", \"OLE\", \"ILE\"]\nallow = [\"AC\", \"TLE\", \"OLE\", \"ILE\"]",
        ),
        (
            "crash.c",
            "expect = [\"MLE\", \"RE\"]\nallow = [\"AC\", \"MLE\", \"RE\"]",
        ),
    ] {
        let wrong = std::fs::read_to_string(ws.path("problems/guess/wrong/wrong.toml")).unwrap();
        assert!(
            wrong.contains(&format!("file = \"{file}\"\n{verdict}")),
            "{wrong}"
        );
    }
}

/// The build script of a program folder, as BAPCtools' `boolfind` has for its output validator:
/// the format names `cc` a C compiler.
const JURY_BUILD: &str = "#!/usr/bin/env sh\ncc -O1 -Wall jury.c -o jury\n";
/// Its run script: finds the built program beside itself and writes into the feedback folder.
const JURY_RUN: &str = "#!/usr/bin/env sh\nSCRIPT_DIR=$(CDPATH= cd -- \"$(dirname -- \"$0\")\" && pwd)\ntouch \"$3/out\"\nexec \"$SCRIPT_DIR/jury\" \"$@\"\n";

/// An interactive 2025-09 package shaped as BAPCtools' `boolfind` (written here, not BAPCtools'
/// files): its output validator is a folder with `build` and `run` scripts; submission folders
/// with scripts too (a wrong one comes along, an accepted one is left out).
fn scripted_guess() -> (tempfile::TempDir, PathBuf) {
    package(
        "scripted",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\nname: Scripted guess\nlimits:\n  time_limit: 0.5\n"),
            ("data/sample/1.in", "17\n"),
            ("data/sample/1.ans", ""),
            ("data/secret/1.in", "1\n"),
            ("data/secret/2.in", "1000\n"),
            ("output_validator/build", JURY_BUILD),
            ("output_validator/run", JURY_RUN),
            ("output_validator/jury.c", GUESS_VALIDATOR),
            ("submissions/accepted/binary.c", GUESS_BINARY),
            ("submissions/accepted/scripted/run", "#!/bin/sh\nexec python3 \"$(dirname \"$0\")/guess.py\"\n"),
            ("submissions/accepted/scripted/guess.py", GUESS_PY),
            ("submissions/wrong_answer/linear.c", GUESS_LINEAR),
            ("submissions/wrong_answer/built/build", "#!/bin/sh\ncc -O1 linear.c -o linear\n"),
            ("submissions/wrong_answer/built/run", "#!/bin/sh\nexec \"$(dirname \"$0\")/linear\"\n"),
            ("submissions/wrong_answer/built/linear.c", GUESS_LINEAR),
            ("submissions/time_limit_exceeded/spin.c", GUESS_SPIN),
        ],
    )
}

#[test]
fn a_program_folder_with_build_and_run_scripts_is_built_in_the_sandbox_and_judges() {
    let ws = Ws::empty();
    let (_t, pkg) = scripted_guess();
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let all = text(&out);
    assert!(
        stdout(&out).contains(
            "imported `scripted` as problem `scripted`: 3 cases, 1 solution, 3 wrong solutions"
        ),
        "{all}"
    );
    assert!(
        all.contains("submissions/accepted/scripted: left out (an accepted submission with its own build or run script"),
        "{all}"
    );
    // A wrong submission's folder comes along as `X.build` and `X/`, built by its script.
    assert!(ws.path("problems/scripted/wrong/built.build").is_file());
    assert!(ws.path("problems/scripted/wrong/built/linear.c").is_file());
    let wrong = std::fs::read_to_string(ws.path("problems/scripted/wrong/wrong.toml")).unwrap();
    assert!(
        wrong.contains(
            "file = \"built.build\"\nexpect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]"
        ),
        "{wrong}"
    );
    // The folder comes along as `interactor.build` and `interactor/`, byte for byte.
    let p = |rel: &str| std::fs::read_to_string(ws.path(&format!("problems/scripted/{rel}")));
    assert_eq!(p("interactor.build").unwrap(), JURY_BUILD);
    assert_eq!(p("interactor/run").unwrap(), JURY_RUN);
    assert_eq!(p("interactor/jury.c").unwrap(), GUESS_VALIDATOR);
    let out = ws.runner(&["scripted"]);
    assert_code(&out, 0);
    let all = text(&out);
    // 1 solution × 3 cases, and 3 wrong solutions each with its verdict.
    assert_eq!(last_line(&out), "6 passed, 0 failed", "{all}");
    assert!(
        all.contains("wrong solutions: 3/3 got their verdict"),
        "{all}"
    );
    // Exported, the folder is a program folder again (its `build`, `run` executable, its
    // source), and that package imports and judges the same.
    let exported = ws.path("exported/scripted");
    let out = ws.runner(&["export", "scripted", "--kattis", exported.to_str().unwrap()]);
    assert_code(&out, 0);
    let vdir = ["output_validator", "output_validators/interactor"]
        .iter()
        .map(|d| exported.join(d))
        .find(|d| d.join("build").is_file())
        .unwrap_or_else(|| panic!("no output validator folder with build in\n{}", text(&out)));
    assert_eq!(
        std::fs::read_to_string(vdir.join("build")).unwrap(),
        JURY_BUILD
    );
    assert_eq!(std::fs::read_to_string(vdir.join("run")).unwrap(), JURY_RUN);
    assert_eq!(
        std::fs::read_to_string(vdir.join("jury.c")).unwrap(),
        GUESS_VALIDATOR
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(vdir.join("run"))
        .unwrap()
        .permissions()
        .mode();
    assert_ne!(mode & 0o111, 0, "run is not executable");
    let again = Ws::empty();
    let out = again.runner(&["import", exported.to_str().unwrap(), "--slug", "again"]);
    assert_code(&out, 0);
    let out = again.runner(&["again"]);
    assert_code(&out, 0);

    // A build script that fails is the interactor's compile error, with its message.
    std::fs::write(
        ws.path("problems/scripted/interactor.build"),
        "#!/bin/sh\necho 'no compiler today' >&2\nexit 3\n",
    )
    .unwrap();
    let out = ws.runner(&["scripted"]);
    let all = text(&out);
    assert_ne!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("no compiler today"), "{all}");
    // One that leaves no run program says so.
    std::fs::write(
        ws.path("problems/scripted/interactor.build"),
        "#!/bin/sh\nrm run\n",
    )
    .unwrap();
    let out = ws.runner(&["scripted"]);
    let all = text(&out);
    assert_ne!(out.status.code(), Some(0), "{all}");
    assert!(
        all.contains("the build script left no executable run"),
        "{all}"
    );
    // Nor may its output nest folders without end.
    std::fs::write(
        ws.path("problems/scripted/interactor.build"),
        "#!/bin/sh\nmkdir -p $(seq 1 40 | tr '\\n' /)\n",
    )
    .unwrap();
    let out = ws.runner(&["scripted"]);
    let all = text(&out);
    assert_ne!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("nests folders deeper than 16"), "{all}");
}

#[test]
fn submit_answer_and_broken_packages_are_refused_and_change_nothing() {
    let ws = Ws::empty();
    let (_t1, sa) = package(
        "answers",
        &[(
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: submit-answer\nname: Answers\n",
        )],
    );
    let out = ws.runner(&["import", sa.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("a submit-answer problem: the runner judges programs"),
        "{}",
        text(&out)
    );
    let (_t2, novalidator) = package(
        "legacyguess",
        &[
            (
                "problem.yaml",
                "name: Guess\nvalidation: custom interactive\n",
            ),
            ("data/sample/1.in", "5\n"),
        ],
    );
    let out = ws.runner(&["import", novalidator.to_str().unwrap()]);
    assert_code(&out, 2);
    // Named as the user gave it, not as the private copy the import reads (RMRC's colortubes
    // was refused naming /tmp/runner-import-…/package, gone by then).
    let given = novalidator.canonicalize().unwrap();
    assert!(
        stderr(&out).contains(&format!(
            "error: {}: the output is validated by the package's own validator, but there is no \
             output_validators/ nor output_validator/",
            given.display()
        )),
        "{}",
        text(&out)
    );
    let (_t3, nothing) = package("nothing", &[("README.md", "no package here\n")]);
    let out = ws.runner(&["import", nothing.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("neither problem.yaml"),
        "{}",
        text(&out)
    );
    assert!(std::fs::read_dir(ws.path("problems"))
        .unwrap()
        .next()
        .is_none());
}

/// A Kattis output validator of a multi-pass problem (written for this test): pass 1's input is
/// a negative number and the answer a number k >= 0, which becomes pass 2's input (nextpass.in),
/// where the answer must be k again. It keeps pass 1's input in its feedback directory (the
/// format keeps the files there from one pass to the next: without it pass 2 fails, JE),
/// appends to judgemessage.txt in each pass, and fails (JE) unless called with the problem's
/// output_validator_args, `--strict`.
const TWO_PASS_VALIDATOR: &str = "#!/usr/bin/env python3\nimport os, sys\nfb = sys.argv[3]\n\ndef say(why):\n    with open(fb + '/judgemessage.txt', 'a') as f:\n        f.write(why + '\\n')\n\ndef verdict(code, why=''):\n    if why:\n        say(why)\n    sys.exit(code)\n\nif sys.argv[4:] != ['--strict']:\n    sys.exit(1)\nx = int(open(sys.argv[1]).read())\nwords = sys.stdin.read().split()\nif len(words) != 1 or not words[0].lstrip('-').isdigit():\n    verdict(43, 'not one integer: %r' % words[:3])\nk = int(words[0])\nif x < 0:\n    if k < 0:\n        verdict(43, 'pass 1: %d is negative' % k)\n    with open(fb + '/nextpass.in', 'w') as f:\n        f.write('%d\\n' % k)\n    with open(fb + '/first.txt', 'w') as f:\n        f.write('%d\\n' % x)\n    say('pass 1: %d, fine' % k)\n    verdict(42)\nif not os.path.exists(fb + '/first.txt'):\n    sys.exit(1)\nif k != x:\n    verdict(43, 'pass 2: %d, not %d (pass 1 was on %s)' % (k, x, open(fb + '/first.txt').read().strip()))\nverdict(42)\n";

/// A 2025-09 multi-pass package that is not interactive, after BAPCtools' `multipass` test
/// problem (its files written anew here: BAPCtools is GPL-3.0).
fn two_pass() -> (tempfile::TempDir, PathBuf) {
    package(
        "twopass",
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\ntype: multi-pass\nname: Two passes\n\
                 credits: made for the runner's tests\nlimits:\n  time_limit: 0.2\n  \
                 validation_passes: 2\n",
            ),
            ("data/test_group.yaml", "output_validator_args: [--strict]\n"),
            ("data/sample/1.in", "-1\n"),
            ("data/sample/1.ans", ""),
            ("data/secret/1.in", "-7\n"),
            ("data/secret/1.ans", ""),
            ("output_validator/validate.py", TWO_PASS_VALIDATOR),
            ("submissions/accepted/fixed.py", "print(500)\n"),
            (
                "submissions/accepted/echo.c",
                "#include <stdio.h>\nint main(void) { long n; if (scanf(\"%ld\", &n) != 1) return 1; printf(\"%ld\\n\", n < 0 ? -n : n); return 0; }\n",
            ),
            ("submissions/wrong_answer/negative.py", "print(-1)\n"),
            (
                "submissions/wrong_answer/second.py",
                "x = int(input())\nprint(-x if x < 0 else x + 1)\n",
            ),
            (
                "submissions/time_limit_exceeded/sleepy.py",
                "import time\ntime.sleep(30)\n",
            ),
            (
                "submissions/run_time_error/crash_second.py",
                "import sys\nx = int(input())\nif x >= 0:\n    sys.exit(3)\nprint(-x)\n",
            ),
        ],
    )
}

#[test]
fn a_multi_pass_problem_that_is_not_interactive_runs_each_pass_on_the_validator_s_next_input() {
    let ws = Ws::empty();
    let (_tmp, root) = two_pass();
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "imported `twopass` as problem `twopass`: 2 cases, 2 solutions, 4 wrong solutions"
        ),
        "{said}"
    );
    // The sleeper is TLE at the wall clock (Kattis' rules: no idleness), in its class.
    assert!(
        said.contains("wrong/sleepy.pypy: expects its class (TLE, OLE or ILE) as its first rejection; it got TLE first here"),
        "{said}"
    );
    let toml = std::fs::read_to_string(ws.path("problems/twopass/problem.toml")).unwrap();
    for line in [
        "compare = \"checker\"",
        "checker_convention = \"kattis\"",
        "multi_pass = true",
        "max_passes = 2",
        "output_validator_args = [\"--strict\"]",
        "compile_limits = { cpu_s = 60, memory_mib = 2048 }",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    assert!(!toml.contains("interactive"), "{toml}");
    // Every submission in its class: the second pass's wrong answer WA, its crash RE.
    let out = ws.runner(&["twopass"]);
    let said = text(&out);
    assert_code(&out, 0);
    for row in [
        "solutions/twopass/fixed/twopass.pypy [local PyPy3]: 2/2 AC",
        "solutions/twopass/echo/twopass.c [local C]: 2/2 AC",
        "wrong solutions: 4/4 got their verdict",
    ] {
        assert!(said.contains(row), "{row} not in\n{said}");
    }
    assert_eq!(last_line(&out), "8 passed, 0 failed", "{said}");
    for (file, verdict, why) in [
        ("negative.pypy", "WA", "pass 1: -1 is negative"),
        (
            "second.pypy",
            "WA",
            "pass 1: 7, fine\n     │ pass 2: 8, not 7 (pass 1 was on -7)",
        ),
        ("crash_second.pypy", "RE", "exit code 3"),
    ] {
        let wrong = ws.path(&format!("problems/twopass/wrong/{file}"));
        let file = wrong.to_str().unwrap();
        let out = ws.runner(&["judge", "twopass", file, "--case", "secret.1"]);
        let said = text(&out);
        assert!(
            said.contains(&format!("case secret.1: {verdict}")) && said.contains(why),
            "{file}: expected {verdict} ({why}) on secret.1, got\n{said}"
        );
    }
    // The validator asking for a third pass of a problem of two is the judge's error.
    let toml = toml.replace("max_passes = 2", "max_passes = 1");
    ws.write("problems/twopass/problem.toml", &toml);
    let fixed = ws.path("solutions/twopass/fixed/twopass.pypy");
    let out = ws.runner(&["judge", "twopass", fixed.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        text(&out).contains("the validator asked for pass 2: the problem has at most 1"),
        "{}",
        text(&out)
    );
}

// ---------------------------------------------------------------- Polygon packages

#[test]
fn a_polygon_package_with_generated_tests_imports_and_judges_with_its_testlib_checker() {
    let ws = Ws::empty();
    let pkg = data("polygon");
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "imported `polygon` as problem `sum`: 4 cases, 2 solutions, 3 wrong solutions"
        ),
        "{said}"
    );
    assert!(
        said.contains("2 test(s) generated here by the package's generator"),
        "{said}"
    );
    // A Java solution comes in under the local Java profile; this one has no `main`: a compile
    // error, which is the rejection its `rejected` tag asks for.
    assert!(ws.path("problems/sum/wrong/Sum.java").is_file(), "{said}");
    let toml = std::fs::read_to_string(ws.path("problems/sum/problem.toml")).unwrap();
    for line in [
        "title = \"Sum of Two\"",
        "time_limit_ms = 1000",
        "memory_limit_kib = 262144",
        "compare = \"checker\"",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    // testlib's conventions are the runner's: no convention key.
    assert!(!toml.contains("convention"), "{toml}");
    for f in [
        "checker.cpp",
        "validate.cpp",
        "testlib.h",
        "statement/problem.tex",
    ] {
        assert!(ws.path(&format!("problems/sum/{f}")).is_file(), "{f}");
    }
    let fixture = std::fs::read_to_string(ws.path("fixtures/sum.toml")).unwrap();
    // tests/02 has no answer in the package: the main solution's, and its note says so;
    // 03 and 04 generated.
    assert!(
        fixture.contains(
            "name = \"tests.02\"\nsource = \"reference\"\nnote = \"Polygon tests/02 (manual); \
             answer made at import by the main solution solutions/sum.cpp, not in the package\""
        ),
        "{fixture}"
    );
    assert!(
        fixture
            .contains("note = \"Polygon tests/01 (manual); answer tests/01.a from the package\""),
        "{fixture}"
    );
    // Each solution in the extension of its Polygon language: cpp.g++17 is Codeforces' 32-bit
    // G++17, built by judges.toml's `Polygon` judge; python.3 is local's Python.
    assert!(ws.path("solutions/sum/sum/sum.cf32cpp17").is_file());
    assert!(ws.path("solutions/sum/sum/sum.py").is_file());
    assert!(toml.contains("judge = \"Polygon\""), "{toml}");
    assert!(
        fixture.contains("input = \"1000 999\\n\"\noutput = \"1999\\n\""),
        "{fixture}"
    );
    assert!(
        fixture.contains("name = \"tests.01\"\nsource = \"sample\""),
        "{fixture}"
    );

    let out = ws.runner(&["sum"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 3/3 got their verdict"),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "11 passed, 0 failed", "{}", text(&out));
    // The testlib checker's message is the report's reason.
    let out = ws.runner(&[
        "judge",
        "sum",
        ws.path("problems/sum/wrong/diff.cf32cpp17")
            .to_str()
            .unwrap(),
    ]);
    assert!(
        stdout(&out).contains("expected 5, found -1"),
        "{}",
        text(&out)
    );
    // The testlib validator: exit 0 valid, as the runner's.
    ws.write("bad.in", "1 1001\n");
    let out = ws.runner(&["run", "sum", ws.path("bad.in").to_str().unwrap()]);
    assert!(
        stderr(&out).contains("the validator rejects this input"),
        "{}",
        text(&out)
    );
    assert!(
        stderr(&out).contains("b = 1001 is out of [0, 1000]"),
        "{}",
        text(&out)
    );
}

/// Whether `g++ -m32` builds a program here (g++-multilib), probed apart from the runner.
fn m32() -> bool {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("probe.cpp");
    std::fs::write(&src, "int main() { return 0; }\n").unwrap();
    Command::new("g++")
        .arg("-m32")
        .arg(&src)
        .arg("-o")
        .arg(dir.path().join("probe"))
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_polygon_solution_is_built_as_its_language_id_says_32_bit_with_x87_floats_where_codeforces_is()
{
    // The Polygon package with one more source twice: `accepted` in cpp.g++17 (Codeforces'
    // 32-bit G++: x87's 80-bit registers make 2^53 + a + b exact) and `wrong-answer` in
    // cpp.gcc13-64-winlibs-g++20 (64-bit: SSE doubles round 2^53 + 5 to 2^53 + 4).
    let copy = tempfile::tempdir().unwrap();
    let pkg = copy.path().join("polygon");
    copy_dir(&data("polygon"), &pkg);
    let x87 = std::fs::read(data("polygon-x87.cpp")).unwrap();
    std::fs::write(pkg.join("solutions/x87.cpp"), &x87).unwrap();
    std::fs::write(pkg.join("solutions/x87-64.cpp"), &x87).unwrap();
    let xml = std::fs::read_to_string(pkg.join("problem.xml")).unwrap();
    let more = xml.replace(
        "        </solutions>",
        "            <solution tag=\"accepted\">\n                <source path=\"solutions/x87.cpp\" \
         type=\"cpp.g++17\"/>\n            </solution>\n            <solution tag=\"wrong-answer\">\n\
         \x20               <source path=\"solutions/x87-64.cpp\" \
         type=\"cpp.gcc13-64-winlibs-g++20\"/>\n            </solution>\n            \
         <solution tag=\"accepted\">\n                <source path=\"solutions/sum.cpp\" \
         type=\"cpp.clang++17-diagnose\"/>\n            </solution>\n        </solutions>",
    );
    assert_ne!(xml, more);
    std::fs::write(pkg.join("problem.xml"), more).unwrap();
    let ws = Ws::empty();
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "note: solutions/sum.cpp: Polygon language `cpp.clang++17-diagnose` is not in the \
             runner's table (runner/src/import/polygon.rs): built by its extension .cpp"
        ),
        "{}",
        text(&out)
    );
    assert!(ws.path("solutions/sum/x87/sum.cf32cpp17").is_file());
    assert!(ws.path("problems/sum/wrong/x87-64.cf64cpp20").is_file());
    let out = ws.runner(&["sum"]);
    let said = text(&out);
    if m32() {
        // As on Codeforces: the x87 solution is accepted, its 64-bit build is not.
        assert_code(&out, 0);
        assert!(
            said.contains("solutions/sum/x87/sum.cf32cpp17 [Polygon G++17 32-bit]: 4/4 AC"),
            "{said}"
        );
        assert!(
            said.contains("wrong solutions: 4/4 got their verdict"),
            "{said}"
        );
        assert_eq!(last_line(&out), "20 passed, 0 failed", "{said}");
    } else {
        // No g++-multilib here: the build falls back to 64-bit, says so, and the x87 solution
        // fails as a 64-bit build does (CI installs g++-multilib and takes the branch above): in
        // SSE doubles 2^53 + 2 + 3 rounds to 2^53 + 4 (tests.01 answers 4, not 5) and
        // 2^53 + 1000 + 999 to 2^53 + 2000 (tests.03), while 10 + 0 and 0 + 0 stay exact: 2/4.
        assert!(
            said.contains("g++ -m32 is not available (install g++-multilib); building 64-bit"),
            "{said}"
        );
        let row = "solutions/sum/x87/sum.cf32cpp17 [Polygon G++17 32-bit (fallback build)]: ";
        assert!(
            said.contains(&format!("{row}2/4 AC")),
            "expected the fallback build of the x87 solution to get 2/4 AC, got\n{said}"
        );
        assert_code(&out, 1);
        println!("checked: the fallback build (no g++ -m32 here)");
    }
}

#[test]
fn a_slow_generator_says_which_limit_stopped_it_and_the_limit_can_be_raised() {
    // The Polygon package, with a generator that spins 300 ms of CPU time before it writes.
    let copy = tempfile::tempdir().unwrap();
    let pkg = copy.path().join("polygon");
    copy_dir(&data("polygon"), &pkg);
    let gen = std::fs::read_to_string(pkg.join("files/gen.cpp")).unwrap();
    let slow = gen.replace(
        "    std::printf(",
        "    while (std::clock() < CLOCKS_PER_SEC * 3 / 10) {}\n    std::printf(",
    );
    assert_ne!(gen, slow);
    std::fs::write(
        pkg.join("files/gen.cpp"),
        format!("#include <ctime>\n{slow}"),
    )
    .unwrap();
    let ws = Ws::empty();
    let out = ws.runner(&[
        "import",
        pkg.to_str().unwrap(),
        "--tool-time-limit",
        "100ms",
    ]);
    assert_code(&out, 2);
    let said = text(&out);
    for part in [
        "failed: killed at its CPU time limit of 100 ms (cpu ",
        "raise the limit: runner import --tool-time-limit 30s",
    ] {
        assert!(said.contains(part), "expected {part:?} in:\n{said}");
    }
    assert!(!ws.path("problems/sum").exists(), "{said}");
    let out = ws.runner(&["import", pkg.to_str().unwrap(), "--tool-time-limit", "5s"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("2 test(s) generated here by the package's generator"),
        "{}",
        text(&out)
    );
}

// ---------------------------------------------------------------- Library Checker problems

#[test]
fn a_library_checker_problem_comes_in_with_its_tests_generated_and_judges_with_its_checker() {
    let ws = Ws::empty();
    let pkg = data("library-checker/sample/aplusb");
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "imported `aplusb` as problem `aplusb`: 5 cases, 2 solutions, 3 wrong solutions"
        ),
        "{said}"
    );
    // [[solutions]] as upstream writes them: `expect` some case must get, and AC, it or an
    // `allow_*` verdict on every case (Library Checker's WA is also PE, its RE also MLE).
    let wrong = std::fs::read_to_string(ws.path("problems/aplusb/wrong/wrong.toml")).unwrap();
    for entry in [
        "file = \"wa.cpp\"\nexpect = [\"PE\", \"WA\"]\nallow = [\"AC\", \"PE\", \"WA\"]\n\
         why = \"Library Checker sol/wa.cpp, expect = \\\"WA\\\"\"",
        "file = \"naive.cpp\"\nallow = [\"AC\", \"TLE\"]\nwhy = \"Library Checker sol/naive.cpp, allow_tle\"",
        "file = \"re.cpp\"\nexpect = [\"MLE\", \"RE\"]\nallow = [\"AC\", \"PE\", \"WA\", \"MLE\", \"RE\"]\n",
    ] {
        assert!(wrong.contains(entry), "{entry}\nnot in\n{wrong}");
    }
    assert!(!ws.path("solutions/aplusb/wa").exists());
    let toml = std::fs::read_to_string(ws.path("problems/aplusb/problem.toml")).unwrap();
    for line in [
        "title = \"A + B\"",
        "time_limit_ms = 2000",
        "memory_limit_kib = 1048576",
        "compare = \"checker\"",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    // info.toml's [params] as generate.py writes them, beside the verifier that includes them,
    // and common/'s testlib.h beside both programs.
    let params = std::fs::read_to_string(ws.path("problems/aplusb/params.h")).unwrap();
    assert_eq!(params, "#define A_AND_B_MAX (long long)2000000000\n");
    for f in [
        "checker.cpp",
        "validate.cpp",
        "testlib.h",
        "statement/task.md",
    ] {
        assert!(ws.path(&format!("problems/aplusb/{f}")).is_file(), "{f}");
    }
    // The cases: example_00/01 from gen/*.in, random_00..02 made by gen/random.cpp with the
    // arguments 0, 1, 2 (three different inputs); each answer is a + b, checked here.
    let fixture = std::fs::read_to_string(ws.path("fixtures/aplusb.toml")).unwrap();
    let inputs: Vec<&str> = fixture
        .lines()
        .filter_map(|l| l.strip_prefix("input = \""))
        .collect();
    let outputs: Vec<&str> = fixture
        .lines()
        .filter_map(|l| l.strip_prefix("output = \""))
        .collect();
    assert_eq!(inputs.len(), 5, "{fixture}");
    assert_eq!(inputs[0], "1234 5678\\n\"");
    let mut random = inputs[2..].to_vec();
    random.dedup();
    assert_eq!(random.len(), 3, "{fixture}");
    for (i, o) in inputs.iter().zip(&outputs) {
        let ab: Vec<i64> = i
            .trim_end_matches("\\n\"")
            .split(' ')
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(o.trim_end_matches("\\n\""), (ab[0] + ab[1]).to_string());
    }
    for name in ["example_00", "random_02"] {
        assert!(
            fixture.contains(&format!("name = \"{name}\"\nsource = \"reference\"")),
            "{fixture}"
        );
    }
    // `function = true`: the solution, with the problem's own `../base.hpp` written in, then
    // grader/grader.cpp (which includes grader/solve.hpp), one file that builds alone.
    let func = std::fs::read_to_string(ws.path("solutions/aplusb/ac_func/aplusb.cpp")).unwrap();
    for part in [
        "// bundled from base.hpp",
        "inline long long add(long long a, long long b)",
        "long long solve(long long a, long long b) { return add(a, b); }",
        "// bundled from grader/solve.hpp",
        "printf(\"%lld\\n\", solve(a, b));",
    ] {
        assert!(func.contains(part), "{part} not in\n{func}");
    }
    assert_eq!(
        func.matches("long long solve(long long a, long long b);")
            .count(),
        1,
        "{func}"
    );
    assert!(!func.contains("#include \"../base.hpp\"") && !func.contains("#pragma once"));
    // The wrong solution (int overflow at 2·10⁹ + 2·10⁹) is caught; the right ones pass.
    let out = ws.runner(&["aplusb"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("wrong solutions: 3/3 got their verdict"),
        "{}",
        text(&out)
    );
    assert!(
        stdout(&out).contains("solutions/aplusb/ac_func/aplusb.cpp [local C++]: 5/5 AC"),
        "{}",
        text(&out)
    );
    assert_eq!(last_line(&out), "13 passed, 0 failed", "{}", text(&out));
    // What `runner verify` cannot check was said at import; with an invalid input added, it
    // checks every case against upstream's reference, as weaker evidence.
    assert_eq!(
        said.matches("Library Checker ships no invalid input, so `runner verify aplusb` stops")
            .count(),
        1,
        "{said}"
    );
    let brute = std::fs::read_to_string(ws.path("problems/aplusb/brute.cpp")).unwrap();
    assert!(
        brute.starts_with("// Library Checker's sol/correct.cpp"),
        "{brute}"
    );
    let out = ws.runner(&["verify", "aplusb"]);
    assert!(
        stderr(&out).contains("nothing shows that the validator rejects anything"),
        "{}",
        text(&out)
    );
    ws.write("problems/aplusb/invalid/too-big.in", "1 2000000001\n");
    let out = ws.runner(&["verify", "aplusb"]);
    assert_code(&out, 0);
    assert!(
        text(&out).contains(
            "5 cases rest on a reference solution's output (source = \"reference\"): weaker \
             evidence than a brute force"
        ),
        "{}",
        text(&out)
    );
    // The verifier, with params.h: exit 0 valid.
    ws.write("bad.in", "1 2000000001\n");
    let out = ws.runner(&["run", "aplusb", ws.path("bad.in").to_str().unwrap()]);
    assert!(
        stderr(&out).contains("the validator rejects this input"),
        "{}",
        text(&out)
    );
}

/// sha256 of `bytes` in hex, as hash.json writes it.
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn a_library_checker_problem_s_in_and_out_are_used_only_where_hash_json_shows_them_current() {
    let ws = Ws::empty();
    let checkout = tempfile::tempdir().unwrap();
    copy_dir(&data("library-checker"), checkout.path());
    let pkg = checkout.path().join("sample/aplusb");
    let w = |rel: &str, text: &str| {
        let p = pkg.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    // in/random_00.in and its out/ are current (hash.json gives their bytes): used, though the
    // generator makes another input. out/example_00.out is stale (hash.json gives 6912's).
    // hash.json gives example_01.in other bytes than gen/ has: made, and said to differ.
    w("in/random_00.in", "7 8\n");
    w("out/random_00.out", "15\n");
    w("out/example_00.out", "0\n");
    let hashes = format!(
        "{{\n  \"example_00.out\": \"{}\",\n  \"example_01.in\": \"{}\",\n  \
         \"random_00.in\": \"{}\",\n  \"random_00.out\": \"{}\"\n}}\n",
        sha256_hex(b"6912\n"),
        sha256_hex(b"1 1\n"),
        sha256_hex(b"7 8\n"),
        sha256_hex(b"15\n"),
    );
    w("hash.json", &hashes);
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "note: 1 file of in/ and out/ not as hash.json says (stale, or not listed): made \
             again, not used: out/example_00.out"
        ),
        "{said}"
    );
    assert!(
        said.contains(
            "note: 1 test file made here differs from upstream's hash.json (a generator or \
             sol/correct.cpp that gives other bytes with this compiler): example_01.in"
        ),
        "{said}"
    );
    let fixture = std::fs::read_to_string(ws.path("fixtures/aplusb.toml")).unwrap();
    let case = |name: &str| -> String {
        let at = fixture.find(&format!("name = \"{name}\"")).unwrap();
        fixture[at..].split("\n\n").next().unwrap().to_string()
    };
    assert!(
        case("example_00").contains("output = \"6912\\n\""),
        "{fixture}"
    );
    assert!(
        case("random_00").contains("input = \"7 8\\n\""),
        "{fixture}"
    );
    assert!(
        case("random_00").contains("output = \"15\\n\""),
        "{fixture}"
    );
    // Malformed hash.json: refused, naming the file and the place; nothing written.
    w("hash.json", "{\"a.in\": 3}");
    let ws = Ws::empty();
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("hash.json: line 1, column"),
        "{}",
        text(&out)
    );
    assert!(!ws.path("problems/aplusb").exists());
}

// ---------------------------------------------------------------- export, and back

/// Whether problemtools' `verifyproblem` is on PATH; CI sets `RUNNER_NEEDS_VERIFYPROBLEM` so
/// that its absence fails instead of skipping.
fn verifyproblem_installed() -> bool {
    let found = Command::new("verifyproblem")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found && std::env::var_os("RUNNER_NEEDS_VERIFYPROBLEM").is_some() {
        panic!(
            "RUNNER_NEEDS_VERIFYPROBLEM is set, and verifyproblem (problemtools) is not on PATH"
        );
    }
    found
}

/// problemtools' `verifyproblem` on the package `dir`: its last line (`NAME tested: N errors, M
/// warnings`) and everything it said. A hang (problemtools limits CPU time only) is cut at ten
/// minutes; `RUST_BACKTRACE` is unset, as on a judge (with it, a panicking submission was once
/// seen to stop forever in a futex under verifyproblem here).
fn verifyproblem(dir: &Path) -> (String, String) {
    let mut child = Command::new("timeout")
        .args(["600", "verifyproblem"])
        .arg(dir)
        .current_dir(dir.parent().unwrap())
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    child.wait().unwrap();
    said.push_str(&err);
    let last = said
        .lines()
        .rev()
        .find(|l| l.contains(" tested: "))
        .unwrap_or("")
        .to_string();
    (last, said)
}

/// The package's files that must come back the same: its data, submissions, programs, time
/// limit and runner.toml (problem.yaml and the statement name the workspace it came from).
fn package_core(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let keep = [
        "data",
        "submissions",
        "input_validators",
        "output_validators",
        ".timelimit",
        "runner.toml",
    ];
    snapshot(dir)
        .into_iter()
        .filter(|(rel, _)| keep.iter().any(|k| rel.starts_with(k)))
        .collect()
}

/// One problem of the repository: exported (and checked by verifyproblem when `check`),
/// imported into a fresh workspace, judged there, and exported again.
fn round_trip(slug: &str, check: bool) -> Result<(), String> {
    let tmp = tempfile::tempdir().unwrap();
    let short = slug.replace('-', "");
    let first = tmp.path().join("a").join(&short);
    let repo = repo_root();
    let out = Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .arg("--root")
        .arg(&repo)
        .args(["export", slug, "--kattis"])
        .arg(&first)
        .output()
        .unwrap();
    if !out.status.success() {
        return Err(format!("{slug}: export failed:\n{}", text(&out)));
    }
    if check {
        let (last, said) = verifyproblem(&first);
        if !last.contains(" 0 errors") {
            return Err(format!("{slug}: verifyproblem: {last}\n{said}"));
        }
    }
    let ws = Ws::empty();
    copy_dir(&repo.join("problems/_shared"), &ws.path("problems/_shared"));
    let out = ws.runner(&["import", first.to_str().unwrap(), "--slug", slug]);
    if !out.status.success() {
        return Err(format!("{slug}: import failed:\n{}", text(&out)));
    }
    let out = ws.runner(&[slug]);
    if !out.status.success() || !last_line(&out).ends_with(" passed, 0 failed") {
        return Err(format!("{slug}: judged after the import:\n{}", text(&out)));
    }
    let second = tmp.path().join("b").join(&short);
    let out = ws.runner(&["export", slug, "--kattis", second.to_str().unwrap()]);
    if !out.status.success() {
        return Err(format!("{slug}: second export failed:\n{}", text(&out)));
    }
    let (a, b) = (package_core(&first), package_core(&second));
    if a != b {
        let differ: Vec<String> = a
            .iter()
            .filter(|x| !b.contains(x))
            .chain(b.iter().filter(|x| !a.contains(x)))
            .map(|(p, bytes)| format!("{}:\n{}", p.display(), String::from_utf8_lossy(bytes)))
            .collect();
        return Err(format!(
            "{slug}: the package made from the import differs ({} and {} files); what differs, \
             first the first package's then the second's:\n{}",
            a.len(),
            b.len(),
            differ.join("\n")
        ));
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) {
    for p in walk(from) {
        let dest = to.join(p.strip_prefix(from).unwrap());
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&p, dest).unwrap();
    }
}

#[test]
fn the_problems_export_to_packages_verifyproblem_accepts_and_come_back_the_same() {
    let check = verifyproblem_installed();
    if !check {
        eprintln!(
            "verifyproblem (problemtools) is not on PATH: the packages are not checked by it"
        );
    }
    // Every problem in CI (RUNNER_FULL_TESTS=1); by default the interactive one (the interactor
    // wrapped for Kattis, the hardest part of the round trip). HDU 1524 (C++ ports, a wrong
    // solution that must TLE, one filed by the verdict it gets first, not its expected one) and
    // the checker's wrapping (nim-move) are CI's.
    let slugs = swept_problems(&["nim-interactive"]);
    // By default one worker per problem: an interactive problem's round trip mostly waits (its
    // no-flush wrong solution idles 250 ms per case before its ILE), and the other fills that
    // time. Every problem (CI): two at a time.
    let workers = if full_tests() { 2 } else { slugs.len() };
    let queue = std::sync::Mutex::new(slugs);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let Some(slug) = queue.lock().unwrap().pop() else {
                    break;
                };
                if let Err(e) = round_trip(&slug, check) {
                    failures.lock().unwrap().push(e);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A 2025-09 package with `constants:`, made here after BAPCtools' test problem of that name:
/// the validators and the statement use them; a wrong submission prints one verbatim (as
/// BAPCtools' `constant_in_submission.py`: a submission is judged as a contestant sent it); the
/// test data and problem.yaml do not get them.
fn constants_2025() -> (tempfile::TempDir, PathBuf) {
    package(
        "constants",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\ntype: pass-fail\nname: Constants\nlimits:\n  time_limit: 2\nconstants:\n  MAX_N:\n    value: 5\n    tex: five\n  greeting: hello\n"),
            ("statement/problem.en.md", "Print n for n <= {{MAX_N}} ({{MAX_N.tex}}).\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "5\n"),
            ("input_validators/v/validate.py", "import sys\nn = int(sys.stdin.readline())\nsys.exit(42 if 1 <= n <= {{MAX_N}} else 43)\n"),
            ("submissions/accepted/echo.py", "n = int(input())\nassert n <= 5\nprint(n)\n"),
            ("submissions/wrong_answer/off.py", "print(int(input()) + 1)\n"),
            ("submissions/wrong_answer/constant.py", "input()\nprint('{{MAX_N}}')\n"),
        ],
    )
}

#[test]
fn constants_are_substituted_where_the_format_says() {
    let ws = Ws::empty();
    let (_tmp, root) = constants_2025();
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    assert_code(&out, 0);
    let read = |rel: &str| std::fs::read_to_string(ws.path(rel)).unwrap();
    assert_eq!(
        read("problems/constants/validate.py"),
        "import sys\nn = int(sys.stdin.readline())\nsys.exit(42 if 1 <= n <= 5 else 43)\n"
    );
    // Not in a submission: the judges compile what a contestant sends as it is (BAPCtools
    // does not substitute there either).
    assert_eq!(
        read("problems/constants/wrong/constant.pypy"),
        "input()\nprint('{{MAX_N}}')\n"
    );
    assert_eq!(
        read("problems/constants/statement/problem.en.md"),
        "Print n for n <= 5 (five).\n"
    );
    let out = ws.runner(&["constants"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "4 passed, 0 failed", "{}", text(&out));
}

#[test]
fn an_import_that_fails_after_writing_leaves_the_workspace_as_it_was() {
    let ws = Ws::empty();
    ws.write("problems/other/keep.txt", "mine\n");
    ws.write("fixtures/other.toml", "# mine\n");
    let user_files = |ws: &Ws| {
        let mut all: Vec<(PathBuf, Vec<u8>)> = Vec::new();
        for d in ["problems", "fixtures", "solutions"] {
            if ws.path(d).exists() {
                all.extend(snapshot(&ws.path(d)));
            }
        }
        (all, ws.path("solutions").exists())
    };
    let before = user_files(&ws);
    // A legacy package whose output validator does not compile: the import writes the
    // problem, then fails when it judges the wrong solution's class.
    let (_tmp, root) = different_legacy();
    std::fs::write(
        root.join("output_validators/different_validator/validate.c"),
        "this is not C\n",
    )
    .unwrap();
    let out = ws.runner(&["import", root.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("failed after writing the problem: everything it wrote was removed"),
        "{}",
        text(&out)
    );
    assert_eq!(user_files(&ws), before, "{}", text(&out));
}

#[test]
fn a_library_checker_folder_copied_without_its_checkout_s_markers_says_to_name_the_checkout() {
    // common/ copied beside the problem, but not problems.toml / generate.py: nothing marks the
    // folder as a checkout, so its common/ is not taken. The import must say what to do, not
    // leave the compiler's `random.h: No such file` alone, and write nothing.
    let ws = Ws::empty();
    let copy = tempfile::tempdir().unwrap();
    copy_dir(&data("library-checker"), copy.path());
    std::fs::remove_file(copy.path().join("problems.toml")).unwrap();
    let pkg = copy.path().join("sample/aplusb");
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 2);
    let err = stderr(&out);
    for said in [
        "checker.cpp includes \"testlib.h\", which only a library-checker-problems checkout's common/ gives",
        "is not taken: that folder has neither problems.toml nor generate.py nor .git",
        "name the checkout (the folder holding common/) with --checkout DIR; nothing was written",
    ] {
        assert!(err.contains(said), "{said} not in\n{}", text(&out));
    }
    assert!(!ws.path("problems/aplusb").exists());
    assert!(!ws.path("fixtures/aplusb.toml").exists());
    // Named, the same copy imports.
    let out = ws.runner(&[
        "import",
        pkg.to_str().unwrap(),
        "--checkout",
        copy.path().to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    assert!(ws.path("problems/aplusb/testlib.h").is_file());
}

/// A package shaped as GCPC's `alohomoraandcolloportus` (not shipped: the team's unpublished
/// set): default validation, no flags, the jury's answers in lower case, an accepted submission
/// that prints them in upper case with its own layout. Kattis' default validator compares
/// case-insensitively and lets the whitespace free unless told otherwise (the format's
/// definition; problemtools gives the submission AC): so must the runner.
#[test]
fn kattis_default_validation_is_case_insensitive_and_space_free_unless_told() {
    let ws = Ws::empty();
    let (_tmp, pkg) = package(
        "alohomora",
        &[
            ("problem.yaml", "name: Alohomora\nlimits:\n  time_limit: 2\n"),
            ("data/sample/1.in", "2\nab\nba\n"),
            ("data/sample/1.ans", "no\nyes\n"),
            ("data/secret/1.in", "1\naa\n"),
            ("data/secret/1.ans", "yes\n"),
            (
                "submissions/accepted/upper.c",
                "#include <stdio.h>\nint main(void) { int n; char s[8]; scanf(\"%d\", &n); \
                 while (n-- > 0 && scanf(\"%7s\", s) == 1) printf(\"%s  \", s[0] == 'a' && s[1] == 'b' ? \"NO\" : \"YES\"); \
                 printf(\"\\n\\n\"); return 0; }\n",
            ),
            (
                "submissions/wrong_answer/maybe.c",
                "#include <stdio.h>\nint main(void) { puts(\"maybe\"); return 0; }\n",
            ),
        ],
    );
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let toml = std::fs::read_to_string(ws.path("problems/alohomora/problem.toml")).unwrap();
    assert!(toml.contains("compare = { kattis = \"\" }"), "{toml}");
    let out = ws.runner(&["alohomora"]);
    let said = text(&out);
    assert_code(&out, 0);
    assert!(
        said.contains("solutions/alohomora/upper/alohomora.c [local C]: 2/2 AC"),
        "{said}"
    );
    assert_eq!(last_line(&out), "3 passed, 0 failed", "{said}");
    // With case_sensitive, the same submission is WA: the flag is the package's to give.
    let (_tmp, strict) = package(
        "strict",
        &[
            (
                "problem.yaml",
                "name: Strict\nvalidator_flags: case_sensitive\nlimits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", "1\nab\n"),
            ("data/sample/1.ans", "no\n"),
            (
                "submissions/accepted/lower.c",
                "#include <stdio.h>\nint main(void) { puts(\"no\"); return 0; }\n",
            ),
            (
                "submissions/wrong_answer/upper.c",
                "#include <stdio.h>\nint main(void) { puts(\"NO\"); return 0; }\n",
            ),
        ],
    );
    let out = ws.runner(&["import", strict.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains("wrong/upper.c: expects its class (PE or WA) as its first rejection; it got WA first here"),
        "{said}"
    );
}

/// An output validators' folder as SWERC 2025 files it (CC BY-SA; its 6 000-line testlib is
/// not shipped, a stand-in is made here): `checker.cpp` and the DOMjudge-modified `testlib.h`
/// it includes, exits 42 / 43 (Kattis' convention). The folder is one program, built with its
/// own header (the runner ships none), and judges.
#[test]
fn an_output_validator_folder_with_its_header_is_one_program() {
    let ws = Ws::empty();
    let testlib = "// Modified by a script to work with DOMjudge (a stand-in).\n#include <cstdio>\n#include <cstdlib>\n\
                   static FILE *ans;\nstatic void registerTestlibCmd(int argc, char **argv) { if (argc < 4) std::exit(1); ans = std::fopen(argv[2], \"r\"); }\n\
                   static void quitf_ok() { std::exit(42); }\nstatic void quitf_wa() { std::exit(43); }\n";
    let (_tmp, pkg) = package(
        "keygen",
        &[
            ("problem.yaml", "name: Keygen\nvalidation: custom\nlimits:\n  time_limit: 2\n"),
            ("output_validators/testlib.h", testlib),
            (
                "output_validators/checker.cpp",
                "#include \"testlib.h\"\nint main(int argc, char **argv) { registerTestlibCmd(argc, argv); \
                 long long want, got; if (std::fscanf(ans, \"%lld\", &want) != 1) return 1; \
                 if (std::scanf(\"%lld\", &got) != 1) quitf_wa(); \
                 if (got % want == 0) quitf_ok(); quitf_wa(); }\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "3\n"),
            ("submissions/accepted/six.c", "#include <stdio.h>\nint main(void) { puts(\"6\"); return 0; }\n"),
            ("submissions/wrong_answer/four.c", "#include <stdio.h>\nint main(void) { puts(\"4\"); return 0; }\n"),
        ],
    );
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    assert_eq!(
        std::fs::read_to_string(ws.path("problems/keygen/testlib.h")).unwrap(),
        testlib
    );
    let out = ws.runner(&["keygen"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "2 passed, 0 failed", "{}", text(&out));
}

/// SWERC 2025's keygen3 files as accepted two C++ submissions that read `input.txt` unless
/// `ONLINE_JUDGE` or `EVAL` is defined (its code is CC BY-SA; the guard is made here). No
/// Kattis-format judge defines either: the import takes such a submission for a wrong solution
/// (`not AC`) and says why; the same guard around debug output alone, or a Python submission,
/// stays a solution.
#[test]
fn an_accepted_submission_that_reads_its_own_files_unless_a_judge_macro_is_set_is_wrong() {
    let ws = Ws::empty();
    let guarded = "#include <fstream>\n#include <iostream>\nusing namespace std;\nint main() {\n\
                   #if !ONLINE_JUDGE && !EVAL\n    ifstream cin(\"input.txt\");\n#endif\n\
                   long long n = 0; cin >> n; cout << 2 * n << endl;\n}\n";
    let debug = "#include <iostream>\nint main() { long long n; std::cin >> n;\n\
                 #ifndef ONLINE_JUDGE\n  std::cerr << \"n = \" << n << std::endl;\n#endif\n\
                 std::cout << 2 * n << std::endl; }\n";
    let (_tmp, pkg) = package(
        "twice",
        &[
            ("problem.yaml", "name: Twice\nlimits:\n  time_limit: 2\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/1.in", "21\n"),
            ("data/secret/1.ans", "42\n"),
            ("submissions/accepted/sol.cpp", guarded),
            ("submissions/accepted/debug.cpp", debug),
            ("submissions/accepted/py.py", "print(2 * int(input()))\n"),
        ],
    );
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(said.contains("2 solutions, 1 wrong solution"), "{said}");
    assert!(
        said.contains(
            "submissions/accepted/sol.cpp: filed as accepted, taken as a wrong solution (not AC): \
             line 6 opens input.txt unless ONLINE_JUDGE or EVAL is defined"
        ),
        "{said}"
    );
    let wrong = std::fs::read_to_string(ws.path("problems/twice/wrong/wrong.toml")).unwrap();
    assert!(
        wrong.contains("file = \"sol.cpp\"\nexpect = \"not AC\""),
        "{wrong}"
    );
    // Judged as Kattis would: it reads no input, prints 0, and is rejected on every case.
    let out = ws.runner(&["twice"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "5 passed, 0 failed", "{}", text(&out));
}

/// SWERC 2025's `lfs` as the copy judged here has it: 15 answers without their (large)
/// inputs, and the slow and wrong submissions only those would catch. Such a submission,
/// accepted on every case the package has, expects its class or AC on every case, and the import
/// says why; one a case it has catches still expects its class.
#[test]
fn a_wrong_submission_only_the_missing_inputs_would_catch_is_classified_not_failed() {
    let ws = Ws::empty();
    let (_tmp, pkg) = package(
        "gaps",
        &[
            ("problem.yaml", "name: Gaps\nlimits:\n  time_limit: 2\n"),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            // The input that would catch `small.c`, absent.
            ("data/secret/big.ans", "4000000000\n"),
            ("submissions/accepted/right.c", "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); printf(\"%lld\\n\", 2 * n); return 0; }\n"),
            ("submissions/wrong_answer/small.c", "#include <stdio.h>\nint main(void) { int n; scanf(\"%d\", &n); printf(\"%d\\n\", 2 * n); return 0; }\n"),
            ("submissions/wrong_answer/seven.c", "#include <stdio.h>\nint main(void) { puts(\"7\"); return 0; }\n"),
        ],
    );
    let out = ws.runner(&["import", pkg.to_str().unwrap()]);
    assert_code(&out, 0);
    let said = stdout(&out);
    assert!(
        said.contains(
            "the package lacks the input of 1 case(s) whose answer it has (data/secret/big.ans"
        ),
        "{said}"
    );
    assert!(
        said.contains("wrong/small.c: every case the package has accepts it: it expects AC, PE or WA on every case (the 1 case(s) whose input the package lacks are where its class would show)"),
        "{said}"
    );
    assert!(!said.contains("warning"), "{said}");
    let wrong = std::fs::read_to_string(ws.path("problems/gaps/wrong/wrong.toml")).unwrap();
    assert!(
        wrong.contains("file = \"small.c\"\nallow = [\"AC\", \"PE\", \"WA\"]\n"),
        "{wrong}"
    );
    assert!(
        wrong.contains("file = \"seven.c\"\nexpect = [\"PE\", \"WA\"]\n"),
        "{wrong}"
    );
    let out = ws.runner(&["gaps"]);
    assert_code(&out, 0);
    assert_eq!(last_line(&out), "3 passed, 0 failed", "{}", text(&out));
}
