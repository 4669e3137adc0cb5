"""How many squares/choice/assess/text puzzles still answer a wrong answer without a reason
of its own (issue 11's figure). Run: DJANGO_SETTINGS_MODULE=tests.settings PYTHONPATH=.
.venv/bin/python tests/benchmarks/generic_misses.py"""

import django

django.setup()

import chess  # noqa: E402

from curriculum.judging import judge  # noqa: E402
from curriculum.kinds import assess, choice, squares  # noqa: E402
from curriculum.loading import get_curriculum  # noqa: E402


def wrong_answers(puzzle):
    if puzzle.kind == "choice":
        truth = choice.truth(puzzle)
        return [[o.value] for o in puzzle.options if o.value not in truth]
    if puzzle.kind == "assess":
        truth = assess.truth(puzzle)
        return [o.value for o in puzzle.options if o.value not in truth]
    if puzzle.kind == "text":
        return [[o.value] for o in puzzle.options if o.value not in puzzle.answer]
    truth = squares.truth(puzzle)
    names = [chess.square_name(s) for s in chess.SQUARES]
    return [[next(n for n in names if n not in truth and n != puzzle.square)]]


def main() -> None:
    generic = []
    total = 0
    for lesson in get_curriculum().lessons:
        for puzzle in lesson.puzzles:
            if puzzle.kind in ("move", "setup"):  # judged on the board, not by options
                continue
            total += 1
            written = puzzle.kind == "text" and any(o.why for o in puzzle.options)
            if not all(judge(puzzle, a).wrong or written for a in wrong_answers(puzzle)):
                generic.append(puzzle.id)
    print(f"puzzles with a generic miss: {len(generic)} of {total}")
    print(" ".join(generic))


if __name__ == "__main__":
    main()
