#!/usr/bin/env python3
"""Play one game of an interactive problem: a solution against the problem's interactor.

    play.py [--timeout S] [--time-limit MS] [--transcript FILE] [--quiet]
            --solution CMD --interactor CMD INPUT

CMD is a command line (split like a shell would, without running a shell), e.g. a compiled
program's path. Nothing is built here: compile the solution and the interactor first.

Wiring (testlib's interactor convention): the interactor is run as `CMD INPUT OUTPUT`; the
solution's stdout goes to the interactor's stdin and the interactor's stdout to the solution's
stdin. The bytes pass through this script, which forwards each chunk as soon as it arrives (it
waits for no end of line) and keeps a transcript: `>` a line the judge (interactor) wrote, `<` a
line the solution wrote, `#` an event (a side closed its output). When one side closes its
output, the other side's input is closed (it reads end of file). OUTPUT is a temporary file; the
interactor writes its one-line summary there (it is shown as the interactor's summary).

Limits: the wall clock (--timeout, seconds, default 2 * time limit + 1 s, the runner's backstop)
for the whole game: when it passes, both programs are killed (their process groups). The
solution's CPU time (user + system, from wait4) is compared with --time-limit (ms, default 1000).
Memory is not limited here.

The verdict, from both exit statuses, in this order (the first that applies):
  FAIL  the interactor exited with 3 (its own failure, e.g. a bad test input), with another code
        than 0-3, or by a signal, or was still running at the wall-clock limit
  TLE   the solution used more CPU time than --time-limit
  ILE   the game was stopped at the wall-clock limit while the solution had used less CPU time
        than its limit: it was waiting (idleness limit exceeded), e.g. for a line the judge would
        never send because the solution's own last line was never flushed
  WA/PE the interactor wrote `-1` (it ended the game for a fault of the solution it had judged),
        and exited 1 / 2: its verdict stands whatever the solution did after the -1
  RE    the solution exited with a non-zero code or a signal (before any -1)
  WA/PE the interactor exited with 1 / 2 (the solution lost at the board, or stopped answering)
  AC    the interactor exited with 0 (the solution won) and the solution with 0

This script's exit code: 0 for AC, 1 for any other verdict, 2 for a usage error.
"""
import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time

INTERACTOR_CODES = {0: "OK", 1: "WA", 2: "PE", 3: "FAIL"}
MAX_EVENTS = 1_000_000  # transcript lines kept; beyond, only counted
SHOWN_LINE = 300  # characters of a line shown in the transcript


class Transcript:
    """The dialogue as (tag, text) events, in arrival order: tag '>' judge, '<' solution, '#'."""

    def __init__(self):
        self.lock = threading.Lock()
        self.events = []
        self.dropped = 0
        self.partial = {">": b"", "<": b""}
        self.lines = {">": [], "<": []}  # complete lines per side, as bytes (for the referees)

    def _add(self, tag, text):
        if len(self.events) < MAX_EVENTS:
            self.events.append((tag, text))
        else:
            self.dropped += 1

    def feed(self, tag, data):
        with self.lock:
            parts = (self.partial[tag] + data).split(b"\n")
            self.partial[tag] = parts.pop()
            for line in parts:
                self.lines[tag].append(line)
                self._add(tag, show(line))

    def close(self, tag, who):
        with self.lock:
            if self.partial[tag]:
                self.lines[tag].append(self.partial[tag])
                self._add(tag, show(self.partial[tag]) + "   (no end of line)")
                self.partial[tag] = b""
            self._add("#", who + " closed its output")

    def note(self, text):
        with self.lock:
            self._add("#", text)

    def text(self):
        out = ["%s %s" % (tag, text) if text else tag for tag, text in self.events]
        if self.dropped:
            out.append("# ... %d more transcript lines not kept" % self.dropped)
        return "\n".join(out)


def show(line):
    """A line for the transcript: invalid UTF-8 and control characters escaped, CR shown."""
    text = line.decode("utf-8", errors="backslashreplace")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > SHOWN_LINE:
        text = text[:SHOWN_LINE] + "... (%d bytes)" % len(line)
    return text


def pump(src, dst, tag, transcript, who_src, who_dst):
    """Forward src (a pipe we read) to dst (a pipe we write) until src ends, then close dst."""
    fd_in = src.fileno()
    dst_open = True
    while True:
        try:
            data = os.read(fd_in, 65536)
        except OSError:
            data = b""
        if not data:
            break
        transcript.feed(tag, data)
        view = memoryview(data)
        while dst_open and view:
            try:
                view = view[os.write(dst.fileno(), view):]
            except OSError:  # EPIPE: the reader has gone; keep draining src
                dst_open = False
                transcript.note("%s could not be written to (it no longer reads)" % who_dst)
    transcript.close(tag, who_src)
    for f in (dst, src):
        try:
            f.close()
        except OSError:
            pass


def drain(src, sink, limit=1 << 16):
    """Keep the last `limit` bytes of a stderr pipe."""
    while True:
        try:
            data = os.read(src.fileno(), 65536)
        except OSError:
            break
        if not data:
            break
        sink[0] = (sink[0] + data)[-limit:]
    src.close()


def reap(proc, into):
    _, status, usage = os.wait4(proc.pid, 0)
    into["status"] = status
    into["cpu"] = usage.ru_utime + usage.ru_stime
    into["end"] = time.monotonic()
    proc.returncode = os.waitstatus_to_exitcode(status)


def describe_status(status):
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal %d" % sig
        return "killed by %s" % name
    return "exit %d" % os.WEXITSTATUS(status)


def play(solution_cmd, interactor_cmd, input_path, time_limit_ms=1000, timeout=None):
    """Run one game; returns a dict: verdict, reason, statuses, summary, transcript, ..."""
    if timeout is None:
        timeout = 2 * time_limit_ms / 1000 + 1
    fd, summary_path = tempfile.mkstemp(prefix="interactor-", suffix=".out")
    os.close(fd)
    transcript = Transcript()
    start = time.monotonic()
    try:
        sol = subprocess.Popen(
            solution_cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            itr = subprocess.Popen(
                list(interactor_cmd) + [input_path, summary_path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError:
            os.killpg(sol.pid, signal.SIGKILL)
            sol.wait()
            raise
        sol_info, itr_info = {}, {}
        sol_err, itr_err = [b""], [b""]
        threads = [
            threading.Thread(
                target=pump,
                args=(sol.stdout, itr.stdin, "<", transcript, "the solution", "the judge"),
            ),
            threading.Thread(
                target=pump,
                args=(itr.stdout, sol.stdin, ">", transcript, "the judge", "the solution"),
            ),
            threading.Thread(target=drain, args=(sol.stderr, sol_err)),
            threading.Thread(target=drain, args=(itr.stderr, itr_err)),
        ]
        reapers = [
            threading.Thread(target=reap, args=(sol, sol_info)),
            threading.Thread(target=reap, args=(itr, itr_info)),
        ]
        for t in threads + reapers:
            t.daemon = True
            t.start()
        deadline = start + timeout
        for t in reapers:
            t.join(max(0.0, deadline - time.monotonic()))
        sol_running, itr_running = (t.is_alive() for t in reapers)
        timed_out = sol_running or itr_running
        if timed_out:
            transcript.note("wall-clock limit of %.1f s: both programs killed" % timeout)
        # Kill whatever is left (the main programs at the deadline; leftovers of their groups).
        for p in (sol, itr):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for t in reapers + threads:
            t.join()
        wall = time.monotonic() - start
    finally:
        try:
            with open(summary_path, encoding="utf-8", errors="replace") as f:
                summary = f.read().strip()
        except OSError:
            summary = ""
        os.unlink(summary_path)
    result = {
        "solution_status": describe_status(sol_info["status"]),
        "interactor_status": describe_status(itr_info["status"]),
        "solution_code": sol.returncode,
        "interactor_code": itr.returncode,
        "solution_cpu_ms": round(sol_info["cpu"] * 1000),
        "wall_ms": round(wall * 1000),
        "timed_out": timed_out,
        "interactor_outlived": itr_running and not sol_running,
        "interactor_killed": itr_running,
        "summary": summary,
        "solution_stderr": sol_err[0].decode("utf-8", "replace"),
        "interactor_stderr": itr_err[0].decode("utf-8", "replace"),
        "judge_lines": transcript.lines[">"],
        "solution_lines": transcript.lines["<"],
        "transcript": transcript,
        "minus_one": b"-1" in (l.rstrip(b"\r") for l in transcript.lines[">"]),
    }
    result["verdict"], result["reason"] = decide(result, time_limit_ms)
    return result


def decide(r, time_limit_ms):
    """The verdict of a game and its reason (the order of the module docstring)."""
    code = r["interactor_code"]
    if r["interactor_outlived"]:
        return "FAIL", "the interactor was still running at the wall-clock limit, after the " \
            "solution had ended"
    if not r["interactor_killed"] and code not in (0, 1, 2):
        return "FAIL", "interactor %s: %s" % (r["interactor_status"], r["summary"])
    if r["solution_cpu_ms"] > time_limit_ms:
        return "TLE", "cpu %d ms over the limit of %d ms" % (r["solution_cpu_ms"], time_limit_ms)
    if r["timed_out"]:
        return "ILE", "stopped at the wall-clock limit; solution cpu %d ms (it was waiting)" % (
            r["solution_cpu_ms"]
        )
    if r["minus_one"] and code in (1, 2):
        return INTERACTOR_CODES[code], r["summary"]
    if r["solution_code"] != 0:
        return "RE", "solution %s" % r["solution_status"]
    if code in (1, 2):
        return INTERACTOR_CODES[code], r["summary"]
    return "AC", r["summary"]


def main():
    ap = argparse.ArgumentParser(
        description="Play one game of an interactive problem (see the module docstring)."
    )
    ap.add_argument("--solution", required=True, help="the solution's command line")
    ap.add_argument("--interactor", required=True, help="the interactor's command line")
    ap.add_argument("--time-limit", type=int, default=1000, metavar="MS")
    ap.add_argument("--timeout", type=float, default=None, metavar="S")
    ap.add_argument("--transcript", metavar="FILE", help="write the transcript here")
    ap.add_argument("--quiet", action="store_true", help="do not print the transcript")
    ap.add_argument("input", help="the test input (the position)")
    a = ap.parse_args()
    r = play(
        shlex.split(a.solution),
        shlex.split(a.interactor),
        a.input,
        time_limit_ms=a.time_limit,
        timeout=a.timeout,
    )
    text = r["transcript"].text()
    if a.transcript:
        with open(a.transcript, "w") as f:
            f.write(text + "\n")
    elif not a.quiet:
        print(text)
    code = r["interactor_code"]
    print(
        "interactor: %s (%s): %s"
        % (r["interactor_status"], INTERACTOR_CODES.get(code, "?"), r["summary"])
    )
    print("solution:   %s, cpu %d ms" % (r["solution_status"], r["solution_cpu_ms"]))
    tail = r["solution_stderr"].strip().splitlines()[-10:]
    for line in tail:
        print("  stderr | " + line)
    print("wall:       %d ms" % r["wall_ms"])
    print("verdict:    %s (%s)" % (r["verdict"], r["reason"]))
    return 0 if r["verdict"] == "AC" else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # `play.py … | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
