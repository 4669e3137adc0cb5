"""简体中文 made from the Traditional (Taiwan) text, never written by hand.

Three steps, each reviewed:

1. A whole text with a written override (``OVERRIDES``, from simplified_overrides.toml)
   is that override. A sentence about a name itself needs one: converted word by word,
   「西洋棋在中國大陸叫『國際象棋』」 would say 「国际象棋在中国大陆叫“国际象棋”」.
   ``needs_override`` finds such sentences; the tests hold every one to an override.
2. Every reviewed word (``TERMS``: the chess words; ``WORDS``: interface words) is
   replaced by its Mainland word before OpenCC sees the text, so no phrase table can
   move it (each is fenced off with a private-use character while OpenCC runs).
3. OpenCC's ``tw2sp`` (Taiwan Traditional to Simplified with Mainland vocabulary:
   伺服器 → 服务器, 重新整理 → 刷新) converts the rest; then Taiwan's corner brackets
   become the Mainland's quotation marks (``QUOTES``).

``TAIWAN_ONLY`` lists the Taiwan words that must never reach a 简体中文 page; the tests
look for them in every converted text and on every page.

Sources for the chess terms (see also docs/languages.md):
- 中国国际象棋协会, 《国际象棋竞赛规则》 (the Chinese FIDE Laws of Chess): 直线、横线、
  斜线、王车易位、吃过路兵、升变、将军、将死、逼和、和棋。
- 中文维基百科 (zh-cn variant), 「国际象棋」「国际象棋规则」 articles; 「蹩马腿」 is the
  Mainland name of the xiangqi horse's block (绊马脚 in Taiwan).
- GB/T 15834-2011 《标点符号用法》: horizontal Mainland text quotes with “ ” and ‘ ’
  (「」 and 『』 are Taiwan's); OpenCC leaves punctuation alone, so QUOTES does it.

The conversion runs when the content and the catalogue are loaded or built, and
every converted text is cached: never once per request.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import opencc

import process_caches

OVERRIDES_FILE = Path(__file__).resolve().parent / "simplified_overrides.toml"
# What the conversion reads besides this module: a change rebuilds the generated catalogue.
INPUT_FILES = (OVERRIDES_FILE,)


@dataclass(frozen=True)
class Term:
    taiwan: str  # as the Traditional source writes it
    mainland: str  # what a Mainland book writes
    note: str  # why, briefly


# Every chess word the lessons use, reviewed one by one. Entries where OpenCC already
# gives the Mainland word are kept too: a test proves each one, so a change of OpenCC's
# tables cannot move a term unseen.
TERMS: tuple[Term, ...] = (
    Term("西洋棋", "国际象棋", "the game's Mainland name; 西洋棋 is Taiwan's"),
    Term("直行", "直线", "a file: the Chinese Laws call the eight files 直线"),
    Term("橫排", "横线", "a rank: the Chinese Laws call the eight ranks 横线"),
    Term("斜線", "斜线", "a diagonal: same word (tw2sp alone writes 斜線上 as 斜在线)"),
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
    Term("絆馬腳", "蹩马腿", "the xiangqi horse's block: Mainland says 蹩马腿"),
    Term("絆住了馬腳", "蹩住了马腿", "the same block said as a verb"),
)

# Interface words a child or a parent reads, where tw2sp is wrong for this site or keeps
# Taiwan's word. Each is proven by a test like the terms.
WORDS: tuple[Term, ...] = (
    Term("暱稱", "昵称", "nickname: tw2sp keeps the Taiwan character 暱"),
    Term("帳號", "账号", "account: tw2sp keeps 帐号"),
    Term("登入", "登录", "sign in"),
    Term("登出", "退出", "sign out: tw2sp says 注销, which in Mainland means closing an account"),
    Term("列印", "打印", "print"),
    Term("印出", "打印", "print out: tw2sp keeps 印出"),
    Term("剪下", "剪下", "cut out with scissors: tw2sp says 剪切, a computer's cut"),
    Term("線上", "线上", "on a line: tw2sp says 在线, online (this site never means online)"),
    Term("軟體", "软件", "software"),
    Term("連結", "链接", "a link"),
    Term("儲存", "保存", "save"),
    Term("伺服器", "服务器", "server"),
    Term("點選", "点击", "tap or click"),
    Term("設定", "设置", "set (a PIN, a password)"),
    Term("重設", "重置", "reset a password: Mainland says 重置"),
    Term("重新整理", "刷新", "reload a page"),
    Term("寄出", "发送", "send (a link): tw2sp keeps 寄出"),
    Term("資料", "数据", "data"),
    Term("裝置", "设备", "a device"),
    Term("喔", "哦", "the friendly particle: Mainland writes 哦"),
    Term("沿著", "沿着", "along: tw2sp misses 沿著 at a sentence's start"),
    Term("信箱", "邮箱", "an e-mail address's mailbox: Mainland says 邮箱"),
    Term("QR code", "二维码", "a QR code: Mainland says 二维码 (no space beside it then)"),
)

# Taiwan words, in simplified characters, that no 简体中文 text may contain: what tw2s
# alone would leave, and what tw2sp writes where Mainland means something else (注销,
# 在线, 剪切). Chess names that a sentence may cite as Taiwan's are in TAIWAN_NAMES.
TAIWAN_ONLY: tuple[str, ...] = (
    "伺服器",
    "点选",
    "设定",
    "重设",
    "重新整理",
    "喔",
    "寄出",
    "资料",
    "帐号",
    "暱称",
    "登入",
    "登出",
    "注销",
    "列印",
    "印出",
    "软体",
    "连结",
    "储存",
    "装置",
    "网路",
    "讯息",
    "萤幕",
    "滑鼠",
    "程式",
    "档案",
    "视窗",
    "搜寻",
    "预设",
    "在线",
    "剪切",
    "信箱",
    "QR code",
)
# Taiwan's chess names: allowed on a 简体中文 page only where the page cites them as
# Taiwan's (inside “ ”, or as a glossary term's other name).
TAIWAN_NAMES: tuple[str, ...] = ("西洋棋", "直行", "横排", "座标", "绊马脚")

CJK = re.compile(r"[\u3400-\u9fff]")

# Taiwan's corner brackets as the Mainland's quotation marks (GB/T 15834-2011).
QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})

# The space between a Chinese character and a Latin word that becomes Chinese (QR code).
_LATIN_WORD_SPACES = re.compile(
    r"(?<=[\u3400-\u9fff]) (?=QR code)|(?<=QR code) (?=[\u3400-\u9fff])"
)

# A reviewed word stands in the text as one private-use character while OpenCC runs.
_FENCE = 0xF0000


@process_caches.kept("languages.simplified._converter")
def _converter(config: str = "tw2sp") -> opencc.OpenCC:
    return opencc.OpenCC(config)


@process_caches.kept("languages.simplified.overrides")
def overrides() -> Mapping[str, str]:
    """The written 简体中文 of whole source texts: {Traditional text: Simplified text}."""
    raw = tomllib.loads(OVERRIDES_FILE.read_text(encoding="utf-8"))
    return {entry["source"]: entry["simplified"] for entry in raw.get("override", [])}


@process_caches.kept("languages.simplified._fences")
def _fences() -> tuple[re.Pattern[str], dict[str, str], list[str]]:
    """The pattern of every reviewed word (longest first), each word's fence, and the
    Mainland word behind each fence."""
    reviewed = [*TERMS, *WORDS]
    mainland = [term.mainland for term in reviewed]
    fence = {term.taiwan: chr(_FENCE + index) for index, term in enumerate(reviewed)}
    pattern = re.compile("|".join(re.escape(k) for k in sorted(fence, key=len, reverse=True)))
    return pattern, fence, mainland


def characters_only(text: str) -> str:
    """Only the characters simplified, Taiwan's words kept (OpenCC's tw2s): how a Taiwan
    word looks to a Mainland reader, e.g. to name it as Taiwan's (「直行」 → 「直行」)."""
    return _converter("tw2s").convert(text).translate(QUOTES)


@process_caches.kept("languages.simplified.to_simplified")
def to_simplified(text: str) -> str:
    """The Simplified Chinese of a Traditional (Taiwan) text.

    >>> to_simplified("王車易位時，王不能經過被攻擊的格。")
    '王车易位时，王不能经过被攻击的格。'
    >>> to_simplified("e 直行和第 4 橫排")
    'e 直线和第 4 横线'
    >>> to_simplified("先說「我調整」")
    '先说“我调整”'
    >>> to_simplified("請重新整理後再試一次喔。")
    '请刷新后再试一次哦。'
    """
    pattern, fence, mainland = _fences()
    if not CJK.search(text) and not pattern.search(text):
        return text
    written = overrides().get(text)
    if written is not None:
        return written
    text = _LATIN_WORD_SPACES.sub("", text)
    fenced = pattern.sub(lambda match: fence[match.group(0)], text)
    converted = _converter().convert(fenced)
    unfenced = "".join(
        mainland[ord(char) - _FENCE] if _FENCE <= ord(char) < _FENCE + len(mainland) else char
        for char in converted
    )
    return unfenced.translate(QUOTES)


# Which source texts need a written override -------------------------------------------

# A Taiwan word whose Mainland word differs, cited as a word: in 「」, or after 叫/稱.
_RENAMED = tuple(term.taiwan for term in TERMS if characters_only(term.taiwan) != term.mainland)
_CITED = re.compile(
    "|".join(
        rf"「{re.escape(word)}」|(?:叫|稱|稱為|叫做){re.escape(word)}|{re.escape(word)}(?:叫|的名字)"
        for word in _RENAMED
    )
    + r"|「國際象棋」|叫國際象棋"
)


def needs_override(text: str) -> bool:
    """Whether the text talks about a name that the conversion changes (西洋棋, 直行,
    絆馬腳 …), or names 國際象棋 itself: converted word by word it would say nothing."""
    return bool(_CITED.search(text))
