"""Every interface string has its Traditional Chinese and English text; 简体中文 is generated."""

import os
import time
from pathlib import Path

import polib

from languages import catalogues, registry
from languages.simplified import to_simplified

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


def test_every_message_has_its_english_text():
    english = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    missing = [entry.msgid for entry in english if not entry.translated()]
    assert missing == []


def test_the_simplified_catalogue_is_the_traditional_one_converted(tmp_path):
    source = LOCALE / "zh_Hant" / "LC_MESSAGES" / "django.po"
    (tmp_path / "zh_Hant" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "zh_Hant" / "LC_MESSAGES" / "django.po").write_bytes(source.read_bytes())
    assert catalogues.build(tmp_path) == [tmp_path / "zh_Hans" / "LC_MESSAGES" / "django.po"]
    simplified = polib.pofile(str(tmp_path / "zh_Hans" / "LC_MESSAGES" / "django.po"))
    traditional = polib.pofile(str(source))
    assert len(simplified) == len(traditional)
    for entry in traditional:
        converted = simplified.find(entry.msgid, msgctxt=entry.msgctxt)
        assert converted.msgstr == to_simplified(entry.msgstr)
        assert converted.msgstr_plural == {
            k: to_simplified(v) for k, v in entry.msgstr_plural.items()
        }
    assert simplified.find("Learn the rules of chess").msgstr == "学会国际象棋的规则"
    assert simplified.find("Sign out").msgstr == "退出"


def _castling_catalogue(tmp_path) -> tuple[polib.POFile, Path]:
    """A one-entry zh_Hant catalogue in tmp_path: the catalogue and where it is saved."""
    source = tmp_path / "zh_Hant" / "LC_MESSAGES" / "django.po"
    source.parent.mkdir(parents=True)
    catalogue = polib.POFile()
    catalogue.append(polib.POEntry(msgid="Castling", msgstr="王車易位"))
    catalogue.save(str(source))
    return catalogue, source


def test_a_changed_traditional_text_regenerates_the_simplified_one(tmp_path):
    catalogue, source = _castling_catalogue(tmp_path)
    catalogues.build(tmp_path)
    catalogue[0].msgstr = "入堡"
    catalogue.save(str(source))
    os.utime(source, (time.time() + 5, time.time() + 5))
    catalogues.build(tmp_path)
    rebuilt = polib.pofile(str(tmp_path / "zh_Hans" / "LC_MESSAGES" / "django.po"))
    assert rebuilt.find("Castling").msgstr == "入堡"


def test_a_changed_term_table_regenerates_the_simplified_catalogue(tmp_path):
    _castling_catalogue(tmp_path)
    target = tmp_path / "zh_Hans" / "LC_MESSAGES" / "django.po"
    assert catalogues.build(tmp_path) == [target]
    assert catalogues.build(tmp_path) == []  # nothing changed: nothing written
    simplified = registry.BY_CODE["zh-hans"]
    later = catalogues.converter_file(simplified).stat().st_mtime - 5
    os.utime(target, (later, later))  # as if languages/simplified.py changed after the build
    assert catalogues.build(tmp_path) == [target]
