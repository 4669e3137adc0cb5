"""One verified account an e-mail address, and no look-alike account names, on any database."""

import re

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from people.models import GrownUp
from people.names import looks_disguised, name_key
from tests.people.conftest import make_grown_up

pytestmark = pytest.mark.django_db

SIGN_UP = reverse("people:sign_up")
SIGN_IN = reverse("people:sign_in")
RESET = reverse("people:password_reset")
PASSWORD = "a long pass phrase"


def _sign_up(username: str, email: str = "") -> tuple[Client, object]:
    client = Client()
    response = client.post(
        SIGN_UP,
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    return client, response


def _link(message) -> str:
    return re.search(r"https?://[^/]+(/\S+)", message.body).group(1)


@pytest.mark.parametrize("name", ["Alıce", "AlİCE", "ＡＬＩＣＥ", "Alicé", "alice"])
def test_a_name_that_reads_as_alice_has_alices_key(name):
    assert name_key(name) == "alice"


def test_a_cyrillic_letter_among_latin_ones_is_a_disguise():
    assert looks_disguised("Alicе")  # the last letter is U+0435
    assert not looks_disguised("Alice")
    assert not looks_disguised("王小明")


@pytest.mark.parametrize("look_alike", ["Alıce", "AlİCE", "Alicе", "ALICE"])
def test_a_look_alike_of_an_existing_name_is_refused(look_alike):
    _sign_up("alice")
    _client, response = _sign_up(look_alike)
    assert response.status_code == 400
    assert get_user_model().objects.count() == 1
    text = response.content.decode()
    assert "和這個很像" in text or "長得一樣的字母" in text


def test_sign_up_mails_a_link_that_verifies_the_address():
    client, response = _sign_up("mum", "Mum@Example.org")
    assert response.status_code == 302
    grown_up = GrownUp.objects.get(user__username="mum")
    assert (grown_up.email_key, grown_up.email_verified) == ("mum@example.org", False)
    (message,) = mail.outbox
    assert message.to == ["Mum@example.org"]  # Django lowers the domain part
    page = client.get(_link(message))
    assert page.status_code == 200
    grown_up.refresh_from_db()
    assert grown_up.email_verified


def test_an_unverified_address_signs_nobody_in_and_gets_no_reset_link():
    _sign_up("mum", "mum@example.org")
    mail.outbox.clear()
    by_email = Client().post(SIGN_IN, {"username": "mum@example.org", "password": PASSWORD})
    assert by_email.status_code == 400
    by_name = Client().post(SIGN_IN, {"username": "mum", "password": PASSWORD})
    assert by_name.status_code == 302
    Client().post(RESET, {"email": "mum@example.org"})
    assert mail.outbox == []


def test_a_stranger_with_the_victims_address_blocks_nothing_and_gets_nothing():
    victim = make_grown_up("parent")  # parent@example.org, verified
    _sign_up("stranger", "PARENT@example.org")
    _sign_up("parent@example.org")  # the address as a username, too
    mail.outbox.clear()
    client = Client()
    response = client.post(
        SIGN_IN, {"username": "parent@example.org", "password": "correct horse battery"}
    )
    assert response.status_code == 302
    assert int(client.session[SESSION_KEY]) == victim.pk
    Client().post(RESET, {"email": "parent@example.org"})
    (reset,) = mail.outbox
    uid = re.search(r"/reset/([^/]+)/", reset.body).group(1)
    from django.utils.http import urlsafe_base64_decode

    assert int(urlsafe_base64_decode(uid)) == victim.pk


def test_whoever_opens_the_link_first_keeps_the_address():
    owner, _ = _sign_up("mum", "mum@example.org")
    stranger, _ = _sign_up("stranger", "mum@example.org")  # both only claims so far
    owners_link, strangers_link = (_link(message) for message in mail.outbox)
    assert owner.get(owners_link).status_code == 200
    page = stranger.get(strangers_link)
    assert page.status_code == 409
    assert "另一個帳號已經確認過這個電子郵件了" in page.content.decode()
    assert not GrownUp.objects.get(user__username="stranger").email_verified


def test_signing_up_with_a_verified_address_says_to_sign_in():
    make_grown_up("parent")
    _client, response = _sign_up("someone", "Parent@Example.org")
    assert response.status_code == 400
    assert "這個電子郵件已經有帳號了" in response.content.decode()


def test_a_tampered_link_is_a_400():
    _sign_up("mum", "mum@example.org")
    link = _link(mail.outbox[0])
    response = Client().get(link[:-3] + "xyz/")
    assert response.status_code == 400
    assert "這個連結已經不能用了" in response.content.decode()
