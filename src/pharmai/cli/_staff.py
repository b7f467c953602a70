"""``pharmai staff add | list | disable | enable | reset-password | token create | list | revoke``.

Passwords are read from a hidden, confirmed prompt, or from the first line of standard input when it is
not a terminal (``--password-stdin`` forces that); never from the command line, where other users of the
machine could read them. A personal token is printed once, on standard output, and never again.
Messages come in English or Hebrew (``pharmai staff --language he …``).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from pharmai.cli import _common, _staff_calendar
from pharmai.db import Database
from pharmai.errors import NotFound, PharmaiError, ValidationFailed
from pharmai.pharmacy import staff
from pharmai.pharmacy.staff import staff_from_bearer
from pharmai.tools import Actor

__all__ = ["actor_from_settings", "app"]

_M = {
    "added": {"en": "Added {username} ({role}).", "he": "נוסף החשבון {username} ({role})."},
    "disabled": {
        "en": "Disabled {username}: signed out everywhere; its tokens no longer work.",
        "he": "החשבון {username} הושבת: כל הכניסות שלו נסגרו והאסימונים שלו אינם פועלים עוד.",
    },
    "enabled": {"en": "Enabled {username}.", "he": "החשבון {username} הופעל מחדש."},
    "reset": {
        "en": "New password set for {username}; its console sessions were signed out.",
        "he": "נקבעה סיסמה חדשה לחשבון {username}; כל הכניסות שלו למסוף נסגרו.",
    },
    "token": {
        "en": "Token {token_id} for {username} ({name}), valid until {expires}. It is shown only once: keep it now.",
        "he": "אסימון {token_id} עבור {username} ({name}), בתוקף עד {expires}. הוא מוצג פעם אחת בלבד: שמרו אותו עכשיו.",
    },
    "revoked": {"en": "Revoked token {token_id} of {username}.", "he": "האסימון {token_id} של {username} בוטל."},
    "none": {"en": "No staff accounts yet.", "he": "אין עדיין חשבונות צוות."},
    "no_tokens": {"en": "No tokens.", "he": "אין אסימונים."},
    "not_found": {"en": "No such account or token.", "he": "אין חשבון או אסימון כזה."},
    "invalid": {"en": "Not valid: {fields}.", "he": "לא תקין: {fields}."},
    "no_password": {"en": "No password given on standard input.", "he": "לא נמסרה סיסמה בקלט התקני."},
    "bad_token": {
        "en": "PHARMAI_STAFF_TOKEN is not a valid personal token (unknown, revoked, expired or its account disabled).",
        "he": "PHARMAI_STAFF_TOKEN אינו אסימון אישי תקף (לא מוכר, בוטל, פג תוקפו או שהחשבון שלו הושבת).",
    },
}
_LANGUAGES = ("en", "he")

app = typer.Typer(help="Staff accounts, roles and personal API tokens.", no_args_is_help=True)
token_app = typer.Typer(
    help="Personal API tokens (shown once, stored hashed, revocable, expiring).", no_args_is_help=True
)
app.add_typer(token_app, name="token")
app.add_typer(_staff_calendar.app, name="calendar")

Username = Annotated[str, typer.Argument(help="The account's username (2-64 letters, digits, '.', '-', '_').")]
PasswordStdin = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from the first line of standard input.")
]
Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of tab-separated lines.")]


@app.callback()
def _group(
    ctx: typer.Context,
    language: Annotated[str, typer.Option("--language", help="Language of messages: en or he.")] = "en",
) -> None:
    if language not in _LANGUAGES:
        raise _common.fail(f"unknown language {language!r}; choose en or he", code=2)
    ctx.obj = {"language": language}


def _lang(ctx: typer.Context) -> str:
    return str((ctx.obj or {}).get("language", "en"))


def _say(ctx: typer.Context, key: str, *, err: bool = False, **values: Any) -> None:
    typer.echo(_M[key][_lang(ctx)].format(**values), err=err)


def _failure(ctx: typer.Context, exc: PharmaiError) -> typer.Exit:
    language = _lang(ctx)
    if isinstance(exc, NotFound):
        return _common.fail(_M["not_found"][language], code=1)
    if isinstance(exc, ValidationFailed):
        key = "reason_he" if language == "he" else "reason"
        fields = "; ".join(f"{f.get('field')}: {f.get(key) or f.get('reason') or '?'}" for f in exc.fields)
        taken = any(f.get("reason") == "already taken" for f in exc.fields)
        return _common.fail(_M["invalid"][language].format(fields=fields), code=1 if taken else 2)
    return _common.fail(exc.message(language), code=1)


def _iso(value: datetime | None) -> str | None:
    # SQLite hands back naive datetimes for timezone-aware columns; they were written in UTC.
    if value is None:
        return None
    return (value if value.tzinfo is not None else value.replace(tzinfo=UTC)).isoformat(timespec="seconds")


def _password(ctx: typer.Context, from_stdin: bool) -> str:
    if from_stdin or not sys.stdin.isatty():
        line = sys.stdin.readline().rstrip("\r\n")
        if not line:
            raise _common.fail(_M["no_password"][_lang(ctx)], code=2)
        return line
    return str(typer.prompt("Password / סיסמה", hide_input=True, confirmation_prompt=True))


def _run(ctx: typer.Context, work: Any, *, write: bool = True) -> Any:
    db = _common.open_db(seed=False)
    try:
        with db.session(write=write) as session:
            return work(session, _common.clock().now())
    except PharmaiError as exc:
        raise _failure(ctx, exc) from None
    finally:
        db.dispose()


@app.command("add")
def add(
    ctx: typer.Context,
    username: Username,
    role: Annotated[str, typer.Option("--role", help="admin, pharmacist or technician.")],
    password_stdin: PasswordStdin = False,
) -> None:
    """Create an account with a role; the password comes from a prompt or standard input."""
    try:
        staff.canonical_username(username)
        staff.check_role(role)
    except ValidationFailed as exc:
        raise _failure(ctx, exc) from None
    password = _password(ctx, password_stdin)
    info = _run(ctx, lambda s, now: staff.add_account(s, username, role, password, now))
    _say(ctx, "added", username=info.username, role=info.role)


@app.command("list")
def list_accounts(ctx: typer.Context, as_json: Json = False) -> None:
    """List accounts: username, role, active or disabled, created (never a password hash)."""
    rows = _run(ctx, lambda s, now: staff.list_accounts(s), write=False)
    if as_json:
        _common.print_json(
            [{"username": r.username, "role": r.role, "disabled": r.disabled, "created_at": r.created_at} for r in rows]
        )
        return
    if not rows:
        _say(ctx, "none")
    for r in rows:
        status = "disabled" if r.disabled else "active"
        typer.echo(f"{r.username}\t{r.role}\t{status}\t{r.created_at.date().isoformat()}")


@app.command("disable")
def disable(ctx: typer.Context, username: Username) -> None:
    """Disable an account: its sessions end and its tokens stop working (nothing is deleted)."""
    info = _run(ctx, lambda s, now: staff.set_disabled(s, username, True, now))
    _say(ctx, "disabled", username=info.username)


@app.command("enable")
def enable(ctx: typer.Context, username: Username) -> None:
    """Enable a disabled account again."""
    info = _run(ctx, lambda s, now: staff.set_disabled(s, username, False, now))
    _say(ctx, "enabled", username=info.username)


@app.command("reset-password")
def reset_password(ctx: typer.Context, username: Username, password_stdin: PasswordStdin = False) -> None:
    """Set a new password (prompt or standard input); the account's console sessions end."""
    _run(ctx, lambda s, now: staff.get_account(s, username), write=False)
    password = _password(ctx, password_stdin)
    info = _run(ctx, lambda s, now: staff.reset_password(s, username, password, now))
    _say(ctx, "reset", username=info.username)


@token_app.command("create")
def token_create(
    ctx: typer.Context,
    username: Username,
    name: Annotated[str, typer.Option("--name", help="What the token is for (1-64 characters).")],
    days: Annotated[
        int | None, typer.Option("--days", help="Lifetime in days (default: PHARMAI_STAFF_TOKEN_DAYS, 90).")
    ] = None,
) -> None:
    """Issue a personal token: printed once on standard output (details on standard error)."""
    lifetime = days if days is not None else _common.settings().staff_token_days
    token, info = _run(ctx, lambda s, now: staff.create_token(s, username, name, now, lifetime))
    typer.echo(token)
    expires = _iso(info.expires_at)
    _say(ctx, "token", err=True, token_id=info.token_id, username=info.username, name=info.name, expires=expires)


@token_app.command("list")
def token_list(
    ctx: typer.Context,
    username: Annotated[str | None, typer.Argument(help="Only this account's tokens.")] = None,
    as_json: Json = False,
) -> None:
    """List tokens (never the tokens themselves): id, account, name, status, expiry, last use."""

    def work(session: Any, now: Any) -> list[dict[str, Any]]:
        if username is not None:
            staff.get_account(session, username)
        return [
            {
                "token_id": t.token_id,
                "username": t.username,
                "name": t.name,
                "status": t.status(now),
                "created_at": _iso(t.created_at),
                "expires_at": _iso(t.expires_at),
                "last_used_at": _iso(t.last_used_at),
            }
            for t in staff.list_tokens(session, username)
        ]

    rows = _run(ctx, work, write=False)
    if as_json:
        _common.print_json(rows)
        return
    if not rows:
        _say(ctx, "no_tokens")
    for r in rows:
        used = r["last_used_at"] or "-"
        typer.echo(f"{r['token_id']}\t{r['username']}\t{r['name']}\t{r['status']}\t{r['expires_at']}\t{used}")


@token_app.command("revoke")
def token_revoke(ctx: typer.Context, token_id: Annotated[str, typer.Argument(help="The token's id (tok_…).")]) -> None:
    """Revoke a token at once (it stays listed as revoked)."""
    info = _run(ctx, lambda s, now: staff.revoke_token(s, token_id, now))
    _say(ctx, "revoked", token_id=info.token_id, username=info.username)


def actor_from_settings(db: Database) -> Actor | None:
    """The member of staff ``PHARMAI_STAFF_TOKEN`` names, for ``pharmai tools call`` and ``pharmai mcp``.

    Returns:
        ``None`` when no token is set (the command acts for no staff).

    Raises:
        typer.Exit: The token authenticates nobody (exit 1; the token is never printed).
    """
    token = _common.settings().staff_token
    if not token:
        return None
    found = staff_from_bearer(db, token.strip(), None, _common.clock().now())
    if found is None:
        raise _common.fail(f"{_M['bad_token']['en']} / {_M['bad_token']['he']}", code=1)
    return Actor(id=found.identity.staff_id, role=found.identity.role)
