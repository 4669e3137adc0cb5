"""What the live-lesson tests share: the puzzles they put up and how a teacher and a student act."""

from html.parser import HTMLParser

from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from live.models import LiveSession
from tests.people.conftest import signed_in

KNIGHT = "knight/knight-crowded-corner"  # white knight a1 behind its pawns: reach b3


KNIGHT_URL = reverse("puzzle_answer", args=["knight", "knight-crowded-corner"])


QUESTION = "knight/knight-no-blocked-leg"  # can the knight jump to f3 past g2? yes


def student_client(student) -> Client:
    client = Client()
    client.post(
        reverse("people:pick_secret", args=[student.classroom.join_code, student.pk]),
        {"first": student.secret_first, "second": student.secret_second},
    )
    return client


def start(teacher, classroom) -> tuple[Client, LiveSession]:
    client = signed_in(teacher)
    response = client.post(reverse("live:class_live", args=[classroom.pk]))
    session = LiveSession.objects.get(classroom=classroom, ended_at__isnull=True)
    assert response["Location"] == reverse("live:projector", args=[session.pk])
    return client, session


def put_up(client, session, puzzle=KNIGHT) -> None:
    response = client.post(reverse("live:put_puzzle", args=[session.pk]), {"puzzle": puzzle})
    assert response.status_code == 302


def move(client, uci: str):
    return client.post(KNIGHT_URL, {"mode": "move", "typed": uci}, headers={"HX-Request": "true"})


class _Forms(HTMLParser):
    """Every <form> of a page: its action and its fields (hidden inputs with their values)."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "form":
            self.forms.append({"action": found.get("action", ""), "fields": {}})
        elif tag == "input" and self.forms and found.get("type") == "hidden":
            self.forms[-1]["fields"][found.get("name")] = found.get("value", "")


def page_forms(html: str) -> list[dict]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def teacher_with_class(students, password: str, name: str = "四年級棋社"):
    """The teacher 「lin」 (signs in with `password`) and a class of `students`, each
    (nickname, first picture, second picture), seated in that order: (class, students)."""
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import Classroom, GrownUp, Student

    user = get_user_model().objects.create_user("lin", password=password)
    GrownUp.objects.create(user=user, here_for="class")
    classroom = Classroom.objects.create(teacher=user, name=name)
    seated = [
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=nickname, avatar="N"),
            secret_first=first,
            secret_second=second,
            seat_number=seat,
        )
        for seat, (nickname, first, second) in enumerate(students, start=1)
    ]
    return classroom, seated


# The live lesson in Chromium (the browser tests): a projector's and a phone's screens.
PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
PASSWORD = "a long pass phrase 42"


def teacher_context(new_context, base: str):
    context = new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("lin")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    expect(page.locator("h1")).to_have_text("老師區：我的班級")
    return context, page


def phone(new_context, base: str, student) -> Page:
    """A phone signed in by the child's QR badge: the card's address, one tap."""
    page = new_context(viewport=PHONE).new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{base}/badge/{student.badge_token}/")
    page.get_by_role("button", name="是我，開始").click()
    return page
