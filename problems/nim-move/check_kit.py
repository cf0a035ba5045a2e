#!/usr/bin/env python3
"""Checks the nim-move kit until the runner supports checkers and validators.

    python3 problems/nim-move/check_kit.py [--seeds N] [--build DIR]

Builds every program with `rustc --edition 2021 -O` (and compiles each once more with
/usr/bin/rustc, the judges' 1.63, if present), then checks, failing loudly on the first problem:
 1. the validator accepts every fixture input and every generated input, and rejects each
    invalid/*.in with exit 1 and exactly the stderr line in invalid/*.err;
 2. every jury answer is right by the checker (checker INPUT EXPECTED EXPECTED exits 0);
 3. the solution gets AC (checker exit 0) on every case within the time limit (CPU time), and on
    at least one case its output differs from the jury's (the different-right-move demonstration);
 4. the brute force, on every case within its reach (oracle != "formula"), is accepted by the
    checker, and reproduces byte for byte the cases whose source is "brute";
 5. every wrong solution in wrong/wrong.toml gets its expected verdict on some case;
 6. stress: N seeds (default 1000) of `gen SEED` -> brute and solution, each judged by the
    checker with the other as the jury; then gen at sizes 2..12: the checker accepts the
    solution's moves (it judges them with its own xor code);
 7. the checker itself: crafted outputs get AC / WA / PE as documented, and a wrong jury answer
    or a broken input gets exit 3;
 8. determinism: gen prints the same input twice for a seed; make_fixtures.py rewrites the same
    files.
"""
import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FIX = os.path.join(ROOT, "fixtures")
SLUG = "nim-move"
VERDICT = {0: "AC", 1: "WA", 2: "PE", 3: "FAIL"}


def die(msg):
    print(f"FAILED: {msg}")
    sys.exit(1)


def build(src, out, rustc="rustc"):
    r = subprocess.run([rustc, "--edition", "2021", "-O", "-o", out, src], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"{rustc} could not compile {src}:\n{r.stderr}")
    return out


def run(exe, args=(), stdin_path=None, stdout_path=None, wall=20.0):
    """Runs exe; returns (exit code or -signal, cpu seconds, stderr text, killed by the backstop)."""
    fin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    fout = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    p = subprocess.Popen([exe, *args], stdin=fin, stdout=fout, stderr=subprocess.PIPE, start_new_session=True)
    killed = []

    def backstop():
        killed.append(True)
        os.killpg(p.pid, signal.SIGKILL)

    timer = threading.Timer(wall, backstop)
    timer.start()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = 0  # reaped here, not by Popen
    for f in (fin, fout):
        if hasattr(f, "close"):
            f.close()
    code = os.waitstatus_to_exitcode(status)
    return code, usage.ru_utime + usage.ru_stime, err.decode(errors="replace").strip(), bool(killed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--build", default="/tmp/nim-move-kit")
    opt = ap.parse_args()
    B = opt.build
    shutil.rmtree(B, ignore_errors=True)
    os.makedirs(os.path.join(B, "cases"))

    # --- build -----------------------------------------------------------------------------
    t0 = time.time()
    exe = {}
    sources = {
        "sol": os.path.join(ROOT, "solutions", "src", "bin", SLUG + ".rs"),
        **{name: os.path.join(HERE, name + ".rs") for name in ("brute", "gen", "validate", "checker")},
    }
    manifest = tomllib.load(open(os.path.join(HERE, "wrong", "wrong.toml"), "rb"))["program"]
    for w in manifest:
        sources["wrong:" + w["file"]] = os.path.join(HERE, "wrong", w["file"])
    for name, src in sources.items():
        exe[name] = build(src, os.path.join(B, name.replace(":", "-").replace(".rs", "")))
    old = "/usr/bin/rustc"
    if os.path.exists(old):
        for name, src in sources.items():
            build(src, os.path.join(B, "msrv-check"), old)
        msrv = subprocess.run([old, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"build: {len(sources)} programs with rustc and with {msrv} ({time.time() - t0:.1f} s)")
    else:
        print(f"build: {len(sources)} programs (no /usr/bin/rustc for the 1.63 check)")

    meta = tomllib.load(open(os.path.join(HERE, "problem.toml"), "rb"))
    limit = meta["time_limit_ms"] / 1000

    def checker(inp, exp, act):
        code, _, err, _ = run(exe["checker"], (inp, exp, act))
        return code, err

    # --- fixtures ------------------------------------------------------------------------------
    cases = tomllib.load(open(os.path.join(FIX, SLUG + ".toml"), "rb"))["case"]
    for c in cases:
        for key, ext in (("input", "in"), ("output", "out")):
            path = os.path.join(B, "cases", f"{c['name']}.{ext}")
            data = open(os.path.join(FIX, c[key + "_file"]), "rb").read() if key + "_file" in c else c[key].encode()
            open(path, "wb").write(data)
            c[ext] = path
        assert c.get("source") in ("sample", "hand", "brute", "formula"), c["name"]

    # 1. validator
    for c in cases:
        code, _, err, _ = run(exe["validate"], stdin_path=c["in"])
        if code != 0:
            die(f"validator rejects fixture {c['name']}: {err}")
    inv = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "invalid")) if f.endswith(".in"))
    for name in inv:
        code, _, err, _ = run(exe["validate"], stdin_path=os.path.join(HERE, "invalid", name + ".in"))
        want = open(os.path.join(HERE, "invalid", name + ".err")).read().strip()
        if code != 1 or err != want:
            die(f"validator on invalid/{name}.in: exit {code}, stderr {err!r}; want exit 1, {want!r}")
        print(f"validator: invalid/{name}.in rejected: {err}")
    if len(inv) < 4:
        die("fewer than 4 invalid inputs")
    print(f"validator: all {len(cases)} fixture inputs accepted, {len(inv)} invalid inputs rejected as expected")

    # 2. jury answers
    for c in cases:
        code, err = checker(c["in"], c["out"], c["out"])
        if code != 0:
            die(f"jury answer of {c['name']} is not accepted: exit {code}: {err}")
    print(f"jury: checker accepts the jury answer of all {len(cases)} cases")

    # 3. solution
    differ = []
    slowest = (0.0, "")
    for c in cases:
        out = os.path.join(B, "cases", c["name"] + ".sol")
        code, cpu, err, killed = run(exe["sol"], stdin_path=c["in"], stdout_path=out, wall=3 * limit)
        if code != 0 or killed or cpu > limit:
            die(f"solution on {c['name']}: exit {code}, cpu {cpu:.3f} s, killed {killed}: {err}")
        v, err = checker(c["in"], c["out"], out)
        if v != 0:
            die(f"solution on {c['name']}: {VERDICT.get(v, v)}: {err}")
        slowest = max(slowest, (cpu, c["name"]))
        if open(out, "rb").read() != open(c["out"], "rb").read():
            differ.append(c["name"])
    if not differ:
        die("no case where the solution's answer differs from the jury's: the checker is untested")
    print(f"solution: AC on all {len(cases)} cases (slowest {slowest[0] * 1000:.0f} ms CPU on {slowest[1]}); "
          f"its output differs from the jury answer, yet is accepted, on: {', '.join(differ)}")

    # 4. brute force
    reach = [c for c in cases if c.get("oracle", "brute") != "formula"]
    for c in reach:
        out = os.path.join(B, "cases", c["name"] + ".brute")
        code, cpu, err, killed = run(exe["brute"], stdin_path=c["in"], stdout_path=out, wall=10)
        if code != 0 or killed:
            die(f"brute on {c['name']}: exit {code}, killed {killed}: {err}")
        v, err = checker(c["in"], c["out"], out)
        if v != 0:
            die(f"brute on {c['name']}: {VERDICT.get(v, v)}: {err}")
        if c["source"] == "brute" and open(out, "rb").read() != open(c["out"], "rb").read():
            die(f"brute output of {c['name']} differs from its fixture (source = brute)")
    print(f"brute: accepted by the checker on all {len(reach)} cases within reach "
          f"({sum(c['source'] == 'brute' for c in reach)} of them, source = brute, byte-identical); "
          f"skipped (oracle = formula): {', '.join(c['name'] for c in cases if c not in reach)}")

    # 5. wrong solutions
    for w in manifest:
        seen = []
        got = None
        for c in cases:
            out = os.path.join(B, "cases", c["name"] + ".wrong")
            code, cpu, err, killed = run(exe["wrong:" + w["file"]], stdin_path=c["in"], stdout_path=out,
                                         wall=3 * limit)
            if killed or cpu > limit:
                verdict, why = "TLE", f"{cpu * 1000:.0f} ms CPU{' (killed at the backstop)' if killed else ''}"
            elif code != 0:
                verdict, why = "RE", f"exit {code}: {err[:80]}"
            else:
                v, why = checker(c["in"], c["out"], out)
                verdict = VERDICT.get(v, str(v))
                if verdict == "FAIL":
                    die(f"checker failure judging {w['file']} on {c['name']}: {why}")
            seen.append(verdict)
            if verdict == w["expect"]:
                got = (c["name"], why)
                break
        if not got:
            die(f"{w['file']} never got {w['expect']}: verdicts {seen}")
        print(f"wrong: {w['file']:24} {w['expect']:3} on {got[0]} ({got[1]})")

    # 6. stress
    gen_in = os.path.join(B, "gen.in")
    a, b = os.path.join(B, "gen.brute"), os.path.join(B, "gen.sol")
    differ = 0
    for seed in range(1, opt.seeds + 1):
        code, _, err, _ = run(exe["gen"], (str(seed),), stdout_path=gen_in)
        if code != 0:
            die(f"gen {seed}: exit {code}: {err}")
        code, _, err, _ = run(exe["validate"], stdin_path=gen_in)
        if code != 0:
            die(f"validator rejects gen {seed}: {err}")
        for prog, out in (("brute", a), ("sol", b)):
            code, _, err, _ = run(exe[prog], stdin_path=gen_in, stdout_path=out)
            if code != 0:
                die(f"{prog} on gen {seed}: exit {code}: {err}")
        for jury, act, who in ((a, b, "solution"), (b, a, "brute force")):
            v, err = checker(gen_in, jury, act)
            if v != 0:
                die(f"stress seed {seed}: the {who} gets {VERDICT.get(v, v)}: {err}\n{open(gen_in).read()}")
        differ += open(a, "rb").read() != open(b, "rb").read()
    print(f"stress: {opt.seeds} seeds (size 1): brute and solution accept each other under the checker "
          f"({differ} seeds with a different but right move); every input validated")
    count = 0
    for size in range(2, 13):
        for seed in range(1, 21):
            run(exe["gen"], (str(seed), str(size)), stdout_path=gen_in)
            code, _, err, _ = run(exe["validate"], stdin_path=gen_in)
            if code != 0:
                die(f"validator rejects gen {seed} {size}: {err}")
            run(exe["sol"], stdin_path=gen_in, stdout_path=b)
            v, err = checker(gen_in, b, b)
            if v != 0:
                die(f"gen {seed} {size}: the solution's answer gets {VERDICT.get(v, v)}: {err}")
            count += 1
    print(f"stress: {count} inputs at sizes 2..12 validated; the checker accepts the solution's moves on all")

    # 7. the checker on crafted outputs and broken juries
    inp = os.path.join(B, "k.in")
    exp = os.path.join(B, "k.exp")
    act = os.path.join(B, "k.act")
    # X: 1 5 -> 5; 3 3 -> 0; 3 4 5 6 -> 4 (piles 2, 3, 4 work).
    open(inp, "w").write("3\n1 5\n2 3 3\n4 3 4 5 6\n")
    open(exp, "w").write("1 5\nLose\n2 4\n")
    crafted = [
        ("1 5\nLose\n4 4\n", 0, "ok"),  # another right move
        ("1 5\r\nLose  \r\n3\t4", 0, "ok"),  # CRLF, trailing spaces, tab, no final newline
        ("1 5\nLose\n2 4\n\n\n", 0, "ok"),  # trailing blank lines
        ("1 5 Lose\n2 4\n", 2, "test 2: the answer `Lose` shares line 1 with the answer of test 1"),
        ("1\n5\nLose\n2 4\n", 2, "test 1: the answer `1 5` is split over lines 1 and 2"),
        ("1 5\n\nLose\n2 4\n", 2, "test 2: the answer `Lose` is on line 3, expected line 2 (blank lines before it?)"),
        ("1 5\nLose\n", 1, "test 3: missing answer (the output ends after 2 answers)"),
        ("1 5\nLose\n2 4\nLose\n", 1, "extra output after the 3 answers: `Lose` on line 4"),
        ("1 5\nLose\n1 4\n", 1, "test 3: move 1 4 takes more than the 3 stones of pile 1"),
        ("1 5\nLose\n2 3\n", 1, "test 3: move 2 3 leaves xor 1, not 0"),
        ("1 5\nLose\n1 3\n", 1, "test 3: move 1 3 leaves xor 7, not 0"),
        ("1 5\nLose\n5 1\n", 1, "test 3: pile 5 does not exist (n = 4)"),
        ("1 5\nLose\n2 0\n", 1, "test 3: move 2 0 takes 0 stones; k must be at least 1"),
        ("1 5\n1 3\n2 4\n", 1, "test 2: expected Lose, found 1 3"),
        ("Lose\nLose\n2 4\n", 1, "test 1: the position is winning but the answer is Lose"),
        ("1 5\nlose\n2 4\n", 1, "test 2: expected Lose or a move `i k`, found `lose`"),
        ("Win\nLose\n2 4\n", 1, "test 1: expected Lose or a move `i k`, found `Win`"),
        ("01 5\nLose\n2 4\n", 1, "test 1: expected Lose or a move `i k`, found `01`"),
        ("1 5\nLose\n2\n", 1, "test 3: the output ends after pile index 2, k is missing"),
        ("1 5\nLose\n2 99999999999999999999999999999999999999999\n", 1,
         "test 3: move 2 9999999999999999999999999999999999999999… takes more than the 4 stones of pile 2"),
        ("", 1, "test 1: missing answer (the output ends after 0 answers)"),
    ]
    for text, want, msg in crafted:
        open(act, "w", newline="").write(text)
        v, err = checker(inp, exp, act)
        if v != want or (want != 0 and err != msg):
            die(f"checker on {text!r}: exit {v} {err!r}; want exit {want} {msg!r}")
    print(f"checker: {len(crafted)} crafted outputs get their exit code and message")
    broken = [
        ("1 5\nLose\nLose\n", "input", "checker failure: the jury answer is wrong: test 3: the position is winning but the answer is Lose"),
        ("1 5\nLose\n1 4\n", "input", "checker failure: the jury answer is wrong: test 3: move 1 4 takes more than the 3 stones of pile 1"),
        ("1 4\nLose\n2 4\n", "input", "checker failure: the jury answer is wrong: test 1: move 1 4 leaves xor 1, not 0"),
        ("1 5\n1 3\n2 4\n", "input", "checker failure: the jury answer is wrong: test 2: expected Lose, found 1 3"),
        ("1 5\nLose\n", "input", "checker failure: the jury answer is wrong: test 3: missing answer (the output ends after 2 answers)"),
        ("1 5\nLose\n2 4\n3 4\n", "input", "checker failure: the jury answer has extra token `3` on line 4"),
        ("1 5\nLose\n2 4\n", "3\n1 5\n2 3 3\n4 3 4 5\n", "checker failure: input ends before a pile size"),
        ("1 5\nLose\n2 4\n", "3\n1 5\n2 3 x\n4 3 4 5 6\n", "checker failure: input line 3: `x` is not a pile size"),
    ]
    bad_in = os.path.join(B, "k-bad.in")
    for jury, inp_text, msg in broken:
        open(exp, "w").write(jury)
        path = inp
        if inp_text != "input":
            open(bad_in, "w").write(inp_text)
            path = bad_in
        open(act, "w").write("1 5\nLose\n4 4\n")  # a right answer: the verdict must still be 3
        v, err = checker(path, exp, act)
        if v != 3 or err != msg:
            die(f"checker with jury {jury!r}: exit {v} {err!r}; want exit 3 {msg!r}")
    v, err = checker(inp, exp, "/nonexistent")
    if v != 3:
        die(f"checker with a missing file: exit {v}")
    code, _, err, _ = run(exe["checker"], (inp, exp))
    if code != 3:
        die(f"checker with two arguments: exit {code}")
    print(f"checker: {len(broken)} wrong jury answers / broken inputs, a missing file and bad arguments all exit 3")

    # 8. determinism
    for seed, size in ((7, 1), (99, 5), (12345, 12)):
        outs = []
        for _ in range(2):
            run(exe["gen"], (str(seed), str(size)), stdout_path=gen_in)
            outs.append(open(gen_in, "rb").read())
        if outs[0] != outs[1]:
            die(f"gen {seed} {size} is not deterministic")
    d = os.path.join(FIX, SLUG)
    digest = lambda: {f: hashlib.sha256(open(os.path.join(d, f), "rb").read()).hexdigest() for f in sorted(os.listdir(d))}
    before = digest()
    r = subprocess.run([sys.executable, os.path.join(HERE, "make_fixtures.py")], capture_output=True, text=True)
    if r.returncode != 0 or digest() != before:
        die(f"make_fixtures.py failed or changed the fixture files: {r.stderr}")
    print("determinism: gen repeats itself; make_fixtures.py rewrites identical files (it self-checks first)")
    print(f"ALL CHECKS PASSED ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
