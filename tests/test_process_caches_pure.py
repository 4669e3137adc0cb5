"""Every per-process cache is pure: what it keeps is computed from the code and the content
files, never read from the database. That is what lets several app servers (docs/
servers-and-backups.md) answer alike: each keeps its own copies, none can hold a stale row.

While a class's pages are served (the lesson map, a lesson, right and wrong answers, the
glossary, the referee's board, a teacher's class grid, 注音 and 简体中文 pages), every SQL
statement is checked: none may run while a cached function (process_caches.kept) or the
function filling a Table is computing."""

import contextlib
import sys

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

import process_caches
from board import component
from lessons.models import Learner
from plumbing import sessions
from rules import judge
from tests.crawler import visitor

pytestmark = pytest.mark.slow  # every cache emptied: the lessons are read again (seconds)

# The function that fills each hand-filled Table: a new Table needs its line here.
TABLE_FILLERS = {
    "board.component.square_label": component.square_label,
    "rules.judge.check_move": judge.check_move,
    "plumbing.sessions.decoded": sessions.decoded,
}
# Filled by the pages below (the rest are filled at start-up or by pages of other kinds).
EXERCISED = {
    "board.component._board_view",
    "board.component.square_label",
    "curriculum.loading.curriculum_in",
    "glossary.terms.glossary_in",
    "languages.simplified.to_simplified",
    "lessons.presenter._kept_section",
    "lessons.steps._nav",
    "rules.judge.check_move",
    "rules.position._checked_board",
    "people.templatetags.people._grid_cell",
    "plumbing.sessions.decoded",
    "zhuyin.readings.ruby_in_html_text",
}


def _watched() -> dict:
    """Each cache's computing function's code object, by cache name."""
    codes = {}
    for name, made in process_caches._made.items():
        function = getattr(made, "__wrapped__", None) or TABLE_FILLERS.get(name)
        assert function is not None, f"{name}: say which function fills it in TABLE_FILLERS"
        codes[function.__code__] = name
    return codes


def _filled(name: str) -> bool:
    made = process_caches._made[name]
    return made.cache_info().currsize > 0 if hasattr(made, "cache_info") else bool(made)


@contextlib.contextmanager
def statements_inside(codes: dict):
    """The SQL run while one of `codes` (code object: name) was computing, as (name, SQL)."""
    found = []

    def spy(execute, sql, params, many, context):
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code in codes:
                found.append((codes[frame.f_code], sql))
                break
            frame = frame.f_back
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        yield found


@pytest.fixture
def statements_inside_caches(fresh_caches):
    with statements_inside(_watched()) as found:
        yield found


def test_no_cache_keeps_anything_read_from_the_database(world, statements_inside_caches):
    teacher = visitor("teacher", world)
    learner = visitor("learner", world)
    answer = reverse("puzzle_answer", args=["knight", "knight-crowded-corner"])
    for client, url in [
        (learner, "/"),
        (learner, "/lessons/knight/"),
        (learner, "/glossary/"),
        (learner, "/board/"),
        (teacher, reverse("people:class_dashboard", args=[world["student"].classroom_id])),
    ]:
        assert client.get(url).status_code == 200, url
    for typed in ("a1a3", "a1b3"):  # a rook's move for the knight, then the knight's
        response = learner.post(
            answer,
            {"mode": "move", "typed": typed},
            HTTP_HX_REQUEST="true",
            HTTP_ACCEPT_ENCODING="gzip",
        )
        assert response.status_code == 200
    simplified = Client()
    simplified.cookies["django_language"] = "zh-hans"
    simplified.cookies["zhuyin"] = "on"
    assert simplified.get("/lessons/knight/").status_code == 200
    zhuyin = Client()
    zhuyin.cookies["zhuyin"] = "on"
    assert zhuyin.get("/lessons/knight/").status_code == 200

    assert statements_inside_caches == []
    filled = {name for name in process_caches._made if _filled(name)}
    assert filled >= EXERCISED, sorted(EXERCISED - filled)


def test_the_watch_catches_a_function_that_reads_the_database(world):
    """The check above can fail: a function reading a learner, watched, is caught."""

    def reads_a_learner():
        return Learner.objects.filter(nickname="小明").count()

    with statements_inside({reads_a_learner.__code__: "reads_a_learner"}) as found:
        assert reads_a_learner() == 1
        Learner.objects.count()  # outside the watched function: not counted
    assert [name for name, _sql in found] == ["reads_a_learner"]


def test_every_cache_is_watched():
    assert set(_watched().values()) == set(process_caches._made)
