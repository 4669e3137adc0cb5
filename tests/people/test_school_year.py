"""A new school year in one step: a class goes up a grade (三年一班 → 四年一班, 3年1班, 301)
as the same class, every child keeping their attempts, stars and login (picture secret
and QR badge); last year's class is archived, read-only and exportable; the top grade
graduates, and their data goes after the school's date (manage.py delete_graduates),
completely, not a day before."""

import io
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.models import ArchivedSeat, Assignment, Classroom, LoginFailure, Student
from people.rosters.school_year import grade_of, next_name
from plumbing.models import LearnerSession
from tests.people.conftest import give_progress, make_grown_up, make_student, signed_in
from tests.people.rosters import make_school

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "grade", "after"),
    [
        ("三年一班", 3, "四年一班"),
        ("九年十二班", 9, "十年十二班"),
        ("十一年1班", 11, "十二年1班"),
        ("3年1班", 3, "4年1班"),
        ("３年２班", 3, "4年2班"),
        ("301", 3, "401"),
        ("1203", 12, "1303"),
        ("西洋棋社", None, None),
        ("2024 棋社", None, None),
    ],
)
def test_a_class_name_says_its_grade_and_the_next(name, grade, after):
    assert grade_of(name) == grade
    assert next_name(name) == after


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def school(admin):
    school = make_school(admin, year=114, top_grade=6)
    for name in ("三年一班", "301", "六年一班", "西洋棋社"):
        Classroom.objects.create(teacher=admin, name=name, school=school, school_year=114)
    return school


def begin_new_year(client, school, delete_on: date):
    return client.post(
        reverse("people:new_school_year", args=[school.pk]),
        {"from_year": school.school_year, "delete_on": delete_on.isoformat(), "sure": "on"},
    )


def test_the_new_year_keeps_each_childs_progress_and_login(admin, school, first_lesson):
    third = Classroom.objects.get(name="三年一班")
    third.message = "加油"
    third.save()
    child = make_student(third, "小明", ("sun", "moon"))
    give_progress(child.learner, first_lesson)
    Assignment.objects.create(classroom=third, lesson=first_lesson.slug)
    attempts = list(Attempt.objects.filter(learner=child.learner).values_list("pk", "verdict"))
    stars = list(PuzzleResult.objects.filter(learner=child.learner).values_list("puzzle", "stars"))
    assert attempts and stars and stars[0][1] > 0
    old_code, old_badge = third.join_code, child.badge_token
    client = signed_in(admin)
    preview = client.get(reverse("people:new_school_year", args=[school.pk])).content.decode()
    assert "三年一班</bdi> → <bdi>四年一班" in preview and "301</bdi> → <bdi>401" in preview

    response = begin_new_year(client, school, timezone.localdate() + timedelta(days=30))
    assert response.status_code == 302
    school.refresh_from_db()
    third.refresh_from_db()
    assert school.school_year == 115
    assert (third.name, third.school_year, third.join_code) == ("四年一班", 115, old_code)
    assert Classroom.objects.get(pk=Classroom.objects.get(name="401").pk).archived_at is None
    assert Classroom.objects.get(name="西洋棋社", archived_at__isnull=True).school_year == 114
    child.refresh_from_db()
    assert child.classroom_id == third.pk and child.badge_token == old_badge
    assert (
        list(Attempt.objects.filter(learner=child.learner).values_list("pk", "verdict")) == attempts
    )
    assert (
        list(PuzzleResult.objects.filter(learner=child.learner).values_list("puzzle", "stars"))
        == stars
    )
    # The login card still works: the class code with the two pictures, and the QR badge.
    pictures = Client()
    url = reverse("people:pick_secret", args=[old_code, child.pk])
    assert pictures.post(url, {"first": "sun", "second": "moon"}).status_code == 302
    assert pictures.session[LEARNER_SESSION_KEY] == child.learner_id
    badge = Client()
    assert badge.post(reverse("people:badge", args=[old_badge])).status_code == 302
    assert badge.session[LEARNER_SESSION_KEY] == child.learner_id
    # Last year's class: archived with its seats and homework, out of the teacher's way.
    archive = Classroom.objects.get(name="三年一班", archived_at__isnull=False)
    assert archive.school_year == 114 and archive.join_code != old_code
    assert list(
        ArchivedSeat.objects.filter(classroom=archive).values_list("student", "seat_number")
    ) == [(child.pk, 1)]
    assert list(Assignment.objects.values_list("classroom", flat=True)) == [archive.pk]
    home = client.get(reverse("people:teacher_home")).content.decode()
    cards, past = home.split('id="past-classes"')  # last year's: only in the quiet list
    assert "四年一班" in cards and "三年一班" not in cards
    assert f'<a href="/teacher/archive/{archive.pk}/"><bdi>三年一班</bdi></a>' in past
    assert client.get(reverse("people:class_roster", args=[archive.pk])).status_code == 404
    assert (
        client.post(
            reverse("people:class_roster", args=[archive.pk]), {"nicknames": "x"}
        ).status_code
        == 404
    )
    assert Client().get(reverse("people:pick_name", args=[archive.join_code])).status_code == 404
    exported = client.get(reverse("people:export_roster", args=[school.pk, "csv"]) + "?year=114")
    assert "三年一班,1,小明,admin" in exported.content.decode("utf-8")


def test_a_second_submit_begins_the_year_once(admin, school):
    client = signed_in(admin)
    day = timezone.localdate() + timedelta(days=3)
    assert begin_new_year(client, school, day).status_code == 302
    assert begin_new_year(client, school, day).status_code == 400  # from_year is 114 still
    school.refresh_from_db()
    assert school.school_year == 115
    assert Classroom.objects.filter(name="四年一班").count() == 1
    assert (
        Classroom.objects.filter(archived_at__isnull=False).count() == 3
    )  # 三年一班, 301, 六年一班


def test_a_date_in_the_past_is_refused(admin, school):
    response = begin_new_year(signed_in(admin), school, timezone.localdate() - timedelta(days=1))
    assert response.status_code == 400
    school.refresh_from_db()
    assert school.school_year == 114


def test_only_an_administrator_begins_the_year(school):
    outsider = signed_in(make_grown_up("outsider"))
    assert outsider.get(reverse("people:new_school_year", args=[school.pk])).status_code == 404
    assert begin_new_year(outsider, school, timezone.localdate()).status_code == 404
    school.refresh_from_db()
    assert school.school_year == 114


def test_graduates_are_deleted_after_the_date_and_completely(
    admin, school, first_lesson, django_capture_on_commit_callbacks
):
    sixth = Classroom.objects.get(name="六年一班")
    fifth = Classroom.objects.get(name="三年一班")
    graduate = make_student(sixth, "大雄", ("sun", "moon"))
    stays = make_student(fifth, "小明")
    for student in (graduate, stays):
        give_progress(student.learner, first_lesson)
    device = Client()
    device.post(
        reverse("people:pick_secret", args=[sixth.join_code, graduate.pk]),
        {"first": "sun", "second": "moon"},
    )
    LoginFailure.objects.create(scope="picture", key=f"student-{graduate.pk}")
    # Last year the graduate was in a class that was archived then: that seat goes too.
    old = Classroom.objects.create(
        teacher=admin, name="五年一班", school=school, school_year=113, archived_at=timezone.now()
    )
    ArchivedSeat.objects.create(classroom=old, student=graduate, seat_number=4)
    day = timezone.localdate() + timedelta(days=10)
    begin_new_year(signed_in(admin), school, day)
    sixth.refresh_from_db()
    assert sixth.archived_at is not None and sixth.delete_on == day
    # A graduate no longer signs in; the school can still download their progress.
    assert Client().get(reverse("people:pick_name", args=[sixth.join_code])).status_code == 404
    assert Client().post(reverse("people:badge", args=[graduate.badge_token])).status_code == 404
    grid = signed_in(admin).get(reverse("people:archived_progress", args=[sixth.pk]))
    assert "大雄" in b"".join(grid.streaming_content).decode("utf-8")

    for not_yet in (day - timedelta(days=1), day):
        call_command("delete_graduates", stdout=io.StringIO())
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(timezone, "localdate", lambda not_yet=not_yet: not_yet)
            call_command("delete_graduates", stdout=io.StringIO())
        assert Student.objects.filter(pk=graduate.pk).exists()

    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "localdate", lambda: day + timedelta(days=1))
        call_command("delete_graduates", "--dry-run", stdout=out)
        assert Student.objects.filter(pk=graduate.pk).exists()
        with django_capture_on_commit_callbacks(execute=True):
            call_command("delete_graduates", stdout=out)
    assert "deleted 1 graduates' classes, 1 students" in out.getvalue()
    learner_id = graduate.learner_id
    assert not Learner.objects.filter(pk=learner_id).exists()
    assert not Student.objects.filter(pk=graduate.pk).exists()
    assert not Attempt.objects.filter(learner_id=learner_id).exists()
    assert not PuzzleResult.objects.filter(learner_id=learner_id).exists()
    assert not ArchivedSeat.objects.filter(student_id=graduate.pk).exists()
    assert not Classroom.objects.filter(pk__in=[sixth.pk, old.pk]).exists()
    assert not LoginFailure.objects.filter(key__contains=f"student-{graduate.pk}").exists()
    assert not any(
        session.get_decoded().get(LEARNER_SESSION_KEY) == learner_id
        for session in LearnerSession.objects.all()
    )
    # Nobody else's data went: the promoted child and last year's archive of their class.
    assert Attempt.objects.filter(learner=stays.learner).exists()
    assert Classroom.objects.filter(name="三年一班", archived_at__isnull=False).exists()


def test_the_new_year_asks_for_the_box_then_offers_no_second_step(admin, school):
    client = signed_in(admin)
    url = reverse("people:new_school_year", args=[school.pk])
    day = (timezone.localdate() + timedelta(days=30)).isoformat()
    page = client.get(url).content.decode()
    assert "是的：現在開始 115 學年度。班級升一個年級，畢業班封存；這一步不能復原。" in page
    unticked = client.post(url, {"from_year": 114, "delete_on": day})
    assert unticked.status_code == 400
    assert "要先勾選方塊，才能開始新學年。" in unticked.content.decode()
    school.refresh_from_db()
    assert school.school_year == 114
    assert (
        begin_new_year(client, school, timezone.localdate() + timedelta(days=30)).status_code == 302
    )
    school.refresh_from_db()
    page = client.get(url).content.decode()
    today = timezone.localdate().isoformat()
    assert f"115 學年度在 {today} 開始了。下一個學年度最快要半年後才能開始。" in page
    assert "開始新學年</button>" not in page
    again = begin_new_year(client, school, timezone.localdate() + timedelta(days=30))
    assert again.status_code == 400
    school.refresh_from_db()
    assert school.school_year == 115
