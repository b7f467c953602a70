"""``pharmai chat`` through the real command line on a temporary SQLite file (yes-man engine: no model)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.db import Database
from pharmai.db.models import RefillRequest
from pharmai.settings import get_settings


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'chat.db'}"
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    monkeypatch.setenv("PHARMAI_RATE_LIMIT_CONVERSATION", "1000/minute")
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


def _script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _chat_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["chat", "--engine", "yes-man", *args])
    assert result.exit_code == 0, result.output
    transcript: dict[str, Any] = json.loads(result.stdout)
    return transcript


def _refills(url: str, presc_id: str) -> list[str]:
    db = Database(url)
    try:
        with db.session() as s:
            return list(s.scalars(select(RefillRequest.status).where(RefillRequest.presc_id == presc_id)))
    finally:
        db.dispose()


def test_script_json_transcript_with_approve(db_url: str, tmp_path: Path) -> None:
    script = _script(tmp_path, "# a refill, confirmed", "", "refill p002", "/approve")
    transcript = _chat_json("--user", "u002", "--language", "en", "--script", script, "--json")
    assert transcript["engine"] == "yes-man" and transcript["conversation_id"]
    first, second = transcript["turns"]
    assert first["user"] == "refill p002" and first["language"] == "en"
    assert first["tool_calls"][0]["name"] == "request_refill"
    assert first["tool_calls"][0]["result"]["error"]["code"] == "CONFIRMATION_REQUIRED"
    assert first["confirmation"]["tool"] == "request_refill" and first["confirmation"]["status"] == "approved"
    assert first["confirmation"]["summary"]
    assert second["user"] == "/approve" and second["confirmation"] is None
    assert second["tool_calls"][0]["result"]["refill"]["presc_id"] == "p002"
    assert _refills(db_url, "p002") == ["pending"]


def test_script_deny_in_hebrew_runs_nothing(db_url: str, tmp_path: Path) -> None:
    script = _script(tmp_path, "תחדש לי את p002", "/deny")
    transcript = _chat_json("--user", "u002", "--script", script, "--json")
    first, second = transcript["turns"]
    assert first["language"] == "he" and first["confirmation"]["status"] == "denied"
    assert any("\u05d0" <= ch <= "\u05ea" for ch in first["confirmation"]["summary"])
    assert second["tool_calls"][0]["result"]["error"]["code"] == "CONFIRMATION_DENIED"
    assert _refills(db_url, "p002") == []


def test_script_otp_placeholder_verifies_identity(db_url: str, tmp_path: Path) -> None:
    script = _script(tmp_path, "my email is david.cohen@example.com", "{{otp}}", "my prescriptions")
    transcript = _chat_json("--language", "en", "--script", script, "--json")
    sent, verified, listed = transcript["turns"]
    assert sent["tool_calls"][0]["result"]["status"] == "code_sent"
    assert verified["user"].isdigit() and verified["tool_calls"][0]["result"]["status"] == "verified"
    assert listed["tool_calls"][0]["result"]["ok"] is True
    assert "David Cohen" in listed["reply"]


def test_approve_without_a_pending_confirmation_is_skipped(db_url: str, tmp_path: Path) -> None:
    transcript = _chat_json("--script", _script(tmp_path, "/approve", "hello"), "--json")
    assert [t["user"] for t in transcript["turns"]] == ["hello"]


def test_script_without_json_prints_the_replies(db_url: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["chat", "--engine", "yes-man", "--language", "en", "--script", _script(tmp_path, "hello there")]
    )
    assert result.exit_code == 0, result.output
    assert "> hello there" in result.stdout and "happy to help" in result.stdout


@pytest.mark.parametrize(("language", "greeting", "answer"), [("en", "hi", "happy to help"), ("he", "שלום", "אשמח")])
def test_interactive_chat_shows_tool_calls_and_asks_confirmations_inline(
    db_url: str, language: str, greeting: str, answer: str
) -> None:
    keys = f"{greeting}\nrefill p002\ny\n/quit\n"
    result = CliRunner().invoke(
        app, ["chat", "--engine", "yes-man", "--user", "u002", "--language", language], input=keys
    )
    assert result.exit_code == 0, result.output
    assert answer in result.stdout
    assert "→ request_refill" in result.stdout and "CONFIRMATION_REQUIRED" in result.stdout
    assert "[y/n]" in result.stdout
    assert _refills(db_url, "p002") == ["pending"]


@pytest.mark.parametrize(
    "args",
    [
        ["--language", "fr"],
        ["--user", "u002", "--identity-mode", "otp"],
        ["--engine", "gpt-17"],
        ["--json"],
        ["--store", "s99"],
        ["--user", "u999"],
        ["--script", "/nonexistent/script.txt"],
    ],
)
def test_bad_options_exit_with_an_error(db_url: str, args: list[str]) -> None:
    engine = [] if "--engine" in args else ["--engine", "yes-man"]
    result = CliRunner().invoke(app, ["chat", *engine, *args], input="")
    assert result.exit_code == 2, result.output


def test_the_default_offline_engine_refills_through_a_hebrew_script(db_url: str, tmp_path: Path) -> None:
    script = _script(tmp_path, "המייל שלי david.cohen@example.com", "{{otp}}", "תחדש לי את הגלוקופאז׳", "כן")
    result = CliRunner().invoke(app, ["chat", "--script", script, "--json"])
    assert result.exit_code == 0, result.output
    transcript = json.loads(result.stdout)
    assert transcript["engine"] == "offline"
    assert [t["language"] for t in transcript["turns"]] == ["he", "he", "he", "he"]
    asked = transcript["turns"][2]
    assert asked["confirmation"]["tool"] == "request_refill" and asked["confirmation"]["status"] == "approved"
    assert _refills(db_url, "p002") == ["pending"]


def test_start_prepares_the_database_and_opens_the_chat(db_url: str) -> None:
    result = CliRunner().invoke(app, ["start", "--language", "en"], input="/quit\n")
    assert result.exit_code == 0, result.output
    assert "pharmai ready" in result.stdout and "/quit to leave" in result.stdout
