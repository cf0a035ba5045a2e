#!/usr/bin/env python3
"""Writes the large fixtures of acwing893-set-nim, independently of the solution.

Run from anywhere: python3 problems/acwing893-set-nim/make_fixtures.py [--table]
Deterministic (fixed seeds). Writes under fixtures/acwing893-set-nim/ the inputs and outputs of
the cases marked oracle = "formula" (100 heaps up to 10000: beyond brute.rs), from the
Sprague-Grundy rule proven in the README:
    first player wins  <=>  g(h_1) ^ ... ^ g(h_n) != 0,
    g(x) = mex { g(x - s) : s in S, s <= x },  g(0) = 0.
Before writing anything it re-checks that rule against a direct win/lose search of whole
positions (no SG) for several small sets S, all multisets of up to 3 heaps <= 12.
With --table it only prints the SG table of S = {2, 5} for x = 0..20 (used in the README).
"""
import itertools
import os
import random
import sys

MAX_H = 10000
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "fixtures", "acwing893-set-nim")


def grundy_table(moves, limit):
    """g(0..limit) by the literal mex recurrence (a Python set, no size assumption)."""
    g = [0] * (limit + 1)
    for x in range(1, limit + 1):
        reachable = {g[x - s] for s in moves if s <= x}
        v = 0
        while v in reachable:
            v += 1
        g[x] = v
    return g


def first_wins(moves, heaps):
    g = grundy_table(moves, max(heaps))
    acc = 0
    for h in heaps:
        acc ^= g[h]
    return acc != 0


def self_check():
    """Whole-position search (no SG, no xor) must agree with the xor rule."""
    sets = [[1], [2, 5], [1, 3, 4], [3, 7], [2, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            [4, 9, 13], [20]]
    bound = 12
    for moves in sets:
        g = grundy_table(moves, bound)
        win = {}

        def wins(pos):
            if pos not in win:
                w = False
                for i, s in itertools.product(range(len(pos)), moves):
                    if s <= pos[i]:
                        nxt = list(pos)
                        nxt[i] -= s
                        if not wins(tuple(sorted(nxt))):
                            w = True
                            break
                win[pos] = w
            return win[pos]

        for n in (1, 2, 3):
            for pos in itertools.combinations_with_replacement(range(bound + 1), n):
                acc = 0
                for h in pos:
                    acc ^= g[h]
                assert wins(pos) == (acc != 0), (moves, pos)


def write(name, text):
    with open(os.path.join(OUT_DIR, name), "w", newline="\n") as fh:
        fh.write(text)


def case(name, moves, heaps):
    assert 1 <= len(moves) <= 100 and 1 <= len(heaps) <= 100
    assert all(1 <= v <= MAX_H for v in moves + heaps)
    write(name + ".in", "%d\n%s\n%d\n%s\n" % (len(moves), " ".join(map(str, moves)),
                                            len(heaps), " ".join(map(str, heaps))))
    write(name + ".out", ("Yes" if first_wins(moves, heaps) else "No") + "\n")


def balanced(rng, moves, n):
    """n heaps (one of them 10000) whose SG values xor to 0, so the answer is No."""
    g = grundy_table(moves, MAX_H)
    by_value = {}
    for x in range(1, MAX_H + 1):
        by_value.setdefault(g[x], []).append(x)
    while True:
        heaps = [MAX_H] + [rng.randint(1, MAX_H) for _ in range(n - 2)]
        acc = 0
        for h in heaps:
            acc ^= g[h]
        if acc in by_value:
            heaps.append(rng.choice(by_value[acc]))
            rng.shuffle(heaps)
            return heaps


def main():
    if "--table" in sys.argv:
        print(" ".join(map(str, grundy_table([2, 5], 20))))
        return
    self_check()
    os.makedirs(OUT_DIR, exist_ok=True)
    rng = random.Random(893)

    # S = {1..100} shuffled: g(x) = x mod 101 reaches 100 (a mex array of 10 slots fails).
    prefix = list(range(1, 101))
    rng.shuffle(prefix)
    case("max-prefix-100-yes", prefix, [MAX_H] + [rng.randint(1, MAX_H) for _ in range(99)])
    case("max-prefix-100-no", prefix, balanced(rng, prefix, 100))

    # S = 100 distinct values in 1..300: many moves per heap, large SG values.
    dense = rng.sample(range(1, 301), 100)
    case("max-dense-s-yes", dense, [MAX_H] + [rng.randint(1, MAX_H) for _ in range(99)])
    case("max-dense-s-no", dense, balanced(rng, dense, 100))

    # S = 100 distinct values over the whole range 1..10000.
    wide = rng.sample(range(1, MAX_H + 1), 100)
    case("max-wide-s-yes", wide, [MAX_H] + [rng.randint(1, MAX_H) for _ in range(99)])
    case("max-wide-s-no", wide, balanced(rng, wide, 100))

    # Heaps all equal: 100 copies cancel out (No); 99 copies leave g(10000) (Yes iff != 0).
    case("max-all-equal-even", dense, [MAX_H] * 100)
    case("max-all-equal-odd", dense, [MAX_H] * 99)

    # Small S, huge heaps: {2, 5} and {1} (parity) at the maximum.
    case("max-s-2-5", [5, 2], [MAX_H] * 50 + [MAX_H - 1] * 49 + [9999 - 7])
    case("max-s-1-parity", [1], [MAX_H - i for i in range(99)])

    # The answers must not all be the same word.
    outs = {open(os.path.join(OUT_DIR, f)).read() for f in os.listdir(OUT_DIR)
            if f.endswith(".out")}
    assert outs == {"Yes\n", "No\n"}, outs


if __name__ == "__main__":
    sys.exit(main())
