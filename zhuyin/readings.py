"""注音 (bopomofo) for each Chinese character a child reads, as Taiwan's children's books print it.

Readings come from pypinyin (`Style.BOPOMOFO`, which reads a whole phrase for context) and are
then corrected by `CHESS_READINGS`, a reviewed table of chess words and polyphones where a
general dictionary reads the wrong sound for a chess book: 車 is ㄐㄩ on a chessboard, 子 in
吃子 is the full-tone ㄗˇ of 「棋子」, 著 after a verb is ˙ㄓㄜ, 長易位 is ㄔㄤˊ. The light tone
mark is written first (˙ㄉㄜ), the Taiwan way. No Django here.
"""

import re
from functools import lru_cache
from html import escape

from pypinyin import Style, pinyin

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+")

# A phrase → its readings, one per character. The longest phrase at a place wins.
CHESS_READINGS: dict[str, tuple[str, ...]] = {
    "車": ("ㄐㄩ",),  # the rook: 車 as in 象棋, never ㄔㄜ (a car) in a chess lesson
    "车": ("ㄐㄩ",),
    "將軍": ("ㄐㄧㄤ", "ㄐㄩㄣ"),
    "将军": ("ㄐㄧㄤ", "ㄐㄩㄣ"),
    "叫將": ("ㄐㄧㄠˋ", "ㄐㄧㄤ"),
    "應將": ("ㄧㄥˋ", "ㄐㄧㄤ"),
    "解將": ("ㄐㄧㄝˇ", "ㄐㄧㄤ"),
    "將死": ("ㄐㄧㄤ", "ㄙˇ"),
    "和棋": ("ㄏㄜˊ", "ㄑㄧˊ"),
    "和局": ("ㄏㄜˊ", "ㄐㄩˊ"),
    "逼和": ("ㄅㄧ", "ㄏㄜˊ"),
    "提和": ("ㄊㄧˊ", "ㄏㄜˊ"),
    "求和": ("ㄑㄧㄡˊ", "ㄏㄜˊ"),
    "著": ("˙ㄓㄜ",),  # after a verb: 斜著吃、站著、接著
    "着": ("˙ㄓㄜ",),
    "著名": ("ㄓㄨˋ", "ㄇㄧㄥˊ"),
    "兵": ("ㄅㄧㄥ",),
    "象": ("ㄒㄧㄤˋ",),
    "后": ("ㄏㄡˋ",),
    "長易位": ("ㄔㄤˊ", "ㄧˋ", "ㄨㄟˋ"),
    "重複": ("ㄔㄨㄥˊ", "ㄈㄨˋ"),
    "重覆": ("ㄔㄨㄥˊ", "ㄈㄨˋ"),
    "直行": ("ㄓˊ", "ㄏㄤˊ"),  # a file: a column of squares
    "棋子": ("ㄑㄧˊ", "ㄗˇ"),
    "吃子": ("ㄔ", "ㄗˇ"),
    "摸子": ("ㄇㄛ", "ㄗˇ"),
    "走子": ("ㄗㄡˇ", "ㄗˇ"),
    "子力": ("ㄗˇ", "ㄌㄧˋ"),
    "白子": ("ㄅㄞˊ", "ㄗˇ"),
    "黑子": ("ㄏㄟ", "ㄗˇ"),
}
LONGEST = max(len(phrase) for phrase in CHESS_READINGS)
# A character standing alone (no Chinese character beside it): the glossary's word for a line
# of squares, 「行」, is ㄏㄤˊ (a lone 行 in the lessons means nothing else; 不行 is a phrase).
LONE_READINGS: dict[str, tuple[str, ...]] = {"行": ("ㄏㄤˊ",)}


def _taiwan_style(reading: str) -> str:
    """pypinyin writes the light tone last (ㄉㄜ˙); Taiwan's books write it first (˙ㄉㄜ)."""
    return "˙" + reading[:-1] if reading.endswith("˙") else reading


def _dictionary(run: str) -> list[str]:
    readings = [_taiwan_style(r[0]) for r in pinyin(run, style=Style.BOPOMOFO)]
    if len(readings) != len(run):  # never seen, but a reading must stay beside its character
        readings = [_taiwan_style(pinyin(c, style=Style.BOPOMOFO)[0][0]) for c in run]
    return readings


def _run_readings(run: str) -> list[str]:
    if run in LONE_READINGS:
        return list(LONE_READINGS[run])
    readings = _dictionary(run)
    i = 0
    while i < len(run):
        for size in range(min(LONGEST, len(run) - i), 0, -1):
            phrase = run[i : i + size]
            if phrase in CHESS_READINGS:
                readings[i : i + size] = CHESS_READINGS[phrase]
                i += size
                break
        else:
            i += 1
    return readings


@lru_cache(maxsize=16384)
def readings(text: str) -> tuple[tuple[str, str | None], ...]:
    """Each character of `text` with its 注音, or None for a character that is not Chinese.

    >>> readings("王車易位")
    (('王', 'ㄨㄤˊ'), ('車', 'ㄐㄩ'), ('易', 'ㄧˋ'), ('位', 'ㄨㄟˋ'))
    >>> readings("e4")
    (('e', None), ('4', None))
    """
    result: list[tuple[str, str | None]] = []
    position = 0
    for match in CJK.finditer(text):
        result += [(c, None) for c in text[position : match.start()]]
        result += list(zip(match.group(), _run_readings(match.group()), strict=True))
        position = match.end()
    result += [(c, None) for c in text[position:]]
    return tuple(result)


def _ruby(text: str, *, html: bool) -> str:
    parts = []
    for char, reading in readings(text):
        if reading is not None:
            parts.append(f'<ruby>{char}<rt aria-hidden="true">{reading}</rt></ruby>')
        else:
            parts.append(char if html else escape(char, quote=False))
    return "".join(parts)


@lru_cache(maxsize=16384)
def ruby(text: str) -> str:
    """`text` (plain text) as HTML with each Chinese character in a <ruby> with its reading.

    The reading is hidden from screen readers, which already say the character.

    >>> ruby("車 & a")
    '<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby> &amp; a'
    """
    return _ruby(text, html=False)


@lru_cache(maxsize=16384)
def ruby_in_html_text(text: str) -> str:
    """Like `ruby`, for text that is already HTML (entities such as &amp; are left as they are).

    >>> ruby_in_html_text("兵 &amp;")
    '<ruby>兵<rt aria-hidden="true">ㄅㄧㄥ</rt></ruby> &amp;'
    """
    return _ruby(text, html=True)
