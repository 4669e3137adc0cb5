"""Every puzzle of the real curriculum opens on its lesson page, as a full page and a partial."""

import pytest

from lessons.curriculum import get_curriculum

PUZZLES = [
    (lesson.slug, puzzle.id) for lesson in get_curriculum().lessons for puzzle in lesson.puzzles
]


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "puzzle_id"), PUZZLES)
def test_every_puzzle_opens_with_its_prompt(client, slug, puzzle_id):
    puzzle = get_curriculum().puzzle(puzzle_id)
    page = client.get(f"/lessons/{slug}/?puzzle={puzzle_id}")
    assert page.status_code == 200
    assert f'data-puzzle="{puzzle_id}"' in page.content.decode()
    partial = client.get(f"/lessons/{slug}/?puzzle={puzzle_id}", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200
    text = partial.content.decode()
    assert puzzle.prompt in text.replace("&#x27;", "'").replace("&quot;", '"')
    assert ("data-board" in text) == bool(puzzle.fen)


@pytest.mark.django_db
def test_the_real_map_lists_every_lesson(client):
    page = client.get("/").content.decode()
    for lesson in get_curriculum().lessons:
        assert f'data-lesson="{lesson.slug}"' in page
