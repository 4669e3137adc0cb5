"""Practice of draws: dead positions, threefold repetition, the fifty-move rule."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from curriculum.kinds.assess import ASSESS_LABELS
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, parts, take_turns, until
from rules import generate

DRAW_OPTIONS = ("insufficient_material", "threefold_repetition", "fifty_moves", "ongoing")
DRAW_WHY = {
    "insufficient_material": lambda: _(
        "Nobody can checkmate with the pieces left: a dead position, a draw."
    ),
    "threefold_repetition": lambda: _(
        "The same position has appeared three times: a draw may be claimed."
    ),
    "fifty_moves": lambda: _(
        "Fifty moves each without a capture or a pawn move: a draw may be claimed."
    ),
    "ongoing": lambda: _("No draw may be claimed yet: the game goes on."),
}


def _quiet_for(made: generate.Made, question: str) -> str:
    """How many moves each have passed without a capture or a pawn move, then ``question``."""
    count = int(rules.position_after(made.fen, made.moves).split()[4]) // 2
    fact = ngettext(
        "For %(count)s move each there has been no capture and no pawn move.",
        "For %(count)s moves each there has been no capture and no pawn move.",
        count,
    ) % {"count": count}
    return _("%(fact)s %(question)s") % {"fact": fact, "question": question}


DEAD_OR_NOT = ("insufficient_material", "ongoing")  # the draws lesson: a dead position


def draws_rule(rng: random.Random, level: int) -> Parts:
    """A dead position or not, taking turns (repetition and fifty moves are the next two
    lessons')."""
    _family, first = take_turns(rng, 1)
    wanted = DEAD_OR_NOT[0 if first else 1]
    made = generate.draw(rng, level, wanted)
    return parts(
        made, "assess", _("How does the game stand?"),
        _("Can the pieces left still checkmate?"),
        DRAW_WHY[wanted](),
        options=tuple(Option(v, str(ASSESS_LABELS[v])) for v in DEAD_OR_NOT),
        answer=(wanted,),
    )  # fmt: skip


CLAIMS = ("threefold", "fifty", "none")
CLAIM_WORDS = {
    "threefold": lambda: _("A draw by threefold repetition"),
    "fifty": lambda: _("A draw by the fifty-move rule"),
    "none": lambda: _("No draw may be claimed yet"),
}
CLAIM_WHY = {"threefold": DRAW_WHY["threefold_repetition"], "fifty": DRAW_WHY["fifty_moves"],
             "none": DRAW_WHY["ongoing"]}  # fmt: skip


def _claim_parts(made: generate.Made, prompt: str, hint: str) -> Parts:
    claims = rules.assess(made.fen, made.moves).claims
    truth = [
        name for name, claim in (("threefold", rules.Claim.THREEFOLD_REPETITION),
                                 ("fifty", rules.Claim.FIFTY_MOVES)) if claim in claims
    ] or ["none"]  # fmt: skip
    return choice(
        made, "can_claim", {}, [Option(v, CLAIM_WORDS[v]()) for v in CLAIMS], truth,
        prompt, hint, CLAIM_WHY[truth[0]](),
    )  # fmt: skip


def draws_repetition_rule(rng: random.Random, level: int) -> Parts:
    """Pieces that went out and came back: three times the same position, or only twice
    (the same history cut short where nobody stands in check), taking turns; from level 2
    with more pieces around."""
    _family, three = take_turns(rng, 1)

    def make(rng: random.Random) -> generate.Made:
        made = generate.draw(rng, level, "threefold_repetition")
        if three:
            return made
        cuts = [made.moves[:cut] for cut in rng.sample([4, 6], 2)]
        calm = [moves for moves in cuts if not rules.assess(made.fen, moves).in_check]
        return generate.Made(made.fen, calm[0]) if calm else made

    made = until(rng, make, lambda m: _claimable(m) == ("threefold" if three else "none"))
    return _claim_parts(
        made,
        _("The pieces went out and came back. May the side to move claim a draw now?"),
        _("Count how many times the position on the board has appeared."),
    )


def _claimable(made: generate.Made) -> str:
    claims = rules.assess(made.fen, made.moves).claims
    if rules.Claim.THREEFOLD_REPETITION in claims:
        return "threefold"
    return "fifty" if rules.Claim.FIFTY_MOVES in claims else "none"


def _quiet_count(made: generate.Made) -> int:
    return int(rules.position_after(made.fen, made.moves).split()[4]) // 2


def draws_fifty_rule(rng: random.Random, level: int) -> Parts:
    """Fifty moves each without a capture or a pawn move, or not yet (from level 2 the
    count may stop just short), taking turns; never a count of 0."""
    _family, fifty = take_turns(rng, 1)
    wanted = "fifty_moves" if fifty else "ongoing"
    made = until(rng, lambda r: generate.draw(r, level, wanted),
                 lambda m: _quiet_count(m) > 0)  # fmt: skip
    prompt = _quiet_for(made, _("May the side to move claim a draw?"))
    return _claim_parts(made, prompt, _("The fifty-move rule needs 50 moves by each side."))
