"""简体中文 made from the Traditional (Taiwan) text, never written by hand.

OpenCC's Taiwan-to-Simplified conversion (``tw2s``) changes the characters; it
keeps Taiwan's words. Where Mainland usage differs for a word a child reads, the
reviewed table ``TERMS`` says which word a Mainland book uses. OpenCC's phrase
conversion (``tw2sp``) was tried and refused: it turns 斜線上 ("on the diagonal")
into 斜在线 ("online").

Sources for the chess terms (see also docs/languages.md):
- 中国国际象棋协会, 《国际象棋竞赛规则》 (the Chinese FIDE Laws of Chess): 直线、横线、
  斜线、王车易位、吃过路兵、升变、将军、将死、逼和、和棋。
- 中文维基百科 (zh-cn variant), 「国际象棋」「国际象棋规则」 articles.
- GB/T 15834-2011 《标点符号用法》: horizontal Mainland text quotes with “ ” and ‘ ’
  (「」 and 『』 are Taiwan's); OpenCC leaves punctuation alone, so QUOTES does it.

The conversion runs when the content and the catalogue are loaded or built, and
every converted text is cached: never once per request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

import opencc


@dataclass(frozen=True)
class Term:
    taiwan: str  # as the Traditional source writes it
    mainland: str  # what a Mainland book writes
    note: str  # why, briefly


# Every chess word the lessons use, reviewed one by one. Entries where OpenCC's
# characters already give the Mainland word are kept too: a test proves each one,
# so a change of OpenCC's tables cannot move a term unseen.
TERMS: tuple[Term, ...] = (
    Term("西洋棋", "国际象棋", "the game's Mainland name; 西洋棋 is Taiwan's"),
    Term("直行", "直线", "a file: the Chinese Laws call the eight files 直线"),
    Term("橫排", "横线", "a rank: the Chinese Laws call the eight ranks 横线"),
    Term("斜線", "斜线", "a diagonal: same word"),
    Term("座標", "坐标", "coordinates: Mainland writes 坐标"),
    Term("王", "王", "king: same"),
    Term("后", "后", "queen: same (皇后 in talk)"),
    Term("車", "车", "rook: same word"),
    Term("象", "象", "bishop: same"),
    Term("馬", "马", "knight: same word"),
    Term("兵", "兵", "pawn: same"),
    Term("吃子", "吃子", "capture: same"),
    Term("將軍", "将军", "check: same word"),
    Term("應將", "应将", "answering check: same word"),
    Term("將死", "将死", "checkmate: same word"),
    Term("王車易位", "王车易位", "castling: the Laws' word; 易位 for short"),
    Term("短易位", "短易位", "short castling: same (also 王翼易位)"),
    Term("長易位", "长易位", "long castling: same (also 后翼易位)"),
    Term("吃過路兵", "吃过路兵", "en passant: same word"),
    Term("升變", "升变", "promotion: same word"),
    Term("逼和", "逼和", "stalemate: same"),
    Term("和棋", "和棋", "draw: same"),
    Term("死局", "死局", "dead position: same"),
    Term("三次重複", "三次重复", "threefold repetition: same word"),
    Term("五十回合", "五十回合", "the fifty-move rule: same"),
    Term("記譜法", "记谱法", "notation: same word"),
    Term("摸子走子", "摸子走子", "touch-move: same"),
    # A few interface words a Mainland parent reads on the grown-ups' pages.
    Term("暱稱", "昵称", "nickname: Mainland writes 昵称"),
    Term("帳號", "账号", "account: Mainland writes 账号"),
    Term("登入", "登录", "sign in: Mainland says 登录"),
    Term("登出", "退出", "sign out: Mainland says 退出"),
    Term("列印", "打印", "print: Mainland says 打印"),
    Term("軟體", "软件", "software: Mainland says 软件"),
    Term("連結", "链接", "a link: Mainland says 链接"),
    Term("儲存", "保存", "save: Mainland says 保存"),
)

CJK = re.compile(r"[\u3400-\u9fff]")

# Taiwan's corner brackets as the Mainland's quotation marks (GB/T 15834-2011).
QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})


@cache
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("tw2s")


@cache
def _replacements() -> tuple[re.Pattern[str], dict[str, str]]:
    """OpenCC's output of each term that differs from the Mainland word, longest first."""
    table = {}
    for term in TERMS:
        converted = _converter().convert(term.taiwan)
        if converted != term.mainland:
            table[converted] = term.mainland
    pattern = re.compile("|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)))
    return pattern, table


@lru_cache(maxsize=8192)
def to_simplified(text: str) -> str:
    """The Simplified Chinese of a Traditional (Taiwan) text.

    >>> to_simplified("王車易位時，王不能經過被攻擊的格。")
    '王车易位时，王不能经过被攻击的格。'
    >>> to_simplified("e 直行和第 4 橫排")
    'e 直线和第 4 横线'
    >>> to_simplified("先說「我調整」")
    '先说“我调整”'
    """
    if not CJK.search(text):
        return text
    pattern, table = _replacements()
    converted = pattern.sub(lambda match: table[match.group(0)], _converter().convert(text))
    return converted.translate(QUOTES)
