"""The rules engine: every move judged, every illegal move explained by the rule it breaks.

Pure Python over python-chess; no Django here. The engine answers in codes and
squares (``Reason``, ``Termination``, ``Claim``), never in sentences.

Positions are FEN strings; ``moves`` is the history played from that FEN in UCI
(it matters for repetition, en passant timing and castling rights). Malformed
input raises a ``RulesError`` (a ``ValueError``) that says what is wrong.

``check_move`` returns a ``Verdict``: for an illegal move every ``Reason`` it breaks,
primary first, each as a ``Finding`` with the squares (and the pieces on them) that
the explanation points at. After checkmate, stalemate, fivefold repetition or 75
moves every move is refused with ``GAME_OVER`` first; a dead position
(insufficient material) is reported by ``assess`` but does not stop moves, because
lessons use bare positions such as king and knight against king.

A knight does not move like a bishop:

>>> from rules import check_move
>>> verdict = check_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1e3")
>>> verdict.legal, verdict.reason
(False, <Reason.NOT_HOW_IT_MOVES: 'not_how_it_moves'>)

The king may not castle across a square a black rook attacks:

>>> verdict = check_move("k4r2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
>>> verdict.reasons
(<Reason.CASTLING_THROUGH_ATTACK: 'castling_through_attack'>,)
>>> verdict.squares
('f1', 'f8')

A legal move comes with its facts:

>>> verdict = check_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
>>> verdict.legal, verdict.san, verdict.castling
(True, 'O-O', 'short')

``forced``, ``progress_after`` and ``visit_search`` search forced sequences for
puzzles (checkmate or stalemate within n moves, squares to visit); see
``rules.search``. ``legal_moves``, ``placement``, ``piece_at``, ``square_color`` and ``neighbours``
answer plain board questions.

``rules.material`` counts points (Q 9, R 5, B 3, N 3, P 1); ``rules.protection`` says
which pieces attack and defend a piece, which hang, and what a capture wins
(``exchange_gain``, ``threats``, ``forced_gain``).

A ``Position`` replays a history once; every function above takes it where it takes a
FEN, so one request replays its history once however many questions it asks.

``why_*`` (``rules.refute``) say why a wrong answer to a question about a position is
wrong, as a ``Refutation``: a ``Fact`` code with its squares.
"""

from rules.castling import castling_move
from rules.codes import Claim, Fact, Reason, Termination
from rules.endings import (
    Assessment,
    assess,
    checkmated_king,
    claim_possible_with_a_move,
    claims_after,
)
from rules.errors import IllegalHistory, InvalidFen, InvalidMove, InvalidSquare, RulesError
from rules.judge import check_move, first_illegal
from rules.material import material, material_lead, piece_value
from rules.notation import history_san, parse_move, score_rows, score_sheet
from rules.position import (
    PLAYED_UCI_PATTERN,
    UCI_PATTERN,
    Position,
    parse_square,
    pawn_reaches_last_rank,
    position_after,
    position_flaws,
    side_to_move,
)
from rules.protection import (
    MATE_GAIN,
    attackers_of,
    defenders_of,
    exchange_gain,
    forced_gain,
    hanging,
    threats,
)
from rules.refute import (
    why_attacked,
    why_castling_allowed,
    why_condition_holds,
    why_defended,
    why_en_passant,
    why_hanging_or_not,
    why_in_check,
    why_legal,
    why_material,
    why_no_capture_on,
    why_no_en_passant,
    why_not_attacked,
    why_not_checking,
    why_not_destination,
    why_not_ending,
    why_not_in_check,
    why_san_wrong,
)
from rules.search import (
    Progress,
    VisitSearch,
    can_collect,
    forced,
    goal_holds_after,
    pass_turn,
    progress_after,
    visit_other_way,
    visit_search,
)
from rules.squares import (
    attacks,
    destinations,
    en_passant_capturers,
    legal_moves,
    neighbours,
    piece_at,
    placement,
    square_color,
)
from rules.verdict import Finding, Refutation, Verdict

__all__ = [
    "MATE_GAIN",
    "PLAYED_UCI_PATTERN",
    "UCI_PATTERN",
    "Assessment",
    "Claim",
    "Fact",
    "Finding",
    "IllegalHistory",
    "InvalidFen",
    "InvalidMove",
    "InvalidSquare",
    "Position",
    "Progress",
    "Reason",
    "Refutation",
    "RulesError",
    "Termination",
    "Verdict",
    "VisitSearch",
    "assess",
    "attackers_of",
    "attacks",
    "can_collect",
    "castling_move",
    "check_move",
    "checkmated_king",
    "claim_possible_with_a_move",
    "claims_after",
    "defenders_of",
    "destinations",
    "en_passant_capturers",
    "exchange_gain",
    "first_illegal",
    "forced",
    "forced_gain",
    "goal_holds_after",
    "hanging",
    "history_san",
    "legal_moves",
    "material",
    "material_lead",
    "neighbours",
    "parse_move",
    "parse_square",
    "pass_turn",
    "pawn_reaches_last_rank",
    "piece_at",
    "piece_value",
    "placement",
    "position_after",
    "position_flaws",
    "progress_after",
    "score_rows",
    "score_sheet",
    "side_to_move",
    "square_color",
    "threats",
    "visit_other_way",
    "visit_search",
    "why_attacked",
    "why_castling_allowed",
    "why_condition_holds",
    "why_defended",
    "why_en_passant",
    "why_hanging_or_not",
    "why_in_check",
    "why_legal",
    "why_material",
    "why_no_capture_on",
    "why_no_en_passant",
    "why_not_attacked",
    "why_not_checking",
    "why_not_destination",
    "why_not_ending",
    "why_not_in_check",
    "why_san_wrong",
]
