"""The two repetition puzzles whose positions look the same but differ in rights: the
engine's answer (no claim yet) and the sentence a wrong "threefold" gets, in both languages."""

import pytest
from django.utils import translation

from board.refutations import named_squares, refutation_sentence
from curriculum.judging import judge
from curriculum.loading import get_curriculum


@pytest.mark.parametrize(
    ("puzzle_id", "said", "squares"),
    [
        (
            "draws-threefold-en-passant-then",
            "之前那次，e5 的白兵能吃 d5 的過路兵：不算同一局面，只出現 2 次。",
            ("e5", "d5"),
        ),
        (
            "draws-threefold-castling-then",
            "之前那次，e1 的白王還能和 h1 的白車易位：不算同一局面，只出現 2 次。",
            ("e1", "h1"),
        ),
    ],
)
def test_a_claim_of_threefold_is_refused_by_the_right_that_stood_the_first_time(
    puzzle_id, said, squares
):
    puzzle = get_curriculum().puzzle(puzzle_id)
    assert judge(puzzle, ["none"]).result == "correct"
    with translation.override("zh-hant"):
        outcome = judge(puzzle, ["threefold"])
        [wrong] = outcome.wrong
        sentence = refutation_sentence(wrong.refutation)
    assert outcome.result == "incorrect"
    assert sentence == said
    assert named_squares(sentence) == squares
    with translation.override("en"):
        english = refutation_sentence(judge(puzzle, ["threefold"]).wrong[0].refutation)
    assert english.startswith("The pieces stood so before, but then the white ")
