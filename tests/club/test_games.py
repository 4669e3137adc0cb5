"""A club game on two devices: every move judged by the engine, a move sent twice counted
once, two moves at once never both made, the game ended by the rules or a resignation."""

import threading

import pytest
from django.db import connection

import rules
from club import games, tournaments
from club.models import RESIGNATION, ROUND_ROBIN, ClubGame

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def _fresh(game):
    return ClubGame.objects.select_related("white", "black", "tournament").get(pk=game.pk)


def test_each_child_moves_only_their_own_side_in_turn(game):
    with pytest.raises(games.NotYourTurn):
        games.play(_fresh(game), game.black, 0, "e7e5")
    played = games.play(_fresh(game), game.white, 0, "e2e4")
    assert (played.verdict.san, played.game.ply, played.game.moves) == ("e4", 1, "e2e4")


def test_an_illegal_move_is_judged_and_nothing_is_written(game):
    played = games.play(_fresh(game), game.white, 0, "g1g3")
    assert not played.verdict.legal
    assert played.verdict.reason is rules.Reason.NOT_HOW_IT_MOVES
    assert _fresh(game).ply == 0


def test_a_move_sent_twice_counts_once(game):
    games.play(_fresh(game), game.white, 0, "e2e4")
    again = games.play(_fresh(game), game.white, 0, "e2e4")
    assert again.resent
    assert (_fresh(game).moves, _fresh(game).ply) == ("e2e4", 1)


def test_two_moves_read_on_the_same_board_cannot_both_be_made(game):
    """Both requests read the game at ply 0 before either writes: the second UPDATE finds
    the ply moved on and changes nothing."""
    first, second = _fresh(game), _fresh(game)
    games.play(first, game.white, 0, "e2e4")
    with pytest.raises(games.Stale):
        games.play(second, game.white, 0, "d2d4")
    assert _fresh(game).moves == "e2e4"


def test_the_same_move_read_on_the_same_board_twice_is_recognised_as_resent(game):
    first, second = _fresh(game), _fresh(game)
    games.play(first, game.white, 0, "e2e4")
    assert games.play(second, game.white, 0, "e2e4").resent


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need a server database (SQLite's test database is in memory)",
)
@pytest.mark.django_db(transaction=True)
def test_two_devices_moving_at_the_same_moment_make_one_move(students):
    tournament = tournaments.start(students[0].classroom, students, ROUND_ROBIN)
    tournaments.start_round(tournament.pk)
    game = tournament.games.get(board=1)
    both_read = threading.Barrier(2, timeout=10)
    outcomes = []

    def device(move):
        row = _fresh(game)
        both_read.wait()
        try:
            outcomes.append(games.play(row, game.white, 0, move).verdict.san)
        except games.Stale:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(m,)) for m in ("e2e4", "d2d4")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) in (["e4", "stale"], ["d4", "stale"])
    assert _fresh(game).ply == 1


def test_checkmate_ends_the_game_for_the_mating_side(game):
    for ply, move in enumerate(FOOLS_MATE):
        mover = game.white if ply % 2 == 0 else game.black
        played = games.play(_fresh(game), mover, ply, move)
    assert (played.game.result, played.game.ending) == ("0-1", "checkmate")
    with pytest.raises(games.GameIsOver):
        games.play(_fresh(game), game.white, 4, "e2e4")


def test_threefold_repetition_is_claimed_by_the_player_to_move(game):
    knights = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    for ply, move in enumerate(knights):
        mover = game.white if ply % 2 == 0 else game.black
        games.play(_fresh(game), mover, ply, move)
    assert games.claim(_fresh(game), game.white, 8) is True  # the start position, thrice
    assert (_fresh(game).result, _fresh(game).ending) == ("1/2-1/2", "threefold_repetition")


def test_a_draw_claimed_too_early_changes_nothing(game):
    games.play(_fresh(game), game.white, 0, "g1f3")
    assert games.claim(_fresh(game), game.black, 1) is False
    assert _fresh(game).result == "*"


def test_resigning_gives_the_game_to_the_other_child(game):
    games.resign(_fresh(game), game.white, 0)
    assert (_fresh(game).result, _fresh(game).ending) == ("0-1", RESIGNATION)
