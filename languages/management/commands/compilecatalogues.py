"""Compile locale/*/LC_MESSAGES/*.po to .mo with polib (no GNU gettext needed).

The 简体中文 catalogue is generated from the Traditional one first (languages.catalogues).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from languages import catalogues


class Command(BaseCommand):
    help = "Compile the gettext catalogues in LOCALE_PATHS (pure Python, needs no msgfmt)."

    def handle(self, *args, **options) -> None:
        compiled = 0
        for locale_dir in settings.LOCALE_PATHS:
            try:
                for path in catalogues.build(Path(locale_dir)):
                    self.stdout.write(f"generated {path}")
                compiled += catalogues.compile_all(Path(locale_dir))
            except (OSError, ValueError) as error:
                raise CommandError(str(error)) from error
        self.stdout.write(f"compiled {compiled} catalogue(s)")
