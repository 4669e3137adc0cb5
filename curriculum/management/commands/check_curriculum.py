"""`manage.py check_curriculum`: prove every lesson file with the rules engine."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from curriculum.loading import CONTENT_DIR
from curriculum.validator import validate_directory, validate_files


class Command(BaseCommand):
    help = (
        "Check every lesson file; ends with "
        "`curriculum: L lessons, P puzzles, E errors, longest level N puzzles`."
    )
    requires_system_checks = []  # content only: no database, no URLs

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="*", type=Path, help="lesson files to check (default: all of them)"
        )

    def handle(self, *args, files, **options):
        report = validate_files(files) if files else validate_directory(CONTENT_DIR)
        for error in report.errors:
            self.stdout.write(str(error))
        self.stdout.write(report.summary)
        if report.errors:
            sys.exit(1)
