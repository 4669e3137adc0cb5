"""A teacher's week in one test (issue 45), on whichever database the suite runs on (CI: SQLite,
then PostgreSQL): a class of three, homework that finds the child who only failed, a live
round whose phone gives nothing away before the reveal, a set with a two-mate question whose
worksheet key lists both mates, and a roster whose five problems are listed at once. Each
step through the teacher's and the children's pages, as the browser tests drive them one by
one (tests/browser/test_people.py, test_live.py, test_puzzle_sets.py, test_school_rosters.py)."""

import pytest
from django.urls import reverse

from curriculum.loading import get_curriculum
from lessons.models import Result
from lessons.progress import record_attempt
from live.results import round_results
from people.models import Classroom, GrownUp, HereFor, School, SchoolTeacher
from puzzlesets.models import PuzzleSet
from tests.live.helpers import QUESTION, put_up, start, student_client
from tests.people.conftest import make_student, signed_in
from tests.people.rosters import csv_bytes, problem_rows, upload
from tests.puzzlesets.helpers import make_puzzle

pytestmark = pytest.mark.django_db

TWO_MATES = "7k/6pp/8/8/8/8/8/RR4K1 w - - 0 1"
FIVE_PROBLEMS = [
    ["班級", "座號", "姓名", "老師"],
    ["三年一班", "1", "王小明", ""],
    ["三年一班", "1", "李小華", ""],  # row 3: seat 1 twice
    ["三年一班", "", "張三", ""],  # 4: no seat
    ["三年一班", "4", "", ""],  # 5: no name
    ["", "5", "王五", ""],  # 6: no class
    ["三年二班", "1", "陳大同", "nobody"],  # 7: a teacher the school does not know
]


def test_a_teachers_week(teacher):
    GrownUp.objects.filter(user=teacher).update(here_for=HereFor.CLASS)
    client = signed_in(teacher)
    client.post(reverse("people:teacher_home"), {"name": "週三棋社"})
    classroom = Classroom.objects.get(teacher=teacher, name="週三棋社")
    stuck, busy, idle = (make_student(classroom, name) for name in ("小明", "小美", "小華"))

    # Monday: homework until mastered; 小明 only fails, 小美 solves one.
    added = client.post(
        reverse("people:add_assignment", args=[classroom.pk]),
        {"lesson": "en-passant", "until_mastered": "on"},
    )
    assert added.status_code == 302
    first = get_curriculum().lesson("en-passant").puzzles[0].id
    for verdict in (Result.INCORRECT, Result.ILLEGAL, Result.INCORRECT):
        record_attempt(
            stuck.learner, lesson="en-passant", puzzle=first, answer="x", verdict=verdict
        )
    record_attempt(busy.learner, lesson="en-passant", puzzle=first, answer="x", verdict="correct")
    page = client.get(reverse("people:class_dashboard", args=[classroom.pk])).content.decode()
    stuck_group = page[page.index('data-homework-group="stuck"') :]
    assert page.index('data-homework-group="stuck"') < page.index('data-homework-group="on-it"')
    assert "需要幫忙：1 人" in stuck_group and "小明" in stuck_group.split("</div>")[0]

    # Wednesday: a live round; the phone says only that the answer arrived, then its result.
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session, QUESTION)
    phone = student_client(busy)
    phone.post(
        reverse("live:student_answer"),
        {"answer": "no", "submit_answer": "1", "asked": "knight-no-blocked-leg"},
        headers={"HX-Request": "true"},
    )
    waiting = phone.get(reverse("live:student")).content.decode()
    assert "收到你的答案了！" in waiting and "答對了" not in waiting and "沒答對" not in waiting
    presenter = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    waiting_for = presenter[presenter.index("data-not-answered") :].split("</p>")[0]
    assert "小明" in waiting_for and "小華" in waiting_for and "小美" not in waiting_for
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    results = round_results(session.rounds.get())
    assert (results.answered, results.right) == (1, 0)
    assert 'data-own-result="wrong"' in phone.get(reverse("live:student")).content.decode()

    # Thursday: a set with a two-mate question; its worksheet key lists both mates.
    made = PuzzleSet.objects.create(owner=teacher, name="將死")
    assert (
        make_puzzle(client, {"question": "mate", "fen": TWO_MATES}, set_id=made.pk).status_code
        == 302
    )
    sheet = client.get(reverse("puzzlesets:set_sheet", args=[made.pk])).context["sheet"]
    [key] = sheet.answers
    assert "Ra8#" in key.text and "Rb8#" in key.text

    # Friday: the school's roster; all five problems at once, nothing written.
    school = School.objects.create(name="光明國小", school_year=115, top_grade=6)
    SchoolTeacher.objects.create(school=school, user=teacher, is_admin=True)
    response = upload(client, school, {"roster.csv": csv_bytes(FIVE_PROBLEMS)})
    assert response.status_code == 400
    assert [row for _file, row, _message in problem_rows(response)] == ["3", "4", "5", "6", "7"]
    assert not Classroom.objects.filter(school=school).exists()
    assert idle.learner.attempts.count() == 0  # nobody's work was touched by the week
