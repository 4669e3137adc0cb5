"""Tiny sizes for the benchmarks, so a test can run every script in seconds and none rots.

`BENCH_SMOKE=1` shrinks the counts and durations a script has no argument for
(`size(full, tiny)`); the figures it prints then mean nothing, but every line of the
script has run. `BENCH_PORTS=19300-19399` makes a script that has a fixed port take the
first free one of that range instead (`port(default)`), so two runs at once do not meet.
`tests/benchmarks/test_smoke.py` and `tests/security/test_smoke.py` run each script this
way (`run_tiny`).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

SMOKE = os.environ.get("BENCH_SMOKE") == "1"


def size(full, tiny):
    """`tiny` under BENCH_SMOKE=1, else `full`."""
    return tiny if SMOKE else full


def ports() -> range | None:
    """The range BENCH_PORTS names ("19300-19399"), or None."""
    named = os.environ.get("BENCH_PORTS", "")
    if not named:
        return None
    low, _, high = named.partition("-")
    return range(int(low), int(high or low) + 1)


def port(default: int, skip: int = 0) -> int:
    """`default`, or when BENCH_PORTS is set the first port free on 127.0.0.1 in it (with
    `skip`, the one after `skip` free ones: a script's second server)."""
    allowed = ports()
    if allowed is None:
        return default
    for candidate in allowed:
        with socket.socket() as probe:
            # As nginx and gunicorn bind: a port whose last connections linger in TIME_WAIT
            # (a server that just stopped) is free for them.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", candidate))
            except OSError:
                continue
        if skip == 0:
            return candidate
        skip -= 1
    raise RuntimeError(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable


def run_tiny(
    script: Path, arguments: list[str], ports: range, extra: dict | None = None, timeout=600
) -> tuple[subprocess.CompletedProcess, str]:
    """`script` run as `make bench` runs it (its own process, the repository's Python) at a
    smoke run's size (BENCH_SMOKE=1) on its own `ports` (BENCH_PORTS), without pytest's
    settings: the finished process, and a report of its exit and the ends of its output."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "DJANGO_SETTINGS_MODULE"))
    }
    env.update(extra or {}, BENCH_SMOKE="1", BENCH_PORTS=f"{ports.start}-{ports.stop - 1}")
    done = subprocess.run(
        [PYTHON, str(script), *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done, f"exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
