"""Spreadsheet files every export writes: UTF-8 with a byte-order mark (so spreadsheet
programs read Chinese right) and no cell a spreadsheet would run as a formula."""

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice

from django.http import StreamingHttpResponse

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell a spreadsheet will not run as a formula: typed answers reach these files."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def as_read(text: str) -> str:
    """A cell read back from a file we wrote: spreadsheet_safe's quote taken off again, so an
    export imports back unchanged (a sourcedId 「=A1」 is 「=A1」, not 「'=A1」)."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def safe_row(row: Iterable) -> list:
    """Every cell of a row spreadsheet-safe (twice is once: a quoted cell starts with ')."""
    return [spreadsheet_safe(value) for value in row]


def write_csv(rows: Iterable[Sequence]) -> str:
    """The one CSV writer of every export: each cell of each row spreadsheet_safe."""
    text = io.StringIO()
    csv.writer(text).writerows(safe_row(row) for row in rows)
    return text.getvalue()


ROWS_PER_CHUNK = 1000  # rows sent together: small enough to stream, big enough to gzip well


def batches(items: Iterable, size: int) -> Iterator[list]:
    remaining = iter(items)
    while batch := list(islice(remaining, size)):
        yield batch


def csv_response(filename: str, rows: Iterable[Sequence]) -> StreamingHttpResponse:
    """The rows as a CSV download, written while they are read, ROWS_PER_CHUNK at a time: a
    class's whole history never sits in the worker's memory. Every cell goes out
    spreadsheet-safe (write_csv), whatever its maker passed."""

    def chunks() -> Iterator[str]:
        yield BOM
        for batch in batches(rows, ROWS_PER_CHUNK):
            yield write_csv(batch)

    response = StreamingHttpResponse(chunks(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
