"""The goal types of move puzzles, stated once: parameters, plan, and what a miss means.

``GOALS`` is the one table. Each ``Goal`` says which parameters a content file may
give (``Param``: what values, which default), how the answer is searched (``plan``:
one move, a forced sequence, or stars to visit) and, for one-move goals, which small
named ``Condition``s a legal move must meet, in order. The first condition a move
fails is the miss: a ``Miss`` with a code and the squares it is about, never a
sentence; ``miss_text`` says it in words.

The loader refuses an unknown goal type, the validator refuses parameters the
table does not allow, the judge asks the conditions, and FORMAT.md's goal table is
checked against this one by tests/curriculum/test_goal_table.py.

>>> [c.name for c in GOALS["promote"].conditions({"piece": "q", "mate": True})]
['promotes', 'promotes_to_q', 'checkmates']
>>> GOALS["castle"].param_problem("side", "up")
'goal castle: `side` must be short, long or any'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

import rules

SQUARE_NAMES = frozenset(f + r for f in "abcdefgh" for r in "12345678")
MAX_WITHIN = 2  # mates and stalemates within 2 keep the search small
MAX_BUDGET = 6

Plan = Literal["one_move", "forced", "visit"]


class MissCode(StrEnum):
    """Why a legal move missed its goal (the codes a wrong answer can name)."""

    NO_CHECK = "no_check"
    KING_DID_NOT_MOVE = "king_did_not_move"
    CHECKER_NOT_CAPTURED = "checker_not_captured"
    CHECK_NOT_BLOCKED = "check_not_blocked"
    NOT_CASTLING = "not_castling"
    NOT_CASTLING_SHORT = "not_castling_short"
    NOT_CASTLING_LONG = "not_castling_long"
    NOT_EN_PASSANT = "not_en_passant"
    NO_PROMOTION = "no_promotion"
    PROMOTED_TO_OTHER_PIECE = "promoted_to_other_piece"
    PROMOTED_KNIGHT_CANNOT_MATE = "promoted_knight_cannot_mate"
    PROMOTED_BISHOP_CANNOT_MATE = "promoted_bishop_cannot_mate"
    PROMOTED_NO_MATE = "promoted_no_mate"
    PROMOTION_STALEMATES = "promotion_stalemates"
    NO_CAPTURE = "no_capture"
    CAPTURED_OTHER_PIECE = "captured_other_piece"
    NO_THREEFOLD = "no_threefold"
    STALEMATES = "stalemates"
    NO_MATE = "no_mate"
    NOT_REACHED = "not_reached"
    # material and protection
    CAPTURE_LOSES_MATERIAL = "capture_loses_material"
    PIECE_STILL_IN_DANGER = "piece_still_in_danger"
    OTHER_PIECE_IN_DANGER = "other_piece_in_danger"
    CHECK_WINS_NOTHING = "check_wins_nothing"
    # forced sequences and visits
    MATE_ESCAPES = "mate_escapes"
    STALEMATE_ESCAPES = "stalemate_escapes"
    NO_STALEMATE = "no_stalemate"
    GIVES_CHECK_IN_VISIT = "gives_check_in_visit"
    # visits: the goal names the piece that collects the stars; another piece moved
    ONLY_KING = "only_king"
    ONLY_QUEEN = "only_queen"
    ONLY_ROOK = "only_rook"
    ONLY_BISHOP = "only_bishop"
    ONLY_KNIGHT = "only_knight"
    ONLY_PAWN = "only_pawn"
    STARS_OUT_OF_REACH = "stars_out_of_reach"


MISS_TEXTS: Mapping[MissCode, Promise] = {
    MissCode.NO_CHECK: _("This move is legal, but it does not give check."),
    MissCode.KING_DID_NOT_MOVE: _("You are out of check, but the king did not move."),
    MissCode.CHECKER_NOT_CAPTURED: _(
        "You are out of check, but the checking piece was not captured."
    ),
    MissCode.CHECK_NOT_BLOCKED: _("You are out of check, but the check was not blocked."),
    MissCode.NOT_CASTLING: _("This move is legal, but it is not castling."),
    MissCode.NOT_CASTLING_SHORT: _("This move is legal, but it is not castling short."),
    MissCode.NOT_CASTLING_LONG: _("This move is legal, but it is not castling long."),
    MissCode.NOT_EN_PASSANT: _("This move is legal, but it does not capture en passant."),
    MissCode.NO_PROMOTION: _("This move is legal, but no pawn is promoted."),
    MissCode.PROMOTED_TO_OTHER_PIECE: _("The pawn is promoted, but not to the piece asked for."),
    MissCode.PROMOTED_KNIGHT_CANNOT_MATE: _(
        "No stalemate, but a king and a knight alone cannot checkmate: the game is a draw."
    ),
    MissCode.PROMOTED_BISHOP_CANNOT_MATE: _(
        "No stalemate, but a king and a bishop alone cannot checkmate: the game is a draw."
    ),
    MissCode.PROMOTED_NO_MATE: _("The pawn is promoted, but it is not checkmate."),
    MissCode.PROMOTION_STALEMATES: _(
        "Careful: this promotion is stalemate, and the game is a draw."
    ),
    MissCode.NO_CAPTURE: _("This move is legal, but it does not capture anything."),
    MissCode.CAPTURED_OTHER_PIECE: _("This move captures, but not the piece asked for."),
    MissCode.NO_THREEFOLD: _(
        "This move is legal, but nobody may claim threefold repetition after it."
    ),
    MissCode.STALEMATES: _("Careful: this move is stalemate, and the game is a draw."),
    MissCode.NO_MATE: _("This move is legal, but it does not checkmate."),
    MissCode.NOT_REACHED: _("This move is legal, but that piece has not reached the square."),
    MissCode.CAPTURE_LOSES_MATERIAL: _(
        "This capture loses material: the piece is defended, and yours is worth more."
    ),
    MissCode.PIECE_STILL_IN_DANGER: _("This move is legal, but that piece can still be won."),
    MissCode.OTHER_PIECE_IN_DANGER: _(
        "That piece is safe now, but another of your pieces can be won."
    ),
    MissCode.CHECK_WINS_NOTHING: _("This check is legal, but after it you win no piece."),
    MissCode.MATE_ESCAPES: _("This move is legal, but now the other side can escape checkmate."),
    MissCode.STALEMATE_ESCAPES: _("This move is legal, but now stalemate can no longer be forced."),
    MissCode.NO_STALEMATE: _("This move is legal, but it does not lead to stalemate."),
    MissCode.GIVES_CHECK_IN_VISIT: _("In this puzzle, collect the stars without giving check."),
    MissCode.ONLY_KING: _("In this puzzle the king collects the stars: move the king."),
    MissCode.ONLY_QUEEN: _("In this puzzle the queen collects the stars: move the queen."),
    MissCode.ONLY_ROOK: _("In this puzzle the rook collects the stars: move the rook."),
    MissCode.ONLY_BISHOP: _("In this puzzle the bishop collects the stars: move the bishop."),
    MissCode.ONLY_KNIGHT: _("In this puzzle the knight collects the stars: move the knight."),
    MissCode.ONLY_PAWN: _("In this puzzle the pawn collects the stars: move the pawn."),
    MissCode.STARS_OUT_OF_REACH: _(
        "This move is legal, but then the stars cannot all be collected in time."
    ),
}


@dataclass(frozen=True)
class Miss:
    """What a legal move missed: a code and the squares it is about."""

    code: MissCode
    squares: tuple[str, ...] = ()


ONLY_PIECE = {
    "k": MissCode.ONLY_KING,
    "q": MissCode.ONLY_QUEEN,
    "r": MissCode.ONLY_ROOK,
    "b": MissCode.ONLY_BISHOP,
    "n": MissCode.ONLY_KNIGHT,
    "p": MissCode.ONLY_PAWN,
}


# Misses that name the goal's square (a legal move that missed it says where it was).
MISS_TEXTS_AT: Mapping[MissCode, Promise] = {
    MissCode.NOT_REACHED: _("This move is legal, but the piece asked for must reach %(square)s."),
    MissCode.CAPTURED_OTHER_PIECE: _("This move captures, but the piece to take is on %(square)s."),
}


def miss_text(miss: Miss) -> str:
    """The miss in the learner's words (through gettext), naming the goal's square when
    the miss has one."""
    if miss.code in MISS_TEXTS_AT and len(miss.squares) == 1:
        return str(MISS_TEXTS_AT[miss.code]) % {"square": miss.squares[0]}
    return str(MISS_TEXTS[miss.code])


# --- the move tried ---------------------------------------------------------------


@dataclass(frozen=True)
class Tried:
    """A legal move tried in the position `fen` (a FEN or a rules.Position) after
    `history`, with the engine's verdict."""

    fen: str | rules.Position
    history: tuple[str, ...]
    move: str
    verdict: rules.Verdict

    @cached_property
    def checkers(self) -> frozenset[str]:
        return frozenset(rules.assess(self.fen, self.history).checkers)

    @property
    def piece(self) -> str:
        return (self.verdict.piece or "").lower()

    @property
    def captured(self) -> str | None:
        return self.verdict.captured.lower() if self.verdict.captured else None


@dataclass(frozen=True)
class Condition:
    """One thing a move must do; `missed` says what a move that does not do it missed."""

    name: str
    holds: Callable[[Tried], bool]
    missed: Callable[[Tried], Miss]


def condition(name: str, holds: Callable[[Tried], bool], code: MissCode, squares=None):
    """A condition whose miss is `code`, about `squares(tried)` (none by default)."""
    return Condition(
        name, holds, lambda tried: Miss(code, tuple(squares(tried)) if squares else ())
    )


def gives_check() -> Condition:
    return condition("gives_check", lambda t: t.verdict.gives_check, MissCode.NO_CHECK)


def king_moves() -> Condition:
    return condition("king_moves", lambda t: t.piece == "k", MissCode.KING_DID_NOT_MOVE)


def captures_checker() -> Condition:
    return condition(
        "captures_checker",
        lambda t: t.verdict.captured_square in t.checkers,
        MissCode.CHECKER_NOT_CAPTURED,
        squares=lambda t: sorted(t.checkers),
    )


def blocks_check() -> Condition:
    return condition(
        "blocks_check",
        lambda t: t.piece != "k" and t.verdict.captured_square not in t.checkers,
        MissCode.CHECK_NOT_BLOCKED,
        squares=lambda t: sorted(t.checkers),
    )


CASTLING_MISSES = {
    "any": MissCode.NOT_CASTLING,
    "short": MissCode.NOT_CASTLING_SHORT,
    "long": MissCode.NOT_CASTLING_LONG,
}


def castles(side: str) -> Condition:
    def holds(tried: Tried) -> bool:
        return tried.verdict.castling is not None and side in ("any", tried.verdict.castling)

    return condition(f"castles_{side}", holds, CASTLING_MISSES[side])


def captures_en_passant() -> Condition:
    return condition("captures_en_passant", lambda t: t.verdict.en_passant, MissCode.NOT_EN_PASSANT)


def promotes() -> Condition:
    return condition("promotes", lambda t: t.verdict.promotion is not None, MissCode.NO_PROMOTION)


def _dead_position_miss(tried: Tried) -> Miss | None:
    """A knight (or bishop) may avoid stalemate, but king and knight alone cannot mate: the
    position is dead and the game drawn at once (5.2.2). None when it is not dead."""
    after = rules.assess(tried.verdict.fen_after)
    if after.termination is not rules.Termination.INSUFFICIENT_MATERIAL:
        return None
    if tried.verdict.promotion == "n":
        return Miss(MissCode.PROMOTED_KNIGHT_CANNOT_MATE)
    return Miss(MissCode.PROMOTED_BISHOP_CANNOT_MATE)


def no_dead_position() -> Condition:
    """The promotion leaves a game that goes on: no dead position."""
    return Condition(
        "no_dead_position",
        lambda t: _dead_position_miss(t) is None,
        lambda t: _dead_position_miss(t) or Miss(MissCode.PROMOTED_BISHOP_CANNOT_MATE),
    )


def promotes_to(piece: str) -> Condition:
    def missed(tried: Tried) -> Miss:
        return _dead_position_miss(tried) or Miss(MissCode.PROMOTED_TO_OTHER_PIECE)

    return Condition(f"promotes_to_{piece}", lambda t: t.verdict.promotion == piece, missed)


def checkmates(code: MissCode = MissCode.NO_MATE) -> Condition:
    return condition("checkmates", lambda t: t.verdict.checkmate, code)


def no_stalemate(code: MissCode = MissCode.STALEMATES) -> Condition:
    return condition("no_stalemate", lambda t: not t.verdict.stalemate, code)


def captures() -> Condition:
    return condition("captures", lambda t: t.captured is not None, MissCode.NO_CAPTURE)


def captures_the(piece: str | None, square: str | None) -> Condition:
    def holds(tried: Tried) -> bool:
        right_piece = piece is None or tried.captured == piece
        return right_piece and (square is None or tried.verdict.captured_square == square)

    return condition(
        "captures_the_piece_asked_for",
        holds,
        MissCode.CAPTURED_OTHER_PIECE,
        squares=lambda t: [square] if square else [],
    )


def allows_threefold_claim() -> Condition:
    def holds(tried: Tried) -> bool:
        after = (*tried.history, tried.move)
        claims = set(rules.claims_after(tried.fen, tried.move, tried.history))
        claims |= set(rules.assess(tried.fen, after).claims)
        return rules.Claim.THREEFOLD_REPETITION in claims

    return condition("allows_threefold_claim", holds, MissCode.NO_THREEFOLD)


def reaches(piece: str, square: str) -> Condition:
    return condition(
        "reaches",
        lambda t: t.piece == piece.lower() and t.verdict.move[2:4] == square,
        MissCode.NOT_REACHED,
        squares=lambda t: [square],
    )


TRADE_GAINS = {"win": 1, "no_loss": 0}  # the least a capture must win, in points


def gains(at_least: int) -> Condition:
    def holds(tried: Tried) -> bool:
        return rules.exchange_gain(tried.fen, tried.move, tried.history) >= at_least

    return condition(
        "gains_material",
        holds,
        MissCode.CAPTURE_LOSES_MATERIAL,
        squares=lambda t: rules.attackers_of(t.verdict.fen_after, t.move[2:4]),
    )


def _now_on(tried: Tried, square: str) -> str:
    return tried.move[2:4] if tried.move[:2] == square else square


def keeps_safe(square: str) -> Condition:
    """The piece that stood on ``square`` cannot be won after the move."""
    return condition(
        "keeps_the_piece_safe",
        lambda t: _now_on(t, square) not in rules.threats(t.verdict.fen_after),
        MissCode.PIECE_STILL_IN_DANGER,
        squares=lambda t: [_now_on(t, square)],
    )


def leaves_nothing_hanging() -> Condition:
    return condition(
        "leaves_nothing_to_win",
        lambda t: not rules.threats(t.verdict.fen_after),
        MissCode.OTHER_PIECE_IN_DANGER,
        squares=lambda t: sorted(rules.threats(t.verdict.fen_after)),
    )


def check_wins(at_least: int) -> Condition:
    return condition(
        "check_wins_material",
        lambda t: rules.forced_gain(t.fen, t.move, t.history) >= at_least,
        MissCode.CHECK_WINS_NOTHING,
    )


# --- parameters -------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """A goal parameter: whether `accepts(value)`, said as `must` ("must be …")."""

    accepts: Callable[[object], bool]
    must: str
    default: object = None


def one_of(*values: str, default: str | None = None) -> Param:
    words = ", ".join(values[:-1]) + " or " + values[-1]
    return Param(lambda v: v in values, f"must be {words}", default)


def flag() -> Param:
    return Param(lambda v: isinstance(v, bool), "must be true or false", False)


def square() -> Param:
    return Param(lambda v: v in SQUARE_NAMES, "must be a square name")


def squares() -> Param:
    return Param(
        lambda v: isinstance(v, list) and bool(v) and all(s in SQUARE_NAMES for s in v),
        "must list square names",
    )


def whole(low: int, high: int, default: int | None = None) -> Param:
    words = f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
    return Param(
        lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high,
        f"must be {words}",
        default,
    )


def piece_letter() -> Param:
    return Param(
        lambda v: isinstance(v, str) and v.lower() in ("k", "q", "r", "b", "n", "p"),
        "must be a piece letter",
    )


# --- the table --------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    name: str
    plan: Plan
    params: Mapping[str, Param] = field(default_factory=dict)
    required: tuple[str, ...] = ()  # parameters a content file must give
    build: Callable[[Mapping], tuple[Condition, ...]] = lambda goal: ()
    needs_check: bool = False  # the side to move must be in check

    def conditions(self, goal: Mapping) -> tuple[Condition, ...]:
        """The conditions a one-move answer must meet, in the order they are asked."""
        return self.build(self.with_defaults(goal))

    def with_defaults(self, goal: Mapping) -> dict:
        values = {name: param.default for name, param in self.params.items()}
        values.update((k, v) for k, v in goal.items() if k != "type")
        return values

    def param_problem(self, name: str, value: object) -> str | None:
        param = self.params.get(name)
        if param is None or param.accepts(value):
            return None
        return f"goal {self.name}: `{name}` {param.must}"


def _escape_conditions(goal: Mapping) -> tuple[Condition, ...]:
    by = {"king": (king_moves(),), "capture": (captures_checker(),), "block": (blocks_check(),)}
    return by.get(goal["by"], ())  # "any" (refused by the validator): every escape is met


def _promote_conditions(goal: Mapping) -> tuple[Condition, ...]:
    chain = [promotes()]
    if goal["avoid_stalemate"]:  # said first: the stalemate is what the puzzle warns about
        chain.append(no_stalemate(MissCode.PROMOTION_STALEMATES))
        chain.append(no_dead_position())  # a draw at once too: avoid it as well
    if goal["piece"] != "any":
        chain.append(promotes_to(goal["piece"]))
    if goal["mate"]:
        chain.append(checkmates(MissCode.PROMOTED_NO_MATE))
    return tuple(chain)


def _avoid_stalemate_conditions(goal: Mapping) -> tuple[Condition, ...]:
    return (no_stalemate(), checkmates()) if goal["mate"] else (no_stalemate(),)


GOALS: Mapping[str, Goal] = {
    goal.name: goal
    for goal in (
        Goal("mate", "forced", {"within": whole(1, MAX_WITHIN, default=1)}),
        Goal("check", "one_move", build=lambda goal: (gives_check(),)),
        Goal(
            "escape_check",
            "one_move",
            {"by": one_of("capture", "block", "king", default="any")},
            required=("by",),
            build=_escape_conditions,
            needs_check=True,
        ),
        Goal(
            "castle",
            "one_move",
            {"side": one_of("short", "long", "any", default="any")},
            build=lambda goal: (castles(goal["side"]),),
        ),
        Goal("en_passant", "one_move", build=lambda goal: (captures_en_passant(),)),
        Goal(
            "promote",
            "one_move",
            {
                "piece": one_of("q", "r", "b", "n", "any", default="any"),
                "mate": flag(),
                "avoid_stalemate": flag(),
            },
            build=_promote_conditions,
        ),
        Goal(
            "capture",
            "one_move",
            {"piece": one_of("p", "n", "b", "r", "q"), "square": square()},
            build=lambda goal: (captures(), captures_the(goal["piece"], goal["square"])),
        ),
        Goal(
            "visit",
            "visit",
            {"targets": squares(), "budget": whole(1, MAX_BUDGET), "piece": piece_letter()},
            required=("targets", "piece"),
        ),
        Goal("stalemate", "forced", {"within": whole(1, MAX_WITHIN, default=1)}),
        Goal("threefold", "one_move", build=lambda goal: (allows_threefold_claim(),)),
        Goal(
            "avoid_stalemate",
            "one_move",
            {"mate": flag()},
            build=_avoid_stalemate_conditions,
        ),
        Goal(
            "trade",
            "one_move",
            {"gain": one_of("win", "no_loss", default="win")},
            build=lambda goal: (captures(), gains(TRADE_GAINS[goal["gain"]])),
        ),
        Goal(
            "protect",
            "one_move",
            {"square": square()},
            required=("square",),
            build=lambda goal: (keeps_safe(goal["square"]), leaves_nothing_hanging()),
        ),
        Goal(
            "check_wins",
            "one_move",
            {"at_least": whole(1, 9, default=3)},
            build=lambda goal: (gives_check(), check_wins(goal["at_least"])),
        ),
        Goal(
            "reach",
            "one_move",
            {"piece": piece_letter(), "square": square(), "star": flag()},
            required=("piece", "square"),
            build=lambda goal: (reaches(goal["piece"], goal["square"]),),
        ),
    )
}


def first_miss(goal: Mapping, tried: Tried) -> Miss | None:
    """The first condition of a one-move goal that `tried` fails, as a Miss; None when met."""
    for cond in GOALS[goal["type"]].conditions(goal):
        if not cond.holds(tried):
            return cond.missed(tried)
    return None
