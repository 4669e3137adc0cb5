"""Pairing a club tournament and ranking its table: pure Python, no Django.

Players are numbers (their draw numbers, 1 first). A round's pairing is a list of
``Board(white, black)`` in board order, and ``bye`` the player who sits out (or None).

- ``berger_round``: all-play-all by FIDE's Berger tables (C.05 Annex 1). With an odd
  number of players the highest number is a bye: whoever meets it sits out.
- ``swiss_round``: a Swiss round. Players of the same score meet (the higher half of a
  score group against the lower half), nobody meets an opponent again while any pairing
  without a repeat exists, colours alternate as far as possible, and with an odd number
  the lowest-placed player who has had no bye sits out (a bye is a point).
- ``standings``: points, then the points scored between the tied players, then
  Sonneborn–Berger (the points of every opponent beaten, half of every one drawn).

>>> berger_round(4, 1)
Pairing(boards=(Board(white=1, black=4), Board(white=2, black=3)), bye=None)
>>> berger_round(3, 2)
Pairing(boards=(Board(white=1, black=2),), bye=3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

WHITE, BLACK = "white", "black"


@dataclass(frozen=True)
class Board:
    white: int
    black: int


@dataclass(frozen=True)
class Pairing:
    boards: tuple[Board, ...]
    bye: int | None = None


@dataclass(frozen=True)
class Game:
    """A finished game: ``score`` is White's (1, ½ or 0). A bye is ``Game(p, None, 1)``."""

    white: int
    black: int | None
    score: Fraction

    @property
    def is_bye(self) -> bool:
        return self.black is None


def berger_rounds(players: int) -> int:
    """How many rounds an all-play-all of ``players`` has."""
    even = players + players % 2
    return even - 1


def berger_round(players: int, round_number: int) -> Pairing:
    """Round ``round_number`` (from 1) of FIDE's Berger table for ``players`` (3 or more).

    The highest number ``n`` (even) meets ``k`` = (r + 1) / 2 in an odd round r, black,
    and n/2 + r/2 in an even round, white; board j then pairs k + (j - 1) as White with
    k - (j - 1) as Black, counting round 1 … n - 1.
    """
    if players < 2:
        raise ValueError("a tournament needs two players")
    n = players + players % 2
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"an all-play-all of {players} has rounds 1 to {n - 1}")
    r = round_number
    k = (r + 1) // 2 if r % 2 else n // 2 + r // 2
    pairs = [(k, n) if r % 2 else (n, k)]
    for j in range(1, n // 2):
        pairs.append((_wrap(k + j, n - 1), _wrap(k - j, n - 1)))
    boards, bye = [], None
    for white, black in pairs:
        if black > players:
            bye = white
        elif white > players:
            bye = black
        else:
            boards.append(Board(white, black))
    return Pairing(tuple(boards), bye)


def _wrap(number: int, modulus: int) -> int:
    return (number - 1) % modulus + 1


# --- Swiss -----------------------------------------------------------------------------


@dataclass(frozen=True)
class History:
    """What a Swiss pairing needs to know of one player's past rounds."""

    opponents: frozenset[int]
    colours: tuple[str, ...]  # "white" or "black", in round order (byes left out)
    had_bye: bool


def histories(players: Iterable[int], games: Iterable[Game]) -> dict[int, History]:
    """Each player's opponents, colours and bye from the games played (in round order)."""
    opponents: dict[int, set[int]] = {p: set() for p in players}
    colours: dict[int, list[str]] = {p: [] for p in opponents}
    byes: set[int] = set()
    for game in games:
        if game.is_bye:
            byes.add(game.white)
            continue
        opponents[game.white].add(game.black)
        opponents[game.black].add(game.white)
        colours[game.white].append(WHITE)
        colours[game.black].append(BLACK)
    return {p: History(frozenset(opponents[p]), tuple(colours[p]), p in byes) for p in opponents}


def swiss_round(
    players: Sequence[int], games: Iterable[Game], round_number: int | None = None
) -> Pairing:
    """The next Swiss round for ``players`` (draw numbers: the lower, the higher placed
    when scores are level) after ``games``."""
    games = list(games)
    past = histories(players, games)
    points = scores(players, games)
    ranked = sorted(players, key=lambda p: (-points[p], p))
    bye = None
    if len(ranked) % 2:
        bye, pairs = _with_bye(ranked, points, past)
    else:
        pairs = next(
            pairs
            for strictness in STRICTNESS
            if (pairs := _pair(ranked, points, past, strictness)) is not None
        )
    boards = [_colour(a, b, past, board) for board, (a, b) in enumerate(pairs)]
    return Pairing(tuple(boards), bye)


def _with_bye(ranked, points, past):
    """The lowest-placed player with no bye yet sits out, unless the others could then only
    be paired with a repeat and another choice avoids it."""
    candidates = [p for p in reversed(ranked) if not past[p].had_bye] or list(reversed(ranked))
    for strictness in STRICTNESS:
        for bye in candidates:
            rest = [p for p in ranked if p != bye]
            pairs = _pair(rest, points, past, strictness)
            if pairs is not None:
                return bye, pairs
    raise AssertionError("a pairing with repeats always exists")


# What a pairing may not do, the strictest first: (no repeat, no one given a third
# colour running or a colour three times more than the other); then no repeat; then anything.
STRICTNESS = ((False, False), (False, True), (True, True))


def _pair(ranked, points, past, strictness, dead_ends: set | None = None):
    """Pairs of ``ranked`` (best first), or None if none keeps to ``strictness``
    (repeats allowed, colours relaxed). Depth first: the top player takes the opponent
    the Dutch system would give (the first of the lower half of its score group), the
    next one if the rest cannot then be paired, then players of lower scores."""
    if not ranked:
        return []
    dead_ends = set() if dead_ends is None else dead_ends
    if frozenset(ranked) in dead_ends:
        return None
    repeats, any_colours = strictness
    top, rest = ranked[0], ranked[1:]
    for opponent in _preferred(top, rest, points):
        if not repeats and opponent in past[top].opponents:
            continue
        if not any_colours and _must(past[top]) and _must(past[top]) == _must(past[opponent]):
            continue
        remaining = [p for p in rest if p != opponent]
        pairs = _pair(remaining, points, past, strictness, dead_ends)
        if pairs is not None:
            return [(top, opponent), *pairs]
    dead_ends.add(frozenset(ranked))
    return None


def _preferred(top, rest, points):
    group = [p for p in rest if points[p] == points[top]]
    lower = [p for p in rest if points[p] != points[top]]
    half = (len(group) + 1) // 2  # top is the first of its group's upper half
    return group[half - 1 :] + group[: half - 1][::-1] + lower


def _must(history: History) -> str | None:
    """The colour a player must have: not a third time running, nor a third more often."""
    balance = history.colours.count(BLACK) - history.colours.count(WHITE)
    if balance >= 2 or history.colours[-2:] == (BLACK, BLACK):
        return WHITE
    if balance <= -2 or history.colours[-2:] == (WHITE, WHITE):
        return BLACK
    return None


def _colour(a: int, b: int, past: Mapping[int, History], board: int) -> Board:
    """White to the one who must have it, then to the one who has had it less often, then
    to the one who had Black last, else (round 1, or the same story) alternately by
    board, the higher placed first."""
    must_a, must_b = _must(past[a]), _must(past[b])
    if must_a != must_b:
        return Board(a, b) if must_a == WHITE or must_b == BLACK else Board(b, a)
    a_white, b_white = _due_white(past[a]), _due_white(past[b])
    if a_white != b_white:
        return Board(a, b) if a_white > b_white else Board(b, a)
    return Board(a, b) if board % 2 == 0 else Board(b, a)


def _due_white(history: History) -> tuple[int, int]:
    balance = history.colours.count(BLACK) - history.colours.count(WHITE)
    last = history.colours[-1] if history.colours else None
    return balance, {BLACK: 1, None: 0, WHITE: -1}[last]


# --- The table ---------------------------------------------------------------------------


def scores(players: Iterable[int], games: Iterable[Game]) -> dict[int, Fraction]:
    """Each player's points (a bye is a point)."""
    points = {p: Fraction(0) for p in players}
    for game in games:
        points[game.white] += game.score
        if not game.is_bye:
            points[game.black] += 1 - game.score
    return points


@dataclass(frozen=True)
class Standing:
    player: int
    place: int  # shared by players level on every tie-break
    points: Fraction
    between: Fraction  # points scored against the others on the same points
    sonneborn_berger: Fraction


def standings(players: Iterable[int], games: Iterable[Game]) -> list[Standing]:
    """The table, best first."""
    players, games = list(players), list(games)
    points = scores(players, games)
    between = {p: Fraction(0) for p in players}
    berger = {p: Fraction(0) for p in players}
    for game in games:
        if game.is_bye:
            continue
        for me, them, mine in (
            (game.white, game.black, game.score),
            (game.black, game.white, 1 - game.score),
        ):
            berger[me] += mine * points[them]
            if points[me] == points[them]:
                between[me] += mine
    key = {p: (points[p], between[p], berger[p]) for p in players}
    ordered = sorted(players, key=lambda p: (tuple(-x for x in key[p]), p))
    table = []
    for index, p in enumerate(ordered):
        place = table[-1].place if table and key[table[-1].player] == key[p] else index + 1
        table.append(Standing(p, place, points[p], between[p], berger[p]))
    return table
