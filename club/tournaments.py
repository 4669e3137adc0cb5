"""A club tournament's life, as a service with no HTTP in it: started for the students
present, each round paired when the teacher says (club.pairing), results forfeited or
corrected with a reason kept, the table read from the finished games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from club import pairing
from club.models import (
    BYE,
    CORRECTED,
    FORFEIT,
    FORMATS,
    RESULTS,
    ROUND_ROBIN,
    ClubGame,
    Entrant,
    Tournament,
)
from club.push import announce
from people.models import Classroom, Student

MAX_ROUND_ROBIN = 10
MAX_SWISS_ROUNDS = 9
WHITE_SCORE = {"1-0": Fraction(1), "0-1": Fraction(0), "1/2-1/2": Fraction(1, 2)}


class ClubError(ValueError):
    """Something the tournament cannot do now."""


def start(
    classroom: Classroom, students: Sequence[Student], format: str, rounds: int | None = None
) -> Tournament:
    """A tournament for ``students`` (their order is the draw: 1 first). An all-play-all
    has as many rounds as its table; a Swiss ``rounds`` (default 4, fewer than players)."""
    if format not in FORMATS:
        raise ClubError(f"unknown format {format!r}")
    if len(students) < 2 or any(s.classroom_id != classroom.pk for s in students):
        raise ClubError("a tournament needs two students of the class")
    if format == ROUND_ROBIN:
        if len(students) > MAX_ROUND_ROBIN:
            raise ClubError("an all-play-all is for ten players at most")
        rounds = pairing.berger_rounds(len(students))
    else:
        rounds = rounds or 4
        if not 1 <= rounds <= min(MAX_SWISS_ROUNDS, len(students) - 1):
            raise ClubError("too many rounds for so few players")
    with transaction.atomic():
        tournament = Tournament.objects.create(classroom=classroom, format=format, rounds=rounds)
        Entrant.objects.bulk_create(
            Entrant(tournament=tournament, student=student, number=number)
            for number, student in enumerate(students, 1)
        )
    return tournament


def round_over(tournament: Tournament) -> bool:
    return not tournament.games.filter(round=tournament.current_round, result="*").exists()


def start_round(tournament_id: int) -> Tournament:
    """Pair the next round and set its boards up; byes are scored at once."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.finished or tournament.current_round >= tournament.rounds:
            raise ClubError("the tournament has no more rounds")
        if not round_over(tournament):
            raise ClubError("a game of this round is still being played")
        number = tournament.current_round + 1
        entrants = {e.number: e for e in tournament.entrants.all()}
        if tournament.format == ROUND_ROBIN:
            drawn = pairing.berger_round(len(entrants), number)
        else:
            drawn = pairing.swiss_round(sorted(entrants), finished_games(tournament))
        games = [
            ClubGame(
                tournament=tournament,
                round=number,
                board=board,
                white=entrants[b.white],
                black=entrants[b.black],
            )
            for board, b in enumerate(drawn.boards, 1)
        ]
        if drawn.bye is not None:
            now = timezone.now()
            games.append(
                ClubGame(
                    tournament=tournament,
                    round=number,
                    board=len(drawn.boards) + 1,
                    white=entrants[drawn.bye],
                    result="1-0",
                    ending=BYE,
                    finished_at=now,
                )
            )
        ClubGame.objects.bulk_create(games)
        tournament.current_round = number
        tournament.save(update_fields=["current_round"])
    return tournament


def finished_games(tournament: Tournament) -> list[pairing.Game]:
    """The finished games as the pairing module reads them (draw numbers, White's score)."""
    rows = (
        tournament.games.exclude(result="*")
        .select_related("white", "black")
        .order_by("round", "board")
    )
    return [
        pairing.Game(g.white.number, g.black.number if g.black else None, WHITE_SCORE[g.result])
        for g in rows
    ]


def finish_if_done(tournament: Tournament) -> None:
    """The last round's last game ends the tournament."""
    if tournament.current_round == tournament.rounds and round_over(tournament):
        Tournament.objects.filter(pk=tournament.pk, finished_at__isnull=True).update(
            finished_at=timezone.now()
        )


@dataclass(frozen=True)
class Row:
    place: int
    entrant: Entrant
    points: Fraction
    between: Fraction
    sonneborn_berger: Fraction


def table(tournament: Tournament) -> list[Row]:
    """The table, best first: points, the points between the tied, Sonneborn–Berger."""
    entrants = {e.number: e for e in tournament.entrants.select_related("student__learner")}
    return [
        Row(s.place, entrants[s.player], s.points, s.between, s.sonneborn_berger)
        for s in pairing.standings(sorted(entrants), finished_games(tournament))
    ]


def forfeit(game_id: int, absent: Entrant) -> ClubGame:
    """A child who left loses the game by forfeit; the game's row is locked meanwhile."""
    with transaction.atomic():
        game = ClubGame.objects.select_for_update().get(pk=game_id)
        if game.over:
            raise ClubError("the game is over")
        if absent.pk not in (game.white_id, game.black_id) or game.is_bye:
            raise ClubError("not a player of this game")
        end(game, "0-1" if absent.pk == game.white_id else "1-0", FORFEIT)
    finish_if_done(game.tournament)
    return game


def correct(game_id: int, result: str, reason: str) -> ClubGame:
    """The teacher sets a game's result, saying why (kept with the game)."""
    reason = reason.strip()
    if result not in RESULTS or not reason:
        raise ClubError("a result and a reason are needed")
    with transaction.atomic():
        game = ClubGame.objects.select_for_update().get(pk=game_id)
        if game.is_bye:
            raise ClubError("a bye has no result to correct")
        game.correction_reason = reason[:200]
        end(game, result, game.ending if game.over else CORRECTED)
    finish_if_done(game.tournament)
    return game


def end(game: ClubGame, result: str, ending: str) -> None:
    game.result, game.ending = result, ending
    game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["result", "ending", "finished_at", "correction_reason"])
    announce(game)


def game_of(student: Student) -> ClubGame | None:
    """The student's game of their class's running round (None when they have none)."""
    return (
        ClubGame.objects.filter(
            tournament__finished_at__isnull=True,
            tournament__classroom_id=student.classroom_id,
        )
        .filter(Q(white__student=student) | Q(black__student=student))
        .order_by("-tournament__created_at", "-round")
        .select_related("tournament", "white__student__learner", "black__student__learner")
        .first()
    )


def games_of(student: Student) -> list[ClubGame]:
    """The student's finished games (byes left out), the newest first."""
    return games_of_learner(student.learner_id)


def games_of_learner(learner_id: int) -> list[ClubGame]:
    """The learner's finished club games in every class they sat in, the newest first."""
    return list(
        ClubGame.objects.filter(
            Q(white__student__learner_id=learner_id) | Q(black__student__learner_id=learner_id)
        )
        .exclude(result="*")
        .exclude(black__isnull=True)
        .select_related("tournament", "white__student__learner", "black__student__learner")
        .order_by("-tournament__created_at", "-round")
    )


def round_games(tournament: Tournament, number: int | None = None) -> list[ClubGame]:
    """The games of round ``number`` (the current one by default), in board order."""
    return list(
        tournament.games.filter(round=number or tournament.current_round).select_related(
            "white__student__learner", "black__student__learner"
        )
    )
