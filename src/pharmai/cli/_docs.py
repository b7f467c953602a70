"""``pharmai docs …``: import the pharmacy's documents (SOPs, guidelines) for the staff search tools."""

from __future__ import annotations

import typer

from pharmai.cli._common import open_db, print_json, settings
from pharmai.errors import PharmaiError
from pharmai.pharmacy.documents import FileReport, import_documents

__all__ = ["app"]

app = typer.Typer(help="The pharmacy's documents: import SOPs and guidelines for staff search.", no_args_is_help=True)

_STATUS = {
    "imported": {"en": "imported", "he": "יובא"},
    "updated": {"en": "updated", "he": "עודכן"},
    "unchanged": {"en": "unchanged", "he": "ללא שינוי"},
    "skipped": {"en": "skipped (not a PDF, Markdown or text file)", "he": "דולג (לא קובץ PDF, Markdown או טקסט)"},
    "failed": {"en": "failed", "he": "נכשל"},
}


def _summary(ok: int, total: int, failed: int, skipped: int, lang: str) -> str:
    # Hebrew with number agreement: "קובץ אחד נכשל", "2 קבצים נכשלו".
    if lang == "he":

        def files(n: int, one: str, many: str) -> str:
            return f"קובץ אחד {one}" if n == 1 else f"{n} קבצים {many}"

        return (
            f"{files(ok, 'יובא או מעודכן', 'יובאו או מעודכנים')} מתוך {total}, "
            f"{files(failed, 'נכשל', 'נכשלו')}, {files(skipped, 'דולג', 'דולגו')}."
        )
    noun = "file" if total == 1 else "files"
    return f"{ok} of {total} {noun} imported or up to date, {failed} failed, {skipped} skipped."


def _line(report: FileReport, lang: str) -> str:
    text = f"{_STATUS[report.status][lang]}: {report.location}"
    if report.document_id:
        text += f" ({report.document_id}, {report.passages})"
    if report.error is not None:
        text += f" — {report.error.message(lang)}"
    return text


@app.command("import")
def import_(
    source: str = typer.Argument(
        ...,
        help="A folder, one file, or a WebDAV / Nextcloud folder URL (https://host/remote.php/dav/files/USER/SOPs/).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the per-file report as JSON."),
    language: str = typer.Option("en", "--language", help="Language of the messages: en or he."),
) -> None:
    """Import PDF, Markdown and text documents; each file is imported whole or not at all.

    A file imported before from the same path with the same content is left as it is; a changed one has
    its passages replaced. WebDAV credentials come from PHARMAI_DOCUMENTS_WEBDAV_USERNAME / _PASSWORD.
    Exit status 1 when any file failed (the others are imported).
    """
    lang = language if language in ("en", "he") else "en"
    config = settings()
    db = open_db()

    def show(report: FileReport) -> None:
        if not as_json:
            typer.echo(_line(report, lang), err=report.status == "failed")

    try:
        reports = import_documents(
            db,
            source,
            username=config.documents_webdav_username,
            password=config.documents_webdav_password,
            timeout=config.documents_webdav_timeout,
            on_file=show,
        )
    except PharmaiError as exc:
        typer.secho(f"error: {exc.message(lang)}", err=True, fg=typer.colors.RED)
        raise typer.Exit(1) from None
    failed = sum(r.status == "failed" for r in reports)
    skipped = sum(r.status == "skipped" for r in reports)
    if as_json:
        print_json({"files": [r.as_dict(lang) for r in reports], "failed": failed})
    else:
        ok = len(reports) - failed - skipped
        typer.echo(_summary(ok, len(reports), failed, skipped, lang))
    if failed:
        raise typer.Exit(1)
