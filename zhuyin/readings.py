"""注音 (bopomofo) for each Chinese character a child reads, as Taiwan's schoolbooks print it.

A run of Chinese characters is read in five steps, each correcting the one before:

1. pypinyin (`Style.BOPOMOFO`), which segments the run into words with its phrase dictionary
   and reads each word whole (pypinyin-dict's fuller `large_pinyin` phrases were measured on
   the site's texts and left out: 91 readings changed, none to Taiwan's, 星星 ˙ㄒㄧㄥ, 哪 ㄋㄟˇ);
2. `TAIWAN_CHARACTERS`: characters whose one Taiwan reading (the Ministry of Education's
   《重編國語辭典》 and its 一字多音審訂表) is not the Mainland one pypinyin gives (攻擊 ㄐㄧˊ,
   危險 ㄨㄟˊ, 誰 ㄕㄟˊ), or whose usual reading on this site differs (長 ㄔㄤˊ, 教 ㄐㄧㄠ);
3. context rules for two characters a dictionary cannot settle word by word: 得 after a verb
   or adjective is the particle ˙ㄉㄜ (做得好、吃得到、離得遠), and 數 as a verb is ㄕㄨˇ
   (數一數、往上數到、從左邊數來), as a noun ㄕㄨˋ (數字、分數、步數);
4. `CHESS_READINGS`, the reviewed table of phrases, longest first: chess words (車 ㄐㄩ on a
   chessboard, 子 in 吃子 the full-tone ㄗˇ of 棋子, 著 after a verb ˙ㄓㄜ) and Taiwan words
   pypinyin reads the Mainland way (調整 ㄊㄧㄠˊ, 以為 ㄨㄟˊ, 時候 ㄕˊ ˙ㄏㄡ, 還給 ㄏㄨㄢˊ);
5. the tone change of 一 and 不 as Taiwan's first-grade textbooks print it (`tone_change`):
   一 before a fourth tone ㄧˊ (一次、一定), before the other tones ㄧˋ (一格、一條、一起),
   alone, as an ordinal or at the end of a word ㄧ (第一名、唯一、一，); 不 before a fourth
   tone ㄅㄨˊ (不要、不是), else ㄅㄨˋ (不能、不行). The next character's own tone decides
   (不一定 is ㄅㄨˋ ㄧˊ ㄉㄧㄥˋ). No other tone change is printed: pypinyin's `tone_sandhi`
   also changes third tones, which Taiwan's books do not.

The light tone mark is written first (˙ㄉㄜ), the Taiwan way. Every reading of a polyphone in
the site's texts is kept in a reviewed list (zhuyin.review, zhuyin/reviewed.tsv). No Django here.
"""

import re
from html import escape

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from pypinyin import Style, pinyin

import process_caches

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+")

# Taiwan's reading where pypinyin gives the Mainland one (or, for 長 and 教, the other sense).
TAIWAN_CHARACTERS: dict[str, str] = {
    "擊": "ㄐㄧˊ",  # 攻擊
    "危": "ㄨㄟˊ",  # 危險
    "暫": "ㄓㄢˋ",  # 暫時
    "誰": "ㄕㄟˊ",
    "期": "ㄑㄧˊ",  # 星期、期限
    "伺": "ㄙˋ",  # 伺服器
    "擁": "ㄩㄥˇ",  # 擁擠
    "儲": "ㄔㄨˊ",  # 儲存
    "息": "ㄒㄧˊ",
    "長": "ㄔㄤˊ",  # long: 長易位、長長的、最長的; 家長 is in CHESS_READINGS
    "檔": "ㄉㄤˇ",  # 檔案 (一字多音審訂表: ㄉㄤˇ)
    "教": "ㄐㄧㄠ",  # to teach: 會教、我教的; 主教、家教 are in CHESS_READINGS
}

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
    "輪空": ("ㄌㄨㄣˊ", "ㄎㄨㄥˋ"),  # a bye: 空 as in 空缺, not the sky
    "轮空": ("ㄌㄨㄣˊ", "ㄎㄨㄥˋ"),
    "輪數": ("ㄌㄨㄣˊ", "ㄕㄨˋ"),  # how many rounds: 數 the noun
    "轮数": ("ㄌㄨㄣˊ", "ㄕㄨˋ"),
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
    "重設": ("ㄔㄨㄥˊ", "ㄕㄜˋ"),  # to set again (a password)
    "重來": ("ㄔㄨㄥˊ", "ㄌㄞˊ"),
    "直行": ("ㄓˊ", "ㄏㄤˊ"),  # a file: a column of squares
    "整行": ("ㄓㄥˇ", "ㄏㄤˊ"),  # 一整行格: a whole line of squares
    "一行": ("ㄧ", "ㄏㄤˊ"),  # 每一行的顏色、一行一個 (a line, of squares or of text)
    "棋子": ("ㄑㄧˊ", "ㄗˇ"),
    "吃子": ("ㄔ", "ㄗˇ"),
    "摸子": ("ㄇㄛ", "ㄗˇ"),
    "走子": ("ㄗㄡˇ", "ㄗˇ"),
    "子力": ("ㄗˇ", "ㄌㄧˋ"),
    "白子": ("ㄅㄞˊ", "ㄗˇ"),
    "黑子": ("ㄏㄟ", "ㄗˇ"),
    "得子": ("ㄉㄜˊ", "ㄗˇ"),  # 將軍得子: the check that wins a piece
    "長得": ("ㄓㄤˇ", "˙ㄉㄜ"),  # 長得一樣: looks alike
    "相機": ("ㄒㄧㄤˋ", "ㄐㄧ"),
    "電子": ("ㄉㄧㄢˋ", "ㄗˇ"),
    # Taiwan words pypinyin reads the Mainland way (《重編國語辭典》).
    "家長": ("ㄐㄧㄚ", "ㄓㄤˇ"),
    "長大": ("ㄓㄤˇ", "ㄉㄚˋ"),
    "成長": ("ㄔㄥˊ", "ㄓㄤˇ"),
    "校長": ("ㄒㄧㄠˋ", "ㄓㄤˇ"),
    "班長": ("ㄅㄢ", "ㄓㄤˇ"),
    "主教": ("ㄓㄨˇ", "ㄐㄧㄠˋ"),  # the bishop's other name
    "家教": ("ㄐㄧㄚ", "ㄐㄧㄠˋ"),
    "教練": ("ㄐㄧㄠˋ", "ㄌㄧㄢˋ"),
    "教室": ("ㄐㄧㄠˋ", "ㄕˋ"),
    "教學": ("ㄐㄧㄠˋ", "ㄒㄩㄝˊ"),
    "教師": ("ㄐㄧㄠˋ", "ㄕ"),
    "教育": ("ㄐㄧㄠˋ", "ㄩˋ"),  # 教育體系單一簽入 (the school sign-in's button)
    "回應": ("ㄏㄨㄟˊ", "ㄧㄥˋ"),
    "調整": ("ㄊㄧㄠˊ", "ㄓㄥˇ"),  # j'adoube: 「我調整」
    "當成": ("ㄉㄤˋ", "ㄔㄥˊ"),
    "當作": ("ㄉㄤˋ", "ㄗㄨㄛˋ"),
    "還給": ("ㄏㄨㄢˊ", "ㄍㄟˇ"),
    "還原": ("ㄏㄨㄢˊ", "ㄩㄢˊ"),
    "以為": ("ㄧˇ", "ㄨㄟˊ"),
    "為止": ("ㄨㄟˊ", "ㄓˇ"),
    "變為": ("ㄅㄧㄢˋ", "ㄨㄟˊ"),  # 升變為后
    "成為": ("ㄔㄥˊ", "ㄨㄟˊ"),
    "稱為": ("ㄔㄥ", "ㄨㄟˊ"),
    "認為": ("ㄖㄣˋ", "ㄨㄟˊ"),
    "作為": ("ㄗㄨㄛˋ", "ㄨㄟˊ"),
    "設為": ("ㄕㄜˋ", "ㄨㄟˊ"),  # a school's change log: 把學校帳號來源設為…
    "加為": ("ㄐㄧㄚ", "ㄨㄟˊ"),  # 把 li 加為學校的老師
    "變更": ("ㄅㄧㄢˋ", "ㄍㄥ"),  # 變更紀錄: to change, not 更 (more)
    "相反": ("ㄒㄧㄤ", "ㄈㄢˇ"),
    "相同": ("ㄒㄧㄤ", "ㄊㄨㄥˊ"),  # 顏色相同: not 色相 (a hue)
    "就得": ("ㄐㄧㄡˋ", "ㄉㄟˇ"),  # must: 老師區就得輸入密碼
    "到得了": ("ㄉㄠˋ", "˙ㄉㄜ", "ㄌㄧㄠˇ"),
    "數次數": ("ㄕㄨˇ", "ㄘˋ", "ㄕㄨˋ"),  # to count the times
    "數一數": ("ㄕㄨˇ", "˙ㄧ", "ㄕㄨˇ"),
    # Light tones as first-grade textbooks print them: the second syllable of a doubled verb
    # (看看 ㄎㄢˋ ˙ㄎㄢ), 一 inside one (想一想: tone_change keeps it), 對不起, 這個, 地方.
    "看看": ("ㄎㄢˋ", "˙ㄎㄢ"),
    "想想": ("ㄒㄧㄤˇ", "˙ㄒㄧㄤ"),
    "試試": ("ㄕˋ", "˙ㄕ"),  # 試試看
    "想一想": ("ㄒㄧㄤˇ", "˙ㄧ", "ㄒㄧㄤˇ"),
    "找一找": ("ㄓㄠˇ", "˙ㄧ", "ㄓㄠˇ"),
    "算一算": ("ㄙㄨㄢˋ", "˙ㄧ", "ㄙㄨㄢˋ"),
    "看一看": ("ㄎㄢˋ", "˙ㄧ", "ㄎㄢˋ"),
    "對不起": ("ㄉㄨㄟˋ", "˙ㄅㄨ", "ㄑㄧˇ"),
    "這個": ("ㄓㄜˋ", "˙ㄍㄜ"),
    "那個": ("ㄋㄚˋ", "˙ㄍㄜ"),
    "地方": ("ㄉㄧˋ", "˙ㄈㄤ"),
    "喜歡": ("ㄒㄧˇ", "˙ㄏㄨㄢ"),
    # 看 as "to guard" is ㄎㄢ: 白王已經看住 g7 和 h7.
    "看住": ("ㄎㄢ", "ㄓㄨˋ"),
    "看得住": ("ㄎㄢ", "˙ㄉㄜ", "ㄓㄨˋ"),
    "時候": ("ㄕˊ", "˙ㄏㄡ"),
    "名字": ("ㄇㄧㄥˊ", "˙ㄗ"),
    "休息": ("ㄒㄧㄡ", "˙ㄒㄧ"),
    "這裡": ("ㄓㄜˋ", "˙ㄌㄧ"),
    "那裡": ("ㄋㄚˋ", "˙ㄌㄧ"),
    "哪裡": ("ㄋㄚˇ", "˙ㄌㄧ"),
    "關係": ("ㄍㄨㄢ", "˙ㄒㄧ"),
    "答應": ("ㄉㄚ", "˙ㄧㄥ"),
    "告訴": ("ㄍㄠˋ", "˙ㄙㄨ"),
    "知道": ("ㄓ", "˙ㄉㄠ"),
    "記得": ("ㄐㄧˋ", "˙ㄉㄜ"),
    "覺得": ("ㄐㄩㄝˊ", "˙ㄉㄜ"),
    "值得": ("ㄓˊ", "˙ㄉㄜ"),
    "更早": ("ㄍㄥˋ", "ㄗㄠˇ"),
    "更好": ("ㄍㄥˋ", "ㄏㄠˇ"),
}
LONGEST = max(len(phrase) for phrase in CHESS_READINGS)
# A character standing alone (no Chinese character beside it): the glossary's word for a line
# of squares, 「行」, is ㄏㄤˊ (a lone 行 in the lessons means nothing else; 不行 is a phrase).
LONE_READINGS: dict[str, tuple[str, ...]] = {"行": ("ㄏㄤˊ",)}

# 得 after one of these is the particle ˙ㄉㄜ of a complement (做得好、吃得到、強得多).
VERBS_BEFORE_PARTICLE_DE = frozenset(
    "做吃走離看強到集跑跳寫說想擋守放擺快慢遠近動站聽猜玩找拿算排移隔"
)
# 數 before one of these, or before punctuation, is the verb ㄕㄨˇ (數到、數來、數將軍、數的是、
# 往中間數：), unless it ends a noun after one of BEFORE_NOUN_SHU (分數一樣、次數。、算數。、級數).
AFTER_VERB_SHU = frozenset("一到來將的看著過完")
BEFORE_NOUN_SHU = frozenset("算分步格次題合位多少字級")


def _taiwan_style(reading: str) -> str:
    """pypinyin writes the light tone last (ㄉㄜ˙); Taiwan's books write it first (˙ㄉㄜ)."""
    return "˙" + reading[:-1] if reading.endswith("˙") else reading


def _dictionary(run: str) -> list[str]:
    readings = [_taiwan_style(r[0]) for r in pinyin(run, style=Style.BOPOMOFO)]
    if len(readings) != len(run):  # never seen, but a reading must stay beside its character
        readings = [_taiwan_style(pinyin(c, style=Style.BOPOMOFO)[0][0]) for c in run]
    return readings


def _context_rules(run: str, readings: list[str]) -> None:
    for i, char in enumerate(run):
        before = run[i - 1] if i else ""
        after = run[i + 1] if i + 1 < len(run) else ""
        if char == "得" and before in VERBS_BEFORE_PARTICLE_DE:
            readings[i] = "˙ㄉㄜ"
        elif char == "數":
            verb = before not in BEFORE_NOUN_SHU and (not after or after in AFTER_VERB_SHU)
            readings[i] = "ㄕㄨˇ" if verb else "ㄕㄨˋ"


def _phrases(run: str, readings: list[str]) -> None:
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


# Words that end in 一, which keeps its own tone there (唯一的、統一): a numeral before a
# measure word changes (同一種 ㄧˋ, 不一樣 ㄧˊ), so a segmenter's word end is not enough.
WORD_FINAL_YI = re.compile("唯一|統一|萬一|之一|專一|十一|單一")


def tone(reading: str) -> int:
    """The tone of a reading: 1 to 4, or 5 for the light tone (˙)."""
    if reading.startswith("˙"):
        return 5
    return {"ˊ": 2, "ˇ": 3, "ˋ": 4}.get(reading[-1], 1)


LIGHT = ("˙ㄧ", "˙ㄅㄨ")  # the light 一 and 不 a phrase of CHESS_READINGS gives


def tone_change(run: str, readings: list[str]) -> list[str]:
    """一 and 不 with the tone change Taiwan's first-grade textbooks print (see the docstring).

    `readings` are the characters' own readings; the next character's own tone decides, so
    a 一 or 不 before another 一 or 不 looks at its base tone (不一定 ㄅㄨˋ ㄧˊ ㄉㄧㄥˋ).

    >>> " ".join(tone_change("一次一格第一", ["ㄧ", "ㄘˋ", "ㄧ", "ㄍㄜˊ", "ㄉㄧˋ", "ㄧ"]))
    'ㄧˊ ㄘˋ ㄧˋ ㄍㄜˊ ㄉㄧˋ ㄧ'
    """
    base = [
        ("ㄧ" if c == "一" else "ㄅㄨˋ" if c == "不" else r)
        for c, r in zip(run, readings, strict=True)
    ]
    word_ends = {m.end() - 1 for m in WORD_FINAL_YI.finditer(run)}
    changed = list(base)
    for i, char in enumerate(run):
        following = tone(base[i + 1]) if i + 1 < len(run) else None
        if char in "一不" and readings[i] in LIGHT:
            changed[i] = readings[i]  # 想一想 ˙ㄧ, 對不起 ˙ㄅㄨ (CHESS_READINGS)
        elif char == "一":
            ordinal = i > 0 and run[i - 1] == "第"
            if following is None or ordinal or i in word_ends:
                changed[i] = "ㄧ"
            else:
                changed[i] = "ㄧˊ" if following == 4 else "ㄧˋ"
        elif char == "不":
            changed[i] = "ㄅㄨˊ" if following == 4 else "ㄅㄨˋ"
    return changed


def _run_readings(run: str) -> list[str]:
    if run in LONE_READINGS:
        return list(LONE_READINGS[run])
    readings = _dictionary(run)
    for i, char in enumerate(run):
        if char in TAIWAN_CHARACTERS:
            readings[i] = TAIWAN_CHARACTERS[char]
    _context_rules(run, readings)
    _phrases(run, readings)
    return tone_change(run, readings)


@process_caches.kept("zhuyin.readings.readings")
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


TONE_MARKS = "ˊˇˋ"


def _reading_markup(reading: str) -> SafeString | str:
    """A reading's symbols, with a tone mark (ˊˇˋ) in its own span so that the stylesheet
    can print it beside the column of symbols; the light tone ˙ stays in front (on top)."""
    if reading[-1] in TONE_MARKS:
        return format_html('{}<span class="zy-tone">{}</span>', reading[:-1], reading[-1])
    return reading


# Punctuation a line must not start with (it stays with the character before it) and
# punctuation a line must not end with (it stays with the character after it). A ruby laid out
# as a box is a break opportunity on both sides, so these go with it in a span.zy-w.
CLOSING = frozenset("，。、；：？！）」』》〉…")
OPENING = frozenset("（「『《〈")


def _ruby(text: str, *, html: bool) -> SafeString:
    tokens: list[tuple[str, SafeString]] = []  # (kind, markup): ruby, open, close or text
    for char, reading in readings(text):
        if reading is not None:
            rt = _reading_markup(reading)
            markup = format_html('<ruby>{}<rt aria-hidden="true">{}</rt></ruby>', char, rt)
            tokens.append(("ruby", markup))
        else:
            kind = "close" if char in CLOSING else "open" if char in OPENING else "text"
            # A character of text that is already HTML stays as it is (an entity's "&"
            # too); plain text's is escaped as a template escapes text (quotes kept).
            tokens.append((kind, mark_safe(char if html else escape(char, quote=False))))
    parts = []
    i = 0
    while i < len(tokens):
        start = i
        while i < len(tokens) and tokens[i][0] == "open":
            i += 1
        if i < len(tokens) and tokens[i][0] == "ruby":
            i += 1
            while i < len(tokens) and tokens[i][0] == "close":
                i += 1
            group = _joined(markup for _, markup in tokens[start:i])
            parts.append(
                group if i - start == 1 else format_html('<span class="zy-w">{}</span>', group)
            )
        else:
            i = start + 1
            parts.append(tokens[start][1])
    return _joined(parts)


def _joined(markups) -> SafeString:
    """Pieces of markup, each already safe, one after another."""
    return format_html_join("", "{}", ((markup,) for markup in markups))


@process_caches.kept("zhuyin.readings.ruby")
def ruby(text: str) -> SafeString:
    """`text` (plain text) as HTML with each Chinese character in a <ruby> with its reading.

    The reading is hidden from screen readers, which already say the character.

    >>> ruby("車 & a")
    '<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby> &amp; a'
    >>> ruby("馬")
    '<ruby>馬<rt aria-hidden="true">ㄇㄚ<span class="zy-tone">ˇ</span></rt></ruby>'
    >>> ruby("「車」")
    '<span class="zy-w">「<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby>」</span>'
    """
    return _ruby(text, html=False)


@process_caches.kept("zhuyin.readings.ruby_in_html_text")
def ruby_in_html_text(text: str) -> SafeString:
    """Like `ruby`, for text that is already HTML (entities such as &amp; are left as they are).

    >>> ruby_in_html_text("兵 &amp;")
    '<ruby>兵<rt aria-hidden="true">ㄅㄧㄥ</rt></ruby> &amp;'
    """
    return _ruby(text, html=True)
