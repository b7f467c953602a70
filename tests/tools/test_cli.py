"""``pharmai tools list | export | call`` through the real command line, with the test profile."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.db.engine import Database
from pharmai.db.models import AuditLog
from pharmai.settings import get_settings
from pharmai.tools import export_tools
from pharmai.toolsets import registry_for
from tests.tools.toolset import PROFILE

runner = CliRunner()


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TOOL_PROFILE", PROFILE)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


def test_list(env: str) -> None:
    result = runner.invoke(app, ["tools", "list"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert [line.split("\t")[0] for line in lines] == registry_for(PROFILE).names()
    assert "open_ticket\t1.0.0\tWRITE\tconfirm\tOpen a support ticket" in lines[3]


@pytest.mark.parametrize("fmt", ["openai", "chat", "anthropic", "mcp"])
def test_export(env: str, fmt: str) -> None:
    result = runner.invoke(app, ["tools", "export", "--format", fmt, "--profile", PROFILE])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == export_tools(registry_for(PROFILE), fmt)


def test_bad_format_and_profile_fail(env: str) -> None:
    assert runner.invoke(app, ["tools", "export", "--format", "xml"]).exit_code == 2
    result = runner.invoke(app, ["tools", "list", "--profile", "no-such-profile"])
    assert result.exit_code == 2 and "unknown tool profile" in result.output


def test_call_prints_envelope_and_audits(env: str) -> None:
    ok = runner.invoke(app, ["tools", "call", "whoami", "{}", "--user", "u001", "--conversation", "cli-1"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output) == {"ok": True, "error": None, "patient_id": "u001"}
    refused = runner.invoke(app, ["tools", "call", "whoami", "{}", "--language", "he"])
    assert refused.exit_code == 0
    error = json.loads(refused.output)["error"]
    assert error["code"] == "IDENTITY_REQUIRED" and error["message"].startswith("יש לאמת")
    bad = runner.invoke(app, ["tools", "call", "echo", "{not json"])
    assert bad.exit_code == 0 and json.loads(bad.output)["error"]["code"] == "VALIDATION_ERROR"
    db = Database(env)
    with db.session() as session:
        rows = list(session.scalars(select(AuditLog).order_by(AuditLog.id)))
    db.dispose()
    assert [(r.tool, r.outcome, r.channel) for r in rows] == [
        ("whoami", "ok", "cli"),
        ("whoami", "refused", "cli"),
        ("echo", "refused", "cli"),
    ]
    assert rows[0].conversation_id == "cli-1"
