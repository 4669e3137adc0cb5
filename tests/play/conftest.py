import pytest
from django.test import Client

from people.models import Classroom
from tests.people.conftest import make_grown_up, make_student


@pytest.fixture
def school():
    """A teacher signed in (the client), their class, and one student in it."""
    teacher = make_grown_up("teacher")
    classroom = Classroom.objects.create(teacher=teacher, name="西洋棋社", join_code="ABCD23")
    student = make_student(classroom, "小華", ("sun", "moon"))
    client = Client()
    client.force_login(teacher)
    return classroom, student, client
