"""manage.py restore FILE: replace the whole database with a backup made by `backup`.
Stop the app servers first; it asks before it replaces anything (--noinput does not; with
no terminal to ask on, it restores nothing and says to add --noinput)."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from plumbing import backups


class Command(BaseCommand):
    help = "Replace the whole database with the backup in FILE (stop the app servers first)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--noinput", "--no-input", action="store_false", dest="interactive")

    def handle(self, *args, file: Path, interactive: bool, **options):
        if interactive:
            if not sys.stdin.isatty():
                raise CommandError(
                    "nothing restored: no terminal to ask on (add --noinput to restore anyway)"
                )
            try:
                answer = input(f"Replace the whole database with {file}? Type 'yes': ")
            except EOFError:
                answer = ""
            if answer.strip() != "yes":
                raise CommandError("nothing restored")
        try:
            backups.restore(file)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"restored {backups.vendor()} from {file}: {backups.what_it_holds()}")
