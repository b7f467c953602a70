"""``pharmai staff calendar export | sync``: the consultation calendar as iCalendar, and its CalDAV sync.

``export`` writes an RFC 5545 file (or standard output) of the consultations booked in a range of days;
``sync`` pushes bookings to the CalDAV calendar ``PHARMAI_CALDAV_URL`` names and imports the events
created there (under the same booking rules). Both are operator commands run where the database is, like
the other ``pharmai staff`` commands. Messages come in English or Hebrew (``pharmai staff --language he``);
nothing printed holds a title or a note.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any

import typer

from pharmai.cli import _common
from pharmai.errors import PharmaiError
from pharmai.pharmacy import calendar
from pharmai.pharmacy._common import get_store
from pharmai.pharmacy.calendar import caldav_sync
from pharmai.pharmacy.calendar.ical import to_ical

__all__ = ["app"]

_M = {
    # "Label: number" keeps Hebrew free of number agreement ("נשלחו לשרת: 1").
    "exported": {
        "en": "Consultations exported to {path}: {count}.",
        "he": "ייעוצים שיוצאו לקובץ {path}: {count}.",
    },
    "synced": {
        "en": "Calendar synced. Sent to the server: {pushed}; imported: {pulled}; unchanged: {unchanged}; "
        "skipped: {skipped}.",
        "he": "היומן סונכרן. נשלחו לשרת: {pushed}; יובאו: {pulled}; ללא שינוי: {unchanged}; דולגו: {skipped}.",
    },
    "skipped": {"en": "  skipped ({reason}): {count}", "he": "  דולגו ({reason}): {count}"},
}

app = typer.Typer(
    help="The pharmacists' consultation calendar: iCalendar export and CalDAV sync.", no_args_is_help=True
)


def _lang(ctx: typer.Context) -> str:
    language = str((ctx.obj or {}).get("language", "en"))
    return language if language in {"en", "he"} else "en"


def _fail(ctx: typer.Context, exc: PharmaiError) -> typer.Exit:
    return _common.fail(exc.message(_lang(ctx)), code=2 if exc.code == "VALIDATION_ERROR" else 1)


@app.command("export")
def export(
    ctx: typer.Context,
    store_id: Annotated[str | None, typer.Option("--store", help="Only this store (default: every store).")] = None,
    start: Annotated[str | None, typer.Option("--from", help="First day, YYYY-MM-DD (default: today).")] = None,
    end: Annotated[str | None, typer.Option("--to", help="Last day, YYYY-MM-DD (default: 90 days on).")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of standard output.")
    ] = None,
) -> None:
    """Write the consultations of a range of days as an iCalendar (.ics) file."""
    language = _lang(ctx)
    db = _common.open_db(seed=False)
    try:
        today = _common.clock().now().astimezone(calendar.TIMEZONE).date()
        first = calendar.parse_day(start, "from") if start else today
        last = calendar.parse_day(end, "to") if end else first + timedelta(days=calendar.MAX_DAYS_AHEAD)
        with db.session() as session:
            store = get_store(session, store_id).store_id if store_id else None
            events, _ = calendar.list_events(session, start_date=first, end_date=last, store_id=store, limit=100_000)
    except PharmaiError as exc:
        raise _fail(ctx, exc) from None
    finally:
        db.dispose()
    data = to_ical(events, language=language)
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    output.write_bytes(data)
    typer.echo(_M["exported"][language].format(count=len(events), path=output), err=True)


@app.command("sync")
def sync(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Push bookings to the CalDAV calendar (PHARMAI_CALDAV_URL) and import the events created there."""
    language = _lang(ctx)
    db = _common.open_db(seed=False)
    try:
        remote = caldav_sync.open_calendar(_common.settings())
        report = caldav_sync.sync(db, remote, _common.clock().now())
    except PharmaiError as exc:
        raise _fail(ctx, exc) from None
    finally:
        db.dispose()
    if as_json:
        _common.print_json(report.as_dict())
        return
    values: dict[str, Any] = report.as_dict()
    typer.echo(_M["synced"][language].format(**{**values, "skipped": sum(report.skipped.values())}))
    for reason, count in sorted(report.skipped.items()):
        typer.echo(_M["skipped"][language].format(reason=reason, count=count))
