"""裁判棋盤 /board/: two people play on one device and the engine referees every move.

Each view answers a normal request with the whole page and an htmx request with
the `referee` partial of the same template. The game lives in the session.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from board.component import BoardInputError, board_context, promotion_context, read_board_post
from board.explanations import describe_claim, describe_termination, explain
from board.feedback import Feedback
from board.refutations import refutation_sentence
from curriculum.outcome import Result
from editor.links import edit_url
from referee import game as referee
from referee.game import Game

SESSION_KEY = "referee_game"
# Which side the board keeps at the bottom: "turn" turns it to the side to move after every
# move (two players sharing a tablet); "white" or "black" keeps that side at the bottom.
BOTTOM_KEY = "referee_bottom"
BOTTOMS = ("turn", "white", "black")
CLAIMED = {
    rules.Claim.THREEFOLD_REPETITION.value: gettext_lazy(
        "Draw claimed: the same position has appeared three times."
    ),
    rules.Claim.FIFTY_MOVES.value: gettext_lazy(
        "Draw claimed: fifty moves by each side without a capture or a pawn move."
    ),
}
TEMPLATE = "referee/board.html"


def _load(request: HttpRequest) -> Game:
    return referee.from_session(request.session.get(SESSION_KEY)) or referee.new_game()


def _save(request: HttpRequest, game: Game) -> None:
    request.session[SESSION_KEY] = referee.to_session(game)


def _side_name(side: str) -> str:
    return gettext("White") if side == "white" else gettext("Black")


def _result_sentence(game: Game) -> str:
    if game.result == "1-0":
        return gettext("White wins.")
    if game.result == "0-1":
        return gettext("Black wins.")
    return gettext("The game is drawn.")


def _ending_sentence(game: Game) -> str:
    """Why the game ended, in the child's words."""
    if game.ending == referee.AGREEMENT:
        return gettext("Both players agreed to a draw.")
    if game.ending == referee.RESIGNATION:
        loser = "black" if game.result == "1-0" else "white"
        return gettext("%(side)s resigned.") % {"side": _side_name(loser)}
    if game.ending in CLAIMED:
        return str(CLAIMED[game.ending])
    if game.ending:
        return describe_termination(rules.Termination(game.ending))
    return ""


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    response = render(request, "referee/error.html", {"message": message}, status=400)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _game_over(request: HttpRequest) -> HttpResponse:
    return _bad_request(request, gettext("This game is over. Start a new game to play again."))


def _page(
    request: HttpRequest,
    game: Game,
    *,
    feedback: Feedback | None = None,
    highlights: tuple[str, ...] = (),
    selected: str | None = None,
    pending: str | None = None,
    confirm: str | None = None,
) -> HttpResponse:
    now = game.standing
    bottom = request.session.get(BOTTOM_KEY, "turn")
    context = {
        "bottom": bottom if bottom in BOTTOMS else "turn",
        "game": game,
        "standing": now,
        "turn_name": _side_name(now.turn),
        "board": board_context(
            now.fen,
            orientation=bottom if bottom in ("white", "black") else None,
            selected=selected,
            highlights=highlights,
            last_move=game.last_move,
            mode="view" if game.over else "move",
            shows_moves=True,
        ),
        "promotion": promotion_context(now.fen, pending) if pending else None,
        "feedback": feedback,
        "claims": [describe_claim(claim) for claim in now.claims] if not game.over else [],
        "ending": _ending_sentence(game),
        "result_sentence": _result_sentence(game) if game.over else "",
        "confirm": confirm,
        "score": (score := referee.score_sheet(game)),
        "score_rows": _score_rows(score),
        "may_agree_draw": referee.may_agree_draw(game),
        # 「走這步並要求和棋」 only when some move would bring a claim about
        "may_claim_with_move": not game.over and rules.claim_possible_with_a_move(game.position),
        "edit_url": edit_url(request, now.fen),
    }
    template = f"{TEMPLATE}#referee" if request.htmx else TEMPLATE
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _score_rows(score: list[tuple[int, str, str]]) -> SafeString:
    """The score sheet's rows, from templates/referee/score_rows.jinja rather than a Django
    template loop: a long game has a hundred of them, and each Django template lookup costs
    more than the row itself."""
    return render_to_string("referee/score_rows.jinja", {"score": score}, using="jinja2")


def _move_feedback(
    game: Game, verdict: rules.Verdict, claimed: bool, claim_asked: bool
) -> Feedback:
    mover = "black" if game.standing.turn == "white" else "white"
    title = gettext("%(side)s played %(san)s.") % {"side": _side_name(mover), "san": verdict.san}
    messages = []
    if game.over:
        messages += [_ending_sentence(game), _result_sentence(game)]
    elif verdict.gives_check:
        messages.append(
            gettext("Check! %(side)s must answer it.") % {"side": _side_name(game.standing.turn)}
        )
    if claim_asked and not claimed:
        messages.append(gettext("No draw can be claimed with this move; it is played, play on."))
    return Feedback(Result.CORRECT, title, tuple(messages), check=verdict.gives_check)


def _not_your_piece(game: Game, square: str | None) -> Feedback | None:
    """A tap on a piece of the side not to move: the engine's reason at once (whose turn it
    is), instead of picking the piece up and refusing its move at the second tap."""
    if not square:
        return None
    verdict = rules.check_move(game.position, square + min(rules.neighbours(square)))
    if verdict.reason is not rules.Reason.OPPONENT_PIECE:
        return None
    title = gettext("It is %(side)s's turn.") % {"side": _side_name(game.standing.turn)}
    return Feedback(Result.ILLEGAL, title, tuple(explain(verdict)))


@require_http_methods(["GET", "HEAD", "POST"])
def referee_board(request: HttpRequest) -> HttpResponse:
    if request.method in ("GET", "HEAD"):
        return _board_shown(request)
    return _board_move(request)


def _board_shown(request: HttpRequest) -> HttpResponse:
    """The board as it stands, or (`?fen=`) a new game from that position."""
    if "fen" not in request.GET:
        return _page(request, _load(request))
    try:
        game = referee.new_game(request.GET["fen"])
    except rules.RulesError:
        return _bad_request(
            request,
            gettext(
                "This FEN is not a legal chess position, so no game can start from it. "
                "Check it and try again."
            ),
        )
    _save(request, game)
    return redirect("referee")


def _board_move(request: HttpRequest) -> HttpResponse:
    """A tap, a typed move or a promotion on the referee's board."""
    game = _load(request)
    try:
        action = read_board_post(game.position, request.POST)
    except BoardInputError as error:
        return _bad_request(request, str(error))
    if action.kind == "select":
        refused = _not_your_piece(game, action.selected)
        if refused is not None:
            return _page(request, game, feedback=refused, highlights=(action.selected,))
        return _page(request, game, selected=action.selected)
    if action.kind == "unreadable":
        feedback = Feedback(
            "", gettext("That move cannot be read."), (gettext("Write it like Nf3 or e2e4."),)
        )
        return _page(request, game, feedback=feedback)
    if action.kind in ("mark", "marks_done"):
        return _bad_request(request, gettext("This board form cannot be read."))
    if action.kind == "none":
        return _page(request, game)

    claim_asked = request.POST.get("claim_draw") == "1"
    try:
        after, verdict, claimed = referee.play(game, action.move, claim_draw=claim_asked)
    except referee.GameOver:
        return _game_over(request)
    except rules.RulesError:
        return _bad_request(request, gettext("That move cannot be read."))
    if verdict.reason is rules.Reason.PROMOTION_REQUIRED:
        return _page(request, game, selected=action.move[:2], pending=action.move[:4])
    if not verdict.legal:
        feedback = Feedback(
            Result.ILLEGAL, gettext("This move is not allowed."), tuple(explain(verdict))
        )
        return _page(request, game, feedback=feedback, highlights=verdict.squares)
    _save(request, after)
    return _page(request, after, feedback=_move_feedback(after, verdict, claimed, claim_asked))


@require_POST
def referee_claim(request: HttpRequest) -> HttpResponse:
    game = _load(request)
    try:
        after, valid = referee.claim_draw(game)
    except referee.GameOver:
        return _game_over(request)
    if not valid:
        why = tuple(refutation_sentence(fact) for fact in referee.why_no_claim(game))
        feedback = Feedback(
            Result.INCORRECT,
            gettext("A draw cannot be claimed now."),
            (*why, gettext("The game goes on.")),
        )
        return _page(request, game, feedback=feedback)
    _save(request, after)
    feedback = Feedback(
        Result.CORRECT,
        gettext("The draw claim is correct."),
        (_ending_sentence(after), _result_sentence(after)),
    )
    return _page(request, after, feedback=feedback)


def _players_end(request: HttpRequest, confirm: str, end: Callable[[Game], Game]) -> HttpResponse:
    """A draw agreed or a resignation: ask once more, then end the game and say how it ended."""
    game = _load(request)
    if game.over:
        return _game_over(request)
    if request.POST.get("confirm") != "1":
        return _page(request, game, confirm=confirm)
    after = end(game)
    _save(request, after)
    feedback = Feedback(Result.CORRECT, _result_sentence(after), (_ending_sentence(after),))
    return _page(request, after, feedback=feedback)


@require_POST
def referee_draw(request: HttpRequest) -> HttpResponse:
    game = _load(request)
    if not game.over and not referee.may_agree_draw(game):
        feedback = Feedback(
            Result.ILLEGAL, gettext("Not yet: a draw can be agreed once both players have moved.")
        )
        return _page(request, game, feedback=feedback)
    return _players_end(request, "draw", referee.agree_draw)


@require_POST
def referee_resign(request: HttpRequest) -> HttpResponse:
    side = request.POST.get("side", "")
    if side not in referee.SIDES:
        return _bad_request(request, gettext("Say which side resigns: white or black."))
    return _players_end(request, f"resign-{side}", lambda game: referee.resign(game, side))


@require_POST
def referee_bottom(request: HttpRequest) -> HttpResponse:
    """Turn the board after every move, or keep one side at the bottom."""
    bottom = request.POST.get("bottom", "")
    if bottom not in BOTTOMS:
        return _bad_request(request, gettext("Choose how the board turns."))
    request.session[BOTTOM_KEY] = bottom
    return _page(request, _load(request))


@require_POST
def referee_new(request: HttpRequest) -> HttpResponse:
    game = _load(request)
    if game.moves and not game.over and request.POST.get("confirm") != "1":
        return _page(request, game, confirm="new")
    game = referee.new_game()
    _save(request, game)
    return _page(request, game)


@require_safe
def referee_pgn(request: HttpRequest) -> HttpResponse:
    game = _load(request)
    text = referee.pgn(
        game,
        event=gettext("Referee board"),
        white=gettext("White"),
        black=gettext("Black"),
        played_on=timezone.localdate(),
    )
    response = HttpResponse(text + "\n", content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="referee-game.pgn"'
    return response
