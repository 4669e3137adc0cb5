"""Setting up a position by hand (rules.setup): pieces on and off, the rights a placement
allows, and every flaw that makes a position impossible, with its squares."""

import doctest

import pytest

import rules
from rules import setup
from rules.setup import EMPTY_FEN, START_FEN, Flaw, SetupFlaw

KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def codes(fen: str) -> list[Flaw]:
    return [flaw.code for flaw in setup.setup_flaws(fen)]


def test_the_examples_in_the_module_hold():
    result = doctest.testmod(setup)
    assert result.attempted >= 6 and result.failed == 0


def test_a_placement_alone_is_read_as_white_to_move_with_no_rights():
    assert setup.read_fen("  4k3/8/8/8/8/8/8/4K3  ") == KINGS
    assert setup.read_fen("4k3/8/8/8/8/8/8/4K3 b") == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"


@pytest.mark.parametrize("text", ["", "hello", "9/8/8/8/8/8/8/8", "4k3/8 w", None, "x" * 200])
def test_a_text_that_is_not_a_fen_is_refused(text):
    with pytest.raises(rules.InvalidFen):
        setup.read_fen(text)


def test_an_impossible_position_is_still_read_and_written():
    two_kings = "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"
    assert setup.read_fen(two_kings) == two_kings
    assert setup.pieces_of(two_kings) == {"e8": "k", "d1": "K", "e1": "K"}


def test_putting_a_piece_replaces_what_stood_there_and_none_takes_it_off():
    fen = setup.put(KINGS, "d4", "Q")
    assert setup.pieces_of(fen)["d4"] == "Q"
    fen = setup.put(fen, "d4", "n")
    assert setup.pieces_of(fen)["d4"] == "n"
    assert setup.put(fen, "d4", None) == KINGS


def test_a_piece_that_is_not_one_is_refused():
    with pytest.raises(rules.InvalidFen):
        setup.put(KINGS, "d4", "X")
    with pytest.raises(rules.InvalidSquare):
        setup.put(KINGS, "z9", "Q")


def test_moving_the_rook_off_its_corner_loses_that_castling_right_only():
    fen = setup.put(START_FEN, "a8", None)
    assert fen.split()[2] == "KQk"
    assert setup.castling_offered(fen) == ("K", "Q", "k")


def test_castling_is_offered_only_with_king_and_rook_on_their_squares():
    assert setup.castling_offered(KINGS) == ()
    fen = setup.put(setup.put(KINGS, "h1", "R"), "a8", "r")
    assert setup.castling_offered(fen) == ("K", "q")
    fen = setup.with_castling(fen, "K", True)
    assert setup.castling_kept(fen) == ("K",)
    assert setup.castling_kept(setup.with_castling(fen, "K", False)) == ()
    with pytest.raises(rules.InvalidFen):
        setup.with_castling(fen, "Q", True)


def test_en_passant_is_offered_after_a_possible_two_step_with_a_pawn_beside():
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"
    assert setup.en_passant_offered(fen) == ("d6",)
    kept = setup.with_en_passant(fen, "d6")
    assert setup.en_passant_kept(kept) == "d6"
    assert setup.with_en_passant(kept, None) == fen
    # no white pawn beside the black one: the right would change nothing
    assert setup.en_passant_offered("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1") == ()
    # d7 occupied: the pawn cannot have come from there in two steps
    assert setup.en_passant_offered("4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 1") == ()
    with pytest.raises(rules.InvalidFen):
        setup.with_en_passant(fen, "e6")


def test_the_en_passant_right_goes_with_the_turn_and_with_the_pawn():
    kept = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    assert setup.with_turn(kept, "black") == "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1"
    assert setup.put(kept, "e5", None) == "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1"
    assert setup.with_turn(kept, "white") == kept
    with pytest.raises(rules.InvalidFen):
        setup.with_turn(kept, "red")


def test_a_legal_position_has_no_flaw():
    assert setup.setup_flaws(START_FEN) == ()
    assert setup.setup_flaws(KINGS) == ()


def test_the_empty_board_has_no_kings():
    assert codes(EMPTY_FEN) == [Flaw.NO_WHITE_KING, Flaw.NO_BLACK_KING]


def test_two_white_kings_are_named_with_their_squares():
    assert setup.setup_flaws("4k3/8/8/8/8/8/8/3KK3 w - - 0 1") == (
        SetupFlaw(Flaw.TOO_MANY_WHITE_KINGS, ("d1", "e1"), 2),
    )
    assert codes("3kk3/8/8/8/8/8/8/4K3 w - - 0 1") == [Flaw.TOO_MANY_BLACK_KINGS]


def test_a_pawn_on_the_first_or_last_rank_is_named():
    assert setup.setup_flaws("4k2P/8/8/8/8/8/8/p3K3 w - - 0 1") == (
        SetupFlaw(Flaw.PAWN_ON_END_RANK, ("a1", "h8")),
    )


def test_nine_pawns_and_seventeen_pieces_are_counted():
    fen = "4k3/8/8/8/8/P7/PPPPPPPP/QQQQKQQQ w - - 0 1"
    flaws = setup.setup_flaws(fen)
    assert SetupFlaw(Flaw.TOO_MANY_WHITE_PAWNS, count=9) in flaws
    assert SetupFlaw(Flaw.TOO_MANY_WHITE_PIECES, count=17) in flaws


def test_the_side_not_to_move_in_check_is_named_with_the_checker():
    # Black is in check from the rook, but it is White's move.
    assert setup.setup_flaws("4k3/8/8/8/8/8/8/4RK2 w - - 0 1") == (
        SetupFlaw(Flaw.NOT_TO_MOVE_IN_CHECK, ("e8", "e1")),
    )
    assert setup.setup_flaws("4k3/8/8/8/8/8/8/4RK2 b - - 0 1") == ()


def test_kings_side_by_side_are_named():
    assert setup.setup_flaws("8/8/8/8/8/8/8/3kK3 w - - 0 1") == (
        SetupFlaw(Flaw.KINGS_TOUCH, ("e1", "d1")),
    )


def test_three_checkers_and_a_check_no_move_could_give():
    assert codes("4k3/8/8/8/1b6/8/4r3/r3K2n w - - 0 1") == [Flaw.TOO_MANY_CHECKERS]
    # two rooks on one line cannot both have just given check
    assert codes("4k3/8/8/8/8/8/8/r2K3r w - - 0 1") == [Flaw.IMPOSSIBLE_CHECK]


def test_rights_the_placement_does_not_allow_are_flaws():
    assert setup.setup_flaws("4k3/8/8/8/8/8/8/4K3 w K - 0 1") == (
        SetupFlaw(Flaw.BAD_CASTLING_RIGHTS, ("e1", "h1")),
    )
    assert codes("4k3/8/8/8/8/8/8/4K3 w - d6 0 1") == [Flaw.BAD_EN_PASSANT]


def test_positions_that_look_the_same_differ_by_their_rights():
    before = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    assert not setup.same_position(before, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 5")
    assert not setup.same_position(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
    )
    # the counts do not matter
    assert setup.same_position(KINGS, "4k3/8/8/8/8/8/8/4K3 w - - 7 30")
    # an en passant square no pawn can use is no right at all
    assert setup.same_position(
        "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1"
    )


def test_the_moves_without_a_capture_are_each_sides_moves():
    fen = setup.with_quiet_moves(KINGS, 50)
    assert fen == "4k3/8/8/8/8/8/8/4K3 w - - 100 1"
    assert setup.quiet_moves(fen) == 50
    rook = setup.with_quiet_moves("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 50)
    assert rules.Claim.FIFTY_MOVES in rules.assess(rook).claims
    for bad in (76, -1, "3", True):
        with pytest.raises(rules.InvalidFen):
            setup.with_quiet_moves(KINGS, bad)
    with pytest.raises(rules.InvalidFen):  # a pawn has just moved
        setup.with_quiet_moves("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 3)
