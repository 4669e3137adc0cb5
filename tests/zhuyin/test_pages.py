"""The 「注音」 switch and the pages it changes: rubies over the visible text, nowhere else."""

import re

import pytest

from zhuyin.annotate import annotate

pytestmark = pytest.mark.django_db

CJK = re.compile(r"[\u4e00-\u9fff]")


def visible_text_outside_rubies(page: str) -> str:
    body = page[page.index("<body") :]
    body = re.sub(r"<(script|style|svg|title|option|textarea)\b.*?</\1>", "", body, flags=re.S)
    body = re.sub(r"<ruby>.*?</ruby>", "", body, flags=re.S)
    body = re.sub(r'<span class="zy-tone">[ˊˇˋ]</span>', "", body)
    return re.sub(r"<[^>]*>", "", body)


def test_annotate_puts_each_character_of_the_text_in_a_ruby_and_leaves_tags_alone():
    page = (
        '<html><head><title>車</title></head><body><p class="x" aria-label="e4，白兵">白車'
        "</p><script>var a = '車';</script><select><option>王</option></select></body></html>"
    )
    assert annotate(page) == (
        '<html><head><title>車</title></head><body><p class="x" aria-label="e4，白兵">'
        '<span class="zy">'
        '<ruby>白<rt aria-hidden="true">ㄅㄞ<span class="zy-tone">ˊ</span></rt></ruby>'
        '<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby></span>'
        "</p><script>var a = '車';</script><select><option>王</option></select></body></html>"
    )


def test_a_partial_without_a_body_is_annotated_too():
    assert annotate('<p class="feedback">好</p>') == (
        '<p class="feedback"><span class="zy">'
        '<ruby>好<rt aria-hidden="true">ㄏㄠ<span class="zy-tone">ˇ</span></rt></ruby></span></p>'
    )


def test_the_switch_turns_zhuyin_on_and_the_lesson_page_reads_with_it(client):
    page = client.get("/lessons/rook/").content.decode()
    assert "<ruby>" not in page and "css/zhuyin.css" not in page
    assert 'name="zhuyin" value="on"' in page
    response = client.post("/zhuyin/", {"zhuyin": "on", "next": "/lessons/rook/"})
    assert response.status_code == 302 and response["Location"] == "/lessons/rook/"
    assert response.cookies["zhuyin"].value == "on"
    page = client.get("/lessons/rook/").content.decode()
    assert '<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby>' in page
    assert CJK.findall(visible_text_outside_rubies(page)) == []
    assert 'aria-pressed="true" data-zhuyin-switch' in page
    assert "css/zhuyin.css" in page  # the 注音 layout loads only with the switch on


def test_an_htmx_answer_comes_back_with_rubies(client):
    client.post("/zhuyin/", {"zhuyin": "on", "next": "/"})
    response = client.post(
        "/lessons/rook/rook-far-corner/",
        {"mode": "move", "selected": "a1", "square": "h8"},
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert "<ruby>" in page and "Cookie" in response["Vary"]


def test_switching_off_clears_the_cookie(client):
    client.post("/zhuyin/", {"zhuyin": "on", "next": "/"})
    response = client.post("/zhuyin/", {"zhuyin": "off", "next": "/glossary/"})
    assert response["Location"] == "/glossary/"
    assert response.cookies["zhuyin"].value == ""
    assert "<ruby>" not in client.get("/glossary/").content.decode()


def test_the_switch_never_sends_a_learner_to_another_site(client):
    response = client.post("/zhuyin/", {"zhuyin": "on", "next": "https://example.org/"})
    assert response["Location"] == "/"


def test_the_switch_is_a_post(client):
    assert client.get("/zhuyin/").status_code == 405
