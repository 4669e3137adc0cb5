"""Re-ask partners (curriculum.reasks): a two-option question is asked again in another
position after a miss; which positions ask the same, nearest first, and what is refused."""

from pathlib import Path

from curriculum import reasks
from curriculum.loading import CONTENT_DIR, load_curriculum, load_files
from tests.lessons.lesson_fixtures import CASTLE_ATTACKED as ATTACKED
from tests.lessons.lesson_fixtures import CASTLE_FREE as FREE
from tests.lessons.lesson_fixtures import CASTLE_MOVED as MOVED
from tests.lessons.lesson_fixtures import can_castle_short as castle

BOARD = """slug = "board"
title = "棋盤"
group = "basics"
order = 1
summary = "棋盤。"
intro = ["棋盤有 64 格。"]

[[puzzles]]
id = "board-a1"
kind = "choice"
prompt = "a1 是什麼顏色？"
fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
question = "square_color"
square = "a1"
options = [ { value = "light", text = "白格" }, { value = "dark", text = "黑格" } ]
answer = ["dark"]
hint = "左下角。"
explanation = "a1 是黑格。"
"""

SQUARE_H1 = """
[[puzzles]]
id = "castling-h1"
kind = "choice"
prompt = "h1 是什麼顏色？"
fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
question = "square_color"
square = "h1"
options = [ { value = "light", text = "白格" }, { value = "dark", text = "黑格" } ]
answer = ["light"]
hint = "右下角。"
explanation = "h1 是白格。"
"""

CASTLE_LONG = """
[[puzzles]]
id = "castling-long"
kind = "choice"
prompt = "白方可以長易位嗎？"
fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
question = "can_castle"
side = "long"
options = [ { value = "yes", text = "可以" }, { value = "no", text = "不行" } ]
answer = ["yes"]
hint = "看一看。"
explanation = "可以。"
"""

TEXT = """
[[puzzles]]
id = "{id}"
kind = "text"
prompt = "{prompt}"
hint = "摸子走子。"
explanation = "摸了就要走。"
{again}
options = [
  {{ value = "a", text = "要走" }},
  {{ value = "b", text = "不用走", why = "摸了就要走。" }},
]
answer = ["a"]
"""


def header(slug: str, order: int) -> str:
    return (
        f'slug = "{slug}"\ntitle = "課"\ngroup = "special"\norder = {order}\n'
        'summary = "一課。"\nintro = ["一句話。"]\n'
    )


def write(directory: Path, slug: str, text: str) -> Path:
    path = directory / f"{slug}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def text(puzzle_id: str, prompt: str, again: str = "") -> str:
    return TEXT.format(id=puzzle_id, prompt=prompt, again=f'again = "{again}"' if again else "")


def lessons(tmp_path: Path):
    castling = header("castling", 2)
    castling += castle("castling-free", FREE, "yes") + castle("castling-moved", MOVED, "no")
    castling += SQUARE_H1 + castle("castling-attacked", ATTACKED, "no") + CASTLE_LONG
    castling += text("castling-touch", "摸了王，可以改走車嗎？")
    castling += text("castling-touch-rook", "摸了車，可以改走王嗎？", again="castling-touch")
    later = header("later", 3) + castle("later-free", "4k3/8/8/8/8/8/7P/4K2R w K - 0 1", "yes")
    paths = [
        write(tmp_path, "board", BOARD),
        write(tmp_path, "castling", castling),
        write(tmp_path, "later", later),
    ]
    curriculum = load_files(paths)
    assert curriculum.errors == ()
    return curriculum


def partner_ids(curriculum, puzzle_id: str) -> list[str]:
    return [p.id for p in curriculum.partners(curriculum.puzzle(puzzle_id))]


def test_partners_ask_the_same_question_nearest_first_and_never_from_a_later_lesson(tmp_path):
    curriculum = lessons(tmp_path)
    # Before it in its lesson (the closest first), then after it; the long side is another
    # question; later-free, of a later lesson, is never asked.
    assert partner_ids(curriculum, "castling-moved") == ["castling-free", "castling-attacked"]
    assert partner_ids(curriculum, "castling-attacked") == ["castling-moved", "castling-free"]
    # An earlier lesson's puzzles in their order.
    assert partner_ids(curriculum, "later-free") == [
        "castling-free",
        "castling-moved",
        "castling-attacked",
    ]


def test_a_square_question_finds_its_partner_in_an_earlier_lesson(tmp_path):
    curriculum = lessons(tmp_path)
    assert partner_ids(curriculum, "castling-h1") == ["board-a1"]
    assert partner_ids(curriculum, "board-a1") == []  # castling comes later


def test_a_text_question_has_a_partner_only_when_the_file_names_one(tmp_path):
    curriculum = lessons(tmp_path)
    assert partner_ids(curriculum, "castling-touch") == []
    assert partner_ids(curriculum, "castling-touch-rook") == ["castling-touch"]


def test_again_overrides_the_search(tmp_path):
    path = write(
        tmp_path,
        "castling",
        header("castling", 2)
        + castle("castling-free", FREE, "yes")
        + castle("castling-moved", MOVED, "no").replace(
            'kind = "choice"', 'kind = "choice"\nagain = "castling-attacked"'
        )
        + castle("castling-attacked", ATTACKED, "no"),
    )
    curriculum = load_files([path])
    assert partner_ids(curriculum, "castling-moved") == ["castling-attacked"]
    assert partner_ids(curriculum, "castling-free") == ["castling-moved", "castling-attacked"]


MOVED_PAWN_H2 = "4k3/8/8/8/8/8/7P/4K2R w - - 0 1"
MOVED_PAWN_G2 = "4k3/8/8/8/8/8/6P1/4K2R w - - 0 1"


def test_the_rule_of_a_question_is_what_its_wrong_option_is_told(tmp_path):
    curriculum = lessons(tmp_path)
    assert reasks.rule(curriculum.puzzle("castling-moved")) == "castling_rights_lost"
    assert reasks.rule(curriculum.puzzle("castling-attacked")) == "castling_through_attack"
    assert reasks.rule(curriculum.puzzle("castling-free")) == "castling_allowed"
    # The engine tells every square's colour alike, and a text question in words: no rule.
    assert reasks.rule(curriculum.puzzle("castling-h1")) is None
    assert reasks.rule(curriculum.puzzle("castling-touch")) is None


def test_the_search_puts_the_puzzles_of_the_same_rule_first(tmp_path):
    castling = header("castling", 2) + castle("castling-moved-far", MOVED_PAWN_H2, "no")
    castling += castle("castling-attacked", ATTACKED, "no") + castle("castling-free", FREE, "yes")
    castling += castle("castling-moved", MOVED, "no")
    curriculum = load_files([write(tmp_path, "castling", castling)])
    # Nearest first would be castling-free, castling-attacked, castling-moved-far.
    assert partner_ids(curriculum, "castling-moved") == [
        "castling-moved-far",
        "castling-free",
        "castling-attacked",
    ]


def test_again_is_followed_by_the_searchs_puzzles_of_the_same_rule_only(tmp_path):
    again = 'kind = "choice"\nagain = "castling-moved-h2"'
    castling = header("castling", 2) + castle("castling-moved-g2", MOVED_PAWN_G2, "no")
    castling += castle("castling-attacked", ATTACKED, "no") + castle("castling-free", FREE, "yes")
    castling += castle("castling-moved", MOVED, "no").replace('kind = "choice"', again)
    castling += castle("castling-moved-h2", MOVED_PAWN_H2, "no")
    curriculum = load_files([write(tmp_path, "castling", castling)])
    # Missed twice, the child meets a third position of the rule, not castling-moved again;
    # castling-attacked and castling-free ask the same question of another rule: left out.
    assert partner_ids(curriculum, "castling-moved") == ["castling-moved-h2", "castling-moved-g2"]


def test_only_two_option_questions_have_partners(tmp_path):
    curriculum = lessons(tmp_path)
    three = castle("castling-three", FREE, "yes").replace(
        '{ value = "no", text = "不行" } ]',
        '{ value = "no", text = "不行" }, { value = "maybe", text = "也許" } ]',
    )
    path = write(tmp_path, "castling", header("castling", 2) + three)
    assert partner_ids(load_files([path]), "castling-three") == []
    assert reasks.two_options(curriculum.puzzle("castling-free"))


def test_problems_name_a_lonely_question_and_each_unfit_again(tmp_path):
    curriculum = lessons(tmp_path)
    assert [(p.id, m[:40]) for _, p, m in reasks.problems(curriculum.lessons)] == [
        ("board-a1", "two options and no other position to ask"),
        ("castling-long", "two options and no other position to ask"),
        ("castling-touch", "two options and no other position to ask"),
    ]
    castling = header("castling", 2) + castle("castling-free", FREE, "yes").replace(
        'kind = "choice"', 'kind = "choice"\nagain = "later-free"'
    )
    castling += text("castling-self", "摸了王呢？", again="castling-self")
    castling += text("castling-move", "摸了車呢？", again="castling-jump")
    castling += """
[[puzzles]]
id = "castling-jump"
kind = "move"
prompt = "短易位。"
fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
hint = "王走兩格。"
explanation = "好！"
goal = { type = "castle", side = "short" }
again = "castling-free"
"""
    later = header("later", 3) + castle("later-free", FREE.replace("7", "6P"), "yes")
    paths = [write(tmp_path, "castling", castling), write(tmp_path, "later", later)]
    found = load_files(paths)
    assert found.errors == ()
    assert [(p.id, m) for _, p, m in reasks.problems(found.lessons)] == [
        ("castling-free", "`again` names later-free, from a later lesson (later)"),
        ("castling-self", "`again` names the puzzle itself: name another one"),
        ("castling-move", "`again` names castling-jump, which is not a question with options"),
        ("castling-jump", "`again` is only for a question with two options"),
        (
            "later-free",
            "two options and no other position to ask after a miss: add "
            '`again = "<puzzle id>"` (a puzzle of this or an earlier lesson that asks the same) '
            "or a third option",
        ),
    ]


def test_every_two_option_puzzle_of_the_real_curriculum_has_a_partner():
    curriculum = load_curriculum(CONTENT_DIR)
    two = [p for lesson in curriculum.lessons for p in lesson.puzzles if reasks.two_options(p)]
    assert len(two) >= 40
    assert [p.id for p in two if not curriculum.partners(p)] == []
    for puzzle in two:  # found by the search: the same kind; named by `again`: any question
        kinds = {partner.kind for partner in curriculum.partners(puzzle)}
        assert kinds == {puzzle.kind} or (puzzle.again and kinds <= {"choice", "text", "assess"})
