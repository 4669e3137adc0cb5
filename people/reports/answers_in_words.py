"""A recorded answer as a grown-up reads it: a move in words, the options' own words, the
squares tapped; never a move code.

Attempts keep the answer as it was posted (a UCI move such as ``a1b2``, the chosen
option values ``yes`` or ``checkmate stalemate``, the tapped squares ``c3 e5``); this
module says it again in the page's language, reading the puzzle from the curriculum.
"""

from django.utils.translation import gettext

import rules
from board.explanations import move_in_words
from curriculum.kinds import kind_of
from curriculum.loading import get_curriculum
from languages import lists
from people.reports.outside_puzzles import OutsidePuzzle

UCI_MOVE = rules.PLAYED_UCI_PATTERN


def _asked(puzzle_id: str, fen: str, outside: OutsidePuzzle | None):
    """The puzzle whose question was answered: after a miss a two-option question is asked
    again in a partner's position and recorded under the first puzzle's id with that
    position (lessons.answering.Reasks), so the partner's own option words are the ones
    the child read. A puzzle outside the curriculum (a set's) comes with its partners."""
    if outside is not None:
        puzzle, partners = outside.puzzle, outside.partners
    else:
        curriculum = get_curriculum()
        puzzle = curriculum.puzzle(puzzle_id)
        partners = curriculum.partners(puzzle) if puzzle is not None else ()
    if puzzle is None or not fen or puzzle.start_fen[:100] == fen:
        return puzzle
    partner = next((p for p in partners if p.start_fen[:100] == fen), None)
    return partner or puzzle


def answer_in_words(
    puzzle_id: str, fen: str, answer: str, outside: OutsidePuzzle | None = None
) -> str:
    """The answer in words; "" when it cannot be read any more (a puzzle since removed, a
    position not kept). ``outside``: the puzzle when the curriculum has not got it (a
    set's, people.reports.outside_puzzles)."""
    if fen and UCI_MOVE.match(answer):
        try:
            return move_in_words(rules.check_move(fen, answer))
        except ValueError:
            return ""
    puzzle = _asked(puzzle_id, fen, outside)
    if puzzle is None or not answer:
        return ""
    values = answer.split()
    if kind_of(puzzle).BOARD_MODE == "mark":
        return gettext("tapped %(squares)s") % {"squares": lists.join(values)}
    texts = {option.value: option.text for option in puzzle.options}
    said = [str(texts[value]) for value in values if value in texts]
    return gettext("answered “%(answer)s”") % {"answer": lists.join(said)} if said else ""
