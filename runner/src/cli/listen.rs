//! `runner listen`: receives problems from the Competitive Companion browser extension. It
//! listens on 127.0.0.1 only (27121 by default, the port cpH uses and the extension already
//! sends to) for the extension's POST of one problem as JSON, and writes each problem it can use
//! into the workspace ([`crate::import::companion`]). Nothing is ever overwritten.
//!
//! HTTP is std::net and a few lines: one endpoint, one method, a body with a Content-Length (the
//! extension sends a string with `fetch`), on loopback; a crate would add a thread pool and a
//! dependency tree for that. The accept loop polls, so that Ctrl-C or SIGTERM (the handler
//! `sandbox::init` installs) ends it at once.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::context::{print, Context};
use crate::exit;
use crate::import::{companion, draft};

/// Headers larger than this are refused.
const MAX_HEAD: usize = 64 << 10;
/// Bodies larger than this are refused: a payload holds the statement's samples.
const MAX_BODY: usize = 64 << 20;

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

pub fn listen(cx: &Context, port: u16, once: bool) -> Result<u8> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).with_context(|| {
        format!(
            "cannot listen on 127.0.0.1:{port} (another tool, such as cpH, may have it: --port)"
        )
    })?;
    let bound = listener.local_addr()?.port();
    listener.set_nonblocking(true)?;
    print(&format!(
        "listening on http://127.0.0.1:{bound}/ for Competitive Companion (a problem's page: \
         click its green plus); Ctrl-C stops{}\n",
        if once {
            " (--once: after one problem or batch)"
        } else {
            ""
        }
    ))?;
    // batch id -> (size, payloads received, all created so far)
    let mut batches: HashMap<String, (u64, u64, bool)> = HashMap::new();
    loop {
        if sandbox::interrupted() {
            eprintln!("listen: interrupted");
            return Ok(exit::INTERRUPTED);
        }
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).context("accepting a connection"),
        };
        let reply = serve(cx, stream);
        let Some((id, size)) = reply.batch else {
            continue;
        };
        let entry = batches.entry(id).or_insert((size, 0, true));
        entry.1 += 1;
        entry.2 &= reply.created;
        if once && entry.1 >= entry.0 {
            return Ok(if entry.2 { exit::PASSED } else { exit::FAILED });
        }
    }
}

/// Reads one request, answers it, and says what became of it.
fn serve(cx: &Context, mut stream: TcpStream) -> Reply {
    let reply = match stream
        .set_nonblocking(false)
        .and_then(|()| stream.set_read_timeout(Some(Duration::from_secs(10))))
    {
        Ok(()) => match read_request(&mut stream) {
            Ok(req) => handle(cx, req),
            Err(reply) => reply,
        },
        Err(e) => Reply::new(500, format!("cannot read the request: {e}")),
    };
    if reply.code >= 400 {
        eprintln!("listen: {} {}", reply.code, reply.body.trim_end());
    }
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Headers: Content-Type\r\n\
         Connection: close\r\n\r\n",
        reply.code,
        reason(reply.code),
        reply.body.len()
    );
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(reply.body.as_bytes()))
        .and_then(|()| stream.flush());
    reply
}

fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Payload Too Large",
        _ => "Internal Server Error",
    }
}

struct Request {
    method: String,
    path: String,
    body: Vec<u8>,
}

/// The request line, the headers (only Content-Length is used) and the body.
fn read_request(stream: &mut TcpStream) -> Result<Request, Reply> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = find(&buf, b"\r\n\r\n") {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return Err(Reply::new(413, "the request's headers are too large"));
        }
        match stream.read(&mut chunk) {
            Ok(0) => {
                return Err(Reply::new(
                    400,
                    "the connection closed before the request ended",
                ))
            }
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) => return Err(Reply::new(400, format!("cannot read the request: {e}"))),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or("").split_ascii_whitespace();
    let (method, path) = match (first.next(), first.next()) {
        (Some(m), Some(p)) => (m.to_string(), p.to_string()),
        _ => return Err(Reply::new(400, "not an HTTP request")),
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
        }
    }
    let mut body = buf[head_end + 4..].to_vec();
    if method == "POST" {
        let Some(length) = length else {
            return Err(Reply::new(411, "a POST needs a Content-Length"));
        };
        if length > MAX_BODY {
            return Err(Reply::new(413, format!("a body over {MAX_BODY} bytes")));
        }
        while body.len() < length {
            match stream.read(&mut chunk) {
                Ok(0) => {
                    return Err(Reply::new(
                        400,
                        "the body is shorter than its Content-Length",
                    ))
                }
                Ok(n) => body.extend_from_slice(&chunk[..n]),
                Err(e) => return Err(Reply::new(400, format!("cannot read the body: {e}"))),
            }
        }
        body.truncate(length);
    }
    Ok(Request { method, path, body })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn handle(cx: &Context, req: Request) -> Reply {
    match (req.method.as_str(), req.path.as_str()) {
        ("OPTIONS", _) => Reply::new(204, ""),
        ("GET", "/") => Reply::new(
            200,
            "runner listen: POST a Competitive Companion payload (JSON) here\n",
        ),
        ("POST", "/") => receive(cx, &req.body),
        (_, "/") => Reply::new(405, format!("{}: only POST (and GET) here", req.method)),
        _ => Reply::new(
            404,
            format!("{}: Competitive Companion posts to /", req.path),
        ),
    }
}

/// One payload: written as a problem, refused (it exists), or unusable.
fn receive(cx: &Context, body: &[u8]) -> Reply {
    let payload = match companion::parse(body) {
        Ok(p) => p,
        Err(why) => return Reply::new(400, format!("{why}: nothing was written\n")),
    };
    let batch = Some(payload.batch.as_ref().map_or_else(
        || (format!("single {}", payload.url), 1),
        |b| (b.id.clone(), b.size.max(1)),
    ));
    let d = companion::draft(&cx.ws, &cx.judges, &payload);
    match draft::write(&cx.ws, &d, companion::FIXTURE_HEADER) {
        Ok(written) => {
            let mut text = format!(
                "created problem `{}`: {} ({}{}), {} ms, {} KiB, {} sample{}\n",
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
            for path in &written {
                text.push_str(&format!("  {}\n", cx.ws.display(path)));
            }
            for note in &d.notes {
                text.push_str(&format!("  note: {note}\n"));
            }
            text.push_str(&format!(
                "  next: write the solution, then `cargo run -p runner -- {}`\n",
                d.slug
            ));
            let _ = print(&text);
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
                body: format!("`{}` ({}): {e:#}\n", d.slug, payload.name),
                batch,
                created: false,
            }
        }
    }
}
