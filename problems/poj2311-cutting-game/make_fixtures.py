#!/usr/bin/env python3
"""Writes the fixture files of poj2311-cutting-game and checks the whole fixture against the
analysis proven in README.md, independently of the solution. Deterministic; run from anywhere:

    python3 problems/poj2311-cutting-game/make_fixtures.py

What it computes (README.md, "Analysis"): D(n), the nim-values of Dawson's Kayles (octal game
0.07: a move takes 2 from a heap and leaves the rest as at most two heaps), and from them the
value of a W x H sheet in the reduced game,

    V(W, H) = D(H-2) if D(W-2) == 0,  D(W-2) if D(H-2) == 0,  1 otherwise,

so that the first player wins iff V(W, H) != 0, i.e. loses iff D(W-2) == D(H-2) == 0.

Before writing anything it checks, and stops on the first disagreement:
  1. V against the reduced game's values computed from their definition (the mex over the cuts
     that leave both parts at least 2 wide, a piece's value by the Sprague-Grundy theorem) for
     every sheet up to 200 x 200: the same number, not only the same WIN/LOSE;
  2. WIN/LOSE against a search of the literal game (multisets of pieces, a cut that leaves a
     1 x 1 piece wins at once) for every sheet with W*H <= LITERAL_AREA;
  3. moves.rs (the move program for `runner game`, built here with rustc) on every piece up to
     200 x 200: its output must be, byte for byte, the reduced game's options in the documented
     order (each cut once, vertical cuts first), and the mex over those options must give V;
     and it must answer each line before it has read the next (it flushes), checked on a few
     positions one at a time;
  4. after writing: every case of fixtures/poj2311-cutting-game.toml, inline or in a file, whose
     expected output is present, against V (the brute-force cases' outputs come from brute.rs,
     the formula cases' from here: this checks both).

It writes the inputs of the brute-force cases (their outputs are brute.rs's, see README.md) and
the inputs and outputs of the formula cases (beyond brute.rs's reach).
"""
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib

MAX = 200
LITERAL_AREA = 64
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
SLUG = "poj2311-cutting-game"
OUT = os.path.join(ROOT, "fixtures", SLUG)


def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


def dawson(limit):
    """D(0..limit): 0.07 -- from a heap of n, take 2 and leave a and b with a + b = n - 2."""
    d = []
    for n in range(limit + 1):
        d.append(mex({d[a] ^ d[n - 2 - a] for a in range(n - 1)}))
    return d


D = dawson(MAX)


def value(w, h):
    a, b = D[w - 2], D[h - 2]
    if a == 0:
        return b
    if b == 0:
        return a
    return 1


def word(w, h):
    return "WIN" if value(w, h) != 0 else "LOSE"


def reduced_values():
    """The reduced game's value of every piece up to MAX x MAX, by the mex over its cuts."""
    sg = {}
    for area in range(4, MAX * MAX + 1):
        for w in range(2, min(MAX, area // 2) + 1):
            if area % w or not 2 <= area // w <= MAX:
                continue
            h = area // w
            opts = {sg[(i, h)] ^ sg[(w - i, h)] for i in range(2, w - 1)}
            opts |= {sg[(w, j)] ^ sg[(w, h - j)] for j in range(2, h - 1)}
            sg[(w, h)] = mex(opts)
    return sg


@functools.lru_cache(maxsize=None)
def literal_wins(pieces):
    """The literal game: pieces is a sorted tuple of (w, h). No values, no reduction."""
    nexts = []
    for k, (w, h) in enumerate(pieces):
        rest = pieces[:k] + pieces[k + 1:]
        splits = [((i, h), (w - i, h)) for i in range(1, w)]
        splits += [((w, j), (w, h - j)) for j in range(1, h)]
        for a, b in splits:
            if a == (1, 1) or b == (1, 1):
                return True
            nexts.append(tuple(sorted(rest + (a, b))))
    return any(not literal_wins(p) for p in nexts)


def check_values():
    sg = reduced_values()
    for w in range(2, MAX + 1):
        for h in range(2, MAX + 1):
            assert sg[(w, h)] == value(w, h), ("reduced game", w, h, sg[(w, h)], value(w, h))
    for w in range(2, LITERAL_AREA // 2 + 1):
        for h in range(2, LITERAL_AREA // w + 1):
            assert literal_wins(((w, h),)) == (value(w, h) != 0), ("literal game", w, h)
    print(f"checked: V = the reduced game's values up to {MAX} x {MAX}; "
          f"WIN/LOSE = the literal game's for W*H <= {LITERAL_AREA}")


def options(w, h):
    """The reduced game's options of w x h, each an unordered pair of pieces."""
    opts = {frozenset([(i, h), (w - i, h)]) for i in range(2, w - 1)}
    opts |= {frozenset([(w, j), (w, h - j)]) for j in range(2, h - 1)}
    return opts


def listed_cuts(w, h):
    """The cuts moves.rs must list, in its order: each unordered cut once, vertical first."""
    return ([((i, h), (w - i, h)) for i in range(2, w // 2 + 1)]
            + [((w, j), (w, h - j)) for j in range(2, h // 2 + 1)])


def answer_text(w, h):
    cuts = listed_cuts(w, h)
    return f"{len(cuts)}\n" + "".join(f"{a[0]} {a[1]} + {b[0]} {b[1]}\n" for a, b in cuts)


def build_moves(tmp):
    rustc = shutil.which("rustc")
    if rustc is None:
        sys.exit("make_fixtures: rustc is needed to check moves.rs")
    exe = os.path.join(tmp, "moves")
    subprocess.run([rustc, "--edition", "2021", "-O", os.path.join(HERE, "moves.rs"), "-o", exe],
                   check=True)
    return exe


def parse_piece(text):
    w, h = text.split(" ")
    return int(w), int(h)


def check_moves_bulk(exe):
    positions = [(w, h) for w in range(2, MAX + 1) for h in range(2, MAX + 1)]
    text = "".join(f"{w} {h}\n" for w, h in positions)
    run = subprocess.run([exe], input=text.encode(), capture_output=True, check=True)
    got = run.stdout.decode().split("\n")
    want = "".join(answer_text(w, h) for w, h in positions).split("\n")
    if got != want:
        at = next(k for k in range(min(len(got), len(want))) if got[k] != want[k])
        sys.exit(f"make_fixtures: moves.rs, output line {at + 1}: {got[at]!r}, expected {want[at]!r}")
    # The listing is the reduced game's options, each once (checked on the smaller pieces: the
    # sets are slow to build), and the mex over the listed cuts gives V, smaller pieces first.
    for w, h in positions:
        if w + h <= 60:
            cuts = listed_cuts(w, h)
            assert len(set(map(frozenset, cuts))) == len(cuts) and \
                set(map(frozenset, cuts)) == options(w, h), ("moves.rs options", w, h)
    val = {}
    for w, h in sorted(positions, key=lambda p: p[0] * p[1]):
        val[(w, h)] = mex({val[a] ^ val[b] for a, b in listed_cuts(w, h)})
        assert val[(w, h)] == value(w, h), ("moves.rs values", w, h)


def check_moves_one_at_a_time(exe):
    proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    timer = threading.Timer(20, proc.kill)
    timer.start()
    try:
        for w, h in [(2, 2), (4, 2), (7, 6), (200, 3), (3, 3)]:
            proc.stdin.write(f"{w} {h}\n".encode())
            proc.stdin.flush()
            k = int(proc.stdout.readline())
            opts = {frozenset(parse_piece(p) for p in proc.stdout.readline().decode().strip().split(" + "))
                    for _ in range(k)}
            assert opts == options(w, h), ("moves.rs, one at a time", w, h)
        proc.stdin.close()
        assert proc.wait() == 0, "moves.rs failed at end of file"
    except ValueError:
        sys.exit("make_fixtures: moves.rs gave no answer to a line within 20 s: does it flush?")
    finally:
        timer.cancel()
    print("checked: moves.rs prints the reduced game's options of every piece up to "
          f"{MAX} x {MAX} (values from them = V), and answers a line before the next is sent")


def write(name, pairs, with_output):
    with open(os.path.join(OUT, name + ".in"), "w", newline="\n") as f:
        f.write("".join(f"{w} {h}\n" for w, h in pairs))
    if with_output:
        with open(os.path.join(OUT, name + ".out"), "w", newline="\n") as f:
            f.write("".join(word(w, h) + "\n" for w, h in pairs))


def brute_cases():
    """Every sheet in brute.rs's reach (W*H <= 100), by area band; row by row."""
    bands = {"all-area-le-64": (4, 64), "all-area-65-to-84": (65, 84),
             "all-area-85-to-95": (85, 95), "all-area-96-to-100": (96, 100)}
    for name, (lo, hi) in bands.items():
        pairs = [(w, h) for w in range(2, 51) for h in range(2, 51) if lo <= w * h <= hi]
        write(name, pairs, with_output=False)


LOST = [s for s in range(2, MAX + 1) if D[s - 2] == 0]


def formula_cases():
    write("all-sheets", [(w, h) for w in range(2, MAX + 1) for h in range(2, MAX + 1)], True)
    # Every lost sheet and its four neighbours (one side off by one), each once, in order.
    near = set()
    for w in LOST:
        for h in LOST:
            for dw, dh in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
                if 2 <= w + dw <= MAX and 2 <= h + dh <= MAX:
                    near.add((w + dw, h + dh))
    write("lost-sheets-and-neighbours", sorted(near), True)
    rng = random.Random(2311)
    pairs = []
    while len(pairs) < 100_000:
        if rng.randrange(3) == 0:
            pairs.append((rng.choice(LOST), rng.choice(LOST)))
        else:
            pairs.append((rng.randint(2, MAX), rng.randint(2, MAX)))
    write("max", pairs, True)


def sheets(text):
    nums = [int(t) for t in text.split()]
    return list(zip(nums[0::2], nums[1::2]))


def check_fixture_file():
    path = os.path.join(ROOT, "fixtures", SLUG + ".toml")
    with open(path, "rb") as f:
        cases = tomllib.load(f)["case"]
    checked = missing = 0
    for case in cases:
        def read(key_inline, key_file):
            if key_inline in case:
                return case[key_inline]
            p = os.path.join(ROOT, "fixtures", case[key_file])
            return open(p).read() if os.path.exists(p) else None

        inp, out = read("input", "input_file"), read("output", "output_file")
        if inp is None or out is None:
            missing += 1
            continue
        want = [word(w, h) for w, h in sheets(inp)]
        assert out.split("\n") == want + [""], ("fixture case disagrees with V", case["name"])
        checked += 1
    print(f"checked: {checked} cases of fixtures/{SLUG}.toml agree with V"
          + (f" ({missing} without an expected output yet: run brute.rs on them)" if missing else ""))


def main():
    check_values()
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_moves(tmp)
        check_moves_bulk(exe)
        check_moves_one_at_a_time(exe)
    os.makedirs(OUT, exist_ok=True)
    brute_cases()
    formula_cases()
    if os.path.exists(os.path.join(ROOT, "fixtures", SLUG + ".toml")):
        check_fixture_file()


if __name__ == "__main__":
    main()
