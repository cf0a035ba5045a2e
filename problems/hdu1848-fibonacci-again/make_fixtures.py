#!/usr/bin/env python3
"""Writes the file-based fixtures of hdu1848-fibonacci-again, independently of the solution.

Run from anywhere: python3 problems/hdu1848-fibonacci-again/make_fixtures.py
Deterministic (fixed seeds). Writes under fixtures/hdu1848-fibonacci-again/:
  - the inputs of every file case;
  - the outputs of the cases marked oracle = "formula" (piles up to 1000, beyond brute.rs),
    from the Sprague-Grundy closed form proven in the README:
        first player wins  <=>  g(m) ^ g(n) ^ g(p) != 0,
        g(x) = mex { g(x - f) : f in {1, 2, 3, 5, 8, ...}, f <= x }.
The outputs of the brute-reachable file cases are NOT written here: they come from brute.rs.
Before writing anything it re-checks the closed form against a direct win/lose search of whole
three-pile positions with piles up to 25.
"""
import itertools
import os
import random
import sys

MAX = 1000
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "fixtures", "hdu1848-fibonacci-again")


def fibonacci_moves(limit):
    """1, 2, 3, 5, 8, ... up to limit (the statement's F(1) = 1, F(2) = 2)."""
    fib = [1, 2]
    while fib[-1] + fib[-2] <= limit:
        fib.append(fib[-1] + fib[-2])
    return [f for f in fib if f <= limit]


MOVES = fibonacci_moves(MAX)


def grundy_table(limit):
    g = [0] * (limit + 1)
    for x in range(1, limit + 1):
        reachable = {g[x - f] for f in MOVES if f <= x}
        v = 0
        while v in reachable:
            v += 1
        g[x] = v
    return g


G = grundy_table(MAX)


def first_wins(m, n, p):
    return G[m] ^ G[n] ^ G[p] != 0


def word(t):
    return "Fibo" if first_wins(*t) else "Nacci"


def self_check(bound=25):
    """Whole-position search (no SG) for piles <= bound must agree with the xor rule."""
    win = {}
    for total in range(3 * bound + 1):
        for a in range(bound + 1):
            for b in range(a, bound + 1):
                c = total - a - b
                if c < b or c > bound:
                    continue
                w = False
                for i, f in itertools.product(range(3), MOVES):
                    pos = [a, b, c]
                    if f <= pos[i]:
                        pos[i] -= f
                        if not win[tuple(sorted(pos))]:
                            w = True
                            break
                win[(a, b, c)] = w
                assert w == first_wins(a, b, c), (a, b, c)


def write(name, text):
    with open(os.path.join(OUT_DIR, name), "w", newline="\n") as fh:
        fh.write(text)


def case(name, triples, formula):
    write(name + ".in", "".join(f"{m} {n} {p}\n" for m, n, p in triples) + "0 0 0\n")
    if formula:
        write(name + ".out", "".join(word(t) + "\n" for t in triples))


def main():
    self_check()
    os.makedirs(OUT_DIR, exist_ok=True)

    # brute: every triple with piles 1..16, in lexicographic order
    r16 = range(1, 17)
    case("all-triples-1-16", list(itertools.product(r16, r16, r16)), formula=False)

    # brute: piles around the Fibonacci numbers up to 89, all combinations
    near = sorted({v for f in MOVES if f <= 89 for v in (f - 1, f, f + 1) if v >= 1})
    case("near-fibonacci-small", list(itertools.product(near, repeat=3)), formula=False)

    # brute: random piles up to 200 (brute.rs takes about 2 s)
    rng = random.Random(1848_200)
    case("random-upto-200",
         [tuple(rng.randint(1, 200) for _ in range(3)) for _ in range(600)], formula=False)

    # formula: pins down g(x) for every x in 1..1000. For each x and each value v in 0..15 a
    # line "x a b" with g(a) ^ g(b) = v (a, b <= 1000): the answer is Nacci iff g(x) = v.
    pair_for = {}
    for a in range(1, MAX + 1):
        for b in range(1, MAX + 1):
            pair_for.setdefault(G[a] ^ G[b], (a, b))
    values = range(max(G) + 1)
    assert all(v in pair_for for v in values)
    case("sg-profile-1-1000",
         [(x,) + pair_for[v] for x in range(1, MAX + 1) for v in values], formula=True)

    # formula: piles around the big Fibonacci numbers and the maximum, all combinations
    big = sorted({v for f in MOVES if f >= 144 for v in (f - 1, f, f + 1)} | {999, 1000})
    case("near-fibonacci-large", list(itertools.product(big, repeat=3)), formula=True)

    # formula: maximum-size input, 100000 random lines with piles in 1..1000
    rng = random.Random(1848_1000)
    case("max-size",
         [tuple(rng.randint(1, MAX) for _ in range(3)) for _ in range(100_000)], formula=True)


if __name__ == "__main__":
    sys.exit(main())
