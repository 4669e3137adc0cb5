"""A tournament's life: started for the students present, rounds paired when the teacher
says, byes, forfeits, corrections with a reason, the table."""

import pytest

from club import tournaments
from club.models import BYE, CORRECTED, FORFEIT, ROUND_ROBIN, SWISS, ClubGame
from club.tournaments import ClubError
from people.models import Classroom
from tests.people.conftest import make_student


def _pairs(tournament, number):
    return [
        (g.white.number, g.black.number if g.black else None)
        for g in tournament.games.filter(round=number).select_related("white", "black")
    ]


def test_an_all_play_all_of_four_has_three_rounds_drawn_by_the_berger_table(students):
    tournament = tournaments.start(students[0].classroom, students, ROUND_ROBIN)
    assert tournament.rounds == 3
    assert [e.student for e in tournament.entrants.all()] == students
    tournaments.start_round(tournament.pk)
    assert _pairs(tournament, 1) == [(1, 4), (2, 3)]


def test_the_next_round_waits_for_every_game_of_this_one(game):
    with pytest.raises(ClubError):
        tournaments.start_round(game.tournament_id)
    for g in ClubGame.objects.filter(round=1):
        tournaments.correct(g.pk, "1-0", "寫在紙上的結果")
    tournament = tournaments.start_round(game.tournament_id)
    assert tournament.current_round == 2
    assert _pairs(tournament, 2) == [(4, 3), (1, 2)]


def test_an_odd_swiss_gives_a_bye_worth_a_point_scored_at_once(classroom, students):
    fifth = make_student(classroom, "小強")
    tournament = tournaments.start(classroom, [*students, fifth], SWISS, rounds=3)
    tournaments.start_round(tournament.pk)
    bye = tournament.games.get(black__isnull=True)
    assert (bye.white.student, bye.result, bye.ending, bye.board) == (fifth, "1-0", BYE, 3)
    rows = {row.entrant.student: row.points for row in tournaments.table(tournament)}
    assert rows[fifth] == 1


def test_a_child_who_left_loses_by_forfeit(game):
    tournaments.forfeit(game.pk, game.black)
    game.refresh_from_db()
    assert (game.result, game.ending) == ("1-0", FORFEIT)


def test_a_corrected_result_keeps_its_reason_and_the_way_the_game_ended(game):
    tournaments.forfeit(game.pk, game.black)
    tournaments.correct(game.pk, "1/2-1/2", "兩人都說是和棋")
    game.refresh_from_db()
    assert (game.result, game.ending, game.correction_reason) == (
        "1/2-1/2",
        FORFEIT,
        "兩人都說是和棋",
    )
    other = ClubGame.objects.get(round=1, board=2)
    tournaments.correct(other.pk, "0-1", "在真的棋盤上下完")
    other.refresh_from_db()
    assert other.ending == CORRECTED


def test_a_correction_needs_a_reason(game):
    with pytest.raises(ClubError):
        tournaments.correct(game.pk, "1-0", "  ")


def test_the_last_game_of_the_last_round_ends_the_tournament(game):
    tournament = game.tournament
    for number in (1, 2, 3):
        for g in ClubGame.objects.filter(round=number):
            tournaments.correct(g.pk, "1-0", "白方贏")
        tournament.refresh_from_db()
        assert tournament.finished == (number == 3)
        if number < 3:
            tournaments.start_round(tournament.pk)
    with pytest.raises(ClubError):
        tournaments.start_round(tournament.pk)
    # Whites won every game: 6 games, 6 points, the table best first.
    table = tournaments.table(tournament)
    assert sum(row.points for row in table) == 6
    assert [row.points for row in table] == sorted((r.points for r in table), reverse=True)


def test_only_students_of_the_class_may_play(students, teacher):
    other = Classroom.objects.create(teacher=teacher, name="乙班", join_code="WXYZ23")
    with pytest.raises(ClubError):
        tournaments.start(other, students, ROUND_ROBIN)


def test_a_round_robin_is_for_ten_at_most(classroom):
    many = [make_student(classroom, f"童{n}") for n in range(11)]
    with pytest.raises(ClubError):
        tournaments.start(classroom, many, ROUND_ROBIN)


def test_a_students_game_is_the_one_of_the_running_round(game, students):
    assert tournaments.game_of(students[0]) == game
    assert tournaments.game_of(students[3]) == game
    assert tournaments.game_of(students[1]).board == 2
