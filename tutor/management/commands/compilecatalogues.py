"""Compile locale/*/LC_MESSAGES/*.po to .mo with polib (no GNU gettext needed)."""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Compile the gettext catalogues in LOCALE_PATHS (pure Python, needs no msgfmt)."

    def handle(self, *args, **options) -> None:
        compiled = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                    continue
                try:
                    catalogue = polib.pofile(str(po_path))
                except (OSError, ValueError) as error:
                    raise CommandError(f"{po_path}: {error}") from error
                catalogue.save_as_mofile(str(mo_path))
                compiled += 1
        self.stdout.write(f"compiled {compiled} catalogue(s)")
