"""下棋 /play/: a child picks a side and an opponent and plays a whole game on the lessons'
board; the computer answers (``rules.opponents``) and the arbiter coaches (``play.coach``).

A view reads top to bottom: load the game (this browser's learner's, else 404), ask the
service (``play.games``), render. Each game view answers a normal request with the whole
page and an htmx request with the ``game`` partial of the same template.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from board.component import BoardInputError, board_context, promotion_context, read_board_post
from board.explanations import explain, explain_why, move_in_words
from board.feedback import Feedback
from board.refutations import named_squares
from curriculum.outcome import Result
from lessons.learners import current_learner, current_or_new_learner
from lessons.models import Learner, PuzzleResult
from lessons.presenter import NOTATION_LESSON
from people.permissions import grown_up_required, learner_for_grown_up
from play import coach, games, progress
from play.games import State
from play.models import Game, PlaySettings
from play.opponents import BY_ID, TABLE, TAKEBACK_OPPONENTS
from plumbing.redirects import local_path
from rules.pgn import game_pgn

TEMPLATE = "play/game.html"
SIDE_CHOICES = ("white", "black", "random")


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    response = render(request, "play/error.html", {"message": message}, status=400)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _own_game(request: HttpRequest, game_id: int) -> Game:
    learner = current_learner(request)
    if learner is None:
        raise Http404("no learner")
    return get_object_or_404(Game, pk=game_id, learner=learner)


def _ply(request: HttpRequest) -> int | None:
    try:
        ply = int(request.POST.get("ply", ""))
    except ValueError:
        return None
    return ply if 0 <= ply <= 10_000 else None


@require_safe
def pick(request: HttpRequest) -> HttpResponse:
    """Pick a side and an opponent (weakest first); carry on with an unfinished game.
    ``?fen=`` starts the game from a position, ``?seed=`` fixes the computer's choices."""
    learner = current_learner(request)
    fen = request.GET.get("fen", "")
    if fen:
        try:
            fen = rules.position_after(fen.strip())
        except rules.RulesError:
            return _bad_request(request, _no_position())
    seed = request.GET.get("seed", "")  # the same computer's moves for everyone given it
    if seed and not re.fullmatch("[0-9]{1,15}", seed):
        return _bad_request(request, gettext("This form cannot be read."))
    context = {
        "opponents": TABLE,
        "fen": fen,
        "seed": seed,
        "unfinished": progress.unfinished(learner) if learner else None,
        "summary": progress.summary(learner) if learner else None,
        "homework": progress.homework_for(learner) if learner else [],
    }
    return render(request, "play/pick.html", context)


def _over() -> str:
    return gettext("This game is over. Press “Play again” to start a new one.")


def _no_position() -> str:
    return gettext("This FEN is not a legal chess position, so no game can start from it.")


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    opponent = request.POST.get("opponent", "")
    side = request.POST.get("side", "")
    if opponent not in BY_ID:
        return _bad_request(request, gettext("Choose who you play against."))
    if side not in SIDE_CHOICES:
        return _bad_request(request, gettext("Choose White or Black."))
    fen = request.POST.get("fen", "").strip() or games.STANDARD_START
    try:
        seed = int(request.POST["seed"]) if request.POST.get("seed") else None
    except ValueError:
        seed = -1
    if seed is not None and not 0 <= seed < 10**15:
        return _bad_request(request, gettext("This form cannot be read."))
    learner = current_or_new_learner(request)
    # A game is a visit: an anonymous learner who only plays is not idle (forget_idle_learners).
    Learner.objects.filter(pk=learner.pk).update(last_active_at=timezone.now())
    try:
        with transaction.atomic():
            games.abandon_unfinished(learner)
            state = games.start(learner, opponent, side, start_fen=fen, seed=seed)
    except rules.RulesError:
        return _bad_request(request, _no_position())
    return redirect("play:game", state.game.pk)


@require_http_methods(["GET", "HEAD", "POST"])
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _own_game(request, game_id)
    if request.method in ("GET", "HEAD"):
        return _page(request, games.load(game))
    return _move(request, game)


def _move(request: HttpRequest, game: Game) -> HttpResponse:
    """A tap, a drag, a typed move or a promotion on the game's board."""
    ply = _ply(request)
    if ply is None:
        return _bad_request(request, gettext("This board form cannot be read."))
    state = games.load(game)
    try:
        action = read_board_post(state.position, request.POST)
    except BoardInputError as error:
        return _bad_request(request, str(error))
    if action.kind == "select":
        return _page(request, state, selected=action.selected)
    if action.kind == "unreadable":
        words = (gettext("Write it like Nf3 or e2e4."),)
        return _page(
            request, state, feedback=Feedback("", gettext("That move cannot be read."), words)
        )
    if action.kind != "move":
        return _page(request, state)
    try:
        claim_draw = request.POST.get("claim_draw") == "1"
        played = games.play(game.pk, ply, action.move, claim_draw=claim_draw, known=state)
    except games.GameIsOver:
        return _bad_request(request, _over())
    except games.Stale:
        return _moved_on(request, game)
    except rules.RulesError:
        return _bad_request(request, gettext("That move cannot be read."))
    return _after_move(request, played, action.move)


def _moved_on(request: HttpRequest, game: Game) -> HttpResponse:
    note = Feedback.note(gettext("The game had moved on: here is the board as it is now."))
    return _page(request, games.load(game), feedback=note)


def _after_move(request: HttpRequest, played: games.Played, move: str) -> HttpResponse:
    state, verdict = played.state, played.verdict
    if played.resent:
        return _page(request, state)
    if verdict.reason is rules.Reason.PROMOTION_REQUIRED:
        return _page(request, state, selected=move[:2], pending=move[:4])
    if not verdict.legal:
        return _page(request, state, feedback=_not_allowed(verdict), refused=verdict)
    return _page(request, state, feedback=_played(state, played))


def _not_allowed(verdict: rules.Verdict) -> Feedback:
    """As in the lessons (lessons.answering): the one rule the move breaks, the rest behind
    為什麼？."""
    messages = tuple(explain(verdict))
    why = tuple(explain_why(verdict))
    return Feedback(Result.ILLEGAL, gettext("That move is not allowed."), messages, why)


def _played(state: State, played: games.Played) -> Feedback:
    """The moves just played: in notation (Nf3) once the learner has begun the notation
    lesson, before it in pieces and squares (「白兵從 e5 吃掉 d6 的黑兵」), as the lessons say
    them; read aloud the same."""
    name = str(BY_ID[state.game.opponent].name)
    messages = []
    if _notation_begun(state.game.learner_id):
        title = gettext("You played %(san)s.") % {"san": played.verdict.san}
        if played.reply is not None:
            reply = {"name": name, "san": played.reply.san}
            messages.append(gettext("%(name)s played %(san)s.") % reply)
    else:
        title = gettext("You: %(move)s.") % {"move": move_in_words(played.verdict)}
        if played.reply_verdict is not None:
            reply = move_in_words(played.reply_verdict)
            messages.append(gettext("%(name)s: %(move)s.") % {"name": name, "move": reply})
    if state.game.over:
        messages.append(
            coach.ending(state.game.result, state.game.ending, state.game.side, name).text
        )
    elif _in_check(state):
        messages.append(gettext("Check! You must answer it."))
    check = bool(played.reply and "+" in played.reply.san) or "+" in (played.verdict.san or "")
    return Feedback(Result.CORRECT, title, tuple(messages), check=check)


def _notation_begun(learner_id: int) -> bool:
    """Whether the learner has solved a puzzle of the notation lesson (where Nf3 is taught)."""
    solved = PuzzleResult.objects.filter(learner_id=learner_id, lesson=NOTATION_LESSON)
    return solved.filter(solved_at__isnull=False).exists()


def _in_check(state: State) -> bool:
    return rules.assess(state.position).in_check


def _page(
    request: HttpRequest,
    state: State,
    *,
    feedback: Feedback | None = None,
    selected: str | None = None,
    pending: str | None = None,
    refused: rules.Verdict | None = None,
    confirm: bool = False,
) -> HttpResponse:
    context = _context(state, feedback=feedback, selected=selected, pending=pending)
    context["confirm"] = confirm
    if refused is not None:
        context["board"] = board_context(
            state.position.fen_now,
            orientation=state.game.side,
            highlights=named_squares(*feedback.messages),
            last_move=state.last_move,
            shows_moves=True,
        )
    template = f"{TEMPLATE}#game" if request.htmx else TEMPLATE
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _context(state: State, *, feedback, selected, pending) -> dict:
    game = state.game
    opponent = BY_ID[game.opponent]
    assessment = rules.assess(state.position)
    playing = state.learners_turn
    notes = []
    if game.coaching and playing:
        notes = [coach.promotion_note()] if pending else coach.notes_now(state.position)
    score = rules.score_rows(game.start_fen, [m.san for m in state.moves])
    context = {
        "game": game,
        "state": state,
        "opponent": opponent,
        "board": board_context(
            state.position.fen_now,
            orientation=game.side,
            selected=selected,
            last_move=state.last_move,
            mode="move" if playing else "view",
            shows_moves=True,
        ),
        "promotion": promotion_context(state.position.fen_now, pending) if pending else None,
        "feedback": feedback,
        "notes": notes,
        "in_check": assessment.in_check and playing,
        "may_claim": bool(assessment.claims) and playing,
        "may_claim_with_move": playing
        and not game.over
        and rules.claim_possible_with_a_move(state.position),
        "may_take_back": playing and game.takebacks and any(not m.by_computer for m in state.moves),
        "score": score,
        "score_rows": _score_rows(score),
    }
    if game.over:
        context["after"] = _after_game(state, opponent)
    return context


def _after_game(state: State, opponent) -> dict:
    game = state.game
    return {
        "ending": coach.ending(game.result, game.ending, game.side, str(opponent.name)),
        "won": game.won,
        "drawn": game.result == "1/2-1/2",
        "rules_met": coach.rules_met(game.rules_met),
        "missed": coach.missed(state.position, [m.san for m in state.moves], game.side),
    }


def _score_rows(score: list[tuple[int, str, str]]) -> SafeString:
    return render_to_string("referee/score_rows.jinja", {"score": score}, using="jinja2")


def _game_action(request: HttpRequest, game_id: int, act) -> HttpResponse:
    """A take-back, a claim or a resignation: the service's answer, or 400 in words."""
    game = _own_game(request, game_id)
    ply = _ply(request)
    if ply is None:
        return _bad_request(request, gettext("This form cannot be read."))
    try:
        return act(game, ply)
    except games.GameIsOver:
        return _bad_request(request, _over())
    except games.Stale:
        return _moved_on(request, game)
    except games.PlayError:
        return _bad_request(request, gettext("A move cannot be taken back now."))


@require_POST
def take_back(request: HttpRequest, game_id: int) -> HttpResponse:
    def act(game: Game, ply: int) -> HttpResponse:
        state = games.take_back(game.pk, ply)
        return _page(request, state, feedback=Feedback.note(gettext("Move taken back. Try again!")))

    return _game_action(request, game_id, act)


@require_POST
def claim(request: HttpRequest, game_id: int) -> HttpResponse:
    def act(game: Game, ply: int) -> HttpResponse:
        state, valid = games.claim(game.pk, ply)
        if not valid:
            words = (gettext("The game goes on."),)
            feedback = Feedback(Result.INCORRECT, gettext("A draw cannot be claimed now."), words)
            return _page(request, state, feedback=feedback)
        name = str(BY_ID[state.game.opponent].name)
        said = coach.ending(state.game.result, state.game.ending, state.game.side, name)
        return _page(request, state, feedback=Feedback(Result.CORRECT, said.text))

    return _game_action(request, game_id, act)


@require_POST
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    def act(game: Game, ply: int) -> HttpResponse:
        if request.POST.get("confirm") != "1":
            return _page(request, games.load(game), confirm=True)
        state = games.resign(game.pk, ply)
        return _page(request, state, feedback=Feedback.note(gettext("You resigned.")))

    return _game_action(request, game_id, act)


@require_POST
def notes_switch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _own_game(request, game_id)
    on = request.POST.get("coaching")
    if on not in ("on", "off"):
        return _bad_request(request, gettext("This form cannot be read."))
    games.set_coaching(game.pk, on == "on")
    game.refresh_from_db()
    return _page(request, games.load(game))


@require_safe
def game_pgn_download(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _own_game(request, game_id)
    state = games.load(game)
    name = str(BY_ID[game.opponent].name)
    you = game.learner.nickname or gettext("You")
    headers = {
        "Event": gettext("A game against %(name)s") % {"name": name},
        "Site": "?",
        "Date": timezone.localdate(game.started_at).strftime("%Y.%m.%d"),
        "Round": "-",
        "White": you if game.side == "white" else name,
        "Black": name if game.side == "white" else you,
    }
    text = game_pgn(game.start_fen, [m.uci for m in state.moves], game.result, headers)
    response = HttpResponse(text + "\n", content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.pgn"'
    return response


@grown_up_required
@require_POST
def takebacks_switch(request: HttpRequest, learner_id: int) -> HttpResponse:
    """A parent or teacher lets a child take moves back against the two weakest, or not."""
    learner = learner_for_grown_up(request.user, learner_id)
    on = request.POST.get("takebacks")
    if on not in ("on", "off"):
        return _bad_request(request, gettext("This form cannot be read."))
    PlaySettings.objects.update_or_create(learner=learner, defaults={"takebacks": on == "on"})
    Game.objects.filter(learner=learner, result="*", opponent__in=TAKEBACK_OPPONENTS).update(
        takebacks=on == "on"
    )
    back = local_path(request.POST.get("next"))
    return redirect(back) if back else redirect("play:pick")
