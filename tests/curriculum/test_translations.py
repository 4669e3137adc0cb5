"""Lesson text in every language: English written beside the source, 简体中文 generated."""

import shutil
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from curriculum import translations
from curriculum.loading import CONTENT_DIR, curriculum_in, get_curriculum, load_files
from curriculum.translations import PUZZLE_TEXTS
from curriculum.validator import validate_files
from languages.simplified import CJK, to_simplified

BROKEN = Path(__file__).resolve().parent / "broken"
SOURCE = curriculum_in("zh-hant")
ENGLISH = curriculum_in("en")
SIMPLIFIED = curriculum_in("zh-hans")


def texts(lesson):
    """Every text of a lesson a child reads, in a fixed order."""
    yield lesson.title
    yield lesson.summary
    yield from lesson.intro
    for puzzle in lesson.puzzles:
        for name in PUZZLE_TEXTS:
            yield getattr(puzzle, name)
        for option in puzzle.options:
            if isinstance(option.text, str):  # assess labels are the catalogue's
                yield option.text
            if option.why:
                yield option.why


def test_each_language_has_the_same_lessons_puzzles_positions_and_answers():
    for curriculum in (ENGLISH, SIMPLIFIED):
        assert [lesson.slug for lesson in curriculum.lessons] == [
            lesson.slug for lesson in SOURCE.lessons
        ]
        for lesson, source in zip(curriculum.lessons, SOURCE.lessons, strict=True):
            for puzzle, original in zip(lesson.puzzles, source.puzzles, strict=True):
                assert (puzzle.id, puzzle.kind, puzzle.fen, puzzle.moves, puzzle.answer) == (
                    original.id,
                    original.kind,
                    original.fen,
                    original.moves,
                    original.answer,
                )
                assert [o.value for o in puzzle.options] == [o.value for o in original.options]


def test_every_english_text_is_written_and_has_no_chinese_in_it():
    chinese = [
        (lesson.slug, text)
        for lesson in ENGLISH.lessons
        for text in texts(lesson)
        if CJK.search(text) or not text.strip()
    ]
    assert chinese == []


def test_every_simplified_text_is_the_traditional_text_converted():
    for lesson, source in zip(SIMPLIFIED.lessons, SOURCE.lessons, strict=True):
        assert list(texts(lesson)) == [to_simplified(text) for text in texts(source)]


def test_simplified_lessons_use_the_mainland_words_for_a_file_and_a_rank():
    board = SIMPLIFIED.lesson("board")
    assert board.title == "棋盘与坐标"
    assert board.intro[0] == "国际象棋的棋盘有 8 条直线、8 条横线，一共 64 格。"


def test_the_curriculum_follows_the_active_language():
    with translation.override("en"):
        assert get_curriculum().lesson("castling").title == "Castling: how"
    with translation.override("zh-hans"):
        assert get_curriculum().lesson("castling").title == "王车易位：怎么走"
    assert get_curriculum().lesson("castling").title == "王車易位：怎麼走"


def test_each_language_is_translated_once_per_process():
    with translation.override("en"):
        assert get_curriculum() is get_curriculum()


def test_a_lesson_with_no_english_file_is_refused(tmp_path):
    shutil.copy(BROKEN / "duplicate-id.toml", tmp_path / "duplicate-id.toml")
    errors = [str(error) for error in validate_files([tmp_path / "duplicate-id.toml"]).errors]
    assert errors[-1].endswith(": duplicate-id: English: no file en/duplicate-id.toml")


def test_english_text_for_a_puzzle_or_option_that_does_not_exist_is_refused(tmp_path):
    shutil.copy(BROKEN / "choice-disagrees.toml", tmp_path / "choice-disagrees.toml")
    (tmp_path / "en").mkdir()
    english = (BROKEN / "en" / "choice-disagrees.toml").read_text(encoding="utf-8")
    english = english.replace('no = "No" }', 'no = "No", maybe = "Maybe" }')
    english += '\n[puzzles.choice-disagrees-gone]\nprompt = "Old"\n'
    (tmp_path / "en" / "choice-disagrees.toml").write_text(english, encoding="utf-8")
    errors = [str(error) for error in validate_files([tmp_path / "choice-disagrees.toml"]).errors]
    assert errors[1:] == [
        f"{tmp_path}/choice-disagrees.toml:9: choice-disagrees-castle-in-check: "
        "English: option 'maybe' is not one of the puzzle's options",
        f"{tmp_path}/choice-disagrees.toml:1: choice-disagrees: "
        "English: text for a puzzle that is not in the lesson: choice-disagrees-gone",
    ]


@pytest.mark.django_db
def test_a_lesson_page_answers_in_english_when_chosen():
    client = Client()
    client.post("/language/", {"language": "en"})
    page = client.get("/lessons/castling/").content.decode()
    assert "<title>Castling" in page
    assert "Castling is a special move" in page
    answer = client.post("/lessons/board/board-white-right-corner/", {"answer": "light"})
    body = answer.content.decode()
    assert "Light on the right means the board is the right way round." in body
    assert "淺色" not in body


@pytest.mark.django_db
def test_a_lesson_page_answers_in_simplified_chinese_when_chosen():
    client = Client()
    client.post("/language/", {"language": "zh-hans"})
    page = client.get("/lessons/castling/").content.decode()
    assert "王车易位是王和车一起走的特别走法" in page
    answer = client.post("/lessons/board/board-white-right-corner/", {"answer": "light"})
    assert "对！h1 是浅色格。" in answer.content.decode()


def test_the_real_english_files_hold_no_lesson_that_is_not_in_the_source():
    written = {path.stem for path in (CONTENT_DIR / "en").glob("*.toml")}
    assert written == {lesson.slug for lesson in SOURCE.lessons}


WHY_LESSON = """slug = "why"
title = "和棋"
group = "draws"
order = 15
summary = "給測試用的課。"
intro = ["這一課有說明錯在哪裡的選項。"]

[[puzzles]]
id = "why-offer"
kind = "text"
prompt = "你想提議和棋。規則說什麼時候才可以提？"
hint = "規則說：先走完自己的一步。"
explanation = "先走完你的一步，再說「我提議和棋」。"
options = [
  { value = "a", text = "走完自己的一步之後" },
  { value = "b", text = "對手正在想棋的時候", why = "對手想棋的時候，不可以打擾他。" },
  { value = "c", text = "每走一步都問一次", why = "一直提和會煩到對手。" },
]
answer = ["a"]
"""

WHY_ENGLISH = """title = "Draws"
summary = "A lesson for the tests."
intro = ["This lesson has options that say why they are wrong."]

[puzzles.why-offer]
prompt = "You want to offer a draw. When do the rules say you may offer it?"
hint = "The rules say: first finish your own move."
explanation = "First make your move, then say \\"I offer a draw\\"."
options = { a = "After my move", b = "While my opponent is thinking", c = "After every move" }
"""


def _why_lesson(tmp_path, english):
    (tmp_path / "why.toml").write_text(WHY_LESSON, encoding="utf-8")
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "why.toml").write_text(english, encoding="utf-8")
    return tmp_path / "why.toml"


def test_a_reason_for_a_wrong_option_needs_its_english_text(tmp_path):
    path = _why_lesson(tmp_path, WHY_ENGLISH + 'why = { a = "Wrong" }\n')
    errors = [str(error) for error in validate_files([path]).errors]
    assert errors == [
        f"{path}:9: why-offer: English: missing why 'b'",
        f"{path}:9: why-offer: English: missing why 'c'",
        f"{path}:9: why-offer: English: why 'a' is not a reason the source gives",
    ]


def test_a_reason_for_a_wrong_option_is_said_in_each_language(tmp_path):
    english = WHY_ENGLISH + (
        'why = { b = "Never disturb your opponent while they think.", c = "It annoys them." }\n'
    )
    path = _why_lesson(tmp_path, english)
    assert validate_files([path]).errors == ()
    source = load_files([path]).lessons
    [lesson] = translations.translated(source, "en", tmp_path)
    assert [o.why for o in lesson.puzzles[0].options] == [
        "",
        "Never disturb your opponent while they think.",
        "It annoys them.",
    ]
    [lesson] = translations.translated(source, "zh-hans", tmp_path)
    assert [o.why for o in lesson.puzzles[0].options] == [
        "",
        "对手想棋的时候，不可以打扰他。",
        "一直提和会烦到对手。",
    ]
