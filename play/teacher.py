"""A teacher's 「和小狐狸下 3 盤棋」: game homework for a class, and who has done it."""

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

import rules
from board.component import board_context
from people.permissions import classroom_for_teacher, grown_up_required
from play import coach, games
from play.models import Game, GameAssignment
from play.opponents import BY_ID, TABLE
from play.progress import MIN_MOVES_EACH, class_homework
from plumbing.ids import parse_id

MAX_GAMES = 20


def _games_wanted(value: str) -> int | None:
    try:
        games = int(value)
    except ValueError:
        return None
    return games if 1 <= games <= MAX_GAMES else None


@grown_up_required
@require_http_methods(["GET", "HEAD", "POST"])
def class_games(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    error = ""
    if request.method == "POST":
        opponent = request.POST.get("opponent", "")
        games = _games_wanted(request.POST.get("games", ""))
        removed = request.POST.get("remove", "")
        if removed:
            if (removed_id := parse_id(removed)) is not None:
                GameAssignment.objects.filter(classroom=classroom, pk=removed_id).delete()
            return redirect("play:class_games", classroom.pk)
        if opponent not in BY_ID or games is None:
            error = gettext("Choose an opponent and a number of games from 1 to 20.")
        else:
            try:
                with transaction.atomic():
                    GameAssignment.objects.create(
                        classroom=classroom, opponent=opponent, games=games
                    )
            except IntegrityError:
                GameAssignment.objects.filter(classroom=classroom, opponent=opponent).update(
                    games=games
                )
            return redirect("play:class_games", classroom.pk)
    context = {
        "classroom": classroom,
        "opponents": TABLE,
        "rows": class_homework(classroom),
        "error": error,
        "max_games": MAX_GAMES,
        "min_moves": MIN_MOVES_EACH,
    }
    return render(request, "play/class_games.html", context, status=400 if error else 200)


@grown_up_required
@require_safe
def class_game(request: HttpRequest, classroom_id: int, game_id: int) -> HttpResponse:
    """A child's game, read-only, for the teacher of the child's class (anyone else: 404):
    the position it ended in, how it ended, the score sheet."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    game = get_object_or_404(
        Game.objects.select_related("learner"), pk=game_id, learner__student__classroom=classroom
    )
    state = games.load(game)
    score = rules.score_rows(game.start_fen, [m.san for m in state.moves])
    context = {
        "classroom": classroom,
        "game": game,
        "opponent": BY_ID.get(game.opponent),
        "ending": coach.ending_for_grown_ups(game) if game.over else "",
        "moves": sum(1 for m in state.moves if not m.by_computer),
        "board": board_context(
            state.position.fen_now, orientation=game.side, last_move=state.last_move, mode="view"
        ),
        "score": score,
        "score_rows": render_to_string(
            "referee/score_rows.jinja", {"score": score}, using="jinja2"
        ),
    }
    return render(request, "play/class_game.html", context)
