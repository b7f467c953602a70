"""``pharmai staff`` and staff tokens on the command line, through the real ``pharmai`` app (CliRunner).

Passwords go in on standard input (the runner's stdin is no terminal), never on the command line.
``pharmai tools call`` acts for the member of staff ``PHARMAI_STAFF_TOKEN`` names, with their role.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from click.testing import Result
from sqlalchemy import select
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import AuditLog, StaffAccount, StaffToken
from pharmai.pharmacy import staff
from pharmai.settings import get_settings
from pharmai.tools import Actor, SurrogateRefs
from tests import _staff
from tests._staff import PASSWORD, PROFILE
from tests.conftest import TODAY

Cli = Callable[..., Result]
NOW = Clock(TODAY).now()


@pytest.fixture
def cli(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    """``cli(*args, input=None, **env)`` runs ``pharmai`` on the test database."""
    _staff.register()
    monkeypatch.setenv("PHARMAI_DATABASE_URL", db.url)
    monkeypatch.setenv("PHARMAI_TODAY", TODAY.isoformat())
    for name in ("PHARMAI_REDIS_URL", "PHARMAI_STAFF_TOKEN", "PHARMAI_AUDIT_SECRET"):
        monkeypatch.delenv(name, raising=False)

    def run(*args: str, input: str | None = None, **env: str) -> Result:
        get_settings.cache_clear()
        return CliRunner().invoke(app, list(args), input=input, env=env)

    yield run
    get_settings.cache_clear()


def _hash(db: Database, username: str) -> str:
    with db.session() as session:
        return str(session.scalar(select(StaffAccount.password_hash).where(StaffAccount.username == username)))


def test_add_list_and_refusals(cli: Cli, db: Database) -> None:
    added = cli("staff", "add", "Dana", "--role", "pharmacist", input=PASSWORD + "\n")
    assert added.exit_code == 0, added.output
    assert added.stdout.strip() == "Added dana (pharmacist)."
    assert PASSWORD not in added.output
    assert _hash(db, "dana").startswith("$argon2id$")
    hebrew = cli("staff", "--language", "he", "add", "tom", "--role", "technician", input=PASSWORD + "\n")
    assert hebrew.exit_code == 0 and hebrew.stdout.strip() == "נוסף החשבון tom (technician)."
    listed = cli("staff", "list")
    assert [line.split("\t")[:3] for line in listed.stdout.splitlines()] == [
        ["dana", "pharmacist", "active"],
        ["tom", "technician", "active"],
    ]
    as_json = json.loads(cli("staff", "list", "--json").stdout)
    assert {row["username"] for row in as_json} == {"dana", "tom"}
    assert "password" not in json.dumps(as_json) and "argon2" not in json.dumps(as_json)
    taken = cli("staff", "add", "DANA", "--role", "admin", input=PASSWORD + "\n")
    assert taken.exit_code == 1 and "already taken" in taken.output
    assert cli("staff", "add", "gil", "--role", "boss", input=PASSWORD + "\n").exit_code == 2
    short = cli("staff", "--language", "he", "add", "gil", "--role", "admin", input="short\n")
    assert short.exit_code == 2 and "12" in short.output and "תווים" in short.output and "short" not in short.output
    # A password on the command line is not an option at all.
    assert cli("staff", "add", "gil", "--role", "admin", "--password", PASSWORD).exit_code == 2
    assert cli("staff", "add", "gil", "--role", "admin", input="\n").exit_code == 2


def test_disable_enable_and_reset_password(cli: Cli, db: Database) -> None:
    assert cli("staff", "add", "dana", "--role", "pharmacist", input=PASSWORD + "\n").exit_code == 0
    assert cli("staff", "disable", "dana").exit_code == 0
    assert cli("staff", "list").stdout.split("\t")[2] == "disabled"
    with db.session() as session:
        assert staff.authenticate(session, "dana", PASSWORD) is None
    assert cli("staff", "enable", "dana").exit_code == 0
    reset = cli("staff", "reset-password", "dana", "--password-stdin", input="another long passphrase\n")
    assert reset.exit_code == 0, reset.output
    with db.session() as session:
        assert staff.authenticate(session, "dana", PASSWORD) is None
        assert staff.authenticate(session, "dana", "another long passphrase") is not None
    missing = cli("staff", "disable", "nobody")
    assert missing.exit_code == 1 and "No such account" in missing.output


def test_a_token_is_printed_once_and_stored_hashed(cli: Cli, db: Database) -> None:
    cli("staff", "add", "dana", "--role", "pharmacist", input=PASSWORD + "\n")
    created = cli("staff", "token", "create", "dana", "--name", "laptop", "--days", "30")
    assert created.exit_code == 0, created.output
    token = created.stdout.strip()
    assert token.startswith("pst_") and "\n" not in token
    assert "shown only once" in created.stderr
    listed = cli("staff", "token", "list", "dana", "--json")
    rows = json.loads(listed.stdout)
    assert [(r["name"], r["status"]) for r in rows] == [("laptop", "active")]
    assert token not in listed.output and token[4:] not in listed.output
    with db.session() as session:
        row = session.scalars(select(StaffToken)).one()
        assert token not in str(row.__dict__) and len(row.token_hash) == 64
    revoked = cli("staff", "token", "revoke", rows[0]["token_id"])
    assert revoked.exit_code == 0
    assert json.loads(cli("staff", "token", "list", "--json").stdout)[0]["status"] == "revoked"
    assert cli("staff", "token", "create", "dana", "--name", "x", "--days", "0").exit_code == 2
    assert cli("staff", "token", "revoke", "tok_nope").exit_code == 1


def _call(cli: Cli, tool: str, token: str | None = None) -> Result:
    env = {"PHARMAI_STAFF_TOKEN": token} if token else {}
    return cli("tools", "call", tool, "{}", "--profile", PROFILE, "--language", "he", **env)


def test_tools_call_acts_with_the_token_holders_role(cli: Cli, db: Database) -> None:
    _staff.add(db, "dana", "pharmacist", NOW)
    _staff.add(db, "tom", "technician", NOW)
    pharmacist, _ = _staff.token_for(db, "dana", NOW)
    technician, _ = _staff.token_for(db, "tom", NOW)
    refused = json.loads(_call(cli, "pharmacist_check", technician).stdout)
    assert refused["ok"] is False and refused["error"]["code"] == "FORBIDDEN"
    assert refused["error"]["details"] == {"reason": "role", "roles": ["pharmacist"]}
    assert any("\u0590" <= ch <= "\u05ff" for ch in refused["error"]["message"])
    allowed = json.loads(_call(cli, "pharmacist_check", pharmacist).stdout)
    assert allowed == {"ok": True, "error": None, "role": "pharmacist"}
    nobody = json.loads(_call(cli, "staff_lookup").stdout)
    assert nobody["error"]["code"] == "FORBIDDEN" and nobody["error"]["details"] == {"reason": "staff_only"}
    with db.session() as session:
        rows = session.scalars(select(AuditLog).where(AuditLog.channel == "cli").order_by(AuditLog.id)).all()
        ids = {name: sid for name, sid in session.execute(select(StaffAccount.username, StaffAccount.staff_id))}
    refs = SurrogateRefs(None)
    assert [(r.tool, r.outcome, r.actor_ref) for r in rows[-3:]] == [
        ("pharmacist_check", "refused", refs.actor(Actor(ids["tom"], "technician"))),
        ("pharmacist_check", "ok", refs.actor(Actor(ids["dana"], "pharmacist"))),
        ("staff_lookup", "refused", None),
    ]


def test_a_revoked_or_disabled_token_stops_the_command(cli: Cli, db: Database) -> None:
    _staff.add(db, "dana", "pharmacist", NOW)
    _staff.add(db, "tom", "technician", NOW)
    revoked, revoked_id = _staff.token_for(db, "dana", NOW)
    disabled, _ = _staff.token_for(db, "tom", NOW)
    with db.session(write=True) as session:
        staff.revoke_token(session, revoked_id, NOW)
        staff.set_disabled(session, "tom", True, NOW)
    for token in (revoked, disabled):
        for args in (("tools", "call", "staff_lookup", "{}", "--profile", PROFILE), ("mcp",)):
            result = cli(*args, PHARMAI_STAFF_TOKEN=token)
            assert result.exit_code == 1, result.output
            assert "PHARMAI_STAFF_TOKEN is not a valid personal token" in result.output
            assert token not in result.output
