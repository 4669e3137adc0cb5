"""Static files as `make serve` sends them: hashed names, gzip and Brotli (whitenoise), and our
own stylesheets without their comments.

The comments in static/css are notes for the people who keep the code; a child's tablet
need not download them (about 1.5 kB of a lesson's first visit). They are taken out before
the files are hashed, so each name still changes exactly when the rules a browser reads do.
Only our stylesheets are touched (not scripts: taking comments out of JavaScript safely
needs a parser), and only in the collected copy: static/ keeps every comment, and
`make run` (DEBUG) serves the files as written.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

# A CSS string (kept whole, so a "/*" inside one is not taken for a comment) or a comment.
_STRING_OR_COMMENT = re.compile(r"""("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|/\*.*?\*/""", re.S)


def without_comments(css: str) -> str:
    """The stylesheet with its comments taken out, and the blank lines they leave."""
    kept = _STRING_OR_COMMENT.sub(lambda match: match.group(1) or "", css)
    lines = (line.rstrip() for line in kept.splitlines())
    return "\n".join(line for line in lines if line) + "\n"


def _ours(storage, own: set[Path]) -> bool:
    """Whether a file comes from the project's own static/ folders (`own`), not an app's or a
    package's."""
    location = getattr(storage, "location", None)
    return location is not None and Path(location).resolve() in own


class StaticStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths, dry_run=False, **options):
        if dry_run:
            yield from super().post_process(paths, dry_run=dry_run, **options)
            return
        with tempfile.TemporaryDirectory(prefix="tutor-css-") as folder:
            stripped = FileSystemStorage(location=folder)
            paths = dict(paths)
            own = {Path(folder).resolve() for folder in settings.STATICFILES_DIRS}
            for name, (storage, path) in paths.items():
                if name.endswith(".css") and _ours(storage, own):
                    with storage.open(path) as source:
                        css = without_comments(source.read().decode("utf-8"))
                    stripped._save(path, ContentFile(css.encode("utf-8")))
                    paths[name] = (stripped, path)
            yield from super().post_process(paths, dry_run=dry_run, **options)
