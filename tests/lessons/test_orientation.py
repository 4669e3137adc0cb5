"""The board holds still: a puzzle keeps the learner's side at the bottom from its first
screen to its last, through the solving move and every reply of the other side."""

import re

import chess
import pytest

from curriculum.judging import judge
from curriculum.loading import get_curriculum

MOVE_PUZZLES = [
    (lesson.slug, puzzle)
    for lesson in get_curriculum().lessons
    for puzzle in lesson.puzzles
    if puzzle.kind == "move"
]
HTMX = {"HTTP_HX_REQUEST": "true"}


def solving_line(puzzle) -> list[tuple[str, tuple[str, ...]]]:
    """(move, played before it) for each of the learner's moves of a solution."""
    line, played, fen = [], (), puzzle.start_fen
    for _step in range(8):
        for move in chess.Board(fen).legal_moves:
            outcome = judge(puzzle, move.uci(), played)
            if outcome.result in ("correct", "continue"):
                line.append((move.uci(), played))
                if outcome.result == "correct":
                    return line
                played, fen = outcome.played, outcome.fen
                break
    raise AssertionError(f"{puzzle.id}: no solution found")


def orientation(html: str) -> str:
    (found,) = set(re.findall(r'data-orientation="(\w+)"', html))
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "puzzle"), MOVE_PUZZLES, ids=[p.id for _, p in MOVE_PUZZLES])
def test_every_move_puzzle_keeps_its_orientation_through_the_solving_move(client, slug, puzzle):
    learner = puzzle.side_to_move
    first = client.get(f"/lessons/{slug}/?puzzle={puzzle.id}").content.decode()
    assert orientation(first) == learner
    seen = []
    for move, played in solving_line(puzzle):
        post = {"typed": move, "typed_submit": "1", "mode": "move", "played": " ".join(played)}
        page = client.post(f"/lessons/{slug}/{puzzle.id}/", post, **HTMX).content.decode()
        assert re.search(r'data-verdict="(correct|continue)"', page), move
        seen.append(orientation(page))
    assert seen == [learner] * len(seen)
