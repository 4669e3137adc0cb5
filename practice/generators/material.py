"""Practice of what pieces are worth and who protects them."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, deal, numbers_placed, until
from rules import generate


def piece_values_rule(rng: random.Random, level: int) -> Parts:
    """How many points a side's pieces are worth, or who is ahead (from level 2)."""
    hint = _("A pawn is worth 1, a knight or a bishop 3, a rook 5, a queen 9.")
    _family, place = deal(rng, 1, 3)  # the answer's place among three, hidden (parts.deal)
    if level > 1 and rng.random() < 0.5:
        wanted = LEADS[place]
        made = until(
            rng, lambda r: generate.scattered(r, level), lambda m: _lead_of(m) == wanted, 200
        )
        truth = _lead_of(made)
        options = (Option("white", _("White")), Option("black", _("Black")),
                   Option("equal", _("The same")))  # fmt: skip
        return choice(
            made, "material_lead", {}, options, [truth],
            _("Whose pieces are worth more points?"), hint,
            {"white": _("White's pieces are worth more."),
             "black": _("Black's pieces are worth more."),
             "equal": _("Both sides' pieces are worth the same.")}[truth],
        )  # fmt: skip
    made = generate.scattered(rng, level)
    colour = "white" if level == 1 or rng.random() < 0.5 else "black"
    points = rules.material(made.fen)[colour]
    options = [
        Option(str(n), ngettext("%(count)s point", "%(count)s points", n) % {"count": n})
        for n in numbers_placed(rng, points, place)
    ]
    said = {"count": points}
    return choice(
        made, "material", {"colour": colour}, options, [str(points)],
        _("How many points are White's pieces worth in all?") if colour == "white"
        else _("How many points are Black's pieces worth in all?"),
        hint,
        ngettext("They are worth %(count)s point in all.",
                 "They are worth %(count)s points in all.", points) % said,
    )  # fmt: skip


LEADS = ("white", "black", "equal")


def _lead_of(made: generate.Made) -> str:
    lead = rules.material_lead(made.fen)
    return "white" if lead > 0 else "black" if lead < 0 else "equal"


COUNT_OF = {"attackers": rules.attackers_of, "defenders": rules.defenders_of}
COUNTS = (0, 1, 2)  # the options of a counting question: each is the answer a third of the time


def protection_rule(rng: random.Random, level: int) -> Parts:
    """How many pieces attack one piece, or how many of its own side protect it: 0, 1 or 2,
    each the answer a third of the time, in an order the seed does not tell (``deal``)."""
    _family, wanted = deal(rng, 1, len(COUNTS))
    truth = COUNTS[wanted]
    for _attempt in range(300):
        made = generate.scattered(rng, level)
        pieces = {sq: p for sq, p in rules.placement(made.fen).items() if p not in "Kk"}
        fitting = [
            (counting, sq)
            for counting in ("attackers", "defenders")
            for sq in sorted(pieces)
            if len(COUNT_OF[counting](made.fen, sq)) == truth
        ]
        if fitting:
            break
    else:
        raise generate.NoPosition(f"no piece counted {truth} in 300 positions")
    counting, square = rng.choice(fitting)
    said = {"piece": piece_name(pieces[square]), "square": square}
    options = [
        Option(str(n), ngettext("%(count)s piece", "%(count)s pieces", n) % {"count": n})
        for n in COUNTS
    ]
    if counting == "attackers":
        prompt = _("How many enemy pieces attack the %(piece)s on %(square)s?") % said
        hint = _("Follow every enemy piece's lines and jumps: which ones reach %(square)s?")
    else:
        prompt = _("How many pieces of its own side protect the %(piece)s on %(square)s?")
        prompt %= said
        hint = _("Protecting means: if the piece on %(square)s is captured, it can capture back.")
    return choice(
        made, f"{counting}_count", {"square": square}, options, [str(truth)],
        prompt, hint % said,
        ngettext("Right: %(count)s piece.", "Right: %(count)s pieces.", truth) % {"count": truth},
    )  # fmt: skip
