"""The family referee's game: a start position, the moves played, and how it ended.

Pure functions over `rules`: every judgement (is the move legal, is it mate,
may a draw be claimed) is the engine's. The game is stored in the session as a
plain dict (`to_session` / `from_session`) with the moves written in SAN as they were
played (the score sheet) and the position now as the engine needs it to resume: the
moves since the last capture, pawn move or other irreversible move
(`rules.Position.resumable`). So a move costs the same at ply 20 as at ply 160: only
those moves are replayed, once per request; `Game.position` (a rules.Position) and
`Game.standing` are worked out once per game value and carried over to the game one
move later.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property

import rules
from rules.pgn import game_pgn

STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# How a game ended besides the engine's Termination codes.
AGREEMENT = "agreement"
RESIGNATION = "resignation"
ENDINGS = (
    *(t.value for t in rules.Termination),
    *(c.value for c in rules.Claim),
    AGREEMENT,
    RESIGNATION,
)
RESULTS = ("1-0", "0-1", "1/2-1/2")
SIDES = ("white", "black")
MAX_MOVES = 1200  # far beyond any real game; a session holding more is not ours


class RefereeError(ValueError):
    """An action the game cannot take now (the message says why)."""


class GameOver(RefereeError):
    """The game has ended: no more moves, claims, offers or resignations."""


class TooEarlyToAgree(RefereeError):
    """A draw by agreement before both players have made a move (FIDE Laws 5.2.3)."""


@dataclass(frozen=True)
class Game:
    start_fen: str = STANDARD_START
    moves: tuple[str, ...] = ()  # UCI
    result: str = "*"
    ending: str | None = None  # a Termination or Claim value, AGREEMENT or RESIGNATION
    sans: tuple[str, ...] = ()  # the moves in SAN, one for each of `moves`

    @property
    def over(self) -> bool:
        return self.result != "*"

    @property
    def last_move(self) -> str | None:
        return self.moves[-1] if self.moves else None

    @cached_property
    def position(self) -> rules.Position:
        """The position now (raises a rules.RulesError): the whole history replayed once,
        unless the game came from the session or one move before, where it was resumed."""
        return rules.Position(self.start_fen, self.moves)

    @cached_property
    def standing(self) -> Standing:
        return standing(self)


@dataclass(frozen=True)
class Standing:
    """How the game stands now, as the engine sees it."""

    fen: str
    turn: str  # "white" or "black": the side to move
    in_check: bool
    checkers: tuple[str, ...]
    claims: tuple[rules.Claim, ...]  # draws the side to move may claim now
    termination: rules.Termination | None
    winner: str | None  # "white" or "black" after a checkmate


def new_game(start_fen: str = STANDARD_START) -> Game:
    """A game from `start_fen`; raises rules.InvalidFen for a bad or impossible position.

    A start position that is already over (mate, stalemate, dead) ends at once.
    """
    game = Game(start_fen=rules.position_after(start_fen.strip()))
    return _after_move(game)


def standing(game: Game) -> Standing:
    """How `game` stands; worked out once per game value (read `game.standing`)."""
    if "standing" in game.__dict__:
        return game.__dict__["standing"]
    assessment = rules.assess(game.position)
    return Standing(
        fen=game.position.fen_now,
        turn=game.position.turn,
        in_check=bool(assessment.in_check),
        checkers=tuple(assessment.checkers),
        claims=tuple(sorted(assessment.claims, key=lambda c: c.value, reverse=True)),
        termination=assessment.termination,
        winner=assessment.winner,
    )


def _ended(game: Game, **changes) -> Game:
    """`game` with its result and ending changed; the same moves, so the same position."""
    ended = replace(game, **changes)
    for cached in ("position", "standing"):
        if cached in game.__dict__:
            ended.__dict__[cached] = game.__dict__[cached]
    return ended


def _moved(game: Game, verdict: rules.Verdict) -> Game:
    """`game` one legal move (the engine's verdict on it) later, without a replay."""
    after = replace(game, moves=(*game.moves, verdict.move), sans=(*game.sans, verdict.san))
    after.__dict__["position"] = game.position.after(verdict.move)
    return after


def _winner_result(winner: str) -> str:
    return "1-0" if winner == "white" else "0-1"


def _after_move(game: Game) -> Game:
    """End the game when the engine says it has ended by itself (mate, stalemate, dead
    position, fivefold repetition, 75 moves)."""
    now = game.standing
    if now.termination is None:
        return game
    result = _winner_result(now.winner) if now.winner else "1/2-1/2"
    return _ended(game, result=result, ending=now.termination.value)


def play(game: Game, move: str, *, claim_draw: bool = False) -> tuple[Game, rules.Verdict, bool]:
    """Judge `move` (UCI) and, when legal, play it.

    With `claim_draw` the mover declares the move and claims a draw by threefold
    repetition or the fifty-move rule that the move would bring about (FIDE
    Laws 9.2 and 9.3); a valid claim ends the game drawn, an invalid one lets the
    move stand. Returns (the game after, the verdict, whether a claim succeeded).
    Raises GameOver, or a rules.RulesError for a malformed move.
    """
    if game.over:
        raise GameOver("the game is over")
    verdict = rules.check_move(game.position, move)
    if verdict.reason is rules.Reason.EN_PASSANT_NEEDS_TWO_STEP and len(game.position.moves) < len(
        game.moves
    ):
        # The resumed position starts after the pawn's own move: only the whole game tells
        # whether it went two squares (then the capture comes too late, and says so).
        verdict = rules.check_move(rules.Position(game.start_fen, game.moves), move)
    if not verdict.legal:
        return game, verdict, False
    claims = rules.claims_after(game.position, move) if claim_draw else frozenset()
    after = _moved(game, verdict)
    if claims:
        claim = sorted(claims, key=lambda c: c.value, reverse=True)[0]
        return _ended(after, result="1/2-1/2", ending=claim.value), verdict, True
    return _after_move(after), verdict, False


def claim_draw(game: Game) -> tuple[Game, bool]:
    """The side to move claims a draw now; returns (the game after, whether it was valid).

    An invalid claim changes nothing: the game goes on.
    """
    if game.over:
        raise GameOver("the game is over")
    claims = game.standing.claims
    if not claims:
        return game, False
    return _ended(game, result="1/2-1/2", ending=claims[0].value), True


def why_no_claim(game: Game) -> tuple[rules.Refutation, ...]:
    """Why the side to move may not claim a draw now, one fact for each claim of the Laws:
    the times this position has appeared (three are needed, 9.2) and the moves each side
    has made since the last capture or pawn move (fifty are needed, 9.3)."""
    position = game.position
    return tuple(
        rules.why_not_ending(position.fen, claim.value, position.moves)
        for claim in (rules.Claim.THREEFOLD_REPETITION, rules.Claim.FIFTY_MOVES)
    )


def may_agree_draw(game: Game) -> bool:
    """Whether the players may agree to a draw now: during the game, once each of them
    has made at least one move (FIDE Laws 5.2.3)."""
    return not game.over and len(game.moves) >= 2


def agree_draw(game: Game) -> Game:
    if game.over:
        raise GameOver("the game is over")
    if not may_agree_draw(game):
        raise TooEarlyToAgree("a draw may be agreed only after both players have moved")
    return _ended(game, result="1/2-1/2", ending=AGREEMENT)


def resign(game: Game, side: str) -> Game:
    """`side` ("white" or "black") resigns: the other side wins."""
    if side not in SIDES:
        raise RefereeError(f"side must be white or black, not {side!r}")
    if game.over:
        raise GameOver("the game is over")
    return _ended(
        game, result=_winner_result("black" if side == "white" else "white"), ending=RESIGNATION
    )


def score_sheet(game: Game) -> list[tuple[int, str, str]]:
    """(move number, White's SAN, Black's SAN) rows; "…" fills White's place when Black began."""
    return rules.score_rows(game.start_fen, game.sans)


def pgn(game: Game, *, event: str, white: str, black: str, played_on: date) -> str:
    headers = {
        "Event": event,
        "Site": "?",
        "Date": played_on.strftime("%Y.%m.%d"),
        "Round": "-",
        "White": white,
        "Black": black,
    }
    if game.over:
        headers["Termination"] = "normal"
    return game_pgn(game.start_fen, game.moves, game.result, headers)


def to_session(game: Game) -> dict:
    fen, since = game.position.resumable()
    return {
        "start_fen": game.start_fen,
        "moves": list(game.moves),
        "sans": list(game.sans),
        "result": game.result,
        "ending": game.ending,
        "resume": {"fen": fen, "moves": list(since)},
    }


def from_session(data: object) -> Game | None:
    """The game stored by `to_session`; None when absent or unusable.

    Its position is resumed from the moves since the last irreversible one, checked as they
    are replayed; a game stored without them (or without its SANs) is replayed whole."""
    if not isinstance(data, dict):
        return None
    try:
        start_fen = data["start_fen"]
        moves = tuple(data["moves"])
        result = data["result"]
        ending = data["ending"]
        if len(moves) > MAX_MOVES:
            return None
        if result not in (*RESULTS, "*") or (ending is not None and ending not in ENDINGS):
            return None
        if not isinstance(start_fen, str) or not all(isinstance(m, str) for m in moves):
            return None
        game = Game(start_fen=start_fen, moves=moves, result=result, ending=ending)
        resumed = _resumed(data, moves)
        if resumed is None:  # replayed whole, once, and checked; the SANs written again
            return replace(game, sans=tuple(rules.history_san(game.position)))
        sans, position = resumed
        game = replace(game, sans=sans)
        game.__dict__["position"] = position
    except (KeyError, TypeError, rules.RulesError):
        return None
    return game


def _resumed(data: dict, moves: tuple[str, ...]) -> tuple[tuple[str, ...], rules.Position] | None:
    """The stored SANs and the position resumed from the stored tail of the game (its moves
    checked as they are replayed); None when either is missing or does not fit `moves`."""
    sans, resume = data.get("sans"), data.get("resume")
    if not isinstance(sans, list) or len(sans) != len(moves) or not isinstance(resume, dict):
        return None
    fen, since = resume.get("fen"), resume.get("moves")
    if not isinstance(fen, str) or not isinstance(since, list) or len(since) > len(moves):
        return None
    if tuple(since) != moves[len(moves) - len(since) :]:
        return None
    if not all(isinstance(san, str) for san in sans):
        return None
    return tuple(sans), rules.Position(fen, since)
