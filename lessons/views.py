"""The lesson map, the lesson pages and the answer to each puzzle.

Every page works with plain links and forms; an htmx request gets the puzzle
partial of the same template. The engine judges (curriculum.goals), progress
records (lessons.progress); a view only reads the post, asks, records, renders.
"""

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

import rules
from board.component import (
    BoardInputError,
    board_context,
    promotion_context,
    read_board_post,
)
from board.explanations import explain
from curriculum.judging import Outcome, judge
from curriculum.kinds import kind_of
from curriculum.loading import Lesson, Puzzle, get_curriculum
from curriculum.puzzle_forms import PostError, read_options
from lessons.learners import current_learner, current_or_new_learner
from lessons.progress import (
    first_unsolved,
    lesson_progress,
    puzzle_ids,
    record_attempt,
    stars_by_puzzle,
)
from lessons.progress import lesson_map as build_lesson_map

HINTS_SESSION_KEY = "hints_shown"
SECOND_TRY = 2  # wrong tries after which the hint shows by itself and missing squares are shown


@require_GET
def lesson_map(request: HttpRequest) -> HttpResponse:
    learner = current_learner(request)
    groups = build_lesson_map(get_curriculum(), stars_by_puzzle(learner))
    # A student's class assignments come from tutor.people's context processor.
    return render(request, "lessons/map.html", {"groups": groups})


@require_GET
def lesson_page(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        return _no_lesson(request, slug)
    stars = stars_by_puzzle(current_learner(request))
    puzzle_id = request.GET.get("puzzle") or first_unsolved(puzzle_ids(lesson), stars)
    if puzzle_id is None:
        return _summary(request, lesson, stars)
    puzzle = _puzzle_in(lesson, puzzle_id)
    if puzzle is None:
        return _no_puzzle(request, lesson, puzzle_id)
    screen = Screen(puzzle=puzzle, fen=puzzle.start_fen)
    return _render_puzzle(request, lesson, screen, stars)


@require_http_methods(["GET", "POST"])
def puzzle_answer(request: HttpRequest, slug: str, puzzle_id: str) -> HttpResponse:
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        return _no_lesson(request, slug)
    puzzle = _puzzle_in(lesson, puzzle_id)
    if puzzle is None:
        return _no_puzzle(request, lesson, puzzle_id)
    if request.method == "GET":  # a reload of the answer's address: back to the puzzle
        return redirect(f"{reverse('lesson', args=[slug])}?puzzle={puzzle.id}")
    try:
        screen = _answer(request, puzzle)
    except (PostError, BoardInputError) as error:
        return _bad_request(request, lesson, str(error))
    except ValueError:  # the engine refused the history or the answer's form
        return _bad_request(request, lesson, _("This answer cannot be read."))
    stars = stars_by_puzzle(current_learner(request))
    return _render_puzzle(request, lesson, screen, stars)


@dataclass
class Screen:
    """What the puzzle part of the page shows after a request."""

    puzzle: Puzzle
    fen: str
    played: tuple[str, ...] = ()
    selected: str | None = None
    marked: frozenset[str] = frozenset()
    chosen: tuple[str, ...] = ()
    highlights: tuple[str, ...] = ()
    last_move: str | None = None
    promotion_pending: str | None = None
    feedback: dict | None = None
    solved_stars: int | None = None
    hint_requested: bool = False
    revealed: frozenset[str] = frozenset()  # squares puzzles: the missing squares, shown


def _answer(request: HttpRequest, puzzle: Puzzle) -> Screen:
    """Read the post, ask the engine when an answer was given, record it, say what to show."""
    kind = kind_of(puzzle)
    played = kind.played_from(request.POST)
    position = kind.position_now(puzzle, played)  # the history is replayed once, here
    fen = position.fen_now if position else puzzle.fen
    screen = Screen(puzzle=puzzle, fen=fen, played=played)
    if kind.BOARD_MODE == "view":
        action = None
        offered = {option.value for option in puzzle.options}
        screen.chosen = read_options(request.POST, offered, kind.several(puzzle))
    else:
        action = read_board_post(position, request.POST)
        screen.marked = action.marked

    if request.POST.get("hint"):
        _remember_hint(request, puzzle)
        screen.hint_requested = True
        if action is not None and action.kind == "select":
            screen.selected = action.selected
        return screen

    if action is None:
        if not screen.chosen:
            screen.feedback = _note(_("Choose an answer first."))
            return screen
        answer = kind.answer_from(screen.chosen)
        return _judged(request, screen, judge(puzzle, answer), " ".join(screen.chosen))
    if action.kind == "select":
        screen.selected = action.selected
        return screen
    if action.kind in ("none", "mark"):
        return screen
    if action.kind == "unreadable":
        screen.feedback = _note(
            _("I cannot read “%(typed)s”. Write a move like Nf3 or e2e4.") % {"typed": action.typed}
        )
        return screen
    if action.kind == "marks_done":
        return _judged(
            request, screen, judge(puzzle, action.marked), " ".join(sorted(action.marked))
        )
    outcome = judge(puzzle, action.move, played, position)
    verdict = outcome.rules_verdict
    if outcome.verdict == "illegal" and verdict.reason == rules.Reason.PROMOTION_REQUIRED:
        screen.promotion_pending = action.move[:4]
        return screen  # opening the picker is not an attempt
    return _judged(request, screen, outcome, action.move)


def _judged(request: HttpRequest, screen: Screen, outcome: Outcome, answer: str) -> Screen:
    """Record a judged answer (a step of a longer goal is not an attempt yet) and show it."""
    puzzle = screen.puzzle
    if outcome.verdict == "continue":
        screen.played = outcome.played
        screen.fen = outcome.fen
        screen.last_move = outcome.reply or (outcome.played[-1] if outcome.played else None)
        # The judge's praise (「好棋！再找下一步。」) is the title, so it is not said twice.
        title = outcome.message or _("Good move!")
        messages = [_reply_sentence(outcome)] if outcome.reply else []
        screen.feedback = {"verdict": "continue", "title": title, "messages": messages}
        return screen
    verdict = outcome.rules_verdict
    reason = verdict.reason.name if verdict is not None and verdict.reason is not None else ""
    recorded = record_attempt(
        current_or_new_learner(request),
        lesson=puzzle.lesson,
        puzzle=puzzle.id,
        answer=answer,
        verdict=outcome.verdict,
        reason=reason,
        fen=screen.fen,
        hint_used=puzzle.id in request.session.get(HINTS_SESSION_KEY, []),
    )
    if outcome.verdict == "correct":
        _forget_hint(request, puzzle)
        screen.solved_stars = recorded.stars
        messages = [puzzle.explanation]
        if puzzle.kind == "move":
            screen.fen = outcome.fen
            screen.last_move = outcome.reply or answer
            screen.played = outcome.played
            if outcome.reply:  # a forced reply ends it (the desperado's capture): say it
                messages.insert(0, _reply_sentence(outcome))
        if puzzle.kind == "squares":
            screen.marked = frozenset(outcome.truth)
        screen.feedback = {"verdict": "correct", "title": _("Well done!"), "messages": messages}
    elif outcome.verdict == "illegal":
        screen.highlights = tuple(verdict.squares)
        screen.feedback = {
            "verdict": "illegal",
            "title": _("That move is not allowed."),
            "messages": explain(verdict),
        }
    else:
        if puzzle.kind == "squares":
            messages = _squares_messages(screen, outcome.truth, recorded.mistakes)
        elif puzzle.kind == "move":
            messages = [outcome.message] if outcome.message else []
        else:
            messages = [outcome.message, _("Change your answer and try again.")]
        screen.feedback = {"verdict": "incorrect", "title": _("Not yet."), "messages": messages}
    hint_shown = puzzle.id in request.session.get(HINTS_SESSION_KEY, [])
    if outcome.verdict != "correct" and recorded.mistakes >= SECOND_TRY and not hint_shown:
        _remember_hint(request, puzzle)  # after the second wrong try, the hint comes by itself
        messages = [*screen.feedback["messages"], _("Here is a hint to help you.")]
        screen.feedback["messages"] = messages
    return screen


def _reply_sentence(outcome: Outcome) -> str:
    reply = rules.check_move(outcome.rules_verdict.fen_after, outcome.reply)
    return _("The other side played %(san)s.") % {"san": reply.san}


def _squares_messages(screen: Screen, truth: frozenset[str], mistakes: int) -> list[str]:
    """Say kindly what is wrong with the marks: the wrong ones are framed on the board; the
    missing ones are counted, and shown only after the second wrong try."""
    wrong = screen.marked - truth
    missing = truth - screen.marked
    messages = []
    if wrong:
        screen.highlights = tuple(sorted(wrong))
        messages.append(
            ngettext(
                "%(count)s mark is on a wrong square (red dashed frame). Tap it to take it away.",
                "%(count)s marks are on wrong squares (red dashed frames). "
                "Tap them to take them away.",
                len(wrong),
            )
            % {"count": len(wrong)}
        )
    if missing and mistakes >= SECOND_TRY:
        screen.revealed = frozenset(missing)
        messages.append(
            _("The squares still missing have a dashed circle: %(squares)s.")
            % {"squares": "、".join(sorted(missing))}
        )
    elif missing:
        messages.append(
            ngettext(
                "%(count)s square is still missing.",
                "%(count)s squares are still missing.",
                len(missing),
            )
            % {"count": len(missing)}
        )
    return messages


def _render_puzzle(
    request: HttpRequest, lesson: Lesson, screen: Screen, stars: dict[str, int]
) -> HttpResponse:
    puzzle = screen.puzzle
    index = lesson.puzzles.index(puzzle)
    solved = screen.solved_stars is not None
    if index + 1 < len(lesson.puzzles):
        next_id = lesson.puzzles[index + 1].id
        next_url = f"{reverse('lesson', args=[lesson.slug])}?puzzle={next_id}#puzzle"
    else:
        next_url = reverse("lesson", args=[lesson.slug])
    context = {
        "lesson": lesson,
        "puzzle": puzzle,
        "number": index + 1,
        "total": len(lesson.puzzles),
        "steps": _steps(lesson, puzzle, stars),
        "board": _board(screen, solved),
        "interactive": kind_of(puzzle).BOARD_MODE != "view" and not solved,
        "played": " ".join(screen.played),
        "promotion": (
            promotion_context(screen.fen, screen.promotion_pending)
            if screen.promotion_pending
            else None
        ),
        "feedback": screen.feedback,
        "hint_shown": puzzle.id in request.session.get(HINTS_SESSION_KEY, []),
        "hint_requested": screen.hint_requested,
        "several": kind_of(puzzle).several(puzzle),
        "chosen": screen.chosen,
        "solved_stars": screen.solved_stars,
        "next_url": next_url,
        "all_solved": solved and first_unsolved(puzzle_ids(lesson), stars) is None,
        "answer_url": reverse("puzzle_answer", args=[lesson.slug, puzzle.id]),
        "retry_url": f"{reverse('lesson', args=[lesson.slug])}?puzzle={puzzle.id}",
        "targets": [] if solved else _stars_to_collect(screen),
        "moves_left": _moves_left(screen),
        "history": _history(puzzle),
        "circled": _circled(screen),
    }
    template = "lessons/lesson.html#puzzle" if request.htmx else "lessons/lesson.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _board(screen: Screen, solved: bool):
    puzzle = screen.puzzle
    if not screen.fen:
        return None  # a text puzzle with no position
    mode = kind_of(puzzle).BOARD_MODE
    if solved and mode == "move":
        mode = "view"  # after the solve a move board is only shown; marks stay, outside a form
    # A question about a square or a move rings the square (the move's piece) without
    # tinting it; the move's destination gets a dashed circle (see _circled).
    focus_move = _focus_move(puzzle)
    focus_square = (
        focus_move[:2] if focus_move else (puzzle.square if puzzle.kind == "choice" else "")
    )
    # Before the learner moves, the board shows the history's last move.
    history_move = puzzle.moves[-1] if puzzle.moves and not screen.played else None
    return board_context(
        screen.fen,
        orientation=None,
        selected=screen.selected or focus_square or None,
        highlights=screen.highlights,
        marked=screen.marked,
        last_move=screen.last_move or history_move,
        mode=mode,
    )


def _focus_move(puzzle: Puzzle) -> str:
    """The move a choice question asks about (UCI), or ""."""
    return puzzle.params.get("move", "") if puzzle.kind == "choice" else ""


def _circled(screen: Screen) -> list[str]:
    """Squares drawn with a dashed circle: the missing squares once shown, or the
    destination of the move a question asks about."""
    if screen.revealed:
        return sorted(screen.revealed)
    focus_move = _focus_move(screen.puzzle)
    return [focus_move[2:4]] if focus_move else []


def _history(puzzle: Puzzle) -> list[tuple[int, str, str]]:
    """The puzzle's history as score-sheet rows (number, White's SAN, Black's SAN)."""
    return puzzle.score_sheet


def _stars_to_collect(screen: Screen) -> list[str]:
    """A visit puzzle's target squares not reached yet, drawn as stars on the board."""
    goal = screen.puzzle.goal or {}
    if goal.get("type") != "visit":
        return []
    reached = {move[2:4] for move in screen.played}
    return [square for square in goal["targets"] if square not in reached]


def _moves_left(screen: Screen) -> int | None:
    """How many moves a visit puzzle still allows (None for other puzzles)."""
    goal = screen.puzzle.goal or {}
    if goal.get("type") != "visit":
        return None
    return int(goal.get("budget", 1)) - len(screen.played)


@dataclass(frozen=True)
class Step:
    """One puzzle in the lesson's row of numbered links."""

    id: str
    number: int
    stars: int | None
    current: bool


def _steps(lesson: Lesson, current: Puzzle, stars: dict[str, int]) -> list[Step]:
    return [
        Step(p.id, number, stars.get(p.id), p.id == current.id)
        for number, p in enumerate(lesson.puzzles, start=1)
    ]


def _summary(request: HttpRequest, lesson: Lesson, stars: dict[str, int]) -> HttpResponse:
    curriculum = get_curriculum()
    context = {
        "lesson": lesson,
        "progress": lesson_progress(puzzle_ids(lesson), stars),
        "steps": [
            Step(p.id, number, stars.get(p.id), False)
            for number, p in enumerate(lesson.puzzles, start=1)
        ],
        "next_lesson": curriculum.next_lesson(lesson.slug),
    }
    return render(request, "lessons/summary.html", context)


def _puzzle_in(lesson: Lesson, puzzle_id: str) -> Puzzle | None:
    return next((p for p in lesson.puzzles if p.id == puzzle_id), None)


def _note(message: str) -> dict:
    return {"verdict": "note", "title": message, "messages": []}


def _remember_hint(request: HttpRequest, puzzle: Puzzle) -> None:
    shown = request.session.get(HINTS_SESSION_KEY, [])
    if puzzle.id not in shown:
        request.session[HINTS_SESSION_KEY] = [*shown, puzzle.id]


def _forget_hint(request: HttpRequest, puzzle: Puzzle) -> None:
    shown = request.session.get(HINTS_SESSION_KEY, [])
    if puzzle.id in shown:
        request.session[HINTS_SESSION_KEY] = [p for p in shown if p != puzzle.id]


def _no_lesson(request: HttpRequest, slug: str) -> HttpResponse:
    message = _("There is no lesson called “%(slug)s”.") % {"slug": slug[:60]}
    return render(request, "lessons/problem.html", {"message": message}, status=404)


def _no_puzzle(request: HttpRequest, lesson: Lesson, puzzle_id: str) -> HttpResponse:
    message = _("This lesson has no puzzle called “%(id)s”.") % {"id": puzzle_id[:80]}
    context = {"message": message, "lesson": lesson}
    return render(request, "lessons/problem.html", context, status=404)


def _bad_request(request: HttpRequest, lesson: Lesson, message: str) -> HttpResponse:
    context = {"message": message, "lesson": lesson}
    return render(request, "lessons/problem.html", context, status=400)
