#!/usr/bin/env python3
"""Writes the maximum-size fixtures of HDU 4388 (Stone Game II) from the proven closed form.

Run from the repository root:  python3 problems/hdu4388-stone-game-ii/make_fixtures.py
Deterministic (own splitmix64), std-lib only, independent of the Rust solution.

Closed form (README): with every pile positive, the first player wins iff
sum(popcount(a) - 1 for a in piles) is odd (judge's reading; the skill never matters).
"""
import os

MASK = (1 << 64) - 1
LIMIT_T, LIMIT_N, LIMIT_A = 150, 50, 100000
OUT_DIR = os.path.join("fixtures", "hdu4388-stone-game-ii")


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def range(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)


def first_wins(piles):
    assert all(1 <= a <= LIMIT_A for a in piles)
    moves = sum(bin(a).count("1") - 1 for a in piles)
    return moves % 2 == 1


def write(name, cases):
    assert 1 <= len(cases) <= LIMIT_T
    lines = [str(len(cases))]
    out = []
    for i, c in enumerate(cases, 1):
        assert 1 <= len(c) <= LIMIT_N
        lines.append(str(len(c)))
        lines.append(" ".join(map(str, c)))
        out.append("Case %d: %s\n" % (i, "Yes" if first_wins(c) else "No"))
    with open(os.path.join(OUT_DIR, name + ".in"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(OUT_DIR, name + ".out"), "w") as f:
        f.write("".join(out))


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    rng = SplitMix64(4388)
    # 150 cases of 50 random piles in 1..=100000.
    write("max-random", [[rng.range(1, LIMIT_A) for _ in range(LIMIT_N)] for _ in range(LIMIT_T)])
    # 150 cases of 50 piles drawn from the extremes: 1, 100000, powers of two, 2^r - 1,
    # 65535 and 98303 (16 one-bits, the most below 100000), and values near the limit.
    special = [1, 2, 3, LIMIT_A, LIMIT_A - 1, 65536, 65535, 98303, 99999, 131071 & 0xFFFF, 3 << 15]
    special += [1 << r for r in range(17)] + [(1 << r) - 1 for r in range(2, 17)]
    cases = []
    for i in range(LIMIT_T):
        n = LIMIT_N if i % 3 else rng.range(1, LIMIT_N)
        cases.append([special[rng.range(0, len(special) - 1)] for _ in range(n)])
    cases[0] = [LIMIT_A] * LIMIT_N
    cases[1] = [1] * LIMIT_N
    cases[2] = [65535] * LIMIT_N
    cases[3] = [98303] * (LIMIT_N - 1)
    cases[4] = [LIMIT_A]
    write("max-edges", cases)


if __name__ == "__main__":
    main()
