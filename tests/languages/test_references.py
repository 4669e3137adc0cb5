"""`make messages`: each catalogue entry carries `#:` lines naming where the code uses it,
and nothing else in the file changes."""

import shutil

import pytest

from languages import references

CATALOGUE = """# Chess rules tutor interface text.
msgid ""
msgstr ""
"Language: zh_Hant\\n"

#: lessons/old.py:3
msgid "Hint"
msgstr "提示"

# A translator's note stays first.
#, python-format
msgid ""
"The %(piece)s does not move like that: a long sentence kept wrapped as "
"written."
msgstr "%(piece)s不是這樣走的。"

msgctxt "chess piece"
msgid "King"
msgstr "國王"

msgid "Nobody says this"
msgstr "沒人說"
"""

PLACES = {
    (None, "Hint"): (("templates/lessons/puzzle.html", "12"), ("lessons/views.py", "40")),
    (
        None,
        "The %(piece)s does not move like that: a long sentence kept wrapped as written.",
    ): (("board/explanations.py", "88"),),
    ("chess piece", "King"): (("board/pieces.py", "7"),),
    (None, "Only in the code"): (("lessons/new.py", "1"),),
}


def test_each_entry_gets_its_places_and_loses_the_old_ones():
    text, unused = references.rewrite(CATALOGUE, PLACES)
    assert text == (
        """# Chess rules tutor interface text.
msgid ""
msgstr ""
"Language: zh_Hant\\n"

#: templates/lessons/puzzle.html:12
#: lessons/views.py:40
msgid "Hint"
msgstr "提示"

# A translator's note stays first.
#: board/explanations.py:88
#, python-format
msgid ""
"The %(piece)s does not move like that: a long sentence kept wrapped as "
"written."
msgstr "%(piece)s不是這樣走的。"

#: board/pieces.py:7
msgctxt "chess piece"
msgid "King"
msgstr "國王"

msgid "Nobody says this"
msgstr "沒人說"
"""
    )
    assert unused == [(None, "Nobody says this")]


def test_rewriting_twice_changes_nothing_more():
    once, _ = references.rewrite(CATALOGUE, PLACES)
    assert references.rewrite(once, PLACES)[0] == once


def test_a_msgid_the_catalogue_lacks_is_reported():
    assert references.missing(CATALOGUE, PLACES) == [(None, "Only in the code")]


@pytest.mark.slow  # xgettext reads every source file: about 10 s
@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is not installed")
def test_the_real_catalogues_name_where_each_entry_is_used(tmp_path, settings):
    """`manage.py messages` on a copy of locale/: the sentence of the map's title leads to
    templates/lessons/map.html, and the entries stay as many as they were."""
    import polib
    from django.core.management import call_command

    from tutor.settings import BASE_DIR

    shutil.copytree(BASE_DIR / "locale", tmp_path / "locale")
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    before = polib.pofile(str(tmp_path / "locale/zh_Hant/LC_MESSAGES/django.po"))
    call_command("messages", verbosity=0)
    after = polib.pofile(str(tmp_path / "locale/zh_Hant/LC_MESSAGES/django.po"))
    assert [e.msgid for e in after] == [e.msgid for e in before]
    assert [e.msgstr for e in after] == [e.msgstr for e in before]
    title = after.find("Learn the rules of chess")
    assert ("templates/lessons/map.html", "4") in title.occurrences
    typed = after.find("Type a move instead")  # a Jinja2 fragment's, read by Jinja2's extractor
    assert [path for path, _line in typed.occurrences] == ["templates/board/frame.jinja"]


def test_every_written_entry_names_where_it_is_used():
    """`make messages` has been run: each entry of zh_Hant and en has its `#:` lines (a
    sentence on a page leads to its file and line), and no entry is an orphan."""
    import polib

    from tutor.settings import BASE_DIR

    for language in ("zh_Hant", "en"):
        catalogue = polib.pofile(str(BASE_DIR / "locale" / language / "LC_MESSAGES" / "django.po"))
        unplaced = [
            entry.msgid for entry in catalogue if not entry.obsolete and not entry.occurrences
        ]
        assert unplaced == [], language
