"""The lesson map, the lesson pages and the answer to each puzzle.

Every page works with plain links and forms; an htmx request gets the puzzle alone, as
templates/lessons/puzzle.jinja draws it inside the full page (lessons.presenter).
Answering is a service (lessons.answering: read the post, judge, record); a view finds the
lesson and puzzle, calls it, and renders.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from curriculum.loading import Lesson, Puzzle, get_curriculum
from editor.links import may_edit
from lessons import answering
from lessons.answering import Hints, Reasks, Screen
from lessons.learners import current_learner
from lessons.pages import answer_posted, render_puzzle
from lessons.presenter import lesson_puzzle
from lessons.progress import (
    first_unsolved,
    lesson_progress,
    next_unfinished,
    puzzle_ids,
    stars_by_puzzle,
)
from lessons.progress import lesson_map as build_lesson_map
from lessons.steps import Step
from lessons.stickers import group_complete


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
    screen = answering.first_screen(puzzle, Reasks(request.session), Hints(request.session))
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


def _render_puzzle(
    request: HttpRequest, lesson: Lesson, screen: Screen, stars: dict[str, int]
) -> HttpResponse:
    view = lesson_puzzle(lesson, screen, stars, may_edit=may_edit(request))
    return render_puzzle(request, "lessons/lesson.html", {"lesson": lesson, "puzzle_view": view})


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
        "next_lesson": next_unfinished(curriculum, stars),  # the map's 「下一課」 too
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
