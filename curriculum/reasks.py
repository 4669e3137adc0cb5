"""A question with only two options is not a coin toss: after a miss the learner reads
the reason and then meets the same question in another position before the puzzle
counts (lessons.answering asks it). Here: which puzzles are two-option questions, and
each one's re-ask partners, found once when the curriculum loads.

A partner asks the same question: the same kind, the same `question`, the same side
or colour when the question has one, and the same option values, about another
position or square. Nearest first: the same lesson's puzzles before it (the closest
first), then the ones after it, then earlier lessons (the closest lesson first); never
a later lesson, whose rule the learner has not met. A text question is told in words,
so it has a partner only when the file names one: ``again = "<puzzle id>"``, which
overrides the search for any two-option puzzle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from curriculum.kinds import KINDS
from curriculum.puzzles import Lesson, Puzzle

# Parameters that say what is asked rather than where: a partner asks about the same one.
SAME_PARAMS = ("side", "colour")


def two_options(puzzle: Puzzle) -> bool:
    return len(puzzle.options) == 2


def _question(puzzle: Puzzle) -> tuple | None:
    """What a partner must share; None for a text question (it pairs only by `again`)."""
    if puzzle.kind == "text" or not puzzle.options:
        return None
    same = tuple((name, puzzle.params[name]) for name in SAME_PARAMS if name in puzzle.params)
    values = frozenset(option.value for option in puzzle.options)
    return (puzzle.kind, puzzle.question, same, values)


def _asked_about(puzzle: Puzzle) -> tuple:
    return (puzzle.fen, puzzle.moves, tuple(sorted(puzzle.params.items())))


def _same_question(puzzle: Puzzle, other: Puzzle) -> bool:
    question = _question(puzzle)
    return (
        question is not None
        and question == _question(other)
        and _asked_about(puzzle) != _asked_about(other)
    )


def _in_order(lessons: Iterable[Lesson]) -> list[Lesson]:
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))


def partners_by_id(lessons: Iterable[Lesson]) -> Mapping[str, tuple[str, ...]]:
    """Each two-option puzzle's partners (ids, nearest first); empty when it has none."""
    ordered = _in_order(lessons)
    known = {p.id for lesson in ordered for p in lesson.puzzles}
    found: dict[str, tuple[str, ...]] = {}
    for index, lesson in enumerate(ordered):
        earlier = [p for before in reversed(ordered[:index]) for p in before.puzzles]
        for place, puzzle in enumerate(lesson.puzzles):
            if not two_options(puzzle):
                continue
            if puzzle.again:
                found[puzzle.id] = (puzzle.again,) if puzzle.again in known else ()
                continue
            nearest = [*reversed(lesson.puzzles[:place]), *lesson.puzzles[place + 1 :], *earlier]
            found[puzzle.id] = tuple(p.id for p in nearest if _same_question(puzzle, p))
    return found


def problems(lessons: Iterable[Lesson]) -> Iterator[tuple[Lesson, Puzzle, str]]:
    """(lesson, puzzle, message) for a two-option puzzle no partner can re-ask, and for an
    `again` that names no puzzle fit to be asked in its place."""
    ordered = _in_order(lessons)
    where = {p.id: (lesson, p) for lesson in ordered for p in lesson.puzzles}
    partners = partners_by_id(ordered)
    for lesson in ordered:
        for puzzle in lesson.puzzles:
            if puzzle.again:
                message = _again_problem(puzzle, lesson, where)
            elif two_options(puzzle) and not partners[puzzle.id]:
                message = (
                    "two options and no other position to ask after a miss: add "
                    '`again = "<puzzle id>"` (a puzzle of this or an earlier lesson that '
                    "asks the same) or a third option"
                )
            else:
                continue
            if message:
                yield lesson, puzzle, message


def _again_problem(puzzle: Puzzle, lesson: Lesson, where: Mapping) -> str:
    if not two_options(puzzle):
        return "`again` is only for a question with two options"
    if puzzle.again == puzzle.id:
        return "`again` names the puzzle itself: name another one"
    if puzzle.again not in where:
        return f"`again` names {puzzle.again!r}, which is not a puzzle"
    other_lesson, other = where[puzzle.again]
    if (other_lesson.order, other_lesson.slug) > (lesson.order, lesson.slug):
        return f"`again` names {other.id}, from a later lesson ({other_lesson.slug})"
    if KINDS[other.kind].BOARD_MODE != "view" or not other.options:
        return f"`again` names {other.id}, which is not a question with options"
    return ""
