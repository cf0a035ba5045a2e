#!/usr/bin/env python3
"""Writes the bash-misere fixture files beyond brute.rs's reach, from the closed form proved in
README.md: the first player loses iff (n - 1) % (m + 1) == 0. Independent of the Rust solution;
std-lib only; deterministic (fixed seeds). Run from anywhere:
    python3 problems/bash-misere/make_fixtures.py
Writes fixtures/bash-misere/{large,max}.{in,out}.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "fixtures", "bash-misere")
N_MAX = M_MAX = 10**9
C_MAX = 10**5


def first_wins(n, m):
    # The losing positions are 1, m + 2, 2(m + 1) + 1, ...: one stone more than a multiple of m + 1.
    return (n - 1) % (m + 1) != 0


def write(name, pairs):
    assert 1 <= len(pairs) <= C_MAX
    assert all(1 <= n <= N_MAX and 1 <= m <= M_MAX for n, m in pairs)
    with open(os.path.join(OUT_DIR, name + ".in"), "w", newline="\n") as f:
        f.write(f"{len(pairs)}\n")
        f.writelines(f"{n} {m}\n" for n, m in pairs)
    with open(os.path.join(OUT_DIR, name + ".out"), "w", newline="\n") as f:
        f.writelines("first\n" if first_wins(n, m) else "second\n" for n, m in pairs)


def large():
    """Hand-picked shapes at the top of the range."""
    big = N_MAX
    pairs = [
        (1, big), (2, big), (big, big), (big, big - 1), (big, 1), (big - 1, 1),
        (big, big - 2), (big, 2), (big, 3), (big, 999_999_999 // 3),
        (big - 1, big - 2), (big, (big - 1) // 2 - 1), (big, (big - 1) // 4 - 1),
    ]
    rng = random.Random(2024)
    for _ in range(200):
        m = rng.choice([rng.randint(1, 10), rng.randint(1, 10**5), rng.randint(1, M_MAX)])
        kmax = (N_MAX - 1) // (m + 1)
        k = rng.randint(0, kmax)
        for d in (-1, 0, 1):
            n = k * (m + 1) + 1 + d
            if 1 <= n <= N_MAX:
                pairs.append((n, m))
    return pairs


def maximum():
    """C = 100000, values up to 10^9, about a third of them losing for the first player."""
    rng = random.Random(1_000_000_007)
    pairs = []
    while len(pairs) < C_MAX:
        m = rng.choice([rng.randint(1, M_MAX), rng.randint(1, 1000), 1])
        if rng.random() < 0.35:
            n = rng.randint(0, (N_MAX - 1) // (m + 1)) * (m + 1) + 1
        else:
            n = rng.randint(1, N_MAX)
        pairs.append((n, m))
    return pairs


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    write("large", large())
    write("max", maximum())


if __name__ == "__main__":
    main()
