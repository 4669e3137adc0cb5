"""「再練習」 and 「複習」: generated puzzles of one rule, answered like a lesson's puzzles.

``/practice/<rule>/`` picks a fresh puzzle at the learner's level and sends the browser
to its own address, ``/practice/<rule>/<id>/``, which shows it and takes the answers
(lessons.answering: the same judging, feedback, stars and recording). ``/review/`` does
the same for the rule on the learner's review list that has waited longest, and after
each puzzle comes back for the next, until none is due today. A puzzle the validator
refuses is never shown: its address answers 404.
"""

import random

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from curriculum.loading import get_curriculum
from editor.links import may_edit
from lessons import answering
from lessons.answering import Hints, Screen
from lessons.learners import current_learner
from lessons.pages import answer_posted, render_puzzle
from practice import generators
from practice.levels import level_for, solved_count
from practice.pages import PRACTICE, REVIEW, practice_view
from practice.scheduling import due_reviews

_seeds = random.SystemRandom()


@require_safe
def practice_start(request: HttpRequest, slug: str) -> HttpResponse:
    return _start(request, _lesson_of(slug), "practice_puzzle")


@require_safe
def review_start(request: HttpRequest) -> HttpResponse:
    learner = current_learner(request)
    due = due_reviews(learner.pk if learner else None)
    if not due:
        return render(request, "practice/review_done.html", {})
    return _start(request, _lesson_of(due[0].rule), "review_puzzle")


@require_http_methods(["GET", "HEAD", "POST"])
def practice_puzzle(request: HttpRequest, slug: str, puzzle_id: str) -> HttpResponse:
    return _round(request, slug, puzzle_id, PRACTICE)


@require_http_methods(["GET", "HEAD", "POST"])
def review_puzzle(request: HttpRequest, slug: str, puzzle_id: str) -> HttpResponse:
    return _round(request, slug, puzzle_id, REVIEW)


# Per rule, the turn of the last puzzle this browser was given: the next is the turn after
# it, so a rule's kinds of question come in turn (any three in a row differ for a piece).
TURNS_SESSION_KEY = "practice_turns"


def _start(request: HttpRequest, lesson, address: str) -> HttpResponse:
    rule = lesson.slug
    turns = request.session.get(TURNS_SESSION_KEY)
    turns = turns if isinstance(turns, dict) else {}
    last = turns.get(rule)
    turn = last + 1 if isinstance(last, int) else _seeds.randrange(10**8)
    level = level_for(current_learner(request), rule)
    puzzle = generators.fresh(rule, level, _seeds, turn=turn)
    if puzzle is None:  # every try refused by the validator: say so, never show one
        message = _("No practice puzzle could be made just now. Please try again.")
        context = {"message": message, "lesson": lesson}
        return render(request, "lessons/problem.html", context, status=503)
    _rule, _level, seed = generators.parse_id(puzzle.id)
    request.session[TURNS_SESSION_KEY] = {**turns, rule: seed // len(generators.LEVELS)}
    return redirect(address, slug=rule, puzzle_id=puzzle.id)


def _round(request: HttpRequest, rule: str, puzzle_id: str, mode: str) -> HttpResponse:
    lesson = _lesson_of(rule)
    puzzle = generators.validated(puzzle_id)
    if puzzle is None or puzzle.lesson != rule:
        raise Http404("no such practice puzzle")
    if request.method in ("GET", "HEAD"):
        return _render(
            request, lesson, answering.first_screen(puzzle, hints=Hints(request.session)), mode
        )
    screen = answer_posted(request, lesson, puzzle)
    if isinstance(screen, HttpResponse):
        return screen
    return _render(request, lesson, screen, mode)


def _lesson_of(rule: str):
    lesson = get_curriculum().lesson(rule)
    if lesson is None or rule not in generators.RULES:
        raise Http404("no practice for this rule")
    return lesson


def _render(request: HttpRequest, lesson, screen: Screen, mode: str) -> HttpResponse:
    view = practice_view(screen, mode, may_edit=may_edit(request))
    rule = screen.puzzle.lesson
    learner = current_learner(request)
    context = {
        "lesson": lesson,
        "mode": mode,
        "puzzle_view": view,
        "solved_here": solved_count(learner, rule),
        "still_due": len(due_reviews(learner.pk if learner else None)) if mode == REVIEW else 0,
    }
    return render_puzzle(request, "practice/round.html", context, "practice/round.html#answer")
