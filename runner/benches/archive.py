#!/usr/bin/env python3
"""The judge on an archive: N problems, each a small C solution with 10-20 cases, one in ten
with a wrong solution, measured in one run of this script:

  cold        nothing built, nothing cached (target/judge/ removed)
  warm        nothing changed since the cold run
  one edit    one solution edited (a comment added): its compile and its cases only
  list        `runner list` (discovery and fixture parsing, nothing built or run)

Usage (from the workspace root; builds the runner first):

  cargo build -p runner && python3 runner/benches/archive.py            # 1000 problems
  python3 runner/benches/archive.py --problems 200 --runner target/release/runner

Printed: seconds for each run, and ms per problem for the warm run and for `list`.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

SOLUTION = """#include <stdio.h>
int main(void) {
    long n;
    while (scanf("%ld", &n) == 1) printf("%ld\\n", 2 * n);
    return 0;
}
"""

WRONG = """#include <stdio.h>
int main(void) {
    long n;
    while (scanf("%ld", &n) == 1) printf("%ld\\n", n > 50 ? 2 * n + 1 : 2 * n);
    return 0;
}
"""


def make_archive(root, problems, seed):
    rng = random.Random(seed)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    shutil.copy(os.path.join(repo, "judges.toml"), os.path.join(root, "judges.toml"))
    for d in ("problems", "fixtures", "solutions"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    for i in range(problems):
        slug = "p%04d" % i
        pdir = os.path.join(root, "problems", slug)
        os.makedirs(pdir)
        with open(os.path.join(pdir, "problem.toml"), "w") as f:
            f.write('title = "Twice %d"\njudge = "local"\ntime_limit_ms = 1000\n' % i)
        cases = []
        for c in range(rng.randint(10, 20)):
            n = rng.randint(1, 100)
            cases.append(
                '[[case]]\nname = "c%d"\nsource = "hand"\ninput = "%d\\n"\noutput = "%d\\n"\n'
                % (c, n, 2 * n)
            )
        # The last case catches the wrong solution.
        cases.append('[[case]]\nname = "big"\nsource = "hand"\ninput = "99\\n"\noutput = "198\\n"\n')
        with open(os.path.join(root, "fixtures", slug + ".toml"), "w") as f:
            f.write("\n".join(cases))
        with open(os.path.join(root, "solutions", slug + ".c"), "w") as f:
            f.write("/* %s */\n" % slug + SOLUTION)
        if i % 10 == 0:
            wdir = os.path.join(pdir, "wrong")
            os.makedirs(wdir)
            with open(os.path.join(wdir, "off.c"), "w") as f:
                f.write("/* %s */\n" % slug + WRONG)
            with open(os.path.join(wdir, "wrong.toml"), "w") as f:
                f.write('[[program]]\nfile = "off.c"\nexpect = "WA"\nwhy = "off by one above 50"\n')


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    took = time.perf_counter() - start
    last = out.stdout.strip().splitlines()[-1:] or ["(no output)"]
    if out.returncode != 0:
        sys.exit("failed (%d): %s\n%s\n%s" % (out.returncode, " ".join(cmd), out.stdout[-2000:], out.stderr[-2000:]))
    reused = [l for l in out.stdout.splitlines() if l.startswith("reused ")]
    return took, last[0], reused[0] if reused else "reused nothing"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=1000)
    ap.add_argument("--runner", default="target/debug/runner")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep the archive (its path is printed)")
    a = ap.parse_args()
    runner = os.path.abspath(a.runner)
    if not os.path.exists(runner):
        sys.exit("no runner at %s: cargo build -p runner first" % runner)
    root = tempfile.mkdtemp(prefix="archive-")
    try:
        make_archive(root, a.problems, a.seed)
        base = [runner, "--root", root, "--color", "never"]
        env_note = "jobs: %d CPUs" % os.cpu_count()
        cold, line, _ = timed(base)
        warm, wline, wreused = timed(base)
        edited = os.path.join(root, "solutions", "p%04d.c" % (a.problems // 2))
        with open(edited, "a") as f:
            f.write("/* edited */\n")
        edit, eline, ereused = timed(base)
        listed, _, _ = timed(base + ["list"])
        n = a.problems
        print("archive: %d problems, %s" % (n, env_note))
        print("cold       %7.2f s   %s" % (cold, line))
        print("warm       %7.2f s   %s; %s; %.2f ms per problem" % (warm, wline, wreused, warm * 1000 / n))
        print("one edit   %7.2f s   %s; %s" % (edit, eline, ereused))
        print("list       %7.2f s   %.3f ms per problem (discovery and fixtures)" % (listed, listed * 1000 / n))
        if a.keep:
            print("kept:", root)
    finally:
        if not a.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
