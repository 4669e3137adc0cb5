"""Reading what a lesson page's form posted, for each puzzle kind.

Only the shape is checked here (the engine judges the content): a value that no
form of ours can send raises ``PostError`` and the view answers 400.
"""

import re

from django.http import QueryDict
from django.utils.translation import gettext as _

import rules
from curriculum.goals import passed
from curriculum.loading import Puzzle

UCI_PATTERN = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")
MAX_PLAYED = 60

# Choice questions whose answer is a set: the form offers checkboxes, not radio buttons.
SET_QUESTIONS = frozenset(
    {"castling_reasons", "illegal_reason", "en_passant_capturers", "checkers"}
)


class PostError(ValueError):
    """The form carried a value no page of ours sends."""


def read_played(post: QueryDict) -> tuple[str, ...]:
    """The moves of this try so far (hidden field `played`, UCI separated by spaces)."""
    played = tuple(post.get("played", "").split())
    if len(played) > MAX_PLAYED or not all(UCI_PATTERN.match(move) for move in played):
        raise PostError(_("The moves played so far cannot be read."))
    return played


def allows_several(puzzle: Puzzle) -> bool:
    """Whether the answer form offers checkboxes (several answers) rather than radio buttons."""
    if puzzle.kind == "choice":
        return puzzle.question in SET_QUESTIONS
    if puzzle.kind == "text":
        return len(puzzle.answer) > 1
    return False


def read_options(puzzle: Puzzle, post: QueryDict) -> tuple[str, ...]:
    """The option values chosen (field `answer`); none chosen is an empty tuple."""
    chosen = tuple(dict.fromkeys(post.getlist("answer")))
    offered = {option.value for option in puzzle.options}
    if not set(chosen) <= offered:
        raise PostError(_("This answer is not one of the choices."))
    if len(chosen) > 1 and not allows_several(puzzle):
        raise PostError(_("Choose only one answer."))
    return chosen


def position_now(puzzle: Puzzle, played: tuple[str, ...]) -> str:
    """The position a move puzzle stands in after the moves of this try (`played`).

    Visit puzzles let the other side pass between the learner's moves (see
    curriculum.goals); others play `played` as it is. An illegal history raises a
    ValueError (the view answers 400).
    """
    if not played:
        return puzzle.start_fen
    if puzzle.goal and puzzle.goal.get("type") == "visit":
        fen = puzzle.start_fen
        for move in played:
            step = rules.check_move(fen, move)
            if not step.legal:
                raise PostError(_("The moves played so far cannot be read."))
            fen = passed(step.fen_after)
        return fen
    return rules.position_after(puzzle.fen, (*puzzle.moves, *played))
