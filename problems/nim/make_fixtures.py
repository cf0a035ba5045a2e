#!/usr/bin/env python3
"""Writes the fixture files of nim.

1. Inputs only, for the exhaustive cases whose expected outputs come from brute.rs
   (run it on them: see README.md): pairs.in (every (a, b), 1 <= a, b <= 12) and
   triples.in (every (a, b, c), 1 <= a, b, c <= 6).
2. Inputs and outputs of the cases beyond brute.rs's reach, from the closed form proven in
   README.md (first player loses iff the xor of the heaps is 0), computed here with Python's
   own integers, independently of the solution:
   big-values (n = 1, n = 20, a_i = 10^9 and neighbours), max-heaps (10^4 groups of n = 20,
   random a_i up to 10^9: the 2 * 10^5-heap limit) and max-groups (10^5 groups, n = 1 or 2).

Before any file is written, the rule is checked against a plain win/lose search written here
(every pair up to 12 and every triple up to 6), so this script does not take the rule on trust.
Deterministic: `python3 problems/nim/make_fixtures.py` from anywhere.
"""
import functools
import itertools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "fixtures", "nim")
LIMIT = 10**9


def xor_all(heaps):
    return functools.reduce(lambda x, y: x ^ y, heaps, 0)


def answer(heaps):
    return "Win" if xor_all(heaps) != 0 else "Lose"


@functools.lru_cache(maxsize=None)
def mover_wins(pos):
    """pos: sorted tuple of non-empty heaps. Literal rules, no xor."""
    for i, h in enumerate(pos):
        for to in range(h):
            nxt = tuple(sorted(pos[:i] + ((to,) if to else ()) + pos[i + 1:]))
            if not mover_wins(nxt):
                return True
    return False


def self_check():
    for n, top in ((1, 30), (2, 12), (3, 6)):
        for heaps in itertools.product(range(1, top + 1), repeat=n):
            want = "Win" if mover_wins(tuple(sorted(heaps))) else "Lose"
            assert answer(heaps) == want, heaps


def line(heaps):
    return " ".join(map(str, [len(heaps)] + list(heaps)))


def write(name, groups, with_output=True):
    with open(os.path.join(OUT, name + ".in"), "w", newline="\n") as f:
        f.write("".join(line(g) + "\n" for g in groups))
    if with_output:
        with open(os.path.join(OUT, name + ".out"), "w", newline="\n") as f:
            f.write("".join(answer(g) + "\n" for g in groups))


def zero_xor_group(rng, n, top):
    """n heaps in 1..=top with xor 0 (retry until the forced last heap is legal)."""
    while True:
        g = [rng.randint(1, top) for _ in range(n - 1)]
        last = xor_all(g)
        if 1 <= last <= top:
            return g + [last]


def main():
    self_check()
    os.makedirs(OUT, exist_ok=True)

    write("pairs", [(a, b) for a in range(1, 13) for b in range(1, 13)], with_output=False)
    write("triples", list(itertools.product(range(1, 7), repeat=3)), with_output=False)

    big = [
        [LIMIT],
        [LIMIT] * 20,  # even count of equal heaps: xor 0
        [LIMIT] * 19,
        [LIMIT, LIMIT],
        [LIMIT, LIMIT - 1],
        [1] * 20,
        [1] * 19,
        [2**29, 2**29 - 1, 1],  # xor = 2^30 - 2: Win
        [LIMIT - 1, 1, LIMIT - 2],  # xor 0 (LIMIT ^ 1 would exceed LIMIT)
        [LIMIT - 1, LIMIT - 4, 3],  # xor 0 (LIMIT ^ 1, LIMIT ^ 2 would exceed LIMIT)
        list(range(1, 21)),  # 1 xor ... xor 20 = 20
        [LIMIT - k for k in range(20)],
    ]
    rng = random.Random(20240601)
    big += [zero_xor_group(rng, 20, LIMIT) for _ in range(4)]
    big += [[rng.randint(1, LIMIT) for _ in range(20)] for _ in range(4)]
    write("big-values", big)

    rng = random.Random(1000000007)
    heaps = []
    for i in range(10**4):
        if i % 3 == 0:
            heaps.append(zero_xor_group(rng, 20, LIMIT))
        else:
            heaps.append([rng.randint(1, LIMIT) for _ in range(20)])
    write("max-heaps", heaps)

    rng = random.Random(998244353)
    groups = []
    for i in range(10**5):
        if i % 2 == 0:
            groups.append([rng.randint(1, 10**5)])
        else:
            a = rng.randint(1, 10**5)
            # half of the pairs are equal (Lose), the rest random (almost always Win)
            b = a if rng.random() < 0.5 else rng.randint(1, 10**5)
            groups.append([a, b])
    write("max-groups", groups)


if __name__ == "__main__":
    main()
