"""check_move agrees with python-chess on legality, and explains every illegal move."""

from tests.benchmarks.rules_agreement import measure, sample_pairs


def test_it_agrees_with_python_chess_and_gives_every_illegal_move_a_reason():
    pairs = sample_pairs(3000, seed=7)
    disagreements, without_reason, examples = measure(pairs)
    assert (disagreements, without_reason) == (0, 0), examples
