"""Worksheets for grown-ups: a lesson's puzzles, or N fresh practice puzzles of a rule, as a
print page (``@media print``, ``@page`` size) and as a PDF to download.

``/worksheets/lessons/<slug>/`` and ``/worksheets/practice/<rule>/`` are the print pages,
``…/pdf/`` the same sheet as a PDF. Their query: ``paper`` (a4, letter); for practice
``count`` (1 to MAX_PRACTICE), ``level`` (1 to 3) and ``seed``, the sheet's number: without
one the page sends the browser to a new one, so printing the same address again prints the
same puzzles. A bad value is a 400 page in the learner's language, never a 500.

A teacher's set plugs in with ``worksheets.printing.sheet_response(request, sheet, ...)``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from curriculum.loading import Lesson, get_curriculum
from people.permissions import grown_up_required
from practice import generators
from worksheets.printing import DEFAULT_COUNT, BadSheet, SheetForm, paper_of, sheet_response
from worksheets.sheets import (
    MAX_PRACTICE,
    MAX_SEED,
    new_seed,
    practice_puzzles,
    worksheet_for,
)


@grown_up_required
@require_safe
def lesson_sheet(request: HttpRequest, slug: str, as_pdf: bool = False) -> HttpResponse:
    try:
        lesson = _lesson(slug)
        paper = paper_of(request)
    except BadSheet as error:
        return _bad(request, str(error))
    here = reverse("lesson", args=[lesson.slug])
    sheet = worksheet_for(
        lesson.title,
        lesson.puzzles,
        request.build_absolute_uri(here),
        paper,
        puzzle_url=lambda puzzle: request.build_absolute_uri(f"{here}?puzzle={puzzle.id}"),
    )
    return sheet_response(
        request,
        sheet,
        pdf_url=reverse("worksheets:lesson_pdf", args=[lesson.slug]),
        filename=f"worksheet-{lesson.slug}-{paper}.pdf",
        as_pdf=as_pdf,
        form=SheetForm(paper),
    )


@grown_up_required
@require_safe
def practice_sheet(request: HttpRequest, slug: str, as_pdf: bool = False) -> HttpResponse:
    try:
        lesson = _practised(slug)
        paper, count, level = paper_of(request), _count(request), _level(request)
        seed = _seed(request)
    except BadSheet as error:
        return _bad(request, str(error))
    if seed is None:  # a new sheet: its own address, so it prints again the same
        query = urlencode({"count": count, "level": level, "seed": new_seed(), "paper": paper})
        name = "worksheets:practice_pdf" if as_pdf else "worksheets:practice"
        address = reverse(name, args=[slug])
        return redirect(f"{address}?{query}")
    puzzles = practice_puzzles(slug, count, seed, level)
    if len(puzzles) < count:  # the validator refused too many: say so, never a short sheet
        message = _("No practice puzzle could be made just now. Please try again.")
        return render(request, "lessons/problem.html", {"message": message}, status=503)
    sheet = worksheet_for(
        _("Practice: %(title)s") % {"title": lesson.title},
        puzzles,
        request.build_absolute_uri(reverse("practice", args=[slug])),
        paper,
        puzzle_url=lambda puzzle: request.build_absolute_uri(
            reverse("practice_puzzle", args=[slug, puzzle.id])
        ),
        seed=seed,
    )
    return sheet_response(
        request,
        sheet,
        pdf_url=reverse("worksheets:practice_pdf", args=[slug]),
        filename=f"worksheet-{slug}-{seed}-{paper}.pdf",
        as_pdf=as_pdf,
        form=SheetForm(paper, count, level, seed),
    )


def _lesson(slug: str) -> Lesson:
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        raise BadSheet(_("There is no lesson called “%(slug)s”.") % {"slug": slug[:60]})
    return lesson


def _practised(slug: str) -> Lesson:
    lesson = get_curriculum().lesson(slug)
    if lesson is None or slug not in generators.RULES:
        raise BadSheet(_("There are no practice puzzles for “%(slug)s”.") % {"slug": slug[:60]})
    return lesson


def _whole_number(request: HttpRequest, name: str, low: int, high: int, default, message: str):
    text = request.GET.get(name, "")
    if text == "" and default is not None:
        return default
    if text == "" or not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise BadSheet(message)
    return int(text)


def _count(request: HttpRequest) -> int:
    message = _("A sheet has from 1 to %(most)s puzzles.") % {"most": MAX_PRACTICE}
    return _whole_number(request, "count", 1, MAX_PRACTICE, DEFAULT_COUNT, message)


def _level(request: HttpRequest) -> int:
    return _whole_number(request, "level", 1, 3, 1, _("The level is 1, 2 or 3."))


def _seed(request: HttpRequest) -> int | None:
    if request.GET.get("seed", "") == "":
        return None
    message = _("This sheet number cannot be read.")
    return _whole_number(request, "seed", 1, MAX_SEED, None, message)


def _bad(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "lessons/problem.html", {"message": message}, status=400)
