"""``pharmai db purge`` through the real command line, on SQLite and PostgreSQL.

Rows are aged with the clock, not with sleeps: the conversations are made by ``pharmai chat`` and
``pharmai tools call`` on one pinned day (``PHARMAI_TODAY``), and the purge runs on a later one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from sqlalchemy import func, select
from typer.testing import CliRunner

from pharmai.agent.base import SessionInfo
from pharmai.agent.loop import ConversationLoop
from pharmai.cli import app
from pharmai.clock import FixedClock
from pharmai.db import Database
from pharmai.db.models import AuditLog, Confirmation, Conversation, Message
from pharmai.settings import Settings, get_settings
from pharmai.testing import YesManEngine
from tests.conftest import TODAY

Cli = Callable[..., Result]

_TABLES = ("conversations", "messages", "confirmations", "outbox", "audit_log")


@pytest.fixture
def cli(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    """``cli(*args, on=day, **env)`` runs ``pharmai`` on the test database with the clock pinned to ``day``."""
    monkeypatch.setenv("PHARMAI_DATABASE_URL", db.url)
    monkeypatch.setenv("PHARMAI_RATE_LIMIT_CONVERSATION", "1000/minute")
    for name in ("PHARMAI_REDIS_URL", "PHARMAI_RETENTION_DAYS", "PHARMAI_AUDIT_RETENTION_DAYS"):
        monkeypatch.delenv(name, raising=False)

    def run(*args: str, on: date, **env: str) -> Result:
        get_settings.cache_clear()
        return CliRunner().invoke(app, list(args), env={"PHARMAI_TODAY": on.isoformat(), **env})

    yield run
    get_settings.cache_clear()


def _chat(cli: Cli, tmp_path: Path, on: date, *lines: str, user: str | None = None) -> dict[str, Any]:
    script = tmp_path / f"script-{on.isoformat()}.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    who = ["--user", user] if user else []
    result = cli("chat", "--engine", "yes-man", "--language", "en", *who, "--script", str(script), "--json", on=on)
    assert result.exit_code == 0, result.output
    transcript: dict[str, Any] = json.loads(result.stdout)
    return transcript


def _counts(output: str) -> dict[str, int]:
    rows = [line.split() for line in output.splitlines()[: len(_TABLES)]]
    assert [row[0] for row in rows] == list(_TABLES), output
    return {name: int(count) for name, count in rows}


def _rows(db: Database, model: Any, *where: Any) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(model).where(*where)) or 0)


def test_dry_run_counts_per_table_then_purge_deletes_idle_conversations_whole(
    cli: Cli, db: Database, tmp_path: Path
) -> None:
    # Day 0: a sign-in (an outbox row) and a refill left pending, and a confirmation raised outside any
    # stored conversation (as MCP and `tools call` do). Day 20: a signed-in customer's pending refill.
    old = _chat(cli, tmp_path, TODAY, "my email is david.cohen@example.com", "{{otp}}", "refill p002")
    assert old["turns"][-1]["confirmation"]["status"] == "pending"
    stray = cli("tools", "call", "request_refill", '{"presc_id": "p002"}', "--user", "u002", on=TODAY)
    assert json.loads(stray.stdout)["error"]["code"] == "CONFIRMATION_REQUIRED"
    recent = _chat(cli, tmp_path, TODAY + timedelta(days=20), "refill p002", user="u002")
    assert recent["turns"][0]["confirmation"]["status"] == "pending"
    audit_rows = _rows(db, AuditLog)

    later = TODAY + timedelta(days=31)
    expected = {"conversations": 1, "messages": 6, "confirmations": 2, "outbox": 1, "audit_log": 0}
    for _ in range(2):  # a dry run deletes nothing, so a second one counts the same
        dry = cli("db", "purge", "--dry-run", on=later)
        assert dry.exit_code == 0, dry.output
        assert _counts(dry.stdout) == expected
        assert dry.stdout.splitlines()[-1] == (
            "Dry run: 10 rows would be deleted (conversations idle since before 2026-03-02, 30 days; "
            "audit rows older than 2025-04-01, 365 days). Nothing was deleted."
        )
    assert "david.cohen@example.com" in cli("outbox", on=later).stdout

    done = cli("db", "purge", on=later)
    assert done.exit_code == 0, done.output
    assert _counts(done.stdout) == expected
    assert done.stdout.splitlines()[-1].startswith("Deleted 10 rows: conversations idle since before 2026-03-02")
    # The idle conversation is gone whole; the recent one is untouched, its confirmation still pending.
    old_id, recent_id = old["conversation_id"], recent["conversation_id"]
    assert _rows(db, Conversation) == 1 and _rows(db, Conversation, Conversation.conversation_id == old_id) == 0
    assert _rows(db, Message, Message.conversation_id == old_id) == 0
    assert _rows(db, Message, Message.conversation_id == recent_id) == 2
    assert _rows(db, Confirmation) == 1
    assert _rows(db, Confirmation, Confirmation.conversation_id == recent_id, Confirmation.status == "pending") == 1
    assert _rows(db, AuditLog) == audit_rows  # audit rows hold no PHI: kept for a year
    assert cli("outbox", on=later).stdout.strip() == "the outbox is empty"

    again = cli("db", "purge", on=later)
    assert again.exit_code == 0 and _counts(again.stdout) == dict.fromkeys(_TABLES, 0)


def test_retention_periods_come_from_the_settings_and_the_summary_speaks_hebrew(
    cli: Cli, db: Database, tmp_path: Path
) -> None:
    _chat(cli, tmp_path, TODAY, "my email is david.cohen@example.com", "{{otp}}", "refill p002")
    audit_rows = _rows(db, AuditLog)
    assert audit_rows > 0

    later = TODAY + timedelta(days=45)
    periods = {"PHARMAI_RETENTION_DAYS": "60", "PHARMAI_AUDIT_RETENTION_DAYS": "40"}
    result = cli("db", "purge", "--language", "he", on=later, **periods)
    assert result.exit_code == 0, result.output
    assert _counts(result.stdout) == {**dict.fromkeys(_TABLES, 0), "audit_log": audit_rows}
    summary = result.stdout.splitlines()[-1]
    assert summary.startswith(f"נמחקו {audit_rows} שורות") and "(60 ימים)" in summary and "(40 ימים)" in summary
    assert _rows(db, AuditLog) == 0 and _rows(db, Conversation) == 1

    # The default period (30 days) then takes the conversation with everything of it.
    default = cli("db", "purge", on=later)
    idle = {"conversations": 1, "messages": 6, "confirmations": 1, "outbox": 1, "audit_log": 0}
    assert default.exit_code == 0 and _counts(default.stdout) == idle
    assert _rows(db, Conversation) == _rows(db, Message) == _rows(db, Confirmation) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--language", "fr"], "--language must be en or he."),
        (["--batch-size", "0"], "--batch-size"),
    ],
)
def test_bad_options_exit_2_and_delete_nothing(
    cli: Cli, db: Database, tmp_path: Path, args: list[str], message: str
) -> None:
    _chat(cli, tmp_path, TODAY, "hello")
    result = cli("db", "purge", *args, on=TODAY + timedelta(days=90))
    assert result.exit_code == 2
    assert message in result.output
    assert _rows(db, Conversation) == 1


def test_an_unreachable_database_exits_1_with_the_bilingual_message(cli: Cli) -> None:
    url = "postgresql+psycopg://postgres@127.0.0.1:1/none"
    english = cli("db", "purge", on=TODAY, PHARMAI_DATABASE_URL=url)
    assert english.exit_code == 1
    unavailable = "The pharmacy database is not available right now. Please try again shortly."
    assert english.stderr.strip() == f"error: {unavailable}"
    hebrew = cli("db", "purge", "--language", "he", on=TODAY, PHARMAI_DATABASE_URL=url)
    assert hebrew.exit_code == 1 and "מאגר הנתונים של בית המרקחת אינו זמין כרגע" in hebrew.stderr


def _idle_conversations(db: Database, count: int) -> None:
    """``count`` conversations of one turn each, written on TODAY through the conversation loop."""
    settings = Settings(database_url=db.url, redis_url=None, rate_limit_global="100000/hour")
    with ConversationLoop(db, YesManEngine(), settings=settings, clock=FixedClock(TODAY), audit="sync") as loop:
        for _ in range(count):
            cid = loop.open(SessionInfo(conversation_id="", channel="cli"), "en")
            list(loop.turn(cid, "hello"))


def test_two_purges_at_once_share_the_work_and_delete_each_row_once(db: Database, tmp_path: Path) -> None:
    _idle_conversations(db, 60)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
    env |= {"PHARMAI_DATABASE_URL": db.url, "PHARMAI_TODAY": (TODAY + timedelta(days=31)).isoformat()}
    command = [sys.executable, "-c", "from pharmai.cli import main; main()", "db", "purge", "--batch-size", "3"]
    purges = [
        subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [purge.communicate(timeout=120) for purge in purges]
    assert [purge.returncode for purge in purges] == [0, 0], outputs
    counts = [_counts(stdout) for stdout, _ in outputs]
    assert sum(c["conversations"] for c in counts) == 60
    assert sum(c["messages"] for c in counts) == 120
    assert _rows(db, Conversation) == _rows(db, Message) == 0
