"""The crawler the never-a-500, privacy and CSP tests share: every URL pattern of the
project with its converters filled by real ids (of a world of two of everything) and by ids
that exist nowhere, a client for every kind of visitor, and the error message of a page."""

import re
from html.parser import HTMLParser

from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import RoutePattern
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from club.models import SWISS, Tournament
from curriculum.loading import get_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from live.models import LiveSession, PlaylistItem
from people.models import (
    Assignment,
    ChildProfile,
    Classroom,
    School,
    SchoolInvitation,
    SchoolTeacher,
)
from play import games
from puzzlesets.models import OwnPuzzle, PuzzleSet, SetAssignment, SetItem
from tests.people.conftest import make_grown_up, make_student

GARBAGE_IDS = {
    "int": ["0", "9" * 30, "%C2%B2", "%D9%A3", "%EF%BC%95"],
    "id": ["0", "9" * 18, "9" * 30, "%C2%B2", "%D9%A3", "%EF%BC%95"],
    "slug": ["no-such-thing", "-" * 300],
    "str": ["%00", "%E7%8E%8B%27%20OR%201%3D1", "x" * 300],
    "join_code": ["%00", "%E7%8E%8B%27%20OR%201%3D1", "x" * 300],
}
CONVERTER = re.compile(r"<(?:(?P<kind>[^>:]+):)?(?P<name>[^>]+)>")
HAN = re.compile(r"[\u4e00-\u9fff]")
VISITORS = ("anonymous", "learner", "parent", "parent-child-picked", "teacher", "student")


def url_patterns(resolver=None, prefix="", namespace="") -> list[tuple[str, str]]:
    """(name, route) of every URL pattern, the routes of includes joined."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found += url_patterns(entry, route, inner)
        elif isinstance(entry, URLPattern):
            # A re_path would be requested as its regex and 404 in silence: say so instead.
            assert isinstance(entry.pattern, RoutePattern), f"cannot fill the regex {route}"
            found.append((f"{namespace}{entry.name}", route))
    return found


ROUTES = dict(url_patterns())


def fill(route: str, values: dict[str, str]) -> str:
    return "/" + CONVERTER.sub(lambda match: values[match["name"]], route)


def addresses(route: str, real: list[dict[str, str]]) -> list[str]:
    """The route with real values, then with each converter in turn given garbage."""
    kinds = {match["name"]: match["kind"] or "str" for match in CONVERTER.finditer(route)}
    urls = [fill(route, values) for values in real] if kinds else ["/" + route]
    for name, kind in kinds.items():
        for bad in GARBAGE_IDS[kind]:
            urls.append(fill(route, {**real[0], name: bad}))
    return list(dict.fromkeys(urls))


class _Messages(HTMLParser):
    """The text inside the elements that carry a page's error message."""

    MARKERS = ("role=alert", "data-problem", "errorlist", "error-message", "feedback")

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        described = " ".join(f"{key}={value}" for key, value in attrs)
        if self.depth or any(marker in described for marker in self.MARKERS):
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def error_message(response) -> str:
    parser = _Messages()
    parser.feed(response.content.decode("utf-8", "replace"))
    return " ".join(" ".join(parser.text).split())


def make_world() -> dict:
    """Two of everything, with progress: the crawler's real ids point at these."""
    curriculum = get_curriculum()
    lesson = curriculum.lessons[0]
    parent, other_parent = make_grown_up("parent"), make_grown_up("other-parent")
    teacher, other_teacher = make_grown_up("teacher"), make_grown_up("other-teacher")
    children = []
    for grown_up, nickname in ((parent, "小明"), (other_parent, "小美")):
        learner = Learner.objects.create(nickname=nickname, avatar="N")
        ChildProfile.objects.create(parent=grown_up, learner=learner)
        children.append(learner)
    classrooms, students, assignments = [], [], []
    schools = []
    for grown_up, name in ((teacher, "西洋棋社"), (other_teacher, "象棋社")):
        schools.append(School.objects.create(name=f"{name}國小", school_year=114))
        SchoolTeacher.objects.create(school=schools[-1], user=grown_up, is_admin=True)
        classroom = Classroom.objects.create(teacher=grown_up, name=name, school=schools[-1])
        classrooms.append(classroom)
        students.append(make_student(classroom, "小華"))
        assignments.append(Assignment.objects.create(classroom=classroom, lesson=lesson.slug))
    for learner in (*children, *(s.learner for s in students)):
        puzzle = lesson.puzzles[0]
        Attempt.objects.create(
            learner=learner,
            lesson=lesson.slug,
            puzzle=puzzle.id,
            answer="e2e5",
            verdict="illegal",
            reason="PAWN_TOO_FAR",
            fen=puzzle.start_fen or "",
        )
        PuzzleResult.objects.create(learner=learner, lesson=lesson.slug, puzzle=puzzle.id, stars=3)
    parent_grown_up = parent.grown_up
    parent_grown_up.set_pin("1234")
    real = _real_values(curriculum, parent, children, classrooms, students, assignments)
    real["ids"]["school_id"] = [str(school.pk) for school in schools]
    real["ids"]["invitation_id"] = [  # each school's teacher invited to the other school
        str(SchoolInvitation.objects.create(school=school, username=u.username, user=u).pk)
        for school, u in ((schools[0], other_teacher), (schools[1], teacher))
    ]
    real["ids"]["kind"] = ["csv", "xlsx", "zip"]  # a school's roster downloads
    return {
        "parent": parent,
        "teacher": teacher,
        "children": children,
        "student": students[0],
        "real": real,
    }


def _real_values(curriculum, parent, children, classrooms, students, assignments) -> dict:
    """For each route, the real values its converters can take: ours and another adult's."""
    kinds = {}
    for lesson in curriculum.lessons:
        for puzzle in lesson.puzzles:
            kinds.setdefault(puzzle.kind, (lesson.slug, puzzle.id))
    ids = {
        "learner_id": [str(learner.pk) for learner in (*children, students[0].learner)],
        "classroom_id": [str(classroom.pk) for classroom in classrooms],
        "student_id": [str(student.pk) for student in students],
        "assignment_id": [str(assignment.pk) for assignment in assignments],
        "session_id": [  # a live lesson of each class, open
            str(LiveSession.objects.create(classroom=classroom).pk) for classroom in classrooms
        ],
        "item_id": [  # a prepared live puzzle of each class
            str(
                PlaylistItem.objects.create(
                    classroom=classroom, position=1, lesson="knight", puzzle="knight-first-jump"
                ).pk
            )
            for classroom in classrooms
        ],
        **_set_values(classrooms, children),
        "code": [classroom.join_code for classroom in classrooms],
        "game_id": [str(game_id) for game_id in _games(children)],
        "tournament_id": [  # a club tournament of each class, not started
            str(Tournament.objects.create(classroom=classroom, format=SWISS, rounds=1).pk)
            for classroom in classrooms
        ],
        "slug": [slug for slug, _ in kinds.values()],
        "group": ["pieces", "draws"],  # lessons.stickers' certificates (not earned: a 403 page)
        "uidb64": [urlsafe_base64_encode(force_bytes(parent.pk))],
        "provider": ["edu-tw"],  # school_sign_in: no provider is configured here
        "who": ["teacher", "student", "link"],
        "identity_id": ["1"],
    }
    ids["token"] = [default_token_generator.make_token(parent), *ids["token"]]
    return {
        "puzzle": [{"slug": slug, "puzzle_id": puzzle_id} for slug, puzzle_id in kinds.values()],
        "ids": ids,
    }


def _games(children) -> list[int]:
    """A game of each child against the computer: the first finished (a mate), the other on."""
    mate = games.start(
        children[0], "any_move", "white", start_fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    )
    games.play(mate.game.pk, 0, "a1a8")
    going = games.start(children[1], "captures_first", "white", seed=1)
    return [mate.game.pk, going.game.pk]


def _set_values(classrooms, children) -> dict:
    """Each teacher's puzzle set (an own puzzle, a lesson's), assigned to the class and to a
    child, with a share link (puzzlesets)."""
    sets, items, assignments = [], [], []
    for classroom, child in zip(classrooms, children, strict=True):
        owner = classroom.teacher
        made = PuzzleSet.objects.create(owner=owner, name="題組", share_token=f"t{classroom.pk}")
        draft = {"question": "squares", "fen": "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "square": "g1"}
        own = OwnPuzzle.objects.create(owner=owner, draft=draft)
        items.append(SetItem.objects.create(puzzle_set=made, position=1, own=own))
        SetItem.objects.create(puzzle_set=made, position=2, source="knight-first-jump")
        for target in ({"classroom": classroom}, {"child": child}):
            assignments.append(SetAssignment.objects.create(puzzle_set=made, pass_mark=1, **target))
        sets.append(made)
    return {
        "set_id": [str(made.pk) for made in sets],
        "set_item_id": [str(item.pk) for item in items],
        "set_assignment_id": [str(assignment.pk) for assignment in assignments],
        "number": ["1", "2"],
        "token": [made.share_token for made in sets],
    }


def real_values_for(route: str, real: dict) -> list[dict[str, str]]:
    names = [match["name"] for match in CONVERTER.finditer(route)]
    if "puzzle_id" in names:
        return real["puzzle"]
    if not names:
        return [{}]
    count = max(len(real["ids"][name]) for name in names)
    return [
        {name: real["ids"][name][index % len(real["ids"][name])] for name in names}
        for index in range(count)
    ]


def visitor(who: str, world: dict) -> Client:
    client = Client(raise_request_exception=False)
    if who == "learner":
        session = client.session
        session[LEARNER_SESSION_KEY] = world["children"][0].pk
        session.save()
    elif who == "parent":  # a PIN set, the grown-up area open
        client.force_login(world["parent"])
    elif who == "parent-child-picked":  # the PIN closed the grown-up area behind the child
        client.force_login(world["parent"])
        client.post(reverse("people:who_is_learning"), {"learner": world["children"][0].pk})
    elif who == "teacher":
        client.force_login(world["teacher"])
    elif who == "student":
        student = world["student"]
        url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
        client.post(url, {"first": student.secret_first, "second": student.secret_second})
    return client


# Bodies Django refuses to read: each read raises again, the error views' too (issue 9).
UNREADABLE_BODIES = [
    ("application/x-www-form-urlencoded; charset=latin-1", b"square=e2&selected=e1"),
    ("multipart/form-data; boundary=", b"--\r\nsquare=e2"),
]
