"""Agreement of ``rules.check_move`` with python-chess's legality on random (position, move) pairs.

Run: .venv/bin/python tests/benchmarks/rules_agreement.py [PAIRS] [SEED]
Prints e.g. "agreement: 100000 pairs, 0 disagreements, 0 without a reason".

Positions come from random legal games (stopped at mate, stalemate, or the
automatic draws by 75 moves or fivefold repetition, where the engine refuses
every move with GAME_OVER). Some pairs carry the last few moves as history.
"""

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules import check_move

Pair = tuple[str, tuple[str, ...], str]


def sample_pairs(count: int, seed: int) -> list[Pair]:
    """``count`` (fen, history, uci) triples from random games, reproducible from ``seed``."""
    rng = random.Random(seed)
    pairs: list[Pair] = []
    while len(pairs) < count:
        for pair in _pairs_from_one_game(rng):
            pairs.append(pair)
            if len(pairs) == count:
                break
    return pairs


def _pairs_from_one_game(rng: random.Random) -> Iterator[Pair]:
    board = chess.Board()
    fens: list[str] = []
    while len(board.move_stack) < 250 and not _ended(board):
        fens.append(board.fen())
        yield from _pairs_in(board, fens, rng)
        board.push(rng.choice(list(board.legal_moves)))
    if _ended(board) and board.halfmove_clock < 150:
        yield from _pairs_in(board, [*fens, board.fen()], rng)


def _ended(board: chess.Board) -> bool:
    return (
        board.is_checkmate()
        or board.is_stalemate()
        or board.halfmove_clock >= 150
        or board.is_fivefold_repetition()
    )


def _pairs_in(board: chess.Board, fens: list[str], rng: random.Random) -> Iterator[Pair]:
    occupied = list(chess.SquareSet(board.occupied))
    legal = list(board.legal_moves)
    for _ in range(4):
        if legal and rng.random() < 0.3:
            move = rng.choice(legal)
        else:
            origin = rng.choice(occupied) if rng.random() < 0.85 else rng.randrange(64)
            target = rng.choice([square for square in range(64) if square != origin])
            move = chess.Move(origin, target)
            if chess.square_rank(target) in (0, 7) and board.piece_type_at(origin) == chess.PAWN:
                move.promotion = rng.choice([chess.QUEEN, chess.QUEEN, chess.KNIGHT, None])
        back = rng.choice([0, 0, 0, 2, 5]) if len(board.move_stack) >= 5 else 0
        history = tuple(m.uci() for m in board.move_stack[len(board.move_stack) - back :])
        yield fens[len(fens) - 1 - back], history, move.uci()


def python_chess_legal(fen: str, history: tuple[str, ...], uci: str) -> bool:
    board = chess.Board(fen)
    for past in history:
        board.push_uci(past)
    return board.is_legal(chess.Move.from_uci(uci))


def measure(pairs: list[Pair]) -> tuple[int, int, list[str]]:
    """(disagreements, illegal verdicts without a reason, a few examples)."""
    disagreements = without_reason = 0
    examples: list[str] = []
    for fen, history, uci in pairs:
        verdict = check_move(fen, uci, history)
        if verdict.legal != python_chess_legal(fen, history, uci):
            disagreements += 1
            examples.append(f"disagree: {fen} {history} {uci} -> {verdict}")
        elif not verdict.legal and verdict.reason is None:
            without_reason += 1
            examples.append(f"no reason: {fen} {history} {uci}")
    return disagreements, without_reason, examples[:10]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261129
    pairs = sample_pairs(count, seed)
    started = time.perf_counter()
    disagreements, without_reason, examples = measure(pairs)
    legal = sum(python_chess_legal(*pair) for pair in pairs)
    for example in examples:
        print(example)
    print(
        f"agreement: {len(pairs)} pairs ({legal} legal), {disagreements} disagreements, "
        f"{without_reason} without a reason ({time.perf_counter() - started:.1f} s)"
    )


if __name__ == "__main__":
    main()
