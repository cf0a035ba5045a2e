#!/usr/bin/env python3
"""Writes the HDU 1524 fixture files beyond brute.rs's reach (1000-node graphs with up to ten
chessmen), with answers from the Sprague-Grundy theorem as proved in README.md: SG(v) = mex of
the SG values of v's successors; the first player wins iff the xor of SG over all chessmen is
non-zero. Independent of the Rust solution: SG is computed here in reverse topological order
(Kahn's algorithm on the reversed graph), and the program checks that every graph is acyclic.
Std-lib only, deterministic (fixed seeds). Run from anywhere:
    python3 problems/hdu1524-chess-game/make_fixtures.py
Writes fixtures/hdu1524-chess-game/{max-path,max-dense,max-queries}.{in,out}.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "fixtures", "hdu1524-chess-game")
N_MAX = 1000
M_MAX = 10


def grundy(succ):
    """SG of every node; raises if the graph has a cycle."""
    n = len(succ)
    pred = [[] for _ in range(n)]
    left = [len(set(s)) for s in succ]  # successors whose SG is still unknown
    for v, s in enumerate(succ):
        for w in set(s):
            pred[w].append(v)
    sg = [None] * n
    ready = [v for v in range(n) if left[v] == 0]
    done = 0
    while ready:
        v = ready.pop()
        seen = {sg[w] for w in succ[v]}
        g = 0
        while g in seen:
            g += 1
        sg[v] = g
        done += 1
        for u in pred[v]:
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    assert done == n, "the graph has a cycle"
    return sg


def relabel(rng, n, edges):
    """Edges (a, b), a < b in a hidden order, renamed by a random permutation."""
    label = list(range(n))
    rng.shuffle(label)
    succ = [[] for _ in range(n)]
    for a, b in edges:
        succ[label[a]].append(label[b])
    for s in succ:
        rng.shuffle(s)
    return succ, label


def queries(rng, n, count, label=None, deep=0):
    """count queries of 1..10 chessmen with repeats; `deep` of them start at the hidden order's
    first nodes (the longest games)."""
    qs = []
    for i in range(count):
        m = rng.choice([1, 2, 3, rng.randint(1, M_MAX), M_MAX])
        if i < deep and label is not None:
            p = [label[rng.randint(0, min(n - 1, 3))] for _ in range(m)]
        else:
            p = [rng.randrange(n) for _ in range(m)]
        if m >= 2 and rng.random() < 0.3:
            p[1] = p[0]
        rng.shuffle(p)
        qs.append(p)
    return qs


def test_case(succ, qs):
    sg = grundy(succ)
    lines = [str(len(succ))]
    lines += [" ".join(map(str, [len(s)] + s)) for s in succ]
    lines += [" ".join(map(str, [len(p)] + p)) for p in qs]
    lines.append("0")
    answers = []
    for p in qs:
        x = 0
        for v in p:
            x ^= sg[v]
        answers.append("WIN" if x else "LOSE")
    return "\n".join(lines) + "\n", "".join(a + "\n" for a in answers)


def write(name, cases):
    with open(os.path.join(OUT_DIR, name + ".in"), "w", newline="\n") as f:
        f.write("".join(c[0] for c in cases))
    with open(os.path.join(OUT_DIR, name + ".out"), "w", newline="\n") as f:
        f.write("".join(c[1] for c in cases))


def max_path():
    """A path of 1000 nodes (recursion depth 1000), a layered graph (2^500 paths: SG without a
    memo never finishes), a path in plain order, and a single node with ten chessmen."""
    rng = random.Random(1524)
    cases = []
    n = N_MAX
    succ, label = relabel(rng, n, [(a, a + 1) for a in range(n - 1)])
    cases.append(test_case(succ, queries(rng, n, 300, label, deep=100)))
    edges = [(a, b) for a in range(n) for b in range((a // 2 + 1) * 2, min((a // 2 + 2) * 2, n))]
    succ, label = relabel(rng, n, edges)
    cases.append(test_case(succ, queries(rng, n, 300, label, deep=100)))
    succ = [[a + 1] for a in range(n - 1)] + [[]]
    cases.append(test_case(succ, queries(rng, n, 100, list(range(n)), deep=50)))
    cases.append(test_case([[]], [[0] * k for k in range(1, M_MAX + 1)]))
    return cases


def max_dense():
    """1000 nodes with about 150 000 edges, and a complete DAG on 400 nodes (SG up to 399)."""
    rng = random.Random(2425)
    cases = []
    n = N_MAX
    edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
    succ, label = relabel(rng, n, edges)
    cases.append(test_case(succ, queries(rng, n, 2000, label, deep=200)))
    n = 400
    succ, label = relabel(rng, n, [(a, b) for a in range(n) for b in range(a + 1, n)])
    cases.append(test_case(succ, queries(rng, n, 2000, label, deep=200)))
    return cases


def max_queries():
    """Many queries of ten chessmen on sparse and medium 1000-node DAGs, five test cases."""
    rng = random.Random(10000)
    cases = []
    for density in (0.002, 0.005, 0.01, 0.02, 0.05):
        n = N_MAX
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density]
        succ, label = relabel(rng, n, edges)
        qs = [[rng.randrange(n) for _ in range(M_MAX)] for _ in range(4000)]
        cases.append(test_case(succ, qs))
    return cases


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    write("max-path", max_path())
    write("max-dense", max_dense())
    write("max-queries", max_queries())


if __name__ == "__main__":
    main()
