#!/usr/bin/env python3
"""Checks the interactive problems' kits without the runner (until it knows interactive problems).

    check.py [--rustc PATH] [--games N] [--only STEP[,STEP]] [--wrong-all N] [SLUG ...]

For each problem (default: every problem whose problem.toml says `interactive = true`):

  build      compile interactor.rs, brute.rs, gen.rs, validate.rs, the solution and every wrong
             solution with `RUSTC --edition 2021 -O` into target/interactive/<rustc>/<slug>/
  validate   validate.rs accepts every fixture input and rejects every invalid/*.in (with the
             message of invalid/NAME.err when there is one)
  theory     the interactor's theory (`interactor --analyse`) against brute.rs's exhaustive table
             on every small position (rules.py's list), and against rules.py's own theory; each
             winning move the judge would play is applied by rules.py's literal rules, and brute.rs
             must call the result lost for the player to move
  claims     each fixture note starts with the winner (`first` or `second`); brute.rs confirms it
             when the position is within its reach, rules.py's theory and the interactor otherwise
  protocol   scripted solutions (fixed bytes: tolerated whitespace, each malformed shape, each
             kind of illegal move, end of file, a line too long) get the verdict of the protocol
  games      the solution plays every fixture case and N generated inputs (gen SEED SIZE, sizes
             ramping from 1 to the maximum): it must win every game (AC); every transcript is
             replayed by rules.py's referee (see there)
  wrong      each wrong solution plays the fixture cases in order until it gets the verdict of
             wrong.toml; it must get it on some case; every transcript is refereed too. With
             --wrong-all N, each wrong solution also plays every fixture case and N generated
             inputs, and the tally of its verdicts is shown

The games are played by play.py (same folder); its verdict rule is in its docstring. Exit code
0 when everything holds, 1 otherwise.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import play  # noqa: E402
import rules  # noqa: E402

STEPS = ["build", "validate", "theory", "claims", "protocol", "games", "wrong"]
failures = []


def fail(msg):
    failures.append(msg)
    print("  FAIL " + msg)


def problem_dir(slug):
    return os.path.join(ROOT, "problems", slug)


def interactive_slugs():
    out = []
    for slug in sorted(os.listdir(os.path.join(ROOT, "problems"))):
        toml = os.path.join(problem_dir(slug), "problem.toml")
        if os.path.exists(toml):
            with open(toml, "rb") as f:
                if tomllib.load(f).get("interactive"):
                    out.append(slug)
    return out


# ------------------------------------------------------------------------------------ build


def build(slug, rustc):
    tag = os.path.basename(rustc) if rustc == "rustc" else rustc.strip("/").replace("/", "_")
    out_dir = os.path.join(ROOT, "target", "interactive", tag, slug)
    os.makedirs(out_dir, exist_ok=True)
    d = problem_dir(slug)
    sources = {p: os.path.join(d, p + ".rs") for p in ("interactor", "brute", "gen", "validate")}
    sources["solution"] = os.path.join(ROOT, "solutions", "src", "bin", slug + ".rs")
    for w in wrong_entries(slug):
        sources["wrong/" + w["file"]] = os.path.join(d, "wrong", w["file"])
    progs, compiled = {}, 0
    jobs = []
    for name, src in sources.items():
        exe = os.path.join(out_dir, name.replace("/", "--").removesuffix(".rs"))
        progs[name] = exe
        if os.path.exists(exe) and os.path.getmtime(exe) > os.path.getmtime(src):
            continue
        jobs.append((name, src, exe))

    def compile_one(job):
        name, src, exe = job
        p = subprocess.run(
            [rustc, "--edition", "2021", "-O", src, "-o", exe],
            capture_output=True,
            text=True,
        )
        return name, p

    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        for name, p in ex.map(compile_one, jobs):
            compiled += 1
            if p.returncode != 0 or "warning" in p.stderr:
                fail("%s: %s %s: %s" % (slug, rustc, name, p.stderr.strip()[-2000:]))
    print(
        "  build: %d programs with %s (%d compiled, %d up to date)"
        % (len(sources), rustc, compiled, len(sources) - compiled)
    )
    return progs


# ---------------------------------------------------------------------------------- fixtures


def fixture_cases(slug):
    path = os.path.join(ROOT, "fixtures", slug + ".toml")
    with open(path, "rb") as f:
        cases = tomllib.load(f)["case"]
    for c in cases:
        if "input_file" in c:
            c["path"] = os.path.join(ROOT, "fixtures", c["input_file"])
            with open(c["path"], newline="") as f:
                c["input"] = f.read()
    return cases


def wrong_entries(slug):
    path = os.path.join(problem_dir(slug), "wrong", "wrong.toml")
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        return tomllib.load(f).get("program", [])


def input_file(case, tmp):
    if "path" in case:
        return case["path"]
    path = os.path.join(tmp, case["name"] + ".in")
    with open(path, "w", newline="") as f:
        f.write(case["input"])
    return path


def run(cmd, stdin_text=None, timeout=600):
    """Run a program; stdin given as str or bytes (bytes are passed as they are: no newline
    translation); stdout and stderr decoded."""
    data = stdin_text.encode() if isinstance(stdin_text, str) else stdin_text
    p = subprocess.run(cmd, input=data, capture_output=True, timeout=timeout)
    p.stdout = p.stdout.decode("utf-8", "replace")
    p.stderr = p.stderr.decode("utf-8", "replace")
    return p


# ---------------------------------------------------------------------------------- validate


def step_validate(slug, progs):
    v = progs["validate"]
    ok = 0
    cases = fixture_cases(slug)
    for c in cases:
        p = run([v], c["input"])
        if p.returncode != 0:
            fail("%s: the validator rejects fixture %s: %s" % (slug, c["name"], p.stderr.strip()))
        else:
            ok += 1
    inv = os.path.join(problem_dir(slug), "invalid")
    rejected, total = 0, 0
    for name in sorted(os.listdir(inv)):
        if not name.endswith(".in"):
            continue
        total += 1
        with open(os.path.join(inv, name), "rb") as f:
            p = run([v], f.read())
        err = os.path.join(inv, name[:-3] + ".err")
        want = open(err).read().strip() if os.path.exists(err) else None
        if p.returncode == 0:
            fail("%s: the validator accepts invalid/%s" % (slug, name))
        elif want is not None and want not in p.stderr:
            fail("%s: invalid/%s: message %r lacks %r" % (slug, name, p.stderr.strip(), want))
        else:
            rejected += 1
    print(
        "  validate: %d/%d fixture inputs accepted, %d/%d invalid inputs rejected as marked"
        % (ok, len(cases), rejected, total)
    )
    # The interactor reads the test input as tokens: on an invalid input it must either refuse it
    # (FAIL, exit 3) or, when only the layout is broken, read the position and play.
    refused, tolerated = 0, []
    for name in sorted(os.listdir(inv)):
        if not name.endswith(".in"):
            continue
        with tempfile.NamedTemporaryFile() as summary:
            p = subprocess.run(
                [progs["interactor"], os.path.join(inv, name), summary.name],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=60,
            )
        if p.returncode == 3:
            refused += 1
        else:
            tolerated.append(name[:-3])
    print(
        "  interactor on invalid/: FAIL (exit 3) on %d/%d; reads the position anyway (layout "
        "only) from: %s" % (refused, total, ", ".join(tolerated) or "none")
    )


# ------------------------------------------------------------------------------------ theory


def brute_batch(progs, r, positions):
    p = run([progs["brute"]], r.batch(positions))
    if p.returncode != 0:
        raise RuntimeError("brute failed: " + p.stderr)
    out = p.stdout.split()
    assert len(out) == len(positions), (len(out), len(positions))
    return out


def analyse_batch(progs, r, positions, tmp):
    path = os.path.join(tmp, "analyse.in")
    with open(path, "w") as f:
        f.write(r.batch(positions))
    p = run([progs["interactor"], "--analyse", path])
    if p.returncode != 0:
        raise RuntimeError("interactor --analyse failed: " + p.stderr)
    lines = p.stdout.splitlines()
    assert len(lines) == len(positions)
    return lines


def check_theory(slug, progs, r, positions, tmp, with_brute, label):
    """Compare the interactor's theory with brute.rs (when with_brute) and rules.py's theory;
    apply each winning move literally and check the result is lost for the player to move."""
    t0 = time.time()
    judge = analyse_batch(progs, r, positions, tmp)
    brute = brute_batch(progs, r, positions) if with_brute else None
    counts = {"first": 0, "second": 0}
    after = []
    bad = 0
    for k, pos in enumerate(positions):
        words = judge[k].split(" ", 1)
        verdict = words[0]
        counts[verdict] = counts.get(verdict, 0) + 1
        py = "first" if r.first_wins(pos) else "second"
        if brute is not None and brute[k] != verdict:
            bad += 1
            if bad <= 5:
                fail("%s: %s: brute says %s, the interactor %s" % (slug, pos, brute[k], verdict))
        if py != verdict:
            bad += 1
            if bad <= 5:
                fail("%s: %s: rules.py says %s, the interactor %s" % (slug, pos, py, verdict))
        if verdict == "first":
            try:
                move = r.parse_move(words[1].encode())
                after.append(r.apply(pos, move))
            except (rules.Malformed, rules.Illegal, IndexError) as e:
                bad += 1
                if bad <= 5:
                    fail("%s: %s: the judge's winning move %r: %s" % (slug, pos, judge[k], e))
    lost = 0
    if after:
        res = brute_batch(progs, r, after) if with_brute else None
        for k, q in enumerate(after):
            ok_b = res is None or res[k] == "second"
            ok_p = not r.first_wins(q)
            if ok_b and ok_p:
                lost += 1
            else:
                bad += 1
                if bad <= 5:
                    fail("%s: the judge's winning move leads to %s, not lost" % (slug, q))
    print(
        "  theory (%s): %d positions (%d first, %d second): interactor = %s on all%s; "
        "%d/%d winning moves of the judge lead to a lost position (%.1f s)"
        % (
            label,
            len(positions),
            counts.get("first", 0),
            counts.get("second", 0),
            "brute.rs = rules.py" if with_brute else "rules.py",
            "" if bad == 0 else " EXCEPT %d" % bad,
            lost,
            len(after),
            time.time() - t0,
        )
    )


def step_theory(slug, progs, r, tmp):
    small = list(r.small_positions(progs["gen"]))
    check_theory(slug, progs, r, small, tmp, True, "exhaustive, small")
    large = list(r.large_positions(progs["gen"]))
    if large:
        check_theory(slug, progs, r, large, tmp, False, "large, beyond brute.rs")


# ------------------------------------------------------------------------------------ claims


def step_claims(slug, progs, r, tmp):
    by = {"brute": 0, "theory": 0}
    for c in fixture_cases(slug):
        claim = c.get("note", "").split(":", 1)[0].split(" ", 1)[0]
        if claim not in ("first", "second"):
            fail("%s: fixture %s: the note does not start with first/second" % (slug, c["name"]))
            continue
        pos = r.parse(c["input"])
        py = "first" if r.first_wins(pos) else "second"
        judge = analyse_batch(progs, r, [pos], tmp)[0].split()[0]
        truth = {py, judge}
        if c.get("oracle") != "formula":
            p = run([progs["brute"]], r.batch([pos]))
            if p.returncode != 0:
                fail("%s: fixture %s: brute.rs cannot decide it (mark it oracle = \"formula\"): %s"
                     % (slug, c["name"], p.stderr.strip()))
                continue
            truth.add(p.stdout.strip())
            by["brute"] += 1
        else:
            by["theory"] += 1
        if truth != {claim}:
            fail("%s: fixture %s claims %s; found %s" % (slug, c["name"], claim, sorted(truth)))
    print(
        "  claims: %d fixture notes name the winner: %d confirmed by brute.rs (and the theory), "
        "%d by the theory (rules.py and the interactor agree)"
        % (sum(by.values()), by["brute"], by["theory"])
    )


# ---------------------------------------------------------------------------------- protocol

# Scripted solutions: each writes fixed bytes, closes its output and reads until the judge is
# done. (name, test input, bytes written, expected verdict): one case per rule of the protocol.
NIM_1_5 = "1\n5\n"
WY_2_2 = "2 2\n"
DAG_EDGE = "2\n1 1\n0\n1 0\n"
PROTOCOL = {
    "nim-interactive": [
        ("ok", NIM_1_5, b"first\n1 5\n", "AC"),
        ("ok-spaces-tabs-cr", NIM_1_5, b"  first \t\r\n 1   5 \r\n", "AC"),
        ("ok-no-final-newline", NIM_1_5, b"first\n1 5", "AC"),
        ("ok-empty-board", "1\n0\n", b"second\n", "AC"),
        ("declaration-capital", NIM_1_5, b"First\n", "PE"),
        ("declaration-empty-line", NIM_1_5, b"\n", "PE"),
        ("declaration-two-words", NIM_1_5, b"first second\n", "PE"),
        ("declaration-loses", NIM_1_5, b"second\n", "WA"),
        ("declaration-loses-empty-board", "1\n0\n", b"first\n", "WA"),
        ("nothing-at-all", NIM_1_5, b"", "WA"),
        ("eof-where-a-move-is-due", NIM_1_5, b"first\n", "WA"),
        ("move-one-number", NIM_1_5, b"first\n1\n", "PE"),
        ("move-three-numbers", NIM_1_5, b"first\n1 5 0\n", "PE"),
        ("move-leading-zero", NIM_1_5, b"first\n1 05\n", "PE"),
        ("move-plus-sign", NIM_1_5, b"first\n+1 5\n", "PE"),
        ("move-negative", NIM_1_5, b"first\n1 -5\n", "PE"),
        ("move-comma", NIM_1_5, b"first\n1,5\n", "PE"),
        ("move-not-utf8", NIM_1_5, b"first\n1 \xff\n", "PE"),
        ("line-too-long", NIM_1_5, b"first\n1" + b" " * 300 + b"5\n", "PE"),
        ("take-too-many", NIM_1_5, b"first\n1 6\n", "WA"),
        ("take-none", NIM_1_5, b"first\n1 0\n", "WA"),
        ("pile-0", NIM_1_5, b"first\n0 5\n", "WA"),
        ("pile-n-plus-1", NIM_1_5, b"first\n2 5\n", "WA"),
        ("huge-number", NIM_1_5, b"first\n1 99999999999999999999999\n", "WA"),
        ("empty-pile", "2\n0 3\n", b"first\n1 1\n", "WA"),
    ],
    "wythoff-interactive": [
        ("ok-both", WY_2_2, b"first\n2 2\n", "AC"),
        ("ok-one-pile", "0 4\n", b"first\r\n0 4\r\n", "AC"),
        ("ok-empty-board", "0 0\n", b"second\n", "AC"),
        ("declaration-capital", WY_2_2, b"First\n", "PE"),
        ("declaration-loses", WY_2_2, b"second\n", "WA"),
        ("declaration-loses-pair", "1 2\n", b"first\n", "WA"),
        ("eof-where-a-move-is-due", WY_2_2, b"first\n", "WA"),
        ("move-one-number", WY_2_2, b"first\n2\n", "PE"),
        ("move-comma", WY_2_2, b"first\n2,2\n", "PE"),
        ("unequal-amounts", WY_2_2, b"first\n2 1\n", "WA"),
        ("takes-nothing", WY_2_2, b"first\n0 0\n", "WA"),
        ("both-too-many", WY_2_2, b"first\n3 3\n", "WA"),
        ("one-pile-too-many", WY_2_2, b"first\n0 3\n", "WA"),
        ("diagonal-beyond-smaller", "1 5\n", b"first\n2 2\n", "WA"),
    ],
    "dag-interactive": [
        ("ok", DAG_EDGE, b"first\n1 1\n", "AC"),
        ("ok-spaces-cr", DAG_EDGE, b"first \r\n\t1 1\r\n", "AC"),
        ("ok-no-move-at-all", "1\n0\n3 0 0 0\n", b"second\n", "AC"),
        ("declaration-capital", DAG_EDGE, b"FIRST\n", "PE"),
        ("declaration-loses", DAG_EDGE, b"second\n", "WA"),
        ("declaration-loses-no-move", "1\n0\n1 0\n", b"first\n", "WA"),
        ("eof-where-a-move-is-due", DAG_EDGE, b"first\n", "WA"),
        ("move-one-number", DAG_EDGE, b"first\n1\n", "PE"),
        ("move-from-to", DAG_EDGE, b"first\n1 0 1\n", "PE"),
        ("no-such-edge", DAG_EDGE, b"first\n1 0\n", "WA"),
        ("token-0", DAG_EDGE, b"first\n0 1\n", "WA"),
        ("token-m-plus-1", DAG_EDGE, b"first\n2 1\n", "WA"),
        ("node-out-of-range", DAG_EDGE, b"first\n1 7\n", "WA"),
        ("edge-backwards", "2\n0\n1 0\n1 1\n", b"first\n1 1\n", "WA"),
    ],
}


def step_protocol(slug, progs, r, tmp):
    ok = 0
    cases = PROTOCOL.get(slug, [])
    for name, text, script, want in cases:
        spath = os.path.join(tmp, "script-" + name)
        with open(spath, "wb") as f:
            f.write(script)
        ipath = os.path.join(tmp, "proto-" + name + ".in")
        with open(ipath, "w", newline="") as f:
            f.write(text)
        solution = ["sh", "-c", 'cat "$0"; exec 1>&-; exec cat >/dev/null', spath]
        res = game_with(slug, progs, r, solution, ipath, text)
        if res["verdict"] != want or res["referee_problems"]:
            fail("%s: protocol case %s: %s (%s), expected %s; %s" % (
                slug, name, res["verdict"], res["reason"], want, res["referee_problems"]))
        else:
            ok += 1
    print("  protocol: %d/%d scripted solutions got their verdict (%s)" % (
        ok, len(cases), ", ".join(sorted({c[3] for c in cases}))))


# ------------------------------------------------------------------------------------- games


def time_limit(slug):
    with open(os.path.join(problem_dir(slug), "problem.toml"), "rb") as f:
        return tomllib.load(f)["time_limit_ms"]


def game(slug, progs, r, program, path, text):
    return game_with(slug, progs, r, [program], path, text)


def game_with(slug, progs, r, command, path, text):
    """One game through play.py, refereed by rules.py."""
    tl = time_limit(slug)
    res = play.play(command, [progs["interactor"]], path, time_limit_ms=tl)
    pos = r.parse(text)
    o = rules.referee(r, pos, res["judge_lines"], res["solution_lines"], res["timed_out"])
    problems = list(o.issues)
    if not res["interactor_killed"] and o.code is not None and o.code != res["interactor_code"]:
        problems.append(
            "the referee expects interactor exit %s (%s), it gave %s (%s)"
            % (o.code, o.why, res["interactor_code"], res["summary"])
        )
    res["referee"] = o
    res["referee_problems"] = problems
    return res


def step_games(slug, progs, r, tmp, count):
    inputs = [(c["name"], input_file(c, tmp), c["input"]) for c in fixture_cases(slug)]
    for name, path, text in generated_inputs(slug, progs, r, tmp, count):
        v = run([progs["validate"]], text)
        if v.returncode != 0:
            fail("%s: %s is rejected by the validator: %s" % (slug, name, v.stderr))
        inputs.append((name, path, text))
    t0 = time.time()
    stats = {"games": 0, "ac": 0, "moves": 0, "max_moves": 0, "first": 0, "cpu": 0, "wall": 0,
             "max_bound_use": 0.0}
    fixture_names = {c["name"] for c in fixture_cases(slug)}
    worst = ("", 0)
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        futs = {
            ex.submit(game, slug, progs, r, progs["solution"], p, t): (n, t) for n, p, t in inputs
        }
        for fut in concurrent.futures.as_completed(futs):
            name, text = futs[fut]
            res = fut.result()
            stats["games"] += 1
            o = res["referee"]
            if res["verdict"] == "AC" and not res["referee_problems"]:
                stats["ac"] += 1
            else:
                fail("%s: the solution on %s: %s (%s) %s"
                     % (slug, name, res["verdict"], res["reason"], res["referee_problems"]))
            stats["moves"] += o.moves
            stats["max_moves"] = max(stats["max_moves"], o.moves)
            stats["first"] += res["solution_lines"][:1] == [b"first"]
            stats["cpu"] = max(stats["cpu"], res["solution_cpu_ms"])
            if res["wall_ms"] > worst[1]:
                worst = (name, res["wall_ms"])
            b = r.bound(r.parse(text))
            stats["max_bound_use"] = max(stats["max_bound_use"], o.moves / max(b, 1))
    n_fix = len(fixture_names)
    print(
        "  games: the solution won %d/%d games (%d fixture cases, %d generated), declaring first "
        "in %d; %d moves in all, longest game %d moves, at most %.0f%% of its bound; slowest "
        "solution cpu %d ms; longest wall %d ms (%s); %.1f s"
        % (stats["ac"], stats["games"], n_fix, stats["games"] - n_fix, stats["first"],
           stats["moves"], stats["max_moves"], 100 * stats["max_bound_use"], stats["cpu"],
           worst[1], worst[0], time.time() - t0)
    )


# ------------------------------------------------------------------------------------- wrong


def generated_inputs(slug, progs, r, tmp, count):
    """(name, path, text) of `count` generator inputs, sizes ramping over r.game_sizes."""
    out = []
    sizes = r.game_sizes
    for seed in range(1, count + 1):
        size = sizes[(seed - 1) * len(sizes) // count]
        p = run([progs["gen"], str(seed), str(size)])
        path = os.path.join(tmp, "gen-%d.in" % seed)
        with open(path, "w") as f:
            f.write(p.stdout)
        out.append(("gen %d %d" % (seed, size), path, p.stdout))
    return out


def step_wrong_all(slug, progs, r, tmp, count):
    """Every wrong solution on every fixture case and `count` generated inputs (two at a time):
    the tally of verdicts; the expected one must occur on the fixtures; every game refereed."""
    inputs = [(c["name"], input_file(c, tmp), c["input"]) for c in fixture_cases(slug)]
    n_fix = len(inputs)
    inputs += generated_inputs(slug, progs, r, tmp, count)
    for w in wrong_entries(slug):
        prog = progs["wrong/" + w["file"]]
        on_fixtures, on_generated = {}, {}
        t0 = time.time()
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            futs = {
                ex.submit(game, slug, progs, r, prog, p, t): (k, n)
                for k, (n, p, t) in enumerate(inputs)
            }
            for fut in concurrent.futures.as_completed(futs):
                k, name = futs[fut]
                res = fut.result()
                tally = on_fixtures if k < n_fix else on_generated
                tally[res["verdict"]] = tally.get(res["verdict"], 0) + 1
                if res["referee_problems"]:
                    fail("%s: %s on %s: referee: %s"
                         % (slug, w["file"], name, res["referee_problems"]))
        show = lambda t: " ".join("%s %d" % kv for kv in sorted(t.items()))  # noqa: E731
        if w["expect"] not in on_fixtures:
            fail("%s: wrong solution %s never got %s on the fixtures"
                 % (slug, w["file"], w["expect"]))
        print("  wrong (all): %-24s expects %-3s; fixtures: %s; generated: %s (%.0f s)"
              % (w["file"], w["expect"], show(on_fixtures), show(on_generated) or "-",
                 time.time() - t0))


def step_wrong(slug, progs, r, tmp):
    cases = fixture_cases(slug)
    for w in wrong_entries(slug):
        prog = progs["wrong/" + w["file"]]
        tally = {}
        caught = None
        for c in cases:
            res = game(slug, progs, r, prog, input_file(c, tmp), c["input"])
            tally[res["verdict"]] = tally.get(res["verdict"], 0) + 1
            if res["referee_problems"]:
                fail("%s: %s on %s: referee: %s"
                     % (slug, w["file"], c["name"], res["referee_problems"]))
            if res["verdict"] == w["expect"]:
                caught = (c["name"], res["reason"])
                break
        if caught:
            print("  wrong: %-28s %-3s caught by %s: %s"
                  % (w["file"], w["expect"], caught[0], caught[1]))
        else:
            fail("%s: wrong solution %s never got %s (verdicts %s)"
                 % (slug, w["file"], w["expect"], tally))


# -------------------------------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--rustc", default="rustc")
    ap.add_argument("--games", type=int, default=300, help="generated inputs per problem")
    ap.add_argument("--only", default=",".join(STEPS))
    ap.add_argument(
        "--wrong-all",
        type=int,
        default=None,
        metavar="N",
        help="also play every wrong solution on every fixture case and N generated inputs",
    )
    a = ap.parse_args()
    steps = a.only.split(",")
    slugs = a.slugs or interactive_slugs()
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        for slug in slugs:
            print("== %s" % slug)
            r = rules.RULES[slug]
            progs = build(slug, a.rustc)
            if failures:
                break
            todo = [
                ("validate", lambda: step_validate(slug, progs)),
                ("theory", lambda: step_theory(slug, progs, r, tmp)),
                ("claims", lambda: step_claims(slug, progs, r, tmp)),
                ("protocol", lambda: step_protocol(slug, progs, r, tmp)),
                ("games", lambda: step_games(slug, progs, r, tmp, a.games)),
                ("wrong", lambda: step_wrong(slug, progs, r, tmp)),
            ]
            if a.wrong_all is not None:
                todo.append(("wrong", lambda: step_wrong_all(slug, progs, r, tmp, a.wrong_all)))
            for name, step in todo:
                if name in steps:
                    try:
                        step()
                    except Exception as e:  # a crashing program: report it, go on
                        fail("%s: step %s stopped: %s" % (slug, name, str(e).strip()[:1500]))
    verdict = "FAILED" if failures else "ok"
    print("%s: %d failure(s), %.1f s" % (verdict, len(failures), time.time() - t0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
