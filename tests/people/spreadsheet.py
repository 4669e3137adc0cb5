"""Open CSV files with a real spreadsheet engine (LibreOffice, headless) and read the cells back.

The CSV is imported the way a teacher's Calc opens it (comma, UTF-8, US English locale,
special numbers such as dates detected), saved as flat OpenDocument XML, and each cell is
returned as (type, value): ("float", "13"), ("string", "小華"), ("date", "2026-01-13").
"""

import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}
# separator, quote, UTF-8, from line 1, no column types, en-US, quoted as text off,
# detect special numbers (dates, times) on: the strictest reading of a cell like 1/13.
CSV_IMPORT = "CSV:44,34,76,1,,1033,false,true"

Cell = tuple[str, str]


def soffice() -> str:
    """The soffice binary; .ci/run installs libreoffice-calc-nogui, so CI never skips."""
    path = shutil.which("soffice")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("soffice is missing: .ci/run installs libreoffice-calc-nogui")
        pytest.skip("LibreOffice is not installed (apt-get install libreoffice-calc-nogui)")
    return path


def open_in_calc(files: dict[str, bytes]) -> dict[str, list[list[Cell]]]:
    """Each CSV (name → bytes) as LibreOffice Calc reads it: rows of (type, value) cells."""
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        paths = []
        for name, body in files.items():
            path = base / f"{name}.csv"
            path.write_bytes(body)
            paths.append(str(path))
        subprocess.run(
            [
                soffice(),
                f"-env:UserInstallation=file://{base}/profile",
                "--headless",
                f"--infilter={CSV_IMPORT}",
                "--convert-to",
                "fods",
                "--outdir",
                str(base / "out"),
                *paths,
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        return {name: _cells(base / "out" / f"{name}.fods") for name in files}


def _cells(path: Path) -> list[list[Cell]]:
    sheet = ET.parse(path).getroot().find(".//table:table", NS)
    rows = []
    for row in sheet.iterfind("table:table-row", NS):
        cells: list[Cell] = []
        for cell in row.iterfind("table:table-cell", NS):
            kind = cell.get(f"{{{NS['office']}}}value-type", "")
            value = (
                cell.get(f"{{{NS['office']}}}value")
                or cell.get(f"{{{NS['office']}}}date-value")
                or "".join(p.text or "" for p in cell.iterfind("text:p", NS))
            )
            repeat = int(cell.get(f"{{{NS['table']}}}number-columns-repeated", "1"))
            cells += [(kind, value)] * min(repeat, 1000)
        while cells and cells[-1] == ("", ""):
            cells.pop()
        if cells:
            rows.append(cells)
    return rows
