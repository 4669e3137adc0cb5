"""The glossary page 「名詞對照」: the terms of glossary.terms, each linked to its lesson."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from curriculum.loading import get_curriculum
from glossary.terms import glossary_in
from languages.choice import active

NOTATION_LESSON = "notation"


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    words = glossary_in(active())
    curriculum = get_curriculum()  # a term links to its lesson, when that lesson loaded
    sections = [
        (section, [(term, curriculum.lesson(term.lesson)) for term in section.terms])
        for section in words.sections
    ]
    context = {
        "sections": sections,
        "notation": words.notation,
        "notation_lesson": curriculum.lesson(NOTATION_LESSON),
    }
    return render(request, "glossary/glossary.html", context)
