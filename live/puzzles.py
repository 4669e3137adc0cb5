"""Everything the live lesson takes from the lessons, in one place: finding a puzzle,
its address in the lessons (where students answer it, judged and recorded as always),
the projector's board, and the words for a move, an option and a broken rule.

When the lessons' public functions move, only this module follows them. Besides a
lesson's puzzle (lesson slug, puzzle id), a round or a playlist item may be a fresh practice
puzzle (the rule, its id: practice makes it again from the id) or an item of one of the
teacher's puzzle sets (``sets``, ``set-<item id>``: puzzlesets.catalogue).
"""

import dataclasses
import unicodedata
from dataclasses import dataclass
from functools import partial

from django.urls import reverse
from django.utils.text import Truncator

import rules
from board.component import BoardView, board_context
from board.explanations import PIECE_NAMES
from board.feedback import NOTE
from curriculum.judging import judge
from curriculum.kinds import kind_of
from curriculum.loading import Puzzle, get_curriculum
from curriculum.outcome import Result
from lessons import answering
from lessons.answering import Hints, Reasks, Screen
from lessons.learners import learner_and_history
from lessons.presenter import PuzzleView, present_puzzle
from people.models import Classroom
from people.reports.misconceptions import misconception_for
from plumbing.ids import parse_id
from practice import generators
from puzzlesets import catalogue
from puzzlesets.models import PuzzleSet

MOVE_KINDS = frozenset({"move"})
_PICKER_WIDTH = 50  # characters of a puzzle's number and prompt in the teacher's pickers


@dataclass(frozen=True)
class PuzzleChoice:
    value: str  # "lesson-slug/puzzle-id"
    label: str  # its number and prompt, cut at 50 characters as the picker shows it


def choices() -> list[tuple[str, list[PuzzleChoice]]]:
    """Every puzzle of every lesson, grouped by lesson title, for the teacher's picker; not
    the setup puzzles (the projector would show the position the class is to set up)."""
    return [
        (
            lesson.title,
            [
                PuzzleChoice(
                    f"{lesson.slug}/{puzzle.id}", _picker_label(f"{number}. {puzzle.prompt}")
                )
                for number, puzzle in enumerate(lesson.puzzles, start=1)
                if kind_of(puzzle).BOARD_MODE != "place"
            ],
        )
        for lesson in get_curriculum().lessons
    ]


def _picker_label(text: str) -> str:
    """Django's truncatechars:50 (Truncator.chars), asked only of a text that needs it: a
    text of 50 characters or fewer comes back NFC-normalised, as Truncator returns it, for
    a fiftieth of its cost (it counts the characters in Python)."""
    text = unicodedata.normalize("NFC", text)
    return text if len(text) <= _PICKER_WIDTH else Truncator(text).chars(_PICKER_WIDTH)


def following(puzzle: Puzzle) -> str:
    """The picker's value for the puzzle after this one in its lesson ("" after the last),
    so the picker stays where the teacher is instead of going back to its first item."""
    lesson = get_curriculum().lesson(puzzle.lesson)
    ids = [p.id for p in lesson.puzzles] if lesson else []
    if puzzle.id not in ids or ids.index(puzzle.id) + 1 >= len(ids):
        return ""
    return f"{puzzle.lesson}/{ids[ids.index(puzzle.id) + 1]}"


def find(lesson_slug: str, puzzle_id: str) -> Puzzle | None:
    if lesson_slug == catalogue.SET_LESSON:
        found = catalogue.find(puzzle_id)
        return found[1] if found else None
    if generators.parse_id(puzzle_id):
        made = generators.validated(puzzle_id)
        return made if made is not None and made.lesson == lesson_slug else None
    lesson = get_curriculum().lesson(lesson_slug)
    if lesson is None:
        return None
    return next((p for p in lesson.puzzles if p.id == puzzle_id), None)


def for_phones(live_round, classroom_id: int) -> Puzzle | None:
    """The round's puzzle as the class's phones may answer it; None for an item of a set
    that is not the class's own teacher's (its set page would answer 404 too)."""
    if live_round.lesson != catalogue.SET_LESSON:
        return find(live_round.lesson, live_round.puzzle)
    found = catalogue.find(live_round.puzzle)
    if found is None:
        return None
    owner = found[0].puzzle_set.owner_id
    ours = Classroom.objects.filter(pk=classroom_id, teacher_id=owner).exists()
    return found[1] if ours else None


def _no_other_position(_puzzle: Puzzle) -> tuple:
    return ()


def phone_reasks(session) -> Reasks:
    """A live phone asks the projected position only: a miss never moves its place on to
    another position (the class answers one question, the projector's)."""
    return Reasks(session, _no_other_position)


def phone_screen(request, puzzle: Puzzle) -> Screen:
    """The round's puzzle before the student answers it, as every phone of the class sees it."""
    return answering.first_screen(puzzle, phone_reasks(request.session), Hints(request.session))


def phone_answer(request, puzzle: Puzzle) -> Screen:
    """The posted answer to the round's puzzle judged and recorded as a lesson records it
    (the round counts it from the lessons' Attempt rows). Raises what answering.answer
    raises for a post no page of ours sends."""
    return answering.answer(
        puzzle,
        request.POST,
        Hints(request.session),
        phone_reasks(request.session),
        partial(learner_and_history, request),
    )


def phone_view(screen: Screen, heading: str) -> PuzzleView:
    """The round's puzzle as a phone shows it: the round's own heading (the projector's
    numbering), its answer posted to the live lesson, which says only that it arrived. A
    judgement made on the way (a move of a longer goal) is not shown before the reveal."""
    here = reverse("live:student")
    if screen.feedback is not None and screen.feedback.tone != NOTE:
        screen = dataclasses.replace(screen, feedback=None)
    return present_puzzle(
        screen,
        may_edit=False,
        answer_url=reverse("live:student_answer"),
        retry_url=here,
        next_url=here,
        heading=heading,
    )


def lesson_title(puzzle: Puzzle) -> str:
    if puzzle.lesson == catalogue.SET_LESSON:
        found = catalogue.find(puzzle.id)
        return found[0].puzzle_set.name if found else ""
    lesson = get_curriculum().lesson(puzzle.lesson)
    return lesson.title if lesson else puzzle.lesson


def projector_board(puzzle: Puzzle, shown_move: str | None = None) -> BoardView | None:
    """The puzzle's position as the class sees it; `shown_move` (a right answer) drawn."""
    if not puzzle.start_fen:
        return None
    last = shown_move or (puzzle.moves[-1] if puzzle.moves else None)
    return board_context(puzzle.start_fen, mode="view", last_move=last)


def is_move_puzzle(puzzle: Puzzle) -> bool:
    return puzzle.kind in MOVE_KINDS


def move_label(fen: str, move: str) -> str:
    """A tried move as a beginner reads it: the piece and its squares, the notation in
    brackets when the move is legal (「白馬 a1→b3（Nb3）」; an illegal one has none:
    「白馬 a1→a3」), so the class sees which piece went where."""
    try:
        verdict = rules.check_move(fen, move)
    except ValueError:
        verdict = None
    squares = f"{move[:2]}→{move[2:4]}"
    piece = verdict.mover if verdict is not None else None
    words = f"{PIECE_NAMES[piece]} {squares}" if piece in PIECE_NAMES else squares
    if verdict is not None and verdict.legal and verdict.san:
        return f"{words}（{verdict.san}）"
    return words


def a_right_move(puzzle: Puzzle) -> str | None:
    """A move that solves a one-move puzzle, asked of the puzzle's own judge (for the
    reveal when nobody found one); None when the goal takes more than one move."""
    if not is_move_puzzle(puzzle) or not puzzle.start_fen:
        return None
    for move in rules.legal_moves(puzzle.start_fen):
        if judge(puzzle, move).result == Result.CORRECT:
            return move
    return None


def right_answer_label(puzzle: Puzzle, right_move: str | None = None) -> str:
    """The right answer in words, for the phones at the reveal: a move (one the class
    found, or one the judge finds), or the stated answer's options; "" when neither."""
    if is_move_puzzle(puzzle):
        move = right_move or a_right_move(puzzle)
        return move_label(puzzle.start_fen, move) if move else ""
    if puzzle.answer and puzzle.options:
        return answer_label(puzzle, " ".join(puzzle.answer))
    return ""


def answer_label(puzzle: Puzzle, answer: str) -> str:
    """An option answer's words (several joined with 「、」), or the squares marked."""
    texts = {option.value: option.text for option in puzzle.options}
    return "、".join(texts.get(value, value) for value in answer.split()) or "—"


def rule_title(reason: str) -> str:
    return str(misconception_for(reason).title)


def practice_rules() -> list[tuple[str, str]]:
    """(rule, its lesson's title) of every practised rule, for the playlist's picker."""
    titles = {lesson.slug: lesson.title for lesson in get_curriculum().lessons}
    return [(rule, titles[rule]) for rule in generators.rules_in_curriculum()]


def fresh_practice(rule: str, rng) -> Puzzle | None:
    """A fresh practice puzzle of ``rule`` (level 1), proven by the validator; None when
    the rule is not practised or none could be made."""
    if rule not in generators.RULES:
        return None
    return generators.fresh(rule, 1, rng)


def teacher_sets(user) -> list[PuzzleSet]:
    return list(PuzzleSet.objects.filter(owner=user))


def set_puzzles(user, set_id: str) -> list[Puzzle] | None:
    """The puzzles of one of ``user``'s sets, in order (None: not one of theirs)."""
    pk = parse_id(set_id)
    puzzle_set = PuzzleSet.objects.filter(owner=user, pk=pk).first() if pk is not None else None
    if puzzle_set is None:
        return None
    return [puzzle for _item, puzzle in catalogue.puzzles_in(puzzle_set)]
