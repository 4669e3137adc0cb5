"""「再練習」: endless generated practice of one rule, answered like a lesson's puzzles.

``/practice/<rule>/`` picks a fresh puzzle at the learner's level and sends the browser
to its own address, ``/practice/<rule>/<id>/``, which shows it and takes the answers
(lessons.answering: the same judging, feedback, stars and recording). A puzzle the
validator refuses is never shown: its address answers 404.
"""

import random

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from curriculum.loading import get_curriculum
from lessons import answering
from lessons.answering import Screen
from lessons.learners import current_learner
from lessons.views import answer_posted, puzzle_context, render_puzzle
from practice import generators
from practice.levels import level_for, solved_count

_seeds = random.SystemRandom()


@require_GET
def practice_start(request: HttpRequest, slug: str) -> HttpResponse:
    rule = slug
    lesson = _lesson_of(rule)
    puzzle = generators.fresh(rule, level_for(current_learner(request), rule), _seeds)
    if puzzle is None:  # every try refused by the validator: say so, never show one
        message = _("No practice puzzle could be made just now. Please try again.")
        context = {"message": message, "lesson": lesson}
        return render(request, "lessons/problem.html", context, status=503)
    return redirect("practice_puzzle", slug=rule, puzzle_id=puzzle.id)


@require_http_methods(["GET", "POST"])
def practice_puzzle(request: HttpRequest, slug: str, puzzle_id: str) -> HttpResponse:
    rule = slug
    lesson = _lesson_of(rule)
    puzzle = generators.validated(puzzle_id)
    if puzzle is None or puzzle.lesson != rule:
        raise Http404("no such practice puzzle")
    if request.method == "GET":
        return _render(request, lesson, answering.first_screen(puzzle))
    screen = answer_posted(request, lesson, puzzle)
    if isinstance(screen, HttpResponse):
        return screen
    return _render(request, lesson, screen)


def _lesson_of(rule: str):
    lesson = get_curriculum().lesson(rule)
    if lesson is None or rule not in generators.RULES:
        raise Http404("no practice for this rule")
    return lesson


def _render(request: HttpRequest, lesson, screen: Screen) -> HttpResponse:
    puzzle = screen.puzzle
    rule = puzzle.lesson
    here = reverse("practice_puzzle", args=[rule, puzzle.id])
    context = puzzle_context(
        request,
        screen,
        answer_url=here,
        retry_url=here,
        next_url=reverse("practice", args=[rule]),
    )
    _rule, level, _seed = generators.parse_id(puzzle.id)
    context |= {
        "lesson": lesson,
        "heading": _("Practice: level %(level)s of 3") % {"level": level},
        "next_label": _("Another puzzle"),
        "solved_here": solved_count(current_learner(request), rule),
    }
    return render_puzzle(request, "practice/round.html", context, "practice/round.html#answer")
