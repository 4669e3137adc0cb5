"""What every page needs to show the language switch and to tag its own language."""

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

# BCP 47 tags for the html lang attribute (Django's codes are lower case).
HTML_LANG = {"zh-hant": "zh-Hant-TW", "zh-hans": "zh-Hans", "en": "en"}


def languages(request: HttpRequest) -> dict:
    current = translation.get_language() or settings.LANGUAGE_CODE
    choices = [
        {"code": code, "name": name, "lang": HTML_LANG.get(code, code), "current": code == current}
        for code, name in settings.LANGUAGES
    ]
    # Back to this page after choosing; a page that answered a POST is not one to GET again.
    back = request.get_full_path() if request.method == "GET" else ""
    return {
        "html_lang": HTML_LANG.get(current, current),
        "language_choices": choices,
        "language_back": back,
    }
