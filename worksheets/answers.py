"""The answer key of a worksheet: each puzzle's right answer in words, asked of the puzzle's
own judge (curriculum.judging) and the engine, never written down by hand.

- a move puzzle: every move the judge calls correct when one move solves it (a mate in one
  with two mates lists both: a teacher marking paper must not mark the other one wrong);
  else a line of moves it accepts, found one move at a time (the first it lets go on,
  ``continue``: a mate in two, a knight collecting three stars), with the other side's
  replies the judge plays, said as 「例如」 when another line is accepted too;
- a squares puzzle: the squares the kind computes (``truth``);
- a question with options: the options the kind computes as right (a text question: the
  author's answer key, the only truth it has).

The reason printed beside each answer is the puzzle's ``explanation``: what the lesson
says when the puzzle is solved.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import rules
from board.explanations import move_in_words
from curriculum.judging import judge
from curriculum.kinds import kind_of
from curriculum.outcome import Result
from curriculum.puzzles import Puzzle
from languages import lists
from lessons.answering import notation_taught

# The longest line a puzzle can need: a mate in three is 6 half-moves, a visit goal's budget
# is at most a few moves. A line that has not ended by then is not printed as an answer.
MAX_HALF_MOVES = 16


@dataclass(frozen=True)
class Answer:
    number: int
    text: str  # the right answer in words
    reason: str  # why: the explanation the lesson shows once the puzzle is solved


def answer_for(number: int, puzzle: Puzzle) -> Answer:
    return Answer(number, answer_text(puzzle), puzzle.explanation)


def answer_text(puzzle: Puzzle) -> str:
    kind = kind_of(puzzle)
    if kind.BOARD_MODE == "move":
        return _moves_answer(puzzle)
    if kind.BOARD_MODE == "mark":
        return lists.join(sorted(kind.truth(puzzle)))
    truth = kind.truth(puzzle) if hasattr(kind, "truth") else frozenset(puzzle.answer)
    return lists.join(str(option.text) for option in puzzle.options if option.value in truth)


@dataclass(frozen=True)
class Solutions:
    """What the judge accepts: ``lines`` (UCI, the judge's replies between the moves), each a
    whole answer; ``more``: other lines are accepted too, not listed (a longer line that
    branches), so the key says 「例如」."""

    lines: tuple[tuple[str, ...], ...]
    more: bool = False


def solutions(puzzle: Puzzle) -> Solutions:
    """Every move the judge calls correct when one move solves the puzzle; else one line
    that solves it (``more`` when there are others); none when the judge accepts no line
    within MAX_HALF_MOVES (a puzzle the validator would refuse)."""
    kind = kind_of(puzzle)
    played: tuple[str, ...] = ()
    more = False
    while len(played) < MAX_HALF_MOVES:
        position = kind.position_now(puzzle, played)
        correct, going_on = [], []
        for move in rules.legal_moves(position):
            outcome = judge(puzzle, move, played, position)
            if outcome.result == Result.CORRECT:
                correct.append(outcome.played)
            elif outcome.result == Result.CONTINUE:
                going_on.append(outcome.played)
        if correct and not played:  # one move solves it: every such move
            return Solutions(tuple(sorted(correct)), bool(going_on))
        if correct:  # the end of a longer line: one of them, for example
            return Solutions(correct[:1], more or len(correct) > 1 or bool(going_on))
        if not going_on:
            return Solutions(())
        more = more or len(going_on) > 1
        played = going_on[0]
    return Solutions(())


def _moves_answer(puzzle: Puzzle) -> str:
    found = solutions(puzzle)
    if not found.lines:
        return "—"
    said = pgettext("answers separator", "; ").join(
        moves_said(puzzle, line) for line in found.lines
    )
    if found.more:
        return _("For example: %(answer)s") % {"answer": said}
    if len(found.lines) > 1:
        return _("Each of these is right: %(answers)s") % {"answers": said}
    return said


def moves_said(puzzle: Puzzle, moves: tuple[str, ...]) -> str:
    """Moves played in the puzzle's position (its history first), each in words with its
    notation beside it once the notation lesson is taught: 「白馬從 g1 走到 f3（Nf3）」."""
    kind = kind_of(puzzle)
    said = []
    for index, move in enumerate(moves):
        verdict = rules.check_move(kind.position_now(puzzle, moves[:index]), move)
        words = move_in_words(verdict)
        if notation_taught(puzzle) and verdict.san:
            words = _("%(move)s (%(san)s)") % {"move": words, "san": verdict.san}
        said.append(words)
    return lists.join(said)


def history_said(puzzle: Puzzle) -> list[str]:
    """The moves played before the puzzle's position, one a line: score-sheet rows once
    notation is taught (「1. e4 e5」), in words before it, as the lesson page shows them."""
    if not puzzle.moves:
        return []
    if notation_taught(puzzle):
        rows = puzzle.score_sheet
        return [f"{number}. {white} {black}".rstrip() for number, white, black in rows]
    return [
        move_in_words(rules.check_move(rules.Position(puzzle.fen, puzzle.moves[:index]), move))
        for index, move in enumerate(puzzle.moves)
    ]
