"""manage.py forget_idle_learners [--months 13] [--dry-run]: the retention rule
(people/retention.py) — anonymous learners idle longer than that go, with their
answers and their sessions' mention of them."""

from django.core.management.base import BaseCommand, CommandError

from people.retention import (
    IDLE_MONTHS,
    cutoff,
    forget_idle_learners,
    idle_anonymous_learners,
)


class Command(BaseCommand):
    help = "Delete anonymous learners idle for longer than --months (default 13)."

    def add_arguments(self, parser):
        parser.add_argument("--months", type=int, default=IDLE_MONTHS)
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args, months: int, dry_run: bool, **options):
        if months < 1:
            raise CommandError("--months must be 1 or more.")
        before = cutoff(months)
        if dry_run:
            count = idle_anonymous_learners(before).count()
            self.stdout.write(f"{count} anonymous learners idle since before {before:%Y-%m-%d}")
            return
        gone = forget_idle_learners(before)
        self.stdout.write(f"forgot {gone} anonymous learners idle since before {before:%Y-%m-%d}")
