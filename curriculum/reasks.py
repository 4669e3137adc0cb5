"""A question with only two options is not a coin toss: after a miss the learner reads
the reason and then meets the same question in another position before the puzzle
counts (lessons.answering asks it). Here: which puzzles are two-option questions, and
each one's re-ask partners, found once when the curriculum loads.

A partner asks the same question: the same kind, the same `question`, the same side
or colour when the question has one, and the same option values, about another
position or square; never from a later lesson, whose rule the learner has not met.
Those that teach the same rule come first (see ``rule``), nearest first: the same
lesson's puzzles before it (the closest first), then the ones after it, then earlier
lessons (the closest lesson first); then the others, nearest first. A text question is
told in words, so it has a partner only when the file names one: ``again = "<puzzle
id>"``, which goes first for any two-option puzzle and is followed only by the search's
puzzles of the same rule. The place is asked round a cycle (lessons.answering.Reasks:
the partners, then the puzzle itself), so a child who misses again meets another
position of the same rule before the one just missed whenever there is one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import rules
from curriculum.kinds import KINDS, choice
from curriculum.puzzles import Lesson, Puzzle
from curriculum.wrong_answers import wrong_parts

# Parameters that say what is asked rather than where: a partner asks about the same one.
SAME_PARAMS = ("side", "colour")

# Questions whose engine code is one for every puzzle (every square_color answer is "the
# square's colour"): the code does not name the idea, so ``rule`` names none.
NO_ENGINE_RULE = frozenset({"square_color"})

# Engine codes that tell one rule (FIDE 3.8.2.2: only the king's squares must be safe, so
# an attack on the rook, or on a square only the rook crosses, does not stop castling).
ONE_RULE = {"rook_may_be_attacked": "rook_may_cross_attack"}


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


def same_question(puzzle: Puzzle, other: Puzzle) -> bool:
    question = _question(puzzle)
    return (
        question is not None
        and question == _question(other)
        and _asked_about(puzzle) != _asked_about(other)
    )


def rule(puzzle: Puzzle) -> str | None:
    """The rule a two-option question teaches: what the child is told after its wrong
    option, as the engine's code (a Reason such as ``path_blocked`` or a Fact such as
    ``castling_allowed``), with the moving piece for a ``move_legal`` question (a rook
    that cannot move diagonally is not a king that cannot step next to a king). None when
    the engine's code does not name it (a text question, a square's colour), and for a
    puzzle the engine cannot judge (the validator says why)."""
    if puzzle.kind not in ("choice", "assess") or puzzle.question in NO_ENGINE_RULE:
        return None
    try:
        truth = choice.truth(puzzle) if puzzle.kind == "choice" else frozenset(puzzle.answer)
        wrong = frozenset(option.value for option in puzzle.options) - truth
        found = wrong_parts(puzzle, wrong, truth)
        if not found or found[0] is None:
            return None
        told = found[0].refutation.fact if found[0].refutation else found[0].verdict.reason
        code = ONE_RULE.get(told.value, told.value)
        if puzzle.question == "move_legal":
            verdict = rules.check_move(puzzle.fen, puzzle.params["move"], puzzle.moves)
            return f"{verdict.mover.upper()} {code}"
    except (ValueError, KeyError):
        return None
    return code


def _same_rule(puzzle: Puzzle, other: Puzzle, rules_of: dict[str, str | None]) -> bool:
    for one in (puzzle, other):
        if one.id not in rules_of:
            rules_of[one.id] = rule(one)
    return rules_of[puzzle.id] is not None and rules_of[puzzle.id] == rules_of[other.id]


def _in_order(lessons: Iterable[Lesson]) -> list[Lesson]:
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))


def partners_by_id(lessons: Iterable[Lesson]) -> Mapping[str, tuple[str, ...]]:
    """Each two-option puzzle's partners (ids, nearest first); empty when it has none."""
    ordered = _in_order(lessons)
    known = {p.id for lesson in ordered for p in lesson.puzzles}
    found: dict[str, tuple[str, ...]] = {}
    rules_of: dict[str, str | None] = {}
    for index, lesson in enumerate(ordered):
        earlier = [p for before in reversed(ordered[:index]) for p in before.puzzles]
        for place, puzzle in enumerate(lesson.puzzles):
            if not two_options(puzzle):
                continue
            nearest = [*reversed(lesson.puzzles[:place]), *lesson.puzzles[place + 1 :], *earlier]
            asking = [p for p in nearest if same_question(puzzle, p)]
            same_rule = [p.id for p in asking if _same_rule(puzzle, p, rules_of)]
            if puzzle.again:
                named = (puzzle.again,) if puzzle.again in known else ()
                found[puzzle.id] = (*named, *(p for p in same_rule if p not in named))
                continue
            others = [p.id for p in asking if p.id not in same_rule]
            found[puzzle.id] = (*same_rule, *others)
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
