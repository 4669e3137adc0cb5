"""简体中文 is generated: OpenCC's Taiwan-to-Simplified characters, then the reviewed terms."""

import doctest

import pytest

import languages.simplified
from languages.simplified import TERMS, to_simplified


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.taiwan)
def test_each_reviewed_term_becomes_the_mainland_word(term):
    assert to_simplified(term.taiwan) == term.mainland


def test_the_terms_are_listed_once_each():
    taiwan = [term.taiwan for term in TERMS]
    assert len(taiwan) == len(set(taiwan))


def test_a_file_and_a_rank_use_the_words_of_the_chinese_laws():
    assert to_simplified("a 直行和第 1 橫排") == "a 直线和第 1 横线"


def test_on_the_diagonal_stays_on_the_diagonal():
    # OpenCC's phrase conversion (tw2sp) would write 斜在线, "online": not used.
    assert to_simplified("在同一條斜線上") == "在同一条斜线上"


def test_text_without_chinese_is_left_as_it_is():
    assert to_simplified("O-O-O, e8=Q, %(square)s") == "O-O-O, e8=Q, %(square)s"


def test_the_docstring_examples_hold():
    assert doctest.testmod(languages.simplified).failed == 0


def test_quotes_become_the_mainland_quotation_marks():
    # GB/T 15834-2011: horizontal Mainland text quotes with “ ” (and ‘ ’ inside).
    assert to_simplified("先說「我調整」，再摸『這個』") == "先说“我调整”，再摸‘这个’"
