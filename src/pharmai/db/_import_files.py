"""Reading catalog files (CSV or JSON) into raw rows numbered the way people count them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from pharmai.db._import_reasons import row_error
from pharmai.db._import_rows import COLUMNS, REQUIRED_COLUMNS
from pharmai.errors import ImportFailed

__all__ = ["MAX_FILE_BYTES", "MAX_ROWS", "RawRow", "read_file", "rows_from_objects"]

MAX_FILE_BYTES = 50 * 1024 * 1024
MAX_ROWS = 200_000

#: (line or item number, column -> value)
RawRow = tuple[int, dict[str, Any]]


def _fail(kind: str, line: int = 0, **context: Any) -> ImportFailed:
    error = row_error(line, kind, **context)
    return ImportFailed(error.details, errors=[error])


def read_file(path: Path) -> list[RawRow]:
    """The raw rows of a ``.csv`` or ``.json`` catalog file.

    Args:
        path: The file; its extension picks the format.

    Raises:
        ImportFailed: The file is missing, too large, not UTF-8, malformed, has unknown or missing
            columns, no rows or too many rows (line 0 = the file as a whole, line 1 = the CSV header).
    """
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".json"):
        raise _fail("file_type", suffix=path.suffix or "-")
    if not path.is_file():
        raise _fail("file_missing", name=path.name)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise _fail("file_too_large", limit=MAX_FILE_BYTES // (1024 * 1024))
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _fail("not_utf8") from None
    rows = _read_csv(text) if suffix == ".csv" else _read_json(text)
    if not rows:
        raise _fail("no_rows")
    if len(rows) > MAX_ROWS:
        raise _fail("too_many_rows", limit=MAX_ROWS)
    return rows


def _read_csv(text: str) -> list[RawRow]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise _fail("no_rows")
        names = [h.strip() for h in header]
        _check_header(names)
        rows: list[RawRow] = []
        last = reader.line_num
        for record in reader:
            # A quoted cell may span lines; a row is numbered by the line it starts on.
            start, last = last + 1, reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(record) != len(names):
                error = row_error(start, "invalid", field="columns")
                raise ImportFailed(error.details, errors=[error])
            rows.append((start, dict(zip(names, record, strict=True))))
            if len(rows) > MAX_ROWS:
                break
    except csv.Error:
        raise _fail("csv_error", line=reader.line_num) from None
    return rows


def _check_header(names: list[str]) -> None:
    errors: list[ImportFailed] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            errors.append(row_error(1, "duplicate_column", item=name))
        elif name not in COLUMNS:
            errors.append(row_error(1, "unknown_column", field=name or "?"))
        seen.add(name)
    missing = [c for c in REQUIRED_COLUMNS if c not in seen]
    if missing:
        errors.append(row_error(1, "missing_columns", columns=", ".join(missing)))
    if errors:
        raise ImportFailed(errors[0].details, errors=errors)


def _read_json(text: str) -> list[RawRow]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail("bad_json", json_line=exc.lineno, json_column=exc.colno) from None
    except RecursionError:
        raise _fail("bad_json", json_line="?", json_column="?") from None
    if not isinstance(data, list):
        raise _fail("json_not_list")
    return rows_from_objects(data)


def rows_from_objects(items: list[Any]) -> list[RawRow]:
    """Number a list of objects from 1 (JSON items and programmatic rows).

    Raises:
        ImportFailed: An item is not an object.
    """
    errors = [row_error(n, "not_object") for n, item in enumerate(items, start=1) if not isinstance(item, dict)]
    if errors:
        raise ImportFailed(errors[0].details, errors=errors)
    return [(n, dict(item)) for n, item in enumerate(items, start=1)]
