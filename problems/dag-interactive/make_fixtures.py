#!/usr/bin/env python3
"""Writes the large inputs of dag-interactive (1000-node DAGs, 10 tokens) under
fixtures/dag-interactive/, and prints who wins each (the start of its note in the fixture file).

The winner comes from the Sprague-Grundy theorem proven in README.md: SG(u) = mex of SG over u's
successors, and the player to move wins iff the xor of SG over the tokens is not 0. SG is
computed here in reverse topological order (Kahn's algorithm on the reversed graph), which also
checks that each graph is acyclic. Std-lib only, deterministic (fixed seeds); run from anywhere:
    python3 problems/dag-interactive/make_fixtures.py

- max-path-second: a path through all 1000 nodes (relabelled), the 10 tokens on its first node:
  SG = 999 mod 2 = 1 ten times, xor 0. Every move advances one token by one node, so the game
  has exactly 10 * 999 = 9990 moves, the most the statement allows.
- max-path-first: the same path, 9 tokens on its first node and 1 on the second: xor 1; 9989
  moves.
- max-layered: 500 layers of 2 nodes, each node to both nodes of the next layer (2^499 paths from
  the top: an SG recursion without a memo never ends), 10 tokens in the top layer: xor 0.
- max-dense: a complete DAG on the first 700 nodes of a hidden order (SG values up to 699), and
  5 % of the other forward pairs; 10 tokens on high-SG nodes, the last one chosen to make the
  xor 0 (the judge moves first from a position with SG values in the hundreds).
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "fixtures", "dag-interactive")
N = 1000


def grundy(succ):
    n = len(succ)
    pred = [[] for _ in range(n)]
    left = [len(s) for s in succ]
    for v, out in enumerate(succ):
        for w in out:
            pred[w].append(v)
    ready = [v for v in range(n) if left[v] == 0]
    sg = [None] * n
    done = 0
    while ready:
        v = ready.pop()
        values = {sg[w] for w in succ[v]}
        g = 0
        while g in values:
            g += 1
        sg[v] = g
        done += 1
        for u in pred[v]:
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    assert done == n, "not acyclic"
    return sg


def relabel(rng, edges):
    """Edges given in the hidden order 0..N-1, mapped to random node numbers."""
    label = list(range(N))
    rng.shuffle(label)
    succ = [[] for _ in range(N)]
    for a, b in edges:
        succ[label[a]].append(label[b])
    for s in succ:
        rng.shuffle(s)
    return succ, label


def write(name, succ, tokens):
    sg = grundy(succ)
    x = 0
    for t in tokens:
        x ^= sg[t]
    lines = [str(len(succ))] + [" ".join(map(str, [len(s)] + s)) for s in succ]
    lines.append(" ".join(map(str, [len(tokens)] + tokens)))
    with open(os.path.join(OUT, name + ".in"), "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    edges = sum(len(s) for s in succ)
    print("%s: %s (xor %d; %d edges, SG up to %d)"
          % (name, "first" if x else "second", x, edges, max(sg)))


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(1524)
    path, label = relabel(rng, [(a, a + 1) for a in range(N - 1)])
    write("max-path-second", path, [label[0]] * 10)
    write("max-path-first", path, [label[0]] * 9 + [label[1]])

    rng = random.Random(2425)
    edges = [(a, b) for a in range(N) for b in ((a // 2 + 1) * 2, (a // 2 + 1) * 2 + 1) if b < N]
    layered, label = relabel(rng, edges)
    write("max-layered", layered, [label[rng.randint(0, 1)] for _ in range(10)])

    rng = random.Random(1000)
    edges = [(a, b) for a in range(N) for b in range(a + 1, N) if b < 700 or rng.random() < 0.05]
    dense, label = relabel(rng, edges)
    sg = grundy(dense)
    tokens = [label[rng.randint(0, 300)] for _ in range(9)]
    x = 0
    for t in tokens:
        x ^= sg[t]
    last = next((v for v in range(N) if sg[v] == x), None)
    assert last is not None, "no node has SG %d: pick other tokens" % x
    tokens.append(last)
    write("max-dense", dense, tokens)


if __name__ == "__main__":
    main()
