"""The computer opponents: legal moves only, the same move for the same seed, and what makes
each level the level it is."""

import doctest
import functools
import random

import chess
import pytest

from rules import check_move, forced
from rules.coaching import Note, moments
from rules.opponents import (
    BLUNDER_RATE,
    OPPONENTS,
    Game,
    GameOver,
    UnknownOpponent,
    choose_move,
    exposed_loss,
    play_game,
)
from rules.position import Position

# White's queen on d2 may take the pawn on d5, which the pawn on c6 defends: a poisoned pawn.
POISONED_PAWN = "6k1/8/2p5/3p4/8/8/3Q4/6K1 w - - 0 1"
# The black queen on d5 is free for the rook; no white move gives check.
FREE_QUEEN = "k7/8/8/3q4/8/8/PP6/KR1R4 w - - 0 1"
# Black threatens Re1 mate; the knight on b7 is free for the queen, but taking it loses.
BACK_RANK_THREAT = "4r1k1/1n3ppp/8/8/8/1Q6/5PPP/6K1 w - - 0 1"
ATTACKED_QUEEN = "6k1/8/2n5/5p2/4Q3/8/8/6K1 w - - 0 1"
ROOK_SHUFFLE = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
SHUFFLE = ["a1a2", "e8d8", "a2a1", "d8e8"]
BACK_RANK_MATE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


@functools.cache
def _positions_from_play(count: int) -> list[Position]:
    """Positions of a few real games (level 2 against level 3), one every few plies."""
    positions = []
    for seed in range(3):
        game = play_game("captures_first", "one_move_ahead", rng=random.Random(seed), max_plies=90)
        for ply in range(0, len(game.moves), 6):
            positions.append(Position(chess.STARTING_FEN, game.moves[:ply]))
    return tuple(positions[:count])


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_every_level_plays_only_legal_moves(opponent):
    rng = random.Random(7)
    positions = _positions_from_play(12)
    assert len(positions) == 12
    for position in positions:
        move = choose_move(opponent, position, rng=rng)
        assert check_move(position, move).legal, (opponent, position.fen_now, move)


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_the_same_seed_gives_the_same_moves(opponent):
    first = play_game(opponent, opponent, rng=random.Random(11), max_plies=16)
    again = play_game(opponent, opponent, rng=random.Random(11), max_plies=16)
    assert first == again
    assert len(first.moves) == 16 and first.result == "*" and first.ending is None


def test_the_weakest_plays_many_different_moves_from_the_start():
    chosen = {choose_move("any_move", chess.STARTING_FEN, rng=random.Random(s)) for s in range(40)}
    assert len(chosen) >= 12  # 20 legal moves, drawn at random


def test_level_2_takes_a_free_queen_over_a_quiet_move():
    for seed in range(20):
        assert choose_move("captures_first", FREE_QUEEN, rng=random.Random(seed)) == "d1d5"
    # The weakest does not care: it plays other moves too.
    others = {choose_move("any_move", FREE_QUEEN, rng=random.Random(s)) for s in range(20)}
    assert others - {"d1d5"}


def test_level_2_prefers_a_check_to_a_quiet_move_and_a_mate_to_a_capture():
    # Nothing to take: the only check, Ra8, is also mate.
    assert choose_move("captures_first", BACK_RANK_MATE, rng=random.Random(0)) == "a1a8"
    # A queen to take on h3, or mate on a8: the mate; without the rook, the queen.
    fen = "6k1/5ppp/4p3/8/8/7q/5PPP/R5K1 w - - 0 1"
    assert choose_move("captures_first", fen, rng=random.Random(0)) == "a1a8"
    without_rook = fen.replace("R5K1", "6K1")
    assert choose_move("captures_first", without_rook, rng=random.Random(0)) == "g2h3"
    # A check when there is nothing to take: Rd8+ rather than any quiet rook move.
    fen = "6k1/8/8/8/8/8/8/3R2K1 w - - 0 1"
    assert choose_move("captures_first", fen, rng=random.Random(0)) == "d1d8"


def test_level_2_grabs_the_poisoned_pawn_and_level_3_mostly_does_not():
    level_2 = [
        choose_move("captures_first", POISONED_PAWN, rng=random.Random(s)) for s in range(50)
    ]
    assert set(level_2) == {"d2d5"}
    level_3 = [
        choose_move("one_move_ahead", POISONED_PAWN, rng=random.Random(s)) for s in range(200)
    ]
    hung = level_3.count("d2d5")
    # It forgets to look about one move in five (BLUNDER_RATE): then it grabs; else never.
    assert BLUNDER_RATE == 0.2
    assert 20 <= hung <= 60, hung


def test_level_3_does_not_hang_its_queen_in_a_simple_position_most_of_the_time():
    # The pawn on f5 attacks the queen; the knight on c6 guards d4, e5, b4, e7 and d8.
    def kept_safe(opponent: str) -> int:
        safe = 0
        for seed in range(100):
            board = chess.Board(ATTACKED_QUEEN)
            board.push_uci(choose_move(opponent, ATTACKED_QUEEN, rng=random.Random(seed)))
            safe += exposed_loss(board, chess.WHITE) < 9
        return safe

    assert kept_safe("one_move_ahead") >= 90
    assert kept_safe("any_move") < 75  # a king move or Qd4, Qe5, Qg4 … leaves it to be taken


def test_level_4_finds_a_mate_in_one():
    for seed in range(5):
        assert choose_move("two_moves_ahead", BACK_RANK_MATE, rng=random.Random(seed)) == "a1a8"


def test_level_4_avoids_a_mate_in_one():
    # Level 2 grabs the knight and is mated; level 4 guards the back rank every time.
    grab = choose_move("captures_first", BACK_RANK_THREAT, rng=random.Random(0))
    assert grab == "b3b7"
    assert forced(BACK_RANK_THREAT, [grab], "mate", within=1)
    for seed in range(5):
        move = choose_move("two_moves_ahead", BACK_RANK_THREAT, rng=random.Random(seed))
        assert not forced(BACK_RANK_THREAT, [move], "mate", within=1), move


def test_level_4_mates_a_lone_king_with_a_queen():
    game = play_game(
        "two_moves_ahead", "any_move", rng=random.Random(3), fen="8/8/2k5/8/8/8/8/3QK3 w - - 0 1"
    )
    assert (game.result, game.ending.value) == ("1-0", "checkmate")
    assert len(game.moves) < 60


def test_level_4_does_not_stalemate_when_it_can_mate():
    # Qf7 and Qc4 stalemate; level 4 sees that a stalemate is a draw.
    fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"
    trap = next(m for m in moments(fen) if m.note is Note.STALEMATE_TRAP)
    for seed in range(5):
        assert choose_move("two_moves_ahead", fen, rng=random.Random(seed)) not in trap.moves


def test_a_game_records_its_ending_and_result():
    game = play_game("captures_first", "any_move", rng=random.Random(1), fen=BACK_RANK_MATE)
    assert game == Game(("a1a8",), "1-0", game.ending)
    assert game.ending.value == "checkmate"


def test_unknown_opponents_and_finished_games_are_refused():
    with pytest.raises(UnknownOpponent, match="not an opponent"):
        choose_move("stockfish", chess.STARTING_FEN, rng=random.Random(0))
    with pytest.raises(UnknownOpponent):
        play_game("any_move", "grandmaster", rng=random.Random(0))
    with pytest.raises(GameOver, match="the game is over"):
        choose_move("any_move", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", rng=random.Random(0))
    # Five times the same position: the game is over although moves are there.
    fivefold = SHUFFLE * 4
    assert check_move(ROOK_SHUFFLE, "a1a2", fivefold).reasons[0].value == "game_over"
    with pytest.raises(GameOver):
        choose_move("two_moves_ahead", ROOK_SHUFFLE, fivefold, rng=random.Random(0))


def test_the_benchmarks_run_in_their_smoke_size(monkeypatch, capsys):
    from tests.benchmarks import opponent_levels, opponent_speed

    monkeypatch.setattr("sys.argv", ["opponent_levels.py", "--smoke", "1", "6"])
    opponent_levels.main()
    levels = capsys.readouterr().out.splitlines()
    assert levels[0] == "1 games per pairing, colours alternating, stopped after 6 plies"
    assert [line.split(":")[0] for line in levels[1:7:2]] == [
        "captures_first vs any_move",
        "one_move_ahead vs captures_first",
        "two_moves_ahead vs one_move_ahead",
    ]
    assert levels[-1].startswith("target: each level scores >= 70 % against the one below: ")
    monkeypatch.setattr("sys.argv", ["opponent_speed.py", "--smoke"])
    opponent_speed.main()
    speed = capsys.readouterr().out.splitlines()
    assert speed[0].startswith("positions: 12 from 1 self-play games")
    assert [line.split()[0] for line in speed[2:6]] == list(OPPONENTS)
    assert speed[-1].startswith("target: p95 <= 300 ms for every level: ")


def test_the_examples_in_the_module_docstring_hold():
    import rules.opponents

    result = doctest.testmod(rules.opponents)
    assert (result.attempted, result.failed) == (6, 0)
