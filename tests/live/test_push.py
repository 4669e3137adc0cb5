"""Push, not poll (live.push, live.announce): off by default, the pages poll and nothing is
published; with a push server named (LIVE_PUSH), the pages carry a signed channel path,
nginx's check (live.views.push_auth) lets only its subscriber in, and each change is
published after its transaction commits: the round's fragment (no answer token, no names)
to every language's class channel, a fetch at the reveal and the end, the stage and the
count to the projector's channel. nginx itself: tests/deploy/test_live_push.py."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from curriculum.loading import get_curriculum
from live import push
from live.models import LiveSession
from tests.live.helpers import KNIGHT, move, put_up, start, student_client
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db
PUBLISHER = "http://127.0.0.1:8479/pub"


@pytest.fixture
def published(settings, monkeypatch):
    """A push server named; what would be sent to it, as (method, channel, message)."""
    settings.LIVE_PUSH = PUBLISHER
    sent = []

    def send(method, channel, body):
        sent.append((method, channel, json.loads(body) if body else None))
        return True

    monkeypatch.setattr(push, "_send", send)
    return sent


@pytest.fixture
def two(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明")]


def auth(client, path):
    return client.get(reverse("live:student_round"), headers={"X-Live-Push": path})


def test_without_a_push_server_the_pages_poll_and_nothing_is_published(
    teacher, classroom, two, monkeypatch, django_capture_on_commit_callbacks, settings
):
    settings.LIVE_PUSH = ""
    monkeypatch.setattr(push, "_send", lambda *args: pytest.fail("published"))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        client, session = start(teacher, classroom)
        put_up(client, session)
    assert callbacks == []
    phone = student_client(two[0]).get(reverse("live:student")).content.decode()
    projector = client.get(reverse("live:projector", args=[session.pk])).content.decode()
    for page in (phone, projector):
        assert "data-push" not in page and "live-push" not in page
        assert 'hx-trigger="every 2s"' in page


def test_the_pages_carry_a_signed_path_only_their_subscriber_may_open(
    teacher, other_teacher, classroom, two, published
):
    client, session = start(teacher, classroom)
    phone = student_client(two[0])
    page = phone.get(reverse("live:student")).content.decode()
    path = re.search(r'data-push="([^"]+)"', page).group(1)
    learner = two[0].learner_id
    assert path.startswith(f"/live/push/class/{classroom.pk}/{learner}/zh-hant/")
    assert push.parse(path) == ("class", classroom.pk, learner, "zh-hant")
    assert 'src="/static/js/live-push.js"' in page
    assert auth(phone, path).status_code == 200

    forged = path[: path.rindex("/") + 1] + "A" * 43
    assert push.parse(forged) is None
    assert auth(phone, forged).status_code == 403
    assert auth(phone, "/live/round").status_code == 403
    assert auth(student_client(two[1]), path).status_code == 403  # a classmate's cookie
    assert auth(client, path).status_code == 403  # the teacher is not that student

    stage = re.search(
        r'data-push="([^"]+)"',
        client.get(reverse("live:projector", args=[session.pk])).content.decode(),
    ).group(1)
    assert stage.startswith(f"/live/push/stage/{session.pk}/{teacher.pk}/-/")
    assert auth(client, stage).status_code == 200
    assert auth(signed_in(other_teacher), stage).status_code == 403
    assert auth(phone, stage).status_code == 403


def test_a_student_moved_out_is_refused_and_their_stream_closed(
    teacher, classroom, two, published, django_capture_on_commit_callbacks
):
    phone = student_client(two[0])
    start(teacher, classroom)
    path = re.search(r'data-push="([^"]+)"', phone.get(reverse("live:student")).text).group(1)
    other = type(classroom).objects.create(teacher=teacher, name="三年二班")
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        two[0].classroom = other
        two[0].save()
    assert published == [("DELETE", f"who-class-{two[0].learner_id}", None)]
    assert auth(phone, path).status_code == 403


def test_a_round_is_published_after_it_commits(
    teacher, classroom, two, published, django_capture_on_commit_callbacks
):
    client, session = start(teacher, classroom)
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        put_up(client, session, KNIGHT)
    channels = [channel for _method, channel, _message in published]
    classes = [f"class-{classroom.pk}-{code}" for code in ("zh-hant", "en", "zh-hans")]
    assert channels == [*classes, f"stage-{session.pk}"]
    fragments = {channel: message for _method, channel, message in published}
    chinese, english = fragments[classes[0]], fragments[classes[1]]
    assert chinese["order"] == f"{session.pk}.1.0"
    assert "第 1 題" in chinese["html"] and "Puzzle 1" in english["html"]
    prompts = {}
    for code in ("zh-hant", "en"):
        with translation.override(code):
            prompts[code] = get_curriculum().puzzle("knight-crowded-corner").prompt
    assert prompts["zh-hant"] != prompts["en"]
    # Each language's fragment asks the puzzle in that language, whoever put it up.
    assert escape(prompts["en"]) in english["html"]
    assert escape(prompts["zh-hant"]) not in english["html"]
    assert 'action="/live/answer"' in chinese["html"]
    assert 'name="token"' not in chinese["html"]
    assert "小華" not in chinese["html"]
    stage = fragments[f"stage-{session.pk}"]
    assert stage["state"].startswith(f"1-{session.current_round().pk}-0-0")

    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert move(student_client(two[0]), "a1b3").status_code == 200
    live_round = session.current_round()
    assert published == [
        ("POST", f"stage-{session.pk}", {"round": live_round.pk, "answered": 1, "students": 2})
    ]

    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("live:reveal", args=[session.pk]))
    assert published[0] == ("POST", classes[0], {"order": f"{session.pk}.1.1", "fetch": True})
    assert "data-results" in published[-1][2]["html"]

    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("live:end", args=[session.pk]))
    ended = LiveSession.objects.get(pk=session.pk)
    assert ended.ended_at is not None
    assert published[0] == (
        "POST",
        classes[0],
        {"order": f"{session.pk}.2147483648.0", "fetch": True},
    )
