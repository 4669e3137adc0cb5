"""简体中文 is generated: written overrides, the reviewed words, then OpenCC's tw2sp."""

import doctest
import os
import re

import polib
import pytest

import languages.simplified
from languages import catalogues, registry
from languages.simplified import (
    OVERRIDES_FILE,
    TAIWAN_NAMES,
    TAIWAN_ONLY,
    TERMS,
    WORDS,
    characters_only,
    needs_override,
    overrides,
    to_simplified,
)
from tests.languages.source_texts import simplified_texts, source_texts

# A Taiwan name cited as a word: “西洋棋”.
CITED = re.compile("“(?:" + "|".join(TAIWAN_NAMES) + ")”")


@pytest.mark.parametrize("term", TERMS + WORDS, ids=lambda term: term.taiwan)
def test_each_reviewed_word_becomes_the_mainland_word(term):
    assert to_simplified(term.taiwan) == term.mainland


def test_the_reviewed_words_are_listed_once_each():
    taiwan = [term.taiwan for term in TERMS + WORDS]
    assert len(taiwan) == len(set(taiwan))


def test_a_file_and_a_rank_use_the_words_of_the_chinese_laws():
    assert to_simplified("a 直行和第 1 橫排") == "a 直线和第 1 横线"


@pytest.mark.parametrize(
    ("taiwan", "mainland"),
    [
        ("在同一條斜線上", "在同一条斜线上"),  # tw2sp alone: 斜在线, "online"
        ("和白后在同一條線上？", "和白后在同一条线上？"),
        ("剪下卡片發給每位學生", "剪下卡片发给每位学生"),  # tw2sp alone: 剪切, a computer's cut
        ("要登出大人的帳號", "要退出大人的账号"),  # tw2sp alone: 注销, closing an account
    ],
)
def test_tw2sp_is_kept_from_the_words_it_gets_wrong_here(taiwan, mainland):
    assert to_simplified(taiwan) == mainland


@pytest.mark.parametrize(
    ("taiwan", "mainland"),
    [
        ("我們的郵件伺服器沒有收下這封信", "我们的邮件服务器没有收下这封信"),
        ("請點選是誰解的", "请点击是谁解的"),
        ("設定密碼", "设置密码"),
        ("請回上一頁，重新整理後再試一次。", "请回上一页，刷新后再试一次。"),
        ("不太對喔，再試一次！", "不太对哦，再试一次！"),
        ("連結已經寄出。", "链接已经发送。"),
        ("下載全部資料（JSON）", "下载全部数据（JSON）"),
    ],
)
def test_taiwan_interface_words_become_the_mainland_words(taiwan, mainland):
    assert to_simplified(taiwan) == mainland


@pytest.mark.parametrize(
    ("taiwan", "mainland"),
    [
        ("白方短易位，這叫王車易位。", "白方短易位，这叫王车易位。"),
        ("就在下一步吃過路兵。", "就在下一步吃过路兵。"),
        ("兵走到最後一排就要升變。", "兵走到最后一排就要升变。"),
        ("黑王被將軍了嗎？", "黑王被将军了吗？"),
        ("白方將死黑方。", "白方将死黑方。"),
        ("沒有棋可走，就是逼和。", "没有棋可走，就是逼和。"),
    ],
)
def test_the_chess_terms_stay_in_a_sentence(taiwan, mainland):
    assert to_simplified(taiwan) == mainland


def test_the_knights_block_is_the_mainland_word():
    assert to_simplified("西洋棋沒有絆馬腳") == "国际象棋没有蹩马腿"
    assert to_simplified("不行，g2 的兵絆住了馬腳") == "不行，g2 的兵蹩住了马腿"


def test_text_without_chinese_is_left_as_it_is():
    assert to_simplified("O-O-O, e8=Q, %(square)s") == "O-O-O, e8=Q, %(square)s"


def test_the_docstring_examples_hold():
    assert doctest.testmod(languages.simplified).failed == 0


def test_quotes_become_the_mainland_quotation_marks():
    # GB/T 15834-2011: horizontal Mainland text quotes with “ ” (and ‘ ’ inside).
    assert to_simplified("先說「我調整」，再摸『這個』") == "先说“我调整”，再摸‘这个’"


def test_characters_only_keeps_the_taiwan_word():
    assert characters_only("直行") == "直行"
    assert characters_only("絆馬腳") == "绊马脚"


# The written overrides ----------------------------------------------------------------


def test_a_sentence_about_the_name_of_the_game_is_written_not_converted():
    intro = "西洋棋在香港和中國大陸叫「國際象棋」，那裡的棋書也是這樣記譜的。"
    assert to_simplified(intro) == "国际象棋在台湾叫“西洋棋”，那里的棋书也是这样记谱的。"


def test_the_finder_spots_a_sentence_about_a_name():
    assert needs_override("西洋棋在中國大陸叫「國際象棋」")
    assert needs_override("在象棋裡這叫「絆馬腳」")
    assert needs_override("有些資料用「列」叫直行")
    assert not needs_override("西洋棋的馬不會被絆馬腳")
    assert not needs_override("e 直行和第 4 橫排")


def test_every_text_about_a_name_has_a_written_override():
    missing = [
        f"{where}: {text}"
        for where, text in source_texts()
        if needs_override(text) and text not in overrides() and text != "國際象棋"
    ]
    assert missing == []


def test_every_override_is_the_whole_of_a_source_text_today():
    """A source text that changed leaves its override behind: review it."""
    texts = {text for _where, text in source_texts()}
    assert [source for source in overrides() if source not in texts] == []


def test_the_overrides_are_simplified_and_quoted_the_mainland_way():
    for source, written in overrides().items():
        assert written != source
        assert characters_only(written) == written  # no Traditional character left
        assert not re.search("[「」『』]", written), written


# No Taiwan-only word in anything a 简体中文 reader reads ---------------------------------


def test_no_taiwan_only_word_is_left_in_the_catalogue_the_lessons_or_the_glossary():
    found = [
        f"{where}: {word} in {text}"
        for where, text in simplified_texts()
        for word in TAIWAN_ONLY
        if word in text
    ]
    assert found == []


def test_a_taiwan_chess_name_appears_only_where_it_is_cited_as_taiwans():
    found = [
        f"{where}: {word} in {text}"
        for where, text in simplified_texts()
        for word in TAIWAN_NAMES
        if word in CITED.sub("", text)
    ]
    assert found == []


def test_the_kept_lists_are_in_simplified_characters():
    for word in TAIWAN_ONLY + TAIWAN_NAMES:
        assert characters_only(word) == word


def test_a_changed_override_file_regenerates_the_simplified_catalogue(tmp_path):
    source = tmp_path / "zh_Hant" / "LC_MESSAGES" / "django.po"
    source.parent.mkdir(parents=True)
    catalogue = polib.POFile()
    catalogue.append(polib.POEntry(msgid="Castling", msgstr="王車易位"))
    catalogue.save(str(source))
    target = tmp_path / "zh_Hans" / "LC_MESSAGES" / "django.po"
    assert catalogues.build(tmp_path) == [target]
    assert OVERRIDES_FILE in catalogues.converter_inputs(registry.BY_CODE["zh-hans"])
    later = max(OVERRIDES_FILE.stat().st_mtime, source.stat().st_mtime) - 5
    os.utime(target, (later, later))  # as if the overrides changed after the build
    assert catalogues.build(tmp_path) == [target]


def test_the_words_the_audit_found_left_over_are_converted():
    # 沿著 at a sentence's start (check-is-it-check, check-is-it-check-far), 信箱, QR code.
    assert to_simplified("沿著白象的斜線看：b5、c6、d7。") == "沿着白象的斜线看：b5、c6、d7。"
    assert to_simplified("請找找信箱裡的信。") == "请找找邮箱里的信。"
    assert to_simplified("用手機掃卡片上的 QR code，會打開") == "用手机扫卡片上的二维码，会打开"
    assert to_simplified("%(url)s 的 QR code") == "%(url)s 的二维码"
