"""Every notation question (``san``), in the lessons and in practice, accepts exactly the
options the Laws allow (Appendix C): python-chess reads the move, and a mark written must be
true, but x, +, ++ or # and e.p. may be left out (C.13); e8Q and e8=Q are both read."""

import re

import chess
from django.conf import settings
from django.utils import translation

from curriculum.loading import get_curriculum
from practice.generators import LEVELS, build, puzzle_id

RULES = ("notation", "notation-marks")
SEEDS = range(120)


def lawful(fen: str, moves, uci: str, written: str) -> bool:
    board = chess.Board(fen)
    for move in moves:
        board.push_uci(move)
    move = chess.Move.from_uci(uci)
    text = re.sub(r"\s*e\.?p\.?$", "", written) if board.is_en_passant(move) else written
    if re.fullmatch(r"[O0]-[O0](-[O0])?[+#]*", text) is None and "-" in text:
        return False
    try:
        if board.parse_san(text) != move:
            return False
    except ValueError:
        return False
    if written.startswith("P") or ("x" in text and not board.is_capture(move)):
        return False
    board.push(move)
    if text.endswith(("#", "++")):
        return board.is_checkmate()
    if text.endswith("+"):
        return board.is_check() and not board.is_checkmate()
    return True


def san_puzzles():
    with translation.override(settings.LANGUAGE_CODE):
        for lesson in get_curriculum().lessons:
            yield from (p for p in lesson.puzzles if p.question == "san")
        for rule in RULES:
            for seed in SEEDS:
                puzzle = build(puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed))
                if puzzle.question == "san":
                    yield puzzle


def test_python_chess_reads_the_forms_the_laws_allow():
    knights = "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2"
    assert lawful(knights, (), "f3e5", "Nxe5") and lawful(knights, (), "f3e5", "Ne5")
    assert not lawful(knights, (), "f3e5", "Bxe5") and not lawful(knights, (), "f3e5", "xe5")
    rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    assert lawful(rook, (), "a1a8", "Ra8+") and lawful(rook, (), "a1a8", "Ra8")
    assert not lawful(rook, (), "a1a8", "Ra8#")
    pawn = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    assert lawful(pawn, (), "a7a8q", "a8Q") and lawful(pawn, (), "a7a8q", "a8=Q+")


def test_every_notation_question_accepts_exactly_the_lawful_forms_offered():
    asked = list(san_puzzles())
    assert len(asked) >= 150
    wrong = {
        p.id: [o.value for o in p.options]
        for p in asked
        if {o.value for o in p.options if lawful(p.fen, p.moves, p.params["move"], o.value)}
        != set(p.answer)
    }
    assert wrong == {}
