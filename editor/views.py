"""/editor/: set up a position on the site's own board, set its rights in words, play a
short history from it, and take it to the referee's board or into a teacher's question.

One view answers every button: the state comes in the query (editor.state), the engine
writes and judges (rules.setup, rules.check_move), and the page (or, for editor.js, its
`panel` partial) shows the result. ``?embed=1`` draws the panel for the include
(templates/editor/include.html) inside another page's form: its buttons are plain
buttons there, so they never submit that form.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

import rules
from board.component import FILES, LIGHT_SQUARES, RANKS, piece_image, square_label
from board.explanations import PIECE_NAMES
from editor import state, words
from editor.state import ERASER, Editing, EditorError
from rules import setup

TEMPLATE = "editor/page.html"
SETS_NEW_PUZZLE = "/teacher/sets/puzzles/new/"  # the sets' page; it reads fen and moves


@dataclass(frozen=True)
class Square:
    name: str
    piece: str
    image: str
    label: str
    light: bool
    selected: bool
    last_move: bool


@dataclass(frozen=True)
class Choice:
    """A button of the editor: its value, its words, whether it is on now."""

    value: str
    words: str
    pressed: bool
    image: str = ""


@require_safe
def editor_page(request: HttpRequest) -> HttpResponse:
    partial = bool(request.htmx) or request.GET.get("partial") == "1"
    try:
        editing, event = state.step(state.read(request.GET), request.GET)
    except EditorError as error:
        return _bad_request(request, str(error), partial)
    context = panel_context(editing, event, embed=request.GET.get("embed") == "1")
    response = render(request, f"{TEMPLATE}#panel" if partial else TEMPLATE, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _bad_request(request: HttpRequest, message: str, partial: bool) -> HttpResponse:
    template = "editor/error.html#message" if partial else "editor/error.html"
    response = render(request, template, {"message": message}, status=400)
    patch_vary_headers(response, ["HX-Request"])
    return response


def panel_context(editing: Editing, event: state.Event | None, *, embed: bool) -> dict:
    flaws = setup.setup_flaws(editing.fen)
    position = editing.position() if not flaws else None
    playing = editing.mode == "play" and position is not None
    shown = position.fen_now if playing else editing.fen
    moves_text = " ".join(editing.moves)
    return {
        "editing": editing,
        "embed": embed,
        "button_type": "button" if embed else "submit",
        "said": [*words.refused_history(editing.refused), *words.event_words(event)],
        "flaws": [words.flaw_sentence(flaw) for flaw in flaws],
        "flaw_squares": sorted({s for flaw in flaws for s in flaw.squares}),
        "standing": words.standing_words(position) if position else "",
        "playing": playing,
        "shown_fen": shown,
        "moves_text": moves_text,
        "rows": _rows(shown, editing.selected if playing else None, _last(editing, playing)),
        "files": FILES,
        "palette": _palette(editing),
        "eraser": Choice(ERASER, _("Take a piece off"), editing.tool == ERASER),
        "turns": [
            Choice("white", _("White to move"), rules.side_to_move(editing.fen) == "white"),
            Choice("black", _("Black to move"), rules.side_to_move(editing.fen) == "black"),
        ],
        "castling": [
            Choice(right, words.castling_words(right), right in setup.castling_kept(editing.fen))
            for right in setup.castling_offered(editing.fen)
        ],
        "en_passant": [
            Choice(square, words.en_passant_words(square), square == setup.en_passant_kept(fen))
            for fen in (editing.fen,)
            for square in setup.en_passant_offered(fen)
        ],
        # score-sheet rows (number, White's move, Black's): "1. Ke2 Ke7", as a teacher writes it
        "history": rules.score_sheet(editing.fen, editing.moves) if editing.moves else [],
        "promotion": _promotion(editing, shown) if playing and editing.pending else [],
        "referee_url": _url(reverse("referee"), fen=position.fen_now) if position else "",
        "question_url": (
            _url(SETS_NEW_PUZZLE, fen=editing.fen, moves=moves_text) if position else ""
        ),
        "quiet_moves": setup.quiet_moves(editing.fen),
        "quiet_most": setup.MAX_QUIET_MOVES,
    }


def _url(path: str, **query: str) -> str:
    return f"{path}?{urlencode({k: v for k, v in query.items() if v})}"


def _last(editing: Editing, playing: bool) -> str | None:
    return editing.moves[-1] if playing and editing.moves else None


def _rows(fen: str, selected: str | None, last_move: str | None) -> list[tuple[str, list]]:
    pieces = setup.pieces_of(fen)
    last = {last_move[:2], last_move[2:4]} if last_move else set()
    rows = []
    for rank in reversed(RANKS):
        row = []
        for file in FILES:
            name = file + rank
            piece = pieces.get(name, "")
            row.append(
                Square(
                    name=name,
                    piece=piece,
                    image=piece_image(piece) if piece else "",
                    label=square_label(name, piece),
                    light=name in LIGHT_SQUARES,
                    selected=name == selected,
                    last_move=name in last,
                )
            )
        rows.append((rank, row))
    return rows


def _palette(editing: Editing) -> list[list[Choice]]:
    """The pieces to put on, White's row then Black's."""
    return [
        [
            Choice(piece, str(PIECE_NAMES[piece]), editing.tool == piece, piece_image(piece))
            for piece in pieces
        ]
        for pieces in ("KQRBNP", "kqrbnp")
    ]


def _promotion(editing: Editing, fen: str) -> list[Choice]:
    white = rules.side_to_move(fen) == "white"
    return [
        Choice(letter, str(PIECE_NAMES[letter.upper() if white else letter]), False, image)
        for letter in ("q", "r", "b", "n")
        for image in (piece_image(letter.upper() if white else letter),)
    ]
