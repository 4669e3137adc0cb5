"""A child who chose English reads no Chinese: not on a page, not in an answer's reply.

Chinese is allowed only where the page marks it as Chinese (lang="zh-…"): the glossary's
other names and the switch's own 繁體中文 and 简体中文.
"""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from curriculum.loading import curriculum_in

CJK = re.compile(r"[\u3400-\u9fff]")
VOID = {"area", "base", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}
READ_ALOUD = ("alt", "aria-label", "title", "placeholder")
ENGLISH = curriculum_in("en")


class ChineseOutsideChinese(HTMLParser):
    """Collects text and spoken attributes with Chinese in them outside lang="zh-…"."""

    def __init__(self):
        super().__init__()
        self.langs: list[str] = []
        self.found: list[str] = []

    def _in_chinese(self) -> bool:
        return any(lang.lower().startswith("zh") for lang in self.langs)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag not in VOID:
            self.langs.append(attributes.get("lang") or "")
        if not self._in_chinese():
            self.found += [
                f"{tag} {name}={value!r}"
                for name, value in attributes.items()
                if name in READ_ALOUD and value and CJK.search(value)
            ]

    def handle_endtag(self, tag):
        if tag not in VOID and self.langs:
            self.langs.pop()

    def handle_data(self, data):
        if CJK.search(data) and not self._in_chinese():
            self.found.append(data.strip())


def chinese_in(response) -> list[str]:
    parser = ChineseOutsideChinese()
    parser.feed(response.content.decode())
    return parser.found


@pytest.fixture
def english():
    client = Client()
    client.post("/language/", {"language": "en"})
    return client


def test_the_checker_finds_chinese_outside_a_chinese_element():
    parser = ChineseOutsideChinese()
    parser.feed('<p>King <span lang="zh-Hant">王</span></p><p>后</p><img alt="車">')
    assert parser.found == ["后", "img alt='車'"]


PAGES = ["/", "/glossary/", "/board/", "/join/", "/accounts/login/", "/accounts/signup/"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES + [f"/lessons/{lesson.slug}/" for lesson in ENGLISH.lessons])
def test_an_english_page_has_no_chinese_outside_chinese_names(english, url):
    response = english.get(url)
    assert response.status_code == 200
    assert chinese_in(response) == []


@pytest.mark.django_db
@pytest.mark.parametrize("lesson", ENGLISH.lessons, ids=lambda lesson: lesson.slug)
def test_every_option_and_hint_is_answered_in_english(english, lesson):
    found = []
    for puzzle in lesson.puzzles:
        url = f"/lessons/{lesson.slug}/{puzzle.id}/"
        replies = [english.post(url, {"answer": option.value}) for option in puzzle.options]
        replies.append(english.post(url, {"hint": "1"}))
        found += [(puzzle.id, text) for reply in replies for text in chinese_in(reply)]
    assert found == []
