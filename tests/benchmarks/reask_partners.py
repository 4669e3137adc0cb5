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
rule differs from the puzzle's. The second figure counts the puzzles whose re-asks
(partners in turn, then the puzzle again) leave out or put off a position of the same
question and rule: a child who misses twice would meet the missed position again while
another of its rule was there to ask. `tests/curriculum/test_reask_partners.py` holds
the curriculum to 0 on both.
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


def rule(puzzle) -> str:
    """The rule the puzzle teaches: what its wrong option is told (curriculum.reasks.rule),
    or the idea named by hand in IDEAS."""
    from curriculum import reasks

    if puzzle.id in IDEAS:  # a text question, or the engine question that is its partner
        return IDEAS[puzzle.id]
    return reasks.rule(puzzle) or f"? (name {puzzle.id} in IDEAS)"


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


def same_rule_others(puzzle) -> list:
    """The puzzles of this or an earlier lesson that ask the same question with the same
    rule: what a child who keeps missing could be asked instead of a position just missed."""
    from curriculum.loading import get_curriculum
    from curriculum.reasks import same_question

    curriculum = get_curriculum()
    order = {lesson.slug: lesson.order for lesson in curriculum.lessons}
    return [
        other
        for lesson in curriculum.lessons
        if order[lesson.slug] <= order[puzzle.lesson]
        for other in lesson.puzzles
        if same_question(puzzle, other) and rule(other) == rule(puzzle)
    ]


def late_same_rule():
    """The two-option puzzles whose re-asks (their partners in turn, then the puzzle itself
    again) leave out a position of the same question and rule, or ask another rule before
    one of its own: a child who keeps missing then meets the position just missed, or
    another rule, while a position of the puzzle's own rule is still unasked."""
    from curriculum.loading import get_curriculum

    curriculum = get_curriculum()
    for _, puzzle, _ in rows():
        asked = curriculum.partners(puzzle)
        same = [rule(p) == rule(puzzle) for p in asked]
        left_out = {p.id for p in same_rule_others(puzzle)} - {p.id for p in asked}
        if left_out or same != sorted(same, reverse=True):
            yield puzzle


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
    late = list(late_same_rule())
    print(
        "re-asks that leave out or put off a position of the same rule: "
        f"{len(late)} of {len(found)}"
    )
    print(" ".join(p.id for p in late))


if __name__ == "__main__":
    import django

    django.setup()
    main()
