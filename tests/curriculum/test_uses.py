"""A puzzle names the rules it uses, or they are read off it; none is taught later."""

from curriculum.loading import load_lesson
from curriculum.uses import TAUGHT_BY
from curriculum.validator import validate_files

LESSON = """
slug = "{slug}"
title = "課"
group = "basics"
order = {order}
summary = "一課。"
intro = ["一句。"]
{puzzles}
"""

STALEMATE_ANSWER = """
[[puzzles]]
id = "{slug}-stalemate"
kind = "assess"
prompt = "輪到黑方。這盤棋怎麼了？"
fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
options = ["checkmate", "stalemate", "ongoing"]
answer = "stalemate"
hint = "黑王還能走嗎？"
explanation = "逼和。"
"""

IN_CHECK = """
[[puzzles]]
id = "{slug}-in-check"
kind = "choice"
prompt = "白王可以走到 d2 嗎？"
fen = "4k3/8/8/8/8/2b5/3p4/4K3 w - - 0 1"
question = "move_legal"
move = "e1d2"
options = [ {{ value = "yes", text = "可以" }}, {{ value = "no", text = "不可以" }} ]
answer = ["no"]
hint = "看一看。"
explanation = "不可以。"
"""

NAMED = """
[[puzzles]]
id = "{slug}-named"
kind = "text"
prompt = "你提和，對手說好。結果？"
uses = [{uses}]
hint = "想一想。"
explanation = "和棋。"
options = [
  {{ value = "a", text = "和棋" }},
  {{ value = "b", text = "我輸了", why = "提和不會輸。" }},
]
answer = ["a"]
"""

TEXT = """
[[puzzles]]
id = "{slug}-text"
kind = "text"
prompt = "哪一個？"
hint = "想一想。"
explanation = "對了。"
options = [ {{ value = "a", text = "甲" }}, {{ value = "b", text = "乙", why = "不是乙。" }} ]
answer = ["a"]
"""


def write(directory, slug, order, *puzzles, **fields):
    path = directory / f"{slug}.toml"
    body = "".join(p.format(slug=slug, **fields) for p in puzzles)
    path.write_text(LESSON.format(slug=slug, order=order, puzzles=body), encoding="utf-8")
    return path


def messages(paths):
    return [str(error) for error in validate_files(paths).errors if "uses" in error.message]


def test_a_stalemate_answer_before_the_stalemate_lesson_is_refused_with_its_line(tmp_path):
    early = write(tmp_path, "endings", 1, STALEMATE_ANSWER)
    later = write(tmp_path, "stalemate", 2, TEXT)
    assert messages([early, later]) == [
        f"{early}:10: endings-stalemate: uses stalemate (the answer stalemate), taught in "
        "the lesson 'stalemate' (order 2), after this one (order 1)"
    ]


def test_a_stalemate_option_before_the_stalemate_lesson_is_refused_too(tmp_path):
    # 「逼和」 offered beside 「將死」 names a rule not taught yet, though it is not the answer.
    offered = STALEMATE_ANSWER.replace("7k/5Q2/6K1", "7k/6Q1/6K1").replace(
        'answer = "stalemate"', 'answer = "checkmate"'
    )
    early = write(tmp_path, "endings", 1, offered)
    later = write(tmp_path, "stalemate", 2, TEXT)
    assert messages([early, later]) == [
        f"{early}:10: endings-stalemate: uses stalemate (the option stalemate), taught in "
        "the lesson 'stalemate' (order 2), after this one (order 1)"
    ]


def test_the_same_answer_after_the_lesson_is_accepted(tmp_path):
    taught = write(tmp_path, "stalemate", 1, TEXT)
    after = write(tmp_path, "endings", 2, STALEMATE_ANSWER)
    assert messages([taught, after]) == []


def test_a_position_in_check_before_the_check_lesson_is_refused(tmp_path):
    early = write(tmp_path, "capture", 1, IN_CHECK)
    later = write(tmp_path, "check", 2, TEXT)
    assert messages([early, later]) == [
        f"{early}:10: capture-in-check: uses check (the side to move starts in check), "
        "taught in the lesson 'check' (order 2), after this one (order 1)"
    ]


def test_a_rule_named_in_uses_counts_like_a_derived_one(tmp_path):
    early = write(tmp_path, "endings", 1, NAMED, uses='"draws"')
    later = write(tmp_path, "draws", 2, TEXT)
    assert messages([early, later]) == [
        f"{early}:10: endings-named: uses draws (named in `uses`), taught in the lesson "
        "'draws' (order 2), after this one (order 1)"
    ]


def test_uses_must_name_a_known_rule(tmp_path):
    _lesson, errors = load_lesson(write(tmp_path, "endings", 1, NAMED, uses='"dragons"'))
    assert [error.message for error in errors] == [
        "`uses` names no rule: dragons; one of " + ", ".join(TAUGHT_BY)
    ]
