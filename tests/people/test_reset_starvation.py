"""Reset links cannot be used up by a stranger, and the owner hears of a new password."""

import re

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

from tests.people.conftest import make_grown_up
from tutor.people.password_reset import LINKS_PER_REQUESTER

pytestmark = pytest.mark.django_db

RESET = reverse("people:password_reset")
PROXY = "127.0.0.1"


def _ask(address: str) -> int:
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)
    return client.post(RESET, {"email": "parent@example.org"}).status_code


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_strangers_requests_do_not_use_up_the_owners_links():
    make_grown_up("parent")
    for _ in range(5):
        assert _ask("203.0.113.5") == 302
    assert len(mail.outbox) == LINKS_PER_REQUESTER
    assert _ask("198.51.100.7") == 302
    assert len(mail.outbox) == LINKS_PER_REQUESTER + 1


def test_the_page_says_links_are_limited_the_same_for_any_address():
    make_grown_up("parent")
    known = Client().post(RESET, {"email": "parent@example.org"}, follow=True)
    unknown = Client().post(RESET, {"email": "nobody@example.org"}, follow=True)
    assert _main(known) == _main(unknown)
    assert "15 分鐘內最多寄 3 次。" in _main(known)


def _main(response) -> str:
    """The page's <main> (the rest carries a CSRF token of its own on each page)."""
    return re.search(r"<main.*?</main>", response.content.decode(), re.S).group(0)


def test_the_owner_is_mailed_when_a_link_changed_the_password():
    parent = make_grown_up("parent")
    client = Client()
    client.post(RESET, {"email": "parent@example.org"})
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    new = {"new_password1": "a brand new phrase", "new_password2": "a brand new phrase"}
    assert client.post(set_url, new).status_code == 302
    assert len(mail.outbox) == 2
    told = mail.outbox[1]
    assert told.to == [parent.email]
    assert told.subject == "你的密碼已經改了"
    assert "帳號 parent 的密碼剛剛用寄到這個信箱的連結改好了。" in told.body
    assert "/accounts/password-reset/" in told.body
