"""Coaching notes: each rule moment with a position that triggers it and one that must not,
and the moments missed after a game."""

import doctest

import chess

from rules import check_move
from rules.coaching import OVERWHELMING_LEAD, Moment, Note, game_moments, missed_moments, moments

EN_PASSANT_READY = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
QUEEN_STALEMATE = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"
ROOK_SHUFFLE = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
SHUFFLE = ["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8"]
ITALIAN = [
    "e2e4",
    "e7e5",
    "g1f3",
    "b8c6",
    "f1c4",
    "g8f6",
    "d2d3",
    "f8c5",
    "c1g5",
    "h7h6",
    "g5h4",
    "g7g5",
]


def _notes(fen, moves=()) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return [(m.note.value, m.squares, m.moves) for m in moments(fen, moves)]


# --- check ---------------------------------------------------------------------------------


def test_a_king_in_check_is_told_with_its_checkers():
    assert _notes("4k3/8/8/8/8/8/8/4K2q w - - 0 1") == [("check", ("e1", "h1"), ())]


def test_no_check_note_when_the_king_is_not_attacked():
    assert _notes("4k3/8/8/8/8/8/3K4/7q w - - 0 1") == []


# --- en passant ----------------------------------------------------------------------------


def test_en_passant_right_after_the_two_square_advance_is_told_now_or_never():
    assert _notes(EN_PASSANT_READY, ["d7d5"]) == [("en_passant", ("e5", "d5"), ("e5d6",))]


def test_two_pawns_may_both_take_en_passant():
    fen = "4k3/3p4/8/2P1P3/8/8/8/4K3 b - - 0 1"
    assert _notes(fen, ["d7d5"]) == [("en_passant", ("c5", "e5", "d5"), ("c5d6", "e5d6"))]


def test_no_en_passant_note_after_one_step_at_a_time_or_once_the_chance_has_passed():
    assert _notes(EN_PASSANT_READY, ["d7d6", "e1e2", "d6d5"]) == []
    assert _notes(EN_PASSANT_READY, ["d7d5", "e1e2", "e8e7"]) == []


# --- castling ------------------------------------------------------------------------------


def test_castling_on_both_wings_is_told_the_first_time_it_is_possible():
    assert _notes("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") == [
        ("castling", ("e1", "a1"), ("e1c1",)),
        ("castling", ("e1", "h1"), ("e1g1",)),
    ]


def test_castling_is_told_once_the_bishop_has_cleared_the_way():
    fen = "4k3/p7/8/8/8/8/8/4KB1R w K - 0 1"
    assert _notes(fen) == []  # the bishop stands between king and rook
    assert _notes(fen, ["f1d3", "a7a6"]) == [("castling", ("e1", "h1"), ("e1g1",))]


def test_castling_is_not_told_again_when_it_was_already_possible():
    fen = "4k3/p7/8/8/8/8/P7/4K2R w K - 0 1"
    assert _notes(fen) == [("castling", ("e1", "h1"), ("e1g1",))]
    assert _notes(fen, ["a2a3", "a7a6"]) == []


def test_no_castling_note_when_the_king_is_in_check():
    assert [n for n, *_ in _notes("4k3/8/8/8/8/8/8/4K2R w K - 0 1")] == ["castling"]
    assert _notes("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1") == [("check", ("e1", "e8"), ())]


# --- promotion -----------------------------------------------------------------------------


def test_a_pawn_that_can_reach_the_last_rank_is_told_to_choose_a_piece():
    assert _notes("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") == [("promotion", ("a7",), ("a7a8",))]
    # Straight ahead and by capturing: each way once, the piece left to the player.
    assert _notes("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1") == [("promotion", ("a7",), ("a7a8", "a7b8"))]


def test_no_promotion_note_for_a_blocked_pawn_or_one_still_two_squares_away():
    assert _notes("n3k3/P7/8/8/8/8/8/4K3 w - - 0 1") == []
    assert _notes("4k3/8/P7/8/8/8/8/4K3 w - - 0 1") == []


# --- stalemate instead of mate -------------------------------------------------------------


def test_a_queen_a_long_way_ahead_is_warned_of_the_stalemating_moves():
    assert _notes(QUEEN_STALEMATE) == [("stalemate_trap", ("h8",), ("f1c4", "f1f7"))]
    assert check_move(QUEEN_STALEMATE, "f1f7").stalemate


def test_no_stalemate_warning_without_a_big_lead_even_if_a_move_stalemates():
    fen = "7k/8/6KP/8/8/8/8/8 w - - 0 1"  # one pawn ahead: h7 stalemates
    assert check_move(fen, "h6h7").stalemate
    assert OVERWHELMING_LEAD > 1
    assert _notes(fen) == []


def test_no_stalemate_warning_when_no_move_stalemates():
    assert _notes("7k/8/8/5K2/8/8/8/5Q2 w - - 0 1") == []


# --- threefold repetition ------------------------------------------------------------------


def test_the_third_time_a_position_stands_a_draw_may_be_claimed_now_or_by_a_move():
    # Both claims are open (9.2.1.2 now, 9.2.1.1 by declaring a1a2: its position a third time).
    assert _notes(ROOK_SHUFFLE, SHUFFLE) == [
        ("threefold_claimable", (), ()),
        ("threefold_by_move", (), ("a1a2",)),
    ]


def test_a_draw_may_be_claimed_with_the_move_that_brings_the_third_time():
    assert _notes(ROOK_SHUFFLE, SHUFFLE[:-1]) == [("threefold_by_move", (), ("d8e8",))]


def test_a_move_may_bring_back_a_position_seen_twice_though_this_one_stands_once():
    # Rook on a2, king on e8, Black to move: seen after moves 1 and 5. Now the rook is on
    # a3 (first time here): a3a2 brings that position back a third time.
    moves = [*SHUFFLE[:6], "a2a3", "d8e8"]
    board = chess.Board(ROOK_SHUFFLE)
    for move in moves:
        board.push_uci(move)
    assert not board.is_repetition(2)
    assert board.can_claim_threefold_repetition()
    assert _notes(ROOK_SHUFFLE, moves) == [("threefold_by_move", (), ("a3a2",))]


def test_no_repetition_note_after_a_position_stood_only_twice():
    assert _notes(ROOK_SHUFFLE, SHUFFLE[:4]) == []
    assert _notes(ROOK_SHUFFLE, SHUFFLE[:3]) == []  # d8e8 would bring it a second time only


# --- fifty moves ---------------------------------------------------------------------------


def test_after_fifty_moves_each_without_capture_or_pawn_move_a_draw_may_be_claimed():
    assert _notes("4k3/8/8/8/8/8/8/R3K3 w - - 100 80") == [("fifty_moves_claimable", (), ())]
    assert _notes("4k3/8/8/8/8/8/8/R3K3 w - - 98 80") == []
    assert _notes("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", ["a1a2"]) == [
        ("fifty_moves_claimable", (), ())
    ]


def test_after_forty_nine_and_a_half_a_draw_may_be_claimed_by_declaring_a_quiet_move():
    # 9.3.1: any move but a capture or a pawn move (a pawn move resets the count).
    assert _notes("4k3/8/8/8/8/8/P7/4K3 w - - 99 80") == [
        ("fifty_moves_by_move", (), ("e1d1", "e1d2", "e1e2", "e1f1", "e1f2"))
    ]
    # A move that mates ends the game first: it claims nothing.
    assert _notes("6k1/8/6K1/8/8/8/8/R7 w - - 99 80") == [
        (
            "fifty_moves_by_move",
            (),
            ("a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1b1", "a1c1", "a1d1", "a1e1",
             "a1f1", "a1g1", "a1h1", "g6f5", "g6f6", "g6g5", "g6h5", "g6h6"),
        )
    ]  # fmt: skip


def test_no_fifty_moves_note_once_seventy_five_have_ended_the_game():
    assert _notes("4k3/8/8/8/8/8/8/R3K3 w - - 150 100") == []


# --- a whole game --------------------------------------------------------------------------


def test_a_game_s_moments_carry_their_move_number_and_the_move_played():
    found = game_moments(EN_PASSANT_READY, ["d7d5", "e5d6"])
    assert found == (
        Moment(
            Note.EN_PASSANT,
            ("e5", "d5"),
            ("e5d6",),
            ply=1,
            move_number=2,
            side="white",
            played="e5d6",
        ),
    )


def test_no_moments_once_the_game_is_over():
    assert moments("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1") == ()  # checkmate
    assert _notes(ROOK_SHUFFLE, SHUFFLE) != []
    assert moments(ROOK_SHUFFLE, SHUFFLE * 2) == ()  # the fifth time: the game is over


# --- moments missed ------------------------------------------------------------------------


def test_castling_possible_and_never_played_is_missed_at_its_first_move():
    missed = missed_moments(chess.STARTING_FEN, ITALIAN)
    assert [(m.note, m.side, m.move_number, m.played) for m in missed] == [
        (Note.CASTLING, "white", 4, "d2d3"),
        (Note.CASTLING, "black", 5, "h7h6"),
    ]


def test_castling_played_later_is_not_missed():
    missed = missed_moments(chess.STARTING_FEN, [*ITALIAN, "e1g1"])
    assert [(m.note, m.side) for m in missed] == [(Note.CASTLING, "black")]


def test_an_en_passant_capture_not_taken_is_missed_and_one_taken_is_not():
    missed = missed_moments(EN_PASSANT_READY, ["d7d5", "e1e2"])
    assert [(m.note, m.move_number, m.moves, m.played) for m in missed] == [
        (Note.EN_PASSANT, 2, ("e5d6",), "e1e2")
    ]
    assert missed_moments(EN_PASSANT_READY, ["d7d5", "e5d6"]) == ()


def test_a_mate_in_one_not_played_is_missed():
    fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    missed = missed_moments(fen, ["a1a7"])
    assert [(m.note, m.squares, m.moves, m.played) for m in missed] == [
        (Note.MATE_IN_ONE, ("g8",), ("a1a8",), "a1a7")
    ]
    assert missed_moments(fen, ["a1a8"]) == ()


def test_a_stalemate_given_a_long_way_ahead_is_missed_and_a_mate_is_not():
    missed = missed_moments(QUEEN_STALEMATE, ["f1f7"])
    assert [(m.note, m.played) for m in missed] == [
        (Note.STALEMATE_TRAP, "f1f7"),
        (Note.MATE_IN_ONE, "f1f7"),
    ]
    # Qf8 mates: no stalemate given, no mate missed.
    assert missed_moments(QUEEN_STALEMATE, ["f1f8"]) == ()


def test_a_threefold_repetition_not_claimed_is_missed_once():
    missed = missed_moments(ROOK_SHUFFLE, [*SHUFFLE, "a1a2", "e8d8", "a2a1", "d8e8", "e1e2"])
    assert [(m.note, m.side, m.ply) for m in missed] == [
        (Note.THREEFOLD_CLAIMABLE, "white", 8),
        (Note.THREEFOLD_CLAIMABLE, "black", 9),
    ]


def test_a_threefold_repetition_at_the_game_s_end_is_not_missed():
    assert missed_moments(ROOK_SHUFFLE, SHUFFLE) == ()


def test_the_example_in_the_module_docstring_holds():
    import rules.coaching

    result = doctest.testmod(rules.coaching)
    assert (result.attempted, result.failed) == (3, 0)
