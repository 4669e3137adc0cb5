"""A position resumed from the moves since its last irreversible move judges as the whole game.

`Position.resumable()` lets a long game (the referee's) replay only its reversible tail;
these games check that nothing the engine says changes: the FEN, the legal moves, every
move's verdict, the ending, the draws that may be claimed, and a claim made with a move.
"""

import random

import chess

import rules

SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def random_games(count: int, plies: int, seed: int = 20261201):
    rng = random.Random(seed)
    for _ in range(count):
        board = chess.Board()
        while len(board.move_stack) < plies and not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
        yield [move.uci() for move in board.move_stack]


def same_judgement(whole: rules.Position, resumed: rules.Position) -> None:
    assert resumed.fen_now == whole.fen_now
    assert rules.assess(resumed) == rules.assess(whole)
    legal = sorted(rules.legal_moves(whole.fen_now))
    assert sorted(rules.legal_moves(resumed.fen_now)) == legal
    for move in legal:
        assert rules.claims_after(resumed, move) == rules.claims_after(whole, move), move
        assert rules.check_move(resumed, move) == rules.check_move(whole, move), move


def test_random_games_judge_the_same_resumed_at_every_ply():
    for moves in random_games(6, 120):
        for ply in range(0, len(moves) + 1, 7):
            whole = rules.Position(chess.STARTING_FEN, moves[:ply])
            fen, since = whole.resumable()
            assert since == tuple(moves[ply - len(since) : ply])
            same_judgement(whole, rules.Position(fen, since))


def test_a_repetition_is_counted_across_the_resumed_moves():
    # e4 e5 are pawn moves: the tail starts after them, and holds every repeated position
    whole = rules.Position(chess.STARTING_FEN, ["e2e4", "e7e5", *SHUFFLE, *SHUFFLE])
    fen, since = whole.resumable()
    assert since == (*SHUFFLE, *SHUFFLE)
    resumed = rules.Position(fen, since)
    assert rules.assess(resumed).claims == {rules.Claim.THREEFOLD_REPETITION}
    same_judgement(whole, resumed)


def test_a_lost_castling_right_starts_the_tail_afresh():
    whole = rules.Position("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", ["h1h2", "a8a7", "h2h1"])
    # h1h2 lost White's right, then a8a7 Black's: the tail starts after a8a7
    assert whole.resumable() == ("4k3/r7/8/8/8/8/7R/4K3 w - - 2 2", ("h2h1",))


def test_a_game_with_no_irreversible_move_resumes_from_its_start():
    whole = rules.Position(chess.STARTING_FEN, SHUFFLE)
    assert whole.resumable() == (chess.STARTING_FEN, tuple(SHUFFLE))
