"""A teacher's 「和小狐狸下 3 盤棋」: game homework for a class, and who has done it."""

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from people.permissions import classroom_for_teacher, grown_up_required
from play.models import GameAssignment
from play.opponents import BY_ID, TABLE
from play.progress import class_homework
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
    }
    return render(request, "play/class_games.html", context, status=400 if error else 200)
