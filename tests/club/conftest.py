import pytest

from club import tournaments
from club.models import ROUND_ROBIN
from people.models import Classroom
from tests.people.conftest import make_grown_up, make_student


@pytest.fixture
def teacher(db):
    return make_grown_up("teacher")


@pytest.fixture
def classroom(teacher) -> Classroom:
    return Classroom.objects.create(teacher=teacher, name="西洋棋社", join_code="ABCD23")


@pytest.fixture
def students(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美", "小安")]


@pytest.fixture
def game(students):
    """Round 1, board 1 of an all-play-all of four: 小華 (1) White against 小安 (4)."""
    tournament = tournaments.start(students[0].classroom, students, ROUND_ROBIN)
    tournaments.start_round(tournament.pk)
    return tournament.games.get(round=1, board=1)
