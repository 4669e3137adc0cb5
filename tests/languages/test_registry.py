"""One table of languages (languages/registry.py): everything else reads it."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import to_locale

from curriculum import translations
from curriculum.loading import CONTENT_DIR
from glossary.terms import GLOSSARY_DIR, PAGE_SCRIPT
from languages import registry
from languages.registry import Made
from languages.simplified import to_simplified

LOCALE = Path(settings.BASE_DIR) / "locale"


def test_the_settings_list_the_table_with_the_source_first_and_default():
    assert settings.LANGUAGES == [
        ("zh-hant", "繁體中文"),
        ("en", "English"),
        ("zh-hans", "简体中文"),
    ]
    assert settings.LANGUAGE_CODE == registry.SOURCE.code == "zh-hant"


def test_the_content_knows_which_language_is_written_and_which_generated():
    assert translations.WRITTEN == {"en": "English"}
    assert dict(translations.GENERATED) == {"zh-hans": to_simplified}
    assert PAGE_SCRIPT == {"zh-hant": "hant", "en": "en", "zh-hans": "hans"}


@pytest.mark.parametrize("language", registry.made(Made.WRITTEN), ids=lambda lang: lang.code)
def test_each_written_language_has_its_catalogue_lessons_and_glossary(language):
    assert (LOCALE / to_locale(language.code) / "LC_MESSAGES" / "django.po").is_file()
    assert (CONTENT_DIR / language.code).is_dir()
    assert (GLOSSARY_DIR / f"{language.code}.toml").is_file()


@pytest.mark.parametrize("language", registry.made(Made.GENERATED), ids=lambda lang: lang.code)
def test_each_generated_language_has_a_converter_and_no_words_of_its_own(language):
    assert callable(language.convert)
    assert not (CONTENT_DIR / language.code).exists()
    assert not (GLOSSARY_DIR / f"{language.code}.toml").exists()
