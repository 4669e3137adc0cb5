"""PGN export of a game: its start position, its moves in UCI, its result.

Pure python-chess, no Django.

>>> print(game_pgn(chess.STARTING_FEN, ["f2f3", "e7e5", "g2g4", "d8h4"], "0-1", {"Event": "Home"}))
[Event "Home"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]
<BLANKLINE>
1. f3 e5 2. g4 Qh4# 0-1
"""

from collections.abc import Iterable, Mapping

import chess
import chess.pgn

from rules.errors import IllegalHistory, InvalidFen

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def game_pgn(
    start_fen: str,
    moves: Iterable[str],
    result: str = "*",
    headers: Mapping[str, str] | None = None,
) -> str:
    """The game as PGN text: the seven-tag roster, SetUp/FEN when it did not start
    from the initial position, the moves in SAN and the result.

    Raises InvalidFen for a bad start position, IllegalHistory for an illegal or
    unreadable move, ValueError for a result that is not one of RESULTS.
    """
    if result not in RESULTS:
        raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
    try:
        board = chess.Board(start_fen)
    except ValueError as error:
        raise InvalidFen(f"invalid FEN {start_fen!r}: {error}") from None
    game = chess.pgn.Game()
    for name, value in (headers or {}).items():
        game.headers[name] = value
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    node: chess.pgn.GameNode = game
    for uci in moves:
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            raise IllegalHistory(f"unreadable move {uci!r}") from None
        if not board.is_legal(move):
            raise IllegalHistory(f"illegal move {uci!r} in {board.fen()!r}")
        board.push(move)
        node = node.add_variation(move)
    game.headers["Result"] = result
    return game.accept(chess.pgn.StringExporter(headers=True, variations=False, comments=False))
