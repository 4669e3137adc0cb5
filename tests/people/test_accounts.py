import re

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.core import mail
from django.db import connection
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner
from people.limits.rate_limit import MAX_FAILURES, MAX_FAILURES_PER_ADDRESS
from people.models import ChildProfile, GrownUp, LoginFailure
from people.views.accounts import SIGN_IN_ADDRESS_SCOPE
from tests.people.conftest import make_grown_up

pytestmark = pytest.mark.django_db

SIGN_UP = reverse("people:sign_up")
SIGN_IN = reverse("people:sign_in")


def browser_with_anonymous_progress() -> tuple[Client, Learner]:
    client = Client()
    learner = Learner.objects.create()
    Attempt.objects.create(
        learner=learner, lesson="board", puzzle="p", answer="a", verdict="illegal"
    )
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    return client, learner


def test_it_signs_up_a_grown_up_and_keeps_the_browsers_progress():
    client, learner = browser_with_anonymous_progress()
    response = client.post(
        SIGN_UP,
        {
            "username": "mum@example.org",
            "password1": "a long pass phrase",
            "password2": "a long pass phrase",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("people:parent_home")
    user = get_user_model().objects.get(username="mum@example.org")
    assert user.email == "mum@example.org"
    # Kept, waiting to be told whose it is; the browser goes on with it.
    assert GrownUp.objects.get(user=user).unclaimed == learner
    assert client.session[LEARNER_SESSION_KEY] == learner.pk
    assert int(client.session[SESSION_KEY]) == user.pk


def test_it_does_not_adopt_a_learner_that_is_someones_child(parent):
    client = Client()
    learner = Learner.objects.create(nickname="小明")
    ChildProfile.objects.create(parent=parent, learner=learner)
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    client.post(
        SIGN_UP,
        {"username": "dad", "password1": "a long pass phrase", "password2": "a long pass phrase"},
    )
    grown_up = GrownUp.objects.get(user__username="dad")
    assert grown_up.unclaimed is None
    assert grown_up.learner != learner
    assert client.session[LEARNER_SESSION_KEY] == grown_up.learner.pk


def test_it_refuses_mismatched_passwords_with_a_400():
    response = Client().post(
        SIGN_UP, {"username": "dad", "password1": "a long pass phrase", "password2": "another one!"}
    )
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="dad").exists()


def test_it_rotates_the_session_key_at_sign_in(parent):
    client = Client()
    client.get(SIGN_IN)
    client.session.save()
    before = client.session.session_key
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 302
    assert client.session.session_key != before
    assert int(client.session[SESSION_KEY]) == parent.pk


def test_it_accepts_the_email_address_in_place_of_the_username(parent):
    client = Client()
    response = client.post(
        SIGN_IN, {"username": "parent@example.org", "password": "correct horse battery"}
    )
    assert response.status_code == 302
    assert int(client.session[SESSION_KEY]) == parent.pk


def test_it_answers_a_wrong_password_with_a_400_and_no_session(parent):
    client = Client()
    response = client.post(SIGN_IN, {"username": "parent", "password": "wrong"})
    assert response.status_code == 400
    assert SESSION_KEY not in client.session


def test_it_refuses_the_sixth_try_within_15_minutes_even_with_the_right_password(parent):
    client = Client()
    for _ in range(MAX_FAILURES):
        assert client.post(SIGN_IN, {"username": "parent", "password": "wrong"}).status_code == 400
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429
    assert "請等 15 分鐘" in response.content.decode()
    assert SESSION_KEY not in client.session


def test_it_limits_each_username_separately(parent, other_parent):
    client = Client()
    for _ in range(MAX_FAILURES):
        client.post(SIGN_IN, {"username": "parent", "password": "wrong"})
    response = client.post(
        SIGN_IN, {"username": "other-parent", "password": "correct horse battery"}
    )
    assert response.status_code == 302


def test_it_ignores_a_next_address_on_another_site(parent):
    response = Client().post(
        SIGN_IN,
        {
            "username": "parent",
            "password": "correct horse battery",
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == reverse("people:parent_home")


def test_it_signs_out_only_by_post(parent):
    client = Client()
    client.force_login(parent)
    assert client.get(reverse("people:sign_out")).status_code == 405
    assert client.post(reverse("people:sign_out")).status_code == 302
    assert SESSION_KEY not in client.session


def test_it_mails_a_password_reset_link_that_sets_a_new_password(parent):
    client = Client()
    response = client.post(reverse("people:password_reset"), {"email": "parent@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_url, {"new_password1": "a brand new phrase", "new_password2": "a brand new phrase"}
    )
    assert done.status_code == 302
    parent.refresh_from_db()
    assert parent.check_password("a brand new phrase")


def test_padding_a_username_does_not_escape_the_limit(parent):
    client = Client()
    for n in range(MAX_FAILURES):
        client.post(SIGN_IN, {"username": "PARENT" + " " * n, "password": "wrong"})
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429


def test_it_answers_a_sign_up_that_loses_a_race_for_the_name_with_a_400(monkeypatch):
    # Another sign-up took the name between validation and saving.
    from people.forms import SignUpForm

    monkeypatch.setattr(SignUpForm, "clean_username", lambda form: form.cleaned_data["username"])
    get_user_model().objects.create_user("dad", password="x")
    users_before = get_user_model().objects.count()
    response = Client().post(
        SIGN_UP,
        {"username": "dad", "password1": "a long pass phrase", "password2": "a long pass phrase"},
    )
    assert response.status_code == 400
    assert "已經" in response.content.decode()
    assert get_user_model().objects.count() == users_before
    assert GrownUp.objects.count() == 0


def test_every_spelling_that_finds_the_account_counts_against_the_same_account(parent):
    # Spellings the sign-in accepts or the database matches case-insensitively on both backends.
    client = Client()
    for spelling in ("PARENT", "Parent", "parent@EXAMPLE.org", "PARENT@example.org", "pArent"):
        assert client.post(SIGN_IN, {"username": spelling, "password": "wrong"}).status_code == 400
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429
    assert SESSION_KEY not in client.session


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="only PostgreSQL's UPPER() maps ı to I and ſ to S"
)
def test_look_alike_letters_on_postgresql_count_against_the_same_account():
    user = make_grown_up("iris")
    user.email = "iris.sims@example.org"
    user.save()
    look_alikes = ["ırıs.sıms@example.org", "iriſ.ſims@example.org", "ıriſ.sımſ@example.org"]
    assert get_user_model().objects.filter(email__iexact=look_alikes[0]).get() == user
    client = Client()
    for spelling in [*look_alikes, "IRIS.SIMS@example.org", "ırıſ.ſıms@example.org"]:
        assert client.post(SIGN_IN, {"username": spelling, "password": "wrong"}).status_code == 400
    response = client.post(
        SIGN_IN, {"username": "iris.sims@example.org", "password": "correct horse battery"}
    )
    assert response.status_code == 429


def test_one_address_trying_many_names_is_stopped_at_the_address_ceiling(parent):
    client = Client()
    for n in range(MAX_FAILURES_PER_ADDRESS):
        client.post(SIGN_IN, {"username": f"nobody-{n}", "password": "wrong"})
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429


def test_a_schools_teachers_behind_one_address_all_sign_in(db):
    # 31 teachers, one school's NAT, 15 minutes: right passwords use up no budget.
    teachers = [make_grown_up(f"teacher-{n}") for n in range(MAX_FAILURES_PER_ADDRESS + 1)]
    for teacher in teachers:
        client = Client(REMOTE_ADDR="10.0.0.7")
        response = client.post(
            SIGN_IN, {"username": teacher.username, "password": "correct horse battery"}
        )
        assert response.status_code == 302
        assert int(client.session[SESSION_KEY]) == teacher.pk
    assert not LoginFailure.objects.filter(scope=SIGN_IN_ADDRESS_SCOPE).exists()


def test_right_sign_ins_between_them_do_not_wipe_an_addresss_failures(db):
    make_grown_up("teacher")
    school = Client(REMOTE_ADDR="10.0.0.7")
    right = {"username": "teacher", "password": "correct horse battery"}
    for n in range(MAX_FAILURES_PER_ADDRESS):
        wrong = school.post(SIGN_IN, {"username": f"nobody-{n}", "password": "wrong"})
        assert wrong.status_code == 400
        if n < MAX_FAILURES_PER_ADDRESS - 1:
            assert Client(REMOTE_ADDR="10.0.0.7").post(SIGN_IN, right).status_code == 302
    assert Client(REMOTE_ADDR="10.0.0.7").post(SIGN_IN, right).status_code == 429
    assert LoginFailure.objects.filter(scope=SIGN_IN_ADDRESS_SCOPE).count() == (
        MAX_FAILURES_PER_ADDRESS
    )


def test_another_address_is_not_held_to_this_addresss_failures(parent):
    for _ in range(MAX_FAILURES):
        Client(REMOTE_ADDR="10.0.0.7").post(SIGN_IN, {"username": "parent", "password": "wrong"})
    client = Client(REMOTE_ADDR="10.0.0.8")
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 302
