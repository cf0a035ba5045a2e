//! `runner listen`: receives problems from the Competitive Companion browser extension. It
//! listens on 127.0.0.1 only (27121 by default, the port cpH uses and the extension already
//! sends to) for the extension's POST of one problem as JSON, and writes each problem it can use
//! into the workspace ([`package_formats::companion`]). Nothing is ever overwritten.
//!
//! It talks to the extension (and to tools such as curl) only, never to a web page: any page the
//! user visits can send a request to 127.0.0.1, but a browser marks a page's request with the
//! page's `Origin` (every POST has one), and a page cannot send `Content-Type: application/json`
//! without the browser asking first (a preflight, which gets no CORS answer here). So a request
//! whose `Origin` is not an extension's (`chrome-extension://…`, `moz-extension://…`) is refused
//! (403), as is one for a `Host` other than localhost (a site whose name was made to resolve to
//! 127.0.0.1: DNS rebinding), a POST that is not `application/json` too (415), and no answer carries
//! `Access-Control-Allow-Origin`. Each connection is served on a thread of its own (at most
//! [`MAX_CONNECTIONS`] at once; more are answered 503), and must send its whole request within
//! [`READ_DEADLINE`] (else 408): a client that never finishes delays nobody. Bodies are bounded
//! ([`MAX_BODY`], else 413).
//!
//! HTTP is std::net and a few lines: one endpoint, one method, a body with a Content-Length (the
//! extension sends a string), on loopback; a crate would bring a dependency tree for that. The
//! accept loop polls, so that Ctrl-C or SIGTERM (the run's `sandbox::Cancel`, which the binary
//! makes with `Cancel::on_signals`) ends it at once.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

use super::context::{print, Context};
use judging::exit;
use judging::scaffold::Lang;
use judging::Judges;
use judging::Workspace;
use package_formats::{companion, draft};

/// Headers larger than this are refused.
const MAX_HEAD: usize = 16 << 10;
/// Bodies larger than this are refused: a payload holds the statement's samples.
const MAX_BODY: usize = 16 << 20;
/// Connections served at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 16;
/// The time a client has to send its whole request (headers and body).
pub const READ_DEADLINE: Duration = Duration::from_secs(5);
/// The `Origin`s of browser extensions: Competitive Companion posts from its background page.
const EXTENSION_ORIGINS: [&str; 3] = [
    "chrome-extension://",
    "moz-extension://",
    "safari-web-extension://",
];

/// What became of one request.
struct Reply {
    code: u16,
    body: String,
    /// The payload's batch (id, size) when it was one, whether or not it could be written.
    batch: Option<(String, u64)>,
    created: bool,
}

impl Reply {
    fn new(code: u16, body: impl Into<String>) -> Reply {
        Reply {
            code,
            body: body.into(),
            batch: None,
            created: false,
        }
    }
}

/// What every connection's thread shares.
#[derive(Clone, Copy)]
struct Shared<'a> {
    ws: &'a Workspace,
    judges: &'a Judges,
    /// Held while a problem is written: two payloads of one problem never race.
    writing: &'a Mutex<()>,
    cancel: &'a sandbox::Cancel,
    /// The language of the solutions written (a judge that does not take it gets another).
    lang: Lang,
}

/// Listens on `port`; each problem's solution to start from is in `lang` (default: the
/// workspace's).
pub fn listen(cx: &Context, port: u16, once: bool, lang: Option<Lang>) -> Result<u8> {
    let lang = match lang {
        Some(l) => l,
        None => cx.lang()?,
    };
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).with_context(|| {
        format!(
            "cannot listen on 127.0.0.1:{port} (another tool, such as cpH, may have it: --port)"
        )
    })?;
    let bound = listener.local_addr()?.port();
    listener.set_nonblocking(true)?;
    print(&format!(
        "listening on http://127.0.0.1:{bound}/ for Competitive Companion (a problem's page: \
         click its green plus); solutions in {}; Ctrl-C stops{}\n",
        lang.title(),
        if once {
            " (--once: after one problem or batch)"
        } else {
            ""
        }
    ))?;
    let writing = Mutex::new(());
    let shared = Shared {
        ws: &cx.ws,
        judges: &cx.judges,
        writing: &writing,
        cancel: &cx.cancel,
        lang,
    };
    let active = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Reply>();
    // batch id -> (size, payloads received, all created so far)
    let mut batches: HashMap<String, (u64, u64, bool)> = HashMap::new();
    std::thread::scope(|scope| loop {
        if cx.cancel.is_cancelled() {
            eprintln!("listen: interrupted");
            return Ok(exit::INTERRUPTED);
        }
        for reply in rx.try_iter() {
            if let Some(code) = tally(&mut batches, reply, once) {
                return Ok(code);
            }
        }
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).context("accepting a connection"),
        };
        if active.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            let reply = Reply::new(503, "too many connections at once: try again\n");
            answer(stream, &reply);
            continue;
        }
        active.fetch_add(1, Ordering::SeqCst);
        let (tx, active) = (tx.clone(), &active);
        scope.spawn(move || {
            let reply = serve(shared, stream);
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(reply);
        });
    })
}

/// Counts `reply` in its batch; with `once`, the exit code once a whole batch has come.
fn tally(batches: &mut HashMap<String, (u64, u64, bool)>, reply: Reply, once: bool) -> Option<u8> {
    let (id, size) = reply.batch?;
    let entry = batches.entry(id).or_insert((size, 0, true));
    entry.1 += 1;
    entry.2 &= reply.created;
    (once && entry.1 >= entry.0).then_some(if entry.2 { exit::PASSED } else { exit::FAILED })
}

/// Reads one request within [`READ_DEADLINE`], answers it, and says what became of it.
fn serve(sh: Shared, mut stream: TcpStream) -> Reply {
    let deadline = Instant::now() + READ_DEADLINE;
    let reply = match stream.set_nonblocking(false) {
        Ok(()) => match read_request(&mut stream, deadline) {
            Ok(req) => handle(sh, req),
            Err(reply) => reply,
        },
        Err(e) => Reply::new(500, format!("cannot read the request: {e}")),
    };
    answer(stream, &reply);
    reply
}

/// Sends `reply` (and prints the refusals): no CORS header, so no web page reads it.
fn answer(mut stream: TcpStream, reply: &Reply) {
    if reply.code >= 400 {
        eprintln!("listen: {} {}", reply.code, reply.body.trim_end());
    }
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        reply.code,
        reason(reply.code),
        reply.body.len()
    );
    let _ = stream
        .set_nonblocking(false)
        .and_then(|()| stream.set_write_timeout(Some(READ_DEADLINE)))
        .and_then(|()| stream.write_all(head.as_bytes()))
        .and_then(|()| stream.write_all(reply.body.as_bytes()))
        .and_then(|()| stream.flush());
}

fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

struct Request {
    method: String,
    path: String,
    /// Every `Origin` header's value.
    origins: Vec<String>,
    /// Every `Host` header's value.
    hosts: Vec<String>,
    content_type: Option<String>,
    body: Vec<u8>,
}

/// Reads into `buf` what comes before `deadline`; `Ok(0)` at the end of the stream.
fn read_some(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> Result<usize, Reply> {
    let late = || {
        Reply::new(
            408,
            format!(
                "the request did not arrive whole within {} s",
                READ_DEADLINE.as_secs()
            ),
        )
    };
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(late());
        }
        if let Err(e) = stream.set_read_timeout(Some(left)) {
            return Err(Reply::new(500, format!("cannot read the request: {e}")));
        }
        match stream.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(late())
            }
            Err(e) => return Err(Reply::new(400, format!("cannot read the request: {e}"))),
        }
    }
}

/// The request line, the headers (Content-Length, Origin, Content-Type) and the body.
fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Request, Reply> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = find(&buf, b"\r\n\r\n") {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return Err(Reply::new(413, "the request's headers are too large"));
        }
        match read_some(stream, &mut chunk, deadline)? {
            0 => {
                return Err(Reply::new(
                    400,
                    "the connection closed before the request ended",
                ))
            }
            n => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or("").split_ascii_whitespace();
    let (method, path) = match (first.next(), first.next()) {
        (Some(m), Some(p)) => (m.to_string(), p.to_string()),
        _ => return Err(Reply::new(400, "not an HTTP request")),
    };
    let mut req = Request {
        method,
        path,
        origins: Vec::new(),
        hosts: Vec::new(),
        content_type: None,
        body: buf[head_end + 4..].to_vec(),
    };
    let mut length: Option<usize> = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .parse()
                    .map_err(|_| Reply::new(400, format!("Content-Length `{value}`")))?,
            );
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Reply::new(411, "send the body with a Content-Length"));
        } else if name.eq_ignore_ascii_case("origin") {
            req.origins.push(value.to_string());
        } else if name.eq_ignore_ascii_case("host") {
            req.hosts.push(value.to_string());
        } else if name.eq_ignore_ascii_case("content-type") {
            req.content_type = Some(value.to_string());
        }
    }
    if req.method == "POST" {
        let Some(length) = length else {
            return Err(Reply::new(411, "a POST needs a Content-Length"));
        };
        if length > MAX_BODY {
            return Err(Reply::new(413, format!("a body over {MAX_BODY} bytes")));
        }
        while req.body.len() < length {
            match read_some(stream, &mut chunk, deadline)? {
                0 => {
                    return Err(Reply::new(
                        400,
                        "the body is shorter than its Content-Length",
                    ))
                }
                n => req.body.extend_from_slice(&chunk[..n]),
            }
        }
        req.body.truncate(length);
    }
    Ok(req)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Whether `host` (a `Host` header) names this machine's loopback: a page of another site that
/// had its name resolve to 127.0.0.1 (DNS rebinding) sends its own name.
fn loopback_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .any(|l| name.eq_ignore_ascii_case(l))
}

/// Why a request is refused before it is looked at: a web page's `Origin` or another site's
/// `Host` (403), a POST that is not JSON (415).
fn refusal(req: &Request) -> Option<Reply> {
    if let Some(h) = req.hosts.iter().find(|h| !loopback_host(h)) {
        return Some(Reply::new(
            403,
            format!("refused a request for the host {h:?}: only localhost is served here\n"),
        ));
    }
    if let Some(o) = req
        .origins
        .iter()
        .find(|o| !EXTENSION_ORIGINS.iter().any(|e| o.starts_with(e)))
    {
        return Some(Reply::new(
            403,
            format!(
                "refused a request from the web page {o:?}: only the Competitive Companion \
                 extension (or a tool that sends no Origin) may post here\n"
            ),
        ));
    }
    let json = req.content_type.as_deref().is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if req.method == "POST" && !json {
        return Some(Reply::new(
            415,
            format!(
                "refused a POST of Content-Type {:?}: Competitive Companion sends \
                 application/json\n",
                req.content_type.as_deref().unwrap_or("(none)")
            ),
        ));
    }
    None
}

fn handle(sh: Shared, req: Request) -> Reply {
    if let Some(refused) = refusal(&req) {
        return refused;
    }
    match (req.method.as_str(), req.path.as_str()) {
        ("OPTIONS", _) => Reply::new(204, ""),
        ("GET", "/") => Reply::new(
            200,
            "runner listen: POST a Competitive Companion payload (JSON) here\n",
        ),
        ("POST", "/") => receive(sh, &req.body),
        (_, "/") => Reply::new(405, format!("{}: only POST (and GET) here", req.method)),
        _ => Reply::new(
            404,
            format!("{}: Competitive Companion posts to /", req.path),
        ),
    }
}

/// One payload: written as a problem, refused (it exists), or unusable.
fn receive(sh: Shared, body: &[u8]) -> Reply {
    let payload = match companion::parse(body) {
        Ok(p) => p,
        Err(why) => return Reply::new(400, format!("{why}: nothing was written\n")),
    };
    let batch = Some(payload.batch.as_ref().map_or_else(
        || (format!("single {}", payload.url), 1),
        |b| (b.id.clone(), b.size.max(1)),
    ));
    let d = companion::draft(sh.ws, sh.judges, &payload, sh.lang);
    let written = {
        let _guard = sh.writing.lock().unwrap_or_else(|e| e.into_inner());
        draft::write(sh.ws, &d, companion::FIXTURE_HEADER, sh.cancel)
    };
    match written {
        Ok(written) => {
            let _ = print(&created(sh.ws, &d, &written));
            Reply {
                code: 200,
                body: format!("created problem `{}`\n", d.slug),
                batch,
                created: true,
            }
        }
        Err(e) => {
            let exists = format!("{e:#}").contains("exists already");
            Reply {
                code: if exists { 409 } else { 500 },
                body: format!("`{}` ({:?}): {e:#}\n", d.slug, payload.name),
                batch,
                created: false,
            }
        }
    }
}

/// What the listener prints of a problem it wrote.
fn created(ws: &Workspace, d: &draft::Draft, written: &[std::path::PathBuf]) -> String {
    let mut text = format!(
        "created problem `{}`: {:?} ({}{}), {} ms, {} KiB, {} sample{}\n",
        d.slug,
        d.meta.title,
        d.meta.judge,
        d.meta
            .id
            .as_deref()
            .map(|i| format!(" {i}"))
            .unwrap_or_default(),
        d.meta.time_limit_ms,
        d.meta.memory_limit_kib,
        d.cases.len(),
        if d.cases.len() == 1 { "" } else { "s" },
    );
    for path in written {
        text.push_str(&format!("  {}\n", ws.display(path)));
    }
    for note in &d.notes {
        text.push_str(&format!(
            "  note: {}\n",
            note.replace(char::is_control, " ")
        ));
    }
    let solution = d
        .files
        .iter()
        .find(|f| f.rel.starts_with("solutions"))
        .map(|f| format!(" ({})", f.rel.display()))
        .unwrap_or_default();
    text.push_str(&format!(
        "  next: write the solution{solution}, then `{} {}`\n",
        crate::invoked::command(),
        d.slug
    ));
    text
}
