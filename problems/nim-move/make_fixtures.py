#!/usr/bin/env python3
"""Writes the fixture files of nim-move (deterministic; run from anywhere).

1. Inputs only, for the exhaustive cases whose expected outputs come from brute.rs
   (see README.md): exhaustive-n1-n2.in (every position with n = 1 or 2, a_i <= 7: 72 tests)
   and exhaustive-n3.in (every position with n = 3, a_i <= 7: 512 tests).
2. Inputs and jury answers of the cases beyond brute.rs's reach (piles near 10^9), from the
   rule proven in README.md, computed here with Python integers, independently of the solution:
   Lose iff X = xor of the piles is 0, else the FIRST pile i with a_i xor X < a_i and
   k = a_i - (a_i xor X) — the same move the brute force would find first (smallest i, then
   smallest k), since for each pile at most one k reaches xor 0.
   big-values (varied n, piles near 10^9 and powers of two) and max-size (T = 1000, n = 100,
   a_i up to 10^9, a third of the tests forced to xor 0).

Before anything is written, the rule and the choice of move are checked against a literal
win/lose search written here (every position with n <= 3 and a_i <= 7, and n = 4 with a_i <= 4):
the same first winning move, the same Lose.
"""
import functools
import itertools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "fixtures", "nim-move")
LIMIT = 10**9


def xor_all(piles):
    return functools.reduce(lambda x, y: x ^ y, piles, 0)


def jury(piles):
    """The jury answer from the xor rule: `Lose` or the first winning move `i k`."""
    x = xor_all(piles)
    if x == 0:
        return "Lose"
    for i, a in enumerate(piles):
        if a ^ x < a:
            return f"{i + 1} {a - (a ^ x)}"
    raise AssertionError(f"no pile has the top bit of {x}: {piles}")


@functools.lru_cache(maxsize=None)
def mover_wins(pos):
    """pos: sorted tuple of non-empty piles. Literal rules, no xor."""
    return any(not mover_wins(after(pos, i, k)) for i in range(len(pos)) for k in range(1, pos[i] + 1))


def after(piles, i, k):
    nxt = list(piles)
    nxt[i] -= k
    return tuple(sorted(a for a in nxt if a > 0))


def literal(piles):
    for i, a in enumerate(piles):
        for k in range(1, a + 1):
            if not mover_wins(after(piles, i, k)):
                return f"{i + 1} {k}"
    return "Lose"


def self_check():
    cases = [p for n, top in ((1, 7), (2, 7), (3, 7), (4, 4)) for p in itertools.product(range(top + 1), repeat=n)]
    for piles in cases:
        assert jury(piles) == literal(piles), piles


def write_input(name, tests):
    assert 1 <= len(tests) <= 1000, name
    assert all(1 <= len(p) <= 100 and all(0 <= a <= LIMIT for a in p) for p in tests), name
    with open(os.path.join(OUT, name + ".in"), "w", newline="\n") as f:
        f.write(f"{len(tests)}\n")
        f.write("".join(" ".join(map(str, [len(p)] + list(p))) + "\n" for p in tests))


def write_both(name, tests):
    write_input(name, tests)
    with open(os.path.join(OUT, name + ".out"), "w", newline="\n") as f:
        f.write("".join(jury(p) + "\n" for p in tests))


def zero_xor(rng, n, lo, hi):
    """n piles in lo..=hi with xor 0 (retry until the forced last pile fits)."""
    while True:
        p = [rng.randint(lo, hi) for _ in range(n - 1)]
        last = xor_all(p)
        if lo <= last <= hi:
            return p + [last]


def main():
    self_check()
    os.makedirs(OUT, exist_ok=True)

    write_input("exhaustive-n1-n2", [(a,) for a in range(8)] + list(itertools.product(range(8), repeat=2)))
    write_input("exhaustive-n3", list(itertools.product(range(8), repeat=3)))

    big = [
        [LIMIT],
        [LIMIT - 1],
        [LIMIT] * 100,  # an even number of equal piles: xor 0
        [LIMIT] * 99,  # take the whole first pile
        [0] * 99 + [LIMIT],
        [LIMIT, LIMIT - 1],  # xor 1023: only pile 1 has bit 9
        [LIMIT - 1, LIMIT],
        [2**29, 2**29 - 1, 1],  # xor 2^30 - 2
        [2**29 - 1, 2**29, 1],
        [LIMIT - 1, 1, (LIMIT - 1) ^ 1],  # xor 0
        [(LIMIT - 4) ^ 1, (LIMIT - 4) ^ 2, 3],  # xor 0
        [2**k for k in range(30)],  # xor 2^30 - 1: only the last pile has bit 29
        [2**k for k in range(29, -1, -1)],
        list(range(1, 101)),  # 1 xor ... xor 100 = 100
        [LIMIT - k for k in range(100)],
    ]
    rng = random.Random(20240607)
    big += [zero_xor(rng, n, 0, LIMIT) for n in (2, 3, 10, 100)]
    big += [[rng.randint(0, LIMIT) for _ in range(n)] for n in (2, 3, 10, 100)]
    write_both("big-values", big)

    rng = random.Random(1000000007)
    tests = []
    for t in range(1000):
        if t % 3 == 0:
            tests.append(zero_xor(rng, 100, LIMIT // 2, LIMIT))
        else:
            tests.append([rng.randint(LIMIT // 2, LIMIT) for _ in range(100)])
    write_both("max-size", tests)


if __name__ == "__main__":
    main()
