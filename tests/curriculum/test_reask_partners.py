"""A two-option question missed is asked again in another position (curriculum.reasks); the
partner must test the same rule, or a child who still holds the misconception passes it
(a knight that "has its leg blocked" re-asked as a rook that cannot move diagonally).
The rule of a puzzle is what its wrong option is told (tests/benchmarks/reask_partners.py,
which prints every pairing)."""

from curriculum.loading import get_curriculum
from curriculum.reasks import two_options
from lessons.answering import Reasks
from tests.benchmarks.reask_partners import IDEAS, late_same_rule, rows, rule, weak


def test_every_two_option_question_is_asked_again_by_a_puzzle_of_the_same_rule():
    weak_ones = {puzzle.id for _, puzzle, partner in rows() if weak(puzzle, partner)}
    assert weak_ones == set()


def test_the_rule_names_the_piece_and_the_reason_the_child_is_told():
    puzzle = get_curriculum().puzzle
    assert rule(puzzle("knight-no-blocked-leg")) == "N knight_jumps"
    assert rule(puzzle("rook-no-diagonal")) == "R not_how_it_moves"
    assert rule(puzzle("queen-blocked")) == "Q path_blocked"
    assert rule(puzzle("king-next-to-king")) == "K king_into_attack"
    assert rule(puzzle("castling-in-check-bishop")) == "castling_in_check"
    assert rule(puzzle("castling-through-f1")) == "castling_through_attack"
    assert weak(puzzle("knight-no-blocked-leg"), puzzle("rook-no-diagonal"))
    assert weak(puzzle("castling-in-check-bishop"), puzzle("castling-through-f1"))
    assert not weak(puzzle("castling-in-check-bishop"), puzzle("castling-in-check-rook"))


def test_every_position_of_a_puzzles_rule_is_asked_before_another_rule_or_the_puzzle_again():
    assert [puzzle.id for puzzle in late_same_rule()] == []


def test_a_child_who_misses_twice_meets_a_third_position_of_the_rule_not_the_first_again():
    puzzle = get_curriculum().puzzle
    reasks, once_per_game = Reasks({}), puzzle("castling-once-per-game")
    assert once_per_game.again == "castling-king-moved-back"  # a pair tied in the file
    asked = [reasks.after_miss(once_per_game, once_per_game)]
    asked.append(reasks.after_miss(once_per_game, asked[-1]))
    asked.append(reasks.after_miss(once_per_game, asked[-1]))
    assert [p.id for p in asked] == [
        "castling-king-moved-back",
        "castling-rook-moved-back",
        "castling-once-per-game",
    ]
    assert {rule(p) for p in asked} == {"castling_rights_lost"}


def test_the_known_weak_pairings_are_re_asked_by_a_sibling_of_the_same_lesson():
    curriculum = get_curriculum()
    for asked, again in [
        ("knight-no-blocked-leg", "knight-leg-blocked-by-enemy"),
        ("rook-no-diagonal", "rook-no-diagonal-one-step"),
        ("queen-blocked", "queen-blocked-diagonal"),
        ("check-double-king-only", "check-double-no-block"),
    ]:
        partners = curriculum.partners(curriculum.puzzle(asked))
        assert [p.id for p in partners] == [again]
        assert partners[0].lesson == curriculum.puzzle(asked).lesson


def test_every_idea_named_by_hand_is_a_puzzle_and_every_colour_or_text_question_has_one():
    curriculum = get_curriculum()
    ids = {p.id for lesson in curriculum.lessons for p in lesson.puzzles}
    assert set(IDEAS) <= ids
    by_hand = [
        p.id
        for lesson in curriculum.lessons
        for p in lesson.puzzles
        if two_options(p) and (p.kind == "text" or p.question == "square_color")
    ]
    assert [p for p in by_hand if p not in IDEAS] == []
