"""The base template: language, viewport, skip link, CSRF header, local htmx only."""

import re

import pytest


@pytest.fixture
def home(client, db):
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_page_declares_traditional_chinese(home):
    assert '<html lang="zh-Hant-TW">' in home


def test_page_has_viewport_and_skip_link(home):
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in home
    assert re.search(r'<a class="skip-link" href="#main">跳到主要內容</a>', home)
    assert '<main id="main"' in home


def test_body_carries_the_csrf_token_for_htmx(home):
    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'[^>]*>", home)
    assert match and len(match.group(1)) >= 32


def test_scripts_and_styles_are_served_locally(home):
    sources = re.findall(r'(?:src|href)="([^"]+)"', home)
    assert any("htmx" in source for source in sources)
    external = [s for s in sources if s.startswith(("http:", "https:", "//"))]
    assert external == []
