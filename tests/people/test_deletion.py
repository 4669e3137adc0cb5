"""Deleting a learner, a class or a grown-up's account leaves nothing about the children behind:
no row and no stored session mentions them, however the deletion starts (the ORM or the site).

Each learner has progress and a device signed in as them, so a leftover would show.
"""

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.limits import rate_limit
from people.models import ChildProfile, Classroom, GrownUp, LoginFailure, Student
from plumbing.models import LearnerSession as Session
from tests.people.conftest import make_grown_up, make_student, signed_in

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"


def with_progress(learner: Learner) -> Learner:
    Attempt.objects.create(
        learner=learner, lesson="rook", puzzle="r1", answer="a", verdict="correct"
    )
    PuzzleResult.objects.create(learner=learner, lesson="rook", puzzle="r1", stars=3)
    return learner


def device_of_student(student: Student) -> Client:
    client = Client()
    url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
    client.post(url, {"first": student.secret_first, "second": student.secret_second})
    assert client.session[LEARNER_SESSION_KEY] == student.learner_id
    return client


def device_of_child(parent, child: ChildProfile) -> Client:
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert client.session[LEARNER_SESSION_KEY] == child.learner_id
    return client


@pytest.fixture
def school(db) -> dict:
    teacher, parent, other = make_grown_up("teacher"), make_grown_up("parent"), make_grown_up("o")
    classroom = Classroom.objects.create(teacher=teacher, name="甲班", join_code="ABCD23")
    second = Classroom.objects.create(teacher=teacher, name="乙班", join_code="EFGH45")
    elsewhere = Classroom.objects.create(teacher=other, name="丙班", join_code="JKLM67")
    students = [make_student(classroom, "甲生"), make_student(second, "乙生")]
    bystander = make_student(elsewhere, "丙生")
    children = [
        ChildProfile.objects.create(parent=parent, learner=Learner.objects.create(nickname=name))
        for name in ("大寶", "二寶")
    ]
    own, waiting = Learner.objects.create(), Learner.objects.create()
    GrownUp.objects.filter(user=parent).update(learner=own, unclaimed=waiting)
    for learner in Learner.objects.all():
        with_progress(learner)
    devices = {s.learner_id: device_of_student(s) for s in (*students, bystander)}
    devices |= {c.learner_id: device_of_child(parent, c) for c in children}
    LoginFailure.objects.create(scope="student", key=f"student-{students[0].pk}|127.0.0.1")
    return {
        "teacher": teacher,
        "parent": parent,
        "classroom": classroom,
        "students": students,
        "bystander": bystander,
        "children": children,
        "own": own,
        "waiting": waiting,
        "devices": devices,
    }


def mentions(learner_ids: set[int]) -> list[str]:
    """Every row and stored session that still names one of these learners."""
    found = []
    for model, field in (
        (Learner, "pk"),
        (Attempt, "learner_id"),
        (PuzzleResult, "learner_id"),
        (ChildProfile, "learner_id"),
        (Student, "learner_id"),
        (GrownUp, "learner_id"),
        (GrownUp, "unclaimed_id"),
    ):
        rows = model.objects.filter(**{f"{field}__in": learner_ids})
        found += [f"{model.__name__} {row.pk}" for row in rows]
    for session in Session.objects.all():
        data = session.get_decoded()
        if data.get(LEARNER_SESSION_KEY) in learner_ids or "learner_label" in data:
            found.append(f"session {data}")
    return found


def test_deleting_a_class_with_the_orm_takes_its_students_learners(
    school, django_capture_on_commit_callbacks
):
    gone = {school["students"][0].learner_id}
    with django_capture_on_commit_callbacks(execute=True):
        school["classroom"].delete()
    assert mentions(gone) == []
    assert not LoginFailure.objects.filter(key__startswith=f"student-{school['students'][0].pk}|")
    kept = {school["students"][1].learner_id, school["bystander"].learner_id}
    assert Learner.objects.filter(pk__in=kept).count() == 2
    assert Attempt.objects.filter(learner_id__in=kept).count() == 2


def test_deleting_a_teacher_with_the_orm_takes_every_class_and_student(
    school, django_capture_on_commit_callbacks
):
    gone = {s.learner_id for s in school["students"]}
    with django_capture_on_commit_callbacks(execute=True):
        school["teacher"].delete()
    assert mentions(gone) == []
    assert Attempt.objects.filter(learner=school["bystander"].learner).count() == 1
    assert Attempt.objects.filter(learner__child_profile__isnull=False).count() == 2


def test_deleting_a_parent_with_the_orm_takes_the_children_and_their_own_progress(
    school, django_capture_on_commit_callbacks
):
    gone = {c.learner_id for c in school["children"]} | {school["own"].pk, school["waiting"].pk}
    with django_capture_on_commit_callbacks(execute=True):
        school["parent"].delete()
    assert mentions(gone) == []
    assert Student.objects.count() == 3


def test_the_class_delete_page_names_what_goes_and_offers_the_data_first(school):
    page = signed_in(school["teacher"]).get(
        reverse("people:delete_class", args=[school["classroom"].pk])
    )
    html = page.content.decode()
    assert page.status_code == 200
    assert "要刪除「甲班」這個班級嗎？" in html
    assert "班級和班上 1 位學生都會永久刪除" in html
    assert "甲生" in html and "乙生" not in html
    learner_id = school["students"][0].learner_id
    assert reverse("people:learner_json", args=[learner_id]) in html
    assert reverse("people:attempts_csv", args=[school["classroom"].pk]) in html
    assert html.index("JSON") < html.index("永久刪除這個班級")


def test_deleting_a_class_on_the_site_leaves_no_row_and_no_session_naming_its_students(
    school, django_capture_on_commit_callbacks
):
    student = school["students"][0]
    device = school["devices"][student.learner_id]
    assert "甲生 正在學" in device.get("/").content.decode()
    client = signed_in(school["teacher"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("people:delete_class", args=[school["classroom"].pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("people:teacher_home")
    assert mentions({student.learner_id}) == []
    assert "正在學" not in device.get("/").content.decode()
    assert Classroom.objects.filter(pk=school["classroom"].pk).count() == 0


def test_another_teacher_cannot_see_or_delete_the_class(school):
    client = signed_in(make_grown_up("stranger"))
    url = reverse("people:delete_class", args=[school["classroom"].pk])
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert Classroom.objects.filter(pk=school["classroom"].pk).exists()


def test_the_account_delete_page_names_the_classes_and_children_and_offers_their_data(school):
    html = signed_in(school["parent"]).get(reverse("people:delete_account")).content.decode()
    assert "要刪除我的帳號嗎？" in html
    for child in school["children"]:
        assert child.learner.nickname in html
        assert reverse("people:learner_json", args=[child.learner_id]) in html
    assert reverse("people:learner_json", args=[school["own"].pk]) in html
    teacher_page = signed_in(school["teacher"]).get(reverse("people:delete_account"))
    assert "甲班" in teacher_page.content.decode() and "乙班" in teacher_page.content.decode()


def test_the_account_goes_only_with_its_password(school):
    client = signed_in(school["parent"])
    response = client.post(reverse("people:delete_account"), {"password": "wrong"})
    assert response.status_code == 400
    assert "這不是這個帳號的密碼。" in response.content.decode()
    assert get_user_model().objects.filter(pk=school["parent"].pk).exists()


def test_deleting_a_parents_account_on_the_site_leaves_nothing_about_the_children(
    school, django_capture_on_commit_callbacks
):
    gone = {c.learner_id for c in school["children"]} | {school["own"].pk, school["waiting"].pk}
    client = signed_in(school["parent"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("people:delete_account"), {"password": PASSWORD})
    assert response.status_code == 302
    assert SESSION_KEY not in client.session
    assert mentions(gone) == []
    assert not get_user_model().objects.filter(pk=school["parent"].pk).exists()


def test_deleting_a_teachers_account_on_the_site_takes_the_classes_and_students(
    school, django_capture_on_commit_callbacks
):
    gone = {s.learner_id for s in school["students"]}
    with django_capture_on_commit_callbacks(execute=True):
        signed_in(school["teacher"]).post(reverse("people:delete_account"), {"password": PASSWORD})
    assert mentions(gone) == []
    assert Classroom.objects.filter(teacher_id=school["teacher"].pk).count() == 0
    assert Learner.objects.filter(pk=school["bystander"].learner_id).exists()


def test_deleting_a_child_takes_them_out_of_every_other_devices_session(
    school, django_capture_on_commit_callbacks
):
    child = school["children"][0]
    other_device = school["devices"][child.learner_id]
    assert "大寶 正在學" in other_device.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        signed_in(school["parent"]).post(reverse("people:delete_learner", args=[child.learner_id]))
    assert mentions({child.learner_id}) == []
    assert "正在學" not in other_device.get("/").content.decode()
    kept = school["children"][1].learner_id
    assert school["devices"][kept].session[LEARNER_SESSION_KEY] == kept


def test_a_device_still_naming_a_deleted_learner_does_not_show_them(school):
    # Sessions that cannot be searched (signed cookies) keep the id: the header asks the database.
    child = school["children"][0]
    device = school["devices"][child.learner_id]
    Learner.objects.filter(pk=child.learner_id).delete()  # no commit here: sessions untouched
    assert device.session[LEARNER_SESSION_KEY] == child.learner_id
    assert "正在學" not in device.get("/").content.decode()


def test_a_compressed_session_is_found_and_a_forged_one_is_left_alone():
    from lessons.learners import forget_in_sessions
    from plumbing.sessions import SessionStore

    big = SessionStore()
    big.update({LEARNER_SESSION_KEY: 41, "hints_shown": ["knight-first-jump"] * 50})
    big.create()
    assert Session.objects.get(session_key=big.session_key).session_data.startswith(".")
    forged = SessionStore()
    forged.update({LEARNER_SESSION_KEY: 41})
    forged.create()
    row = Session.objects.get(session_key=forged.session_key)
    payload, rest = row.session_data.split(":", 1)
    Session.objects.filter(pk=row.pk).update(session_data=payload + ":AAAA" + rest[4:])
    assert forget_in_sessions({41}) == 1
    assert LEARNER_SESSION_KEY not in SessionStore(big.session_key).load()
    assert Session.objects.get(pk=row.pk).session_data.startswith(payload + ":AAAA")


def test_wrong_passwords_at_the_delete_page_count_and_then_even_the_right_one_waits(
    school, stopped_clock
):
    client = signed_in(school["parent"])
    key = rate_limit.account_key(school["parent"].pk)
    for _ in range(rate_limit.ACCOUNT_FREE_FAILURES):
        response = client.post(reverse("people:delete_account"), {"password": "guess"})
        assert response.status_code == 400
    assert LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE, key=key).count() == 10
    response = client.post(reverse("people:delete_account"), {"password": PASSWORD})
    assert response.status_code == 429
    assert "請等" in response.content.decode()
    assert get_user_model().objects.filter(pk=school["parent"].pk).exists()


def test_an_empty_post_is_asked_again_and_counts_nothing(school):
    response = signed_in(school["parent"]).post(reverse("people:delete_account"), {})
    assert response.status_code == 400
    assert not LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE).exists()


def test_an_account_that_signs_in_with_its_school_goes_when_it_types_its_name(school):
    teacher = school["teacher"]
    teacher.set_unusable_password()
    teacher.save()
    client = signed_in(teacher)
    page = client.get(reverse("people:delete_account")).content.decode()
    assert f"你用學校帳號登入。請打出這個名稱：{teacher.get_username()}" in page
    assert 'type="password"' not in page
    wrong = client.post(reverse("people:delete_account"), {"password": "someone-else"})
    assert wrong.status_code == 400
    assert "這不是這個帳號的名稱。" in wrong.content.decode()
    assert not LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE).exists()
    typed = f" {teacher.get_username().upper()} "
    assert client.post(reverse("people:delete_account"), {"password": typed}).status_code == 302
    assert not get_user_model().objects.filter(pk=teacher.pk).exists()
