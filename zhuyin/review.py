"""The reviewed list of polyphones: every occurrence in the site's texts, with its reading.

A polyphone is a character with more than one reading in Taiwan's standard (the Ministry of
Education's 一字多音審訂表), here the ones the site's texts use (`POLYPHONES`). Each of its
occurrences in a lesson, the glossary or the interface (zhuyin.corpus) is a row of
zhuyin/reviewed.tsv: the text's id, the place of the character in the text, a few characters
around it, the character and the reading zhuyin.readings gives it there.

The list is checked in: tests/zhuyin/test_review.py fails as soon as a reading changes or an
occurrence appears or goes, until someone reads the difference and rewrites the list with
``python manage.py zhuyin_review --write`` (then ``git diff zhuyin/reviewed.tsv`` is the review).
"""

from __future__ import annotations

from pathlib import Path

from zhuyin import corpus
from zhuyin.readings import readings

REVIEWED = Path(__file__).resolve().parent / "reviewed.tsv"
HEADER = "text\tat\tcontext\tcharacter\treading"
AROUND = 4  # characters of context on each side

# Characters with two or more readings in Taiwan's standard that the site's texts use.
POLYPHONES = frozenset(
    "一上不中乘了些什任伺作個們價六共其分勝包區句可台吃合同吧呀告呢和哪喔單嗎圈地大好子家"
    "將少差平幾度弄強得從思悶應戲把括挑掃擋放教數文日更會有期某查橫正歪殺比沒法淺為無王當"
    "的相看種稱空答紅結給聽與色落著藏蘋號行要觀角解語說調請讀足跑身車載轉過遠還那都重量長"
    "間陸雨頭騎麼"
)


def _clean(text: str) -> str:
    return text.replace("\t", " ").replace("\n", " ")


def rows() -> list[str]:
    """The list as it is now: one line per polyphone occurrence, in the corpus's order."""
    lines = []
    for text_id, text in corpus.texts():
        for at, (char, reading) in enumerate(readings(text)):
            if reading is None or char not in POLYPHONES:
                continue
            context = f"{text[max(0, at - AROUND) : at]}[{char}]{text[at + 1 : at + 1 + AROUND]}"
            lines.append("\t".join((_clean(text_id), str(at), _clean(context), char, reading)))
    return lines


def reviewed() -> list[str]:
    """The list as it was last reviewed (checked in)."""
    if not REVIEWED.exists():
        return []
    lines = REVIEWED.read_text(encoding="utf-8").splitlines()
    return lines[1:] if lines and lines[0] == HEADER else lines


def write(path: Path | None = None) -> int:
    lines = rows()
    (path or REVIEWED).write_text("\n".join([HEADER, *lines]) + "\n", encoding="utf-8")
    return len(lines)


def differences(now: list[str], then: list[str]) -> tuple[list[str], list[str]]:
    """(rows that are new or read differently now, rows that were reviewed and are gone)."""
    now_set, then_set = set(now), set(then)
    return [r for r in now if r not in then_set], [r for r in then if r not in now_set]
