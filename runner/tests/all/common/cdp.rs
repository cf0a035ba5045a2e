//! A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
//! the browser reads commands from fd 3 and writes answers and events to fd 4, each a JSON
//! object ended by NUL). No WebDriver server, no WebSocket: two pipes and serde_json.
//!
//! The browser runs in its own process group with a fresh profile folder, off the network; every
//! wait is bounded, and dropping the [`Browser`] kills the whole group.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Debian's Chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";

pub struct Browser {
    child: Child,
    to: std::fs::File,
    from: Receiver<Value>,
    /// Events read while waiting for an answer, not yet looked at.
    events: VecDeque<Value>,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
    /// Every console error, uncaught exception and error log entry seen so far.
    pub errors: Vec<String>,
}

/// Two pipes (read end, write end) with close-on-exec.
fn pipe() -> (OwnedFd, OwnedFd) {
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
}

impl Browser {
    /// Starts Chromium headless with a `width` × `height` window and opens one page.
    pub fn start(width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let (cmd_read, cmd_write) = pipe();
        let (ev_read, ev_write) = pipe();
        let (r3, w4) = (cmd_read.as_raw_fd(), ev_write.as_raw_fd());
        let mut command = Command::new(CHROMIUM);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--window-size={width},{height}"))
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        // SAFETY: only async-signal-safe calls between fork and exec. The pipe ends are moved
        // above 9 first, so that putting one on fd 3 cannot close the other.
        unsafe {
            command.pre_exec(move || {
                let a = libc::fcntl(r3, libc::F_DUPFD, 10);
                let b = libc::fcntl(w4, libc::F_DUPFD, 10);
                if a < 0 || b < 0 || libc::dup2(a, 3) < 0 || libc::dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(a);
                libc::close(b);
                // Should the test die without dropping the browser, the browser dies too.
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let child = command.spawn().expect("cannot start chromium");
        drop(cmd_read);
        drop(ev_write);
        let (tx, rx) = mpsc::channel();
        let reader = std::fs::File::from(ev_read);
        std::thread::spawn(move || {
            let mut r = BufReader::new(reader);
            loop {
                let mut buf = Vec::new();
                match r.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if buf.last() == Some(&0) {
                            buf.pop();
                        }
                        let Ok(v) = serde_json::from_slice::<Value>(&buf) else {
                            continue;
                        };
                        if tx.send(v).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            to: std::fs::File::from(cmd_write),
            from: rx,
            events: VecDeque::new(),
            next_id: 0,
            session: String::new(),
            _profile: profile,
            errors: Vec::new(),
        };
        let target = b.browser_call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"]
            .as_str()
            .expect("a target id")
            .to_string();
        let attached = b.browser_call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            b.call(domain, json!({}));
        }
        b.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        b
    }

    fn send(&mut self, method: &str, params: Value, session: Option<&str>) -> u64 {
        self.try_send(method, params, session)
            .expect("chromium closed its pipe")
    }

    fn try_send(
        &mut self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> std::io::Result<u64> {
        self.next_id += 1;
        let mut msg = json!({"id": self.next_id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes)?;
        Ok(self.next_id)
    }

    /// The next message from the browser within `deadline`, or a panic naming `what`.
    fn recv(&mut self, deadline: Instant, what: &str) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.from.recv_timeout(left) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => panic!("chromium: no answer to {what} in time"),
            Err(RecvTimeoutError::Disconnected) => panic!("chromium exited during {what}"),
        }
    }

    fn wait_answer(&mut self, id: u64, what: &str) -> Result<Value, String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let v = self.recv(deadline, what);
            if v["id"].as_u64() == Some(id) {
                if let Some(e) = v.get("error") {
                    return Err(format!("chromium: {what}: {e}"));
                }
                return Ok(v["result"].clone());
            }
            self.note(&v);
            self.events.push_back(v);
        }
    }

    fn browser_call(&mut self, method: &str, params: Value) -> Value {
        let id = self.send(method, params, None);
        self.wait_answer(id, method)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A command to the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A command to the page, or the browser's error (a page that is reloading has none to
    /// answer with).
    pub fn try_call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let session = self.session.clone();
        let id = self.send(method, params, Some(&session));
        self.wait_answer(id, method)
    }

    /// Keeps the errors an event reports.
    fn note(&mut self, v: &Value) {
        let p = &v["params"];
        match v["method"].as_str() {
            Some("Runtime.exceptionThrown") => self.errors.push(format!(
                "exception: {}",
                p["exceptionDetails"]["exception"]["description"]
                    .as_str()
                    .or(p["exceptionDetails"]["text"].as_str())
                    .unwrap_or("?")
            )),
            Some("Runtime.consoleAPICalled")
                if matches!(p["type"].as_str(), Some("error" | "assert")) =>
            {
                self.errors
                    .push(format!("console.{}: {}", p["type"], p["args"]))
            }
            Some("Log.entryAdded") if p["entry"]["level"] == "error" => self.errors.push(format!(
                "log: {}",
                p["entry"]["text"].as_str().unwrap_or("?")
            )),
            _ => {}
        }
    }

    /// Opens `file` and waits for its load event (its scripts have run).
    pub fn open(&mut self, file: &Path) {
        let url = format!("file://{}", file.display());
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_event("Page.loadEventFired");
    }

    /// Waits for an event of the page named `method`.
    pub fn wait_event(&mut self, method: &str) -> Value {
        if let Some(i) = self.events.iter().position(|e| e["method"] == method) {
            return self.events.remove(i).unwrap();
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let v = self.recv(deadline, method);
            self.note(&v);
            if v["method"] == method {
                return v;
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        self.try_eval(expression)
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// The value of a JavaScript expression, or why there is none (it threw; the page is
    /// between two documents).
    pub fn try_eval(&mut self, expression: &str) -> Result<Value, String> {
        let r = self.try_call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        )?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(e.to_string());
        }
        Ok(r["result"]["value"].clone())
    }

    /// A real mouse click (pressed and released) in the middle of the element `selector`
    /// finds, scrolled into view first.
    pub fn click(&mut self, selector: &str) {
        let sel = serde_json::to_string(selector).unwrap();
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
             e.scrollIntoView({{block: 'center', inline: 'nearest'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (
            at[0]
                .as_f64()
                .unwrap_or_else(|| panic!("nothing matches {selector}")),
            at[1].as_f64().unwrap(),
        );
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// The page as a PNG.
    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("png data"))
            .expect("base64")
    }

    /// Lets pending events in (console errors after a click) without waiting for one.
    pub fn settle(&mut self) {
        self.eval("new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))");
        while let Ok(v) = self.from.try_recv() {
            self.note(&v);
            self.events.push_back(v);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.try_send("Browser.close", json!({}), None);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // The renderer, GPU and zygote processes are in the group too.
        unsafe { libc::kill(-(self.child.id() as i32), libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

/// Chromium's path, or why the test cannot use it. With `RUNNER_NEEDS_CHROMIUM` set (CI), its
/// absence fails the test instead.
pub fn chromium() -> Option<PathBuf> {
    let path = PathBuf::from(CHROMIUM);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var_os("RUNNER_NEEDS_CHROMIUM").is_some() {
        panic!(
            "RUNNER_NEEDS_CHROMIUM is set, and {CHROMIUM} is missing (apt-get install chromium)"
        );
    }
    eprintln!("skipped: {CHROMIUM} is missing (apt-get install chromium)");
    None
}
