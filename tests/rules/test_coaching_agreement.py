"""The coach's repetition and fifty-move notes agree with python-chess, position by position,
over 300 seeded computer games (the counts: ``python tests/rules/test_coaching_agreement.py``).

python-chess is the judge: a threefold claim is open when ``can_claim_threefold_repetition``
says so, the moves that claim it are those after which ``is_repetition(3)`` holds; a
fifty-move claim when ``can_claim_fifty_moves``, by the moves after which
``is_fifty_moves`` holds (9.2.1.1, 9.3.1: a claim by declaring the move).
"""

import random
import sys
from collections import Counter
from pathlib import Path

import chess
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.coaching import Note, game_moments
from rules.opponents import play_game

GAMES = 300
# Few pieces and high clocks, so that repetitions and the fifty-move count come often.
STARTS = (
    chess.STARTING_FEN,
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    "8/8/8/8/7P/8/1N1k4/6K1 w - - 8 98",
    "8/8/8/4k3/8/8/8/3QK3 w - - 60 70",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    "4k3/8/3n4/8/8/8/8/1N2K1N1 w - - 70 60",
    "r3k3/8/8/8/8/8/8/4K2R w - - 80 50",
)
PAIRS = (
    ("any_move", "any_move"),
    ("captures_first", "any_move"),
    ("one_move_ahead", "captures_first"),
    ("any_move", "one_move_ahead"),
)
NOTES = (
    Note.THREEFOLD_CLAIMABLE,
    Note.THREEFOLD_BY_MOVE,
    Note.FIFTY_MOVES_CLAIMABLE,
    Note.FIFTY_MOVES_BY_MOVE,
)


def game(seed: int):
    white, black = PAIRS[seed % len(PAIRS)]
    fen = STARTS[seed % len(STARTS)]
    played = play_game(white, black, rng=random.Random(seed), fen=fen, max_plies=300)
    return fen, played.moves


def _after(board: chess.Board, move: chess.Move, holds) -> bool:
    board.push(move)
    try:
        return holds(board)
    finally:
        board.pop()


def judged(board: chess.Board) -> dict[Note, tuple[str, ...]]:
    """The notes python-chess finds in ``board`` (moves for the by-a-move notes)."""
    if board.is_game_over(claim_draw=False):
        return {}
    found = {}
    if board.is_repetition(3):
        found[Note.THREEFOLD_CLAIMABLE] = ()
    legal = sorted(board.legal_moves, key=chess.Move.uci)
    repeating = [m.uci() for m in legal if _after(board, m, lambda b: b.is_repetition(3))]
    if repeating:
        found[Note.THREEFOLD_BY_MOVE] = tuple(repeating)
    assert bool(found) == board.can_claim_threefold_repetition()
    if board.is_fifty_moves():
        found[Note.FIFTY_MOVES_CLAIMABLE] = ()
    elif board.can_claim_fifty_moves():
        fifty = [m.uci() for m in legal if _after(board, m, chess.Board.is_fifty_moves)]
        found[Note.FIFTY_MOVES_BY_MOVE] = tuple(fifty)
    return found


def compare(games: int = GAMES) -> tuple[int, Counter, Counter, list]:
    """(plies, notes judged by python-chess, notes the coach gave, the disagreements)."""
    plies, judge_counts, coach_counts, wrong = 0, Counter(), Counter(), []
    for seed in range(games):
        fen, moves = game(seed)
        board = chess.Board(fen)
        by_ply: dict[int, dict[Note, tuple[str, ...]]] = {}
        for moment in game_moments(fen, moves):
            if moment.note in NOTES:
                by_ply.setdefault(moment.ply, {})[moment.note] = moment.moves
        for ply in range(len(moves) + 1):
            truth = judged(board)
            coach = by_ply.get(ply, {})
            judge_counts.update(truth.keys())
            coach_counts.update(coach.keys())
            if coach != truth:
                wrong.append((seed, ply, board.fen(), truth, coach))
            if ply < len(moves):
                board.push_uci(moves[ply])
        plies += len(moves)
    return plies, judge_counts, coach_counts, wrong


@pytest.mark.slow
def test_the_coach_s_repetition_and_fifty_move_notes_agree_with_python_chess():
    plies, judge_counts, _coach_counts, wrong = compare()
    assert wrong == []
    assert plies > 15_000
    # Every note met in these games, the by-a-move claims more than once.
    assert judge_counts[Note.THREEFOLD_BY_MOVE] > 30
    assert judge_counts[Note.FIFTY_MOVES_BY_MOVE] > 30
    assert judge_counts[Note.THREEFOLD_CLAIMABLE] > 10
    assert judge_counts[Note.FIFTY_MOVES_CLAIMABLE] > 30


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    plies, judge_counts, coach_counts, wrong = compare(games)
    print(f"{games} games, {plies} plies")
    for note in NOTES:
        print(f"{note.value}: python-chess {judge_counts[note]}, coach {coach_counts[note]}")
    print(f"positions that disagree: {len(wrong)}")
    for case in wrong[:3]:
        print(case)
