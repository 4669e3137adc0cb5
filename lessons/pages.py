"""What every page that carries a puzzle shares (lessons, practice, puzzle sets, the live
lesson's phones): the posted answer judged and recorded, or its 400 or 429 page; the whole
page, or for htmx the puzzle alone. The
views call these; the drawing is lessons.presenter's.
"""

from functools import partial

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from board.component import BoardInputError
from curriculum.loading import Lesson, Puzzle
from curriculum.puzzle_forms import PostError
from lessons import answering
from lessons.answering import Hints, Reasks, Screen
from lessons.learners import learner_and_history
from lessons.presenter import puzzle_section
from lessons.signals import NewLearnerRefused


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
        return wait_to_start(request, lesson, refused.retry_after)
    except (PostError, BoardInputError) as error:
        return bad_request(request, lesson, str(error))
    except ValueError:  # the engine refused the history or the answer's form
        return bad_request(request, lesson, _("This answer cannot be read."))


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


def wait_to_start(request: HttpRequest, lesson: Lesson, retry_after: int) -> HttpResponse:
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


def bad_request(request: HttpRequest, lesson: Lesson, message: str) -> HttpResponse:
    context = {"message": message, "lesson": lesson}
    return render(request, "lessons/problem.html", context, status=400)
