"""Setup puzzles: put the pieces on the board yourself (the starting position, a rook on
its corner, the king and queen on their squares).

``fen`` is the position to reach; ``place`` names its squares whose pieces the learner
puts on (the other pieces already stand there). The learner takes a piece from the
palette (the pieces of those squares) and taps a square; a tap on a piece they put on
with the same piece in hand takes it off again. Once as many pieces stand on the board as
``place`` names, the engine judges the placement (``rules.setup.placement_mistakes``):
right when every piece stands where ``fen`` has it, else each misplaced piece is said
with the rule it breaks (「后要站在自己的顏色上」) and its squares are ringed; the pieces
stay on the board, so the learner moves the wrong ones and is judged again.

``played`` carries the pieces put on so far as square-and-letter tokens (``d1Q e1K``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from board.explanations import PIECE_NAMES
from curriculum import fields
from curriculum.kinds import common
from curriculum.outcome import AnswerError, Outcome, Result
from curriculum.puzzle_forms import PostError
from curriculum.puzzles import Problem, Puzzle, problem
from rules import setup
from rules.setup import Mistake, PlacementMistake

NAME = "setup"
BOARD_MODE = "place"  # the board takes pieces from a palette; after the solve it is shown
shows_moves = common.never_shows_moves  # no move board: nothing to dot
NEEDS_POSITION = True
AUTHORED_OPTIONS = False
TOKEN = re.compile(r"^([a-h][1-8])([KQRBNPkqrbnp])$")
SQUARE = re.compile(r"^[a-h][1-8]$")


def several(puzzle: Puzzle) -> bool:
    return False


def load(raw: Mapping) -> dict:
    place = fields.strings(raw.get("place"), "place")
    if not place or len(place) > 32 or not all(SQUARE.match(s) for s in place):
        raise problem("a setup puzzle needs `place`: the squares (1 to 32) the learner fills")
    if len(set(place)) != len(place):
        raise problem("`place` names a square twice")
    return {"place": place}


def validate(puzzle: Puzzle) -> None:
    target = setup.pieces_of(puzzle.fen)
    empty = [square for square in puzzle.place if square not in target]
    if empty:
        raise Problem(f"`place` names squares with no piece in `fen`: {', '.join(empty)}")
    if puzzle.moves:
        raise Problem("a setup puzzle has no `moves`: the learner sets up the position itself")


def palette(puzzle: Puzzle) -> tuple[str, ...]:
    """The pieces the learner may take, White's first, each kind once."""
    target = setup.pieces_of(puzzle.fen)
    wanted = {target[square] for square in puzzle.place}
    return tuple(piece for piece in setup.PIECES if piece in wanted)


def played_from(post: Mapping) -> tuple[str, ...]:
    """The pieces put on so far (hidden field `played`: ``d1Q e1K``)."""
    tokens = tuple((post.get("played") or "").split())
    squares = [token[:2] for token in tokens]
    if (
        len(tokens) > 32
        or not all(TOKEN.match(t) for t in tokens)
        or len(set(squares)) != len(squares)
    ):
        raise PostError(_("The pieces put on so far cannot be read."))
    return tokens


@dataclass(frozen=True)
class Placing:
    """Where a setup try stands: the board as drawn (``fen_now``, which need not be a
    position yet: the kings may still be missing) and the pieces the learner put on."""

    fen_now: str
    placed: dict[str, str]


def position_now(puzzle: Puzzle, played: tuple[str, ...]) -> Placing:
    """The board of this try: ``fen`` without the squares of ``place``, then the pieces
    the learner put on. A piece put on a square already taken raises PostError."""
    fen = puzzle.fen
    for square in puzzle.place:
        fen = setup.put(fen, square, None)
    placed = {token[:2]: token[2] for token in played}
    given = setup.pieces_of(fen)
    if set(placed) & set(given) or not set(placed.values()) <= set(palette(puzzle)):
        raise PostError(_("The pieces put on so far cannot be read."))
    for square, piece in placed.items():
        fen = setup.put(fen, square, piece)
    return Placing(fen, placed)


@dataclass(frozen=True)
class Step:
    """What one post did: the pieces put on after it, the piece in hand, a word about it,
    and whether every piece is on the board (then it is judged)."""

    played: tuple[str, ...]
    tool: str
    said: str = ""
    complete: bool = False


def step(puzzle: Puzzle, placing: Placing, post: Mapping) -> Step:
    """The tap or the palette button a post carries (``square``; ``tool``, the piece in
    hand, or ``take``, a piece chosen from the palette). Raises PostError."""
    pieces = palette(puzzle)
    tool = post.get("take") or post.get("tool") or pieces[0]
    if tool not in pieces:
        raise PostError(_("That piece is not one to put on here."))
    placed = dict(placing.placed)
    square = post.get("square") or ""
    if post.get("take") or not square:
        return Step(_tokens(placed), tool)
    if not SQUARE.match(square):
        raise PostError(_("“%(value)s” is not a square of the board.") % {"value": square[:8]})
    where = {"square": square, "piece": PIECE_NAMES[tool]}
    if placed.get(square) == tool:
        del placed[square]
        return Step(_tokens(placed), tool, _("%(piece)s taken off %(square)s.") % where)
    if square in setup.pieces_of(placing.fen_now) and square not in placed:
        return Step(_tokens(placed), tool, _("A piece already stands on %(square)s.") % where)
    placed[square] = tool
    said = _("%(piece)s put on %(square)s.") % where
    return Step(_tokens(placed), tool, said, complete=len(placed) == len(puzzle.place))


def _tokens(placed: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(square + piece for square, piece in placed.items())


def judge(puzzle: Puzzle, answer: object, played: tuple[str, ...], position=None) -> Outcome:
    """`answer`: the pieces put on, square → piece."""
    if not isinstance(answer, Mapping) or not all(
        isinstance(s, str) and isinstance(p, str) and TOKEN.match(s + p) for s, p in answer.items()
    ):
        raise AnswerError("a setup answer maps squares to piece letters")
    mistakes = setup.placement_mistakes(puzzle.fen, dict(answer))
    fen = position.fen_now if position is not None else puzzle.fen
    if len(answer) != len(puzzle.place):
        raise AnswerError("a setup answer puts on exactly the pieces of `place`")
    return Outcome(
        result=Result.INCORRECT if mistakes else Result.CORRECT,
        rules_verdict=None,
        message=" ".join(mistake_sentence(m) for m in mistakes[:2]) or None,
        played=played,
        reply=None,
        fen=fen,
        truth=frozenset(s for m in mistakes for s in m.squares),
    )


MISTAKE_WORDS = {
    Mistake.ROOK_IN_CORNER: gettext_lazy(
        "The rooks stand in the corners: the %(piece)s goes on %(squares)s."
    ),
    Mistake.KNIGHT_BESIDE_ROOK: gettext_lazy(
        "A knight stands beside each rook: the %(piece)s goes on %(squares)s."
    ),
    Mistake.BISHOP_BESIDE_KNIGHT: gettext_lazy(
        "A bishop stands beside each knight: the %(piece)s goes on %(squares)s."
    ),
    Mistake.QUEEN_OWN_COLOUR: gettext_lazy(
        "The queen stands on her own colour: the %(piece)s goes on %(squares)s."
    ),
    Mistake.KING_BESIDE_QUEEN: gettext_lazy(
        "The king stands beside his queen: the %(piece)s goes on %(squares)s."
    ),
    Mistake.PAWN_ROW: gettext_lazy(
        "The pawns stand in one row: the %(piece)s goes on %(squares)s."
    ),
    Mistake.WRONG_SQUARE: gettext_lazy("The %(piece)s does not go on %(square)s."),
}


def mistake_sentence(mistake: PlacementMistake) -> str:
    """The rule a misplaced piece breaks, and where it goes, in a child's words."""
    belongs = mistake.squares[1:]
    code = mistake.code if belongs else Mistake.WRONG_SQUARE  # a piece too many: say only that
    return str(MISTAKE_WORDS[code]) % {
        "piece": PIECE_NAMES[mistake.piece],
        "square": mistake.squares[0],
        "squares": pgettext("list separator", ", ").join(belongs),
    }


def answer_text(placed: Mapping[str, str]) -> str:
    """The answer as recorded: the pieces put on, ``d1Q e1K``."""
    return " ".join(sorted(square + piece for square, piece in placed.items()))
