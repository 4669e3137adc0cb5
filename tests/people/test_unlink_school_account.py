"""A class's teacher unlinks a student's school account (the wrong child linked, a shared
tablet mixed up): asked first, then a POST deletes the (issuer, subject) link, with the
box ticked the roster's school account too, signs the student out everywhere and writes
the audit log. Nobody else may: another teacher, the school's administrator who does not
teach the class, a student, a stranger."""

import logging

import pytest
from django.test import Client
from django.urls import reverse

from people.models import Classroom, Student
from school_sign_in.models import SchoolIdentity
from tests.people.conftest import make_grown_up, make_student, signed_in
from tests.people.rosters import make_school

pytestmark = pytest.mark.django_db


@pytest.fixture
def linked(student):
    Student.objects.filter(pk=student.pk).update(school_account="edu-tw:s-2001")
    student.refresh_from_db()
    SchoolIdentity.objects.create(
        issuer="https://oidc.tanet.edu.tw", subject="s-2001", provider="edu-tw", student=student
    )
    return student


def url(student) -> str:
    return reverse("school_sign_in:unlink_student", args=[student.pk])


def test_the_roster_page_shows_the_link_to_the_teacher(teacher, linked):
    page = signed_in(teacher).get(reverse("people:class_roster", args=[linked.classroom_id]))
    html = page.content.decode()
    assert f'href="{url(linked)}" data-school-account="linked"' in html
    assert "學校帳號：已連結" in html


def test_a_get_asks_first_and_changes_nothing(teacher, linked):
    page = signed_in(teacher).get(url(linked))
    assert page.status_code == 200
    html = page.content.decode()
    assert "要解除「小華」的學校帳號嗎？" in html
    assert "也清除名單上的學校帳號" in html
    assert SchoolIdentity.objects.filter(student=linked).count() == 1


def test_the_teacher_unlinks_and_the_roster_account_stays(teacher, linked, caplog):
    device = Client()
    session = device.session
    session.update({"learner_id": linked.learner_id, "signed_in_as_student": True})
    session.save()
    with caplog.at_level(logging.INFO, logger="tutor.audit"):
        response = signed_in(teacher).post(url(linked))
    assert response.status_code == 302
    assert response["Location"] == reverse("people:class_roster", args=[linked.classroom_id])
    assert not SchoolIdentity.objects.exists()
    linked.refresh_from_db()
    assert linked.school_account == "edu-tw:s-2001"
    assert "learner_id" not in device.session  # signed out on every device
    assert f"user {teacher.pk} unlinked 1 school account(s) (edu-tw #" in caplog.text
    assert f"from student {linked.pk} of class {linked.classroom_id}" in caplog.text


def test_the_box_clears_the_rosters_school_account_too(teacher, linked, caplog):
    with caplog.at_level(logging.INFO, logger="tutor.audit"):
        signed_in(teacher).post(url(linked), {"roster": "1"})
    linked.refresh_from_db()
    assert (linked.school_account, SchoolIdentity.objects.count()) == ("", 0)
    assert "the roster's school account cleared" in caplog.text


def test_another_student_keeps_their_link(teacher, linked, classroom):
    other = make_student(classroom, "小美")
    SchoolIdentity.objects.create(
        issuer="https://oidc.tanet.edu.tw", subject="s-2002", provider="edu-tw", student=other
    )
    signed_in(teacher).post(url(linked))
    assert list(SchoolIdentity.objects.values_list("student", flat=True)) == [other.pk]


def test_another_teacher_gets_404_and_nothing_changes(other_teacher, linked):
    client = signed_in(other_teacher)
    assert client.get(url(linked)).status_code == 404
    assert client.post(url(linked), {"roster": "1"}).status_code == 404
    linked.refresh_from_db()
    assert (linked.school_account, SchoolIdentity.objects.count()) == ("edu-tw:s-2001", 1)


def test_the_schools_administrator_who_does_not_teach_the_class_gets_404(linked):
    admin = make_grown_up("admin")
    school = make_school(admin)
    Classroom.objects.filter(pk=linked.classroom_id).update(school=school)
    assert signed_in(admin).post(url(linked)).status_code == 404
    assert SchoolIdentity.objects.count() == 1


def test_a_student_or_a_stranger_is_sent_to_sign_in(linked):
    student_device = Client()
    session = student_device.session
    session.update({"learner_id": linked.learner_id, "signed_in_as_student": True})
    session.save()
    for client in (student_device, Client()):
        response = client.post(url(linked))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("people:sign_in"))
    assert SchoolIdentity.objects.count() == 1


def test_an_archived_class_s_student_is_not_found(teacher, linked):
    from django.utils import timezone

    Classroom.objects.filter(pk=linked.classroom_id).update(archived_at=timezone.now())
    assert signed_in(teacher).post(url(linked)).status_code == 404
