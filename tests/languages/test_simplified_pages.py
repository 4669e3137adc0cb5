"""A 简体中文 page says no Taiwan-only word: every page of the crawler (tests/crawler.py), as
every kind of visitor, and every lesson and puzzle page with the replies to its answers.

A Taiwan chess name (西洋棋, 直行 …) may stand only where the page cites it as Taiwan's: in
“ ”, or as a glossary term's other name. What visitors typed (the world's class names)
is theirs, not ours to convert, and is left out.
"""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from curriculum.loading import curriculum_in
from languages.simplified import TAIWAN_NAMES, TAIWAN_ONLY
from tests.crawler import ROUTES, VISITORS, addresses, real_values_for, visitor

SPOKEN = ("alt", "aria-label", "title", "placeholder", "value")
CITED = re.compile("“(?:" + "|".join(TAIWAN_NAMES) + ")”")
TYPED_BY_VISITORS = ("西洋棋社",)  # tests/crawler.py's class names
LESSONS = curriculum_in("zh-hans").lessons


class _Words(HTMLParser):
    """The words of a page a reader sees or hears, without the glossary's other names."""

    def __init__(self):
        super().__init__()
        self.words: list[str] = []
        self.skip = 0  # inside <script>, <style> or an other name

    def handle_starttag(self, tag, attrs):
        other_name = "other-name" in (dict(attrs).get("class") or "")
        if self.skip or tag in ("script", "style") or other_name:
            self.skip += tag not in ("br", "img", "input", "meta", "link")
            return
        self.words += [value for name, value in attrs if name in SPOKEN and value]

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words.append(data)


def taiwan_words_in(content: bytes) -> list[str]:
    parser = _Words()
    parser.feed(content.decode("utf-8", "replace"))
    text = " ".join(parser.words)
    for typed in TYPED_BY_VISITORS:
        text = text.replace(typed, "")
    found = [word for word in TAIWAN_ONLY if word in text]
    uncited = CITED.sub("", text)
    return found + [word for word in TAIWAN_NAMES if word in uncited]


def test_the_checker_finds_a_taiwan_word_and_lets_a_cited_name_be():
    page = (
        "<p>请点选一格喔</p><p>国际象棋在台湾叫“西洋棋”</p>"
        '<span class="other-name">直行</span><button aria-label="伺服器">x</button>'
        "<p>e 直行</p>"
    ).encode()
    assert taiwan_words_in(page) == ["伺服器", "点选", "喔", "直行"]


def simplified(client: Client) -> Client:
    client.post("/language/", {"language": "zh-hans"})
    return client


@pytest.mark.parametrize("who", VISITORS)
def test_no_page_says_a_taiwan_only_word(world, who):
    client = simplified(visitor(who, world))
    found = []
    for name, route in sorted(ROUTES.items()):
        url = addresses(route, real_values_for(route, world["real"]))[0]
        response = client.get(url)
        if response.get("Content-Type", "").startswith("text/html"):
            found += [f"{name} {url}: {word}" for word in taiwan_words_in(response.content)]
    assert found == []


@pytest.mark.django_db
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_no_lesson_puzzle_or_reply_says_a_taiwan_only_word(lesson):
    client = simplified(Client())
    pages = [client.get(f"/lessons/{lesson.slug}/")]
    for puzzle in lesson.puzzles:
        url = f"/lessons/{lesson.slug}/{puzzle.id}/"
        pages.append(client.get(url))
        pages += [client.post(url, {"answer": option.value}) for option in puzzle.options]
        pages.append(client.post(url, {"hint": "1"}))
    assert all(page.status_code < 500 for page in pages)
    assert [word for page in pages for word in taiwan_words_in(page.content)] == []


@pytest.mark.django_db
def test_a_label_ends_with_the_full_width_colon():
    page = simplified(Client()).get("/accounts/login/").content.decode()
    assert re.search(r"<label[^>]*>密码：</label>", page)
    assert ":</label>" not in page
