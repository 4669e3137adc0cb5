"""A worksheet as its print page or as a PDF, for any page that makes one: a lesson's,
practice's (worksheets.views) or a teacher's set (puzzlesets.views). What can go wrong with
a query is a BadSheet, whose message is for the learner's screen."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from plumbing import work_slots
from worksheets.pdf import render_pdf
from worksheets.sheets import (
    DEFAULT_PAPER,
    MAX_PRACTICE,
    PAPERS,
    Worksheet,
)

DEFAULT_COUNT = 12
LEVELS = (1, 2, 3)


class BadSheet(ValueError):
    """A query no sheet can be made from; the message is for the learner's screen."""


@dataclass(frozen=True)
class SheetForm:
    """What the print page's form shows and keeps: the paper, and for practice the count,
    the level and the sheet's number (None for a sheet that has none)."""

    paper: str
    count: int | None = None
    level: int | None = None
    seed: int | None = None
    papers: tuple = tuple(PAPERS.values())
    max_count: int = MAX_PRACTICE
    levels: tuple[int, ...] = LEVELS


def paper_of(request: HttpRequest) -> str:
    """The query's paper (a4 by default); BadSheet for any other."""
    paper = request.GET.get("paper", DEFAULT_PAPER)
    if paper not in PAPERS:
        raise BadSheet(_("The paper must be A4 or Letter."))
    return paper


def sheet_response(
    request: HttpRequest,
    sheet: Worksheet,
    *,
    pdf_url: str,
    filename: str,
    as_pdf: bool,
    form: SheetForm | None = None,
) -> HttpResponse:
    """The sheet as its print page (``as_pdf`` False) or as a PDF download named
    ``filename`` (ASCII). ``pdf_url`` is the PDF's address without its query: the print
    page's 「下載 PDF」 adds the page's own query. ``form``: what the page's form offers
    (default: the paper only)."""
    if as_pdf:
        try:
            with work_slots.slot("pdf", request.user.pk or 0):
                pdf = render_pdf(sheet)
        except work_slots.Busy:
            return _busy(request)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    query = request.GET.urlencode()
    context = {
        "sheet": sheet,
        "form": form or SheetForm(sheet.paper.key),
        "pdf_url": f"{pdf_url}?{query}" if query else pdf_url,
    }
    return render(request, "worksheets/print.html", context)


def _busy(request: HttpRequest) -> HttpResponse:
    """429 at once: the site's PDF slot, or this account's, is taken (plumbing.work_slots)."""
    message = _("A worksheet is being made just now. Please try again in a few seconds.")
    response = render(request, "lessons/problem.html", {"message": message}, status=429)
    response["Retry-After"] = str(work_slots.RETRY_AFTER)
    return response
