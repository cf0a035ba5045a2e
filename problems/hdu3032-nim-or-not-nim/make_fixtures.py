#!/usr/bin/env python3
"""Writes the file-based fixtures of hdu3032-nim-or-not-nim, independently of the solution.

Run from anywhere: python3 problems/hdu3032-nim-or-not-nim/make_fixtures.py
Deterministic (fixed seeds). Writes under fixtures/hdu3032-nim-or-not-nim/:
  - the inputs of every file case;
  - the outputs of the cases marked oracle = "formula" (heaps far beyond brute.rs), from the
    closed form proven in the README:
        first player (Alice) wins  <=>  g(s_1) ^ ... ^ g(s_N) != 0,
        g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
The outputs of the brute-reachable file cases are NOT written here: they come from brute.rs.

Before writing anything it checks, by computation:
  1. the closed form against the mex table of the literal one-heap rules (take any positive
     number of stones, or split into two non-empty heaps), for every heap up to TABLE;
  2. the same table against the take-and-break code 4.[3] read as Guy and Smith's octal games
     define it (the description `runner game` will take), so the code and the heap-size mapping
     (a heap of s stones is a heap of s tokens) are right; the reader of octal codes is checked
     first on Nim, Kayles and Dawson's Kayles;
  3. the xor rule against a direct win/lose search of whole positions (no nim-values), for every
     position of at most SEARCH stones.
After writing, it checks the closed form against every output that came from brute.rs
(the fixture's source = "brute" cases, inline or in files).
"""
import itertools
import os
import random
import sys

TABLE = 4096
SEARCH = 20
MAX_T = 100
MAX_N = 1_000_000
MAX_HEAP = 2**31 - 1
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "fixtures", "hdu3032-nim-or-not-nim")


def g(s):
    """The closed form (README, "The one-heap values")."""
    if s == 0:
        return 0
    return {1: s, 2: s, 3: s + 1, 0: s - 1}[s % 4]


def first_wins(heaps):
    x = 0
    for s in heaps:
        x ^= g(s)
    return x != 0


def mex(values_mask):
    """The least non-negative integer whose bit is clear in values_mask."""
    return ((values_mask + 1) & ~values_mask).bit_length() - 1


def literal_table(limit):
    """G(n) = mex of G(m) for m < n (take n - m stones) and G(a) ^ G(n - a) (split)."""
    t = [0] * (limit + 1)
    below = 1 << t[0]  # the values G(0..n-1): every heap a removal can leave
    for n in range(1, limit + 1):
        seen = below
        for a in range(1, n // 2 + 1):
            seen |= 1 << (t[a] ^ t[n - a])
        t[n] = mex(seen)
        below |= 1 << t[n]
    return t


def octal_table(digits, repeat, limit):
    """Nim-values of the octal game `digits[0].digits[1:]` with `repeat` repeated for ever.

    Digit d_k (k >= 0) allows removing k tokens from a heap when bit 1: it was the whole heap;
    bit 2: one non-empty heap is left; bit 4: two non-empty heaps are left.
    """
    def d(k):
        return digits[k] if k < len(digits) else repeat

    t = [0] * (limit + 1)
    for n in range(1, limit + 1):
        seen = 0
        for k in range(0, n + 1):
            rest = n - k
            if d(k) & 1 and rest == 0:
                seen |= 1 << 0
            if d(k) & 2 and rest >= 1:
                seen |= 1 << t[rest]
            if d(k) & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    seen |= 1 << (t[a] ^ t[rest - a])
        t[n] = mex(seen)
    return t


def partitions(total, largest=None):
    """Every multiset of positive heaps summing to total, each as a descending tuple."""
    if largest is None:
        largest = total
    if total == 0:
        yield ()
        return
    for h in range(min(total, largest), 0, -1):
        for rest in partitions(total - h, h):
            yield (h,) + rest


def search_check(limit):
    """Whole-position win/lose search (no nim-values) against the xor rule."""
    win = {(): False}
    for total in range(1, limit + 1):
        for pos in sorted(partitions(total), key=len, reverse=True):
            # children: the same total with one heap more (splits) come first in this order
            w = False
            for i, h in enumerate(pos):
                rest = pos[:i] + pos[i + 1:]
                children = [rest + ((left,) if left else ()) for left in range(h)]
                children += [rest + (a, h - a) for a in range(1, h // 2 + 1)]
                if any(not win[tuple(sorted(c, reverse=True))] for c in children):
                    w = True
                    break
            win[pos] = w
            assert w == first_wins(pos), pos
    return len(win)


def self_check():
    table = literal_table(TABLE)
    assert table == [g(s) for s in range(TABLE + 1)], "closed form"
    assert all(table[n + 4] == table[n] + 4 for n in range(1, TABLE - 3)), "saltus"
    assert table[4] != table[0] + 4, "n = 0 is the preperiod"
    # the octal reader itself, on games whose values are well known: Nim (0.[3]: G(n) = n),
    # Kayles (0.77) and Dawson's Kayles (0.07), their first values as Winning Ways lists them
    assert octal_table([0], 3, 50) == list(range(51)), "0.[3]"
    assert octal_table([0, 7, 7], 0, 11) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], "0.77"
    assert octal_table([0, 0, 7], 0, 11) == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3], "0.07"
    assert octal_table([4], 3, 600) == table[:601], "4.[3]"
    search_check(SEARCH)


def write(name, text):
    with open(os.path.join(OUT_DIR, name), "w", newline="\n") as fh:
        fh.write(text)


def case(name, cases, formula):
    assert 1 <= len(cases) <= MAX_T
    assert all(1 <= len(c) <= MAX_N and all(1 <= s <= MAX_HEAP for s in c) for c in cases)
    lines = [str(len(cases))]
    for c in cases:
        lines.append(str(len(c)))
        lines.append(" ".join(map(str, c)))
    write(name + ".in", "\n".join(lines) + "\n")
    if formula:
        write(name + ".out", "".join(("Alice" if first_wins(c) else "Bob") + "\n" for c in cases))


def nim_value(heaps):
    x = 0
    for s in heaps:
        x ^= g(s)
    return x


def balanced(rng, heaps):
    """heaps with one or two heaps more, at random places, so that the xor of g is 0.

    g is an involution on the positive integers (it swaps 4k+3 and 4k+4), so the heap g(x)
    has the value x; g(x) is a heap when 1 <= g(x) <= 2^31 - 1.
    """
    heaps = list(heaps)
    x = nim_value(heaps)
    if x != 0:
        if 1 <= g(x) <= MAX_HEAP:
            heaps.append(g(x))
        else:  # x >= 2^31 - 1: one heap 2^31 - 1 (value 2^31) and one for the rest
            heaps.append(MAX_HEAP)
            heaps.append(g(x ^ g(MAX_HEAP)))
    rng.shuffle(heaps)
    assert nim_value(heaps) == 0
    return heaps


def unbalanced(rng, heaps):
    """heaps, with a heap 1 more when their xor of g is 0 (then it is 1)."""
    heaps = list(heaps)
    if nim_value(heaps) == 0:
        heaps.insert(rng.randrange(len(heaps) + 1), 1)
    assert nim_value(heaps) != 0
    return heaps


def big_heap(rng):
    """A heap in 1..2^31 - 1 whose number of digits is uniform in 1..10."""
    digits = rng.randint(1, 10)
    return rng.randint(10 ** (digits - 1), min(10**digits - 1, MAX_HEAP))


def small_random(rng, stones):
    """A random position of at most `stones` stones: random heaps, or pairs with a change."""
    budget = rng.randint(stones // 2, stones)
    if rng.random() < 0.4:
        heaps = []
        while budget > 0:
            h = rng.randint(1, budget)
            heaps.append(h)
            budget -= h
        return heaps
    heaps = []
    while budget >= 2:
        h = rng.randint(1, budget // 2)
        heaps += [h, h]
        budget -= 2 * h
    if budget and rng.random() < 0.5:
        heaps.append(budget)
    if rng.random() < 0.5 and heaps[-1] > 1:
        heaps[-1] -= 1  # one pair partner one stone smaller
    rng.shuffle(heaps)
    return heaps or [1]


def brute_cases():
    # every position of 1..12 stones, as test cases of at most 100
    by_total = {t: [list(p) for p in partitions(t)] for t in range(1, 13)}
    case("partitions-1-9", [p for t in range(1, 10) for p in by_total[t]], formula=False)
    case("partitions-10-11", by_total[10] + by_total[11], formula=False)
    case("partitions-12", by_total[12], formula=False)
    rng = random.Random(3032_30)
    case("random-upto-30", [small_random(rng, 30) for _ in range(MAX_T)], formula=False)


def formula_cases():
    # every heap size 1..50000 once, in runs of 500: case c holds the c-th run, then is made
    # lost (odd c) or kept won (even c) by one or two heaps more
    rng = random.Random(3032_50000)
    runs = []
    for c in range(MAX_T):
        run = list(range(500 * c + 1, 500 * (c + 1) + 1))
        rng.shuffle(run)
        runs.append(balanced(rng, run) if c % 2 == 0 else unbalanced(rng, run))
    case("every-heap-to-50000", runs, formula=True)

    # heaps of every magnitude up to 2^31 - 1, two in three of the positions lost
    rng = random.Random(3032_31)
    cases = []
    for c in range(MAX_T):
        heaps = [big_heap(rng) for _ in range(rng.randint(1, 100))]
        cases.append(balanced(rng, heaps) if c % 3 else unbalanced(rng, heaps))
    case("random-magnitudes", cases, formula=True)

    # the largest heaps and the powers of two near them, with every residue mod 4
    tops = [MAX_HEAP - i for i in range(16)]
    near = [2**k + d for k in (16, 24, 30) for d in range(-4, 5)]
    rng = random.Random(3032_2_31)
    cases = []
    for c in range(MAX_T):
        heaps = [rng.choice(tops + near) for _ in range(rng.randint(1, 12))]
        cases.append(balanced(rng, heaps) if c % 3 else unbalanced(rng, heaps))
    case("top-heaps", cases, formula=True)

    # the maximum N: one test case of 10^6 heaps (mostly one digit, one in a hundred of every
    # magnitude), lost
    rng = random.Random(3032_1_000_000)
    while True:
        heaps = [rng.randint(1, 9) if rng.random() < 0.99 else big_heap(rng)
                 for _ in range(MAX_N - 1)]
        if 1 <= g(nim_value(heaps)) <= MAX_HEAP:
            break
    heaps = balanced(rng, heaps)
    assert len(heaps) == MAX_N
    case("max-n", [heaps], formula=True)

    # the maximum T: 100 test cases of 1000 heaps uniform in 1..2^31 - 1, every other one lost
    rng = random.Random(3032_100)
    cases = []
    for c in range(MAX_T):
        heaps = [rng.randint(1, MAX_HEAP) for _ in range(1000)]
        cases.append(balanced(rng, heaps[:-1]) if c % 2 == 0 else unbalanced(rng, heaps))
    case("max-t", cases, formula=True)


def answers(text):
    """The closed form's answers to an input (tokens; only the first T test cases)."""
    nums = list(map(int, text.split()))
    out, i = [], 1
    for _ in range(nums[0]):
        n = nums[i]
        out.append("Alice" if first_wins(nums[i + 1:i + 1 + n]) else "Bob")
        i += 1 + n
    return "".join(w + "\n" for w in out)


def check_brute_outputs():
    """Every case whose output came from brute.rs (source = "brute") against the closed form:
    brute.rs knows no nim-value, so this checks the xor rule, g and the heap mapping on them."""
    try:
        import tomllib
    except ImportError:  # Python < 3.11: no TOML reader in the standard library
        print("skipped the check of the brute cases: no tomllib (Python 3.11+)")
        return
    fixture = os.path.join(OUT_DIR, "..", "hdu3032-nim-or-not-nim.toml")
    with open(fixture, "rb") as fh:
        cases = tomllib.load(fh)["case"]
    checked = 0
    for c in cases:
        if c["source"] != "brute":
            continue
        if "input_file" in c:
            with open(os.path.join(OUT_DIR, "..", c["input_file"])) as fh:
                text = fh.read()
            out_path = os.path.join(OUT_DIR, "..", c["output_file"])
            if not os.path.exists(out_path):
                continue  # not made by brute.rs yet
            with open(out_path) as fh:
                expected = fh.read()
        else:
            text, expected = c["input"], c["output"]
        assert answers(text) == expected, c["name"]
        checked += 1
    print(f"the closed form agrees with brute.rs on all {checked} brute cases")


def main():
    self_check()
    os.makedirs(OUT_DIR, exist_ok=True)
    brute_cases()
    formula_cases()
    check_brute_outputs()


if __name__ == "__main__":
    sys.exit(main())
