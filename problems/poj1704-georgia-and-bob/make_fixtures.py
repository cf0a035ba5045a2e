#!/usr/bin/env python3
"""Writes the maximum-size fixtures of POJ 1704 (Georgia and Bob) from the proven closed form.

Run from the repository root:  python3 problems/poj1704-georgia-and-bob/make_fixtures.py
Deterministic (own splitmix64, no `random`), std-lib only, independent of the Rust solution.

Closed form (proved in the README): sort the positions, pair them from the right, the leftmost
chessman with a wall at cell 0 when N is odd; Georgia wins iff the xor of the free cells inside
the pairs, p[right] - p[left] - 1, is non-zero.
"""
import os

MASK = (1 << 64) - 1
LIMIT_T, LIMIT_N, LIMIT_P = 20, 1000, 10000
OUT_DIR = os.path.join("fixtures", "poj1704-georgia-and-bob")


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
        """Uniform-ish integer in lo..=hi."""
        return lo + self.next() % (hi - lo + 1)

    def shuffle(self, xs):
        for i in range(len(xs) - 1, 0, -1):
            j = self.range(0, i)
            xs[i], xs[j] = xs[j], xs[i]


def georgia_wins(positions):
    p = sorted(positions)
    assert len(set(p)) == len(p) and 1 <= p[0] and p[-1] <= LIMIT_P
    if len(p) % 2 == 1:
        p = [0] + p  # the wall
    x = 0
    for i in range(0, len(p), 2):
        x ^= p[i + 1] - p[i] - 1
    return x != 0


def answer(positions):
    return "Georgia will win" if georgia_wins(positions) else "Bob will win"


def random_case(rng, n):
    cells = list(range(1, LIMIT_P + 1))
    rng.shuffle(cells)
    return cells[:n]


def zero_xor_case(rng, n, spacing_max):
    """N chessmen whose pair gaps xor to 0 (a Bob position), placed right to left."""
    pairs = n // 2
    gaps = [rng.range(0, 15) for _ in range(pairs - 1)]
    last = 0
    for g in gaps:
        last ^= g
    gaps.append(last)
    # Leftmost chessman of odd N sits against the wall with gap 0, i.e. at cell 1.
    pos = []
    cell = 1
    if n % 2 == 1:
        pos.append(cell)
        cell += 1 + rng.range(0, spacing_max)
    for g in gaps:
        pos.append(cell)
        cell += g + 1
        pos.append(cell)
        cell += 1 + rng.range(0, spacing_max)
    assert pos[-1] <= LIMIT_P, pos[-1]
    assert not georgia_wins(pos)
    rng.shuffle(pos)
    return pos


def write(name, cases):
    assert 1 <= len(cases) <= LIMIT_T
    lines = [str(len(cases))]
    for c in cases:
        assert 1 <= len(c) <= LIMIT_N
        lines.append(str(len(c)))
        lines.append(" ".join(map(str, c)))
    with open(os.path.join(OUT_DIR, name + ".in"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(OUT_DIR, name + ".out"), "w") as f:
        f.write("".join(answer(c) + "\n" for c in cases))


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    rng = SplitMix64(1704)
    # 20 cases of N = 1000 random distinct cells in 1..=10000, in random order.
    write("max-random", [random_case(rng, LIMIT_N) for _ in range(LIMIT_T)])
    # 20 cases at N = 1000 / 999 built so that the pair gaps xor to 0 (Bob), except that every
    # other case then has one chessman nudged (which makes it Georgia's, checked by the formula).
    cases = []
    for i in range(LIMIT_T):
        n = LIMIT_N if i % 2 == 0 else LIMIT_N - 1
        c = zero_xor_case(rng, n, spacing_max=rng.range(0, 6))
        if i % 4 == 3:
            top = max(c)
            if top < LIMIT_P:
                c[c.index(top)] = top + 1
        cases.append(c)
    write("max-constructed", cases)
    # Edges of the value range: the last 1000 cells, the first 1000 cells, single chessmen at
    # 1 and 10000, and the widest gaps (1 and 10000 together).
    edge = [
        list(range(LIMIT_P, LIMIT_P - LIMIT_N, -1)),
        list(range(LIMIT_N, 0, -1)),
        [LIMIT_P],
        [1],
        [LIMIT_P, 1],
        [1, LIMIT_P, LIMIT_P // 2],
        list(range(LIMIT_P, LIMIT_P - 2 * LIMIT_N, -2)),
        list(range(1, 2 * LIMIT_N, 2)),
    ]
    for c in edge[-2:]:
        rng.shuffle(c)
    write("max-edges", edge)


if __name__ == "__main__":
    main()
