"""The lesson map, the lesson pages and the answer to each puzzle.

Every page works with plain links and forms; an htmx request gets the puzzle alone, as
templates-jinja2/lessons/puzzle.html draws it inside the full page (lessons.puzzle_view).
Answering is a service (lessons.answering: read the post, judge, record); a view finds the
lesson and puzzle, calls it, and renders.
"""

from functools import partial

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

import process_caches
import rules
from board.component import BoardInputError, board_context, piece_image, promotion_context
from board.explanations import PIECE_NAMES, move_in_words
from curriculum.kinds import kind_of
from curriculum.loading import Lesson, Puzzle, get_curriculum
from curriculum.puzzle_forms import PostError
from editor.links import edit_url
from lessons import answer_tokens, answering, statements
from lessons.answering import Hints, Reasks, Screen, notation_taught
from lessons.learners import LEARNER_SESSION_KEY, current_learner, learner_and_history
from lessons.progress import first_unsolved, lesson_progress, puzzle_ids, stars_by_puzzle
from lessons.progress import lesson_map as build_lesson_map
from lessons.puzzle_view import PaletteChoice, PuzzleView, puzzle_section
from lessons.signals import NewLearnerRefused
from lessons.steps import Step, steps_of
from lessons.stickers import group_complete

NOTATION_LESSON = "notation"  # where moves written as Nf3 are taught


@require_safe
def lesson_map(request: HttpRequest) -> HttpResponse:
    learner = current_learner(request)
    groups = build_lesson_map(get_curriculum(), stars_by_puzzle(learner))
    stickers = sum(entry.progress.complete for group in groups for entry in group.entries)
    # A student's class assignments come from people's context processor.
    return render(request, "lessons/map.html", {"groups": groups, "stickers": stickers})


@require_safe
def lesson_page(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        return _no_lesson(request, slug)
    stars = stars_by_puzzle(current_learner(request))
    puzzle_id = request.GET.get("puzzle") or first_unsolved(puzzle_ids(lesson), stars)
    if puzzle_id is None:
        return _summary(request, lesson, stars)
    puzzle = _puzzle_in(lesson, puzzle_id)
    if puzzle is None and (moved := get_curriculum().puzzle(puzzle_id)) is not None:
        # A puzzle moved to another lesson keeps its id (issue 16): old links find it there.
        return redirect(f"{reverse('lesson', args=[moved.lesson])}?puzzle={moved.id}")
    if puzzle is None:
        return _no_puzzle(request, lesson, puzzle_id)
    screen = answering.first_screen(puzzle, Reasks(request.session))
    return _render_puzzle(request, lesson, screen, stars)


@require_http_methods(["GET", "HEAD", "POST"])
def puzzle_answer(request: HttpRequest, slug: str, puzzle_id: str) -> HttpResponse:
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        return _no_lesson(request, slug)
    moved = get_curriculum().puzzle(puzzle_id)
    if moved is not None and moved.lesson != lesson.slug:  # an answer from an old page
        lesson = get_curriculum().lesson(moved.lesson) or lesson
    puzzle = _puzzle_in(lesson, puzzle_id)
    if puzzle is None:
        return _no_puzzle(request, lesson, puzzle_id)
    if request.method in ("GET", "HEAD"):  # a reload of the answer's address: back to the puzzle
        return redirect(f"{reverse('lesson', args=[slug])}?puzzle={puzzle.id}")
    screen = answer_posted(request, lesson, puzzle)
    if isinstance(screen, HttpResponse):
        return screen
    if screen.lesson_stars is not None:  # the attempt's record already read them
        stars = screen.lesson_stars
    else:
        stars = stars_by_puzzle(current_learner(request))
    return _render_puzzle(request, lesson, screen, stars)


def answer_posted(request: HttpRequest, lesson: Lesson, puzzle: Puzzle) -> Screen | HttpResponse:
    """The posted answer judged and recorded (a Screen), or the 400 page for a post no
    page of ours sends."""
    try:
        return answering.answer(
            puzzle,
            request.POST,
            Hints(request.session),
            Reasks(request.session),
            partial(learner_and_history, request),
        )
    except NewLearnerRefused as refused:
        return _wait_to_start(request, lesson, refused.retry_after)
    except (PostError, BoardInputError) as error:
        return _bad_request(request, lesson, str(error))
    except ValueError:  # the engine refused the history or the answer's form
        return _bad_request(request, lesson, _("This answer cannot be read."))


def _render_puzzle(
    request: HttpRequest, lesson: Lesson, screen: Screen, stars: dict[str, int]
) -> HttpResponse:
    view = _puzzle_view(request, lesson, screen, stars)
    return render_puzzle(request, "lessons/lesson.html", {"lesson": lesson, "puzzle_view": view})


def first_puzzle_view(request: HttpRequest, lesson: Lesson, puzzle: Puzzle) -> PuzzleView:
    """The puzzle as its lesson page first shows it (`?puzzle=` its id), for a page that
    carries the puzzle itself: a live lesson's phone (live.puzzles.first_view). The stars
    are stars_by_puzzle(current_learner(request))'s, read by the session's learner id
    alone: a learner the session names but the table lacks has no results either, so
    nothing reads the learner's row (the phone's poll needs nothing else of it)."""
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    stars = statements.solved_stars(learner_id) if isinstance(learner_id, int) else {}
    screen = answering.first_screen(puzzle, Reasks(request.session))
    return _puzzle_view(request, lesson, screen, stars)


def _puzzle_view(
    request: HttpRequest, lesson: Lesson, screen: Screen, stars: dict[str, int]
) -> PuzzleView:
    puzzle = screen.puzzle
    index = lesson.puzzles.index(puzzle)
    solved = screen.solved_stars is not None
    lesson_url, answer_url = _addresses(
        get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, lesson.slug, puzzle.id
    )
    all_solved = solved and first_unsolved(puzzle_ids(lesson), stars) is None
    if index + 1 < len(lesson.puzzles) and not all_solved:
        next_url = f"{lesson_url}?puzzle={lesson.puzzles[index + 1].id}#puzzle"
    else:  # 「看我的星星」 (and the sticker) once the lesson is done
        next_url = lesson_url
    level = lesson.levels[lesson.level_of(puzzle)]
    return puzzle_context(
        request,
        screen,
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


@process_caches.kept("lessons.views._addresses")
def _addresses(prefix: str, urlconf: str, slug: str, puzzle_id: str) -> tuple[str, str]:
    """(the lesson's address, the puzzle's answer address), reversed once per puzzle: the
    URLs of a `urlconf` under a script `prefix` do not change while serving (two reverses
    were ~2 % of every answer)."""
    return reverse("lesson", args=[slug]), reverse("puzzle_answer", args=[slug, puzzle_id])


def render_puzzle(
    request: HttpRequest, template: str, context: dict, partial: str | None = None
) -> HttpResponse:
    """The whole page, or for htmx only the puzzle (`context["puzzle_view"]`, a PuzzleView):
    drawn by puzzle_section alone (its Jinja2 template, no context processors: it needs
    none), or a page's own `partial` that includes it with more (a practice round's count)."""
    if not request.htmx:
        response = render(request, template, context)
    elif partial is None:
        # htmx sends the page's token in a header: the answer's form needs none
        response = HttpResponse(puzzle_section(context["puzzle_view"], None))
    else:
        response = render(request, partial, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def puzzle_context(
    request: HttpRequest,
    screen: Screen,
    *,
    answer_url: str,
    retry_url: str,
    next_url: str,
    **page,
) -> PuzzleView:
    """What the puzzle's section shows of a screen: the board, the answer form, the
    feedback; the same for a lesson's puzzle and for a generated one, with the fields the
    page adds (`page`: a lesson's number and steps, a practice round's heading; a name
    PuzzleView has no field for is a TypeError). ``place`` is the puzzle whose number and
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
        hint_shown=Hints(request.session).shown(place),
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
        typed_move_open=bool(request.POST.get("typed_submit") or request.POST.get("typed")),
        reask=screen.reask,
        edit_url=edit_url(request, puzzle.fen, puzzle.moves),
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
    mode = kind_of(puzzle).BOARD_MODE
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
    """A visit puzzle's target squares not reached yet, drawn as stars on the board."""
    goal = screen.asked.goal or {}
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


def _summary(request: HttpRequest, lesson: Lesson, stars: dict[str, int]) -> HttpResponse:
    curriculum = get_curriculum()
    group = next(g for g in build_lesson_map(curriculum, stars) if g.key == lesson.group)
    context = {
        "group": group,
        "group_done": group_complete(group),
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


def _no_lesson(request: HttpRequest, slug: str) -> HttpResponse:
    message = _("There is no lesson called “%(slug)s”.") % {"slug": slug[:60]}
    return render(request, "lessons/problem.html", {"message": message}, status=404)


def _no_puzzle(request: HttpRequest, lesson: Lesson, puzzle_id: str) -> HttpResponse:
    message = _("This lesson has no puzzle called “%(id)s”.") % {"id": puzzle_id[:80]}
    context = {"message": message, "lesson": lesson}
    return render(request, "lessons/problem.html", context, status=404)


def _wait_to_start(request: HttpRequest, lesson: Lesson, retry_after: int) -> HttpResponse:
    """429: no new learner for this address just now (people.limits.newcomers). The answer is
    kept: htmx leaves the page as it was (the message shows as its feedback), and the page
    without htmx carries the same answer, its token too, in a form to send again."""
    posted = [
        (name, value)
        for name, values in request.POST.lists()
        if name != "csrfmiddlewaretoken"
        for value in values
    ]
    context = {"lesson": lesson, "posted": posted, "minutes": max(1, -(-retry_after // 60))}
    response = render(request, "lessons/wait_to_start.html", context, status=429)
    response["Retry-After"] = str(retry_after)
    return response


def _bad_request(request: HttpRequest, lesson: Lesson, message: str) -> HttpResponse:
    context = {"message": message, "lesson": lesson}
    return render(request, "lessons/problem.html", context, status=400)
