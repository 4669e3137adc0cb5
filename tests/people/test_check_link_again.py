"""「再寄一次確認信」: a grown-up whose e-mail address is not checked yet asks for the link
again, signed in or from the sign-in page; limited like the reset links, and honest about
the link sent a moment ago (people.views.email_links)."""

import re
import smtplib
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from people.models import GrownUp, LoginFailure
from people.views import email_links
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

CHECK = reverse("people:check_link")
PROXY = "127.0.0.1"


def waiting_grown_up(username="parent") -> GrownUp:
    """An account whose address was never checked."""
    user = get_user_model().objects.create_user(
        username, email=f"{username}@example.org", password="correct horse battery"
    )
    return GrownUp.objects.create(user=user, name_key=username, email_key=user.email)


def main(response) -> str:
    return re.search(r"<main.*?</main>", response.content.decode(), re.S).group(0)


def links_in_outbox() -> list[str]:
    return [re.search(r"/accounts/verify-email/\S+/", m.body).group(0) for m in mail.outbox]


def test_signed_in_the_page_sends_a_new_link_that_checks_the_address():
    grown_up = waiting_grown_up()
    client = signed_in(grown_up.user)
    page = main(client.get(CHECK))
    assert "你的電子郵件 parent@example.org 還沒確認：請打開我們寄去的連結。" in page
    assert "再寄一次確認信</button>" in page
    sent = client.post(CHECK)
    assert sent.status_code == 200
    assert "新的確認信已經寄到 parent@example.org。" in main(sent)
    [link] = links_in_outbox()
    assert mail.outbox[0].to == ["parent@example.org"]
    assert client.get(link).status_code == 200
    grown_up.refresh_from_db()
    assert grown_up.email_verified
    assert "你的電子郵件 parent@example.org 已經確認了。" in main(client.get(CHECK))


def test_the_page_says_when_the_last_link_went_and_when_another_may(monkeypatch):
    grown_up = waiting_grown_up()
    client = signed_in(grown_up.user)
    for _ in range(email_links.LINKS_PER_REQUESTER):
        assert client.post(CHECK).status_code == 200
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(minutes=4))
    held = client.post(CHECK)
    assert held.status_code == 429
    assert len(mail.outbox) == email_links.LINKS_PER_REQUESTER  # none more went
    page = main(held)
    assert "4 分鐘前寄過確認信了。請找找信箱裡的信。" in page
    assert "11 分鐘後才能再寄一次。" in page
    assert "</button>" not in page  # no button that would only be refused
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(minutes=16))
    assert client.post(CHECK).status_code == 200
    assert len(mail.outbox) == email_links.LINKS_PER_REQUESTER + 1


def test_the_sign_up_link_counts_as_the_first():
    client = Client()
    data = {"username": "mum", "email": "mum@example.org", "password1": "a long pass phrase"}
    assert client.post(reverse("people:sign_up"), data | {"password2": data["password1"]})
    assert len(mail.outbox) == 1
    assert "1 分鐘前寄過確認信了。" in main(client.get(CHECK))


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_stranger_asking_again_and_again_leaves_the_owner_their_links():
    waiting_grown_up()
    stranger = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.5")
    for _ in range(email_links.ASKS_PER_ADDRESS):
        assert stranger.post(CHECK, {"email": "parent@example.org"}).status_code == 200
    assert len(mail.outbox) == email_links.LINKS_PER_REQUESTER
    refused = stranger.post(CHECK, {"email": "parent@example.org"})
    assert refused.status_code == 429
    assert "這裡要求寄信太多次了，請等 15 分鐘再試一次。" in main(refused)
    owner = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert owner.post(CHECK, {"email": "PARENT@example.org"}).status_code == 200
    assert len(mail.outbox) == email_links.LINKS_PER_REQUESTER + 1


def test_from_the_sign_in_page_the_answer_is_the_same_for_any_address():
    waiting_grown_up()
    sign_in = Client().get(reverse("people:sign_in")).content.decode()
    assert f'電子郵件還沒確認？ <a href="{CHECK}">再寄一次確認信</a>' in sign_in
    known = Client().post(CHECK, {"email": "parent@example.org"})
    unknown = Client().post(CHECK, {"email": "nobody@example.org"})
    assert main(known) == main(unknown)
    assert "如果有帳號在等這個地址確認，確認信已經寄出了。" in main(known)
    assert len(mail.outbox) == 1


def test_a_checked_address_gets_no_link_from_the_page():
    grown_up = waiting_grown_up()
    GrownUp.objects.filter(pk=grown_up.pk).update(email_verified=True)
    Client().post(CHECK, {"email": "parent@example.org"})
    assert signed_in(grown_up.user).post(CHECK).status_code == 200
    assert mail.outbox == []


def test_an_address_no_form_sends_is_a_400_in_chinese():
    response = Client().post(CHECK, {"email": "not an address"})
    assert response.status_code == 400
    assert mail.outbox == []


def test_a_mail_the_server_refuses_is_said_and_not_counted(monkeypatch):
    grown_up = waiting_grown_up()

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    response = signed_in(grown_up.user).post(CHECK)
    assert response.status_code == 503
    assert "郵件伺服器沒有收下這封信，連結沒有寄出。" in main(response)
    assert not LoginFailure.objects.filter(scope=email_links.ACCOUNT_SCOPE).exists()


def test_the_parents_page_points_a_waiting_address_to_the_page():
    grown_up = waiting_grown_up()
    page = signed_in(grown_up.user).get(reverse("people:parent_home")).content.decode()
    assert "你的電子郵件 parent@example.org 還沒確認：請打開我們寄去的連結。" in page
    assert f'<a href="{CHECK}">再寄一次確認信</a>' in page


def _signed_up(username: str = "mum") -> Client:
    """A grown-up who signed up in this browser (sign-up makes it a known browser)."""
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    data = {"username": username, "email": f"{username}@example.org"}
    data |= {"password1": "a long pass phrase", "password2": "a long pass phrase"}
    assert client.post(reverse("people:sign_up"), data).status_code == 302
    assert "known_browser" in client.cookies
    return client


def _strangers_use_up_the_hour(email: str) -> None:
    for n in range(email_links.LINKS_PER_ACCOUNT // email_links.LINKS_PER_REQUESTER + 1):
        stranger = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"203.0.113.{n + 1}")
        for _ in range(email_links.LINKS_PER_REQUESTER):
            assert stranger.post(CHECK, {"email": email}).status_code == 200


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_strangers_at_many_addresses_do_not_use_up_the_owners_own_browser():
    owner = _signed_up()
    _strangers_use_up_the_hour("mum@example.org")
    assert len(mail.outbox) == email_links.LINKS_PER_ACCOUNT  # the sign-up's link and 9 more
    anyone = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.9")
    assert anyone.post(CHECK, {"email": "mum@example.org"}).status_code == 200
    assert len(mail.outbox) == email_links.LINKS_PER_ACCOUNT  # the hour is used up
    sent = owner.post(CHECK)
    assert sent.status_code == 200
    assert "新的確認信已經寄到 mum@example.org。" in main(sent)
    assert len(mail.outbox) == email_links.LINKS_PER_ACCOUNT + 1
    assert mail.outbox[-1].to == ["mum@example.org"]


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_owners_browser_is_still_limited_on_its_own():
    owner = _signed_up()
    for _ in range(email_links.LINKS_PER_REQUESTER):
        assert owner.post(CHECK).status_code == 200
    held = owner.post(CHECK)
    assert held.status_code == 429
    assert "15 分鐘後才能再寄一次。" in main(held)
    # the sign-up's link was counted as anyone's; the browser's own three went after it
    assert len(mail.outbox) == 1 + email_links.LINKS_PER_REQUESTER


def test_a_sign_up_whose_mail_could_not_go_says_so_and_sends_it_again(monkeypatch):
    """Not 「請打開我們寄去的連結」 when nothing went: the page says the mail was not sent
    and its button sends it; once one went, the usual note comes back."""

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    client = Client()
    data = {"username": "mum", "email": "mum@example.org"}
    data |= {"password1": "a long pass phrase", "password2": "a long pass phrase"}
    home = client.get(client.post(reverse("people:sign_up"), data).url).content.decode()
    assert "我們沒辦法把確認信寄到 mum@example.org：郵件伺服器沒有收下這封信。" in home
    assert "請打開我們寄去的連結" not in home
    assert re.search(rf'<form method="post" action="{CHECK}" class="inline-form">', home)
    assert "我們沒辦法把確認信寄到" in main(client.get(CHECK))
    monkeypatch.undo()
    assert client.post(CHECK).status_code == 200 and len(links_in_outbox()) == 1
    home = client.get(reverse("people:parent_home")).content.decode()
    assert "你的電子郵件 mum@example.org 還沒確認：請打開我們寄去的連結。" in home
