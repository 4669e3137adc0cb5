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


ROWS_PER_CHUNK = 1000  # rows sent together: small enough to stream, big enough to gzip well


def batches(items: Iterable, size: int) -> Iterator[list]:
    remaining = iter(items)
    while batch := list(islice(remaining, size)):
        yield batch


def csv_response(filename: str, rows: Iterable[Sequence]) -> StreamingHttpResponse:
    """The rows as a CSV download, written while they are read, ROWS_PER_CHUNK at a time: a
    class's whole history never sits in the worker's memory. The rows come spreadsheet-safe
    (each maker passes what people typed through spreadsheet_safe)."""

    def chunks() -> Iterator[str]:
        yield BOM
        for batch in batches(rows, ROWS_PER_CHUNK):
            text = io.StringIO()
            csv.writer(text).writerows(batch)
            yield text.getvalue()

    response = StreamingHttpResponse(chunks(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
