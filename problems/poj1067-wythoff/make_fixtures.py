#!/usr/bin/env python3
"""Writes the fixture files of poj1067-wythoff that are beyond brute.rs's reach.

Expected outputs come from exact integer arithmetic only (no floating point), by two
independent characterisations of the losing positions (a, b), a <= b, which must agree on
every line (see README.md):

  1. a == floor(k * phi) with k = b - a, phi = (1 + sqrt 5) / 2, decided by comparing squares:
     a <= k*phi < a + 1  <=>  2a - k <= k*sqrt(5) < 2a + 2 - k.
  2. Zeckendorf: (0, 0), or the smallest Fibonacci term of a (F_2 = 1, F_3 = 2, ...) has an
     even index and b is a with every term F_i replaced by F_{i+1}.

Deterministic: run `python3 problems/poj1067-wythoff/make_fixtures.py` from anywhere.
"""
import os

LIMIT = 10**9
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "fixtures", "poj1067-wythoff")


def losing_by_phi(a, b):
    a, b = min(a, b), max(a, b)
    k = b - a
    lo = 2 * a - k  # need lo <= k*sqrt5
    hi = 2 * a + 2 - k  # need k*sqrt5 < hi
    ok_lo = lo <= 0 or lo * lo <= 5 * k * k
    ok_hi = hi > 0 and hi * hi > 5 * k * k
    return ok_lo and ok_hi


FIB = [1, 2]  # FIB[i] = F_{i+2}
while FIB[-1] < 4 * LIMIT:
    FIB.append(FIB[-1] + FIB[-2])


def zeckendorf(n):
    """Indices i (into FIB) of the greedy Fibonacci representation of n > 0."""
    idx = []
    for i in range(len(FIB) - 1, -1, -1):
        if FIB[i] <= n:
            idx.append(i)
            n -= FIB[i]
    return idx


def losing_by_zeckendorf(a, b):
    a, b = min(a, b), max(a, b)
    if a == 0:
        return b == 0
    z = zeckendorf(a)
    # FIB[i] = F_{i+2}: an even Fibonacci index means i even.
    return z[-1] % 2 == 0 and b == sum(FIB[i + 1] for i in z)


def answer(a, b):
    p1 = losing_by_phi(a, b)
    p2 = losing_by_zeckendorf(a, b)
    assert p1 == p2, (a, b)
    return 0 if p1 else 1


def a_of(k):
    """floor(k*phi), found by the square comparison above (binary search, exact)."""
    lo, hi = 0, 2 * k + 1
    while lo < hi:  # smallest a with k*sqrt5 < 2a + 2 - k, i.e. a + 1 > k*phi
        mid = (lo + hi) // 2
        h = 2 * mid + 2 - k
        if h > 0 and h * h > 5 * k * k:
            hi = mid
        else:
            lo = mid + 1
    return lo


class SplitMix64:
    def __init__(self, seed):
        self.s = seed

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


def with_neighbours(a, b):
    """(a, b), its 8 neighbours (+-1 on each coordinate) within the limits, both orders."""
    rows = []
    for da in (-1, 0, 1):
        for db in (-1, 0, 1):
            x, y = a + da, b + db
            if 0 <= x <= LIMIT and 0 <= y <= LIMIT:
                rows.append((x, y))
                rows.append((y, x))
    return rows


def write(name, rows):
    with open(os.path.join(OUT, name + ".in"), "w") as f:
        f.write("".join("%d %d\n" % r for r in rows))
    with open(os.path.join(OUT, name + ".out"), "w") as f:
        f.write("".join("%d\n" % answer(*r) for r in rows))


def main():
    os.makedirs(OUT, exist_ok=True)
    # The largest k with b_k = a_k + k <= 10^9.
    lo, hi = 0, LIMIT  # b_k is increasing in k: binary search for the last b_k <= LIMIT
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a_of(mid) + mid <= LIMIT:
            lo = mid
        else:
            hi = mid - 1
    kmax = lo
    assert a_of(kmax + 1) + kmax + 1 > LIMIT

    # near-limit: the 40 largest losing positions and all their neighbours, plus corners.
    rows = [(0, 0), (0, LIMIT), (LIMIT, 0), (LIMIT, LIMIT), (LIMIT - 1, LIMIT), (1, LIMIT)]
    for k in range(kmax, kmax - 40, -1):
        rows += with_neighbours(a_of(k), a_of(k) + k)
    write("near-limit", rows)

    # float-traps: k where k*phi is within 1e-6 of an integer at or below the limit: every
    # Fibonacci k, plus the k at which f64 floor(k * 1.618033988749895) (or with
    # (1 + sqrt 5) / 2, the same double) is one too large, and the first k at which f32 is wrong
    # (both lists found by a throw-away search over every k <= 4*10^8, see README.md).
    f64_bad = [102334155, 141422324, 180510493, 204668310, 219598662, 243756479, 267914296,
               282844648, 307002465, 321932817, 336863169, 346090634, 361020986, 370248451]
    f32_bad = [2584, 5168, 6765, 7752, 9349]
    ks = sorted(set([f for f in FIB if f <= kmax] + f64_bad + f32_bad))
    rows = []
    for k in ks:
        a = a_of(k)
        if a + k <= LIMIT:
            rows += with_neighbours(a, a + k)
    write("float-traps", rows)

    # max: 50000 lines: losing positions of every size, their neighbours, random pairs.
    rng = SplitMix64(1067)
    rows = []
    while len(rows) < 50000:
        kind = rng.below(4)
        k = rng.below(kmax + 1) if rng.below(2) else rng.below(1000)
        a = a_of(k)
        if kind == 0:
            r = (a, a + k)
        elif kind == 1:
            r = (max(0, a + rng.below(3) - 1), min(LIMIT, a + k + rng.below(3) - 1))
        else:
            r = (rng.below(LIMIT + 1), rng.below(LIMIT + 1))
        if rng.below(2):
            r = (r[1], r[0])
        rows.append(r)
    write("max", rows)


if __name__ == "__main__":
    main()
