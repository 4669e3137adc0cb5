"""Every two-option puzzle, the partner it is re-asked as after a miss, and whether the
partner teaches the same rule (issue 11's follow-up: a re-ask must test the same
misconception, not just the same question). Run: DJANGO_SETTINGS_MODULE=tests.settings
PYTHONPATH=. .venv/bin/python tests/benchmarks/reask_partners.py

The rule a puzzle teaches is what the child reads after choosing its wrong option: the
engine's code for it (a Reason such as `path_blocked`, or a Fact such as
`castling_allowed`), with the piece that moves for a `move_legal` question (a rook that
cannot move diagonally is not a king that cannot step next to a king). Where the engine's
code is the same for every puzzle of the question (the colour of a square) or there is
none (a text question), the rule is named by hand in IDEAS. A partner is weak when its
rule differs from the puzzle's. `tests/curriculum/test_reask_partners.py` holds every
two-option puzzle of the curriculum to a partner with the same rule.
"""

from __future__ import annotations

# The idea behind a question the engine answers with one code for every puzzle (the colour
# of a square) or with none (text questions), named by hand.
IDEAS = {
    "board-white-right-corner": "the corners: light on the right",
    "board-white-left-corner": "the corners: light on the right",
    "board-black-right-corner": "the corners: light on the right",
    "board-color-e4": "a square's colour counted from its neighbour",
    "board-color-d4": "a square's colour counted from its neighbour",
    "setup-white-queen": "the queen on her own colour",
    "setup-black-queen": "the queen on her own colour",
    "setup-white-king-square": "the king's square beside the queen",
    "setup-black-king-square": "the king's square beside the queen",
    "bishop-square-color": "a bishop keeps the colour it starts on",
    "bishop-other-square-color": "a bishop keeps the colour it starts on",
    "knight-color-change": "a knight changes colour every jump",
    "knight-color-change-light": "a knight changes colour every jump",
    "house-rules-thirty-checks": "checks: a house rule, not a Law",
    "house-rules-ten-checks": "checks: a house rule, not a Law",
    "house-rules-resign-early": "the first 15 moves: a house rule, not a Law",
    "house-rules-draw-offer-early": "the first 15 moves: a house rule, not a Law",
    "house-rules-hundred-moves": "the fifty-move rule",
    "house-rules-fifty-moves-claim": "the fifty-move rule",
}

# Questions whose engine code says nothing of the idea: every square_color answer is
# "the square's colour".
BY_HAND = frozenset({"square_color"})

# Engine codes that tell one rule (FIDE 3.8.2.2: only the king's squares must be safe, so
# an attack on the rook, or on a square only the rook crosses, does not stop castling).
ONE_RULE = {"rook_may_be_attacked": "rook_may_cross_attack"}


def _wrong_option(puzzle) -> frozenset[str]:
    from curriculum.kinds import choice

    truth = choice.truth(puzzle)
    return frozenset(o.value for o in puzzle.options if o.value not in truth)


def rule(puzzle) -> str:
    """The rule the puzzle teaches: what its wrong option is told (see the module)."""
    import rules
    from curriculum.kinds import choice
    from curriculum.wrong_answers import wrong_parts

    if puzzle.id in IDEAS:  # a text question, or the engine question that is its partner
        return IDEAS[puzzle.id]
    if puzzle.kind == "text" or puzzle.question in BY_HAND:
        return f"? (name {puzzle.id} in IDEAS)"
    (wrong,) = wrong_parts(puzzle, _wrong_option(puzzle), choice.truth(puzzle))[:1]
    code = (wrong.refutation.fact if wrong.refutation else wrong.verdict.reason).value
    code = ONE_RULE.get(code, code)
    if puzzle.question == "move_legal":
        verdict = rules.check_move(puzzle.fen, puzzle.params["move"], puzzle.moves)
        return f"{verdict.mover.upper()} {code}"
    return code


def rows():
    """(lesson, puzzle, first partner or None) for every two-option puzzle, in order."""
    from curriculum.loading import get_curriculum
    from curriculum.reasks import two_options

    curriculum = get_curriculum()
    for lesson in curriculum.lessons:
        for puzzle in lesson.puzzles:
            if two_options(puzzle):
                partners = curriculum.partners(puzzle)
                yield lesson, puzzle, partners[0] if partners else None


def weak(puzzle, partner) -> bool:
    return partner is None or rule(puzzle) != rule(partner)


def main() -> None:
    found = list(rows())
    weak_ones = [puzzle.id for _, puzzle, partner in found if weak(puzzle, partner)]
    for lesson, puzzle, partner in found:
        mark = "WEAK" if puzzle.id in weak_ones else "same"
        if partner is None:
            print(f"{mark}  {puzzle.id}  ->  (none)")
            continue
        where = "same lesson" if partner.lesson == lesson.slug else partner.lesson
        how = "again" if puzzle.again else "search"
        print(f"{mark}  {puzzle.id}  ->  {partner.id}  ({where}, {how})")
        print(f"      {rule(puzzle)}  |  {rule(partner)}")
    print(f"weak partners: {len(weak_ones)} of {len(found)} two-option puzzles")
    print(" ".join(weak_ones))


if __name__ == "__main__":
    import django

    django.setup()
    main()
