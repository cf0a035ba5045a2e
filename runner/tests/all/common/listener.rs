//! `runner listen` driven as Competitive Companion drives it: started on a free port, sent
//! requests over TCP.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::Ws;

/// `runner listen --port 0` in `ws`, and the port it printed.
pub struct Listener {
    pub child: Child,
    pub port: u16,
    out: BufReader<std::process::ChildStdout>,
}

impl Listener {
    pub fn start(ws: &Ws, extra: &[&str]) -> Listener {
        let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("runner"));
        cmd.arg("--root")
            .arg(ws.dir.path())
            .args(["listen", "--port", "0"])
            .args(extra);
        Listener::spawn(cmd)
    }

    /// `cmd` (a `runner … listen --port 0`) started, and the port it printed.
    pub fn spawn(mut cmd: Command) -> Listener {
        let mut child = cmd
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

    /// POSTs `body` to / as the extension does (JSON, no Origin) and returns (status code,
    /// body).
    pub fn post(&self, body: &[u8]) -> (u16, String) {
        let (code, _, body) = self.send("POST", "Content-Type: application/json\r\n", body);
        (code, body)
    }

    /// Sends a request with the `headers` given (each ending in CRLF) and `body`; (status code,
    /// headers, body) of the answer.
    pub fn send(&self, method: &str, headers: &str, body: &[u8]) -> (u16, String, String) {
        self.send_to(&format!("localhost:{}", self.port), method, headers, body)
    }

    /// [`Listener::send`] with that `Host` header.
    pub fn send_to(
        &self,
        host: &str,
        method: &str,
        headers: &str,
        body: &[u8],
    ) -> (u16, String, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "{method} / HTTP/1.1\r\nHost: {host}\r\n{headers}Content-Length: {}\r\n\r\n",
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
        let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
        (code, head.to_string(), body.to_string())
    }

    /// Waits for the listener to end (30 s at most); its exit code, stdout and stderr.
    pub fn finish(mut self) -> (Option<i32>, String, String) {
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
