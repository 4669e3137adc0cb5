"""Proving every puzzle with the rules engine: `manage.py check_curriculum`.

Rejected: a file that cannot be parsed or breaks the format, an illegal
position, a goal no legal move can meet, a move puzzle whose goal every legal
move meets, a choice/assess answer that disagrees with the engine, a duplicate
id, missing text (a prompt, hint, explanation, intro line or option text
that is empty or has no Chinese character in it), a wrong option of a text puzzle
without its `why`, a puzzle that repeats another
(the same kind of question about the same position), a question with two options
that no other position asks again after a miss (curriculum.reasks), a move written in
notation (Kxh7, Nf3) in a lesson that comes before notation is taught, in the
source or in a written translation, a puzzle that uses a rule a later lesson teaches
(curriculum.uses: named in `uses` or read off its position, goal, question or answer),
and words that say something of the board the board contradicts (curriculum.claims:
「白車在 e1」, 「輪到黑方」, 「對手只剩一個王」 …).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import rules
from curriculum import claims, reasks, translations, uses
from curriculum.fields import has_chinese, option_text_problems
from curriculum.kinds import kind_of
from curriculum.loading import CONTENT_DIR, NOTATION_LESSON, line_of_id, line_of_key, load_lesson
from curriculum.puzzles import ContentError, Lesson, Problem, Puzzle

# A piece move in notation (Kxh7, Nf3, Rxa8+): a child cannot read it before the notation lesson.
NOTATION_MOVE = re.compile(r"(?<![A-Za-z])[KQRBN][a-h]?[1-8]?x?[a-h][1-8](?![A-Za-z0-9])")


@dataclass(frozen=True)
class Report:
    lessons: int
    puzzles: int
    errors: tuple[ContentError, ...]
    longest_level: int = 0  # puzzles in the longest level (Lesson.levels: at most MAX_LEVEL)

    @property
    def summary(self) -> str:
        return (
            f"curriculum: {self.lessons} lessons, {self.puzzles} puzzles, "
            f"{len(self.errors)} errors, longest level {self.longest_level} puzzles"
        )


def validate_directory(directory: Path = CONTENT_DIR) -> Report:
    return validate_files(sorted(Path(directory).glob("*.toml")))


def validate_files(paths: Iterable[Path]) -> Report:
    errors: list[ContentError] = []
    lessons: list[tuple[Path, Lesson]] = []
    for path in paths:
        lesson, lesson_errors = load_lesson(path)
        errors.extend(lesson_errors)
        if lesson is not None:
            lessons.append((Path(path), lesson))

    seen_ids: dict[str, str] = {}
    seen_orders: dict[int, str] = {}
    for path, lesson in lessons:
        text = path.read_text(encoding="utf-8")
        errors.extend(_lesson_problems(path, text, lesson, seen_orders))
        counts: dict[str, int] = {}
        for puzzle in lesson.puzzles:
            counts[puzzle.id] = counts.get(puzzle.id, 0) + 1
            line = line_of_id(text, puzzle.id, counts[puzzle.id])
            if puzzle.id in seen_ids or counts[puzzle.id] > 1:
                where = seen_ids.get(puzzle.id, lesson.slug)
                errors.append(
                    ContentError(path, line, puzzle.id, f"duplicate id (also in {where})")
                )
            seen_ids.setdefault(puzzle.id, lesson.slug)
            for message in puzzle_problems(puzzle):
                errors.append(ContentError(path, line, puzzle.id, message))
        for ref, message in translations.problems(path, lesson):
            line = line_of_id(text, ref) if ref else 1
            errors.append(ContentError(path, line, ref or lesson.slug, message))
    errors.extend(_repeated_puzzles(lessons))
    errors.extend(_taught_later(lessons))
    errors.extend(_notation_too_early(lessons))
    for language, name in translations.WRITTEN.items():
        written = [
            (path, translations.translated([lesson], language, path.parent)[0])
            for path, lesson in lessons
        ]
        errors.extend(_notation_too_early(written, f"{name}: "))
    errors.extend(_without_partner(lessons, refused={error.ref for error in errors}))
    total = sum(len(lesson.puzzles) for _, lesson in lessons)
    longest = max((len(level) for _, lesson in lessons for level in lesson.levels), default=0)
    return Report(len(lessons), total, tuple(errors), longest)


def _question_key(puzzle: Puzzle) -> tuple:
    """What makes two puzzles the same exercise: kind, position and what is asked."""
    goal = tuple(sorted((k, str(v)) for k, v in (puzzle.goal or {}).items()))
    params = tuple(sorted((k, str(v)) for k, v in puzzle.params.items()))
    # Text questions are told in words; the others ask about the position and its history.
    position = puzzle.prompt if puzzle.kind == "text" else (puzzle.fen, puzzle.moves)
    return (
        *(puzzle.kind, position, puzzle.target, puzzle.square, puzzle.question, params, goal),
        tuple(sorted(puzzle.place)),  # a setup puzzle: the squares to fill
    )


def _repeated_puzzles(lessons: list[tuple[Path, Lesson]]):
    """A puzzle that asks the same question about the same position as an earlier one."""
    seen: dict[tuple, str] = {}
    for path, lesson in lessons:
        text = path.read_text(encoding="utf-8")
        for puzzle in lesson.puzzles:
            key = _question_key(puzzle)
            if key in seen and seen[key] != puzzle.id:
                yield ContentError(
                    path,
                    line_of_id(text, puzzle.id),
                    puzzle.id,
                    f"the same question about the same position as {seen[key]}",
                )
            seen.setdefault(key, puzzle.id)


def _taught_later(lessons: list[tuple[Path, Lesson]]):
    """A puzzle that uses a rule a later lesson teaches (curriculum.uses)."""
    orders = {lesson.slug: lesson.order for _, lesson in lessons}
    for path, lesson in lessons:
        text = path.read_text(encoding="utf-8")
        for puzzle in lesson.puzzles:
            for message in uses.too_early(puzzle, orders):
                yield ContentError(path, line_of_id(text, puzzle.id), puzzle.id, message)


def _without_partner(lessons: list[tuple[Path, Lesson]], refused: set[str]):
    """A two-option question that cannot be asked again in another position after a miss;
    asked only of a puzzle refused for nothing else (one broken thing said at a time)."""
    paths = {lesson.slug: path for path, lesson in lessons}
    for lesson, puzzle, message in reasks.problems(lesson for _, lesson in lessons):
        if puzzle.id in refused:
            continue
        path = paths[lesson.slug]
        line = line_of_id(path.read_text(encoding="utf-8"), puzzle.id)
        yield ContentError(path, line, puzzle.id, message)


def _notation_too_early(lessons: list[tuple[Path, Lesson]], language: str = ""):
    """Moves written in notation in a lesson before the notation lesson (``language``
    names a written translation in the message)."""
    orders = {lesson.slug: lesson.order for _, lesson in lessons}
    taught = orders.get(NOTATION_LESSON)
    if taught is None:
        return
    for path, lesson in lessons:
        if lesson.order >= taught:
            continue
        text = path.read_text(encoding="utf-8")
        for puzzle in lesson.puzzles:
            words = [puzzle.prompt, puzzle.hint, puzzle.explanation]
            words += [text for option in puzzle.options for text in (option.text, option.why)]
            written = sorted({m for w in words for m in NOTATION_MOVE.findall(str(w))})
            if written:
                yield ContentError(
                    path,
                    line_of_id(text, puzzle.id),
                    puzzle.id,
                    f"{language}moves in notation ({', '.join(written)}) "
                    "before the notation lesson: say them in words",
                )


def _lesson_problems(path: Path, text: str, lesson: Lesson, seen_orders: dict[int, str]):
    if lesson.order in seen_orders:
        yield ContentError(
            path,
            line_of_key(text, "order"),
            lesson.slug,
            f"order {lesson.order} is also used by {seen_orders[lesson.order]}",
        )
    seen_orders.setdefault(lesson.order, lesson.slug)
    for key, value in (("title", lesson.title), ("summary", lesson.summary)):
        if not has_chinese(value):
            yield ContentError(path, line_of_key(text, key), lesson.slug, f"{key}: no Chinese text")
    if any(not has_chinese(line) for line in lesson.intro):
        yield ContentError(
            path, line_of_key(text, "intro"), lesson.slug, "intro: a line with no Chinese text"
        )


def puzzle_problems(puzzle: Puzzle) -> list[str]:
    """Every reason to reject this puzzle (empty when it is sound)."""
    problems = _text_problems(puzzle)
    try:
        if puzzle.fen:
            _check_position(puzzle)
            problems.extend(f"the board contradicts the {m}" for m in claims.problems(puzzle))
        kind_of(puzzle).validate(puzzle)
    except Problem as problem:
        problems.append(str(problem))
    except rules.RulesError as error:
        problems.append(f"the engine refuses it: {type(error).__name__}: {error}")
    return problems


def _text_problems(puzzle: Puzzle) -> list[str]:
    problems = [
        f"missing {name} (no Chinese text)"
        for name in ("prompt", "hint", "explanation")
        if not has_chinese(getattr(puzzle, name))
    ]
    if kind_of(puzzle).AUTHORED_OPTIONS:
        problems.extend(option_text_problems(puzzle.options))
    if puzzle.kind == "text":
        # No board shows why a wrong option is wrong: the author's `why` is the only reason.
        problems.extend(
            f"option {option.value!r}: a wrong option needs a `why` (the reason it is wrong)"
            for option in puzzle.options
            if option.value not in puzzle.answer and not has_chinese(option.why)
        )
    return problems


def _check_position(puzzle: Puzzle) -> None:
    try:
        flaws = rules.position_flaws(puzzle.fen)
    except ValueError as error:
        raise Problem(f"not a FEN: {error}") from error
    if flaws:
        raise Problem(f"illegal position: {', '.join(flaws)}")
    start = puzzle.start_fen  # replays `moves` through the engine: RulesError if one is illegal
    if rules.position_flaws(start):
        raise Problem("illegal position after the moves")
