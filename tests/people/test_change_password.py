"""「更改帳號密碼」: a signed-in grown-up changes their own password
(people/views/password_change.py)."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client
from django.urls import reverse

from people.limits import rate_limit
from people.models import LoginFailure
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db

PAGE = reverse("people:change_password")
OLD = "correct horse battery"
NEW = "a brand new pass phrase"


def change(client: Client, old: str = OLD, new: str = NEW, again: str | None = None):
    data = {"old_password": old, "new_password1": new, "new_password2": again or new}
    return client.post(PAGE, data)


def test_the_new_password_works_this_browser_stays_signed_in_and_others_are_signed_out():
    user = make_grown_up("ms-lin")
    here, elsewhere = signed_in(user), signed_in(user)
    mail.outbox.clear()
    response = change(here)
    assert response.status_code == 302
    assert response["Location"] == PAGE + "?done"
    user.refresh_from_db()
    assert user.check_password(NEW)
    done = here.get(response["Location"])
    assert "新密碼已儲存" in done.content.decode()
    assert "其他裝置要重新登入。" in done.content.decode()
    assert here.get(reverse("people:teacher_home")).status_code == 200  # still signed in
    assert SESSION_KEY not in elsewhere.get(reverse("lesson_map")).wsgi_request.session
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["ms-lin@example.org"]
    assert "帳號 ms-lin 的密碼剛剛在登入後被改了。" in sent.body
    assert reverse("people:password_reset") in sent.body


def test_a_wrong_password_in_use_changes_nothing_and_counts_as_a_failed_sign_in():
    user = make_grown_up("ms-lin")
    client = signed_in(user)
    response = change(client, old="not the password")
    assert response.status_code == 400
    assert "你的舊密碼不正確" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(OLD)
    key = rate_limit.account_key(user.pk)
    assert LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE, key=key).count() == 1


def test_a_right_password_with_new_ones_that_differ_is_not_counted_as_a_failure():
    user = make_grown_up("ms-lin")
    response = change(signed_in(user), again="another pass phrase")
    assert response.status_code == 400
    assert not LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE).exists()
    user.refresh_from_db()
    assert user.check_password(OLD)


def test_after_ten_wrong_passwords_the_next_try_must_wait_even_with_the_right_one(
    stopped_clock,
):
    user = make_grown_up("ms-lin")
    client = signed_in(user)
    for _ in range(rate_limit.ACCOUNT_FREE_FAILURES):
        assert change(client, old="guess").status_code == 400
    response = change(client)
    assert response.status_code == 429
    assert "請等" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(OLD)


def test_an_account_that_signs_in_with_its_school_has_no_password_to_change():
    user = make_grown_up("mr-chen")
    user.set_unusable_password()
    user.save()
    response = signed_in(user).get(PAGE)
    assert response.status_code == 200
    page = response.content.decode()
    assert "你用學校帳號登入。" in page
    assert "<form" not in page.split("<main", 1)[1]


def test_the_page_is_for_signed_in_grown_ups_and_linked_from_their_homes(parent):
    assert Client().get(PAGE).status_code == 302  # to the sign-in page
    client = signed_in(parent)
    for home in ("people:parent_home", "people:teacher_home"):
        assert f'href="{PAGE}"' in client.get(reverse(home)).content.decode()
