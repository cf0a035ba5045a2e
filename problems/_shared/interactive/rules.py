"""The three interactive games written once more, in Python, independently of the Rust programs:
their literal rules (legality of a move, its effect, the end of the game), the theory (who wins,
computed here in a different way from the interactor), the game-length bound, and a referee that
replays a game's transcript and says what the interactor's verdict must have been.

check.py uses this to judge every game it plays: the interactor's verdict must match the
referee's, every move of the judge must be legal, a judge that can win must move to a losing
position, a losing judge may make at most FREE_MOVES moves that do not lower the potential, and
no game may pass its bound.
"""
import itertools
import random
import re
import subprocess

OK, WA, PE = 0, 1, 2
MAX_LINE = 256
FREE_MOVES = 16
CANONICAL = re.compile(rb"0|[1-9][0-9]*")
SEP = re.compile(rb"[ \t\r]+")


class Malformed(Exception):
    pass


class Illegal(Exception):
    pass


def tokens(line):
    return [t for t in SEP.split(line) if t]


def integer(tok):
    if not CANONICAL.fullmatch(tok):
        return None
    return int(tok) if len(tok) <= 18 else 2**64 - 1


def two_ints(line, shape):
    t = tokens(line)
    if len(t) != 2:
        raise Malformed("expected %s, got %d tokens" % (shape, len(t)))
    x, y = integer(t[0]), integer(t[1])
    if x is None or y is None:
        raise Malformed("expected two integers %s" % shape)
    return x, y


# ---------------------------------------------------------------------------------------------
# Nim


class Nim:
    slug = "nim-interactive"
    shape = "`i k`"

    @staticmethod
    def parse(text):
        w = [int(t) for t in text.split()]
        n = w[0]
        assert len(w) == n + 1, "one position"
        return tuple(w[1:])

    @staticmethod
    def lines(pos):
        return ["%d" % len(pos), " ".join(map(str, pos))]

    @staticmethod
    def terminal(pos):
        return all(h == 0 for h in pos)

    @staticmethod
    def parse_move(line):
        return two_ints(line, Nim.shape)

    @staticmethod
    def apply(pos, move):
        i, k = move
        if not 1 <= i <= len(pos):
            raise Illegal("pile %d does not exist" % i)
        if not 1 <= k <= pos[i - 1]:
            raise Illegal("cannot take %d from %d" % (k, pos[i - 1]))
        p = list(pos)
        p[i - 1] -= k
        return tuple(p)

    @staticmethod
    def first_wins(pos):
        # Bouton, as a parity of bit counts per bit position (not a running xor).
        return any(sum((h >> b) & 1 for h in pos) % 2 for b in range(31))

    @staticmethod
    def potential(pos):
        return sum(h.bit_length() for h in pos)

    @staticmethod
    def bound(pos):
        return 2 * (Nim.potential(pos) + FREE_MOVES) + 1

    @staticmethod
    def move_text(move):
        return "%d %d" % move

    @staticmethod
    def batch(positions):
        return "".join("\n".join(Nim.lines(p)) + "\n" for p in positions)

    # sizes of gen.rs for the generated games: tiny to the maximum, each about as often
    game_sizes = [1, 2, 3, 5, 10, 30, 100, 1000]

    @staticmethod
    def small_positions(gen):
        """Every position with n = 1..3 and piles 0..7, n = 4 and piles 0..4, n = 5 and piles
        0..3: 8 + 64 + 512 + 625 + 1024 = 2233 positions."""
        for n, top in ((1, 7), (2, 7), (3, 7), (4, 4), (5, 3)):
            yield from itertools.product(range(top + 1), repeat=n)

    @staticmethod
    def large_positions(gen):
        """gen.rs's inputs at the largest sizes (piles up to 10^9, up to 100 piles)."""
        for seed in range(1, 201):
            p = subprocess.run([gen, str(seed), "1000"], capture_output=True, text=True)
            yield Nim.parse(p.stdout)


# ---------------------------------------------------------------------------------------------
# Wythoff


def wythoff_losing(a, b):
    """(a, b) is a P-position iff the smaller pile is floor(k*phi), k = the difference; decided
    by comparing squares: a <= k*phi < a + 1  <=>  2a - k <= k*sqrt(5) < 2a + 2 - k."""
    a, b = min(a, b), max(a, b)
    k = b - a
    lo, hi = 2 * a - k, 2 * a + 2 - k
    return (lo <= 0 or lo * lo <= 5 * k * k) and (hi > 0 and hi * hi > 5 * k * k)


def wythoff_a(k):
    """floor(k*phi): the smallest a with k*phi < a + 1 (binary search on the squares)."""
    lo, hi = 0, 2 * k + 1
    while lo < hi:
        mid = (lo + hi) // 2
        h = 2 * mid + 2 - k
        if h > 0 and h * h > 5 * k * k:
            hi = mid
        else:
            lo = mid + 1
    return lo


class Wythoff:
    slug = "wythoff-interactive"
    shape = "`x y`"
    LIMIT = 10**9

    @staticmethod
    def parse(text):
        a, b = map(int, text.split())
        return (a, b)

    @staticmethod
    def lines(pos):
        return ["%d %d" % pos]

    @staticmethod
    def terminal(pos):
        return pos == (0, 0)

    @staticmethod
    def parse_move(line):
        return two_ints(line, Wythoff.shape)

    @staticmethod
    def apply(pos, move):
        (a, b), (x, y) = pos, move
        if x == 0 and y == 0:
            raise Illegal("takes nothing")
        if x and y and x != y:
            raise Illegal("unequal amounts from both piles")
        if x > a or y > b:
            raise Illegal("more than a pile holds")
        return (a - x, b - y)

    @staticmethod
    def first_wins(pos):
        return not wythoff_losing(*pos)

    @staticmethod
    def potential(pos):
        return pos[0].bit_length() + pos[1].bit_length()

    @staticmethod
    def bound(pos):
        return 2 * (Wythoff.potential(pos) + FREE_MOVES) + 1

    @staticmethod
    def move_text(move):
        return "%d %d" % move

    @staticmethod
    def batch(positions):
        return "".join("%d %d\n" % p for p in positions)

    game_sizes = [1, 2, 3, 5, 10, 30, 100, 1000]

    @staticmethod
    def small_positions(gen):
        """Every (a, b) with 0 <= a, b <= 150: 22801 positions."""
        return itertools.product(range(151), repeat=2)

    # k where floor(k*phi) is one too large in f64 (k <= 4*10^8, b_k <= 10^9) and where f32 first
    # fails: problems/poj1067-wythoff/README.md, "Pitfalls".
    F64_TRAPS = [102334155, 141422324, 180510493, 204668310, 219598662, 243756479, 267914296,
                 282844648, 307002465, 321932817, 336863169, 346090634, 361020986, 370248451]
    F32_TRAPS = [2584, 5168, 6765, 7752, 9349]

    @staticmethod
    def kmax():
        lo, hi = 0, Wythoff.LIMIT
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if wythoff_a(mid) + mid <= Wythoff.LIMIT:
                lo = mid
            else:
                hi = mid - 1
        return lo

    @staticmethod
    def large_positions(gen):
        """Losing pairs (a_k, a_k + k) for every Fibonacci k, the float traps, the 20 largest k
        and 100 random k, each with its 8 neighbours, in both orders; the corners; and gen.rs's
        inputs at the largest size."""
        L = Wythoff.LIMIT
        kmax = Wythoff.kmax()
        fib = [1, 2]
        while fib[-1] <= kmax:
            fib.append(fib[-1] + fib[-2])
        rnd = random.Random(1067)
        ks = set(f for f in fib if f <= kmax) | set(Wythoff.F64_TRAPS) | set(Wythoff.F32_TRAPS)
        ks |= set(range(kmax - 19, kmax + 1)) | {rnd.randint(0, kmax) for _ in range(100)}
        out = set()
        for k in sorted(ks):
            a = wythoff_a(k)
            for da in (-1, 0, 1):
                for db in (-1, 0, 1):
                    x, y = a + da, a + k + db
                    if 0 <= x <= L and 0 <= y <= L:
                        out.add((x, y))
                        out.add((y, x))
        out |= {(0, 0), (0, L), (L, 0), (L, L), (L - 1, L), (1, L)}
        for seed in range(1, 201):
            p = subprocess.run([gen, str(seed), "1000"], capture_output=True, text=True)
            out.add(Wythoff.parse(p.stdout))
        return sorted(out)


# ---------------------------------------------------------------------------------------------
# Tokens on a DAG (HDU 1524's game)


class DagPos:
    """A DAG (a tuple of successor tuples, shared by the positions of one game) and the nodes of
    the tokens (a tuple, in the input's order: token t is tokens[t - 1])."""

    __slots__ = ("succ", "tokens")

    def __init__(self, succ, tokens):
        self.succ, self.tokens = succ, tokens

    def __repr__(self):
        text = "DAG %s tokens %s" % (list(map(list, self.succ)), list(self.tokens))
        return text if len(text) < 300 else text[:300] + "..."


_graph_cache = {}


def dag_values(succ):
    """SG values and depths (longest path to a sink) of a DAG, by Kahn's algorithm on the
    reversed graph: a node is finished once all its successors are. Cached per graph object."""
    hit = _graph_cache.get(id(succ))
    if hit is not None and hit[0] is succ:
        return hit[1], hit[2]
    n = len(succ)
    pred = [[] for _ in range(n)]
    left = [len(s) for s in succ]
    for v, out in enumerate(succ):
        for w in out:
            pred[w].append(v)
    ready = [v for v in range(n) if left[v] == 0]
    sg, depth = [None] * n, [0] * n
    while ready:
        v = ready.pop()
        values = {sg[w] for w in succ[v]}
        g = 0
        while g in values:
            g += 1
        sg[v] = g
        depth[v] = max((depth[w] + 1 for w in succ[v]), default=0)
        for u in pred[v]:
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    assert None not in sg, "not acyclic"
    if len(_graph_cache) > 64:
        _graph_cache.clear()
    _graph_cache[id(succ)] = (succ, sg, depth)
    return sg, depth


def all_dags(n):
    """Every labelled DAG on n nodes: each pair i < j has no edge, i -> j or j -> i."""
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for choice in itertools.product(range(3), repeat=len(pairs)):
        succ = [[] for _ in range(n)]
        for (i, j), c in zip(pairs, choice):
            if c == 1:
                succ[i].append(j)
            elif c == 2:
                succ[j].append(i)
        succ = tuple(tuple(s) for s in succ)
        try:
            dag_values(succ)
        except AssertionError:
            continue
        yield succ


class Dag:
    slug = "dag-interactive"
    shape = "`t v`"

    @staticmethod
    def parse(text):
        w = iter(map(int, text.split()))
        n = next(w)
        succ = []
        for _ in range(n):
            x = next(w)
            succ.append(tuple(next(w) for _ in range(x)))
        m = next(w)
        tokens = tuple(next(w) for _ in range(m))
        assert next(w, None) is None, "one position"
        return DagPos(tuple(succ), tokens)

    @staticmethod
    def lines(pos):
        out = ["%d" % len(pos.succ)]
        out += [" ".join(map(str, (len(s),) + s)) for s in pos.succ]
        out.append(" ".join(map(str, (len(pos.tokens),) + pos.tokens)))
        return out

    @staticmethod
    def terminal(pos):
        return all(not pos.succ[u] for u in pos.tokens)

    @staticmethod
    def parse_move(line):
        return two_ints(line, Dag.shape)

    @staticmethod
    def apply(pos, move):
        t, v = move
        if not 1 <= t <= len(pos.tokens):
            raise Illegal("token %d does not exist" % t)
        if v not in pos.succ[pos.tokens[t - 1]]:
            raise Illegal("no edge %d -> %d" % (pos.tokens[t - 1], v))
        tokens = list(pos.tokens)
        tokens[t - 1] = v
        return DagPos(pos.succ, tuple(tokens))

    @staticmethod
    def first_wins(pos):
        sg, _ = dag_values(pos.succ)
        x = 0
        for u in pos.tokens:
            x ^= sg[u]
        return x != 0

    @staticmethod
    def potential(pos):
        _, depth = dag_values(pos.succ)
        return sum(depth[u] for u in pos.tokens)

    @staticmethod
    def bound(pos):
        return Dag.potential(pos)

    @staticmethod
    def move_text(move):
        return "%d %d" % move

    @staticmethod
    def batch(positions):
        return "".join("\n".join(Dag.lines(p)) + "\n" for p in positions)

    game_sizes = [1, 2, 3, 5, 10, 30, 100, 500]

    @staticmethod
    def small_positions(gen):
        """Every labelled DAG on 1 to 4 nodes (1 + 3 + 25 + 543 = 572) with every multiset of 1
        to 3 tokens (18 967 positions), and gen.rs's inputs of sizes 1 to 10, seeds 1..300."""
        for n in range(1, 5):
            for succ in all_dags(n):
                for m in range(1, 4):
                    for tokens in itertools.combinations_with_replacement(range(n), m):
                        yield DagPos(succ, tokens)
        for seed in range(1, 301):
            size = 1 + (seed - 1) * 10 // 300
            p = subprocess.run([gen, str(seed), str(size)], capture_output=True, text=True)
            yield Dag.parse(p.stdout)

    @staticmethod
    def large_positions(gen):
        """gen.rs's inputs at sizes 100 and 500 (N up to 1000, M up to 10), seeds 1..100."""
        for seed in range(1, 101):
            for size in (100, 500):
                p = subprocess.run([gen, str(seed), str(size)], capture_output=True, text=True)
                yield Dag.parse(p.stdout)


# ---------------------------------------------------------------------------------------------
# The referee


class Outcome:
    def __init__(self):
        self.code = None  # the verdict the interactor must give: OK, WA, PE, or None (cut off)
        self.minus_one = False  # whether the judge must have written -1 last
        self.why = ""
        self.moves = 0
        self.issues = []  # faults of the judge (or of the transcript) found by the replay


def referee(rules, pos, judge_lines, solution_lines, timed_out):
    """Replays a game. judge_lines / solution_lines: the complete lines each side wrote (bytes,
    without the end of line; a last line without one included), as play.py records them."""
    out = Outcome()
    J = list(judge_lines)
    S = list(solution_lines)
    want = [s.encode() for s in rules.lines(pos)]
    if J[: len(want)] != want:
        out.issues.append("the judge's first lines are not the position")
        return out
    ji, si = len(want), 0
    bound = rules.bound(pos)
    free = 0

    def end(code, minus_one, why):
        out.code, out.minus_one, out.why = code, minus_one, why
        rest = J[ji:]
        if rest != ([b"-1"] if minus_one else []):
            if not (timed_out and not rest):
                out.issues.append(
                    "after the end (%s) the judge wrote %r, expected %s"
                    % (why, rest[:3], "-1" if minus_one else "nothing")
                )
        return out

    def next_solution_line(what):
        nonlocal si
        if si >= len(S):
            return None
        line = S[si]
        si += 1
        return line

    line = next_solution_line("declaration")
    if line is None:
        return out if timed_out else end(WA, True, "no declaration")
    if len(line) > MAX_LINE:
        return end(PE, True, "line too long")
    t = tokens(line)
    if t not in ([b"first"], [b"second"]):
        return end(PE, True, "malformed declaration")
    first = t == [b"first"]
    if first != rules.first_wins(pos):
        return end(WA, True, "losing declaration")
    ours = first
    while True:
        if rules.terminal(pos):
            return end(WA if ours else OK, False, "terminal after %d moves" % out.moves)
        out.moves += 1
        if ours:
            line = next_solution_line("move")
            if line is None:
                if timed_out:
                    return out
                return end(WA, True, "end of file")
            if len(line) > MAX_LINE:
                return end(PE, True, "line too long")
            try:
                move = rules.parse_move(line)
            except Malformed as e:
                return end(PE, True, "malformed move %d: %s" % (out.moves, e))
            try:
                pos = rules.apply(pos, move)
            except Illegal as e:
                return end(WA, True, "illegal move %d: %s" % (out.moves, e))
            if out.moves >= bound and not rules.terminal(pos):
                return end(WA, True, "bound %d reached" % bound)
        else:
            if ji >= len(J):
                if not timed_out:
                    out.issues.append("the judge stopped before its move %d" % out.moves)
                return out
            line = J[ji]
            ji += 1
            if line == b"-1":
                out.issues.append("the judge wrote -1 at its move %d, for no fault" % out.moves)
                return out
            try:
                move = rules.parse_move(line)
                if rules.move_text(move).encode() != line:
                    out.issues.append("judge's move %d not canonical: %r" % (out.moves, line))
                new = rules.apply(pos, move)
            except (Malformed, Illegal) as e:
                out.issues.append("judge's move %d %r is not legal: %s" % (out.moves, line, e))
                return out
            if rules.first_wins(pos):
                if rules.first_wins(new):
                    out.issues.append(
                        "the judge could win at move %d and gave it away (%r)" % (out.moves, line)
                    )
            elif rules.potential(new) >= rules.potential(pos):
                free += 1
                if free > FREE_MOVES:
                    out.issues.append("more than %d free moves of the judge" % FREE_MOVES)
            pos = new
        ours = not ours


RULES = {r.slug: r for r in (Nim, Wythoff, Dag)}
