"""The club's pairings: FIDE's Berger tables, Swiss rounds, the table's tie-breaks."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from club.pairing import (
    BLACK,
    WHITE,
    Board,
    Game,
    berger_round,
    berger_rounds,
    histories,
    standings,
    swiss_round,
)

HALF = Fraction(1, 2)

# FIDE Handbook C.05 Annex 1, the Berger tables (the higher number of each pair of
# sizes; with the odd size that number is the bye). White first.
FIDE_BERGER = {
    4: """1-4 2-3 / 4-3 1-2 / 2-4 3-1""",
    6: """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 /
          3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 /
           10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 /
           4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1""",
}


def _table(text: str) -> list[list[tuple[int, int]]]:
    return [
        [tuple(int(n) for n in pair.split("-")) for pair in round_text.split()]
        for round_text in text.split("/")
    ]


@pytest.mark.parametrize("size", [4, 6, 8, 10])
def test_an_even_all_play_all_is_fides_berger_table_board_by_board(size):
    table = _table(FIDE_BERGER[size])
    assert berger_rounds(size) == len(table)
    for number, expected in enumerate(table, 1):
        pairing = berger_round(size, number)
        assert [(b.white, b.black) for b in pairing.boards] == expected
        assert pairing.bye is None


@pytest.mark.parametrize("size", [3, 5, 7, 9])
def test_an_odd_all_play_all_gives_the_bye_to_whoever_meets_the_missing_number(size):
    table = _table(FIDE_BERGER[size + 1])
    assert berger_rounds(size) == len(table)
    for number, expected in enumerate(table, 1):
        pairing = berger_round(size, number)
        assert [(b.white, b.black) for b in pairing.boards] == [
            pair for pair in expected if size + 1 not in pair
        ]
        (with_missing,) = [pair for pair in expected if size + 1 in pair]
        assert pairing.bye == sum(with_missing) - (size + 1)


@pytest.mark.parametrize("size", range(3, 11))
def test_in_an_all_play_all_everyone_meets_everyone_once(size):
    met = [
        frozenset((b.white, b.black))
        for r in range(1, berger_rounds(size) + 1)
        for b in berger_round(size, r).boards
    ]
    assert len(met) == len(set(met)) == size * (size - 1) // 2


def test_a_round_outside_the_table_is_refused():
    with pytest.raises(ValueError):
        berger_round(4, 4)


def _play(pairing, results):
    """Games of a round: results[i] is board i's score for White; the bye scores 1."""
    scored = zip(pairing.boards, results, strict=False)
    games = [Game(b.white, b.black, Fraction(r)) for b, r in scored]
    if pairing.bye is not None:
        games.append(Game(pairing.bye, None, Fraction(1)))
    return games


def test_swiss_round_one_pairs_the_top_half_with_the_bottom_half_colours_alternating():
    pairing = swiss_round(range(1, 9), [])
    assert pairing.boards == (Board(1, 5), Board(6, 2), Board(3, 7), Board(8, 4))
    assert pairing.bye is None


def test_swiss_with_five_gives_the_bye_to_the_lowest_then_to_someone_else():
    players = range(1, 6)
    first = swiss_round(players, [])
    assert first.bye == 5
    assert first.boards == (Board(1, 3), Board(4, 2))
    games = _play(first, [1, 0])  # 1 and 2 win; 5 has the bye's point
    second = swiss_round(players, games)
    # 4 is the lowest of those who have had no bye. 1, 2 and 5 have a point: the group's
    # upper half is 1, its lower half 2 and 5, so 1 meets 2 and 5 floats down to 3.
    # Colours alternate: 1 had White and 2 Black; 3 had Black and 5 none.
    assert second.bye == 4
    assert second.boards == (Board(2, 1), Board(3, 5))


def test_swiss_never_repeats_while_another_pairing_exists():
    # Round 2 of four: 1 beat 3, 4 beat 2. Same score says 1–4 and 2–3; both new.
    games = [Game(1, 3, Fraction(1)), Game(2, 4, Fraction(0))]
    second = swiss_round(range(1, 5), games)
    assert {frozenset((b.white, b.black)) for b in second.boards} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    # Round 3: 1 beat 4, 2 beat 3: scores 1:2, 4:1, 2:1, 3:0; 1's only new opponent is 2.
    games += [Game(4, 1, Fraction(0)), Game(3, 2, Fraction(0))]
    third = swiss_round(range(1, 5), games)
    assert {frozenset((b.white, b.black)) for b in third.boards} == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }


def test_swiss_repeats_only_when_no_other_pairing_exists():
    games = []
    for number in range(1, 4):
        games += _play(berger_round(4, number), [1, 0])
    fourth = swiss_round(range(1, 5), games)
    assert len(fourth.boards) == 2  # everyone has met everyone: a repeat it must be


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([0, HALF, 1]), min_size=48, max_size=48), st.booleans())
def test_four_swiss_rounds_of_24_or_23_never_repeat_nor_give_two_byes(results, odd):
    players = list(range(1, 24 if odd else 25))
    games: list[Game] = []
    for number in range(4):
        pairing = swiss_round(players, games)
        seated = [p for b in pairing.boards for p in (b.white, b.black)]
        assert sorted(seated + ([pairing.bye] if pairing.bye else [])) == players
        assert (pairing.bye is not None) == odd
        games += _play(pairing, results[number * 12 : number * 12 + 12])
    met = [frozenset((g.white, g.black)) for g in games if not g.is_bye]
    assert len(met) == len(set(met))
    byes = [g.white for g in games if g.is_bye]
    assert len(byes) == len(set(byes))
    for history in histories(players, games).values():
        # never three games running with one colour in four rounds
        runs = zip(history.colours, history.colours[1:], history.colours[2:], strict=False)
        assert not any(a == b == c for a, b, c in runs)
        assert abs(history.colours.count(WHITE) - history.colours.count(BLACK)) <= 2


def test_swiss_pairs_the_same_scores_together_when_it_can():
    players = list(range(1, 9))
    first = swiss_round(players, [])
    games = _play(first, [1, 1, 1, 1])  # the four Whites win
    second = swiss_round(players, games)
    winners = {b.white for b in first.boards}
    for board in second.boards:
        assert (board.white in winners) == (board.black in winners)


def test_the_table_ranks_points_then_the_game_between_then_sonneborn_berger():
    # 1 beat 2, 2 beat 3, 3 beat 1, and each beat 4.
    games = [
        Game(1, 2, Fraction(1)),
        Game(2, 3, Fraction(1)),
        Game(3, 1, Fraction(1)),
        Game(1, 4, Fraction(1)),
        Game(2, 4, Fraction(1)),
        Game(3, 4, Fraction(1)),
    ]
    table = standings([1, 2, 3, 4], games)
    # 1, 2, 3 have 2 points each, 1 each between them, and the same Sonneborn–Berger
    # (2 for the tied one beaten + 0 for 4): level on every count, one shared place.
    assert [(s.player, s.place, s.points, s.between, s.sonneborn_berger) for s in table] == [
        (1, 1, 2, 1, 2),
        (2, 1, 2, 1, 2),
        (3, 1, 2, 1, 2),
        (4, 4, 0, 0, 0),
    ]


def test_the_game_between_the_tied_players_decides_before_sonneborn_berger():
    # 2 and 3 both have 2 points; 3 beat 2, so 3 is above though 2's SB is higher.
    games = [
        Game(3, 2, Fraction(1)),  # 3 beats 2
        Game(2, 1, Fraction(1)),  # 2 beats 1 (who ends on 2 points)
        Game(2, 4, Fraction(1)),  # 2 beats 4
        Game(3, 5, Fraction(1)),  # 3 beats 5 (who ends on 0)
        Game(1, 4, Fraction(1)),
        Game(1, 5, Fraction(1)),
    ]
    table = standings([1, 2, 3, 4, 5], games)
    top = [(s.player, s.points, s.between) for s in table[:3]]
    # 1, 2 and 3 all have 2 points: between them 3 scored 1 (beat 2), 2 scored 1 (beat 1),
    # 1 scored 0. 2 and 3 then differ by Sonneborn–Berger: 2 beat 1 (2) and 4 (0) = 2;
    # 3 beat 2 (2) and 5 (0) = 2: level, so they share the place.
    assert top == [(2, 2, 1), (3, 2, 1), (1, 2, 0)]
    assert table[0].place == table[1].place == 1
    assert table[2].place == 3


def test_sonneborn_berger_counts_every_beaten_opponents_points_and_half_a_drawn_ones():
    games = [
        Game(1, 2, Fraction(1)),
        Game(3, 4, HALF),
        Game(1, 3, HALF),
        Game(2, 4, Fraction(1)),
        Game(4, 1, Fraction(0)),
        Game(2, 3, Fraction(0)),
    ]
    table = {s.player: s for s in standings([1, 2, 3, 4], games)}
    # points: 1: 2.5, 3: 2, 2: 1, 4: 0.5
    assert [table[p].points for p in (1, 2, 3, 4)] == [Fraction(5, 2), 1, 2, HALF]
    # 1 beat 2 (1) and 4 (½), drew 3 (2 × ½): 2½
    assert table[1].sonneborn_berger == Fraction(5, 2)
    # 3 drew 4 (¼), drew 1 (1¼), beat 2 (1): 2½
    assert table[3].sonneborn_berger == Fraction(5, 2)
    assert [s.player for s in standings([1, 2, 3, 4], games)] == [1, 3, 2, 4]
