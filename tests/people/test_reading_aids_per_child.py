"""注音 belongs to the child, like the language: switched off on a shared laptop for one
child, it stays on for the other when she is picked; a browser nobody picked has the cookie."""

import pytest
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Learner
from people.models import ChildProfile
from tests.people.conftest import signed_in
from zhuyin.middleware import COOKIE
from zhuyin.models import ReadingAids

pytestmark = pytest.mark.django_db

RUBY = "<rt"


def pick(device, learner: Learner) -> None:
    picked = device.post(reverse("people:who_is_learning"), {"learner": learner.pk})
    assert picked.status_code == 302


def switch(device, on: bool) -> None:
    data = {"zhuyin": "on" if on else "off", "next": "/"}
    assert device.post(reverse("zhuyin_switch"), data).status_code == 302


def has_zhuyin(device) -> bool:
    return RUBY in device.get(reverse("lesson_map")).content.decode()


def test_zhuyin_follows_the_child_picked(parent, child):
    mei = Learner.objects.create(nickname="小美", avatar="Q")
    ChildProfile.objects.create(parent=parent, learner=mei)
    laptop = signed_in(parent)
    pick(laptop, mei)
    switch(laptop, on=True)
    assert has_zhuyin(laptop)
    pick(laptop, child.learner)  # 小明 switches it off on the same laptop
    assert has_zhuyin(laptop)  # he never chose: the browser's cookie, set by 小美, applies
    switch(laptop, on=False)
    assert not has_zhuyin(laptop)
    pick(laptop, mei)
    assert has_zhuyin(laptop)  # hers stays on
    pick(laptop, child.learner)
    assert not has_zhuyin(laptop)  # his stays off
    assert dict(ReadingAids.objects.values_list("learner__nickname", "zhuyin")) == {
        "小美": True,
        "小明": False,
    }


def test_the_childs_zhuyin_reaches_another_device(parent, child):
    laptop, tablet = signed_in(parent), signed_in(parent)
    pick(laptop, child.learner)
    switch(laptop, on=True)
    pick(tablet, child.learner)
    assert COOKIE not in tablet.cookies
    assert has_zhuyin(tablet)


def test_a_browser_with_no_learner_keeps_the_cookie(client):
    switch(client, on=True)
    assert LEARNER_SESSION_KEY not in client.session
    assert client.cookies[COOKIE].value == "on"
    assert has_zhuyin(client)
    assert not ReadingAids.objects.exists()
