"""What the exports hold: the class grid's rows, a class's attempts in words, a learner's
data as JSON (the pages that send them: people/views/exports.py)."""

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.utils.translation import get_language, gettext_lazy, override
from django.utils.translation import gettext as _

from curriculum.loading import get_curriculum
from lessons.models import Attempt, Learner, PuzzleResult
from people import reports
from people.reports import outside_puzzles
from people.reports.answers_in_words import answer_in_words
from people.reports.lesson_index import all_lessons
from people.reports.misconceptions import MISCONCEPTIONS, misconception_for
from people.reports.outside_puzzles import OutsidePuzzle
from people.spreadsheets import ROWS_PER_CHUNK, batches, spreadsheet_safe


def grid_rows(members: list[reports.ClassMember]) -> list[list]:
    """The grid CSV's rows, its header first, for these students (a class's, or a graduated
    class's in people.views.schools)."""
    lessons = all_lessons()
    grid = reports.class_grid(members, lessons)
    header = [str(_("Nickname"))]
    for lesson in lessons:
        names = {"lesson": lesson.title}
        header += [
            _("%(lesson)s: solved") % names,
            _("%(lesson)s: puzzles") % names,
            _("%(lesson)s: stars") % names,
        ]
    rows = [[spreadsheet_safe(title) for title in header]]
    for row in grid:
        line = [spreadsheet_safe(row.student.nickname)]
        for cell in row.cells:
            line += [cell.progress.solved, cell.progress.total, cell.progress.stars]
        rows.append(line)
    return rows


ATTEMPT_HEADER = (
    gettext_lazy("Nickname"),
    gettext_lazy("Time (%(zone)s)"),
    gettext_lazy("Lesson"),
    gettext_lazy("Puzzle"),
    gettext_lazy("Answer"),
    gettext_lazy("Verdict"),
    gettext_lazy("Rule"),
    gettext_lazy("Position (FEN)"),
)
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"  # a date and a time every spreadsheet reads as one


def attempt_header(zone) -> list[str]:
    """The attempts CSV's titles, the time's naming its zone: 「時間（Asia/Taipei）」."""
    return [
        str(title) % {"zone": str(zone)} if "%(zone)s" in str(title) else str(title)
        for title in ATTEMPT_HEADER
    ]


# The verdicts in words, as the live lesson's results say them.


VERDICT_WORDS = {
    "correct": gettext_lazy("Right"),
    "incorrect": gettext_lazy("Not right"),
    "illegal": gettext_lazy("Not allowed"),
}


ATTEMPT_COLUMNS = (
    "learner__nickname",
    "created_at",
    "lesson",
    "puzzle",
    "answer",
    "verdict",
    "reason",
    "fen",
)


def outside_words(classroom) -> dict[tuple[str, str], OutsidePuzzle]:
    """The class's puzzles asked outside the curriculum (a teacher's sets), in words."""
    pairs = (
        Attempt.objects.filter(
            learner__student__classroom=classroom, lesson__in=outside_puzzles.lessons()
        )
        .order_by()
        .values_list("lesson", "puzzle")
        .distinct()
    )
    return outside_puzzles.named(set(pairs))


@dataclass(frozen=True)
class Words:
    """Everything the attempts CSV says in words, taken while the request's language is on
    (the rows are written after the view has returned)."""

    rules: dict[str, str]
    other_rule: str
    verdicts: dict[str, str]
    lessons: dict[str, str]
    puzzles: dict[str, str]
    outside: dict[tuple[str, str], OutsidePuzzle]  # (lesson, puzzle): a set's, in words
    answers: Callable[[str, str, str], str]


def _answer_words(
    outside: dict[tuple[str, str], OutsidePuzzle],
) -> Callable[[str, str, str], str]:
    """answer_in_words in the request's language, each (puzzle, position, answer) said once
    (a class tries the same few moves: 200,000 rows are a few thousand answers)."""
    language = get_language()
    by_id = {puzzle: words for (_lesson, puzzle), words in outside.items()}

    said_before: dict[tuple[str, str, str], str] = {}  # this download's, not the process's

    def said(puzzle: str, fen: str, answer: str) -> str:
        key = (puzzle, fen, answer)
        if key not in said_before:
            if len(said_before) >= 8192:
                said_before.clear()
            with override(language):
                said_before[key] = answer_in_words(puzzle, fen, answer, by_id.get(puzzle))
        return said_before[key]

    return said


def attempt_words(classroom) -> Words:
    """The words of a class's attempts CSV, in the current language: rule names, verdicts,
    lessons, numbered puzzles, and the class's own puzzle sets' puzzles and answers."""
    outside = outside_words(classroom)
    return Words(
        rules={reason: str(m.title) for reason, m in MISCONCEPTIONS.items()},
        other_rule=str(misconception_for("").title),
        verdicts={verdict: str(text) for verdict, text in VERDICT_WORDS.items()},
        lessons={lesson.slug: lesson.title for lesson in get_curriculum().lessons},
        puzzles={
            puzzle.id: f"{number}. {puzzle.prompt}"
            for lesson in get_curriculum().lessons
            for number, puzzle in enumerate(lesson.puzzles, start=1)
        },
        outside=outside,
        answers=_answer_words(outside),
    )


def attempt_rows(attempts, words: Words, zone) -> Iterator[tuple]:
    """One row per attempt, read from the database in chunks as the download goes: plain
    tuples of column values (no model objects), in words (the lesson's title, the puzzle's
    number and prompt, the move as 「白車 a1→a8」, the verdict, the rule; a set's name and
    its puzzle's number in it and prompt), the typed text made spreadsheet-safe; a code is
    kept only where no words exist any more."""
    safe = spreadsheet_safe
    for nickname, created_at, lesson, puzzle, answer, verdict, reason, fen in attempts.iterator(
        chunk_size=2000
    ):
        outside = words.outside.get((lesson, puzzle))
        yield (
            safe(nickname),
            created_at.astimezone(zone).strftime(TIME_FORMAT),  # local time, as the header says
            safe(outside.lesson if outside else words.lessons.get(lesson, lesson)),
            safe(outside.title if outside else words.puzzles.get(puzzle, puzzle)),
            safe(words.answers(puzzle, fen, answer) or answer),
            words.verdicts.get(verdict, verdict),
            words.rules.get(reason, words.other_rule) if reason else "",
            fen,
        )


def learner_data(learner: Learner) -> dict:
    """Everything kept about a learner but the attempts (results, games), as JSON-ready data."""
    return {
        "nickname": learner.nickname,
        "avatar": learner.avatar,
        "language": learner.language,
        "created_at": learner.created_at.isoformat(),
        "last_active_at": learner.last_active_at.isoformat(),
        "results": [
            {
                "lesson": r.lesson,
                "puzzle": r.puzzle,
                "stars": r.stars,
                "solved_at": r.solved_at.isoformat() if r.solved_at else None,
            }
            for r in PuzzleResult.objects.filter(learner=learner).order_by("lesson", "puzzle")
        ],
        "games": [_game_data(game) for game in _games(learner)],
    }


def _games(learner: Learner):
    """The learner's games with their moves (two queries; play's models by their relation,
    as play depends on people)."""
    return learner.games.order_by("started_at", "pk").prefetch_related("moves")


def _game_data(game) -> dict:
    return {
        "opponent": game.opponent,
        "side": game.side,
        "start_fen": game.start_fen,
        "moves": [m.uci for m in sorted(game.moves.all(), key=lambda m: m.ply)],
        "result": game.result,
        "ending": game.ending,
        "started_at": game.started_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def _attempt_data(a: Attempt) -> dict:
    return {
        "lesson": a.lesson,
        "puzzle": a.puzzle,
        "answer": a.answer,
        "verdict": a.verdict,
        "reason": a.reason,
        "fen": a.fen,
        "hint_used": a.hint_used,
        "created_at": a.created_at.isoformat(),
    }


def learner_json_chunks(learner: Learner) -> Iterator[str]:
    """learner_data with its "attempts" list, written as the attempts are read."""
    opening = json.dumps({**learner_data(learner), "attempts": []}, ensure_ascii=False, indent=2)
    yield opening.removesuffix("[]\n}") + "["
    attempts = Attempt.objects.filter(learner=learner).order_by("created_at", "pk")
    first = True
    for batch in batches(attempts.iterator(chunk_size=2000), ROWS_PER_CHUNK):
        items = [json.dumps(_attempt_data(a), ensure_ascii=False) for a in batch]
        yield ("\n    " if first else ",\n    ") + ",\n    ".join(items)
        first = False
    yield "\n  ]\n}"
