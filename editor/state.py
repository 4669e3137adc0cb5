"""The editor's state and its one step: read what a request says (the position, the moves
played from it, the piece in hand, the mode), apply the button pressed, and say what
happened as an ``Event`` (editor.words turns it into a sentence).

No HTTP and no chess here: every position is written by rules.setup, every move judged
by rules.check_move. The state travels in the request (GET parameters), so the page is
the same with JavaScript or without, and a link (/editor/?fen=…&moves=…) opens any
position with its history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from django.utils.translation import gettext as _

import rules
from board.component import BoardInputError, read_board_post
from rules import setup

ERASER = "x"  # the tool that takes pieces off
TOOLS = (*setup.PIECES, ERASER)
MODES = ("place", "play")  # putting pieces on and off, or playing moves from the position
MAX_MOVES = 40  # a short history: en passant timing, repetition, a count of moves
MAX_MOVES_TEXT = 6 * MAX_MOVES
SQUARE_NAMES = frozenset(f + r for f in "abcdefgh" for r in "12345678")


class EditorError(ValueError):
    """A request no editor page sends; the message is in the learner's language (400)."""


@dataclass(frozen=True)
class Editing:
    fen: str  # the position set up (read_fen's form); the moves are played from it
    moves: tuple[str, ...] = ()
    tool: str = "K"  # the piece in hand, or ERASER
    mode: str = "place"
    selected: str | None = None  # play mode: the piece picked up
    pending: str | None = None  # play mode: the pawn move (from+to) waiting for its piece
    # A history read with a move that cannot be played: (its number, the move, its verdict
    # or None when it is not UCI); ``moves`` keeps the moves before it, the board is kept.
    refused: tuple[int, str, rules.Verdict | None] | None = None

    @cached_property
    def legal(self) -> bool:
        return not setup.setup_flaws(self.fen)

    @cached_property
    def _position(self) -> rules.Position | None:
        return rules.Position(self.fen, self.moves) if self.legal else None

    def position(self) -> rules.Position | None:
        """The position now (after the moves), or None while the set-up is impossible;
        replayed once per state (raises a rules.RulesError for a history it cannot play)."""
        return self._position


@dataclass(frozen=True)
class Event:
    """What the last button did: ``kind`` and what it is about."""

    kind: str  # placed, removed, empty, moves_cleared, played, refused, undone, forgotten,
    #            cleared, started, turn, castling, en_passant, promotion, fix_first, read
    square: str = ""
    piece: str = ""
    san: str = ""
    verdict: rules.Verdict | None = None
    cleared_moves: bool = False  # the change to the set-up cleared the moves played
    kept: bool = False  # castling, en_passant: the right is given now
    count: int = 0  # quiet: moves by each side without a capture or pawn move


def read(query: Mapping) -> Editing:
    """The state a request carries; raises EditorError for values no page sends."""
    text = query.get("fen") or setup.START_FEN
    try:
        fen = setup.read_fen(text)
    except rules.RulesError:
        raise EditorError(
            _("This FEN cannot be read. A FEN looks like this: %(example)s")
            % {"example": "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}
        ) from None
    moves = _moves(query.get("moves") or "")
    tool = query.get("tool") or "K"
    mode = query.get("mode") or "place"
    if tool not in TOOLS or mode not in MODES:
        raise EditorError(_("This editor form cannot be read."))
    editing = Editing(fen, moves, tool, mode, _square(query, "from"), _pending(query))
    if moves:
        if not editing.legal:
            raise EditorError(_("Moves can only be played from a position that can happen."))
        wrong = rules.first_illegal(fen, moves)
        if wrong is not None:
            index, verdict = wrong
            refused = (index + 1, moves[index], verdict)
            editing = replace(editing, moves=moves[:index], refused=refused)
    return editing


def _moves(text: str) -> tuple[str, ...]:
    if len(text) > MAX_MOVES_TEXT:
        raise EditorError(_("At most %(count)s moves can be played here.") % {"count": MAX_MOVES})
    moves = tuple(text.split())
    if len(moves) > MAX_MOVES:
        raise EditorError(_("At most %(count)s moves can be played here.") % {"count": MAX_MOVES})
    return moves  # one not written in UCI is found by read() and said (rules.first_illegal)


def _square(query: Mapping, key: str) -> str | None:
    value = query.get(key) or ""
    if value and value not in SQUARE_NAMES:
        raise EditorError(_("“%(value)s” is not a square of the board.") % {"value": value[:8]})
    return value or None


def _pending(query: Mapping) -> str | None:
    value = query.get("pending") or ""
    if value and not (len(value) == 4 and value[:2] in SQUARE_NAMES and value[2:] in SQUARE_NAMES):
        raise EditorError(_("This promotion cannot be read."))
    return value or None


def step(editing: Editing, query: Mapping) -> tuple[Editing, Event | None]:
    """The state after the button the request names, and what it did."""
    for name, action in ACTIONS:
        if query.get(name):
            # the count is typed in its own box beside the button that sets it
            value = query.get("quiet_now", "") if name == "quiet" else query[name]
            return action(editing, value)
    return editing, None


def _pick(editing: Editing, tool: str) -> tuple[Editing, Event | None]:
    if tool not in TOOLS:
        raise EditorError(_("This editor form cannot be read."))
    return replace(editing, tool=tool, mode="place", selected=None, pending=None), None


def _switch(editing: Editing, mode: str) -> tuple[Editing, Event | None]:
    if mode not in MODES:
        raise EditorError(_("This editor form cannot be read."))
    if mode == "play" and not editing.legal:
        return replace(editing, mode="place"), Event("fix_first")
    return replace(editing, mode=mode, selected=None, pending=None), None


def _set_up(editing: Editing, fen: str, event: Event) -> tuple[Editing, Event]:
    """A new set-up: the moves played from the old one no longer belong to it."""
    cleared = bool(editing.moves) and fen != editing.fen
    changed = replace(editing, fen=fen, moves=() if cleared else editing.moves)
    return replace(changed, selected=None, pending=None), replace(event, cleared_moves=cleared)


def _tap(editing: Editing, square: str) -> tuple[Editing, Event | None]:
    if square not in SQUARE_NAMES:
        raise EditorError(_("“%(value)s” is not a square of the board.") % {"value": square[:8]})
    if editing.mode == "play":
        return _play_tap(editing, square)
    there = setup.pieces_of(editing.fen).get(square, "")
    if editing.tool == ERASER or there == editing.tool:
        if not there:
            return editing, Event("empty", square)
        fen = setup.put(editing.fen, square, None)
        return _set_up(editing, fen, Event("removed", square, there))
    fen = setup.put(editing.fen, square, editing.tool)
    return _set_up(editing, fen, Event("placed", square, editing.tool))


def _play_tap(editing: Editing, square: str) -> tuple[Editing, Event | None]:
    position = editing.position()
    if position is None:
        return replace(editing, mode="place"), Event("fix_first")
    post = {"square": square, "selected": editing.selected or "", "mode": "move"}
    try:
        action = read_board_post(position, post)
    except BoardInputError as error:
        raise EditorError(str(error)) from None
    if action.kind == "select":
        return replace(editing, selected=action.selected, pending=None), None
    if action.kind != "move":
        return editing, None
    return _play(editing, position, action.move)


def _play(editing: Editing, position: rules.Position, move: str) -> tuple[Editing, Event]:
    verdict = rules.check_move(position, move)
    if verdict.reason is rules.Reason.PROMOTION_REQUIRED:
        return replace(editing, pending=move[:4]), Event("promotion", move[2:4])
    if not verdict.legal:
        return replace(editing, selected=None, pending=None), Event("refused", verdict=verdict)
    if len(editing.moves) >= MAX_MOVES:
        raise EditorError(_("At most %(count)s moves can be played here.") % {"count": MAX_MOVES})
    played = replace(editing, moves=(*editing.moves, verdict.move), selected=None, pending=None)
    return played, Event("played", move[2:4], san=verdict.san)


def _promote(editing: Editing, piece: str) -> tuple[Editing, Event]:
    position = editing.position()
    if piece not in ("q", "r", "b", "n") or editing.pending is None or position is None:
        raise EditorError(_("This promotion cannot be read."))
    return _play(editing, position, editing.pending + piece)


def _undo(editing: Editing, _value: str) -> tuple[Editing, Event | None]:
    if not editing.moves:
        return editing, None
    return replace(editing, moves=editing.moves[:-1], selected=None, pending=None), Event("undone")


def _forget(editing: Editing, _value: str) -> tuple[Editing, Event | None]:
    if not editing.moves:
        return editing, None
    return replace(editing, moves=(), selected=None, pending=None), Event("forgotten")


def _clear(editing: Editing, _value: str) -> tuple[Editing, Event]:
    return _set_up(replace(editing, moves=(), mode="place"), setup.EMPTY_FEN, Event("cleared"))


def _start(editing: Editing, _value: str) -> tuple[Editing, Event]:
    return _set_up(replace(editing, moves=(), mode="place"), setup.START_FEN, Event("started"))


def _turn(editing: Editing, side: str) -> tuple[Editing, Event]:
    try:
        fen = setup.with_turn(editing.fen, side)
    except rules.RulesError:
        raise EditorError(_("This editor form cannot be read.")) from None
    return _set_up(editing, fen, Event("turn", piece=side))


def _castling(editing: Editing, right: str) -> tuple[Editing, Event]:
    kept = right in setup.castling_kept(editing.fen)
    try:
        fen = setup.with_castling(editing.fen, right, not kept)
    except rules.RulesError:
        raise EditorError(_("This castling right does not fit the position.")) from None
    return _set_up(editing, fen, Event("castling", piece=right, kept=not kept))


def _quiet(editing: Editing, count: str) -> tuple[Editing, Event]:
    try:
        fen = setup.with_quiet_moves(editing.fen, int(count))
    except (ValueError, rules.RulesError):
        raise EditorError(
            _("Write how many moves each side has made, from 0 to %(most)s.")
            % {"most": setup.MAX_QUIET_MOVES}
        ) from None
    return _set_up(editing, fen, Event("quiet", count=int(count)))


def _en_passant(editing: Editing, square: str) -> tuple[Editing, Event]:
    now = setup.en_passant_kept(editing.fen)
    try:
        fen = setup.with_en_passant(editing.fen, None if square == now else square)
    except rules.RulesError:
        raise EditorError(_("This en passant square does not fit the position.")) from None
    return _set_up(editing, fen, Event("en_passant", square, kept=square != now))


ACTIONS = (
    ("pick", _pick),
    ("switch", _switch),
    ("square", _tap),
    ("promote", _promote),
    ("undo", _undo),
    ("forget", _forget),
    ("clear", _clear),
    ("start", _start),
    ("turn", _turn),
    ("castle", _castling),
    ("ep", _en_passant),
    ("quiet", _quiet),
)
