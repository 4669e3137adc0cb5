"""``manage.py zhuyin_review``: compare the polyphones' readings with the reviewed list.

Without options it prints the rows that are new or read differently, and the reviewed rows that
are gone, and exits 1 if there are any. ``--write`` rewrites zhuyin/reviewed.tsv from the texts
as they are now; read ``git diff zhuyin/reviewed.tsv`` before committing it.
"""

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from zhuyin import review


class Command(BaseCommand):
    help = "Compare every polyphone's 注音 with zhuyin/reviewed.tsv, or rewrite it (--write)."

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true", help="rewrite zhuyin/reviewed.tsv")

    def handle(self, *args, write=False, **options):
        if write:
            count = review.write()
            self.stdout.write(f"{review.REVIEWED}: {count} occurrences written; review the diff.")
            return
        now = review.rows()
        new, gone = review.differences(now, review.reviewed())
        readings = Counter(row.split("\t")[3] + " " + row.split("\t")[4] for row in now)
        self.stdout.write(f"{len(now)} polyphone occurrences, {len(readings)} readings")
        for row in new:
            self.stdout.write(f"+ {row}")
        for row in gone:
            self.stdout.write(f"- {row}")
        if new or gone:
            raise CommandError(
                f"{len(new)} new or changed, {len(gone)} gone: check them, then "
                "DEBUG=1 .venv/bin/python manage.py zhuyin_review --write"
            )
        self.stdout.write("the reviewed list is up to date")
