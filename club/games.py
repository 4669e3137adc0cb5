"""A club game between two children, as a service with no HTTP in it.

Each move comes with ``ply``, the number of moves on the board it was made on. It is
judged by the engine (``rules``) and written by one conditional ``UPDATE … WHERE ply = n
AND result = '*'``: of two requests for the same ply (the same move sent twice, or both
devices at once) exactly one changes the row; the other finds the game moved on and is
answered ``Resent`` (its own move, already recorded) or ``Stale``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F
from django.utils import timezone

import rules
from club.models import RESIGNATION, ClubGame, Entrant
from club.push import announce
from club.tournaments import finish_if_done

STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class GameError(ValueError):
    """Something the game cannot do now."""


class GameIsOver(GameError):
    pass


class NotYourTurn(GameError):
    pass


class Stale(GameError):
    """The move was made on a board that is no longer the game's."""


@dataclass
class Played:
    """What became of a move: the game as it is now, the engine's ``verdict`` (None when
    ``resent``: the same move had been recorded already)."""

    game: ClubGame
    position: rules.Position
    verdict: rules.Verdict | None = None
    resent: bool = False
    claimed: bool = False


def position(game: ClubGame) -> rules.Position:
    """The game's position now: replayed once per row read (kept on the row while its moves
    are the same), so one request asks every engine question of one Position."""
    kept = getattr(game, "_position", None)
    if kept is None or kept[0] != game.moves:
        kept = (game.moves, rules.Position(STANDARD_START, game.uci_moves))
        game._position = kept
    return kept[1]


def side_of(game: ClubGame, entrant: Entrant) -> str:
    if entrant.pk == game.white_id:
        return "white"
    if entrant.pk == game.black_id:
        return "black"
    raise GameError("not a player of this game")


def play(game: ClubGame, entrant: Entrant, ply: int, move: str, *, claim_draw=False) -> Played:
    """``entrant`` plays the UCI ``move`` on the board of ``ply`` moves. An illegal move is
    judged and nothing is written. Raises GameIsOver, NotYourTurn, Stale, or a
    rules.RulesError for a move that cannot be read."""
    side = side_of(game, entrant)
    if _already_played(game, ply, move, side):
        return Played(game, position(game), resent=True)
    if game.over:
        raise GameIsOver("the game is over")
    if ply != game.ply:
        raise Stale("the board is not the game's now")
    now = position(game)
    if now.turn != side:
        raise NotYourTurn("the other player has the move")
    verdict = rules.check_move(now, move)
    if not verdict.legal:
        return Played(game, now, verdict=verdict)
    after = now.after(verdict.move)
    result, ending = _ending(after, verdict.move, now, claim_draw)
    moves = f"{game.moves} {verdict.move}".strip()
    fields = {"moves": moves, "ply": F("ply") + 1, "moved_at": timezone.now()}
    if result:
        fields |= {"result": result, "ending": ending, "finished_at": timezone.now()}
    changed = ClubGame.objects.filter(pk=game.pk, ply=ply, result="*").update(**fields)
    game.refresh_from_db()
    if not changed:
        if _already_played(game, ply, move, side):
            return Played(game, position(game), resent=True)
        raise Stale("the game moved on")
    game._position = (game.moves, after)  # the board after the move, not replayed
    announce(game)
    if game.over:
        finish_if_done(game.tournament)
    return Played(game, after, verdict=verdict, claimed=bool(result and claim_draw))


def _already_played(game: ClubGame, ply: int, move: str, side: str) -> bool:
    moves = game.uci_moves
    mover = "white" if ply % 2 == 0 else "black"  # every club game starts from the start
    return 0 <= ply < len(moves) and moves[ply] == move and mover == side


def _ending(after: rules.Position, move: str, before: rules.Position, claim_draw: bool):
    """(result, ending) when the move ends the game (a mate, a draw by the rules, or a
    valid claim made with it), else (None, None)."""
    assessment = rules.assess(after)
    if assessment.termination is not None:
        winner = assessment.winner
        result = "1/2-1/2" if winner is None else ("1-0" if winner == "white" else "0-1")
        return result, assessment.termination.value
    if claim_draw:
        claims = rules.claims_after(before, move)
        if claims:
            return "1/2-1/2", sorted(c.value for c in claims)[-1]
    return None, None


def claim(game: ClubGame, entrant: Entrant, ply: int) -> bool:
    """The player to move claims a draw (threefold repetition, fifty moves) before moving;
    an invalid claim changes nothing. Returns whether the claim was valid."""
    side = side_of(game, entrant)
    if game.over:
        raise GameIsOver("the game is over")
    now = position(game)
    if ply != game.ply:
        raise Stale("the board is not the game's now")
    if now.turn != side:
        raise NotYourTurn("the other player has the move")
    claims = rules.assess(now).claims
    if not claims:
        return False
    return _end(game, ply, "1/2-1/2", sorted(c.value for c in claims)[-1])


def resign(game: ClubGame, entrant: Entrant, ply: int) -> bool:
    side = side_of(game, entrant)
    if game.over:
        raise GameIsOver("the game is over")
    return _end(game, ply, "0-1" if side == "white" else "1-0", RESIGNATION)


def _end(game: ClubGame, ply: int, result: str, ending: str) -> bool:
    changed = ClubGame.objects.filter(pk=game.pk, ply=ply, result="*").update(
        result=result, ending=ending, finished_at=timezone.now()
    )
    game.refresh_from_db()
    if not changed:
        raise Stale("the game moved on")
    announce(game)
    finish_if_done(game.tournament)
    return True
