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
