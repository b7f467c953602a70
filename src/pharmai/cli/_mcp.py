"""``pharmai mcp``: serve the active tool profile to an MCP client over stdio."""

from __future__ import annotations

from typing import Annotated

import typer

from pharmai.cli import _common
from pharmai.cli._staff import actor_from_settings
from pharmai.db.models import Patient

__all__ = ["mcp"]

_LANGUAGES = ("he", "en")


def mcp(
    user: Annotated[
        str | None,
        typer.Option(
            "--user",
            envvar="PHARMAI_MCP_USER",
            help="Serve one trusted patient (a personal assistant): calls act for them without a code.",
        ),
    ] = None,
    profile: Annotated[
        str | None, typer.Option("--profile", "-p", help="Tool profile (default: PHARMAI_TOOL_PROFILE).")
    ] = None,
    language: Annotated[str, typer.Option("--language", help="Default language of texts: he or en.")] = "en",
    store: Annotated[str | None, typer.Option("--store", help="The session's default store.")] = None,
) -> None:
    """Serve the tools over stdio to an MCP client (stdout carries only MCP messages).

    With PHARMAI_STAFF_TOKEN set, every call is made by that member of staff.
    """
    from pharmai.mcp import run_stdio  # the MCP SDK is imported only by this command

    if language not in _LANGUAGES:
        raise _common.fail(f"unknown language {language!r}; choose he or en", code=2)
    db = _common.open_db()
    try:
        if user is not None:
            with db.session() as session:
                known = isinstance(user, str) and 0 < len(user) <= 32 and session.get(Patient, user) is not None
            if not known:
                # Never echo the id back: it may be a name or an email typed by mistake.
                raise _common.fail("unknown patient for --user / PHARMAI_MCP_USER", code=2)
        actor = actor_from_settings(db)
        run_stdio(
            db, _common.settings(), patient_id=user, language=language, store_id=store, profile=profile, actor=actor
        )
    finally:
        db.dispose()
