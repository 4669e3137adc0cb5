"""Every two-option question of the real curriculum is asked again in another position
after a miss: its place then shows its nearest partner, about another position or square."""

import re

import pytest

from curriculum import reasks
from curriculum.kinds import choice
from curriculum.loading import get_curriculum

pytestmark = pytest.mark.django_db

TWO_OPTIONS = [
    p for lesson in get_curriculum().lessons for p in lesson.puzzles if reasks.two_options(p)
]


def wrong_value(puzzle) -> str:
    truth = choice.truth(puzzle) if puzzle.kind == "choice" else set(puzzle.answer)
    return next(o.value for o in puzzle.options if o.value not in truth)


def test_there_are_many_two_option_questions():
    assert len(TWO_OPTIONS) >= 45


@pytest.mark.parametrize("puzzle", TWO_OPTIONS, ids=lambda p: p.id)
def test_a_missed_two_option_question_is_asked_again_in_another_position(client, puzzle):
    url = f"/lessons/{puzzle.lesson}/{puzzle.id}/"
    missed = client.post(url, {"answer": wrong_value(puzzle), "asked": puzzle.id})
    assert "再試一題" in missed.content.decode()
    page = client.get(f"/lessons/{puzzle.lesson}/?puzzle={puzzle.id}").content.decode()
    partner = get_curriculum().partners(puzzle)[0]
    assert f'data-puzzle="{puzzle.id}" data-asked="{partner.id}"' in page
    assert partner.prompt in page
    if partner.start_fen:
        shown = re.search(r'data-board data-fen="([^"]+)"', page).group(1)
        assert shown == partner.start_fen
    asked_about = (partner.start_fen, dict(partner.params), partner.prompt)
    assert asked_about != (puzzle.start_fen, dict(puzzle.params), puzzle.prompt)
