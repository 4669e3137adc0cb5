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

UCI_MOVE = rules.PLAYED_UCI_PATTERN


def answer_in_words(puzzle_id: str, fen: str, answer: str) -> str:
    """The answer in words; "" when it cannot be read any more (a puzzle since removed, a
    position not kept)."""
    if fen and UCI_MOVE.match(answer):
        try:
            return move_in_words(rules.check_move(fen, answer))
        except ValueError:
            return ""
    puzzle = get_curriculum().puzzle(puzzle_id)
    if puzzle is None or not answer:
        return ""
    values = answer.split()
    if kind_of(puzzle).BOARD_MODE == "mark":
        return gettext("tapped %(squares)s") % {"squares": lists.join(values)}
    texts = {option.value: option.text for option in puzzle.options}
    said = [str(texts[value]) for value in values if value in texts]
    return gettext("answered “%(answer)s”") % {"answer": lists.join(said)} if said else ""
