"""注音 readings: pypinyin corrected by the reviewed chess table, checked term by term."""

from glossary import terms
from zhuyin.readings import readings, ruby
from zhuyin.review import REVIEWED as REVIEWED_TSV

# Every chess term of the glossary (its Taiwan name and the other names written in Traditional
# characters), read as a Taiwanese chess teacher reads them (教育部《重編國語辭典》 readings;
# 車 ㄐㄩ as in 象棋; 子 in 吃子/棋子 full tone ㄗˇ; 行 of a file ㄏㄤˊ; 長易位 ㄔㄤˊ).
EXPECTED = {
    "王": "ㄨㄤˊ",
    "國王": "ㄍㄨㄛˊ ㄨㄤˊ",
    "后": "ㄏㄡˋ",
    "皇后": "ㄏㄨㄤˊ ㄏㄡˋ",
    "車": "ㄐㄩ",
    "城堡": "ㄔㄥˊ ㄅㄠˇ",
    "象": "ㄒㄧㄤˋ",
    "主教": "ㄓㄨˇ ㄐㄧㄠˋ",
    "馬": "ㄇㄚˇ",
    "騎士": "ㄑㄧˊ ㄕˋ",
    "絆馬腳": "ㄅㄢˋ ㄇㄚˇ ㄐㄧㄠˇ",
    "蹩馬腿": "ㄅㄧㄝˊ ㄇㄚˇ ㄊㄨㄟˇ",
    "行": "ㄏㄤˊ",  # 「行」 alone: a line of squares
    "列": "ㄌㄧㄝˋ",
    "兵": "ㄅㄧㄥ",
    "士兵": "ㄕˋ ㄅㄧㄥ",
    "小兵": "ㄒㄧㄠˇ ㄅㄧㄥ",
    "西洋棋": "ㄒㄧ ㄧㄤˊ ㄑㄧˊ",
    "國際象棋": "ㄍㄨㄛˊ ㄐㄧˋ ㄒㄧㄤˋ ㄑㄧˊ",
    "直行": "ㄓˊ ㄏㄤˊ",
    "直線": "ㄓˊ ㄒㄧㄢˋ",
    "橫排": "ㄏㄥˊ ㄆㄞˊ",
    "橫線": "ㄏㄥˊ ㄒㄧㄢˋ",
    "斜線": "ㄒㄧㄝˊ ㄒㄧㄢˋ",
    "吃子": "ㄔ ㄗˇ",
    "王車易位": "ㄨㄤˊ ㄐㄩ ㄧˋ ㄨㄟˋ",
    "入堡": "ㄖㄨˋ ㄅㄠˇ",
    "易位": "ㄧˋ ㄨㄟˋ",
    "短易位": "ㄉㄨㄢˇ ㄧˋ ㄨㄟˋ",
    "王翼易位": "ㄨㄤˊ ㄧˋ ㄧˋ ㄨㄟˋ",
    "長易位": "ㄔㄤˊ ㄧˋ ㄨㄟˋ",
    "后翼易位": "ㄏㄡˋ ㄧˋ ㄧˋ ㄨㄟˋ",
    "吃過路兵": "ㄔ ㄍㄨㄛˋ ㄌㄨˋ ㄅㄧㄥ",
    "升變": "ㄕㄥ ㄅㄧㄢˋ",
    "兵的升變": "ㄅㄧㄥ ˙ㄉㄜ ㄕㄥ ㄅㄧㄢˋ",
    "摸子走子": "ㄇㄛ ㄗˇ ㄗㄡˇ ㄗˇ",
    "將軍": "ㄐㄧㄤ ㄐㄩㄣ",
    "叫將": "ㄐㄧㄠˋ ㄐㄧㄤ",
    "應將": "ㄧㄥˋ ㄐㄧㄤ",
    "解將": "ㄐㄧㄝˇ ㄐㄧㄤ",
    "將死": "ㄐㄧㄤ ㄙˇ",
    "逼和": "ㄅㄧ ㄏㄜˊ",
    "僵局": "ㄐㄧㄤ ㄐㄩˊ",
    "和棋": "ㄏㄜˊ ㄑㄧˊ",
    "和局": "ㄏㄜˊ ㄐㄩˊ",
    "平手": "ㄆㄧㄥˊ ㄕㄡˇ",
    "死局": "ㄙˇ ㄐㄩˊ",
    "子力不足": "ㄗˇ ㄌㄧˋ ㄅㄨˋ ㄗㄨˊ",
    "三次重複": "ㄙㄢ ㄘˋ ㄔㄨㄥˊ ㄈㄨˋ",
    "五十回合規則": "ㄨˇ ㄕˊ ㄏㄨㄟˊ ㄏㄜˊ ㄍㄨㄟ ㄗㄜˊ",
    "五十步規則": "ㄨˇ ㄕˊ ㄅㄨˋ ㄍㄨㄟ ㄗㄜˊ",
    "協議和棋": "ㄒㄧㄝˊ ㄧˋ ㄏㄜˊ ㄑㄧˊ",
    "提和": "ㄊㄧˊ ㄏㄜˊ",
}


def glossary_names() -> list[str]:
    names = []
    for section in terms.glossary_in(terms.SOURCE).sections:
        for term in section.terms:
            names.append(term.name)
            names += [other.text for other in term.other_names if other.script == "hant"]
    return names


def read(text: str) -> str:
    return " ".join(reading for _, reading in readings(text) if reading)


def test_every_chess_term_of_the_glossary_has_its_reviewed_reading():
    names = glossary_names()
    assert names, "the glossary has terms"
    assert sorted(set(names) - set(EXPECTED)) == []  # a new term needs a reviewed reading here
    for name in names:
        assert read(name) == EXPECTED[name], name


def test_the_rook_reads_ju_wherever_it_stands():
    assert read("車") == "ㄐㄩ"
    assert read("白車往前走") == "ㄅㄞˊ ㄐㄩ ㄨㄤˇ ㄑㄧㄢˊ ㄗㄡˇ"


def test_polyphones_read_the_chess_way():
    assert read("將軍") == "ㄐㄧㄤ ㄐㄩㄣ"
    assert read("和棋") == "ㄏㄜˊ ㄑㄧˊ"
    assert read("兵斜著往前吃") == "ㄅㄧㄥ ㄒㄧㄝˊ ˙ㄓㄜ ㄨㄤˇ ㄑㄧㄢˊ ㄔ"
    assert read("着") == "˙ㄓㄜ"
    assert read("象") == "ㄒㄧㄤˋ" and read("后") == "ㄏㄡˋ" and read("兵") == "ㄅㄧㄥ"
    # 「行」 alone is a line of squares; in a phrase the dictionary decides.
    assert read("「行」叫橫排") == "ㄏㄤˊ ㄐㄧㄠˋ ㄏㄥˊ ㄆㄞˊ"
    assert read("不行") == "ㄅㄨˋ ㄒㄧㄥˊ"


def test_the_light_tone_is_written_first():
    assert read("我的") == "ㄨㄛˇ ˙ㄉㄜ"


def test_only_chinese_characters_get_a_reading():
    assert readings("e4，白兵") == (
        ("e", None),
        ("4", None),
        ("，", None),
        ("白", "ㄅㄞˊ"),
        ("兵", "ㄅㄧㄥ"),
    )


def test_ruby_escapes_plain_text_and_hides_the_reading_from_screen_readers():
    assert ruby("<車>") == '&lt;<ruby>車<rt aria-hidden="true">ㄐㄩ</rt></ruby>&gt;'


def test_a_text_is_read_once_then_cached(fresh_caches):
    readings("王車易位是特別的走法")
    readings("王車易位是特別的走法")
    info = readings.cache_info()
    assert (info.misses, info.hits) == (1, 1)


def test_the_readings_issue_24_found_wrong_read_as_taiwan_reads_them():
    assert read("長式記譜") == "ㄔㄤˊ ㄕˋ ㄐㄧˋ ㄆㄨˇ"
    assert read("一條長長的斜線") == "ㄧˋ ㄊㄧㄠˊ ㄔㄤˊ ㄔㄤˊ ˙ㄉㄜ ㄒㄧㄝˊ ㄒㄧㄢˋ"
    assert read("最長的斜線") == "ㄗㄨㄟˋ ㄔㄤˊ ˙ㄉㄜ ㄒㄧㄝˊ ㄒㄧㄢˋ"
    assert read("家長密碼") == "ㄐㄧㄚ ㄓㄤˇ ㄇㄧˋ ㄇㄚˇ"
    assert read("我調整") == "ㄨㄛˇ ㄊㄧㄠˊ ㄓㄥˇ"
    assert read("做得好") == "ㄗㄨㄛˋ ˙ㄉㄜ ㄏㄠˇ"
    assert read("吃得到") == "ㄔ ˙ㄉㄜ ㄉㄠˋ"
    assert read("記得") == "ㄐㄧˋ ˙ㄉㄜ"
    assert read("你得到三分") == "ㄋㄧˇ ㄉㄜˊ ㄉㄠˋ ㄙㄢ ㄈㄣ"  # to get: not the particle
    assert read("數一數") == "ㄕㄨˇ ˙ㄧ ㄕㄨˇ"
    assert read("往上數到第三格") == "ㄨㄤˇ ㄕㄤˋ ㄕㄨˇ ㄉㄠˋ ㄉㄧˋ ㄙㄢ ㄍㄜˊ"
    assert read("棋子分數一樣") == "ㄑㄧˊ ㄗˇ ㄈㄣ ㄕㄨˋ ㄧˊ ㄧㄤˋ"
    assert read("數字") == "ㄕㄨˋ ㄗˋ"
    assert read("下一課會教") == "ㄒㄧㄚˋ ㄧˊ ㄎㄜˋ ㄏㄨㄟˋ ㄐㄧㄠ"
    assert read("主教") == "ㄓㄨˇ ㄐㄧㄠˋ"
    assert read("黑后以為") == "ㄏㄟ ㄏㄡˋ ㄧˇ ㄨㄟˊ"
    assert read("到學會為止") == "ㄉㄠˋ ㄒㄩㄝˊ ㄏㄨㄟˋ ㄨㄟˊ ㄓˇ"
    assert read("因為") == "ㄧㄣ ㄨㄟˋ"
    assert read("把它當成") == "ㄅㄚˇ ㄊㄚ ㄉㄤˋ ㄔㄥˊ"
    assert read("把車還給對手") == "ㄅㄚˇ ㄐㄩ ㄏㄨㄢˊ ㄍㄟˇ ㄉㄨㄟˋ ㄕㄡˇ"
    assert read("將軍得子") == "ㄐㄧㄤ ㄐㄩㄣ ㄉㄜˊ ㄗˇ"
    assert read("一整行格") == "ㄧˋ ㄓㄥˇ ㄏㄤˊ ㄍㄜˊ"


def test_characters_read_with_taiwan_s_standard_reading_not_the_mainland_one():
    assert read("攻擊") == "ㄍㄨㄥ ㄐㄧˊ"
    assert read("危險") == "ㄨㄟˊ ㄒㄧㄢˇ"
    assert read("誰") == "ㄕㄟˊ"
    assert read("暫時") == "ㄓㄢˋ ㄕˊ"
    assert read("期限") == "ㄑㄧˊ ㄒㄧㄢˋ"
    assert read("伺服器") == "ㄙˋ ㄈㄨˊ ㄑㄧˋ"
    assert read("什麼時候") == "ㄕㄣˊ ˙ㄇㄜ ㄕˊ ˙ㄏㄡ"
    assert read("顏色相同") == "ㄧㄢˊ ㄙㄜˋ ㄒㄧㄤ ㄊㄨㄥˊ"
    assert read("檔案") == "ㄉㄤˇ ㄢˋ"


def test_yi_changes_tone_before_the_next_character_as_first_grade_books_print_it():
    assert read("一次") == "ㄧˊ ㄘˋ"  # before a fourth tone
    assert read("一定") == "ㄧˊ ㄉㄧㄥˋ"
    assert read("一格") == "ㄧˋ ㄍㄜˊ"  # before a second tone
    assert read("一起") == "ㄧˋ ㄑㄧˇ"  # before a third tone
    assert read("一方") == "ㄧˋ ㄈㄤ"  # before a first tone
    assert read("一") == "ㄧ"  # alone
    assert read("第一名") == "ㄉㄧˋ ㄧ ㄇㄧㄥˊ"  # an ordinal
    assert read("第一步") == "ㄉㄧˋ ㄧ ㄅㄨˋ"
    assert read("選一，") == "ㄒㄩㄢˇ ㄧ"  # last
    assert read("唯一的") == "ㄨㄟˊ ㄧ ˙ㄉㄜ"  # the end of a word
    assert read("同一條") == "ㄊㄨㄥˊ ㄧˋ ㄊㄧㄠˊ"  # a numeral before its measure word


def test_bu_changes_tone_only_before_a_fourth_tone():
    assert read("不要") == "ㄅㄨˊ ㄧㄠˋ"
    assert read("不是") == "ㄅㄨˊ ㄕˋ"
    assert read("不能") == "ㄅㄨˋ ㄋㄥˊ"
    assert read("不走") == "ㄅㄨˋ ㄗㄡˇ"
    assert read("不吃") == "ㄅㄨˋ ㄔ"
    assert read("不") == "ㄅㄨˋ"
    # The next character's own tone decides, not its changed one.
    assert read("不一定") == "ㄅㄨˋ ㄧˊ ㄉㄧㄥˋ"
    assert read("不一樣") == "ㄅㄨˋ ㄧˊ ㄧㄤˋ"


def test_no_third_tone_change_is_printed():
    assert read("可以") == "ㄎㄜˇ ㄧˇ"  # pypinyin's tone_sandhi would write ㄎㄜˊ
    assert read("手指") == "ㄕㄡˇ ㄓˇ"


def test_tone_change_works_on_the_characters_own_readings():
    from zhuyin.readings import tone, tone_change

    assert [tone(r) for r in ("ㄅㄧㄥ", "ㄏㄜˊ", "ㄗㄡˇ", "ㄅㄨˋ", "˙ㄉㄜ")] == [1, 2, 3, 4, 5]
    assert tone_change("一不", ["ㄧ", "ㄅㄨˋ"]) == ["ㄧˊ", "ㄅㄨˋ"]
    assert tone_change("不一", ["ㄅㄨˋ", "ㄧ"]) == ["ㄅㄨˋ", "ㄧ"]


def test_punctuation_stays_on_the_line_of_the_character_beside_it():
    from zhuyin.readings import ruby_in_html_text

    # 。 may not start a line and 「 may not end one: each goes in a nowrap span with its ruby.
    assert ruby_in_html_text("王。") == (
        '<span class="zy-w"><ruby>王<rt aria-hidden="true">ㄨㄤ<span class="zy-tone">ˊ</span>'
        "</rt></ruby>。</span>"
    )
    assert ruby_in_html_text("叫「車」，").count('class="zy-w"') == 1
    assert '<span class="zy-w">「<ruby>車' in ruby_in_html_text("叫「車」，")
    assert ruby_in_html_text("e4。") == "e4。"  # no ruby, nothing to keep together
    assert ruby_in_html_text("車 &amp; 馬").count("zy-w") == 0


# Light tones (輕聲) as Taiwan's first-grade textbooks print them, and 看 "to guard" (ㄎㄢ).
LIGHT_TONES = {
    "看看": "ㄎㄢˋ ˙ㄎㄢ",
    "想想": "ㄒㄧㄤˇ ˙ㄒㄧㄤ",
    "試試看": "ㄕˋ ˙ㄕ ㄎㄢˋ",
    "想一想": "ㄒㄧㄤˇ ˙ㄧ ㄒㄧㄤˇ",
    "數一數": "ㄕㄨˇ ˙ㄧ ㄕㄨˇ",
    "找一找": "ㄓㄠˇ ˙ㄧ ㄓㄠˇ",
    "算一算": "ㄙㄨㄢˋ ˙ㄧ ㄙㄨㄢˋ",
    "看一看": "ㄎㄢˋ ˙ㄧ ㄎㄢˋ",
    "對不起": "ㄉㄨㄟˋ ˙ㄅㄨ ㄑㄧˇ",
    "這個": "ㄓㄜˋ ˙ㄍㄜ",
    "那個": "ㄋㄚˋ ˙ㄍㄜ",
    "地方": "ㄉㄧˋ ˙ㄈㄤ",
    "喜歡": "ㄒㄧˇ ˙ㄏㄨㄢ",
    "看住": "ㄎㄢ ㄓㄨˋ",
    "看得住": "ㄎㄢ ˙ㄉㄜ ㄓㄨˋ",
    # The tone change of 一 and 不 elsewhere is untouched.
    "一個": "ㄧˊ ㄍㄜˋ",
    "不起": "ㄅㄨˋ ㄑㄧˇ",
    "看一次": "ㄎㄢˋ ㄧˊ ㄘˋ",
}


def test_light_tones_and_the_guarding_kan_are_read_as_first_grade_books_print_them():
    read = {text: " ".join(r for _, r in readings(text)) for text in LIGHT_TONES}
    assert read == LIGHT_TONES


def test_every_light_tone_of_the_site_s_texts_is_in_the_reviewed_list():
    rows = REVIEWED_TSV.read_text(encoding="utf-8").splitlines()
    listed = {(row.split("\t")[3], row.split("\t")[4]) for row in rows[1:]}
    light = {("個", "˙ㄍㄜ"), ("一", "˙ㄧ"), ("看", "˙ㄎㄢ"), ("看", "ㄎㄢ"), ("不", "˙ㄅㄨ")}
    assert light <= listed
