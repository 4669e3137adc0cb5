"""An imported file's problems in the teacher's language, each with its line: the
curriculum's loader and validator speak English to lesson writers; a teacher reads
「第 8 行：set-1-1：檔案寫的答案是 ['yes']，…」 (puzzlesets.import_words)."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from puzzlesets import import_words
from puzzlesets.models import PuzzleSet
from tests.people.conftest import make_grown_up, signed_in

HEADER = """slug = "set-1"
title = "小測驗"
group = "basics"
order = 100
summary = "題組"
intro = ["題組"]
"""
LEGAL = """
[[puzzles]]
id = "set-1-1"
kind = "choice"
prompt = "e1 的白王可以走到 e2 嗎？"
fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
hint = "想想王怎麼走。"
explanation = "可以。"
question = "move_legal"
move = "e1e2"
options = [{ value = "yes", text = "可以" }, { value = "no", text = "不可以" }]
answer = ["no"]
"""
MATE = """
[[puzzles]]
id = "set-1-2"
kind = "move"
prompt = "白方走一步將死。"
fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
hint = "找一步將軍。"
explanation = "將死！"
goal = { type = "mate", within = 1 }
"""
ZH = {
    "answer": "第 9 行：set-1-1：檔案寫的答案是 ['no']，可是規則引擎算出來是 ['yes']。",
    "mate": "第 21 行：set-1-2：沒有一步棋能在 1 步內將死。",
    "kind": "第 9 行：set-1-1：沒有 'chioce' 這種題型。",
    "toml": "第 10 行：這一行不是 TOML 的寫法，讀不懂。",
    "group": "第 3 行：imported：沒有 'nowhere' 這個 group。",
    # The form's words for a history: which move, and the engine's reason.
    "history": "第 9 行：set-1-1：走過的棋裡，第 3 步 d8d7 不能走：d8 上沒有棋子可以走。",
}


def broken(kind: str) -> str:
    text = HEADER + LEGAL + MATE
    if kind == "kind":
        return text.replace('kind = "choice"', 'kind = "chioce"')
    if kind == "toml":
        return text.replace('kind = "choice"', "kind = choice")
    if kind == "history":
        history = 'fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"\nmoves = ["d7d5", "e5d6", "d8d7"]'
        return text.replace('fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"', history)
    if kind == "group":
        return text.replace('slug = "set-1"', 'slug = "Set 1"').replace("basics", "nowhere")
    return text


@pytest.fixture
def client(db):
    return signed_in(make_grown_up("teacher"))


@pytest.mark.parametrize("kind", list(ZH))
def test_each_problem_is_said_in_chinese_with_its_line(client, kind):
    text = broken(kind)
    response = client.post(reverse("puzzlesets:import_toml"), {"text": text})
    assert response.status_code == 400
    problems = re.findall(
        r"<li>(.*?)</li>", response.content.decode().split("data-import-problems")[1]
    )
    assert ZH[kind] in [problem.replace("&#x27;", "'") for problem in problems]
    assert not PuzzleSet.objects.exists()


def test_both_puzzles_problems_are_listed_at_once_in_english_too(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post(reverse("puzzlesets:import_toml"), {"text": broken("answer")})
    page = response.content.decode().replace("&#x27;", "'")
    assert (
        "line 9: set-1-1: The file’s answer is ['no'], but the rules engine says ['yes']." in page
    )
    assert "line 21: set-1-2: No move forces checkmate within 1 move(s)." in page


# Every message the curriculum raises as a Problem reads in the teacher's language: a
# placeholder filled with one of these values must give a message some pattern knows.
SAMPLES = ("e4", "1", "mate", "'x'", "['x']")
SOURCES = sorted(Path(settings.BASE_DIR, "curriculum").rglob("*.py"))


def raised_messages():
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = isinstance(node, ast.Call) and getattr(node.func, "id", "")
            if called in ("problem", "Problem") and node.args:
                yield pytest.param(node.args[0], id=f"{path.name}:{node.lineno}")


def _filled(node, value):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(p.value if isinstance(p, ast.Constant) else value for p in node.values)
    return None  # a message made elsewhere (a variable): its own pattern is tested by file


@pytest.mark.parametrize("node", list(raised_messages()))
def test_every_message_the_curriculum_raises_has_words(node):
    filled = [_filled(node, value) for value in SAMPLES]
    if filled[0] is None:
        pytest.skip("the message is a variable")
    patterns = [pattern for pattern, _words in import_words.PATTERNS]
    assert any(p.fullmatch(m) for p in patterns for m in filled), filled[0]
