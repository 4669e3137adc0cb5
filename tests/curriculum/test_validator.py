"""check_curriculum: the real curriculum is sound, and each kind of broken file is refused.

The real curriculum is checked once per test session (`checked_curriculum`); how long the
check takes is tests/benchmarks/content_checks.py's figure, not a test's.
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from curriculum.validator import validate_files

BROKEN = Path(__file__).resolve().parent / "broken"


def errors_in(name: str) -> list[str]:
    report = validate_files([BROKEN / name])
    return [str(error) for error in report.errors]


def test_the_real_curriculum_has_no_errors(checked_curriculum):
    report = checked_curriculum.report
    assert [str(error) for error in report.errors] == []
    assert report.lessons >= 24
    assert report.puzzles >= 320
    assert report.longest_level <= 10


def test_check_curriculum_ends_with_the_counts(checked_curriculum):
    report = checked_curriculum.report
    last = checked_curriculum.output.splitlines()[-1]
    assert last == (
        f"curriculum: {report.lessons} lessons, {report.puzzles} puzzles, 0 errors, "
        f"longest level {report.longest_level} puzzles"
    )


def test_check_curriculum_exits_non_zero_when_a_file_is_broken():
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("check_curriculum", str(BROKEN / "duplicate-id.toml"), stdout=out)
    assert exit_.value.code == 1
    assert out.getvalue().splitlines() == [
        "tests/curriculum/broken/duplicate-id.toml:21: duplicate-id-twice: "
        "duplicate id (also in duplicate-id)",
        "curriculum: 1 lessons, 2 puzzles, 1 errors, longest level 2 puzzles",
    ]


def test_it_rejects_a_parse_error_with_file_and_line():
    assert errors_in("parse-error.toml") == [
        "tests/curriculum/broken/parse-error.toml:15: parse-error: cannot parse the file: "
        "Unclosed inline table (at line 15, column 25)"
    ]


def test_it_rejects_an_illegal_position():
    assert errors_in("illegal-position.toml") == [
        "tests/curriculum/broken/illegal-position.toml:9: illegal-position-no-black-king: "
        "illegal position: no black king"
    ]


def test_it_rejects_an_illegal_move_in_the_history():
    [error] = errors_in("illegal-history.toml")
    assert error.startswith(
        "tests/curriculum/broken/illegal-history.toml:9: illegal-history-king-jumps: "
        "the engine refuses it: IllegalHistory: "
    )


def test_it_rejects_a_goal_no_legal_move_can_meet():
    assert errors_in("goal-unmeetable.toml") == [
        "tests/curriculum/broken/goal-unmeetable.toml:9: goal-unmeetable-castle-after-king-moved: "
        "no legal move meets the goal",
        "tests/curriculum/broken/goal-unmeetable.toml:18: goal-unmeetable-no-mate: "
        "no legal move forces mate within 1",
    ]


def test_it_rejects_a_goal_every_legal_move_meets():
    assert errors_in("goal-trivial.toml") == [
        "tests/curriculum/broken/goal-trivial.toml:9: goal-trivial-only-capture: "
        "every legal move meets the goal: nothing to learn"
    ]


def test_it_rejects_a_choice_answer_the_engine_disagrees_with():
    assert errors_in("choice-disagrees.toml") == [
        "tests/curriculum/broken/choice-disagrees.toml:9: choice-disagrees-castle-in-check: "
        "stated answer ['yes'] but the engine says ['no']"
    ]


def test_it_rejects_an_assess_answer_the_engine_disagrees_with():
    assert errors_in("assess-disagrees.toml") == [
        "tests/curriculum/broken/assess-disagrees.toml:9: assess-disagrees-stalemate: "
        "stated answer 'checkmate' but the engine says ['stalemate']"
    ]


def test_it_rejects_a_duplicate_id_at_its_second_line():
    assert errors_in("duplicate-id.toml") == [
        "tests/curriculum/broken/duplicate-id.toml:21: duplicate-id-twice: "
        "duplicate id (also in duplicate-id)"
    ]


def test_it_rejects_a_missing_hint():
    assert errors_in("missing-hint.toml") == [
        "tests/curriculum/broken/missing-hint.toml:9: missing-hint-empty: "
        "puzzle needs a non-empty `hint`"
    ]


def test_it_rejects_a_wrong_option_of_a_text_puzzle_without_its_why():
    # No board shows why a text puzzle's wrong option is wrong: the author must say it
    # (option d's `why` has no Chinese in it; the right option a needs none).
    where = "tests/curriculum/broken/text-without-why.toml:9: text-without-why-touch: "
    assert errors_in("text-without-why.toml") == [
        where + "option 'c': a wrong option needs a `why` (the reason it is wrong)",
        where + "option 'd': a wrong option needs a `why` (the reason it is wrong)",
    ]


def test_it_rejects_text_missing_in_a_language():
    # Chinese: the source holds English where Chinese belongs. English (en/): a hint and
    # an option missing, an explanation left in Chinese.
    where = "tests/curriculum/broken/missing-translation.toml:9: missing-translation-english: "
    assert errors_in("missing-translation.toml") == [
        where + "missing prompt (no Chinese text)",
        where + "option 'light': missing text (no Chinese text)",
        where + "English: missing hint",
        where + "English: explanation has Chinese characters in it",
        where + "English: missing option 'dark'",
    ]


def test_it_rejects_a_puzzle_that_repeats_the_question_of_another():
    assert errors_in("repeated-question.toml") == [
        "tests/curriculum/broken/repeated-question.toml:19: repeated-question-again: "
        "the same question about the same position as repeated-question-first"
    ]


def test_it_rejects_moves_in_notation_before_the_notation_lesson_in_source_and_english():
    directory = BROKEN / "notation-early"
    report = validate_files(sorted(directory.glob("*.toml")))
    assert [str(error) for error in report.errors] == [
        "tests/curriculum/broken/notation-early/early.toml:9: early-reply-in-notation: "
        "moves in notation (Kxh7) before the notation lesson: say them in words",
        # The English words (notation-early/en/early.toml) are checked the same way.
        "tests/curriculum/broken/notation-early/early.toml:9: early-reply-in-notation: "
        "English: moves in notation (Kxh7) before the notation lesson: say them in words",
    ]


def test_it_rejects_a_two_option_question_no_other_position_asks_again():
    alone = "two options and no other position to ask after a miss: add "
    alone += '`again = "<puzzle id>"` (a puzzle of this or an earlier lesson that asks the same) '
    alone += "or a third option"
    assert errors_in("two-options-alone.toml") == [
        f"tests/curriculum/broken/two-options-alone.toml:9: two-options-alone-can-castle: {alone}",
        f"tests/curriculum/broken/two-options-alone.toml:21: two-options-alone-touch: {alone}",
        "tests/curriculum/broken/two-options-alone.toml:33: two-options-alone-again-unknown: "
        "`again` names 'two-options-alone-nowhere', which is not a puzzle",
    ]


def test_it_rejects_an_option_naming_a_piece_on_an_empty_square():
    assert errors_in("option-empty-square.toml") == [
        "tests/curriculum/broken/option-empty-square.toml:9: option-empty-square-d4: "
        "options name empty squares: d4"
    ]


def test_it_rejects_a_visit_puzzle_another_piece_can_solve_and_names_the_line():
    # The king walks h1-g2-f3-e4 to the knight's star; a pawn promotes and the new rook
    # takes the star meant for the rook a1.
    assert errors_in("visit-another-piece.toml") == [
        "tests/curriculum/broken/visit-another-piece.toml:9: visit-another-piece-king-walks: "
        "another piece can collect the stars: h1g2 g2f3 f3e4",
        "tests/curriculum/broken/visit-another-piece.toml:18: "
        "visit-another-piece-pawn-promotes: another piece can collect the stars: a7a8r a8h8",
    ]


def test_it_rejects_a_promotion_puzzle_that_accepts_a_move_drawing_at_once():
    # c8=Q stalemates; c8=N leaves king and knight against king: a dead position (5.2.2).
    assert errors_in("promotion-draws.toml") == [
        "tests/curriculum/broken/promotion-draws.toml:9: promotion-draws-any-piece: "
        "it accepts c8=Q, which draws at once (stalemate)",
        "tests/curriculum/broken/promotion-draws.toml:18: promotion-draws-knight: "
        "it accepts c8=N+, which draws at once (insufficient_material)",
    ]


def test_it_rejects_a_claim_question_whose_answer_a_declared_move_changes():
    # Declaring Ke2 brings Ke2/Ke8 (Black to move, no castling rights) a third time (9.2.1.1).
    assert errors_in("claim-by-a-move.toml") == [
        "tests/curriculum/broken/claim-by-a-move.toml:9: claim-by-a-move-ke2: "
        "can_claim: declaring Ke2 claims threefold_repetition (a move changes the answer)"
    ]


def test_it_rejects_a_notation_puzzle_that_marks_a_form_the_laws_allow_wrong():
    # C.13: the + of a check is not obligatory, so Ra8 is right too.
    assert errors_in("notation-lawful-form.toml") == [
        "tests/curriculum/broken/notation-lawful-form.toml:9: notation-lawful-form-check: "
        "san: Ra8 is written as the Laws allow (C.13), yet marked wrong"
    ]
