"""Playing a game against the computer, as a service with no HTTP in it.

Every judgement is the engine's (``rules``); every move is a ``GameMove`` row written in
the same transaction as the computer's answer to it, with the game's row locked, so two
requests for one game queue. A move comes with ``ply``, the number of moves the board it
was made on had: a move sent again after a lost answer (the same move at a ply already
recorded) is recognised and recorded once (``Resent``), and a move made on an old board
(another tab, a take-back since) is refused as ``Stale`` without touching the game.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

import rules
from lessons.models import Learner
from play.models import RESIGNATION, SIDES, Game, GameMove, PlaySettings
from play.opponents import QUIET_OPPONENTS, TAKEBACK_OPPONENTS
from rules.coaching import game_moments
from rules.opponents import OPPONENTS, choose_move

STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class PlayError(ValueError):
    """Something the game cannot do now; the view answers with the message's words."""


class GameIsOver(PlayError):
    pass


class Stale(PlayError):
    """The move or take-back was made on a board that is no longer the game's."""


@dataclass
class State:
    """A game as it stands: its row, its moves, the position now (replayed once)."""

    game: Game
    moves: list[GameMove]
    position: rules.Position | None = None  # given when known: else replayed here, once

    def __post_init__(self) -> None:
        if self.position is None:
            self.position = rules.Position(self.game.start_fen, [m.uci for m in self.moves])

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def learners_turn(self) -> bool:
        return not self.game.over and self.position.turn == self.game.side

    @property
    def last_move(self) -> str | None:
        return self.moves[-1].uci if self.moves else None


@dataclass(frozen=True)
class Played:
    """What became of a move sent: ``verdict`` the engine's on it (None when ``resent``),
    ``reply`` the computer's answer (a GameMove) if it made one and ``reply_verdict`` the
    engine's on it, ``claimed`` whether a draw claimed with the move was valid."""

    state: State
    verdict: rules.Verdict | None = None
    reply: GameMove | None = None
    reply_verdict: rules.Verdict | None = None
    claimed: bool = False
    resent: bool = False


def load(game: Game, known: State | None = None) -> State:
    """The game as stored; the position of ``known`` (read earlier in the request) is kept
    when the moves are still the same, so a request replays the history once."""
    moves = list(game.moves.all())
    if known is not None and [m.uci for m in moves] == [m.uci for m in known.moves]:
        return State(game, moves, known.position)
    return State(game, moves)


def takebacks_allowed(learner: Learner) -> bool:
    """A grown-up's switch (PlaySettings); on unless turned off."""
    return PlaySettings.objects.filter(learner=learner, takebacks=False).first() is None


def start(
    learner: Learner,
    opponent: str,
    side: str,
    *,
    start_fen: str = STANDARD_START,
    seed: int | None = None,
) -> State:
    """A new game for ``learner`` (side "white", "black" or "random"); the computer moves
    first when it has the move. Raises PlayError, or rules.InvalidFen for a bad position."""
    if opponent not in OPPONENTS:
        raise PlayError(f"unknown opponent {opponent!r}")
    if side == "random":
        side = secrets.choice(SIDES)
    if side not in SIDES:
        raise PlayError(f"unknown side {side!r}")
    fen = rules.position_after(start_fen.strip())
    if len(fen) > Game._meta.get_field("start_fen").max_length:
        raise rules.InvalidFen("a position written longer than any real one")
    with transaction.atomic():
        game = Game.objects.create(
            learner=learner,
            opponent=opponent,
            side=side,
            start_fen=fen,
            seed=seed if seed is not None else secrets.randbits(48),
            coaching=opponent not in QUIET_OPPONENTS,
            takebacks=opponent in TAKEBACK_OPPONENTS and takebacks_allowed(learner),
        )
        state = State(game, [])
        if not _finish_if_over(state):
            _computer_moves(state)
    return state


def _locked(game_id: int) -> Game:
    return Game.objects.select_for_update().get(pk=game_id)


def play(
    game_id: int, ply: int, move: str, *, claim_draw: bool = False, known: State | None = None
) -> Played:
    """The learner plays the UCI ``move`` on the board of ``ply`` moves; the computer
    answers. An illegal move is judged and nothing is recorded. ``known``: the game as
    read before, its position reused if nothing changed since. Raises Stale, GameIsOver,
    or a rules.RulesError for a move that cannot be read."""
    try:
        with transaction.atomic():
            return _play(load(_locked(game_id), known), ply, move, claim_draw)
    except IntegrityError:
        # Two requests for the same ply at once (no row lock on SQLite's deferred reads):
        # the other one recorded it.
        state = load(Game.objects.get(pk=game_id))
        if _already_played(state, ply, move):
            return Played(state, resent=True)
        raise Stale("the game moved on") from None


def _already_played(state: State, ply: int, move: str) -> bool:
    return (
        0 <= ply < state.ply and state.moves[ply].uci == move and not state.moves[ply].by_computer
    )


def _play(state: State, ply: int, move: str, claim_draw: bool) -> Played:
    game = state.game
    if _already_played(state, ply, move):
        return Played(state, resent=True)
    if game.over:
        raise GameIsOver("the game is over")
    if ply != state.ply or not state.learners_turn:
        raise Stale("the board is not the game's now")
    verdict = rules.check_move(state.position, move)
    if not verdict.legal:
        return Played(state, verdict=verdict)
    claims = rules.claims_after(state.position, move) if claim_draw else frozenset()
    _record(state, verdict.move, verdict.san, by_computer=False)
    if claims:
        claim = sorted(claims, key=lambda c: c.value, reverse=True)[0]
        _end(state, "1/2-1/2", claim.value)
        return Played(state, verdict=verdict, claimed=True)
    if _finish_if_over(state):
        return Played(state, verdict=verdict)
    reply, reply_verdict = _computer_moves(state) or (None, None)
    return Played(state, verdict=verdict, reply=reply, reply_verdict=reply_verdict)


def _record(state: State, uci: str, san: str, *, by_computer: bool) -> GameMove:
    row = GameMove.objects.create(
        game=state.game, ply=state.ply, uci=uci, san=san, by_computer=by_computer
    )
    state.moves.append(row)
    state.position = state.position.after(uci)
    return row


def _computer_moves(state: State) -> tuple[GameMove, rules.Verdict] | None:
    """The computer's move and the engine's verdict on it, when it has the move; the game
    ended if that ends it."""
    if state.game.over or state.position.turn == state.game.side:
        return None
    rng = random.Random(f"{state.game.seed}-{state.ply}")
    uci = choose_move(state.game.opponent, state.position, rng=rng)
    verdict = rules.check_move(state.position, uci)
    row = _record(state, uci, verdict.san, by_computer=True)
    _finish_if_over(state)
    return row, verdict


def _finish_if_over(state: State) -> bool:
    """End the game when the engine says it ended by itself (mate, stalemate, dead
    position, fivefold, 75 moves)."""
    assessment = rules.assess(state.position)
    if assessment.termination is None:
        return False
    winner = assessment.winner
    result = "1/2-1/2" if winner is None else ("1-0" if winner == "white" else "0-1")
    _end(state, result, assessment.termination.value)
    return True


def _end(state: State, result: str, ending: str) -> None:
    game = state.game
    game.result, game.ending, game.finished_at = result, ending, timezone.now()
    game.rules_met = rules_met(state)
    game.save(update_fields=["result", "ending", "finished_at", "rules_met"])


def rules_met(state: State) -> list[str]:
    """The rule moments the learner met in the game (rules.coaching.Note values, in the
    order first met), then how it ended."""
    met: list[str] = []
    for moment in game_moments(state.position):
        if moment.side == state.game.side and moment.note.value not in met:
            met.append(moment.note.value)
    ending = state.game.ending
    if ending and ending != RESIGNATION and ending not in met:
        met.append(ending)
    return met


def claim(game_id: int, ply: int) -> tuple[State, bool]:
    """The learner claims a draw now (threefold repetition, fifty moves); an invalid claim
    changes nothing. Returns (the state, whether the claim was valid)."""
    with transaction.atomic():
        state = load(_locked(game_id))
        if state.game.over:
            raise GameIsOver("the game is over")
        if ply != state.ply or not state.learners_turn:
            raise Stale("the board is not the game's now")
        claims = rules.assess(state.position).claims
        if not claims:
            return state, False
        _end(state, "1/2-1/2", sorted(claims, key=lambda c: c.value, reverse=True)[0].value)
        return state, True


def resign(game_id: int, ply: int) -> State:
    with transaction.atomic():
        state = load(_locked(game_id))
        if state.game.over:
            raise GameIsOver("the game is over")
        if ply != state.ply:
            raise Stale("the board is not the game's now")
        _end(state, "0-1" if state.game.side == "white" else "1-0", RESIGNATION)
        return state


def take_back(game_id: int, ply: int) -> State:
    """Take back the learner's last move and the computer's answer to it; on a board of
    ``ply`` moves, so a take-back sent twice takes back once."""
    with transaction.atomic():
        game = _locked(game_id)
        state = load(game)
        if game.over:
            raise GameIsOver("the game is over")
        if not game.takebacks:
            raise PlayError("no take-backs in this game")
        if ply != state.ply:
            raise Stale("the board is not the game's now")
        own = [m for m in state.moves if not m.by_computer]
        if not own:
            raise PlayError("nothing to take back")
        last_own = own[-1].ply
        GameMove.objects.filter(game=game, ply__gte=last_own).delete()
        return load(game)


def set_coaching(game_id: int, on: bool) -> None:
    Game.objects.filter(pk=game_id).update(coaching=on)


def abandon_unfinished(learner: Learner) -> None:
    """Games left unfinished when a new one starts are set aside (never counted)."""
    Game.objects.filter(learner=learner, result="*").update(ending="abandoned")
