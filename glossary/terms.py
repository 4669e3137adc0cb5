"""The glossary 「名詞對照」: each Taiwan term with the other names a child may meet.

The terms are content about Chinese words, like the lesson files, so they are
written here in Traditional Chinese and not translated; only the page's own
labels go through gettext. A name written in simplified characters is marked
`simplified` so the page can tag it `lang="zh-Hans"`; an English name is tagged
`lang="en"`.
"""

from dataclasses import dataclass

COMMON = "常聽到的說法"
ENGLISH = "英文"
MAINLAND = "中國大陸"
HONG_KONG = "香港"
OLDER_BOOKS = "舊書"
XIANGQI = "象棋的說法"


@dataclass(frozen=True)
class OtherName:
    text: str
    where: str  # who says it: 香港, 中國大陸, 英文 …
    script: str = "hant"  # "hant", "hans" (simplified characters) or "en"

    @property
    def lang(self) -> str:
        return {"hans": "zh-Hans", "en": "en"}.get(self.script, "")


@dataclass(frozen=True)
class Term:
    key: str  # English, for the page anchor and the tests
    taiwan: str
    meaning: str
    other_names: tuple[OtherName, ...] = ()
    images: tuple[str, ...] = ()  # static paths of the piece pictures
    lesson: str = ""  # slug of the lesson that teaches it


@dataclass(frozen=True)
class Symbol:
    text: str  # as written on a score sheet: K, x, O-O, ½-½
    meaning: str


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    terms: tuple[Term, ...]


def _simplified(text: str) -> OtherName:
    return OtherName(text, MAINLAND, "hans")


def _english(text: str) -> OtherName:
    return OtherName(text, ENGLISH, "en")


PIECES = Section(
    "pieces",
    "棋子",
    (
        Term(
            "king",
            "王",
            "一次走一格，往哪個方向都可以。王被將死，就輸了。",
            (OtherName("國王", COMMON), _simplified("国王"), _english("King")),
            ("pieces/wK.svg", "pieces/bK.svg"),
            lesson="king",
        ),
        Term(
            "queen",
            "后",
            "直走、橫走、斜走都可以，想走幾格就走幾格。",
            (OtherName("皇后", COMMON), _english("Queen")),
            ("pieces/wQ.svg", "pieces/bQ.svg"),
            lesson="queen",
        ),
        Term(
            "rook",
            "車",
            "直走或橫走，想走幾格就走幾格。",
            (OtherName("城堡", COMMON), _simplified("车"), _english("Rook")),
            ("pieces/wR.svg", "pieces/bR.svg"),
            lesson="rook",
        ),
        Term(
            "bishop",
            "象",
            "只能斜走，想走幾格就走幾格，所以一直留在同一種顏色的格上。",
            (OtherName("主教", COMMON), _english("Bishop")),
            ("pieces/wB.svg", "pieces/bB.svg"),
            lesson="bishop",
        ),
        Term(
            "knight",
            "馬",
            "走 L 形：往一個方向走兩格，再轉彎走一格。它可以跳過中間的棋子。",
            (OtherName("騎士", COMMON), _simplified("马"), _english("Knight")),
            ("pieces/wN.svg", "pieces/bN.svg"),
            lesson="knight",
        ),
        Term(
            "pawn",
            "兵",
            "只能往前走，一次一格，第一步可以走兩格；吃子時斜著往前吃一格。",
            (OtherName("士兵", COMMON), OtherName("小兵", COMMON), _english("Pawn")),
            ("pieces/wP.svg", "pieces/bP.svg"),
            lesson="pawn",
        ),
    ),
)

BOARD = Section(
    "board",
    "棋盤",
    (
        Term(
            "chess",
            "西洋棋",
            "這個遊戲的名字。兩個人各有十六個棋子，在八乘八的棋盤上下。",
            (
                OtherName("國際象棋", f"{HONG_KONG}、{MAINLAND}"),
                _simplified("国际象棋"),
                _english("Chess"),
            ),
            lesson="board",
        ),
        Term(
            "file",
            "直行",
            "由下往上的一整行格，用字母 a 到 h 來叫。",
            (OtherName("直線", COMMON), _simplified("直线"), _english("File")),
            lesson="board",
        ),
        Term(
            "rank",
            "橫排",
            "由左到右的一整排格，用數字 1 到 8 來叫。",
            (OtherName("橫線", COMMON), _simplified("横线"), _english("Rank")),
            lesson="board",
        ),
        Term(
            "diagonal",
            "斜線",
            "顏色相同、斜斜連在一起的一排格。象和后可以沿著它走。",
            (_simplified("斜线"), _english("Diagonal")),
            lesson="bishop",
        ),
    ),
)

MOVES = Section(
    "moves",
    "走法",
    (
        Term(
            "capture",
            "吃子",
            "走到對方棋子的格上，把它拿下棋盤。自己的棋子不能吃。",
            (_english("Capture"),),
            lesson="capture",
        ),
        Term(
            "blocked-leg",
            "絆馬腳",
            "象棋的馬，走的方向緊貼著一個棋子，就不能往那邊跳。西洋棋的馬沒有絆馬腳，可以跳過任何棋子。",
            (
                OtherName("蹩馬腿", MAINLAND),
                _simplified("蹩马腿"),
                _english("Hobbling the horse (xiangqi)"),
            ),
            lesson="knight",
        ),
        Term(
            "castling",
            "王車易位",
            "王往車的方向走兩格，車越過王，停在王的旁邊。一盤棋只能做一次。",
            (
                OtherName("入堡", f"{HONG_KONG}、{OLDER_BOOKS}"),
                OtherName("易位", COMMON),
                _simplified("王车易位"),
                _english("Castling"),
            ),
            lesson="castling",
        ),
        Term(
            "short-castling",
            "短易位",
            "王和 h 直行的車易位，王和車離得比較近。記成 O-O（也寫成 0-0）。",
            (OtherName("王翼易位", COMMON), _english("Kingside castling")),
            lesson="castling",
        ),
        Term(
            "long-castling",
            "長易位",
            "王和 a 直行的車易位，王和車離得比較遠。記成 O-O-O（也寫成 0-0-0）。",
            (OtherName("后翼易位", COMMON), _english("Queenside castling")),
            lesson="castling",
        ),
        Term(
            "en-passant",
            "吃過路兵",
            "對方的兵一次走兩格，停在你的兵旁邊；就在下一步，你的兵可以斜走到它剛經過的那格，把它吃掉。",
            (_simplified("吃过路兵"), OtherName("en passant", "法文，英文也這樣說", "en")),
            lesson="en-passant",
        ),
        Term(
            "promotion",
            "升變",
            "兵走到最後一排，一定要變成后、車、象或馬，由你選。",
            (OtherName("兵的升變", COMMON), _simplified("升变"), _english("Promotion")),
            lesson="promotion",
        ),
        Term(
            "touch-move",
            "摸子走子",
            "故意摸了自己的棋子，只要它能走，就一定要走它。",
            (_english("Touch-move"),),
            lesson="touch-move",
        ),
    ),
)

ENDINGS = Section(
    "endings",
    "將軍和結束",
    (
        Term(
            "check",
            "將軍",
            "王正被對方的棋子攻擊。",
            (OtherName("叫將", f"{HONG_KONG}、{XIANGQI}"), _simplified("将军"), _english("Check")),
            lesson="check",
        ),
        Term(
            "answer-check",
            "應將",
            "被將軍時，馬上讓王不再被攻擊：吃掉它、擋住它，或是把王移開。",
            (OtherName("解將", XIANGQI), _simplified("应将")),
            lesson="check",
        ),
        Term(
            "checkmate",
            "將死",
            "王被將軍，而且怎麼走都逃不掉。將死對方的人贏。",
            (_simplified("将死"), _english("Checkmate")),
            lesson="checkmate",
        ),
        Term(
            "stalemate",
            "逼和",
            "輪到走棋的一方沒有被將軍，卻一步都不能走。這盤棋就是和棋。",
            (OtherName("僵局", OLDER_BOOKS), _english("Stalemate")),
            lesson="stalemate",
        ),
        Term(
            "draw",
            "和棋",
            "沒有人贏，也沒有人輸。",
            (OtherName("和局", COMMON), OtherName("平手", COMMON), _english("Draw")),
            lesson="draws",
        ),
        Term(
            "dead-position",
            "死局",
            "不管雙方怎麼走，誰都不可能將死對方，例如只剩兩個王。",
            (OtherName("子力不足", "棋子太少時常這樣說"), _english("Dead position")),
            lesson="draws",
        ),
        Term(
            "threefold",
            "三次重複",
            "同一個局面出現第三次，輪到走棋的一方可以要求和棋。",
            (_simplified("三次重复"), _english("Threefold repetition")),
            lesson="draws",
        ),
        Term(
            "fifty-moves",
            "五十回合規則",
            "雙方各走了五十步，都沒有吃子，也沒有走兵，輪到走棋的一方就可以要求和棋。",
            (
                OtherName("五十步規則", COMMON),
                _simplified("五十回合规则"),
                _english("Fifty-move rule"),
            ),
            lesson="draws",
        ),
        Term(
            "agreement",
            "協議和棋",
            "一方提議和棋，另一方答應，這盤棋就是和棋。",
            (OtherName("提和", COMMON), _english("Draw by agreement")),
            lesson="draws",
        ),
    ),
)

SECTIONS: tuple[Section, ...] = (PIECES, BOARD, MOVES, ENDINGS)

NOTATION: tuple[Symbol, ...] = (
    Symbol("K", "王（King）"),
    Symbol("Q", "后（Queen）"),
    Symbol("R", "車（Rook）"),
    Symbol("B", "象（Bishop）"),
    Symbol("N", "馬（Knight）。K 已經給王用了，所以馬用 N。"),
    Symbol("e4", "兵沒有字母，只寫它走到的格。"),
    Symbol("x", "吃子，例如 Nxe5：馬吃掉 e5 的棋子。"),
    Symbol("+", "將軍"),
    Symbol("#", "將死"),
    Symbol("O-O", "短易位，也寫成 0-0（數字零）"),
    Symbol("O-O-O", "長易位，也寫成 0-0-0"),
    Symbol("=Q", "兵升變成后，例如 e8=Q。升變成別的棋子就寫 =R、=B、=N。"),
    Symbol("1-0", "白方贏"),
    Symbol("0-1", "黑方贏"),
    Symbol("½-½", "和棋"),
)
