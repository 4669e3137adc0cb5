"""The interface words a child reads (locale/zh_Hant, from which 简体中文 is made): short,
in a child's words, one word for one idea."""

import re

import polib
import pytest

from tests.languages.source_texts import SOURCE_CATALOGUE

ENTRIES = [entry for entry in polib.pofile(str(SOURCE_CATALOGUE)) if not entry.obsolete]
TEXTS = [
    (entry.msgid, text)
    for entry in ENTRIES
    for text in (entry.msgstr, *entry.msgstr_plural.values())
    if text
]
LONGEST = 40
# The class pages' own (the locks, the cards, the playlist, shared devices): teachers only.
TEACHERS_CLASSROOM = (
    "Picture login is paused for %(name)s: many children's pictures were tried from one "
    "device. If you know why, let the class sign in again; if someone keeps guessing, give "
    "their cards a new secret.",
    "Print this page, cut the cards and give each student theirs. The QR code on a card signs "
    "that student in: nothing to type. Without a camera: class code, then their name, then "
    "their two pictures in order.",
    "A card lost or copied? On the students page, 「New QR badge」 makes its QR code stop working.",
    "No puzzles prepared yet. Choose them below, in the order you want them; in the lesson, "
    "「Next」 puts up one after another.",
    "On: a student who leaves a device alone for 20 minutes is signed out, so the next child "
    "does not learn as them.",
)
# Pages only a teacher reads, where a longer sentence is kept: each reviewed.
FOR_TEACHERS = {
    "Students %(first)s–%(last)s of %(total)s in the grids below; the misconceptions, "
    "the last 7 days and the assignments count the whole class.",
    *TEACHERS_CLASSROOM,
}


def length(text: str) -> int:
    """Characters as read: a placeholder (a square, a piece's name) counts as two."""
    return len(re.sub(r"%\(\w+\)s|%s", "XX", re.sub(r"<[^>]+>", "", text)))


def test_the_length_counts_a_placeholder_as_two_characters():
    assert length("%(square)s 的%(other)s") == 6


def test_every_interface_text_is_at_most_forty_characters():
    long = [(length(text), text) for msgid, text in TEXTS if msgid not in FOR_TEACHERS]
    assert [found for found in long if found[0] > LONGEST] == []


def test_the_teachers_long_texts_are_still_there_and_long():
    texts = dict(TEXTS)
    assert all(length(texts[msgid]) > LONGEST for msgid in FOR_TEACHERS)


@pytest.mark.parametrize(
    ("adult", "child"), [("合法", "可以走"), ("無棋可走", "一步都不能走")], ids=["legal", "no-move"]
)
def test_a_move_that_is_allowed_is_said_in_a_childs_words(adult, child):
    assert [text for _msgid, text in TEXTS if adult in text] == []
    assert any(child in text for _msgid, text in TEXTS)


def test_a_right_answer_is_praised_not_answered_yes():
    # 「對：」 reads as "yes" when the right answer is "no".
    assert [text for _msgid, text in TEXTS if text.startswith("對：")] == []


def test_the_fifty_move_count_is_each_sides_moves_as_the_lesson_says():
    # The lesson: 50 回合 is 「雙方各走 50 步」; never 「雙方只走了 4 步」.
    counts = [text for _msgid, text in TEXTS if re.search(r"雙方.{0,2}走.{0,3}步", text)]
    assert counts and all("雙方各" in text for text in counts)


LESSON_WORDS = [("直線", "直行"), ("橫線", "橫排"), ("黑格", "深色格"), ("白格", "淺色格")]


@pytest.mark.parametrize(("variant", "term"), LESSON_WORDS)
def test_the_interface_says_the_lessons_word_for_a_line_and_a_square(variant, term):
    # 直線 is a file's other name in the glossary (and 直线 is the Mainland's file).
    assert [text for _msgid, text in TEXTS if variant in text] == [], f"say {term}"


# English: a count that can be 1 is never followed by a plural noun.
ENGLISH = {
    entry.msgid: entry.msgstr
    for entry in polib.pofile(str(SOURCE_CATALOGUE).replace("zh_Hant", "en"))
    if not entry.obsolete and not entry.msgid_plural
}
COUNTS_FROM_ONE = [
    "This position has appeared only %(count)s times: a draw needs three.",
    "Only %(count)s moves each without a capture or a pawn move: a draw needs fifty.",
    "Before you signed in, %(puzzles)s puzzles were solved on this device. "
    "Tap who solved them; nothing moves until you choose.",
]


@pytest.mark.parametrize("msgid", COUNTS_FROM_ONE)
def test_an_english_count_that_can_be_one_reads_right_at_one(msgid):
    said = ENGLISH[msgid] % {"count": 1, "puzzles": 1, "stars": 1}
    assert not re.search(r"\b1 (times|moves|puzzles|stars)\b", said), said
