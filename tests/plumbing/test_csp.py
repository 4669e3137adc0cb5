"""Content-Security-Policy: on every page, and nothing on the pages that it would block.

The crawler's addresses (tests/crawler.py) are asked by every kind of
visitor. Each answer carries the policy, which allows no 'unsafe-inline' nor
'unsafe-eval'; and each HTML page has no inline <script>, no <style> element, no
style= attribute and no on*= handler (they would be blocked, the page broken).
"""

from html.parser import HTMLParser

import pytest
from django.test import Client, override_settings

from plumbing.csp import POLICY
from tests.crawler import ROUTES, VISITORS, addresses, real_values_for, visitor

CSP = "Content-Security-Policy"


def directives(policy: str) -> dict[str, list[str]]:
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {name: sources for name, *sources in parts}


def test_the_policy_allows_only_our_own_scripts_and_styles():
    policy = directives(POLICY)
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in POLICY and "'unsafe-eval'" not in POLICY


class _Inline(HTMLParser):
    """What a strict policy would block in a page: a list of short descriptions."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "style":
            self.found.append("<style>")
        if tag == "script" and "src" not in names:
            self.in_script = True
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "action") and (value or "").startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self.found.append(f"<script>{data.strip()[:40]}")


def blocked_in(content: bytes) -> list[str]:
    parser = _Inline()
    parser.feed(content.decode("utf-8", "replace"))
    return parser.found


def test_the_checker_finds_each_kind_of_inline_code():
    page = (
        b'<style>p{}</style><p style="color:red">x</p><button onclick="go()">'
        b"<script>alert(1)</script><script src=/static/a.js></script>"
        b'<a href="javascript:void(0)">y</a>'
    )
    assert blocked_in(page) == [
        "<style>",
        "<p style='color:red'>",
        "<button onclick='go()'>",
        "<script>alert(1)",
        "<a href='javascript:void(0)'>",
    ]


@pytest.mark.parametrize("who", VISITORS)
def test_every_page_carries_the_policy_and_nothing_it_blocks(world, who):
    client = visitor(who, world)
    failures = []
    pages = 0
    for name, route in sorted(ROUTES.items()):
        for url in addresses(route, real_values_for(route, world["real"]))[:3]:
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(url, headers=headers)
                pages += 1
                if response.headers.get(CSP) != POLICY:
                    failures.append(f"{name} {url} {response.status_code}: no policy")
                if response.get("Content-Type", "").startswith("text/html"):
                    failures += [f"{name} {url}: {found}" for found in blocked_in(response.content)]
    assert failures == []
    assert pages > 2 * len(ROUTES)


def test_the_error_pages_carry_the_policy_and_nothing_it_blocks(db):
    client = Client(raise_request_exception=False)
    for response in (
        client.get("/no/such/page/"),
        client.get("/parent/", {"q": "長" * 10_000}),  # 400
    ):
        assert response.headers[CSP] == POLICY
        assert blocked_in(response.content) == []


@override_settings(DEBUG=True)
def test_with_debug_on_the_policy_only_reports(db):
    """Django's debug pages use inline styles and scripts: in DEBUG the console reports
    a violation without blocking."""
    response = Client().get("/glossary/")
    assert CSP not in response.headers
    assert response.headers[f"{CSP}-Report-Only"] == POLICY


def test_htmx_is_told_not_to_inject_its_indicator_style(db):
    page = Client().get("/glossary/").content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles":false' in page
