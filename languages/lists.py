"""Lists of words in a sentence, joined the way the active language writes them."""

from collections.abc import Iterable

from django.utils.translation import pgettext


def join(items: Iterable[str]) -> str:
    """``a1、b2`` in Chinese, ``a1, b2`` in English (the separator is in the catalogue)."""
    return separator().join(items)


def separator() -> str:
    return pgettext("list separator", ", ")
