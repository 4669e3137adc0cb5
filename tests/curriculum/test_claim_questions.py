"""Every claim question (``can_claim``), in the lessons and in practice, answers what
python-chess answers, a claim by declaring a move included (9.2.1.1, 9.3.1)."""

import chess
from django.conf import settings
from django.utils import translation

from curriculum.loading import get_curriculum
from practice.generators import LEVELS, build, puzzle_id


def judged(fen: str, moves) -> set[str]:
    board = chess.Board(fen)
    for move in moves:
        board.push_uci(move)
    found = set()
    if board.can_claim_threefold_repetition():
        found.add("threefold")
    if board.can_claim_fifty_moves():
        found.add("fifty")
    return found or {"none"}


def test_every_lesson_claim_question_agrees_with_python_chess():
    asked = [
        puzzle
        for lesson in get_curriculum().lessons
        for puzzle in lesson.puzzles
        if puzzle.question == "can_claim"
    ]
    assert len(asked) >= 5
    assert {p.id: set(p.answer) for p in asked} == {p.id: judged(p.fen, p.moves) for p in asked}


def test_every_practice_claim_question_agrees_with_python_chess():
    asked = []
    with translation.override(settings.LANGUAGE_CODE):
        for rule in ("draws-repetition", "draws-fifty"):
            for seed in range(60):
                puzzle = build(puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed))
                if puzzle.question == "can_claim":
                    asked.append(puzzle)
    assert len(asked) >= 100
    assert {p.id: set(p.answer) for p in asked} == {p.id: judged(p.fen, p.moves) for p in asked}
