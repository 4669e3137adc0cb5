"""The facts a legal move comes with: SAN, the position after, what it captures, checks, mates."""

from rules import Reason, check_move


def test_a_quiet_move():
    verdict = check_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3")
    assert verdict.legal
    assert (verdict.reason, verdict.reasons, verdict.squares) == (None, (), ())
    assert (verdict.san, verdict.piece, verdict.captured, verdict.castling) == (
        "Nf3",
        "N",
        None,
        None,
    )
    assert verdict.fen_after == "4k3/8/8/8/8/5N2/8/4K3 b - - 1 1"
    assert (verdict.gives_check, verdict.checkmate, verdict.stalemate) == (False, False, False)


def test_a_capture_names_the_captured_piece():
    verdict = check_move("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5")
    assert (verdict.san, verdict.captured, verdict.gives_check) == ("Qxd5", "r", False)


def test_a_check():
    verdict = check_move("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8")
    assert (verdict.san, verdict.gives_check, verdict.checkmate) == ("Ra8+", True, False)


def test_a_checkmate():
    verdict = check_move("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f8")
    assert (verdict.san, verdict.gives_check, verdict.checkmate) == ("Qf8#", True, True)


def test_a_stalemate():
    verdict = check_move("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7")
    assert (verdict.stalemate, verdict.checkmate, verdict.gives_check) == (True, False, False)


def test_an_underpromotion():
    verdict = check_move("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8n")
    assert (verdict.legal, verdict.promotion, verdict.san, verdict.piece) == (
        True,
        "n",
        "a8=N",
        "P",
    )


def test_an_illegal_move_has_no_facts_but_names_the_piece_that_tried():
    verdict = check_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1g3")
    assert verdict.reason is Reason.NOT_HOW_IT_MOVES
    assert (verdict.san, verdict.fen_after, verdict.piece, verdict.mover) == (None, None, None, "N")
