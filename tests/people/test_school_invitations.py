"""An administrator invites a teacher account by its username; the account joins the
school only when its owner accepts. The administrator's answer and page read the same
whether or not the name exists, so the form tells nobody who has an account here."""

import pytest
from django.urls import reverse

from people.models import SchoolInvitation, SchoolTeacher
from people.rosters.events import describe
from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import make_school

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def school(admin):
    return make_school(admin)


def invite(client, school, username):
    return client.post(
        reverse("people:add_school_teacher", args=[school.pk]), {"username": username}
    )


def said(school) -> list[str]:
    return [describe(event) for event in school.events.order_by("-at", "-pk")]


def answer(user, invitation, choice):
    url = reverse("people:answer_school_invitation", args=[invitation.pk])
    return signed_in(user).post(url, {"answer": choice})


def test_an_invitation_makes_no_teacher_until_accepted(admin, school):
    li = make_grown_up("li")
    assert invite(signed_in(admin), school, "li").status_code == 302
    assert not SchoolTeacher.objects.filter(school=school, user=li).exists()
    home = signed_in(li).get(reverse("people:teacher_home")).content.decode()
    assert "光明國小 的邀請" in home
    assert "admin 邀請你當學校的老師" in home
    invitation = SchoolInvitation.objects.get(school=school, username="li")
    assert answer(li, invitation, "accept").status_code == 302
    assert SchoolTeacher.objects.filter(school=school, user=li, is_admin=False).exists()
    assert not SchoolInvitation.objects.exists()
    assert said(school) == ["admin 把 li 加為學校的老師", "admin 邀請 li 當學校的老師"]


def test_a_declined_invitation_leaves_nothing(admin, school):
    li = make_grown_up("li")
    invite(signed_in(admin), school, "li")
    answer(li, SchoolInvitation.objects.get(), "decline")
    assert not SchoolTeacher.objects.filter(user=li).exists()
    assert not SchoolInvitation.objects.exists()
    assert "的邀請" not in signed_in(li).get(reverse("people:teacher_home")).content.decode()


def test_the_answer_does_not_tell_whether_a_name_exists(admin, school):
    make_grown_up("li")
    client = signed_in(admin)
    existing, missing = invite(client, school, "li"), invite(client, school, "nobody")
    assert (existing.status_code, existing["Location"]) == (
        missing.status_code,
        missing["Location"],
    )
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    assert page.count("data-invitation") == 2
    assert "<bdi>li</bdi>" in page and "<bdi>nobody</bdi>" in page
    assert "沒有這個帳號" not in page


def test_only_the_named_account_can_answer(admin, school):
    make_grown_up("li")
    invite(signed_in(admin), school, "li")
    invitation = SchoolInvitation.objects.get()
    stranger = make_grown_up("stranger")
    assert answer(stranger, invitation, "accept").status_code == 404
    assert answer(admin, invitation, "accept").status_code == 404
    assert not SchoolTeacher.objects.filter(user=stranger).exists()
    assert SchoolInvitation.objects.filter(pk=invitation.pk).exists()


def test_a_name_signed_up_after_the_invitation_cannot_accept_it(admin, school):
    invite(signed_in(admin), school, "later")
    later = make_grown_up("later")
    assert answer(later, SchoolInvitation.objects.get(), "accept").status_code == 404
    assert not SchoolTeacher.objects.filter(user=later).exists()


def test_an_administrator_cancels_an_invitation(admin, school):
    li = make_grown_up("li")
    invite(signed_in(admin), school, "li")
    invitation = SchoolInvitation.objects.get()
    cancel = reverse("people:cancel_school_invitation", args=[school.pk, invitation.pk])
    assert signed_in(li).post(cancel).status_code == 404  # not li's school to manage
    assert signed_in(admin).post(cancel).status_code == 302
    assert not SchoolInvitation.objects.exists()
    assert "的邀請" not in signed_in(li).get(reverse("people:teacher_home")).content.decode()


def test_inviting_a_teacher_of_the_school_again_changes_nothing(admin, school):
    li = make_grown_up("li")
    SchoolTeacher.objects.create(school=school, user=li)
    assert invite(signed_in(admin), school, "li").status_code == 302
    assert invite(signed_in(admin), school, "admin").status_code == 302
    assert not SchoolInvitation.objects.exists()
    assert said(school) == []
