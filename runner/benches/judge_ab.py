#!/usr/bin/env python3
"""The runner at several revisions on the judge bench's three sets, alternated in one run.

`cargo bench -p runner --bench judge` gives each set's cost against a bare driver, and that
ratio moves with the machine's load (the bare driver is the noisier side). To tell whether a
change made judging dearer, this script runs the runner *of each revision* on the same sets,
one after the other in every round, and prints each revision's median and its ratio to the
first revision, paired round by round (so a load swing during a round touches every side):

  trivial   2000 cases, one short line each (the per-case cost)
  1 MiB     200 cases of 1 MiB in and out (reading, comparing)
  games     300 interactive games of 100 exchanges (the interactor's wiring)

Every case is judged (`--no-cache`), sandboxed, with 2 jobs, with the dev-profile runner (what
`cargo run -p runner` uses). Each revision is built in a git worktree under the scratch folder
(`--keep` keeps it; a second run with the same `--work` reuses the builds).

Usage (from the workspace root):

  python3 runner/benches/judge_ab.py 8b2c18f HEAD              # any revisions, the first is the base
  python3 runner/benches/judge_ab.py 8b2c18f HEAD --rounds 15 --work /tmp/judge-ab --keep

Printed: per set and revision, the median wall seconds and user+sys CPU seconds (the runner and
everything it started), and the paired median ratio to the base; the load average before and
after.
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

ECHO = """use std::io::{Read, Write};
fn main() {
    let mut v = Vec::new();
    std::io::stdin().read_to_end(&mut v).unwrap();
    std::io::stdout().write_all(&v).unwrap();
}
"""

# The interactive pair of `runner/benches/judge.rs` (sends 0..K, wants each number plus one).
PING_INTERACTOR = """use std::io::{BufRead, Write};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: u64 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    for i in 0..k {
        writeln!(out, "{i}").unwrap();
        out.flush().unwrap();
        match lines.next() {
            Some(Ok(l)) if l.trim().parse::<u64>() == Ok(i + 1) => {}
            _ => std::process::exit(1),
        }
    }
}
"""

PING_SOLUTION = """use std::io::{BufRead, Write};
fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for l in stdin.lock().lines() {
        let n: u64 = l.unwrap().trim().parse().unwrap();
        writeln!(out, "{}", n + 1).unwrap();
        out.flush().unwrap();
    }
}
"""

ECHO_PROBLEM = (
    'title = "Echo"\njudge = "local"\ntime_limit_ms = 2000\n'
    'memory_limit_kib = 262144\ncompare = "exact"\n'
)
PING_PROBLEM = 'title = "Ping"\njudge = "local"\ntime_limit_ms = 2000\ninteractive = true\n'


def rustc(src, exe):
    with open(src + ".rs", "w") as f:
        f.write({"echo": ECHO, "ping": PING_SOLUTION}[os.path.basename(src)])
    subprocess.run(["rustc", "--edition", "2021", "-O", "-o", exe, src + ".rs"], check=True)


def echo_set(root, n, size):
    os.makedirs(f"{root}/problems/echo")
    os.makedirs(f"{root}/fixtures/echo")
    with open(f"{root}/problems/echo/problem.toml", "w") as f:
        f.write(ECHO_PROBLEM)
    toml = []
    for i in range(n):
        head = f'[[case]]\nname = "c{i}"\nsource = "hand"\n'
        if size == 0:
            toml.append(head + f'input = "{i}\\n"\noutput = "{i}\\n"\n')
            continue
        r = random.Random(i)
        b = bytearray(r.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(size))
        for k in range(63, size, 64):
            b[k] = 10
        b[-1] = 10
        for ext in ("in", "out"):
            with open(f"{root}/fixtures/echo/{i}.{ext}", "wb") as f:
                f.write(b)
        toml.append(head + f'input_file = "echo/{i}.in"\noutput_file = "echo/{i}.out"\n')
    with open(f"{root}/fixtures/echo.toml", "w") as f:
        f.write("".join(toml))


def games_set(root, games, exchanges):
    os.makedirs(f"{root}/problems/echo")
    os.makedirs(f"{root}/fixtures")
    with open(f"{root}/problems/echo/problem.toml", "w") as f:
        f.write(PING_PROBLEM)
    with open(f"{root}/problems/echo/interactor.rs", "w") as f:
        f.write(PING_INTERACTOR)
    # Distinct inputs (the same count, then i spaces the interactor trims) so no case repeats.
    toml = "".join(
        f'[[case]]\nname = "g{i}"\nsource = "hand"\ninput = "{exchanges}{" " * i}\\n"\n'
        for i in range(games)
    )
    with open(f"{root}/fixtures/echo.toml", "w") as f:
        f.write(toml)


def build(repo, rev, work):
    """The dev-profile runner of `rev`, built in a worktree of its own under `work`."""
    sha = subprocess.run(
        ["git", "-C", repo, "rev-parse", "--short", rev], check=True, capture_output=True, text=True
    ).stdout.strip()
    tree = os.path.join(work, "rev-" + sha)
    if not os.path.isdir(tree):
        subprocess.run(["git", "-C", repo, "worktree", "add", "-q", "--detach", tree, sha], check=True)
    print(f"building {rev} ({sha}) in {tree}", file=sys.stderr)
    subprocess.run(["cargo", "build", "-q", "-p", "runner"], cwd=tree, check=True)
    return sha, os.path.join(tree, "target", "debug", "runner")


def timed(runner, root, exe):
    """Wall and user+sys CPU seconds of one judged run (the runner and all it waited for)."""
    before = os.times()
    start = before.elapsed
    p = subprocess.run(
        [runner, "--root", root, "--no-cache", "--color", "never", "-j", "2", "judge", "echo", exe],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={k: v for k, v in os.environ.items() if k != "CI"},
    )
    after = os.times()
    if p.returncode != 0:
        sys.exit(f"{runner} failed on {root}:\n{p.stdout.decode()[-2000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return after.elapsed - start, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("revs", nargs="+", help="revisions; the first is the base")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--work", help="scratch folder (default: a new one under /tmp)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder and worktrees")
    a = ap.parse_args()
    repo = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True, text=True
    ).stdout.strip()
    work = a.work or tempfile.mkdtemp(prefix="judge-ab-")
    os.makedirs(work, exist_ok=True)
    try:
        run(a, repo, work)
    finally:
        if not a.keep:
            for d in os.listdir(work):
                if d.startswith("rev-"):
                    subprocess.run(["git", "-C", repo, "worktree", "remove", "--force", os.path.join(work, d)])
            shutil.rmtree(work, ignore_errors=True)


def run(a, repo, work):
    sides = [build(repo, rev, work) for rev in a.revs]
    tools = os.path.join(work, "tools")
    os.makedirs(tools, exist_ok=True)
    echo, ping = os.path.join(tools, "echo"), os.path.join(tools, "ping")
    rustc(echo, echo)
    rustc(ping, ping)
    sets = [("trivial", 2000, echo), ("1 MiB", 200, echo), ("games", 300, ping)]
    roots = {}
    for name, n, _ in sets:
        root = os.path.join(work, "set-" + name.replace(" ", ""))
        if not os.path.isdir(root):
            if name == "games":
                games_set(root, n, 100)
            else:
                echo_set(root, n, 0 if name == "trivial" else 1 << 20)
        roots[name] = root
    load = open("/proc/loadavg").read().split()[:3]
    print(f"{a.rounds} rounds, each revision in turn on each set; load before: {' '.join(load)}")
    got = {(s, sha): [] for s, _, _ in sets for sha, _ in sides}
    for name, _, exe in sets:  # warm-up: launchers built, page cache filled
        for _, runner in sides:
            timed(runner, roots[name], exe)
    for _ in range(a.rounds):
        for name, _, exe in sets:
            for sha, runner in sides:
                got[(name, sha)].append(timed(runner, roots[name], exe))
    base = sides[0][0]
    print(f"{'set':>8} {'rev':>9} | {'wall s':>7} {'cpu s':>7} | {'wall / base':>11} {'cpu / base':>10}")
    for name, n, _ in sets:
        for sha, _ in sides:
            mine, theirs = got[(name, sha)], got[(name, base)]
            ratio = [statistics.median(m[i] / t[i] for m, t in zip(mine, theirs)) for i in (0, 1)]
            med = [statistics.median(m[i] for m in mine) for i in (0, 1)]
            print(f"{name:>8} {sha:>9} | {med[0]:7.3f} {med[1]:7.3f} | {ratio[0]:10.3f}x {ratio[1]:9.3f}x")
    load = open("/proc/loadavg").read().split()[:3]
    print(f"load after: {' '.join(load)}")


if __name__ == "__main__":
    main()
