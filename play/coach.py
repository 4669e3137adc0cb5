"""The arbiter as coach: the engine's rule moments (``rules.coaching``) as short sentences a
child reads, each naming its rule and linking its lesson; the moments missed, and how a
game ended, in words.

No chess here: which moment is there, which moves use it and which were missed are the
engine's answers; this module only chooses the words and the lesson.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from board.explanations import describe_termination
from curriculum.loading import get_curriculum
from languages import lists
from play.models import RESIGNATION
from rules.coaching import Moment, Note, missed_moments, moments

# The lesson that teaches each rule a game meets (notes and endings alike).
LESSONS = {
    Note.CHECK.value: "check",
    Note.EN_PASSANT.value: "en-passant",
    Note.CASTLING.value: "castling",
    Note.PROMOTION.value: "promotion",
    Note.STALEMATE_TRAP.value: "stalemate",
    Note.THREEFOLD_CLAIMABLE.value: "draws-repetition",
    Note.THREEFOLD_BY_MOVE.value: "draws-repetition",
    Note.FIFTY_MOVES_CLAIMABLE.value: "draws-fifty",
    Note.FIFTY_MOVES_BY_MOVE.value: "draws-fifty",
    Note.MATE_IN_ONE.value: "checkmate",
    rules.Termination.CHECKMATE.value: "checkmate",
    rules.Termination.STALEMATE.value: "stalemate",
    rules.Termination.INSUFFICIENT_MATERIAL.value: "draws",
    rules.Termination.FIVEFOLD_REPETITION.value: "draws-repetition",
    rules.Termination.SEVENTYFIVE_MOVES.value: "draws-fifty",
    rules.Claim.THREEFOLD_REPETITION.value: "draws-repetition",
    rules.Claim.FIFTY_MOVES.value: "draws-fifty",
}

# What the arbiter says when the moment comes, to the side to move (the child).
NOTES: dict[Note, Promise] = {
    Note.CHECK: _("Your king is in check: you must answer it!"),
    Note.EN_PASSANT: _("You can capture en passant, but only with this move!"),
    Note.CASTLING: _("Now you can castle."),
    Note.PROMOTION: _("Your pawn can reach the last rank: then you choose a piece."),
    Note.STALEMATE_TRAP: _("Careful: %(moves)s stalemates, it does not checkmate."),
    Note.THREEFOLD_CLAIMABLE: _(
        "The same position is here for the third time: you may claim a draw."
    ),
    Note.THREEFOLD_BY_MOVE: _(
        "%(moves)s brings a position back a third time: you may claim a draw."
    ),
    Note.FIFTY_MOVES_CLAIMABLE: _(
        "Fifty moves without a capture or a pawn move: you may claim a draw."
    ),
    Note.FIFTY_MOVES_BY_MOVE: _(
        "One more move without a capture or a pawn move makes fifty: you may claim a draw."
    ),
}

# After the game: what the child could have done, at which move.
MISSED: dict[Note, Promise] = {
    Note.CASTLING: _("At move %(number)s you could castle."),
    Note.EN_PASSANT: _("At move %(number)s you could capture en passant (%(moves)s)."),
    Note.THREEFOLD_CLAIMABLE: _("At move %(number)s you could claim a draw (threefold)."),
    Note.STALEMATE_TRAP: _("At move %(number)s, %(played)s was stalemate, not checkmate."),
    Note.MATE_IN_ONE: _("At move %(number)s, %(moves)s was checkmate."),
}

# The rule's name, for the list of the rules met.
RULE_NAMES: dict[str, Promise] = {
    Note.CHECK.value: _("Check"),
    Note.EN_PASSANT.value: _("En passant"),
    Note.CASTLING.value: _("Castling"),
    Note.PROMOTION.value: _("Promotion"),
    Note.STALEMATE_TRAP.value: _("Stalemate"),
    Note.THREEFOLD_CLAIMABLE.value: _("Threefold repetition"),
    Note.THREEFOLD_BY_MOVE.value: _("Threefold repetition"),
    Note.FIFTY_MOVES_CLAIMABLE.value: _("Fifty moves"),
    Note.FIFTY_MOVES_BY_MOVE.value: _("Fifty moves"),
    rules.Termination.CHECKMATE.value: _("Checkmate"),
    rules.Termination.STALEMATE.value: _("Stalemate"),
    rules.Termination.INSUFFICIENT_MATERIAL.value: _("Dead position"),
    rules.Termination.FIVEFOLD_REPETITION.value: _("Fivefold repetition"),
    rules.Termination.SEVENTYFIVE_MOVES.value: _("Seventy-five moves"),
    rules.Claim.THREEFOLD_REPETITION.value: _("Threefold repetition"),
    rules.Claim.FIFTY_MOVES.value: _("Fifty moves"),
}

CLAIMED = {
    rules.Claim.THREEFOLD_REPETITION.value: _(
        "Draw claimed: the same position has appeared three times."
    ),
    rules.Claim.FIFTY_MOVES.value: _(
        "Draw claimed: fifty moves by each side without a capture or a pawn move."
    ),
}


@dataclass(frozen=True)
class Said:
    """A sentence with the lesson of its rule: ``lesson`` its title, ``url`` its page."""

    text: str
    lesson: str = ""
    url: str = ""
    note: str = ""  # the Note or ending value it is about


def lesson_link(rule: str) -> tuple[str, str]:
    """(title, URL) of the lesson teaching ``rule``; ("", "") when none does."""
    slug = LESSONS.get(rule)
    lesson = get_curriculum().lesson(slug) if slug else None
    if lesson is None:
        return "", ""
    return lesson.title, reverse("lesson", args=[slug])


def _said(text: str, rule: str) -> Said:
    title, url = lesson_link(rule)
    return Said(text, title, url, rule)


def _sans(position: rules.Position, moves: tuple[str, ...]) -> str:
    """The moves as the score sheet writes them, 「Qg6、Qh5」."""
    return lists.join(rules.check_move(position, move).san or move for move in moves)


NAMED_AT_MOST = 2  # stalemating moves named in a note: a child reads one or two, not twelve


def _named(moment: Moment) -> tuple[str, ...]:
    """The moves a note names: for the stalemate trap one or two of them (a short sentence)."""
    if moment.note is Note.STALEMATE_TRAP:
        return moment.moves[:NAMED_AT_MOST]
    return moment.moves


def notes_now(position: rules.Position) -> list[Said]:
    """The arbiter's notes for the side to move in ``position``."""
    said = []
    for moment in moments(position):
        template = NOTES.get(moment.note)
        if template is None:
            continue
        text = str(template)
        if "%(moves)s" in text:
            text = text % {"moves": _sans(position, _named(moment))}
        said.append(_said(text, moment.note.value))
    return said


def promotion_note() -> Said:
    """Said while the promotion picker is open."""
    return _said(gettext("Your pawn has reached the end: choose a piece."), Note.PROMOTION.value)


def missed(position: rules.Position, sans: list[str], side: str) -> list[Said]:
    """The moments ``side`` missed in the game that led to ``position`` (its moves written
    ``sans``), in order (「第 12 步你可以王車易位」)."""
    said = []
    for moment in missed_moments(position):
        if moment.side != side or moment.note not in MISSED:
            continue
        said.append(_said(_missed_sentence(position, sans, moment), moment.note.value))
    return said


def _missed_sentence(position: rules.Position, sans: list[str], moment: Moment) -> str:
    words = {"number": moment.move_number, "moves": "", "played": ""}
    if moment.played:
        words["played"] = sans[moment.ply]
    if moment.moves:  # moves not played: written in the position of that moment
        then = rules.Position(position.fen, position.moves[: moment.ply])
        words["moves"] = _sans(then, moment.moves)
    return str(MISSED[moment.note]) % words


def rules_met(values: list[str]) -> list[Said]:
    """The rules met in a game, each once, with their lessons."""
    said, seen = [], set()
    for value in values:
        name = RULE_NAMES.get(value)
        if name is None or str(name) in seen:
            continue
        seen.add(str(name))
        said.append(_said(str(name), value))
    return said


def ending_for_grown_ups(game) -> str:
    """How a child's game ended, for the teacher's homework page: 「將死，贏了」、「認輸，輸了」."""
    if game.ending == RESIGNATION:
        how = gettext("Resigned")
    else:
        how = str(RULE_NAMES.get(game.ending, game.ending))
    if game.result == "1/2-1/2":
        result = gettext("a draw")
    else:
        result = gettext("won") if game.won else gettext("lost")
    return gettext("%(how)s, %(result)s") % {"how": how, "result": result}


def ending(result: str, ending_value: str, side: str, winner_name: str) -> Said:
    """How the game ended and why, naming the rule."""
    if ending_value == RESIGNATION:
        return Said(gettext("You resigned."))
    if ending_value in CLAIMED:
        return _said(str(CLAIMED[ending_value]), ending_value)
    termination = rules.Termination(ending_value)
    if termination is rules.Termination.CHECKMATE:
        won = result == ("1-0" if side == "white" else "0-1")
        text = (
            gettext("Checkmate! You win.")
            if won
            else gettext("Checkmate: %(name)s wins.") % {"name": winner_name}
        )
        return _said(text, ending_value)
    return _said(describe_termination(termination), ending_value)
