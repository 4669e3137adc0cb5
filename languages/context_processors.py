"""What every page needs to show the language switch and to tag its own language."""

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from languages.registry import BY_CODE, LANGUAGES


def languages(request: HttpRequest) -> dict:
    current = translation.get_language() or settings.LANGUAGE_CODE
    choices = [
        {
            "code": language.code,
            "name": language.name,
            "lang": language.html_lang,
            "current": language.code == current,
        }
        for language in LANGUAGES
    ]
    # Back to this page after choosing; a page that answered a POST is not one to GET again.
    back = request.get_full_path() if request.method == "GET" else ""
    return {
        "html_lang": BY_CODE[current].html_lang if current in BY_CODE else current,
        "language_choices": choices,
        "language_back": back,
    }
