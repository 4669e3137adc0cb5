"""CPU time of the two content checks: `check_curriculum` (every lesson file proven by the
engine) and `check_practice --per-rule 200` (every rule's generated puzzles proven).

Run: .venv/bin/python tests/benchmarks/content_checks.py [PER_RULE] [RUNS]
(defaults 200 and 3). Each check runs RUNS times in turn, A B A B, in this process, and
the medians of CPU time (process_time: the machine may be shared, and its neighbours do
not count) and of wall time are printed. Targets: check_curriculum under 3 s of CPU,
check_practice at 200 per rule under 60 s. The tests keep the checks' results
(tests/curriculum/test_validator.py, tests/practice/test_generators.py), not their speed.
"""

import io
import os
import statistics
import sys
import time
from contextlib import suppress
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.smoke import size

CURRICULUM_TARGET_S = 3
PRACTICE_TARGET_S = 60


def timed(command: str, *args: str) -> tuple[float, float, str]:
    from django.core.management import call_command

    out = io.StringIO()
    cpu, wall = time.process_time(), time.perf_counter()
    with suppress(SystemExit):  # a check that fails still took its time (tests hold the result)
        call_command(command, *args, stdout=out)
    return time.process_time() - cpu, time.perf_counter() - wall, out.getvalue()


def main() -> None:
    per_rule = int(sys.argv[1]) if len(sys.argv) > 1 else size(200, 2)
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else size(3, 1)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    checks = {
        "check_curriculum": (("check_curriculum",), CURRICULUM_TARGET_S),
        f"check_practice --per-rule {per_rule}": (
            ("check_practice", "--per-rule", str(per_rule)),
            PRACTICE_TARGET_S,
        ),
    }
    spent = {label: ([], []) for label in checks}
    last = {}
    for _ in range(runs):
        for label, (command, _target) in checks.items():
            cpu, wall, out = timed(*command)
            spent[label][0].append(cpu)
            spent[label][1].append(wall)
            last[label] = out.splitlines()[-1]
    for label, (_command, target) in checks.items():
        cpu, wall = (statistics.median(values) for values in spent[label])
        verdict = "within" if cpu < target else "OVER"
        print(last[label])
        print(
            f"{label}: {cpu:.2f} s CPU, {wall:.2f} s wall, medians of {runs} interleaved runs "
            f"({verdict} the {target} s CPU target)"
        )


if __name__ == "__main__":
    main()
