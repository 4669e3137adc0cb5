"""The puzzle as a page shows it: `present_puzzle()` turns what the answering service
returned (a Screen) into a `PuzzleView`, what the puzzle's templates draw, and
`puzzle_section()` draws it from templates/lessons/puzzle.jinja (see tutor/jinja.py).
Nothing here reads a request: the pages (lessons.pages) pass what they read of it.

An htmx answer of a lesson is `puzzle_section` alone (lessons.pages.render_puzzle); a page
draws it with {% load lesson_drawing %}{% puzzle_section puzzle_view %}. Through Django
templates the section cost ~0.7 ms of every answer (about 70 variable lookups, 15
translations and 5 includes); through Jinja2 a fraction of that. The markup is pinned by
tests/lessons/test_presenter.py and the lessons' and practice's view tests.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, fields

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language

import process_caches
import rules
from board.component import (
    BoardView,
    PromotionView,
    board_context,
    piece_image,
    promotion_context,
)
from board.explanations import PIECE_NAMES, move_in_words
from board.feedback import Feedback
from curriculum.kinds import kind_of
from curriculum.loading import Lesson, Puzzle, get_curriculum
from editor.links import edit_address
from lessons import answer_tokens
from lessons.answering import Screen, notation_taught
from lessons.progress import first_unsolved, puzzle_ids
from lessons.steps import Step, steps_nav, steps_of

NOTATION_LESSON = "notation"  # where moves written as Nf3 are taught
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
    """Everything the puzzle's section shows. lessons.presenter.present_puzzle makes one from an
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
    """Whether the section has no answer form, so neither token (as templates/lessons/
    puzzle.jinja decides: a board that is the answer, or an unsolved puzzle not re-asked)."""
    return not view.interactive and (view.solved_stars is not None or bool(view.reask))


def _section(view: PuzzleView, csrf_token: str | None) -> SafeString:
    context = {
        "view": view,
        "csrf_token": csrf_token,
        "steps": steps_nav(view.steps) if view.steps else "",  # kept per row (lessons.steps)
    }
    return render_to_string("lessons/puzzle.jinja", context, using=JINJA)


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


@process_caches.kept("lessons.presenter._kept_section")
def _kept_section(drawn: _Drawn, language: str | None) -> SafeString:
    return _section(drawn.view, None)


def stars_badge(stars, big: bool = False) -> SafeString:
    """Three stars, `stars` of them lit, named for a screen reader (「得到 2 顆星（共 3 顆）」)."""
    return render_to_string("lessons/stars.jinja", {"stars": stars, "big": big}, using=JINJA)


def lesson_puzzle(
    lesson: Lesson, screen: Screen, stars: dict[str, int], *, may_edit: bool
) -> PuzzleView:
    """A lesson's puzzle as its page shows it: its number, level and steps, its addresses."""
    puzzle = screen.puzzle
    index = lesson.puzzles.index(puzzle)
    solved = screen.solved_stars is not None
    lesson_url = reverse("lesson", args=[lesson.slug])
    answer_url = reverse("puzzle_answer", args=[lesson.slug, puzzle.id])
    all_solved = solved and first_unsolved(puzzle_ids(lesson), stars) is None
    if index + 1 < len(lesson.puzzles) and not all_solved:
        next_url = f"{lesson_url}?puzzle={lesson.puzzles[index + 1].id}#puzzle"
    else:  # 「看我的星星」 (and the sticker) once the lesson is done
        next_url = lesson_url
    level = lesson.levels[lesson.level_of(puzzle)]
    return present_puzzle(
        screen,
        may_edit=may_edit,
        answer_url=answer_url,
        retry_url=f"{lesson_url}?puzzle={puzzle.id}",
        next_url=next_url,
        number=index + 1,
        total=len(lesson.puzzles),
        level_number=lesson.level_of(puzzle) + 1,
        level_count=len(lesson.levels),
        # The heading counts within the level, as the steps do (第 2 題（共 6 題）).
        number_in_level=level.index(puzzle) + 1,
        level_size=len(level),
        steps=steps_of(lesson, puzzle, stars),
        all_solved=all_solved,
    )


def present_puzzle(
    screen: Screen,
    *,
    may_edit: bool,
    answer_url: str,
    retry_url: str,
    next_url: str,
    **page,
) -> PuzzleView:
    """What the puzzle's section shows of a screen: the board, the answer form, the
    feedback; the same for a lesson's puzzle and for a generated one, with the fields the
    page adds (`page`: a lesson's number and steps, a practice round's heading; a name
    PuzzleView has no field for is a TypeError). It reads no request: what the learner
    sent is in the screen (the answering service's), and ``may_edit`` says whether a
    grown-up is looking (editor.links.may_edit). ``place`` is the puzzle whose number and
    address these are; ``puzzle`` the one asked there (a partner after a miss of a
    two-option question, see answering.Reasks)."""
    place, puzzle = screen.puzzle, screen.asked
    solved = screen.solved_stars is not None
    return PuzzleView(
        place=place,
        puzzle=puzzle,
        board=_board(screen, solved),
        interactive=kind_of(puzzle).BOARD_MODE != "view" and not solved,
        input_mode=kind_of(puzzle).BOARD_MODE,
        played=" ".join(screen.played),
        promotion=(
            promotion_context(screen.fen, screen.promotion_pending)
            if screen.promotion_pending
            else None
        ),
        feedback=screen.feedback,
        hint_shown=screen.hint_shown,
        hint_requested=screen.hint_requested,
        several=kind_of(puzzle).several(puzzle),
        chosen=screen.chosen,
        solved_stars=screen.solved_stars,
        next_url=next_url,
        answer_url=answer_url,
        answer_token=answer_tokens.new(),
        retry_url=retry_url,
        targets=() if solved else _stars_to_collect(screen),
        # The stars' line stays in its place once every star is reached: the board below
        # does not jump.
        all_stars_reached=solved and (puzzle.goal or {}).get("type") == "visit",
        plays_black=bool(screen.fen) and _orientation(puzzle) == "black",
        moves_left=_moves_left(screen),
        history=_history(puzzle),
        history_words=_history_in_words(puzzle),
        circled=_circled(screen),
        typed_move_tucked=_typed_move_tucked(place),
        typed_move_open=screen.typed_move_open,
        reask=screen.reask,
        edit_url=edit_address(puzzle.fen, puzzle.moves) if may_edit else "",
        **_palette(puzzle, screen, solved),
        **page,
    )


def _palette(puzzle: Puzzle, screen: Screen, solved: bool) -> dict:
    """A setup puzzle's pieces to take, the one in hand pressed (the first at the start)."""
    kind = kind_of(puzzle)
    if kind.BOARD_MODE != "place" or solved:
        return {}
    pieces = kind.palette(puzzle)
    tool = screen.tool if screen.tool in pieces else pieces[0]
    choices = [
        PaletteChoice(piece, str(PIECE_NAMES[piece]), piece_image(piece), piece == tool)
        for piece in pieces
    ]
    return {"palette": choices, "tool": tool}


def _typed_move_tucked(puzzle: Puzzle) -> bool:
    lesson = get_curriculum().lesson(puzzle.lesson)
    return lesson is not None and not _teaches_notation(lesson)


def _teaches_notation(lesson: Lesson) -> bool:
    """From the notation lesson on, moves may be typed (Nf3); before it the box is tucked away
    for keyboard users, so a child sees the board, not a text field. A curriculum without a
    notation lesson shows it everywhere."""
    notation = get_curriculum().lesson(NOTATION_LESSON)
    return notation is None or lesson.order >= notation.order


def _board(screen: Screen, solved: bool):
    puzzle = screen.asked
    if not screen.fen:
        return None  # a text puzzle with no position
    kind = kind_of(puzzle)
    mode = kind.BOARD_MODE
    if solved and mode in ("move", "place"):
        mode = "view"  # after the solve a move board is only shown; marks stay, outside a form
    # A question about a square or a move rings the square (the move's piece) without
    # tinting it; the move's destination gets a dashed circle (see _circled).
    focus_move = _focus_move(puzzle)
    focus_square = focus_move[:2] if focus_move else puzzle.params.get("square", "")
    # Before the learner moves, the board shows the history's last move.
    history_move = puzzle.moves[-1] if puzzle.moves and not screen.played else None
    return board_context(
        screen.fen,
        orientation=_orientation(puzzle),
        selected=screen.selected or focus_square or None,
        highlights=screen.highlights,
        marked=screen.marked,
        last_move=screen.last_move or history_move,
        mode=mode,
        shows_moves=kind.shows_moves(puzzle),
    )


def _orientation(puzzle: Puzzle) -> str:
    """The learner's side at the bottom, first screen to last; a question with no move to
    make or to judge (how does the game stand?) keeps White at the bottom, as the
    coordinates were learnt, whoever is to move."""
    if kind_of(puzzle).BOARD_MODE in ("view", "place") and not _focus_move(puzzle):
        return "white"
    return puzzle.side_to_move


def _focus_move(puzzle: Puzzle) -> str:
    """The move a choice question asks about (UCI), or ""."""
    return puzzle.params.get("move", "")  # only a choice question has parameters


def _circled(screen: Screen) -> list[str]:
    """Squares drawn with a dashed circle: the missing squares once shown, or the
    destination of the move a question asks about."""
    if screen.revealed:
        return sorted(screen.revealed)
    if screen.destinations:
        return sorted(screen.destinations)
    focus_move = _focus_move(screen.asked)
    return [focus_move[2:4]] if focus_move else []


def _history(puzzle: Puzzle) -> list[tuple[int, str, str]]:
    """The puzzle's history as score-sheet rows (number, White's SAN, Black's SAN), once
    notation is taught (before that, see _history_in_words)."""
    if not puzzle.moves or not notation_taught(puzzle):
        return []
    return puzzle.score_sheet


def _history_in_words(puzzle: Puzzle) -> list[str]:
    """The puzzle's history, one move a line in words, before notation is taught."""
    if not puzzle.moves or notation_taught(puzzle):
        return []
    said, fen = [], puzzle.fen
    for move in puzzle.moves:
        verdict = rules.check_move(fen, move)
        said.append(move_in_words(verdict))
        fen = verdict.fen_after
    return said


def _stars_to_collect(screen: Screen) -> list[str]:
    """A visit puzzle's target squares not reached yet, or a reach puzzle's square when its
    goal says `star` (the goal shown, not only named), drawn as stars on the board."""
    goal = screen.asked.goal or {}
    if goal.get("type") == "reach":
        return [goal["square"]] if goal.get("star") else []
    if goal.get("type") != "visit":
        return []
    reached = {move[2:4] for move in screen.played}
    return [square for square in goal["targets"] if square not in reached]


def _moves_left(screen: Screen) -> int | None:
    """How many moves a visit puzzle still allows (None for other puzzles)."""
    goal = screen.asked.goal or {}
    if goal.get("type") != "visit":
        return None
    return int(goal.get("budget", 1)) - len(screen.played)
