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
    def small_positions():
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


RULES = {r.slug: r for r in (Nim,)}
