"""`manage.py check_practice`: every rule's generated puzzles, proven by the validator."""

import sys

from django.core.management.base import BaseCommand

from practice.checking import HIGH, LOW, MIN_DISTINCT, check_practice
from practice.generators import RULES


class Command(BaseCommand):
    help = "Generate N puzzles per rule from fixed seeds and validate every one; ends with "
    help += "`practice: R rules, N positions, E errors, D distinct`."
    requires_system_checks = []  # content only: no database, no URLs

    def add_arguments(self, parser):
        parser.add_argument("--per-rule", type=int, default=200, help="puzzles per rule")
        parser.add_argument("rules", nargs="*", choices=[[], *RULES], help="only these rules")

    def handle(self, *args, per_rule, rules, **options):
        report = check_practice(per_rule, rules or None)
        for split in report.splits():
            self.stdout.write(f"answers {split}")
        for error in report.errors:
            self.stdout.write(error)
        for question in report.unbalanced():
            self.stdout.write(f"unbalanced: {question} (each answer {LOW:.0%}–{HIGH:.0%})")
        if report.too_few_distinct:
            self.stdout.write(f"fewer than {MIN_DISTINCT:.0%} of the positions are distinct")
        self.stdout.write(report.summary)
        if report.errors or report.too_few_distinct or report.unbalanced():
            sys.exit(1)
