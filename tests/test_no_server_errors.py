"""Never a 500: every URL of the project, asked every way, by every kind of visitor.

The crawler walks the URL patterns (through every include), fills each path
converter with real ids of objects made here and with ids that exist nowhere,
and sends GET, HEAD and POST — plain and as htmx — with no body, with field
names no form has, and with every known field set to garbage. Each answer must
be below 500, and a 400 must say in Chinese what went wrong.
"""

import html
import random
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import chess
import pytest
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.test import Client, RequestFactory, override_settings
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import include, path, reverse
from django.utils.http import urlencode
from hypothesis import given
from hypothesis import strategies as st

from curriculum import reasks
from curriculum.loading import get_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.models import LoginFailure
from tests.crawler import (
    HAN,
    ROUTES,
    UNREADABLE_BODIES,
    VISITORS,
    addresses,
    error_message,
    make_world,
    real_values_for,
    visitor,
)
from tests.fuzzing import BOARD_FIELDS, SQUARES, forms, fuzz

BAD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"
GARBAGE_VALUES = {
    "empty": "",
    "long": "長" * 10_000,
    "non-ascii": "王車易位 ☃ 𝄞 é",
    "nul": "a\x00b",
    "sql": "' OR 1=1; DROP TABLE lessons_learner; --",
    "list": ["e2e4", "e7e5", "a1"],
    "illegal-uci": "e2e5",
    "promotion-to-king": "e7e8k",
    "not-a-square": "z9z9",
    "bad-fen": BAD_FEN,
    "negative": "-1",
    "huge": "9" * 40,
    "superscript-digit": "²",
    "word-for-next": "zzz",  # no leading "/": once read as a URL name (500)
    "markup": '"><script>alert("x")</script>',
}
REFLECTED = b'<script>alert("x")'  # the markup value, come back unescaped
TURNED_AWAY = ("/accounts/login/", "/unlock/")
# Every field name a form of ours posts or a view reads.
FIELDS = [
    *BOARD_FIELDS,
    *[  # lesson and referee forms, picking a child, the PIN
        "typed_submit",
        "played",
        "hint",
        "answer",
        "submit_answer",
        "claim_draw",
        "confirm",
        "side",
        "learner",
        "pin",
    ],
    *[  # children, classes, students, assignments, the class login
        "nickname",
        "avatar",
        "name",
        "nicknames",
        "classroom",
        "lesson",
        "due_on",
        "code",
        "first",
        "second",
    ],
    *[  # accounts, and the queries the pages read
        "username",
        "password",
        "password1",
        "password2",
        "email",
        "new_password1",
        "new_password2",
        "next",
        "fen",
    ],
    "puzzle",
]


@pytest.fixture(scope="module")
def _world_kept(django_db_setup, django_db_blocker):
    """make_world() once for this module's tests on a worker (it was a fifth of their time,
    made for each of them), inside a transaction rolled back after the last; each test runs
    in a savepoint of its own (the db fixture), so what a test writes (a class deleted, a
    PIN changed) is undone before the next, as with a world made for it."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield make_world()
        transaction.set_rollback(True)


@pytest.fixture
def world(_world_kept, db) -> dict:
    """tests/conftest.py's world, made once per module (_world_kept)."""
    return _world_kept


@dataclass(frozen=True)
class Body:
    """A form's fields with the bytes Django's test client sends for them: the query string
    of client.get(url, fields) and the multipart body of client.post(url, fields). Encoded
    once for the module, not for each route (every field at 10,000 characters is 1.1 MB to
    percent-encode: a fifth of the crawl's time went on encoding the same bodies again)."""

    fields: dict
    query: str
    multipart: bytes


def encoded(fields: dict) -> Body:
    return Body(fields, urlencode(fields, doseq=True), encode_multipart(BOUNDARY, fields))


def bodies() -> list[tuple[str, dict]]:
    found = [("no body", {}), ("unknown fields", {"zzz": "1", "__proto__": "x", "": "?"})]
    for label, value in GARBAGE_VALUES.items():
        found.append((f"every field {label}", dict.fromkeys(FIELDS, value)))
    return found


BODIES = [encoded(fields) for _, fields in bodies()]
TOO_LONG_FOR_NEXT = encoded({"next": GARBAGE_VALUES["long"]})


def _body(response) -> bytes:
    """A response's bytes, also of a streamed download (the class CSVs and learner JSON)."""
    return b"".join(response.streaming_content) if response.streaming else response.content


def is_open(response) -> bool:
    """Whether the visitor got past the door: not sent to sign in or to the PIN, not a 404."""
    if response.status_code == 302:
        return not response.url.startswith(TURNED_AWAY)
    return response.status_code != 404


def send(client, method: str, url: str, data: dict | Body, headers: dict):
    """client.get/head/post(url, data): a Body's fields as its bytes encoded once."""
    if not isinstance(data, Body):
        return getattr(client, method)(url, data, headers=headers)
    if method == "post":
        return client.generic(
            "POST", url, data.multipart, content_type=MULTIPART_CONTENT, headers=headers
        )
    return client.generic(method.upper(), url, headers=headers, QUERY_STRING=data.query)


def ask(client, method: str, url: str, data: dict | Body, htmx: bool, failures: list[str]):
    """Send one request; note in `failures` a 500, a 400 with no Chinese message, or markup
    sent back unescaped. Returns the response."""
    headers = {"HX-Request": "true"} if htmx else {}
    response = send(client, method, url, data, headers)
    fields = data.fields if isinstance(data, Body) else data
    shown = f"{method.upper()} {url[:80]} htmx={htmx} data={_short(fields)}"
    if response.status_code >= 500:
        failures.append(f"{response.status_code} {shown}")
    elif (
        response.status_code == 400
        and method != "head"  # an answer to HEAD has no body: its GET has the message
        and not HAN.search(error_message(response))
    ):
        failures.append(f"400 without a Chinese message: {shown}")
    if REFLECTED in _body(response):
        failures.append(f"markup sent back unescaped: {shown}")
    return response


def _short(data: dict) -> str:
    if not data:
        return "{}"
    value = next(iter(data.values()))
    return f"{len(data)} fields like {str(value)[:30]!r}"


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize("name", sorted(ROUTES))
def test_no_address_answers_with_a_server_error(world, who, name):
    """Every real address by every method, plain and htmx; past the door, ids that exist
    nowhere; and a query string too long to send back as ?next=."""
    route = ROUTES[name]
    real = real_values_for(route, world["real"])
    urls = addresses(route, real)
    client = visitor(who, world)
    failures: list[str] = []
    opened = False
    for url in urls[: len(real)]:
        opened = is_open(ask(client, "get", url, {}, False, failures)) or opened
        for method, htmx in (("get", True), ("head", False), ("post", False), ("post", True)):
            ask(client, method, url, {}, htmx, failures)
    ask(client, "get", urls[0], TOO_LONG_FOR_NEXT, False, failures)
    if opened:
        for url in urls[len(real) :]:
            ask(client, "get", url, {}, False, failures)
            ask(client, "post", url, {}, False, failures)
    assert failures == []


BODY_VISITORS = ("learner", "parent", "teacher", "student", "anonymous")


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_no_form_body_makes_a_server_error(world, name):
    """Garbage in every field, as query and as form, from the first visitor let in."""
    route = ROUTES[name]
    urls = addresses(route, real_values_for(route, world["real"]))
    client, url = _first_let_in(world, urls)
    failures: list[str] = []
    for index, body in enumerate(BODIES):
        ask(client, "get", url, body, index % 2 == 1, failures)
        ask(client, "post", url, body, index % 2 == 0, failures)
    for body, content_type in RAW_BODIES:
        response = client.generic("POST", url, body, content_type=content_type)
        shown = f"POST {url[:80]} {content_type} {body[:30]!r}"
        if response.status_code >= 500:
            failures.append(f"{response.status_code} {shown}")
        elif response.status_code == 400 and not HAN.search(error_message(response)):
            failures.append(f"400 without a Chinese message: {shown}")
    assert failures == []


MULTIPART = "multipart/form-data; boundary=xyz"
RAW_BODIES = [
    (b"not multipart at all", MULTIPART),
    (b'--xyz\r\nContent-Disposition: form-data; name="square"\r\n\r\ne2', MULTIPART),
    (b"square=e2", "multipart/form-data"),  # no boundary
    (b"square=%FF%FE&selected=%E4&played=%00", "application/x-www-form-urlencoded"),
    (b"&".join(b"f%d=1" % n for n in range(1200)), "application/x-www-form-urlencoded"),
    (b'{"square": "e2", "learner": 1}', "application/json"),
    *[(body, content_type) for content_type, body in UNREADABLE_BODIES],
]


def test_a_body_encoded_once_is_what_the_test_client_sends_for_its_fields():
    factory = RequestFactory()
    for body in [*BODIES, TOO_LONG_FOR_NEXT]:
        assert body.query == factory.get("/x/", body.fields).META["QUERY_STRING"]
        posted = factory.post("/x/", body.fields)
        assert (posted.body, posted.META["CONTENT_TYPE"]) == (body.multipart, MULTIPART_CONTENT)


def _first_let_in(world: dict, urls: list[str]):
    for who in BODY_VISITORS:
        client = visitor(who, world)
        for url in urls:
            if is_open(client.get(url)):
                return client, url
    return visitor("anonymous", world), urls[0]


# Issue 44's crafted inputs: each route by each of these visitors, one GET (as the query)
# and one POST (as the form) per input, not a product of fields × values.
GROWN_UPS = ("teacher", "parent")
NEXTS = {"e2e5": "e2e5", "zzz": "zzz", "other-host": "//evil.example", "3000": "/" + "a" * 2999}
# What takes a form past its checks to its redirect: the parent's PIN, the stars' owner,
# the sign-in (tried by a fresh anonymous client, its username the visitor's own).
ACTING = {"pin": "1234", "owner": "me", "password": "correct horse battery"}
# Every field a view reads as an id, a number or a choice among ids (forms and queries).
ID_FIELDS = [
    *("remove", "set", "own", "seat", "learner", "learners", "student", "students", "item"),
    *("owner", "classroom", "lesson", "id", "pk", "game", "games", "assignment", "puzzle"),
    *("level", "count", "seed", "page", "ply", "year", "school_year", "from_year", "to_year"),
    *("seconds", "round", "position", "number", "start", "move", "source", "teacher", "school"),
    *("opponent", "side", "direction", "take", "takebacks", "due_on", "delete_on", "pass_mark"),
    *("session", "target", "targets", "place", "star", "at", "within", "budget", "child"),
    *("avatar", "top_grade", "here_for", "question", "to", "kind", "paper", "show"),
]
EVERY_FIELD = list(dict.fromkeys([*FIELDS, *ID_FIELDS]))
NON_ASCII_DIGITS = {"superscript-2": "²", "arabic-indic-3": "٣", "fullwidth-5": "５"}


def crafted_inputs() -> dict[str, dict]:
    found = {f"next {label}": {"next": value, **ACTING} for label, value in NEXTS.items()}
    for label, digit in NON_ASCII_DIGITS.items():
        found[f"digit {label}"] = dict.fromkeys(ID_FIELDS, digit)
    found["nul byte"] = dict.fromkeys(EVERY_FIELD, "1\x00")
    found["300 王"] = {"x": "王" * 300, "q": "王" * 300}
    found["overlong"] = dict.fromkeys(EVERY_FIELD, "5" * 10_000)  # digits: int() refuses
    found["empty body"] = {}
    found["repeated keys"] = {field: ["1", "2"] for field in EVERY_FIELD}
    return found


CRAFTED = {label: encoded(fields) for label, fields in crafted_inputs().items()}


def _goes_home(response) -> bool:
    """A redirect's Location is a path of this site (no scheme, no host), or no redirect."""
    if response.status_code not in (301, 302, 303, 307, 308):
        return True
    location = urlsplit(response["Location"])
    return not location.scheme and not location.netloc and location.path.startswith("/")


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_no_crafted_input_of_issue_44_makes_a_server_error(world, name):
    """Each route, with its own real ids, by an anonymous visitor and by the grown-up it lets
    in (the teacher, else the parent): every crafted input once as a GET query and once as a
    POST form. Nothing answers 500 or more, and a crafted `next` never leaves the site."""
    route = ROUTES[name]
    url = addresses(route, real_values_for(route, world["real"]))[0]
    grown_up = next((who for who in GROWN_UPS if is_open(visitor(who, world).get(url))), "teacher")
    failures: list[str] = []
    for who in ("anonymous", grown_up):
        client = visitor(who, world)
        for label, body in CRAFTED.items():
            for method in ("get", "post"):
                sender = client
                if label.startswith("next") and who == "anonymous":
                    sender = Client(raise_request_exception=False)  # signs in as the teacher
                    body = encoded({**body.fields, "username": world["teacher"].username})
                response = ask(sender, method, url, body, False, failures)
                if label.startswith("next") and not _goes_home(response):
                    failures.append(f"off the site: {method} {url} {who} {label}")
    assert failures == []


def _issue_44_forms(world) -> dict[str, tuple[str, str, dict]]:
    """The forms issue 44 found a crafted `next` made a 500 of: who posts, where, what."""
    classroom = world["student"].classroom
    return {
        "sign-in": (
            "anonymous",
            reverse("people:sign_in"),
            {"username": world["teacher"].username, "password": ACTING["password"]},
        ),
        "class unlock": ("teacher", reverse("people:unlock_class", args=[classroom.pk]), {}),
        "whose stars": ("parent", reverse("people:claim_stars"), {"owner": "me"}),
        "parent unlock": ("parent", reverse("people:unlock"), {"pin": "1234"}),
    }


@pytest.mark.parametrize("crafted", sorted(NEXTS))
@pytest.mark.parametrize("form", ["sign-in", "class unlock", "whose stars", "parent unlock"])
def test_a_crafted_next_sends_where_no_next_would(world, form, crafted):
    """The form does what it does and redirects to its own default, on this site."""
    who, url, fields = _issue_44_forms(world)[form]
    plain = visitor(who, world).post(url, fields)
    response = visitor(who, world).post(url, {**fields, "next": NEXTS[crafted]})
    assert plain.status_code == 302
    assert (response.status_code, response["Location"]) == (302, plain["Location"])
    assert _goes_home(response)


def test_an_id_no_database_can_hold_is_a_404_not_an_overflow(world):
    client = Client(raise_request_exception=False)
    client.force_login(world["parent"])
    assert client.get(f"/parent/children/{'9' * 30}/").status_code == 404
    assert client.get(f"/teacher/classes/{'9' * 19}/").status_code == 404


@pytest.mark.parametrize("learner", ["9" * 30, "²", "-1", ""])
def test_picking_a_child_by_something_that_is_not_an_id_is_a_400(world, learner):
    client = Client(raise_request_exception=False)
    client.force_login(world["parent"])
    response = client.post(reverse("people:who_is_learning"), {"learner": learner})
    assert response.status_code == 400
    assert LEARNER_SESSION_KEY not in client.session


@pytest.mark.parametrize("name", ["people:sign_in", "people:sign_up"])
def test_an_empty_sign_in_or_sign_up_post_says_what_is_missing(db, name):
    response = Client().post(reverse(name), {})
    assert response.status_code == 400
    assert "這個欄位是必須的" in error_message(response)


def test_an_address_too_long_to_send_back_as_next_is_a_400_in_chinese(db):
    response = Client(raise_request_exception=False).get("/parent/", {"q": "長" * 10_000})
    assert response.status_code == 400
    assert error_message(response) == "這個網址或表單看不懂，請回上一頁再試一次。"


@pytest.mark.parametrize("code", ["AB%00CD", "%E7%8E%8B", "AB-CD"])
def test_a_class_code_that_cannot_be_one_is_a_404(world, code):
    client = Client(raise_request_exception=False)
    assert client.get(f"/join/{code}/").status_code == 404
    assert client.post(f"/join/{code}/{world['student'].pk}/", {"first": "x"}).status_code == 404


def test_a_nul_byte_in_the_username_is_a_400_and_still_counts_as_a_try(world):
    client = Client(raise_request_exception=False)
    response = client.post(reverse("people:sign_in"), {"username": "parent\x00", "password": "x"})
    assert response.status_code == 400
    assert "不允許空（null）字元" in error_message(response)
    # Counted against the account the name finds once the NUL is dropped (at this address
    # and from anywhere), and the address.
    keys = set(LoginFailure.objects.values_list("scope", "key"))
    assert keys == {
        ("sign-in", f"account-{world['parent'].pk}|127.0.0.1"),
        ("account", f"account-{world['parent'].pk}"),
        ("sign-in-address", "127.0.0.1"),
    }


def test_an_address_with_no_page_is_a_404_in_chinese(db):
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert error_message(response) == "這個網址沒有網頁。"


answer_forms = forms([*BOARD_FIELDS, "played", "hint", "answer"])
ONE_PUZZLE_OF_EACH_KIND = list(
    {
        p.kind: (lesson.slug, p.id) for lesson in get_curriculum().lessons for p in lesson.puzzles
    }.values()
)


def rows() -> tuple[int, int, int]:
    return Learner.objects.count(), Attempt.objects.count(), PuzzleResult.objects.count()


@fuzz(max_examples=120)
@given(puzzle=st.sampled_from(ONE_PUZZLE_OF_EACH_KIND), form=answer_forms, htmx=st.booleans())
def test_no_lesson_answer_makes_a_server_error_and_a_refused_one_writes_nothing(
    db, puzzle, form, htmx
):
    client = Client(raise_request_exception=False)
    before = rows()
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(reverse("puzzle_answer", args=puzzle), form, headers=headers)
    assert response.status_code < 500
    if response.status_code == 400:
        assert HAN.search(error_message(response))
        assert rows() == before


def _broken_view(request):
    raise RuntimeError("a bug")


def _forbidden_view(request):
    raise PermissionDenied


urlpatterns = [
    path("broken/", _broken_view),
    path("forbidden/", _forbidden_view),
    path("", include("tutor.urls")),  # the pages link to the site's addresses
]


@override_settings(ROOT_URLCONF=__name__)
def test_a_bug_still_answers_with_the_chinese_server_error_page(db):
    response = Client(raise_request_exception=False).get("/broken/")
    assert response.status_code == 500
    assert error_message(response) == "是我們這邊出了問題，請等一下再試一次。"


PLAYED = re.compile(r'name="played" value="([^"]*)"')
BOARD_FEN = re.compile(r'data-board data-fen="([^"]+)" data-orientation="\w+" data-mode="move"')


def _walk_of_random_moves(client: Client, url: str, page: str, rng: random.Random, steps: int):
    """Answer a move puzzle with random legal moves, carrying the history, while it asks more."""
    for _ in range(steps):
        board = BOARD_FEN.search(page)
        if board is None:
            return  # solved, failed, or a position with no move to make
        legal = list(chess.Board(html.unescape(board[1])).legal_moves)
        if not legal:
            return
        move = rng.choice(legal)
        played = html.unescape(PLAYED.search(page)[1]) if PLAYED.search(page) else ""
        form = {"played": played, "selected": chess.square_name(move.from_square)}
        form["square"] = chess.square_name(move.to_square)
        if move.promotion:
            form = {"played": played, "pending": move.uci()[:4], "promotion": move.uci()[4]}
        response = client.post(url, form)
        yield response, form
        page = response.content.decode()


def test_every_puzzle_answered_in_the_ways_its_form_offers_never_fails(db):
    """Every option of every question; marks and none for every squares puzzle; a few random
    walks of legal moves through every move puzzle, each move carrying the history so far."""
    rng = random.Random(2026)

    def fresh() -> Client:
        return Client(raise_request_exception=False, headers={"HX-Request": "true"})

    client = fresh()
    failures, moves_posted, move_puzzles = [], 0, 0
    for lesson in get_curriculum().lessons:
        for puzzle in lesson.puzzles:
            url = reverse("puzzle_answer", args=[lesson.slug, puzzle.id])
            if puzzle.kind == "move":
                move_puzzles += 1
                start = client.get(reverse("lesson", args=[lesson.slug]), {"puzzle": puzzle.id})
                for response, form in _walk_of_random_moves(
                    client, url, start.content.decode(), rng, 3
                ):
                    moves_posted += 1
                    if response.status_code != 200:
                        failures.append(f"{response.status_code} {puzzle.id} {form}")
            elif puzzle.kind == "squares":
                for marked in ([], rng.sample(SQUARES, 3)):
                    response = client.post(url, {"mode": "mark", "marked": marked, "done": "1"})
                    if response.status_code != 200:
                        failures.append(f"{response.status_code} {puzzle.id} {marked}")
            else:
                for option in puzzle.options:
                    # After a miss a two-option question asks another position in its
                    # place (its form then names that one): each option from a fresh page.
                    poster = fresh() if reasks.two_options(puzzle) else client
                    response = poster.post(url, {"answer": option.value})
                    if response.status_code != 200:
                        failures.append(f"{response.status_code} {puzzle.id} {option.value}")
    assert failures == []
    assert moves_posted > move_puzzles  # every move puzzle got a move, some a second one


@override_settings(ROOT_URLCONF=__name__)
def test_a_page_someone_may_not_open_says_so_in_chinese(db):
    response = Client().get("/forbidden/")
    assert response.status_code == 403
    assert error_message(response) == "你不能打開這一頁。"


@pytest.mark.parametrize(("content_type", "body"), UNREADABLE_BODIES)
@pytest.mark.parametrize(
    "url", ["/lessons/board/board-step-to-e2/", "/accounts/login/", "/no/such/page/"]
)
def test_a_body_django_cannot_read_is_a_400_in_chinese_even_with_the_csrf_cookie(
    db, content_type, body, url
):
    """With the CSRF cookie the check reads the body; so did every error view after it."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/")
    assert "csrftoken" in client.cookies
    token = client.cookies["csrftoken"].value
    before = rows()  # the module's world may be there (_world_kept)
    response = client.generic(
        "POST", url, body, content_type=content_type, headers={"X-CSRFToken": token}
    )
    assert response.status_code == 400
    assert error_message(response) == "這個網址或表單看不懂，請回上一頁再試一次。"
    assert rows() == before
