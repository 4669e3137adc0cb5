"""`manage.py messages` (`make messages`): rewrite the `#:` references of the written
catalogues, so a sentence on a page leads to its msgid and the msgid to the file and line.

Django's own `makemessages` finds the msgids (GNU xgettext over the Python files and the
Django templates; Jinja2's own extractor reads the `.jinja` fragments); then, instead of
merging with msgmerge (which would reorder and rewrap the hand-edited files),
`languages.references.rewrite` replaces only each entry's `#:` lines in
locale/<written language>/LC_MESSAGES/django.po. It adds and removes no entry: it lists the
msgids the code uses that a catalogue lacks, and the entries no code uses (xgettext cannot
read a gettext call inside an f-string: such an entry is listed as unused). The generated
catalogues (简体中文) are not touched; `compilecatalogues` makes them.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages
from django.template import engines
from django.utils.translation import to_locale

from languages import references, registry

IGNORED = [".venv", "var", "staticfiles", "tests", "node_modules", "docs", "locale"]


class Command(makemessages.Command):
    help = "Rewrite the #: file:line references of the written catalogues (needs GNU gettext)."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.set_defaults(
            locale=[to_locale(language.code) for language in self.written()],
            ignore_patterns=IGNORED,
            no_wrap=True,
            keep_pot=False,
        )

    @staticmethod
    def written() -> tuple[registry.Language, ...]:
        return (*registry.made(registry.Made.SOURCE), *registry.made(registry.Made.WRITTEN))

    def handle(self, *args, **options):
        options["ignore_patterns"] = sorted(set(options["ignore_patterns"]) | set(IGNORED))
        self.problems, self.done = 0, set()
        super().handle(*args, **options)
        if self.problems:
            self.stderr.write(f"messages: {self.problems} msgid(s) missing from a catalogue")

    def write_po_file(self, potfile, locale):
        if locale in self.done:  # settings.LOCALE_PATHS and ./locale are the same folder
            return
        self.done.add(locale)
        catalogue = Path(settings.LOCALE_PATHS[0]) / locale / "LC_MESSAGES" / f"{self.domain}.po"
        occurrences = references.merged(
            references.occurrences_in(potfile),
            references.jinja_occurrences(Path(settings.BASE_DIR), engines["jinja2"].env),
        )
        text = catalogue.read_text(encoding="utf-8")
        rewritten, unused = references.rewrite(text, occurrences)
        if rewritten != text:
            catalogue.write_text(rewritten, encoding="utf-8")
        absent = references.missing(text, occurrences)
        self.problems += len(absent)
        for context, msgid in absent:
            where = " ".join(f"{p}:{n}" for p, n in occurrences[(context, msgid)])
            self.stdout.write(f"{locale}: not in the catalogue: {msgid!r} ({where})")
        for _context, msgid in unused:
            self.stdout.write(f"{locale}: no code uses {msgid!r}")
        self.stdout.write(
            f"{locale}: {len(occurrences)} msgids in the code, {len(unused)} entries unused, "
            f"{len(absent)} missing"
        )
