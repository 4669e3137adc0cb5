"""The reviewed list of polyphones: every occurrence in the site's texts, with its reading.

A polyphone is a character with more than one reading in Taiwan's standard (the Ministry of
Education's 一字多音審訂表), here the ones the site's texts use (`POLYPHONES`). Each of its
occurrences in a lesson, the glossary or the interface (zhuyin.corpus) is a row of
zhuyin/reviewed.tsv: the text's id, the place of the character in the text, a few characters
around it, the character and the reading zhuyin.readings gives it there.

The list is checked in: tests/zhuyin/test_review.py fails as soon as a reading changes or an
occurrence appears or goes, until someone reads the difference and rewrites the list with
``DEBUG=1 .venv/bin/python manage.py zhuyin_review --write``; ``git diff zhuyin/reviewed.tsv``
is then the review.
"""

from __future__ import annotations

from pathlib import Path

from zhuyin import corpus
from zhuyin.readings import readings

REVIEWED = Path(__file__).resolve().parent / "reviewed.tsv"
HEADER = "text\tat\tcontext\tcharacter\treading"
AROUND = 4  # characters of context on each side

# Characters with two or more readings in Taiwan's standard that the site's texts use, and 一,
# whose printed tone changes with the next character.
POLYPHONES = frozenset(
    "一上不中乘了些什任伺作個們價六共其分勝包區句可台吃合同吧呀告呢和哪喔單嗎圈地大好子家"
    "將少差平幾度弄強得從思悶應戲把括挑掃擋放教數文日更會有期某查橫正歪殺比沒法淺為無王當"
    "的相看種稱空答紅結給聽與色落著藏蘋號行要觀角解語說調請讀足跑身車載轉過遠還那都重量長"
    "間陸雨頭騎麼否處校混傳勾於"
)


# Characters of the site's texts that pypinyin's dictionary reads more than one way but Taiwan's
# standard reads one way only (not in the 一字多音審訂表's polyphones): not listed, their one
# reading is checked by tests/zhuyin/test_readings.py. A new character pypinyin reads two ways
# must be put in one set or the other (tests/zhuyin/test_review.py says so).
ONE_READING_IN_TAIWAN = frozenset(
    "七且並主之也事亮他以件休但位佔何來例依信儲允兩八划列刻前半卡印卻厲去反取只各名吵唸堡填增"
    "太央失學它守完害容寫封專己已幕底式往忘怕意或房才打找承投拒指挨掉排接提摸擇擊救料斜方旁明"
    "是最月服本果格框條梯棋標模樣權次母氣決沿注洋港滿瀏片牢牽由留登發白皇盤盯知示祕移立站精紀"
    "組經編總繞而能腳至英被複見規覽言許誰貌資賺超越路跳較輸這通連遇道達違選邊部郵鄰鈕錯開闖關"
    "附限除隊隔險隱隻離零需非頁顆題顯體高點張描拍準清受檔姓年欄育系務租套環"
    "兔喜貓份腦醒"  # play/: the opponents' names and the games' words
)


def unclassified() -> list[str]:
    """Characters of the texts pypinyin reads two ways that neither set names, in order."""
    from pypinyin import Style, pinyin

    found = []
    for _, text in corpus.texts():
        for char in text:
            if corpus.HAN.match(char) and char not in found:
                if char in POLYPHONES or char in ONE_READING_IN_TAIWAN:
                    continue
                if len(set(pinyin(char, style=Style.BOPOMOFO, heteronym=True)[0])) > 1:
                    found.append(char)
    return found


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
