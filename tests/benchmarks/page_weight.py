"""Print the bytes a first visit to a lesson page transfers, and one move's htmx response.

    .venv/bin/python tests/benchmarks/page_weight.py [lesson-slug]

Runs the app in-process with Django's test client on a throw-away database, fetches
the lesson page and every stylesheet, script and piece image it names (each once,
as a browser caches them), and gzips every body at level 6 as a front server or
whitenoise's precompressed files would. Headers are counted as sent. Targets:
first visit under 60 KB, one move under 8 KB.
"""

import gzip
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import chess
import django

django.setup()

from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from curriculum.loading import get_curriculum  # noqa: E402

FIRST_VISIT_TARGET = 60 * 1024
MOVE_TARGET = 8 * 1024
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def transferred(response) -> tuple[int, int]:
    """(gzipped body bytes, header bytes) of a response."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    headers = sum(len(k) + len(v) + 4 for k, v in response.headers.items()) + 17
    return len(gzip.compress(body, compresslevel=6)), headers


def main() -> int:
    setup_test_environment()
    from django.conf import settings
    from django.test.utils import get_runner

    runner = get_runner(settings)(verbosity=0)
    old_config = runner.setup_databases()
    try:
        return measure(sys.argv[1] if len(sys.argv) > 1 else None)
    finally:
        runner.teardown_databases(old_config)


def measure(slug: str | None) -> int:
    curriculum = get_curriculum()
    lesson = curriculum.lesson(slug) if slug else None
    lesson = lesson or next(les for les in curriculum.lessons if les.puzzles[0].kind == "move")
    puzzle = lesson.puzzles[0]
    client = Client()
    page = client.get(f"/lessons/{lesson.slug}/")
    assert page.status_code == 200, page.status_code
    html = page.content.decode()
    rows = [(f"/lessons/{lesson.slug}/", *transferred(page))]
    for url in dict.fromkeys(ASSET.findall(html)):
        asset = client.get(url)
        assert asset.status_code == 200, (url, asset.status_code)
        rows.append((url, *transferred(asset)))
    total = sum(body + headers for _, body, headers in rows)
    print(f"First visit to /lessons/{lesson.slug}/ ({len(rows)} requests, gzip, with headers):")
    for url, body, headers in rows:
        print(f"  {body + headers:7,d} B  {url}")
    verdict = "under" if total < FIRST_VISIT_TARGET else "OVER"
    print(f"  {total:7,d} B  total ({total / 1024:.1f} KB, {verdict} the 60 KB target)")

    move = next(iter(chess.Board(puzzle.start_fen).legal_moves)).uci()
    response = client.post(
        f"/lessons/{lesson.slug}/{puzzle.id}/",
        {"mode": "move", "selected": move[:2], "square": move[2:4]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200, response.status_code
    body, headers = transferred(response)
    size = body + headers
    verdict = "under" if size < MOVE_TARGET else "OVER"
    print(
        f"One move's htmx response ({puzzle.id}, {move}): {size:,d} B "
        f"({len(response.content):,d} B before gzip; {verdict} the 8 KB target)"
    )
    return 0 if total < FIRST_VISIT_TARGET and size < MOVE_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
