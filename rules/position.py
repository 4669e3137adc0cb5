"""Reading the engine's input: square names, UCI moves, and a position with its history."""

import re
from collections.abc import Sequence

import chess

import process_caches
from rules.errors import IllegalHistory, InvalidFen, InvalidMove, InvalidSquare

_STATUS_MESSAGES = (
    (chess.STATUS_NO_WHITE_KING, "there is no white king"),
    (chess.STATUS_NO_BLACK_KING, "there is no black king"),
    (chess.STATUS_TOO_MANY_KINGS, "there is more than one king of a colour"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "white has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "black has more than 8 pawns"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or last rank"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "white has more than 16 pieces"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "black has more than 16 pieces"),
    (chess.STATUS_BAD_CASTLING_RIGHTS, "a castling right is given but the king or rook has left"),
    (chess.STATUS_INVALID_EP_SQUARE, "the en passant square does not follow a two-square advance"),
    (chess.STATUS_OPPOSITE_CHECK, "the side not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is attacked by more than two pieces"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "the check on the king could not have come from one move"),
    (chess.STATUS_EMPTY, "the board is empty"),
)


# A UCI move as a learner may try it: k and p promotions are let through so that the
# engine can say why they are illegal.
UCI_PATTERN = re.compile(r"^[a-h][1-8][a-h][1-8][qrbnkp]?$")
# A UCI move as a move already played is written (promotions to q, r, b or n only).
PLAYED_UCI_PATTERN = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")


def position_flaws(fen: str) -> list[str]:
    """What makes ``fen`` an impossible position, in python-chess's words; [] when it is a
    legal position. Raises ValueError when ``fen`` is not a FEN at all.

    >>> position_flaws("4k3/8/8/8/8/8/8/8 w - - 0 1")
    ['no white king']
    """
    status = chess.Board(fen).status()
    return [flag.name.lower().replace("_", " ") for flag in chess.Status if flag and flag in status]


def pawn_reaches_last_rank(piece: str | None, move: str) -> bool:
    """Whether the UCI ``move`` of ``piece`` ("P" white pawn, "p" black pawn) ends on that
    pawn's last rank, where it promotes.

    >>> pawn_reaches_last_rank("p", "e2e1"), pawn_reaches_last_rank("P", "e2e1")
    (True, False)
    """
    return {"P": "8", "p": "1"}.get(piece or "") == move[3:4]


def parse_square(name: object) -> chess.Square:
    """The square called ``name`` (``"e4"``); raises InvalidSquare otherwise."""
    if isinstance(name, str):
        text = name.strip().lower()
        if text in chess.SQUARE_NAMES:
            return chess.parse_square(text)
    raise InvalidSquare(f"{name!r} is not a square: write a file a-h then a rank 1-8, like e4")


def parse_uci(text: object) -> chess.Move:
    """The UCI move ``text`` (``"e2e4"``, ``"a7a8q"``); raises InvalidMove otherwise."""
    if isinstance(text, str):
        uci = text.strip().lower()
        if 4 <= len(uci) <= 5 and uci[:2] in chess.SQUARE_NAMES and uci[2:4] in chess.SQUARE_NAMES:
            try:
                move = chess.Move.from_uci(uci)
            except ValueError:
                raise InvalidMove(
                    f"{text!r} is not a move: the piece must go to another square"
                ) from None
            return move
    raise InvalidMove(
        f"{text!r} is not a UCI move: write the from-square then the to-square, like e2e4, "
        "with a promotion letter q, r, b or n after it when a pawn promotes, like a7a8q"
    )


class Position:
    """A position with its history, replayed and checked once.

    Give it wherever the engine takes a FEN: ``check_move(position, "e2e4")``,
    ``assess(position)``, ``placement(position)``, ``score_sheet(position)``. The
    engine then starts from the board built here instead of replaying the history
    again; ``moves`` given beside it are played on top. ``after(move)`` is the
    position one legal move later, without a replay.

    >>> position = Position("4k3/8/8/8/8/8/8/4K2R w K - 0 1", ["e1f1"])
    >>> position.fen_now
    '4k3/8/8/8/8/8/8/5K1R b - - 1 1'
    >>> position.after("e8d8").moves
    ('e1f1', 'e8d8')
    """

    __slots__ = ("_board", "_fen_now", "fen", "moves")

    def __init__(self, fen: str, moves: Sequence[str] | str = ()):
        self._board = board_from(fen, moves)
        self._fen_now = None
        self.fen = fen
        self.moves = tuple(move.uci() for move in self._board.move_stack)

    @classmethod
    def _of(cls, fen: str, board: chess.Board) -> "Position":
        position = cls.__new__(cls)
        position._board, position._fen_now, position.fen = board, None, fen
        position.moves = tuple(move.uci() for move in board.move_stack)
        return position

    @property
    def fen_now(self) -> str:
        # Written once (~45 µs): the board is never played on, only copies of it. With no
        # moves played on top it is the FEN as read and checked, written once per process.
        if self._fen_now is None:
            if self.moves or not isinstance(self.fen, str):
                self._fen_now = self._board.fen()
            else:
                self._fen_now = _written_fen(self.fen)
        return self._fen_now

    @property
    def turn(self) -> str:
        """The side to move: "white" or "black"."""
        return "white" if self._board.turn == chess.WHITE else "black"

    def board(self) -> chess.Board:
        """A copy of the board, history included, to play on."""
        return self._board.copy()

    def after(self, move: str) -> "Position":
        """The position after the legal UCI ``move``; raises IllegalHistory otherwise."""
        board = self.board()
        parsed = parse_uci(move)
        if not board.is_legal(parsed):
            raise IllegalHistory(f"{move} is not legal in the position {board.fen()}")
        board.push(parsed)
        return Position._of(self.fen, board)

    def resumable(self) -> tuple[str, tuple[str, ...]]:
        """(FEN, UCI moves): the position just after the last irreversible move (a capture,
        a pawn move, a castling right lost, an en passant chance let go: python-chess's
        ``is_irreversible``) and the moves played since. No position before such a move can
        come again, so ``Position(*resumable())`` counts repetitions, the fifty and
        seventy-five moves and judges every move exactly as this position does, from at most
        150 moves however long the game (the 75-move rule ends it there).

        >>> position = Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", ["e1f1", "e8d8", "e2e4", "d8e8"])
        >>> position.resumable()
        ('3k4/8/8/8/4P3/8/8/5K2 b - - 0 2', ('d8e8',))
        """
        board = self.board()
        since = []
        while board.move_stack:
            move = board.pop()
            if board.is_irreversible(move):
                board.push(move)
                break
            since.append(move.uci())
        return board.fen(), tuple(reversed(since))


def board_from(fen: object, moves: Sequence[str] | str = ()) -> chess.Board:
    """The position ``fen`` after playing the UCI ``moves`` from it, checked at every step.

    ``fen`` may be a FEN or a ``Position`` (its board is copied, not replayed).
    ``moves`` may also be one string of UCI moves separated by spaces.
    Raises InvalidFen or IllegalHistory.
    """
    if moves is None:
        moves = ()
    elif isinstance(moves, str):
        moves = moves.split()
    elif not isinstance(moves, Sequence):
        raise IllegalHistory(f"the history must be a list of UCI moves, not {moves!r}")
    if isinstance(fen, Position):
        board = fen.board()
        _play(board, moves)
        return board
    return _replay(fen, moves)


def _replay(fen: object, moves: Sequence[str]) -> chess.Board:
    """The board of ``fen`` with the history ``moves`` replayed, each move checked: the
    work a Position does once (tests count these calls)."""
    board = _board_from_fen(fen)
    _play(board, moves)
    return board


def _play(board: chess.Board, moves: Sequence[str]) -> None:
    for number, text in enumerate(moves, start=1):
        try:
            move = parse_uci(text)
        except InvalidMove as error:
            raise IllegalHistory(f"history move {number}: {error}") from None
        if not board.is_legal(move):
            raise IllegalHistory(
                f"history move {number} ({text}) is not legal in the position {board.fen()}"
            )
        board.push(move)


def _board_from_fen(fen: object) -> chess.Board:
    if not isinstance(fen, str) or not fen.strip():
        raise InvalidFen(f"{fen!r} is not a FEN: expected a text like '{chess.STARTING_FEN}'")
    return _checked_board(fen).copy(stack=False)


# Reading and checking a FEN costs ~110 µs, a copy of the board ~3 µs; one answer reads its
# position several times (the judge, the ending, the board drawn) and a class reads the
# same few positions all day. The boards kept here are never handed out, only copies.
@process_caches.kept("rules.position._checked_board")
def _checked_board(fen: str) -> chess.Board:
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise InvalidFen(f"{fen!r} is not a FEN: {error}") from None
    status = board.status()
    if status != chess.STATUS_VALID:
        problems = [message for flag, message in _STATUS_MESSAGES if status & flag]
        raise InvalidFen(f"{fen!r} is not a legal position: {'; '.join(problems)}")
    return board


@process_caches.kept("rules.position._written_fen")
def _written_fen(fen: str) -> str:
    """The FEN as python-chess writes the checked board of ``fen`` (its normal form)."""
    return _checked_board(fen).fen()


def side_to_move(fen: str) -> str:
    """ "white" or "black", read from the FEN's second field.

    >>> side_to_move("4k3/8/8/8/8/8/8/4K3 b - - 0 1")
    'black'
    """
    return "black" if fen.split()[1:2] == ["b"] else "white"


def position_after(fen: "str | Position", moves: Sequence[str] | str = ()) -> str:
    """The FEN after playing ``moves`` from ``fen``; validates both."""
    return board_from(fen, moves).fen()
