"""manage.py delete_graduates [--dry-run]: run daily (cron). Graduates' classes whose date,
set by the school at its new school year (people.rosters.school_year), has passed go with
everything about their students; the day itself is still theirs."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from people.rosters.school_year import delete_graduates, graduates_due


class Command(BaseCommand):
    help = "Delete the graduates whose school's date has passed, with all their data."

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args, dry_run: bool, **options):
        today = timezone.localdate()
        if dry_run:
            due = graduates_due(today)
            students = sum(classroom.students.count() for classroom in due)
            self.stdout.write(f"{len(due)} graduates' classes due, {students} students")
            return
        classes, students = delete_graduates(today)
        self.stdout.write(f"deleted {classes} graduates' classes, {students} students")
