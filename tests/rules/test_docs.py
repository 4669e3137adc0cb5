"""The examples in the rules package's docstring run as written."""

import doctest

import rules


def test_the_examples_in_the_package_docstring_hold():
    result = doctest.testmod(rules)
    assert result.attempted >= 8
    assert result.failed == 0
