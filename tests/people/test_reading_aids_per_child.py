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


def sound_of_page(device) -> str | None:
    body = device.get(reverse("lesson_map")).content.decode().split("<body", 1)[1].split(">")[0]
    for value in ("on", "off"):
        if f'data-sound="{value}"' in body:
            return value
    return None


def switch_sound(device, on: bool) -> None:
    response = device.post(reverse("sound_switch"), {"sound": "on" if on else "off"})
    assert response.status_code == 204


def test_sound_follows_the_child_picked_and_the_page_tells_the_script(parent, child):
    mei = Learner.objects.create(nickname="小美", avatar="Q")
    ChildProfile.objects.create(parent=parent, learner=mei)
    laptop, tablet = signed_in(parent), signed_in(parent)
    pick(laptop, mei)
    switch_sound(laptop, on=False)
    assert sound_of_page(laptop) == "off"
    pick(laptop, child.learner)
    assert sound_of_page(laptop) is None  # he never chose: the browser's localStorage decides
    switch_sound(laptop, on=True)
    pick(laptop, mei)
    assert sound_of_page(laptop) == "off"  # hers stays off
    pick(tablet, mei)
    assert sound_of_page(tablet) == "off"  # and goes with her to another device
    pick(laptop, child.learner)
    assert sound_of_page(laptop) == "on"
    aids = ReadingAids.objects.values_list("learner__nickname", "sound", "zhuyin")
    assert sorted(aids) == [("小明", True, None), ("小美", False, None)]


def test_choosing_sound_does_not_choose_zhuyin(parent, child):
    laptop = signed_in(parent)
    pick(laptop, child.learner)
    switch_sound(laptop, on=False)
    laptop.cookies[COOKIE] = "on"  # the browser's 注音 still applies to a child who never chose
    assert has_zhuyin(laptop)
    pick(laptop, child.learner)
    assert has_zhuyin(laptop)


def test_with_nobody_picked_the_server_keeps_no_sound(client):
    switch_sound(client, on=False)
    assert sound_of_page(client) is None
    assert not ReadingAids.objects.exists()


def test_the_sound_switch_refuses_nonsense(client):
    assert client.post(reverse("sound_switch"), {"sound": "loud"}).status_code == 400
    assert client.get(reverse("sound_switch")).status_code == 405
