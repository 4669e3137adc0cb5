"""In-process benchmarks: Django on a throw-away, migrated database, made-up history, timing.

`django_on_scratch()` sets Django up on a temp SQLite file, or on a temp PostgreSQL
database beside the one DATABASE_URL names (dropped afterwards). `add_attempts()` writes
history in batches (never all rows in memory at once). `interleaved()` times several
cases in turn, A B A B, so that a noisy shared machine slows them alike.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served

REASONS = [
    "PATH_BLOCKED",
    "NOT_HOW_IT_MOVES",
    "CASTLING_THROUGH_ATTACK",
    "PINNED",
    "KING_INTO_ATTACK",
]
BATCH = 5000


@contextmanager
def django_on_scratch() -> Iterator[str]:
    """Django set up on a migrated scratch database; yields its URL."""
    with served.scratch_database(os.environ.get("DATABASE_URL")) as url:
        os.environ["DATABASE_URL"] = url
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        try:
            yield url
        finally:
            connections.close_all()


def add_attempts(
    learners: Sequence,
    count: int,
    puzzles: Sequence[tuple[str, str]],
    *,
    seed: int = 20261129,
    weights: tuple[int, int, int] = (5, 3, 2),
    days: int = 30,
) -> set[tuple[int, str, str]]:
    """`count` attempts spread over `learners`, `puzzles` ((lesson, puzzle) pairs) and the last
    `days` days, verdicts correct/illegal/incorrect in `weights`; returns the solved
    (learner id, lesson, puzzle) triples."""
    from django.utils import timezone

    from lessons.models import Attempt

    rng = random.Random(seed)
    now = timezone.now()
    solved = set()
    for start in range(0, count, BATCH):
        rows = []
        for _ in range(min(BATCH, count - start)):
            lesson, puzzle = rng.choice(puzzles)
            learner = rng.choice(learners)
            verdict = rng.choices(["correct", "illegal", "incorrect"], weights)[0]
            if verdict == "correct":
                solved.add((learner.pk, lesson, puzzle))
            rows.append(
                Attempt(
                    learner=learner,
                    lesson=lesson,
                    puzzle=puzzle,
                    answer="e2e4",
                    verdict=verdict,
                    reason=rng.choice(REASONS) if verdict == "illegal" else "",
                    fen="4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1",
                    created_at=now - timedelta(minutes=rng.randrange(60 * 24 * days)),
                )
            )
        Attempt.objects.bulk_create(rows)
    return solved


def add_results(solved: set[tuple[int, str, str]], seed: int = 20261129) -> None:
    """The best result of each solved puzzle."""
    from django.utils import timezone

    from lessons.models import PuzzleResult

    rng = random.Random(seed)
    now = timezone.now()
    PuzzleResult.objects.bulk_create(
        [
            PuzzleResult(
                learner_id=learner_id,
                lesson=lesson,
                puzzle=puzzle,
                stars=rng.randint(1, 3),
                solved_at=now,
            )
            for learner_id, lesson, puzzle in sorted(solved)
        ],
        batch_size=BATCH,
    )


@dataclass
class Timing:
    """Milliseconds per call: wall clock, and this process's CPU time (less hurt by a busy
    machine; on SQLite it includes the database's work, on PostgreSQL it does not)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"median {median(self.wall):.1f} ms (CPU {median(self.cpu):.1f} ms), "
            f"slowest {max(self.wall):.1f} ms"
        )


def interleaved(
    cases: dict[str, Callable[[], object]],
    runs: int,
    prepare: dict[str, Callable[[], object]] | None = None,
) -> dict[str, Timing]:
    """Each case called once to warm, then `runs` rounds of every case in turn; a case's
    `prepare` function, if any, runs untimed before each of its calls."""
    prepare = prepare or {}
    for label, case in cases.items():
        prepare.get(label, lambda: None)()
        case()
    times = {label: Timing() for label in cases}
    for _ in range(runs):
        for label, case in cases.items():
            prepare.get(label, lambda: None)()
            wall, cpu = time.perf_counter(), time.process_time()
            case()
            times[label].cpu.append((time.process_time() - cpu) * 1000)
            times[label].wall.append((time.perf_counter() - wall) * 1000)
    return times


def ratio_line(name: str, small: Timing, large: Timing, target: float, runs: int) -> str:
    wall = median(large.wall) / median(small.wall)
    cpu = median(large.cpu) / median(small.cpu)
    return (
        f"{name}: {wall:.2f}× wall clock, {cpu:.2f}× CPU ({verdict(max(wall, cpu) <= target)} "
        f"the {target}× target on both); medians of {runs} interleaved runs"
    )


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def verdict(ok: bool) -> str:
    return "within" if ok else "OVER"
