"""A small curriculum written for the view tests, so they do not move with the real content;
and the yes-or-no castling question the re-ask tests (search and page) write lessons of."""

from pathlib import Path

import pytest

from curriculum.loading import Curriculum, load_curriculum

KNIGHT = """
slug = "knight"
title = "馬"
group = "pieces"
order = 1
summary = "馬走日字。"
intro = ["馬的走法像英文字母 L。", "馬可以跳過棋子。"]

[[puzzles]]
id = "knight-first-jump"
kind = "move"
prompt = "讓白馬跳到 f3。"
fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
hint = "從 g1 往上兩格，再往左一格。"
explanation = "馬走 L 形，一次就到了 f3！"
goal = { type = "visit", targets = ["f3"], budget = 1, piece = "N" }

[[puzzles]]
id = "knight-squares"
kind = "squares"
prompt = "點出白馬可以去的每一格。"
fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
hint = "數一數 L 形。"
explanation = "馬在 g1 可以去 e2、f3、h3。"
target = "destinations"
square = "g1"

[[puzzles]]
id = "knight-colour"
kind = "choice"
prompt = "g1 是什麼顏色的格子？"
fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
hint = "右下角是白格。"
explanation = "g1 是黑格。"
question = "square_color"
square = "g1"
options = [ { value = "light", text = "白格" }, { value = "dark", text = "黑格" } ]
answer = ["dark"]
"""

CASTLING = """
slug = "castling"
title = "王車易位"
group = "special"
order = 2
summary = "王和車一起走。"
intro = ["王往車的方向走兩格。"]

[[puzzles]]
id = "castling-long-only"
kind = "move"
prompt = "王車易位到後翼。"
fen = "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1"
hint = "王往左走兩格。"
explanation = "長易位！"
goal = { type = "castle", side = "long" }

[[puzzles]]
id = "castling-stalemate-question"
kind = "assess"
prompt = "這盤棋現在怎麼了？"
fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
hint = "黑方能走嗎？"
explanation = "黑方沒有合法的棋步，也沒有被將軍：逼和。"
options = ["checkmate", "stalemate", "ongoing"]
answer = "stalemate"
"""

PROMOTION = """
slug = "promotion"
title = "兵的升變"
group = "special"
order = 3
summary = "兵走到底要升變。"
intro = ["兵走到最後一排，要變成后、車、象或馬。"]

[[puzzles]]
id = "promotion-queen"
kind = "move"
prompt = "把兵升變成后。"
fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
hint = "往前走一格。"
explanation = "兵變成后了！"
goal = { type = "promote", piece = "q" }

[[puzzles]]
id = "promotion-knight-tour"
kind = "move"
prompt = "馬先到 f3，再到 h4。"
fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
hint = "一步一步跳。"
explanation = "兩顆星星都拿到了！"
goal = { type = "visit", targets = ["f3", "h4"], budget = 2, piece = "N" }

[[puzzles]]
id = "promotion-two-rooks"
kind = "move"
prompt = "兩步將死黑王。"
fen = "7k/8/8/8/8/8/8/RR4K1 w - - 0 1"
hint = "先用一個車守住第七排。"
explanation = "兩個車合作，將死了！"
goal = { type = "mate", within = 2 }

[[puzzles]]
id = "promotion-touch"
kind = "text"
prompt = "你摸了馬，要怎麼辦？"
fen = ""
hint = "摸子走子。"
explanation = "摸了就要走。"
options = [
  { value = "a", text = "一定要走這個馬" },
  { value = "b", text = "可以改走別的棋子", why = "摸了能走的馬，就要走馬。" },
]
answer = ["a"]
"""


# White's short castling, asked 「可以短易位嗎？」: allowed; not any more (the king moved and
# came back); not now (the rook on f8 attacks f1).
CASTLE_FREE = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
CASTLE_MOVED = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
CASTLE_ATTACKED = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1"

CAN_CASTLE_SHORT = """
[[puzzles]]
id = "{id}"
kind = "choice"
prompt = "{prompt}"
fen = "{fen}"
question = "can_castle"
side = "short"
options = [ {{ value = "yes", text = "可以" }}, {{ value = "no", text = "不行" }} ]
answer = ["{answer}"]
hint = "{hint}"
explanation = "{explanation}"
"""


def can_castle_short(
    puzzle_id: str,
    fen: str,
    answer: str,
    *,
    prompt: str = "白方可以短易位嗎？",
    hint: str = "看一看。",
    explanation: str = "就是這樣。",
) -> str:
    """A two-option question (so asked again elsewhere after a miss), as a content file has it."""
    fields = {"prompt": prompt, "hint": hint, "explanation": explanation}
    return CAN_CASTLE_SHORT.format(id=puzzle_id, fen=fen, answer=answer, **fields)


def write_curriculum(directory: Path) -> Curriculum:
    (directory / "knight.toml").write_text(KNIGHT, encoding="utf-8")
    (directory / "castling.toml").write_text(CASTLING, encoding="utf-8")
    (directory / "promotion.toml").write_text(PROMOTION, encoding="utf-8")
    curriculum = load_curriculum(directory)
    assert curriculum.errors == ()
    return curriculum


@pytest.fixture
def curriculum(tmp_path, monkeypatch) -> Curriculum:
    curriculum = write_curriculum(tmp_path)
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.answering.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.progress.get_curriculum", lambda: curriculum)
    return curriculum
