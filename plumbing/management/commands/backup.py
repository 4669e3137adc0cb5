"""manage.py backup FILE: the whole database to one file, while the site runs
(SQLite's online backup API, or pg_dump on PostgreSQL; plumbing/backups.py)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from plumbing import backups


class Command(BaseCommand):
    help = "Back the whole database up to FILE (SQLite: a database file; PostgreSQL: pg_dump's)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            held = backups.back_up(file)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"backed up {backups.vendor()}: {held}, {file.stat().st_size:,} bytes to {file}"
        )
