"""A child's club game on their own phone: the board from their side, each move judged by
the engine (club.games), the opponent's move fetched by a small poll that answers 204
while nothing changed.

A view reads top to bottom: find the signed-in child's game (else 404), ask the service,
render. An htmx request gets the ``game`` partial of the same template.
"""

from __future__ import annotations

from contextlib import suppress

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from board.component import BoardInputError, board_context, promotion_context, read_board_post
from board.explanations import explain, explain_why
from board.feedback import Feedback
from board.refutations import named_squares
from club import games, tournaments, words
from club.models import ClubGame, Entrant
from club.push import subscriber_path
from curriculum.outcome import Result
from lessons.learners import current_learner
from people.models import Student
from play import coach
from plumbing.ids import parse_id

TEMPLATE = "club/game.html"


def _student(request: HttpRequest) -> Student:
    learner = current_learner(request)
    student = Student.objects.filter(learner=learner).first() if learner else None
    if student is None:
        raise Http404("no student")
    return student


def _own_game(request: HttpRequest, game_id: int) -> tuple[ClubGame, Entrant]:
    """The signed-in child's game and their entrant; on the shared tablet (``tablet`` in the
    address or the form) the entrant whose turn it is, for one device serves both."""
    game, me = _players_game(request, game_id)
    return game, _to_move_on_tablet(request, game, me)


def _to_move_on_tablet(request: HttpRequest, game: ClubGame, me: Entrant) -> Entrant:
    if _on_tablet(request) and not game.over:
        return game.white if games.position(game).turn == "white" else game.black
    return me


def _on_tablet(request: HttpRequest) -> bool:
    return request.GET.get("tablet") == "1" or request.POST.get("tablet") == "1"


def _players_game(request: HttpRequest, game_id: int) -> tuple[ClubGame, Entrant]:
    student = _student(request)
    game = get_object_or_404(
        ClubGame.objects.select_related(
            "tournament", "white__student__learner", "black__student__learner"
        ),
        pk=game_id,
    )
    for entrant in (game.white, game.black):
        if entrant is not None and entrant.student_id == student.pk:
            return game, entrant
    raise Http404("not this child's game")


MAX_PLY = 10_000


def _ply(request: HttpRequest) -> int | None:
    """The ply the posted board had, or None when the form cannot carry one."""
    ply = parse_id(request.POST.get("ply", ""))
    return ply if ply is not None and ply <= MAX_PLY else None


@require_safe
def my_club(request: HttpRequest) -> HttpResponse:
    """棋社比賽: the child's game of the running round, and their finished ones."""
    student = _student(request)
    context = {
        "game": tournaments.game_of(student),
        "past": tournaments.games_of(student),
        "student": student,
    }
    return render(request, "club/mine.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game, me = _own_game(request, game_id)
    if request.method == "POST":
        return _move(request, game, me)
    since = request.GET.get("since")
    if request.htmx and since == str(game.ply) and not game.over and not _on_tablet(request):
        response = HttpResponse(status=204)  # the poll: nothing new
        patch_vary_headers(response, ["HX-Request"])
        return response
    return _page(request, game, me)


def _move(request: HttpRequest, game: ClubGame, me: Entrant) -> HttpResponse:
    ply = _ply(request)
    if ply is None:
        return _bad_request(request, gettext("This board form cannot be read."))
    position = games.position(game)
    try:
        action = read_board_post(position, request.POST)
    except BoardInputError as error:
        return _bad_request(request, str(error))
    if action.kind == "select":
        return _page(request, game, me, selected=action.selected)
    if action.kind != "move":
        return _page(request, game, me)
    try:
        claim_draw = request.POST.get("claim_draw") == "1"
        played = games.play(game, me, ply, action.move, claim_draw=claim_draw)
    except (games.Stale, games.NotYourTurn):
        note = gettext("The game had moved on: here is the board as it is now.")
        return _page(request, game, me, feedback=Feedback.note(note))
    except games.GameIsOver:
        return _page(request, game, me, feedback=Feedback.note(gettext("Game over.")))
    except rules.RulesError:
        return _bad_request(request, gettext("That move cannot be read."))
    verdict = played.verdict
    if played.resent:
        return _page(request, played.game, me)
    if verdict.reason is rules.Reason.PROMOTION_REQUIRED:
        return _page(request, game, me, selected=action.move[:2], pending=action.move[:4])
    if not verdict.legal:
        messages = tuple(explain(verdict))
        refused = Feedback(
            Result.ILLEGAL, gettext("That move is not allowed."), messages, explain_why(verdict)
        )
        return _page(request, game, me, feedback=refused, highlights=named_squares(*messages))
    title = gettext("You played %(san)s.") % {"san": verdict.san}
    return _page(request, played.game, me, feedback=Feedback(Result.CORRECT, title))


@require_POST
def claim(request: HttpRequest, game_id: int) -> HttpResponse:
    game, me = _own_game(request, game_id)
    ply = _ply(request)
    try:
        valid = ply is not None and games.claim(game, me, ply)
    except games.GameError:
        valid = False
    if not valid:
        words_ = (gettext("The game goes on."),)
        feedback = Feedback(Result.INCORRECT, gettext("A draw cannot be claimed now."), words_)
        return _page(request, game, me, feedback=feedback)
    return _page(request, game, me)


@require_POST
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    game, me = _own_game(request, game_id)
    ply = _ply(request)
    if request.POST.get("confirm") != "1" or ply is None:
        return _page(request, game, me, confirm=True)
    with suppress(games.GameError):  # the game ended meanwhile: the page shows how
        games.resign(game, me, ply)
    return _page(request, game, me)


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    response = render(request, "play/error.html", {"message": message}, status=400)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _page(
    request, game, me, *, feedback=None, selected=None, pending=None, highlights=(), confirm=False
) -> HttpResponse:
    me = _to_move_on_tablet(request, game, me)  # after a move on the tablet: the other side
    side = games.side_of(game, me)
    opponent = game.black if side == "white" else game.white
    tablet = _on_tablet(request)
    position = games.position(game)
    playing = not game.over and position.turn == side
    assessment = rules.assess(position)
    coaching = game.tournament.coaching
    notes = []
    if coaching and playing:
        notes = [coach.promotion_note()] if pending else coach.notes_now(position)
    sans = rules.history_san(position)  # the Position's board copied, not replayed
    score = rules.score_rows(games.STANDARD_START, sans)
    moves = game.uci_moves
    context = {
        "game": game,
        "side": side,
        "opponent": opponent.student.learner.nickname,
        "playing": playing,
        "board": board_context(
            position.fen_now,
            orientation=side,
            selected=selected,
            highlights=highlights,
            last_move=moves[-1] if moves else None,
            mode="move" if playing else "view",
        ),
        "promotion": promotion_context(position.fen_now, pending) if pending else None,
        "feedback": feedback,
        "notes": notes,
        "in_check": assessment.in_check and playing,
        "may_claim": bool(assessment.claims) and playing,
        "confirm": confirm,
        "score": score,
        "score_rows": render_to_string(
            "referee/score_rows.jinja", {"score": score}, using="jinja2"
        ),
        "ending": words.ending(game, side, opponent.student.learner.nickname) if game.over else "",
        # After the game, the chances the child missed (the coach's, as after a /play/ game).
        "missed": coach.missed(position, sans, side) if game.over and coaching else [],
        "push_path": "" if tablet else subscriber_path(game, me.student.learner_id),
        "tablet": tablet,
        "me": me.student.learner.nickname,
    }
    template = f"{TEMPLATE}#game" if request.htmx else TEMPLATE
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response
