"""Move time of each computer opponent (``rules.opponents``) on positions from real games.

Run: .venv/bin/python tests/benchmarks/opponent_speed.py [GAMES] [SEED]
     BENCH_SMOKE=1 .venv/bin/python tests/benchmarks/opponent_speed.py   (or --smoke: tiny)

The positions come from self-play games between the levels (every other ply of each game,
history included, as the game page will ask), so they are the positions a game meets:
openings, middle games full of captures, endings. Every level is timed on every
position, the levels interleaved position by position (A B C D A B C D) so that the
noise of a machine shared with other sessions hits them alike; each call is timed on
its own (``choose_move`` with a ``Position``, the history already replayed, as a page
holds it). Prints each level's median, 95th percentile and slowest move, in ms of wall
time (what a child waits), with the target: p95 <= 300 ms on this machine, and beside
them the CPU time of the same calls (the engine's own work, without the waits for a core
that a loaded machine adds), and the load average while it ran.
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.opponents import OPPONENTS, choose_move, play_game
from rules.position import Position

TARGET_P95_MS = 300
# The pairings the positions come from: each level's games, the strongest's most.
PAIRINGS = (
    ("any_move", "captures_first"),
    ("captures_first", "one_move_ahead"),
    ("one_move_ahead", "two_moves_ahead"),
    ("two_moves_ahead", "two_moves_ahead"),
)


def game_positions(games: int, seed: int, max_plies: int) -> list[Position]:
    """Positions (with their history) from ``games`` self-play games, every other ply."""
    positions = []
    for number in range(games):
        white, black = PAIRINGS[number % len(PAIRINGS)]
        game = play_game(white, black, rng=random.Random(seed + number), max_plies=max_plies)
        for ply in range(0, len(game.moves), 2):
            positions.append(Position(chess.STARTING_FEN, game.moves[:ply]))
    return positions


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0.95) percentile, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    arguments = [a for a in sys.argv[1:] if a != "--smoke"]
    smoke = os.environ.get("BENCH_SMOKE") == "1" or "--smoke" in sys.argv[1:]
    games = int(arguments[0]) if arguments else (1 if smoke else 8)
    seed = int(arguments[1]) if len(arguments) > 1 else 20261202
    positions = game_positions(games, seed, max_plies=24 if smoke else 160)
    load_before = os.getloadavg()[0]
    times: dict[str, list[float]] = {opponent: [] for opponent in OPPONENTS}
    cpu: dict[str, list[float]] = {opponent: [] for opponent in OPPONENTS}
    rng = random.Random(seed)
    for position in positions:
        for opponent in OPPONENTS:
            started, started_cpu = time.perf_counter_ns(), time.thread_time_ns()
            choose_move(opponent, position, rng=rng)
            cpu[opponent].append((time.thread_time_ns() - started_cpu) / 1e6)
            times[opponent].append((time.perf_counter_ns() - started) / 1e6)
    load_after = os.getloadavg()[0]
    print(f"positions: {len(positions)} from {games} self-play games (seed {seed})")
    print(
        f"load average (1 min): {load_before:.1f} before, {load_after:.1f} after, on "
        f"{os.cpu_count()} cores shared with other sessions: figures are noisy"
    )
    worst = 0.0
    for opponent in OPPONENTS:
        values = times[opponent]
        p95 = percentile(values, 0.95)
        worst = max(worst, p95)
        print(
            f"{opponent:16} median {statistics.median(values):7.1f} ms   "
            f"p95 {p95:7.1f} ms   max {max(values):7.1f} ms   "
            f"(CPU: median {statistics.median(cpu[opponent]):6.1f}, "
            f"p95 {percentile(cpu[opponent], 0.95):6.1f})"
        )
    verdict = "met" if worst <= TARGET_P95_MS else "MISSED"
    print(f"target: p95 <= {TARGET_P95_MS} ms for every level: {verdict} (worst p95 {worst:.1f})")


if __name__ == "__main__":
    main()
