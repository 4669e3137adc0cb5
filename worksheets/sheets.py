"""A worksheet on paper, made from any list of puzzles: a lesson's, fresh practice puzzles of a
rule (from a seed, so the same sheet prints again), or a teacher's set.

``worksheet_for(title, puzzles, online_url, paper, language)`` is the one call: it returns a
``Worksheet`` (the value the templates draw, six diagrams a page, then the answer key), which
``worksheets.printing.sheet_response`` answers as the print page or the PDF
(``worksheets.pdf.render_pdf``). docs/worksheets.md says what a sheet shows and why.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import segno
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from board.component import BoardView, board_context
from curriculum.kinds import kind_of
from curriculum.puzzles import Puzzle
from languages import lists
from practice import generators
from worksheets.answers import Answer, answer_for, history_said

PER_PAGE = 6  # diagrams a page: two columns of three
PER_ROW = 2
MAX_PRACTICE = 36  # fresh puzzles on one sheet: six pages, a render of a few seconds at most
MAX_SEED = 10**9 - 1  # a practice id's seed has at most 9 digits (practice.generators.ids)


@dataclass(frozen=True)
class Paper:
    key: str  # the address's ?paper=
    name: str  # what the chooser says
    css: str  # the static stylesheet with its @page size and its page's height


PAPERS = {
    "a4": Paper("a4", _("A4"), "css/worksheet-a4.css"),
    "letter": Paper("letter", _("Letter"), "css/worksheet-letter.css"),
}
DEFAULT_PAPER = "a4"


@dataclass(frozen=True)
class Diagram:
    board: BoardView  # the squares as the site draws them (board.component)
    fen: str  # the position shown, printed under the board (see docs/worksheets.md)
    stars: frozenset[str] = frozenset()  # a visit goal's targets
    ringed: str = ""  # the piece the question is about
    circled: str = ""  # where the move asked about goes
    last_move: frozenset[str] = frozenset()  # the history's last move, tinted

    @property
    def rows(self):
        """(rank digit, squares with their marks) top to bottom, as printed."""
        return [
            (rank, [(square, self._marks(square.name)) for square in squares])
            for rank, squares in self.board.rows
        ]

    @property
    def spoken(self) -> str:
        """The pieces as a screen reader says them: 「e1，白王、e8，黑王」."""
        return lists.join(square.label for square in self.board.squares if square.piece)

    def _marks(self, name: str) -> str:
        marks = {
            "star": name in self.stars,
            "ringed": name == self.ringed,
            "circled": name == self.circled,
            "last": name in self.last_move,
        }
        return " ".join(mark for mark, shown in marks.items() if shown)


@dataclass(frozen=True)
class Item:
    number: int
    puzzle: Puzzle
    diagram: Diagram | None  # None: a question about words, with no position
    history: tuple[str, ...]  # the moves before the position, as the lesson shows them
    answer_mode: str  # "move", "mark" or "view": a move to write, squares to mark, options
    options: tuple[str, ...]  # the options to circle (answer_mode "view")
    several: bool  # more than one option may be right
    url: str  # the puzzle online (the diagram links there in the PDF)

    @property
    def history_text(self) -> str:
        return lists.join(self.history)


class Row(tuple):
    """A row of up to PER_ROW items (a tuple of Item), never split across pages."""

    @property
    def words_only(self) -> bool:
        """No item of the row has a diagram: the row is as tall as its words, not a
        diagram's row (worksheet.css), so a page with a tall row still holds its six."""
        return not any(item.diagram for item in self)


@dataclass(frozen=True)
class Worksheet:
    title: str
    items: tuple[Item, ...]
    answers: tuple[Answer, ...]
    online_url: str  # the lesson, practice or set online: the QR code's address
    paper: Paper
    language: str
    seed: int | None = None  # a practice sheet's seed: its address makes the same sheet
    qr: str = field(default="", repr=False)  # the QR code of online_url, an SVG data URI

    @property
    def pages(self) -> list[tuple[Item, ...]]:
        """The items, PER_PAGE a page."""
        return [self.items[i : i + PER_PAGE] for i in range(0, len(self.items), PER_PAGE)]

    @property
    def page_rows(self) -> list[list[Row]]:
        """Each page's items in rows of PER_ROW: a row is never split across pages."""
        return [
            [Row(page[i : i + PER_ROW]) for i in range(0, len(page), PER_ROW)]
            for page in self.pages
        ]


def worksheet_for(
    title: str,
    puzzles: Sequence[Puzzle],
    online_url: str,
    paper: str = DEFAULT_PAPER,
    language: str | None = None,
    *,
    puzzle_url: Callable[[Puzzle], str] | None = None,
    seed: int | None = None,
) -> Worksheet:
    """The worksheet of ``puzzles`` in their order, in ``language`` (default: the active one).

    ``online_url`` is an absolute address (the QR code); ``puzzle_url(puzzle)`` gives each
    puzzle's own address, which its diagram links to in the PDF. ``paper`` is a key of
    PAPERS (KeyError otherwise: a view checks it first, see worksheets.views).
    The puzzles' words are printed as given: pass them in ``language``.
    """
    chosen_paper = PAPERS[paper]
    language = language or translation.get_language()
    with translation.override(language):
        items = tuple(
            _item(number, puzzle, puzzle_url(puzzle) if puzzle_url else "")
            for number, puzzle in enumerate(puzzles, start=1)
        )
        answers = tuple(answer_for(item.number, item.puzzle) for item in items)
    qr = segno.make(online_url, error="m").svg_data_uri(scale=4, border=2)
    return Worksheet(title, items, answers, online_url, chosen_paper, language, seed, qr)


def practice_puzzles(rule: str, count: int, seed: int, level: int) -> list[Puzzle]:
    """``count`` fresh puzzles of ``rule`` at ``level``, each proven by the validator, all
    different, drawn from ``seed``: the same arguments give the same puzzles."""
    rng = random.Random(f"worksheet:{rule}:{level}:{seed}")
    puzzles, seen = [], set()
    for _attempt in range(count * 4):
        puzzle = generators.fresh(rule, level, rng)
        if puzzle is None:
            continue
        key = generators.question_key(puzzle)
        if key not in seen:
            seen.add(key)
            puzzles.append(puzzle)
        if len(puzzles) == count:
            break
    return puzzles


def new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED + 1)


def _item(number: int, puzzle: Puzzle, url: str) -> Item:
    kind = kind_of(puzzle)
    options = tuple(str(option.text) for option in puzzle.options)
    return Item(
        number=number,
        puzzle=puzzle,
        diagram=_diagram(puzzle) if puzzle.start_fen else None,
        history=tuple(history_said(puzzle)),
        answer_mode=kind.BOARD_MODE,
        options=options if kind.BOARD_MODE == "view" else (),
        several=kind.several(puzzle),
        url=url,
    )


def _diagram(puzzle: Puzzle) -> Diagram:
    """The position with the marks the lesson's board shows: the stars to collect, the piece
    a question is about (ringed), the square its move goes to (dashed circle), the history's
    last move."""
    focus_move = puzzle.params.get("move", "")
    ringed = focus_move[:2] or puzzle.params.get("square", "") or puzzle.square
    goal = puzzle.goal or {}
    last = puzzle.moves[-1] if puzzle.moves else ""
    return Diagram(
        board=board_context(puzzle.start_fen, orientation=_orientation(puzzle), mode="view"),
        fen=puzzle.start_fen,
        stars=frozenset(goal.get("targets", ()) if goal.get("type") == "visit" else ()),
        ringed=ringed,
        circled=focus_move[2:4],
        last_move=frozenset({last[:2], last[2:4]}) if last else frozenset(),
    )


def _orientation(puzzle: Puzzle) -> str:
    """As on the lesson's board: the side to move at the bottom, except a question with no
    move to make or judge, which keeps White at the bottom."""
    if kind_of(puzzle).BOARD_MODE == "view" and not puzzle.params.get("move"):
        return "white"
    return puzzle.side_to_move
