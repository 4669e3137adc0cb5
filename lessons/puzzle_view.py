"""The puzzle as a page shows it: `PuzzleView`, what a view hands the puzzle's templates,
and `puzzle_section()`, which draws it from templates-jinja2/lessons/puzzle.html (see
tutor/jinja.py).

An htmx answer of a lesson is `puzzle_section` alone (lessons.views.render_puzzle); a page
draws it with {% load lesson_drawing %}{% puzzle_section puzzle_view %}. Through Django
templates the section cost ~0.7 ms of every answer (about 70 variable lookups, 15
translations and 5 includes); through Jinja2 a fraction of that. The markup is pinned by
tests/lessons/test_puzzle_view.py and the lessons' and practice's view tests.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, fields

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

import process_caches
from board.component import BoardView, PromotionView
from board.feedback import Feedback
from curriculum.loading import Puzzle
from lessons.steps import Step, steps_nav

JINJA = "jinja2"  # settings.TEMPLATES' engine for the fragments


@dataclass(frozen=True, slots=True)
class PaletteChoice:
    """A piece a setup puzzle's learner may take (the palette beside the board)."""

    value: str  # its letter, "Q" or "k"
    label: str  # its name, 「白后」
    image: str
    pressed: bool  # the piece in hand


@dataclass(frozen=True, slots=True, kw_only=True)
class PuzzleView:
    """Everything the puzzle's section shows. lessons.views.puzzle_context makes one from an
    answering.Screen; a page adds its own fields (a lesson's number and steps, a practice
    round's heading). A field the template reads and the view lacks is an error, both
    here (a misspelt keyword) and in the template (StrictUndefined)."""

    place: Puzzle  # the puzzle whose number and address these are
    puzzle: Puzzle  # the one asked there (a partner after a miss, answering.Reasks)
    answer_url: str
    answer_token: str = ""  # the form's token (lessons.answer_tokens); "" writes none
    retry_url: str = ""
    next_url: str = ""
    board: BoardView | None = None  # None: a text puzzle with no position
    interactive: bool = False  # the board itself is the answer (a move or marks)
    input_mode: str = ""  # the kind's board mode: "move", "mark" or "view"
    played: str = ""  # the learner's moves so far, UCI, space-separated
    promotion: PromotionView | None = None
    feedback: Feedback | None = None
    hint_shown: bool = False
    hint_requested: bool = False  # this answer asked for the hint: it takes the focus
    several: bool = False  # the options take more than one answer (checkboxes)
    chosen: Collection[str] = ()  # the options chosen in the answer
    solved_stars: int | None = None  # None while unsolved
    reask: bool = False  # a miss of a two-option question: on to another position
    targets: Sequence[str] = ()  # a visit puzzle's squares still to reach
    moves_left: int | None = None  # a visit puzzle's moves still allowed
    history: Sequence[tuple[int, str, str]] = ()  # score-sheet rows, once notation is taught
    history_words: Sequence[str] = ()  # one move a line in words, before
    circled: Sequence[str] = ()  # squares drawn with a dashed circle
    typed_move_tucked: bool = False  # the typed-move box behind a switch (board.drawing)
    typed_move_open: bool = False  # that switch open
    edit_url: str = ""  # 「編輯這個局面」 for a grown-up (editor.links)
    palette: Sequence[PaletteChoice] = ()  # a setup puzzle: the pieces to take
    tool: str = ""  # a setup puzzle: the piece in hand
    # What a lesson's page adds:
    number: int | None = None
    total: int | None = None
    level_number: int | None = None
    level_count: int = 0  # a lesson of one level does not name it
    number_in_level: int | None = None  # the heading counts within the level, as the steps do
    level_size: int | None = None
    plays_black: bool = False  # the board is turned: the prompt says 「你是黑方。」
    all_stars_reached: bool = False  # a solved star puzzle keeps its stars line, reworded
    steps: Sequence[Step] = ()
    all_solved: bool = False  # this answer solved the last puzzle the lesson had left
    # What a practice round adds:
    heading: str = ""  # instead of 「第 1 題（共 8 題）」
    next_label: str = ""  # the solved box's link instead of 「下一題」


def puzzle_section(view: PuzzleView, csrf_token: str | None) -> SafeString:
    """The <section id="puzzle">: steps, heading, prompt, board and panel, in its form.

    `csrf_token` goes in the form as {% csrf_token %} puts it, for a page posted without
    htmx; None writes no token: an htmx answer's form is posted by htmx, which sends the
    page's token in a header (base.html's hx-headers), so the answer asks for no new one.

    A section with no form (a solved puzzle, the link to a re-ask's next position) drawn for
    htmx is the same for every learner whose view is the same: it is drawn once per process
    and language (`_kept_section`) and handed out again.
    """
    if csrf_token is None and draws_no_form(view):
        try:
            drawn = _Drawn(view)
        except TypeError:  # a value that cannot be compared by value: drawn afresh
            pass
        else:
            return _kept_section(drawn, get_language())
    return _section(view, csrf_token)


def draws_no_form(view: PuzzleView) -> bool:
    """Whether the section has no answer form, so neither token (as templates-jinja2/lessons/
    puzzle.html decides: a board that is the answer, or an unsolved puzzle not re-asked)."""
    return not view.interactive and (view.solved_stars is not None or bool(view.reask))


def _section(view: PuzzleView, csrf_token: str | None) -> SafeString:
    context = {
        "view": view,
        "csrf_token": csrf_token,
        "steps": steps_nav(view.steps) if view.steps else "",  # kept per row (lessons.steps)
    }
    return render_to_string("lessons/puzzle.html", context, using=JINJA)


class _Same:
    """A kept object (a puzzle of the curriculum, a board of board_context: frozen) as part
    of a key: the same object, not an equal one, so comparing it costs nothing; an equal
    copy is only a miss."""

    __slots__ = ("kept",)

    def __init__(self, kept):
        self.kept = kept

    def __hash__(self) -> int:
        return id(self.kept)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.kept is self.kept


_BY_IDENTITY = (Puzzle, BoardView)
# Every field the template may read; the token is only drawn in a form.
_KEYED = tuple(field.name for field in fields(PuzzleView) if field.name != "answer_token")


def _keyed(value):
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, _BY_IDENTITY):
        return _Same(value)
    return value


class _Drawn:
    """A view with no form as the key of its section: equal to another view's when every
    field the template reads is (the puzzles and the board the same objects)."""

    __slots__ = ("_hash", "_values", "view")

    def __init__(self, view: PuzzleView):
        self.view = view
        self._values = tuple(_keyed(getattr(view, name)) for name in _KEYED)
        self._hash = hash(self._values)  # TypeError for a value that has no hash

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return isinstance(other, _Drawn) and other._values == self._values


@process_caches.kept("lessons.puzzle_view._kept_section")
def _kept_section(drawn: _Drawn, language: str | None) -> SafeString:
    return _section(drawn.view, None)


def stars_badge(stars, big: bool = False) -> SafeString:
    """Three stars, `stars` of them lit, named for a screen reader (「得到 2 顆星（共 3 顆）」)."""
    return render_to_string("lessons/stars.html", {"stars": stars, "big": big}, using=JINJA)
