"""The words of a grown-up's own question (curriculum.authoring makes and proves it): what
the child reads, in the learner's language, and each refusal said so the author can act
on it (「黑王也可以吃掉 d5 的白后，所以這題有兩個答案。」)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import rules
from board.explanations import history_move_refused, piece_name
from curriculum import authoring
from curriculum.authoring import Code, Draft, Refusal, Words
from curriculum.kinds.assess import ASSESS_LABELS
from practice.generators.castling import CASTLING_WHY
from practice.generators.pieces import PIECE_HINTS

QUESTION_LABELS = {
    "star": gettext_lazy("Take a piece to the star(s)"),
    "legal": gettext_lazy("May this move be played?"),
    "squares": gettext_lazy("Which squares can this piece reach?"),
    "mate": gettext_lazy("Checkmate in one move"),
    "state": gettext_lazy("Checkmate, stalemate, or the game goes on?"),
    "check": gettext_lazy("Is the king in check?"),
    "castle": gettext_lazy("May the side to move castle now?"),
    "capture": gettext_lazy("Which capture wins the most?"),
}


def words(draft: Draft, prompt: str = "") -> Words:
    """The child's words for a sound draft (``prompt``: the author's own, if any)."""
    made = _MADE[draft.question](draft, authoring.start_fen(draft))
    return Words(prompt or made.prompt, made.hint, made.explanation, made.options)


def _white(fen: str) -> bool:
    return rules.side_to_move(fen) == "white"


def _star(draft: Draft, fen: str) -> Words:
    symbol = rules.piece_at(fen, draft.square)
    said = {"piece": piece_name(symbol), "count": len(draft.targets)}
    return Words(
        ngettext(
            "Take the %(piece)s to the star.",
            "Take the %(piece)s to all %(count)s stars.",
            len(draft.targets),
        )
        % said,
        PIECE_HINTS[symbol.upper()](),
        _("Well done! The %(piece)s reached every star.") % said,
    )


def _legal(draft: Draft, fen: str) -> Words:
    said = {
        "piece": piece_name(rules.piece_at(fen, draft.move[:2])),
        "from": draft.move[:2],
        "to": draft.move[2:4],
    }
    legal = rules.check_move(draft.fen, draft.move, draft.moves).legal
    return Words(
        _("May the %(piece)s on %(from)s move to %(to)s?") % said,
        _("Think of how this piece moves, and whether its own king stays safe."),
        _("Yes: this move follows every rule.") if legal else _("No: this move breaks a rule."),
        {"yes": _("Yes, it may"), "no": _("No, it may not")},
    )


def _squares(draft: Draft, fen: str) -> Words:
    symbol = rules.piece_at(fen, draft.square)
    count = len(rules.destinations(fen, draft.square))
    said = {"piece": piece_name(symbol), "square": draft.square, "count": count}
    return Words(
        _("The %(piece)s is on %(square)s. Tap every square it can move to.") % said,
        PIECE_HINTS[symbol.upper()](),
        ngettext(
            "Right! The %(piece)s can go to %(count)s square.",
            "Right! The %(piece)s can go to %(count)s squares.",
            count,
        )
        % said,
    )


def _mate(draft: Draft, fen: str) -> Words:
    return Words(
        _("White to move. Checkmate in one move.")
        if _white(fen)
        else _("Black to move. Checkmate in one move."),
        _("Look for a check after which the king has no square to go to."),
        _("Checkmate! The king is in check and cannot escape."),
    )


STATE_EXPLANATIONS = {
    "checkmate": gettext_lazy("Checkmate: the king is in check and no move answers it."),
    "stalemate": gettext_lazy("Stalemate: no legal move, and the king is not in check."),
    "ongoing": gettext_lazy("The game goes on: the side to move has a legal move."),
}


def _state(draft: Draft, fen: str) -> Words:
    assessment = rules.assess(fen)
    truth = assessment.termination.value if assessment.termination else "ongoing"
    return Words(
        _("White to move. How does the game stand?")
        if _white(fen)
        else _("Black to move. How does the game stand?"),
        _("Is the king in check? Then look for any legal move of the side to move."),
        str(STATE_EXPLANATIONS.get(truth, STATE_EXPLANATIONS["ongoing"])),
        {value: str(ASSESS_LABELS[value]) for value in authoring.STATE_OPTIONS},
    )


def _check(draft: Draft, fen: str) -> Words:
    in_check = rules.assess(fen).in_check
    return Words(
        _("Is the white king in check?") if _white(fen) else _("Is the black king in check?"),
        _("Look along every line to the king, and at the knights near it."),
        _("Yes: an enemy piece attacks the king.")
        if in_check
        else _("No: no enemy piece attacks the king now."),
        {"yes": _("Yes, it is in check"), "no": _("No")},
    )


CASTLE_PROMPTS = {
    (True, "short"): gettext_lazy("May White castle short now?"),
    (True, "long"): gettext_lazy("May White castle long now?"),
    (False, "short"): gettext_lazy("May Black castle short now?"),
    (False, "long"): gettext_lazy("May Black castle long now?"),
}


def _castle(draft: Draft, fen: str) -> Words:
    side = rules.side_to_move(fen)
    verdict = rules.check_move(draft.fen, rules.castling_move(side, draft.side), draft.moves)
    if verdict.legal:
        explanation = _("Yes: every condition holds.")
    else:
        reasons = [reason.value for reason in verdict.reasons]
        explanation = " ".join(
            CASTLING_WHY.get(reason, CASTLING_WHY["castling_blocked"])() for reason in reasons
        )
    return Words(
        str(CASTLE_PROMPTS[(side == "white", draft.side)]),
        _("Has the king or that rook moved? Is anything in between, or attacked?"),
        explanation,
        {"yes": _("Yes, it may"), "no": _("No, it may not")},
    )


def _capture(draft: Draft, fen: str) -> Words:
    return Words(
        _("Which capture wins the most? Make that capture."),
        _("Count what each capture wins, and what you lose if it is taken back."),
        _("Right: no other capture wins as much."),
    )


_MADE = {
    "star": _star,
    "legal": _legal,
    "squares": _squares,
    "mate": _mate,
    "state": _state,
    "check": _check,
    "castle": _castle,
    "capture": _capture,
}


REFUSALS = {
    Code.UNKNOWN_QUESTION: gettext_lazy("Choose what to ask."),
    Code.NOT_A_FEN: gettext_lazy("This FEN cannot be read. Paste it again."),
    Code.ILLEGAL_POSITION: gettext_lazy(
        "This position cannot happen in a game: one king each, and the side not to move "
        "not in check."
    ),
    Code.ILLEGAL_HISTORY: gettext_lazy("One of the moves cannot be played from this position."),
    Code.GAME_OVER: gettext_lazy("The game is over here: no move can be made."),
    Code.NOT_A_SQUARE: gettext_lazy("Write the square of the piece, e.g. g1."),
    Code.EMPTY_SQUARE: gettext_lazy("No piece stands on %(square)s."),
    Code.NOT_TO_MOVE: gettext_lazy("The %(piece)s on %(square)s belongs to the side not to move."),
    Code.NO_DESTINATIONS: gettext_lazy("The piece on %(square)s cannot move anywhere."),
    Code.NO_STARS: gettext_lazy("Write the squares of the stars, e.g. f3 h4."),
    Code.STAR_UNDER_PIECE: gettext_lazy("A star is on %(square)s, where the piece already stands."),
    Code.STARTS_IN_CHECK: gettext_lazy(
        "The side to move is in check: the stars need a position without check."
    ),
    Code.STARS_OUT_OF_REACH: gettext_lazy("The piece cannot collect every star within 6 moves."),
    Code.OTHER_PIECE_COLLECTS: gettext_lazy(
        "The piece on %(square)s can collect the stars too, so this puzzle has two answers."
    ),
    Code.NOT_A_MOVE: gettext_lazy("Write the move as two squares, e.g. e2e4."),
    Code.NOT_A_CAPTURE: gettext_lazy("%(from)s to %(to)s is not a legal capture."),
    Code.ALSO_CAPTURES: gettext_lazy(
        "The %(piece)s can also capture the %(captured)s on %(square)s, so this puzzle has "
        "two answers."
    ),
    Code.BETTER_CAPTURE: gettext_lazy(
        "The %(piece)s capturing the %(captured)s on %(square)s wins as much, so this "
        "puzzle has two answers."
    ),
    Code.NO_MATE: gettext_lazy("No move checkmates in one here."),
    Code.NOTHING_TO_LEARN: gettext_lazy("Every move is right here: there is nothing to find."),
    Code.STATE_NOT_OFFERED: gettext_lazy(
        "This game is drawn in another way (a dead position?): ask something else."
    ),
    Code.NO_PARTNER: gettext_lazy(
        "A yes-or-no question is asked again after a miss, and no lesson asks this one: "
        "choose another question."
    ),
    Code.ENGINE: gettext_lazy("The rules engine refuses it: %(detail)s"),
}


def refusal_text(refusal: Refusal) -> str:
    squares = (*refusal.squares, "", "")
    pieces = (*refusal.pieces, None, None)
    said = {
        "square": squares[1] if refusal.code in _SECOND_SQUARE else squares[0],
        "from": squares[0],
        "to": squares[1],
        "piece": piece_name(pieces[0]),
        "captured": piece_name(pieces[1]),
        "detail": refusal.detail,
    }
    if refusal.code == Code.ILLEGAL_HISTORY and refusal.number:
        return history_move_refused(refusal.number, squares[0], refusal.verdict)
    return str(REFUSALS[refusal.code]) % said


_SECOND_SQUARE = {Code.ALSO_CAPTURES, Code.BETTER_CAPTURE}
