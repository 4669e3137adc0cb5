"""The teacher's club pages: a tournament started for the students present, each round
started when the teacher says, every board of the round, forfeits and corrections, the
projector's pairings and table, the round's PGN and the table's CSV."""

from __future__ import annotations

from contextlib import suppress

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from board.component import board_context
from club import games, tournaments
from club.models import FORMATS, RESULTS, ROUND_ROBIN, SWISS, ClubGame, Tournament
from club.words import FORMAT_NAMES
from people.permissions import classroom_for_teacher, grown_up_required
from people.spreadsheets import csv_response
from plumbing.ids import parse_id
from rules.pgn import game_pgn


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    classroom_for_teacher(request.user, tournament.classroom_id)
    return tournament


@grown_up_required
@require_http_methods(["GET", "HEAD", "POST"])
def class_club(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """棋社比賽 of a class: its tournaments, and a new one for the students ticked."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    students = list(classroom.students.select_related("learner"))
    error = ""
    if request.method == "POST":
        present = {parse_id(v) for v in request.POST.getlist("present")}
        chosen = [s for s in students if s.pk in present]
        format = request.POST.get("format", "")
        try:
            rounds = int(request.POST.get("rounds") or 4)
            tournament = tournaments.start(
                classroom, chosen, format if format in FORMATS else "", rounds
            )
        except (ValueError, tournaments.ClubError):
            error = gettext(
                "Tick at least two students (at most ten for all play all) and choose "
                "fewer rounds than players."
            )
        else:
            coaching = request.POST.get("coaching") == "on"
            Tournament.objects.filter(pk=tournament.pk).update(coaching=coaching)
            return redirect("club:tournament", tournament.pk)
    context = {
        "classroom": classroom,
        "students": students,
        "tournaments": classroom.tournaments.all(),
        "formats": [(ROUND_ROBIN, FORMAT_NAMES[ROUND_ROBIN]), (SWISS, FORMAT_NAMES[SWISS])],
        "error": error,
    }
    return render(request, "club/class_club.html", context, status=400 if error else 200)


@grown_up_required
@require_safe
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every board of the round (small boards, the moves), forfeits and corrections."""
    tournament = _tournament(request, tournament_id)
    boards = []
    now = timezone.now()
    for game in tournaments.round_games(tournament):
        position = games.position(game)
        moves = game.uci_moves
        boards.append(
            {
                "game": game,
                "board": board_context(
                    position.fen_now,
                    orientation="white",
                    last_move=moves[-1] if moves else None,
                    mode="view",
                    label=gettext("Board %(number)s") % {"number": game.board},
                ),
                "sans": " ".join(_sans(game)),
                "stuck": not game.over and (now - game.moved_at).total_seconds() > STUCK_SECONDS,
            }
        )
    context = {
        "tournament": tournament,
        "format_name": FORMAT_NAMES[tournament.format],
        "boards": boards,
        "round_over": tournaments.round_over(tournament),
        "table": tournaments.table(tournament),
        "results": RESULTS,
    }
    return render(request, "club/tournament.html", context)


STUCK_SECONDS = 10 * 60  # a game with no move for ten minutes is flagged for the teacher


def _sans(game: ClubGame) -> list[str]:
    return rules.history_san(games.position(game))


@grown_up_required
@require_POST
def start_round(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    # A round already started (a second click) or none left: the page shows which.
    with suppress(tournaments.ClubError):
        tournaments.start_round(tournament.pk)
    return redirect("club:tournament", tournament.pk)


@grown_up_required
@require_POST
def coaching(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The arbiter's notes on the children's boards, on or off, from their next move."""
    tournament = _tournament(request, tournament_id)
    on = request.POST.get("coaching")
    if on in ("on", "off"):
        Tournament.objects.filter(pk=tournament.pk).update(coaching=on == "on")
    return redirect("club:tournament", tournament.pk)


def _game(request: HttpRequest, game_id: int) -> ClubGame:
    game = get_object_or_404(ClubGame.objects.select_related("tournament"), pk=game_id)
    classroom_for_teacher(request.user, game.tournament.classroom_id)
    return game


@grown_up_required
@require_POST
def forfeit(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    absent = game.white if request.POST.get("absent") == "white" else game.black
    if absent is not None:
        with suppress(tournaments.ClubError):  # the game ended meanwhile
            tournaments.forfeit(game.pk, absent)
    return redirect("club:tournament", game.tournament_id)


@grown_up_required
@require_POST
def correct(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    try:
        tournaments.correct(game.pk, request.POST.get("result", ""), request.POST.get("reason", ""))
    except tournaments.ClubError:
        return render(
            request,
            "play/error.html",
            {"message": gettext("Choose a result and write the reason.")},
            status=400,
        )
    return redirect("club:tournament", game.tournament_id)


@grown_up_required
@require_safe
def projector(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """For the class's screen: the round's pairings, then the table; no names typed by a
    child, no controls."""
    tournament = _tournament(request, tournament_id)
    context = {
        "tournament": tournament,
        "games": tournaments.round_games(tournament) if tournament.current_round else [],
        "table": tournaments.table(tournament),
    }
    template = "club/projector.html#projector" if request.htmx else "club/projector.html"
    return render(request, template, context)


@grown_up_required
@require_safe
def round_pgn(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One file for the round: every game played on a board (byes left out)."""
    tournament = _tournament(request, tournament_id)
    texts = []
    for game in tournaments.round_games(tournament, number):
        if game.is_bye:
            continue
        headers = {
            "Event": gettext("Club tournament of %(name)s") % {"name": tournament.classroom.name},
            "Site": "?",
            "Date": timezone.localdate(game.started_at).strftime("%Y.%m.%d"),
            "Round": f"{number}.{game.board}",
            "White": game.white.student.learner.nickname,
            "Black": game.black.student.learner.nickname,
        }
        texts.append(game_pgn(games.STANDARD_START, game.uci_moves, game.result, headers))
    response = HttpResponse(
        "\n\n".join(texts) + "\n", content_type="application/x-chess-pgn; charset=utf-8"
    )
    filename = f"club-{tournament.pk}-round-{number}.pgn"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@grown_up_required
@require_safe
def table_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(request, tournament_id)
    header = [
        gettext("Place"),
        gettext("Nickname"),
        gettext("Points"),
        gettext("Points between the tied"),
        gettext("Sonneborn–Berger"),
    ]
    rows = [
        [
            r.place,
            r.entrant.student.learner.nickname,
            _number(r.points),
            _number(r.between),
            _number(r.sonneborn_berger),
        ]
        for r in tournaments.table(tournament)
    ]
    return csv_response(f"club-{tournament.pk}-table.csv", [header, *rows])


def _number(value) -> str:
    """1, 1.5, 0.25: a score as a spreadsheet reads it."""
    return f"{float(value):g}"
