"""Speed of ``rules.check_move`` against python-chess's own ``Board(fen)`` + ``is_legal``.

Run: .venv/bin/python tests/benchmarks/rules_speed.py [PAIRS] [SEED]
Both are timed call by call on the same random (position, move) pairs in the same
run (without history, interleaved so that machine noise hits both alike), each move
judged afresh (the verdicts check_move keeps are let go before every call); prints
the medians, the ratio of medians (target: under 3) and the medians for legal and
illegal moves apart.
"""

import statistics
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules import check_move, judge
from tests.benchmarks.rules_agreement import sample_pairs


def python_chess_is_legal(fen: str, uci: str) -> bool:
    return chess.Board(fen).is_legal(chess.Move.from_uci(uci))


def time_call(function, *args) -> float:
    judge._VERDICTS.clear()  # the judgement itself, not a verdict kept from the warm-up
    started = time.perf_counter_ns()
    function(*args)
    return (time.perf_counter_ns() - started) / 1000


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261129
    pairs = [(fen, uci) for fen, history, uci in sample_pairs(count, seed) if not history]
    ours: list[float] = []
    theirs: list[float] = []
    legal_ours: list[float] = []
    illegal_ours: list[float] = []
    for fen, uci in pairs:  # warm-up
        check_move(fen, uci)
        python_chess_is_legal(fen, uci)
    for fen, uci in pairs:
        theirs.append(time_call(python_chess_is_legal, fen, uci))
        elapsed = time_call(check_move, fen, uci)
        ours.append(elapsed)
        (legal_ours if python_chess_is_legal(fen, uci) else illegal_ours).append(elapsed)
    ours_median = statistics.median(ours)
    theirs_median = statistics.median(theirs)
    print(f"pairs: {len(pairs)}")
    print(f"check_move median: {ours_median:.1f} µs")
    print(f"python-chess Board(fen) + is_legal median: {theirs_median:.1f} µs")
    print(f"ratio: {ours_median / theirs_median:.2f} (target: under 3)")
    print(
        f"check_move median, legal moves: {statistics.median(legal_ours):.1f} µs; "
        f"illegal moves: {statistics.median(illegal_ours):.1f} µs"
    )


if __name__ == "__main__":
    main()
