"""A Swiss of 24 children over 4 rounds, played by a script through the pages: the teacher
starts each round, each game ends by a child resigning or by the teacher setting a draw,
and after each round the projector's table is checked against the results tallied here."""

import random
import re
from fractions import Fraction

import pytest
from django.urls import reverse

from club.models import ClubGame, Tournament
from tests.club.helpers import HTMX, start
from tests.live.helpers import student_client
from tests.people.conftest import make_student, signed_in


def _projector_rows(html: str) -> list[tuple[int, int, Fraction]]:
    """(place, draw number, points) of each row of the table, top first."""
    rows = re.findall(r'<tr data-entrant="(\d+)" data-points="([^"]+)"><td>(\d+)</td>', html)
    return [(int(place), int(n), Fraction(points)) for n, points, place in rows]


@pytest.mark.slow
def test_four_swiss_rounds_of_24_children_through_the_pages(teacher, classroom):
    students = [make_student(classroom, f"棋手{n:02}") for n in range(1, 25)]
    teacher_client = signed_in(teacher)
    phones = {s.pk: student_client(s) for s in students}
    start(teacher_client, classroom, students, format="swiss", rounds=4)
    tournament = Tournament.objects.get()
    number_of = {e.pk: e.number for e in tournament.entrants.all()}
    student_of = {e.pk: e.student_id for e in tournament.entrants.all()}
    points = {n: Fraction(0) for n in range(1, 25)}
    met: set[frozenset[int]] = set()
    rng = random.Random(47)
    for round_number in range(1, 5):
        teacher_client.post(reverse("club:start_round", args=[tournament.pk]))
        boards = list(ClubGame.objects.filter(tournament=tournament, round=round_number))
        assert len(boards) == 12 and all(not g.is_bye for g in boards)
        for game in boards:
            white, black = number_of[game.white_id], number_of[game.black_id]
            assert frozenset((white, black)) not in met
            met.add(frozenset((white, black)))
            outcome = rng.choice(["white", "black", "draw"])
            if outcome == "draw":
                teacher_client.post(
                    reverse("club:correct", args=[game.pk]),
                    {"result": "1/2-1/2", "reason": "和棋"},
                )
                points[white] += Fraction(1, 2)
                points[black] += Fraction(1, 2)
                continue
            loser = game.black_id if outcome == "white" else game.white_id
            phones[student_of[loser]].post(
                reverse("club:resign", args=[game.pk]), {"ply": "0", "confirm": "1"}, **HTMX
            )
            points[white if outcome == "white" else black] += 1
        page = teacher_client.get(reverse("club:projector", args=[tournament.pk]))
        rows = _projector_rows(page.content.decode())
        assert {n: p for _place, n, p in rows} == points
        shown = [p for _place, _n, p in rows]
        assert shown == sorted(shown, reverse=True)
        assert sum(shown) == 12 * round_number
        assert rows[0][0] == 1
    tournament.refresh_from_db()
    assert tournament.finished
    assert len(met) == 48
