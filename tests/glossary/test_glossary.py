"""The glossary page 「名詞對照」: Taiwan terms with the other names a child may meet."""

import re

import pytest

from curriculum.loading import CONTENT_DIR, get_curriculum
from glossary.terms import GLOSSARY_DIR, glossary_in
from languages.simplified import CJK
from tests.languages.source_texts import catalogue_texts

SECTIONS = glossary_in("zh-hant").sections
NOTATION = glossary_in("zh-hant").notation

pytestmark = pytest.mark.django_db

PIECES_WITH_OTHER_NAMES = {
    "king": ("王", ["國王", "国王", "King"]),
    "queen": ("后", ["皇后", "Queen"]),
    "rook": ("車", ["城堡", "车", "Rook"]),
    "bishop": ("象", ["主教", "Bishop"]),
    "knight": ("馬", ["騎士", "马", "Knight"]),
    "pawn": ("兵", ["士兵", "小兵", "Pawn"]),
}

LETTERS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}


def term_card(page: str, key: str) -> str:
    match = re.search(rf'<li class="glossary-term" id="term-{key}">(.*?)\n    </li>', page, re.S)
    assert match, f"no card for {key}"
    return match.group(1)


@pytest.fixture
def page(client) -> str:
    response = client.get("/glossary/")
    assert response.status_code == 200
    return response.content.decode()


def test_it_is_titled_and_linked_from_every_page_header(client, page):
    assert "<h1>名詞對照</h1>" in page
    assert '<a href="/glossary/">名詞對照</a>' in client.get("/").content.decode()


@pytest.mark.parametrize("key", PIECES_WITH_OTHER_NAMES)
def test_it_lists_each_piece_with_its_pictures_and_other_names(page, key):
    taiwan, other_names = PIECES_WITH_OTHER_NAMES[key]
    card = term_card(page, key)
    assert f"<span>{taiwan}</span></h3>" in card
    letter = LETTERS[key]
    assert f'src="/static/pieces/w{letter}.svg"' in card
    assert f'src="/static/pieces/b{letter}.svg"' in card
    found = re.findall(r'<span class="other-name"[^>]*>([^<]+)</span>', card)
    assert found == other_names


def test_it_marks_simplified_forms_as_simplified_chinese(page):
    for key, text in (("rook", "车"), ("knight", "马"), ("chess", "国际象棋")):
        card = term_card(page, key)
        assert f'<span class="other-name" lang="zh-Hans">{text}</span>' in card
        assert "（中國大陸，簡體字）" in card


def test_it_marks_english_names_as_english(page):
    assert '<span class="other-name" lang="en">Castling</span>' in term_card(page, "castling")


def test_it_gives_the_other_names_of_castling_and_of_chess(page):
    castling = term_card(page, "castling")
    assert '<span class="other-name">入堡</span>' in castling
    assert '<span class="other-name">王翼易位</span>' in term_card(page, "short-castling")
    assert '<span class="other-name">后翼易位</span>' in term_card(page, "long-castling")
    assert '<span class="other-name">國際象棋</span>' in term_card(page, "chess")


def test_it_explains_every_notation_sign(page):
    signs = re.findall(r'<span class="notation-sign">([^<]+)</span>', page)
    pieces = ["K", "Q", "R", "B", "N", "e4"]
    assert signs == [*pieces, "x", "+", "#", "O-O", "O-O-O", "=Q", "1-0", "0-1", "½-½"]
    assert "<td>白方贏</td>" in page and "<td>黑方贏</td>" in page


def test_every_term_has_a_meaning_in_chinese_and_a_unique_anchor():
    keys = [term.key for section in SECTIONS for term in section.terms]
    assert len(keys) == len(set(keys))
    for section in SECTIONS:
        for term in section.terms:
            assert re.search(r"[\u4e00-\u9fff]", term.meaning), term.key
    assert all(re.search(r"[\u4e00-\u9fff]", symbol.meaning) for symbol in NOTATION)


def test_a_post_is_refused(client):
    assert client.post("/glossary/").status_code == 405


def lesson_text() -> str:
    return "".join(path.read_text() for path in sorted(CONTENT_DIR.glob("*.toml")))


def test_every_glossary_term_is_a_word_the_lessons_use():
    text = lesson_text()
    missing = [t.name for s in SECTIONS for t in s.terms if t.name not in text]
    assert missing == []


@pytest.mark.parametrize(
    ("variant", "term"),
    [("直線", "直行"), ("橫線", "橫排"), ("黑格", "深色格"), ("白格", "淺色格"), ("您", "你")],
)
def test_the_lessons_say_one_word_for_one_idea(variant, term):
    assert variant not in lesson_text(), f"the lessons say {term}, never {variant}"


def test_the_interface_says_you_as_the_lessons_do():
    assert [where for where, text in catalogue_texts() if "您" in text] == []


def test_a_term_links_to_the_lesson_that_teaches_it(page):
    link = '<a href="/lessons/castling/">到「王車易位：怎麼走」這一課學</a>'
    assert link in term_card(page, "short-castling")
    threefold = '<a href="/lessons/draws-repetition/">到「和棋：三次重複」這一課學</a>'
    assert threefold in term_card(page, "threefold")
    assert '<a href="/lessons/notation/">到「記譜法：寫下每一步」這一課學</a>' in page


def test_every_term_names_a_lesson_of_the_curriculum():
    slugs = {lesson.slug for lesson in get_curriculum().lessons}
    assert [t.key for s in SECTIONS for t in s.terms if t.lesson not in slugs] == []


def test_every_term_sign_and_section_has_its_english_words_with_no_chinese_in_them():
    import tomllib

    english = tomllib.loads((GLOSSARY_DIR / "en.toml").read_text(encoding="utf-8"))
    keys = {term.key for section in SECTIONS for term in section.terms}
    assert set(english["terms"]) == keys
    assert set(english["sections"]) == {section.key for section in SECTIONS}
    assert set(english["notation"]) == {symbol.text for symbol in NOTATION}
    glossary = glossary_in("en")
    words = [s.title for s in glossary.sections] + [sym.meaning for sym in glossary.notation]
    for section in glossary.sections:
        for term in section.terms:
            words += [term.name, term.meaning]
            words += [n.where for n in term.other_names]
            words += [n.text for n in term.other_names if n.script == "en"]
    assert [word for word in words if CJK.search(word) or not word.strip()] == []


def test_the_english_glossary_names_each_term_in_english_and_tags_the_chinese_name(client):
    client.post("/language/", {"language": "en"})
    page = client.get("/glossary/").content.decode()
    assert "<h1>Glossary</h1>" in page
    card = term_card(page, "rook")
    assert "<span>Rook</span></h3>" in card
    names = re.findall(r'<span class="other-name"([^>]*)>([^<]+)</span>', card)
    assert names == [("", "castle"), (' lang="zh-Hant"', "車")]
    assert '<span class="where">(Chinese (Taiwan))</span>' in card
    assert '<a href="/lessons/rook/">Learn it in the lesson “The rook”</a>' in card


def other_names(card: str) -> list[str]:
    return re.findall(r'<span class="other-name"[^>]*>([^<]+)</span>', card)


@pytest.fixture
def simplified_page(client) -> str:
    client.post("/language/", {"language": "zh-hans"})
    return client.get("/glossary/").content.decode()


def test_the_simplified_glossary_is_converted_and_names_no_word_twice(simplified_page):
    file_card = term_card(simplified_page, "file")
    assert "<span>直线</span></h3>" in file_card
    # 直線 is 直线 itself and is not named twice; Taiwan's 直行 comes first, then 列
    assert other_names(file_card) == ["直行", "列", "File"]
    chess = term_card(simplified_page, "chess")
    assert "<span>国际象棋</span></h3>" in chess
    assert other_names(chess) == ["西洋棋", "Chess"]
    assert '<span class="other-name" lang="en">Chess</span>' in chess


def test_a_term_the_mainland_names_otherwise_keeps_the_taiwan_word_as_taiwans(simplified_page):
    for key, mainland, taiwan in (
        ("chess", "国际象棋", "西洋棋"),
        ("file", "直线", "直行"),
        ("rank", "横线", "横排"),
        ("blocked-leg", "蹩马腿", "绊马脚"),
    ):
        card = term_card(simplified_page, key)
        assert f"<span>{mainland}</span></h3>" in card
        named = f'<span class="other-name">{taiwan}</span>\n          <span class="where">（台湾）'
        assert named in card
    # A term with the same name on both sides gets no Taiwan name.
    assert other_names(term_card(simplified_page, "castling")) == ["入堡", "易位", "Castling"]


def test_the_simplified_glossary_defines_a_file_without_hang(simplified_page):
    """行 is a row in Mainland usage: a file is 一整列格 there, and the warning is Taiwan's."""
    card = term_card(simplified_page, "file")
    meaning = re.search(r'<p class="glossary-meaning">([^<]+)</p>', card).group(1)
    assert meaning == "由下往上的一整列格，用字母 a 到 h 来叫。"
    assert "行" not in meaning
    assert "小心！台湾正好相反：用“行”叫直线，“列”叫横线" in card
    assert "有些资料" not in card


def test_the_glossary_warns_that_some_texts_use_hang_and_lie_the_other_way_round(client):
    page = client.get("/glossary/").content.decode()
    assert "有些資料用「列」叫直行，「行」叫橫排，和台灣的用法相反" in term_card(page, "file")
    assert "有些資料用「行」叫橫排，「列」叫直行，和台灣的用法相反" in term_card(page, "rank")
