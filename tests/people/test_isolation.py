"""A teacher sees only their own classes, a parent only their own children, a learner only
themselves: every people address, asked by its owner, by another adult of the same kind, by
an adult of the other kind, by an outsider, by a signed-in student and by a visitor.

Each person's data carries a name no one else's has, so a page that leaks shows it.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from curriculum.loading import get_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner
from people.assignments import STUDENT_SESSION_KEY
from people.limits.picture_locks import FREE_TRIES
from people.limits.rate_limit import MAX_FAILURES
from people.models import Assignment, ChildProfile, Classroom, GrownUp, LoginFailure
from tests.people.conftest import make_grown_up, make_student

VISITORS = (
    "parent",
    "other_parent",
    "teacher",
    "other_teacher",
    "outsider",
    "student",
    "anonymous",
)
# The names only their owner may read, on any page.
SECRETS = {
    "parent": {"甲童"},
    "other_parent": {"乙童"},
    "teacher": {"甲班", "甲生", "甲班二"},
    "other_teacher": {"乙班", "乙生"},
}
# Every people address that shows or changes one object, and who owns that object.
OBJECT_ADDRESSES = [
    ("people:child_progress", "get", "parent_child"),
    ("people:learner_json", "get", "parent_child"),
    ("people:delete_learner", "get", "parent_child"),
    ("people:learner_json", "get", "teacher_student"),
    ("people:delete_learner", "get", "teacher_student"),
    ("people:class_dashboard", "get", "teacher_class"),
    ("people:class_roster", "get", "teacher_class"),
    ("people:login_cards", "get", "teacher_class"),
    ("people:delete_class", "get", "teacher_class"),
    ("people:delete_class", "post", "teacher_class"),
    ("people:grid_csv", "get", "teacher_class"),
    ("people:attempts_csv", "get", "teacher_class"),
    ("people:add_assignment", "post", "teacher_class"),
    ("people:remove_assignment", "post", "teacher_assignment"),
    ("people:student_history", "get", "teacher_student_id"),
    ("people:reset_secret", "post", "teacher_student_id"),
    ("people:move_student", "post", "teacher_student_id"),
    ("people:unlock_student", "post", "teacher_student_id"),
    ("people:unlock_class", "post", "teacher_class"),
    ("people:delete_learner", "post", "parent_child"),
    ("people:delete_learner", "post", "teacher_student"),
]
OWNER = {
    "parent_child": "parent",
    "teacher_student": "teacher",
    "teacher_class": "teacher",
    "teacher_assignment": "teacher",
    "teacher_student_id": "teacher",
}


def owned_kind(owner: str) -> str:
    return "other_parent" if owner == "parent" else "other_teacher"


@pytest.fixture
def people(db) -> dict:
    users = {name: make_grown_up(name.replace("_", "-")) for name in SECRETS}
    users["outsider"] = make_grown_up("outsider")
    children = {}
    for owner, nickname in (("parent", "甲童"), ("other_parent", "乙童")):
        learner = Learner.objects.create(nickname=nickname, avatar="N")
        children[owner] = ChildProfile.objects.create(parent=users[owner], learner=learner)
    classes, students, assignments = {}, {}, {}
    for owner, name, nickname in (("teacher", "甲班", "甲生"), ("other_teacher", "乙班", "乙生")):
        classes[owner] = Classroom.objects.create(teacher=users[owner], name=name)
        students[owner] = make_student(classes[owner], nickname)
        assignments[owner] = Assignment.objects.create(classroom=classes[owner], lesson="rook")
    Classroom.objects.create(teacher=users["teacher"], name="甲班二")
    for learner in Learner.objects.all():
        Attempt.objects.create(
            learner=learner, lesson="rook", puzzle="rook-x", answer="a1b2", verdict="illegal"
        )
    return {
        "users": users,
        "ids": {
            "parent_child": {k: child.learner_id for k, child in children.items()},
            "teacher_student": {k: s.learner_id for k, s in students.items()},
            "teacher_class": {k: c.pk for k, c in classes.items()},
            "teacher_assignment": {k: a.pk for k, a in assignments.items()},
            "teacher_student_id": {k: s.pk for k, s in students.items()},
        },
        "student": students["teacher"],
        "classes": classes,
    }


def client_for(who: str, people: dict) -> Client:
    client = Client()
    if who in people["users"]:
        client.force_login(people["users"][who])
    elif who == "student":
        student = people["student"]
        url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
        client.post(url, {"first": student.secret_first, "second": student.secret_second})
    return client


def post_data(name: str, people: dict) -> dict:
    if name == "people:add_assignment":
        return {"lesson": "bishop"}
    if name == "people:move_student":
        second = Classroom.objects.get(name="甲班二")
        return {"classroom": second.pk}
    return {}


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "method", "kind"), OBJECT_ADDRESSES)
def test_an_object_answers_its_owner_and_no_one_else(people, name, method, kind, visitor):
    owner = OWNER[kind]
    client = client_for(visitor, people)
    url = reverse(name, args=[people["ids"][kind][owner]])
    response = getattr(client, method)(url, post_data(name, people))
    if visitor == owner:
        assert response.status_code in ((302,) if method == "post" else (200,))
    elif visitor in ("student", "anonymous"):
        assert response.status_code == 302
        assert response.url.startswith(reverse("people:sign_in"))
    else:
        assert response.status_code == 404


@pytest.mark.parametrize(
    ("name", "method", "kind", "visitor"),
    [
        (name, method, kind, visitor)
        for name, method, kind in OBJECT_ADDRESSES
        for visitor in ("parent", "other_parent", "teacher", "other_teacher", "outsider")
        if visitor != owned_kind(OWNER[kind])
    ],
)
def test_the_other_adults_object_is_404_to_every_other_grown_up(
    people, name, method, kind, visitor
):
    """The same addresses with the other owner's id: the first owner is now the stranger."""
    client = client_for(visitor, people)
    url = reverse(name, args=[people["ids"][kind][owned_kind(OWNER[kind])]])
    response = getattr(client, method)(url, post_data(name, people))
    assert response.status_code == 404


def people_pages() -> list[tuple[str, str]]:
    """Every people address answered on GET, with the kind of id it takes (or None)."""
    plain = [
        "people:parent_home",
        "people:teacher_home",
        "people:who_is_learning",
        "people:unlock",
        "people:sign_in",
        "people:sign_up",
        "people:join_class",
    ]
    return [(name, None) for name in plain] + [
        (name, kind) for name, method, kind in OBJECT_ADDRESSES if method == "get"
    ]


def body_text(response) -> str:
    """A page's text, or a streamed download's (the class CSVs are streamed)."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return body.decode("utf-8", "replace")


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize(("name", "kind"), people_pages())
def test_no_page_shows_anyone_elses_names(people, name, kind, visitor):
    client = client_for(visitor, people)
    mine = SECRETS.get(visitor, set())
    if visitor == "student":
        mine = {"甲生"}
    others = set().union(*SECRETS.values()) - mine
    ids = people["ids"][kind].items() if kind else [(None, None)]
    for owner, object_id in ids:
        url = reverse(name, args=[object_id] if object_id else [])
        body = body_text(client.get(url))
        assert [name for name in others if name in body] == []
        if owner == visitor:  # the check can see names: the owner's own page shows theirs
            assert [name for name in mine if name in body] != []


def test_a_class_page_lists_only_this_teachers_classes_to_move_into(people):
    client = client_for("teacher", people)
    page = client.get(reverse("people:class_roster", args=[people["classes"]["teacher"].pk]))
    body = page.content.decode()
    assert "甲班二" in body
    assert "乙班" not in body


def test_the_name_page_of_a_class_shows_only_that_classs_students(people):
    code = people["classes"]["teacher"].join_code
    body = Client().get(reverse("people:pick_name", args=[code])).content.decode()
    assert "甲生" in body
    assert "乙生" not in body


def test_a_signed_in_student_sees_only_their_own_classs_assignments(people):
    """Their class was given 「車」, the other class 「馬」: one mark on the map, not two."""
    Assignment.objects.filter(classroom=people["classes"]["other_teacher"]).update(lesson="knight")
    body = client_for("student", people).get(reverse("lesson_map")).content.decode()
    cards = re.findall(r'data-lesson="([a-z-]+)"(?:(?!</li>).)*?data-assigned', body, re.S)
    assert cards == ["rook", "rook"]  # the map's first card (their homework) and the rook's card


# CSRF, session rotation and the rate limit -------------------------------------------


def every_post_address(people: dict) -> list[str]:
    ids = people["ids"]
    student = people["student"]
    lesson = get_curriculum().lessons[0]
    return [
        reverse("people:sign_up"),
        reverse("people:sign_in"),
        reverse("people:sign_out"),
        reverse("people:password_reset"),
        reverse("people:who_is_learning"),
        reverse("people:unlock"),
        reverse("people:add_child"),
        reverse("people:set_pin"),
        reverse("people:teacher_home"),
        reverse("people:delete_learner", args=[ids["parent_child"]["parent"]]),
        reverse("people:class_roster", args=[ids["teacher_class"]["teacher"]]),
        reverse("people:add_assignment", args=[ids["teacher_class"]["teacher"]]),
        reverse("people:remove_assignment", args=[ids["teacher_assignment"]["teacher"]]),
        reverse("people:reset_secret", args=[ids["teacher_student_id"]["teacher"]]),
        reverse("people:move_student", args=[ids["teacher_student_id"]["teacher"]]),
        reverse("people:pick_secret", args=[student.classroom.join_code, student.pk]),
        reverse("referee"),
        reverse("referee_claim"),
        reverse("referee_draw"),
        reverse("referee_resign"),
        reverse("referee_new"),
        reverse("puzzle_answer", args=[lesson.slug, lesson.puzzles[0].id]),
    ]


@pytest.mark.parametrize("who", ["parent", "teacher", "anonymous"])
def test_every_post_without_the_csrf_token_is_refused_in_chinese(people, who):
    client = Client(enforce_csrf_checks=True)
    if who != "anonymous":
        client.force_login(people["users"][who])
    refused = {}
    for url in every_post_address(people):
        response = client.post(url, {"first": "sun", "second": "moon", "confirm": "1"})
        refused[url] = response.status_code
        assert "這個表單已經過期了" in response.content.decode()
    assert set(refused.values()) == {403}


def test_a_post_with_the_csrf_token_gets_through(people):
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("people:sign_in"))
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("people:sign_in"),
        {"username": "parent", "password": "correct horse battery", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def _session_key(client: Client) -> str:
    client.get(reverse("lesson_map"))
    session = client.session
    session["seen"] = True
    session.save()
    return session.session_key


def test_signing_up_rotates_the_session_key(db):
    client = Client()
    before = _session_key(client)
    form = {
        "username": "mum",
        "password1": "a long pass phrase 42",
        "password2": "a long pass phrase 42",
    }
    assert client.post(reverse("people:sign_up"), form).status_code == 302
    assert client.session.session_key != before


def test_a_student_signing_in_with_pictures_rotates_the_session_key(people):
    client = Client()
    before = _session_key(client)
    student = people["student"]
    url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
    client.post(url, {"first": student.secret_first, "second": student.secret_second})
    assert int(client.session[LEARNER_SESSION_KEY]) == student.learner_id
    assert client.session.session_key != before


def test_the_picture_limit_holds_for_a_new_browser_from_the_same_address(people):
    student = people["student"]
    url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
    wrong = "tree" if student.secret_first != "tree" else "fish"
    for _ in range(MAX_FAILURES):
        Client().post(url, {"first": wrong, "second": wrong})
    right = {"first": student.secret_first, "second": student.secret_second}
    fresh = Client()
    assert fresh.post(url, right).status_code == 429
    assert LEARNER_SESSION_KEY not in fresh.session
    # tries inside a pause are refused unrecorded: the pause began after FREE_TRIES
    assert LoginFailure.objects.filter(scope="pictures-child").count() == FREE_TRIES


def test_the_picture_limit_is_per_student(people):
    student = people["student"]
    url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
    for _ in range(MAX_FAILURES):
        Client().post(url, {"first": "tree", "second": "tree"})
    classmate = make_student(student.classroom, "丙生", ("sun", "moon"))
    url = reverse("people:pick_secret", args=[student.classroom.join_code, classmate.pk])
    assert Client().post(url, {"first": "sun", "second": "moon"}).status_code == 302


@pytest.mark.parametrize(
    "next_url",
    [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example/",
        "\\\\evil.example/",
        "javascript:alert(1)",
        "http:evil.example",
        " //evil.example/",
    ],
)
def test_no_next_address_leads_off_the_site(people, next_url):
    for who in ("anonymous", "parent"):
        client = client_for(who, people)
        if who == "anonymous":
            data = {"username": "parent", "password": "correct horse battery", "next": next_url}
            response = client.post(reverse("people:sign_in"), data)
        else:
            people["users"]["parent"].grown_up.set_pin("1234")
            response = client.post(reverse("people:unlock"), {"pin": "1234", "next": next_url})
        assert response.status_code == 302
        assert response.url == reverse("people:parent_home")


@pytest.mark.parametrize("url_name", ["people:sign_in", "people:sign_up"])
def test_a_grown_up_signing_in_after_a_student_does_not_go_on_as_the_student(people, url_name):
    client = client_for("student", people)
    if url_name == "people:sign_in":
        form = {"username": "outsider", "password": "correct horse battery"}
    else:
        form = {
            "username": "uncle",
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        }
    assert client.post(reverse(url_name), form).status_code == 302
    username = form["username"]
    own = GrownUp.objects.get(user__username=username).learner
    assert client.session[LEARNER_SESSION_KEY] == own.pk  # their own, not the student's
    assert own != people["student"].learner
    assert STUDENT_SESSION_KEY not in client.session
    assert "甲生" not in client.get(reverse("lesson_map")).content.decode()
