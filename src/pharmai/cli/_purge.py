"""``pharmai db purge``: delete what is past its retention period (or, with ``--dry-run``, count it)."""

from __future__ import annotations

import typer
from sqlalchemy.exc import SQLAlchemyError

from pharmai.cli._common import clock, open_db, settings
from pharmai.db.retention import DEFAULT_BATCH_SIZE, PurgeReport, RetentionPolicy
from pharmai.db.retention import purge as purge_rows
from pharmai.errors import DatabaseError, PharmaiError

__all__ = ["purge"]

_MESSAGES = {
    "done": {
        "en": "Deleted {total} rows: conversations idle since before {cutoff} ({days} days) with their messages "
        "and confirmations, outbox rows older than that, audit rows older than {audit_cutoff} ({audit_days} days).",
        "he": "נמחקו {total} שורות: שיחות שלא היתה בהן פעילות מאז לפני {cutoff} ({days} ימים) עם ההודעות "
        "והאישורים שלהן, שורות תיבת דואר יוצא ישנות מזה, ושורות ביקורת ישנות מ-{audit_cutoff} ({audit_days} ימים).",
    },
    "dry_run": {
        "en": "Dry run: {total} rows would be deleted (conversations idle since before {cutoff}, {days} days; "
        "audit rows older than {audit_cutoff}, {audit_days} days). Nothing was deleted.",
        "he": "הרצת ניסיון: {total} שורות היו נמחקות (שיחות שלא היתה בהן פעילות מאז לפני {cutoff}, {days} ימים; "
        "שורות ביקורת ישנות מ-{audit_cutoff}, {audit_days} ימים). דבר לא נמחק.",
    },
    "bad_language": {"en": "--language must be en or he.", "he": "--language חייב להיות en או he."},
}


def _summary(report: PurgeReport, policy: RetentionPolicy, language: str) -> list[str]:
    lines = [f"{table:<14}{count:>10}" for table, count in report.counts.items()]
    template = _MESSAGES["dry_run" if report.dry_run else "done"][language]
    lines.append(
        template.format(
            total=report.total,
            cutoff=report.cutoff.date().isoformat(),
            audit_cutoff=report.audit_cutoff.date().isoformat(),
            days=policy.days,
            audit_days=policy.audit_days,
        )
    )
    return lines


def purge(
    dry_run: bool = typer.Option(False, "--dry-run", help="Count what would be deleted, per table; delete nothing."),
    batch_size: int = typer.Option(
        DEFAULT_BATCH_SIZE, "--batch-size", min=1, max=10_000, help="Conversations (or other rows) per transaction."
    ),
    language: str = typer.Option("en", "--language", help="Language of the summary: en or he."),
) -> None:
    """Delete what is past its retention period; prints the rows per table.

    Conversations idle longer than PHARMAI_RETENTION_DAYS go with their messages and confirmations, as do
    outbox rows older than that; audit rows older than PHARMAI_AUDIT_RETENTION_DAYS go too. Exit 0 when
    done (rows or not), 1 when the database fails, 2 for a bad option.
    """
    if language not in ("en", "he"):
        typer.secho(f"error: {_MESSAGES['bad_language']['en']} / {_MESSAGES['bad_language']['he']}", err=True)
        raise typer.Exit(2)
    policy = RetentionPolicy.from_settings(settings(), batch_size=batch_size)
    try:
        db = open_db(seed=False)
        try:
            report = purge_rows(db, policy, now=clock().now(), dry_run=dry_run)
        finally:
            db.dispose()
    except (PharmaiError, SQLAlchemyError) as exc:
        # The migration run first talks to the driver directly: an unreachable database is said as such.
        error = exc if isinstance(exc, PharmaiError) else DatabaseError()
        typer.secho(f"error: {error.message(language)}", err=True, fg=typer.colors.RED)
        raise typer.Exit(1) from None
    for line in _summary(report, policy, language):
        typer.echo(line)
