#!/usr/bin/env python3
"""Writes the formula cases of poj3537-crosses-and-crosses, independently of the solution.

Run from anywhere: python3 problems/poj3537-crosses-and-crosses/make_fixtures.py
Deterministic. It rewrites the part of fixtures/poj3537-crosses-and-crosses.toml after the line
FORMULA_MARKER (the cases with n > 40, beyond brute.rs) from the analysis proven in the README:

    the first player wins on a strip of n cells  <=>  G(n + 2) != 0,

where G is the nim-value of one heap of the octal game 0.007 (Treblecross), computed here from the
game's octal code by a general take-and-break evaluator, not from the strip recurrence the
solution uses. Before writing anything it checks:
  1. the rule against a whole-strip search of the literal game (crosses, three in a row wins;
     its own search, not brute.rs) for every n <= 14, and that n = 1, 2 are draws;
  2. the rule against every case of the fixture file above the marker (the sample and hand
     cases, and the brute cases n = 3..40 whose outputs brute.rs wrote): the literal game and the
     reduced one agree wherever the brute force reaches;
  3. that G(n + 2) equals the strip recurrence's g(n) for every n <= 2000 (the heap shift).
"""
import os
import sys
import tomllib

MAX_N = 2000
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "..", "fixtures", "poj3537-crosses-and-crosses.toml")
FORMULA_MARKER = "# ---- formula cases: written by make_fixtures.py (n > 40, beyond brute.rs) ----"


def octal_values(code, limit):
    """Nim-values G(0..limit) of one heap of the octal game `code` (e.g. "0.007").

    Digit d_k (k = 1, 2, ... after the point) says what removing k tokens from a heap may leave:
    bit 1 nothing (the heap was exactly k), bit 2 one non-empty heap, bit 4 two non-empty heaps.
    """
    digits = [int(c) for c in code.split(".")[1]]
    g = [0] * (limit + 1)
    for h in range(1, limit + 1):
        reach = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            rest = h - k
            if d & 1 and rest == 0:
                reach.add(0)
            if d & 2 and rest > 0:
                reach.add(g[rest])
            if d & 4:
                for a in range(1, rest // 2 + 1):  # two non-empty heaps a and rest - a
                    reach.add(g[a] ^ g[rest - a])
        v = 0
        while v in reach:
            v += 1
        g[h] = v
    return g


G = octal_values("0.007", MAX_N + 2)


def answer(n):
    """The expected output for a strip of n cells (3 <= n <= 2000)."""
    return "1" if G[n + 2] != 0 else "2"


def literal_outcome(n):
    """Whole-strip search of the literal game: 'W', 'L' or 'D' for the first player."""
    memo = {}

    def three(cells):
        return any(cells[i] and cells[i + 1] and cells[i + 2] for i in range(n - 2))

    def solve(cells):
        if cells in memo:
            return memo[cells]
        result = "L"
        empties = [i for i in range(n) if not cells[i]]
        if not empties:
            result = "D"
        for i in empties:
            after = cells[:i] + (True,) + cells[i + 1:]
            if three(after):
                result = "W"
                break
            r = solve(after)
            if r == "L":
                result = "W"
                break
            if r == "D":
                result = "D"
        memo[cells] = result
        return result

    return solve((False,) * n)


def strip_recurrence(limit):
    """g(m) = mex { g(max(0, j-3)) ^ g(max(0, m-j-2)) : 1 <= j <= m }: only for check 3."""
    g = [0] * (limit + 1)
    for m in range(1, limit + 1):
        reach = {g[max(0, j - 3)] ^ g[max(0, m - j - 2)] for j in range(1, m + 1)}
        v = 0
        while v in reach:
            v += 1
        g[m] = v
    return g


def self_check(head):
    for n in (1, 2):
        assert literal_outcome(n) == "D", n
    for n in range(3, 15):
        assert literal_outcome(n) == ("W" if answer(n) == "1" else "L"), n
    checked = 0
    for case in tomllib.loads(head)["case"]:
        n = int(case["input"].split()[0])
        assert case["output"] == answer(n) + "\n", (case["name"], n)
        checked += 1
    g = strip_recurrence(MAX_N)
    assert all(g[n] == G[n + 2] for n in range(MAX_N + 1))
    return checked


def losing():
    return [n for n in range(3, MAX_N + 1) if answer(n) == "2"]


def formula_cases():
    """(n, note) for the cases beyond the brute force, in increasing n."""
    notes = {n: "a losing n (G(n + 2) = 0)" for n in losing() if n > 40}
    extra = {
        41: "the first n beyond brute.rs",
        108: "table to 100 and period 22 from 45 (losing 54, 64, 76, 86, 98) says 2 here",
        204: "table to 200 and period 10 from 175 (losing 184, 194) says 2 here",
        500: "a winning n in the middle of the range",
        1000: "a winning n in the middle of the range",
        1045: "beside the last losing n, 1046",
        1047: "beside the last losing n, 1046",
        1999: "strip 1999 is heap 2001: a heap table that stops at 2000 is too short",
        2000: "the largest n (heap 2002)",
    }
    for n, note in extra.items():
        assert n not in notes, n
        notes[n] = note
    return sorted(notes.items())


def main():
    with open(FIXTURE, encoding="utf-8") as fh:
        text = fh.read()
    head, sep, _ = text.partition(FORMULA_MARKER)
    if not sep:
        sys.exit(f"{FIXTURE}: the line {FORMULA_MARKER!r} is missing")
    checked = self_check(head)
    blocks = []
    for n, note in formula_cases():
        blocks.append(
            "[[case]]\n"
            f'name = "n-{n}"\n'
            'source = "formula"\n'
            f'note = "{note}"\n'
            f'input = "{n}\\n"\n'
            f'output = "{answer(n)}\\n"\n'
        )
    with open(FIXTURE, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(head + FORMULA_MARKER + "\n\n" + "\n".join(blocks))
    print(f"checked {checked} cases above the marker; wrote {len(blocks)} formula cases")


if __name__ == "__main__":
    main()
