"""Lesson text a 7-10-year-old can read: short sentences and a child's words."""

import re

from curriculum.loading import get_curriculum

LONGEST = 40  # characters in one text a child reads at once


def lesson_texts():
    for lesson in get_curriculum().lessons:
        yield lesson.slug, "summary", lesson.summary
        for line in lesson.intro:
            yield lesson.slug, "intro", line
        for puzzle in lesson.puzzles:
            for name in ("prompt", "hint", "explanation"):
                yield puzzle.id, name, getattr(puzzle, name)
            for option in puzzle.options:
                yield puzzle.id, f"option {option.value}", option.text
                yield puzzle.id, f"why {option.value}", option.why


def test_no_lesson_text_is_longer_than_40_characters():
    long = [(ref, name, len(text)) for ref, name, text in lesson_texts() if len(text) > LONGEST]
    assert long == []


def test_lesson_text_says_a_move_can_be_played_not_that_it_is_legal():
    assert [(ref, name) for ref, name, text in lesson_texts() if "合法" in text] == []


def test_no_lesson_text_cites_an_article_of_the_laws_to_a_child():
    # 「棋規 4.3.3」「條文」: the article numbers stay in the grown-ups' notes (the TOML comments).
    cites = re.compile(r"棋規 ?[0-9]|棋規第|條文|附錄|[0-9]+\.[0-9]+(\.[0-9]+)?）")
    assert [(ref, name) for ref, name, text in lesson_texts() if cites.search(str(text))] == []
