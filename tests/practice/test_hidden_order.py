"""The answer of a practice question cannot be read from its id: the seed is in the URL,
so no simple function of the seed may predict the answer (the order comes from a keyed
hash, ``parts.deal``), and each answer keeps its share (two: 40-60 %, three: about a third)."""

from collections import Counter

import pytest

from practice.generators import LEVELS, build, puzzle_id
from tests.practice.families import TWO_ANSWERS

SEEDS = range(120)


def answers(rule: str, question: str) -> list[tuple[int, str]]:
    found = []
    for seed in SEEDS:
        puzzle = build(puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed))
        if (puzzle.question or puzzle.kind) == question and len(puzzle.answer) == 1:
            found.append((seed, puzzle.answer[0]))
    return found


# Simple functions of the seed a learner could try (each also the other way round).
def _halves(d: int):
    return lambda seed: seed // d % 2


def _every(m: int):
    return lambda seed: int(seed % m == 0)


PREDICTORS = {
    **{f"seed // {d} % 2": _halves(d) for d in range(1, 7)},
    **{f"seed % {m} == 0": _every(m) for m in (3, 4, 5, 6)},
    "seed // 3 % 4 < 2": lambda seed: int(seed // 3 % 4 < 2),
}


def best_guess(found: list[tuple[int, str]], predictor) -> float:
    """The share a learner guessing by ``predictor`` gets right (its better direction)."""
    first = sorted({answer for _seed, answer in found})[0]
    hits = sum((predictor(seed) == 1) == (answer == first) for seed, answer in found)
    return max(hits, len(found) - hits) / len(found)


@pytest.fixture(scope="module")
def two_answer_rules():
    return {(rule, question): answers(rule, question) for rule, question in TWO_ANSWERS}


def test_each_two_answer_question_gives_each_answer_40_to_60_percent(two_answer_rules):
    for key, found in two_answer_rules.items():
        counts = Counter(answer for _seed, answer in found)
        assert len(counts) == 2, key
        assert all(0.4 <= n / len(found) <= 0.6 for n in counts.values()), (key, counts)


def test_no_simple_function_of_the_seed_predicts_a_two_answer_question(two_answer_rules):
    pooled = []
    for key, found in two_answer_rules.items():
        pooled.extend(found)
        for name, predictor in PREDICTORS.items():
            # One family has 40 to 120 puzzles here: chance alone reaches 70 % at times.
            assert best_guess(found, predictor) <= 0.8, (key, name)
    for name, predictor in PREDICTORS.items():
        share = sum(
            best_guess(found, predictor) * len(found) for found in two_answer_rules.values()
        ) / len(pooled)
        assert share <= 0.6, name


def test_protection_gives_0_1_and_2_a_third_of_the_time_each_in_a_fixed_place():
    puzzles = [build(puzzle_id("protection", LEVELS[seed % 3], seed)) for seed in range(300)]
    values = Counter(p.answer[0] for p in puzzles)
    places = Counter([o.value for o in p.options].index(p.answer[0]) for p in puzzles)
    assert set(values) == {"0", "1", "2"}
    assert all(0.28 <= n / len(puzzles) <= 0.39 for n in values.values()), values
    assert all(0.28 <= n / len(puzzles) <= 0.39 for n in places.values()), places


def test_piece_values_puts_its_answer_in_each_place_about_a_third_of_the_time():
    places = {"material": Counter(), "material_lead": Counter()}
    for seed in range(300):
        puzzle = build(puzzle_id("piece-values", LEVELS[seed % 3], seed))
        values = [o.value for o in puzzle.options]
        places[puzzle.question][values.index(puzzle.answer[0])] += 1
    for question, counts in places.items():
        shares = [n / sum(counts.values()) for n in counts.values()]
        assert len(counts) == 3 and max(shares) <= 0.45, (question, counts)
