"""How much a child's tablet downloads for 裁判棋盤: the first visit and one move.

Bytes are counted gzip-compressed (as whitenoise serves them in production), all
requests included. Run with -s to see the figures:
    .venv/bin/pytest tests/browser/test_referee_weight.py -p no:xdist -s
"""

import gzip

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST_VISIT_LIMIT = 60 * 1024
MOVE_LIMIT = 8 * 1024


def compressed_size(body: bytes) -> int:
    return min(len(body), len(gzip.compress(body, compresslevel=9)))


def test_a_first_visit_and_a_move_stay_light(page: Page, live_server):
    transferred: dict[str, int] = {}

    def record(response):
        transferred[response.url] = compressed_size(response.body())

    page.on("response", record)
    page.goto(live_server.url + "/board/")
    page.wait_for_load_state("networkidle")
    first_visit = sum(transferred.values())
    for url, size in sorted(transferred.items()):
        print(f"{size:7d}  {url.removeprefix(live_server.url)}")
    print(f"first visit to /board/: {first_visit} bytes compressed, {len(transferred)} requests")

    page.remove_listener("response", record)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.locator('[data-square="g1"]').click()
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.locator('[data-square="f3"]').click()
    expect(page.locator("[data-feedback]")).to_contain_text("白方走了 Nf3。")
    page.wait_for_load_state("networkidle")
    move = compressed_size(answer.value.body())
    print(f"one move: {move} bytes compressed ({len(answer.value.body())} raw)")
    print(f"requests for the move: {[url.removeprefix(live_server.url) for url in requests]}")

    assert first_visit < FIRST_VISIT_LIMIT
    assert move < MOVE_LIMIT
    assert len(requests) == 1  # the pieces come from the cache: only the move is fetched
