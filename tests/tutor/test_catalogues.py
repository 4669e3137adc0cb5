"""Every interface string has its Traditional Chinese translation."""

from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parents[2] / "locale"


def test_every_message_is_translated_into_traditional_chinese():
    catalogue = polib.pofile(str(LOCALE / "zh_Hant" / "LC_MESSAGES" / "django.po"))
    missing = [entry.msgid for entry in catalogue if not entry.translated()]
    assert missing == []
    assert len(catalogue) > 0


def test_english_catalogue_lists_the_same_messages():
    chinese = polib.pofile(str(LOCALE / "zh_Hant" / "LC_MESSAGES" / "django.po"))
    english = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    assert {e.msgid for e in english} == {e.msgid for e in chinese}
