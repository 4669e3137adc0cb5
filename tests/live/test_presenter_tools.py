"""The presenter's tools: who has not answered yet (by name, the teacher's screen only), a
time limit per round with its countdown (late answers refused in words), the split of the
answers and the podium of the fastest right answers on the projector after the reveal."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from lessons.models import Attempt
from live.models import LiveRound
from live.results import answered_count, round_results
from tests.live.helpers import move, put_up, start, student_client
from tests.people.conftest import make_student

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美")]


def page(client, name, session) -> str:
    return client.get(reverse(f"live:{name}", args=[session.pk])).content.decode()


def test_the_presenter_names_who_has_not_answered_and_the_projector_never_does(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    move(student_client(three[0]), "a1b3")
    presenter = page(teacher_client, "projector", session)
    assert "還沒回答（2 人）：小明、小美" in presenter
    audience = page(teacher_client, "audience", session)
    assert "data-not-answered" not in audience
    assert not any(name in audience for name in ("小華", "小明", "小美"))
    move(student_client(three[1]), "a2a3")
    panel = teacher_client.get(reverse("live:panel", args=[session.pk])).content.decode()
    assert "還沒回答（1 人）：小美" in panel  # the panel's poll brings the list up to date
    move(student_client(three[2]), "a1c2")
    assert "大家都回答了。" in page(teacher_client, "projector", session)


def test_a_time_limit_counts_down_everywhere_and_a_late_answer_is_refused(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    time = reverse("live:time_limit", args=[session.pk])
    assert teacher_client.post(time, {"seconds": "45"}).status_code == 400
    assert teacher_client.post(time, {"seconds": "30"}).status_code == 302
    put_up(teacher_client, session)
    live_round = LiveRound.objects.get(session=session)
    assert live_round.deadline == live_round.opened_at + timedelta(seconds=30)
    phone = student_client(three[0])
    shown = [
        page(teacher_client, "projector", session),
        page(teacher_client, "audience", session),
        phone.get(reverse("live:student")).content.decode(),
    ]
    for html in shown:
        assert 'role="timer" data-countdown data-seconds-left="' in html
        left = int(html.split('data-seconds-left="', 1)[1].split('"', 1)[0])
        assert 0 < left <= 30
        assert "秒" in html.split("data-countdown", 1)[1].split("</p>", 1)[0]
    LiveRound.objects.filter(pk=live_round.pk).update(deadline=timezone.now())  # time is up
    late = phone.post(
        reverse("live:student_answer"),
        {"mode": "move", "typed": "a1b3", "asked": "knight-crowded-corner"},
    )
    assert "這一題的時間到了，你的答案沒有算進去。" in late.content.decode()
    assert not Attempt.objects.exists() and answered_count(live_round) == 0
    assert 'data-seconds-left="0"' in page(teacher_client, "audience", session)
    teacher_client.post(time, {"seconds": ""})  # no limit from the next puzzle on
    put_up(teacher_client, session, "knight/knight-first-jump")
    assert LiveRound.objects.get(number=2).deadline is None
    assert "data-countdown" not in page(teacher_client, "audience", session)


def test_after_the_reveal_the_projector_shows_the_split_and_the_podium_if_turned_on(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    for student, uci in zip(three, ("a1b3", "a1b3", "a2a3"), strict=True):
        move(student_client(student), uci)
    opened = timezone.now() - timedelta(minutes=1)
    LiveRound.objects.filter(session=session).update(opened_at=opened)
    for seconds, student in ((7, three[0]), (3, three[1]), (5, three[2])):
        Attempt.objects.filter(learner=student.learner).update(
            created_at=opened + timedelta(seconds=seconds)
        )
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    audience = page(teacher_client, "audience", session)
    assert 'data-bar="白馬 a1→b3（Nb3）" data-count="2"' in audience  # the split
    assert 'data-bar="白兵 a2→a3（a3）" data-count="1"' in audience
    assert "data-podium" not in audience  # off until the teacher turns it on
    teacher_client.post(reverse("live:podium", args=[session.pk]), {"show": "1"})
    audience = page(teacher_client, "audience", session)
    podium = audience.split("data-podium", 1)[1].split("</ol>", 1)[0]
    assert '<li data-place="1">小明：3.0 秒</li><li data-place="2">小華：7.0 秒</li>' in podium
    assert "小美" not in podium  # a wrong answer is on no podium
    assert round_results(LiveRound.objects.get(session=session)).right == 2
