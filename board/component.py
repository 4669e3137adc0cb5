"""The board component: what board/drawing.py draws, and what a board form posted.

`board_context()` turns a position (FEN) into a `BoardView`: 64 squares in the
order they are drawn, each with its piece image and its spoken name (「e4，白兵」).
`read_board_post()` reads a submitted board form and says what the learner did:
picked up a piece, tried a move, typed a move, chose a promotion, or marked a square.

Reading the piece placement out of a FEN is notation, not chess: whether a move
is legal is always asked of `rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from django.templatetags.static import static
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, gettext_lazy

import process_caches
import rules
from board.drawing import square_buttons
from board.explanations import PIECE_NAMES
from rules import setup

FILES = "abcdefgh"
RANKS = "12345678"
SQUARE_NAMES = frozenset(f + r for f in FILES for r in RANKS)
LIGHT_SQUARES = frozenset(f + r for f in FILES for r in RANKS if (FILES.index(f) + int(r)) % 2 == 0)
PROMOTION_PIECES = ("q", "r", "b", "n")
MODES = ("move", "mark", "view", "place")  # place: a set-up being made (a setup puzzle)
TYPED_MOVE_MAX_LENGTH = 12


Orientation = Literal["white", "black"]
InputKind = Literal["move", "select", "mark", "marks_done", "unreadable", "none"]


class BoardInputError(ValueError):
    """A board form carried a value no board can produce (the view answers 400)."""


@dataclass(frozen=True, slots=True)
class SquareView:
    name: str
    piece: str  # FEN letter ("P", "k") or "" for an empty square
    image: str  # URL of the piece's SVG, or ""
    label: str  # the spoken name: 「e4，白兵」 / 「e4，空格」
    light: bool
    highlighted: bool = False
    selected: bool = False
    marked: bool = False
    last_move: bool = False
    mated: bool = False  # the king that is checkmated
    reachable: bool = False  # the piece picked up may go here (a board that shows its moves)


@dataclass(frozen=True)
class BoardView:
    """A board as drawn; never changed once made, so one view serves every answer that
    shows the same board (see board_context)."""

    fen: str
    orientation: Orientation
    mode: str
    ranks: tuple[tuple[SquareView, ...], ...]  # top row first, as drawn
    files: tuple[str, ...]  # file letters left to right, as drawn
    rank_labels: tuple[str, ...]  # rank digits top to bottom, as drawn
    selected: str | None
    marked: tuple[str, ...]
    label: str
    # Every legal move (UCI, space-separated) on a board that shows where a piece picked up
    # may go (board.js puts a dot on each square); "" on a board that does not.
    moves: str = ""

    @property
    def rows(self) -> list[tuple[str, tuple[SquareView, ...]]]:
        """(rank digit, squares) top to bottom, for drawing the rank coordinate beside each row."""
        return list(zip(self.rank_labels, self.ranks, strict=True))

    @property
    def squares(self) -> list[SquareView]:
        return [square for rank in self.ranks for square in rank]

    @cached_property
    def square_buttons(self) -> SafeString:
        """The 64 square buttons as HTML (board.drawing.square_buttons), drawn once a view."""
        return square_buttons(self)


@dataclass(frozen=True)
class BoardInput:
    """What a board form post asked for.

    kind:
    - "move": try `move` (UCI, e.g. "e2e4", "e7e8q");
    - "select": show the board with `selected` picked up (None: put down);
    - "mark": the squares marked now are `marked` (a square was toggled);
    - "marks_done": the learner pressed 「完成」 with `marked`;
    - "unreadable": the typed text `typed` is not a move we can read;
    - "none": nothing to do (a tap on an empty square with nothing picked up).
    """

    kind: InputKind
    move: str | None = None
    selected: str | None = None
    marked: frozenset[str] = field(default_factory=frozenset)
    typed: str = ""


def piece_placement(fen: str, moves: Iterable[str] = ()) -> dict[str, str]:
    """The pieces of the position by square name: {"e1": "K", "e8": "k", ...}.

    >>> piece_placement("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")
    {'e8': 'k', 'e1': 'K', 'g1': 'N'}
    """
    try:
        return rules.placement(fen, tuple(moves))
    except rules.RulesError:
        raise BoardInputError(gettext("This position cannot be read.")) from None


def side_to_move(fen: str) -> Orientation:
    return rules.side_to_move(fen)


def piece_image(symbol: str) -> str:
    colour = "w" if symbol.isupper() else "b"
    return static(f"pieces/{colour}{symbol.upper()}.svg")


# Every board drawn names its 64 squares; each name is worked out once per language
# (at most 3 languages × 64 squares × 13 contents) instead of twice through gettext a square.
_SQUARE_LABELS = process_caches.Table("board.component.square_label")


def square_label(name: str, piece: str, language: str | None = None) -> str:
    """The spoken name of a square: 「e4，白兵」 or 「e4，空格」 (in ``language``, the active
    language, which a caller naming 64 squares reads once)."""
    key = (language or get_language(), name, piece)
    label = _SQUARE_LABELS.get(key)
    if label is None:
        what = PIECE_NAMES[piece] if piece else gettext("empty")
        label = gettext("%(square)s, %(piece)s") % {"square": name, "piece": what}
        if name in SQUARE_NAMES:  # only real squares, so the table stays small
            _SQUARE_LABELS[key] = label
    return label


def board_context(
    fen: str,
    *,
    orientation: Orientation | None = None,
    selected: str | None = None,
    highlights: Iterable[str] = (),
    marked: Iterable[str] = (),
    last_move: str | None = None,
    mode: str = "move",
    label: str = "",
    shows_moves: bool = False,
) -> BoardView:
    """The board as drawn: orientation None puts the side to move at the bottom.

    `last_move` is a UCI move whose two squares are shown; `label` names the
    board for screen readers (default 「棋盤」). `shows_moves` (a move board where a dot
    gives nothing away: a game, the referee's board, some puzzles) carries the position's
    legal moves, and the squares the piece picked up may go to are marked.

    A class answers the same few puzzles all day, so the same boards come back again and
    again (the start of a puzzle, the board after its solving move, a piece picked up).
    Each board is made once per process and language and handed out again, its squares
    drawn with it: ~0.15 ms of every answer, a tenth of it. Views are never changed.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    return _board_view(
        fen,
        orientation,
        selected,
        frozenset(highlights),
        frozenset(marked),
        last_move,
        mode,
        label,
        get_language(),
        shows_moves and mode == "move",
    )


# 256 boards of ~16 kB (64 squares and their HTML): a few MB a worker, the boards of the
# lessons a class is on.
@process_caches.kept("board.component._board_view")
def _board_view(
    fen: str,
    orientation: Orientation | None,
    selected: str | None,
    highlighted: frozenset[str],
    marked_set: frozenset[str],
    last_move: str | None,
    mode: str,
    label: str,
    language: str | None,
    shows_moves: bool = False,
) -> BoardView:
    moves = rules.legal_moves(fen) if shows_moves else []
    reachable = {move[2:4] for move in moves if selected and move[:2] == selected}
    if mode == "place":  # pieces being put on: the kings may not be there yet
        placement, mated_king = setup.pieces_of(fen), None
    else:
        placement, mated_king = piece_placement(fen), rules.checkmated_king(fen)
    orientation = orientation or side_to_move(fen)
    last = {last_move[:2], last_move[2:4]} if last_move else set()
    files = tuple(FILES) if orientation == "white" else tuple(reversed(FILES))
    ranks = tuple(reversed(RANKS)) if orientation == "white" else tuple(RANKS)
    rows = []
    for rank in ranks:
        row = []
        for file in files:
            name = file + rank
            piece = placement.get(name, "")
            spoken = square_label(name, piece, language)
            if mode == "view" and name in marked_set:
                # aria-pressed says it in mark mode; a read-only board says it in words
                spoken = gettext("%(label)s, marked") % {"label": spoken}
            if name == mated_king:
                spoken = gettext("%(label)s, checkmated") % {"label": spoken}
            row.append(
                SquareView(
                    name=name,
                    piece=piece,
                    image=piece_image(piece) if piece else "",
                    label=spoken,
                    light=name in LIGHT_SQUARES,
                    highlighted=name in highlighted,
                    selected=name == selected,
                    marked=name in marked_set,
                    last_move=name in last,
                    mated=name == mated_king,
                    reachable=name in reachable,
                )
            )
        rows.append(tuple(row))
    return BoardView(
        fen=fen,
        orientation=orientation,
        mode=mode,
        ranks=tuple(rows),
        files=files,
        rank_labels=ranks,
        selected=selected,
        marked=tuple(sorted(marked_set)),
        label=label or gettext("Chessboard"),
        moves=" ".join(moves),
    )


PROMOTION_LABELS = {
    "q": gettext_lazy("Promote to queen"),
    "r": gettext_lazy("Promote to rook"),
    "b": gettext_lazy("Promote to bishop"),
    "n": gettext_lazy("Promote to knight"),
}


@dataclass(frozen=True)
class PromotionChoice:
    value: str  # "q", "r", "b", "n"
    label: str  # 「升變為后」
    image: str


@dataclass(frozen=True)
class PromotionView:
    pending: str  # from+to of the pawn move, e.g. "e7e8"
    choices: list[PromotionChoice]


def promotion_context(fen: str, pending: str) -> PromotionView:
    """The picker for a pawn move `pending` (from+to) that must promote, in the mover's colour."""
    white = side_to_move(fen) == "white"
    return PromotionView(
        pending=pending[:4],
        choices=[
            PromotionChoice(
                value=letter,
                label=str(PROMOTION_LABELS[letter]),
                image=piece_image(letter.upper() if white else letter),
            )
            for letter in PROMOTION_PIECES
        ],
    )


def _not_a_square(value: str) -> BoardInputError:
    message = gettext("“%(value)s” is not a square of the board.") % {"value": value[:8]}
    return BoardInputError(message)


def _square(post: Mapping, key: str) -> str | None:
    value = (post.get(key) or "").strip()
    if not value:
        return None
    if value not in SQUARE_NAMES:
        raise _not_a_square(value)
    return value


def _marked(post: Mapping) -> frozenset[str]:
    values = post.getlist("marked") if hasattr(post, "getlist") else post.get("marked", [])
    if isinstance(values, str):
        values = [values]
    for value in values:
        if value not in SQUARE_NAMES:
            raise _not_a_square(value)
    return frozenset(values)


def read_board_post(fen: str, post: Mapping, moves: Iterable[str] = ()) -> BoardInput:
    """What the learner did, from a posted board form (a QueryDict or a dict), in the
    position reached from `fen` by `moves`.

    Fields: `square` (the button pressed), `selected` (the piece picked up
    before), `dropped` ("1" when the piece was dragged onto `square`, so a drop
    on a piece of the same colour is a move, not a new pick-up), `promotion`
    with `pending` (from+to of the pawn move), `typed` (「Nf3」, 「e2e4」),
    `marked` (squares marked so far, mark mode) with `mode`, and `done`.

    `fen` and `moves` are given as to `rules`: the start position (a FEN or a
    rules.Position) and the UCI moves played from it; the board shown is the
    position after them.
    Raises BoardInputError (a ValueError) on a value no board form can send.
    """
    moves = tuple(moves)
    placement = piece_placement(fen, moves)
    mode = post.get("mode") or "move"
    if mode not in MODES:
        raise BoardInputError(gettext("This board form cannot be read."))
    if post.get("cancel"):
        return BoardInput(kind="select", selected=None)
    promotion = (post.get("promotion") or "").strip()
    if promotion:
        return _read_promotion(promotion, (post.get("pending") or "").strip())
    if mode == "mark":
        return _read_marks(post)
    # A typed move wins over `square`: pressing Enter in the text field submits
    # the form with its first button (a board square) as the submitter.
    typed = (post.get("typed") or "").strip()
    if typed:
        return _read_typed(fen, typed, moves)
    return _read_tap(placement, post)


def _read_promotion(promotion: str, pending: str) -> BoardInput:
    if promotion not in PROMOTION_PIECES or len(pending) != 4:
        raise BoardInputError(gettext("This promotion cannot be read."))
    if pending[:2] not in SQUARE_NAMES or pending[2:] not in SQUARE_NAMES:
        raise BoardInputError(gettext("This promotion cannot be read."))
    return BoardInput(kind="move", move=pending + promotion)


def _read_marks(post: Mapping) -> BoardInput:
    marked = _marked(post)
    if post.get("done"):
        return BoardInput(kind="marks_done", marked=marked)
    square = _square(post, "square")
    if square is None:
        return BoardInput(kind="none", marked=marked)
    return BoardInput(kind="mark", marked=marked ^ {square})


def _read_typed(fen, typed: str, moves: tuple[str, ...]) -> BoardInput:
    if len(typed) > TYPED_MOVE_MAX_LENGTH:
        return BoardInput(kind="unreadable", typed=typed[:TYPED_MOVE_MAX_LENGTH])
    try:
        return BoardInput(kind="move", move=rules.parse_move(fen, typed, moves))
    except rules.RulesError:
        return BoardInput(kind="unreadable", typed=typed)


def _read_tap(placement: Mapping[str, str], post: Mapping) -> BoardInput:
    """A tap on `square` with or without a piece picked up before (`selected`)."""
    square = _square(post, "square")
    selected = _square(post, "selected")
    if square is None:
        return BoardInput(kind="select", selected=selected) if selected else BoardInput("none")
    if selected is None:
        if square in placement:
            return BoardInput(kind="select", selected=square)
        return BoardInput(kind="none")
    if square == selected:
        return BoardInput(kind="select", selected=None)
    target = placement.get(square, "")
    moving = placement.get(selected, "")
    same_colour = bool(target and moving) and target.isupper() == moving.isupper()
    if same_colour and post.get("dropped") != "1":
        return BoardInput(kind="select", selected=square)
    return BoardInput(kind="move", move=selected + square)
