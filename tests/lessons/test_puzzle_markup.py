"""The puzzle's section, whole, in representative states: byte for byte the markup the
f-string code wrote before the section went back into templates (templates/lessons/puzzle.jinja).

Each file in puzzle_markup/ was written by that code (main at 4cdb3d7,
the old lessons/puzzle_html.py) from the same PuzzleView; a change of markup shows here as a diff
of whole sections. After a deliberate change, write the files again with
`PIN_PUZZLE_MARKUP=1 .venv/bin/pytest tests/lessons/test_puzzle_markup.py` and read the diff.
"""

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import translation

from board.component import board_context, promotion_context
from board.feedback import Feedback
from lessons.presenter import PuzzleView, puzzle_section
from lessons.steps import Step

PINNED = Path(__file__).parent / "puzzle_markup"
KNIGHT = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
PAWN = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
NASTY = "<b>&\"'"


def puzzle(**fields):
    values = {"id": "p1", "kind": "move", "prompt": "走一步。", "hint": "馬走日字。", "options": ()}
    return SimpleNamespace(**(values | fields))


def option(value, text):
    return SimpleNamespace(value=value, text=text)


def states() -> dict[str, tuple[str, str | None, dict]]:
    """name → (language, csrf token, PuzzleView fields)."""
    knight = puzzle(id="knight-first-jump")
    choice = puzzle(
        id="check-or-not",
        kind="choice",
        prompt=f"王被將軍了嗎？{NASTY}",
        options=(option("yes", "是"), option("no", f"不是{NASTY}")),
    )
    steps = (Step("knight-a", 3, 3, False), Step("knight-first-jump", 4, None, True))
    return {
        "move-first-screen": (
            "zh-hant",
            "token&",
            dict(
                place=knight,
                puzzle=knight,
                board=board_context(KNIGHT, mode="move", last_move="e2e1"),
                interactive=True,
                input_mode="move",
                history=[(1, "e4", "e5"), (2, "Nf3", "")],
                typed_move_tucked=True,
                number=4,
                total=8,
                level_number=2,
                level_count=3,
                number_in_level=1,
                level_size=3,
                steps=steps,
            ),
        ),
        "move-wrong-promotion-hint": (
            "zh-hant",
            None,
            dict(
                place=knight,
                puzzle=knight,
                board=board_context(PAWN, mode="move", selected="b7", highlights=["b8"]),
                interactive=True,
                input_mode="move",
                played="e1e2",
                promotion=promotion_context(PAWN, "b7b8"),
                feedback=Feedback("illegal", "這一步不行。", ("再試一次。",), why=(NASTY,)),
                hint_shown=True,
                hint_requested=True,
                typed_move_open=True,
                number=1,
                total=1,
            ),
        ),
        "move-solved-lesson-done": (
            "zh-hant",
            None,
            dict(
                place=knight,
                puzzle=knight,
                board=board_context(KNIGHT, mode="view", last_move="g1f3"),
                input_mode="move",
                feedback=Feedback("correct", "答對了！", ()),
                solved_stars=3,
                all_solved=True,
                next_url="/lessons/knight/",
                number=8,
                total=8,
                steps=steps,
            ),
        ),
        "choice-reasked-hint-words": (
            "zh-hant",
            "token",
            dict(
                place=puzzle(id="check-first", kind="choice"),
                puzzle=choice,
                input_mode="view",
                chosen=("no",),
                hint_shown=True,
                history_words=["白兵從 e2 走到 e4", NASTY],
                number=2,
                total=5,
            ),
        ),
        "choice-reask-link": (
            "zh-hant",
            None,
            dict(
                place=choice,
                puzzle=choice,
                board=board_context(KNIGHT, mode="view"),
                input_mode="view",
                feedback=Feedback("incorrect", "不對喔。", ()),
                reask=True,
                retry_url="/lessons/check/?puzzle=check-or-not",
                several=True,
                number=2,
                total=5,
            ),
        ),
        "mark-squares": (
            "zh-hant",
            "token",
            dict(
                place=puzzle(id="knight-squares", kind="mark"),
                puzzle=puzzle(id="knight-squares", kind="mark", options=(option("x", "x"),)),
                board=board_context(KNIGHT, mode="mark", marked=["f3", "h3"]),
                interactive=True,
                input_mode="mark",
                number=3,
                total=8,
            ),
        ),
        "visit-stars-in-english": (
            "en",
            None,
            dict(
                place=puzzle(id="rook-visit", kind="visit"),
                puzzle=puzzle(id="rook-visit", kind="visit"),
                board=board_context(KNIGHT, mode="move"),
                interactive=True,
                input_mode="move",
                played="g1f3",
                targets=["a8", "h8"],
                moves_left=2,
                circled=["e4"],
                number=1,
                total=2,
            ),
        ),
        "move-hint-no-buttons": (
            "zh-hant",
            None,
            dict(
                place=knight,
                puzzle=knight,
                input_mode="move",
                hint_shown=True,
                number=1,
                total=2,
            ),
        ),
        "practice-solved": (
            "zh-hant",
            None,
            dict(
                place=knight,
                puzzle=knight,
                board=board_context(KNIGHT, mode="view"),
                input_mode="move",
                solved_stars=1,
                heading="再練習：第 2 關（共 3 關）",
                next_label=f"再來一題{NASTY}",
                next_url="/practice/knight/",
            ),
        ),
    }


def render(name: str) -> str:
    language, token, fields = states()[name]
    with translation.override(language):
        return puzzle_section(PuzzleView(answer_url="/lessons/a/", **fields), token)


@pytest.mark.parametrize("name", sorted(states()))
def test_the_section_is_the_pinned_markup(name):
    pinned = PINNED / f"{name}.html"
    if os.environ.get("PIN_PUZZLE_MARKUP"):
        pinned.write_text(render(name), encoding="utf-8")
    assert render(name) == pinned.read_text(encoding="utf-8")


def test_a_misspelt_field_fails_loudly():
    asked = puzzle()
    with pytest.raises(TypeError, match="solved_star"):
        PuzzleView(place=asked, puzzle=asked, answer_url="/a/", solved_star=3)
