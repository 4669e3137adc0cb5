"""The worksheet pages (issue 28): for grown-ups, a 400 in the learner's language for every
bad value (never a 500), a practice sheet's own address from its seed, the PDF download, and
the links on the lesson and practice pages."""

import html
import re

import pytest
from django.conf import settings
from django.shortcuts import resolve_url

from people.permissions import LOCKED_SESSION_KEY
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db

BAD = {
    "/worksheets/practice/checkmate/?count=0&seed=5": (
        "一張練習單可以有 1 到 36 題。",
        "A sheet has from 1 to 36 puzzles.",
    ),
    "/worksheets/practice/checkmate/pdf/?count=10000&seed=5": (
        "一張練習單可以有 1 到 36 題。",
        "A sheet has from 1 to 36 puzzles.",
    ),
    "/worksheets/practice/checkmate/?count=twelve": (
        "一張練習單可以有 1 到 36 題。",
        "A sheet has from 1 to 36 puzzles.",
    ),
    "/worksheets/practice/no-such-rule/": (
        "「no-such-rule」沒有練習題。",
        "There are no practice puzzles for “no-such-rule”.",
    ),
    "/worksheets/practice/setup/": (
        "「setup」沒有練習題。",
        "There are no practice puzzles for “setup”.",
    ),
    "/worksheets/lessons/no-such-lesson/pdf/": (
        "沒有叫做「no-such-lesson」的課。",
        "There is no lesson called “no-such-lesson”.",
    ),
    "/worksheets/lessons/knight/?paper=a5": (
        "紙張只能選 A4 或 Letter。",
        "The paper must be A4 or Letter.",
    ),
    "/worksheets/practice/knight/pdf/?paper=legal&seed=5": (
        "紙張只能選 A4 或 Letter。",
        "The paper must be A4 or Letter.",
    ),
    "/worksheets/practice/knight/?level=4&seed=5": (
        "只有第 1、2、3 關。",
        "The level is 1, 2 or 3.",
    ),
    "/worksheets/practice/knight/?seed=-3": (
        "看不懂這個練習單編號。",
        "This sheet number cannot be read.",
    ),
    "/worksheets/practice/knight/?seed=１２": (
        "看不懂這個練習單編號。",
        "This sheet number cannot be read.",
    ),
    "/worksheets/practice/knight/?seed=9999999999": (
        "看不懂這個練習單編號。",
        "This sheet number cannot be read.",
    ),
}


@pytest.fixture
def grown_up(db):
    return signed_in(make_grown_up("parent"))


@pytest.mark.parametrize("url", list(BAD))
@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_a_bad_value_is_a_400_in_the_learners_language(grown_up, url, language):
    grown_up.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = grown_up.get(url)
    assert response.status_code == 400
    said = re.search(r"<p data-problem>(.*?)</p>", response.content.decode()).group(1)
    chinese, english = BAD[url]
    assert html.unescape(said) == (chinese if language == "zh-hant" else english)


def test_a_sheet_is_for_grown_ups_signed_in(client):
    response = client.get("/worksheets/lessons/knight/")
    assert response.status_code == 302
    assert (
        response["Location"]
        == f"{resolve_url(settings.LOGIN_URL)}?next=/worksheets/lessons/knight/"
    )


def test_a_practice_sheet_without_a_number_gets_one_of_its_own(grown_up):
    response = grown_up.get("/worksheets/practice/knight/?count=4&level=2&paper=letter")
    assert response.status_code == 302
    address = re.fullmatch(
        r"/worksheets/practice/knight/\?count=4&level=2&seed=(\d+)&paper=letter",
        response["Location"],
    )
    assert address is not None
    page = grown_up.get(response["Location"])
    assert page.status_code == 200
    shown = page.content.decode()
    assert shown.count('class="sheet-item"') == 4
    assert f'name="seed" value="{address.group(1)}"' in shown
    # The PDF of the same sheet: the page's own query, so the same four puzzles.
    assert (
        f"/worksheets/practice/knight/pdf/?count=4&amp;level=2&amp;seed={address.group(1)}" in shown
    )
    again = grown_up.get(response["Location"]).content.decode()
    fens = re.findall(r"<figcaption class=\"diagram-fen\" data-fen>(.*?)</figcaption>", shown)
    assert fens == re.findall(
        r"<figcaption class=\"diagram-fen\" data-fen>(.*?)</figcaption>", again
    )


def test_the_pdf_of_a_practice_sheet_without_a_number_goes_to_a_numbered_pdf(grown_up):
    response = grown_up.get("/worksheets/practice/knight/pdf/")
    assert re.fullmatch(
        r"/worksheets/practice/knight/pdf/\?count=12&level=1&seed=\d+&paper=a4",
        response["Location"],
    )


def test_the_pdf_is_a_download_named_after_its_sheet(grown_up):
    response = grown_up.get("/worksheets/practice/knight/pdf/?count=2&seed=77&paper=letter")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"] == 'attachment; filename="worksheet-knight-77-letter.pdf"'
    )
    assert response.content.startswith(b"%PDF-")


def test_a_lessons_sheet_has_every_puzzle_and_the_answer_key(grown_up):
    from curriculum.loading import get_curriculum

    shown = grown_up.get("/worksheets/lessons/castling-forever/").content.decode()
    lesson = get_curriculum().lesson("castling-forever")
    assert shown.count('class="sheet-item"') == len(lesson.puzzles)
    assert shown.count("data-answer=") == len(lesson.puzzles)
    assert shown.count('class="sheet-page"') == -(-len(lesson.puzzles) // 6)
    assert 'href="/worksheets/lessons/castling-forever/pdf/"' in shown
    assert 'href="/static/css/worksheet-a4.css"' in shown


def test_the_lesson_and_practice_pages_offer_the_sheet_to_a_grown_up_only(client, grown_up):
    for url, sheet in [
        ("/lessons/knight/", "/worksheets/lessons/knight/"),
        ("/practice/knight/", "/worksheets/practice/knight/"),
    ]:
        page = grown_up.get(url, follow=True).content.decode()
        assert f'href="{sheet}"' in page
        assert f'href="{sheet}pdf/"' in page
        assert "/worksheets/" not in client.get(url, follow=True).content.decode()


def test_a_child_handed_the_device_sees_no_sheet_links(grown_up):
    session = grown_up.session
    session[LOCKED_SESSION_KEY] = True
    session.save()
    assert "/worksheets/" not in grown_up.get("/lessons/knight/").content.decode()
    assert grown_up.get("/worksheets/lessons/knight/").status_code == 302  # the PIN first


def test_a_row_of_questions_about_words_is_marked_to_be_as_tall_as_its_words(grown_up):
    """和棋：三次重複's 9th and 10th ask about words, with no position: their row alone is
    `words-only` (worksheet.css gives it no diagram's height)."""
    shown = grown_up.get("/worksheets/lessons/draws-repetition/").content.decode()
    rows = re.findall(r'<ol class="sheet-items([^"]*)" start="(\d+)">', shown)
    assert [start for marked, start in rows if marked == " words-only"] == ["9"]
    assert len(rows) == 6


PDF = "/worksheets/practice/castling/pdf/?count=2&level=1&seed=7&paper=a4"


def test_a_second_pdf_of_one_account_at_once_is_a_429_at_once(db):
    from plumbing import work_slots

    parent = make_grown_up("pdf-parent")
    client = signed_in(parent)
    with work_slots.slot("pdf", parent.pk):  # its first PDF, still being made
        response = client.get(PDF, HTTP_ACCEPT_LANGUAGE="zh-Hant")
    assert response.status_code == 429
    assert response["Retry-After"] == str(work_slots.RETRY_AFTER)
    assert "練習單正在製作中，請等幾秒再試一次。" in html.unescape(response.content.decode())
    response = client.get(PDF)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_sites_pdf_slots_taken_by_others_are_a_429(db):
    from plumbing import work_slots

    client = signed_in(make_grown_up("pdf-parent"))
    with work_slots.slot("pdf", 999_999):  # another account's PDF holds the site's one slot
        assert work_slots.SITE_SLOTS == 1
        assert client.get(PDF).status_code == 429
    assert client.get(PDF).status_code == 200
