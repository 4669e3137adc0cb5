"""WSGI entry point (gunicorn tutor.wsgi).

Each worker loads what it keeps for its whole life before its first request (the URLs and
their views, the curriculum in every language) and then moves all of it out of the garbage
collector's sight (gc.freeze), so that a collection during a request walks that request's
objects only, not the ~270,000 the worker holds.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
application = get_wsgi_application()

# Imported once Django is set up (the curriculum reads the settings and the apps).
from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402
from django.utils import translation  # noqa: E402

from curriculum.loading import get_curriculum  # noqa: E402


def load_for_life() -> None:
    get_resolver().check()  # imports every URLconf and view (and checks the patterns)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # the catalogues and the curriculum of each
            get_curriculum()


load_for_life()
gc.freeze()
