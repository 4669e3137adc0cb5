"""A lesson goes between two others by its `order` alone: no other file is renumbered."""

from curriculum.loading import load_curriculum, load_lesson

LESSON = """
slug = "{slug}"
title = "課"
group = "basics"
order = {order}
summary = "一課。"
intro = ["一句。"]

[[puzzles]]
id = "{slug}-one"
kind = "text"
prompt = "哪一個？"
hint = "想一想。"
explanation = "對了。"
options = [{{ value = "a", text = "甲" }}, {{ value = "b", text = "乙", why = "不是乙。" }}]
answer = ["a"]
"""


def write(directory, slug, order):
    path = directory / f"{slug}.toml"
    path.write_text(LESSON.format(slug=slug, order=order), encoding="utf-8")
    return path


def test_a_lesson_with_order_between_two_others_comes_between_them(tmp_path):
    write(tmp_path, "first", 1)
    write(tmp_path, "second", 2)
    write(tmp_path, "between", 1.5)
    curriculum = load_curriculum(tmp_path)
    assert curriculum.errors == ()
    assert [lesson.slug for lesson in curriculum.lessons] == ["first", "between", "second"]


def test_an_order_that_is_no_number_above_zero_is_refused(tmp_path):
    for slug, order in (("zero", 0), ("word", '"two"'), ("yes", "true")):
        lesson, errors = load_lesson(write(tmp_path, slug, order))
        assert lesson is None
        assert [error.message for error in errors] == [
            "lesson needs an `order`, a number above 0 (2.5 comes between 2 and 3)"
        ]
