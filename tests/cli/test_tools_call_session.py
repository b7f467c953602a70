"""``pharmai tools call``: ``--language he`` answers in Hebrew, and a patient verified with a one-time code
in ``--conversation c1`` stays verified for that conversation's later calls (the README's example)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.settings import get_settings

runner = CliRunner()
_HEBREW = re.compile(r"[\u0590-\u05FF]")


@pytest.fixture(autouse=True)
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PHARMAI_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    monkeypatch.delenv("PHARMAI_TOOL_PROFILE", raising=False)
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def call(name: str, arguments: Any, *options: str) -> dict[str, Any]:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    result = runner.invoke(app, ["tools", "call", name, text, *options])
    assert result.exit_code == 0, result.output
    envelope: dict[str, Any] = json.loads(result.stdout)
    return envelope


def newest_code() -> str:
    outbox = runner.invoke(app, ["outbox", "-n", "1"])
    assert outbox.exit_code == 0
    return str(re.findall(r"\b(\d{6})\b", outbox.stdout)[0])


def test_language_he_gives_hebrew_names_and_notes() -> None:
    envelope = call("inventory_check", {"query": "Advil"}, "--language", "he")
    assert envelope["store"]["name"] == "תל אביב – דיזנגוף"
    assert _HEBREW.search(envelope["matches"][0]["display_name"]) and _HEBREW.search(envelope["notes"])


def test_language_he_gives_hebrew_error_messages() -> None:
    envelope = call("get_user_prescriptions", {}, "--language", "he")
    assert envelope["error"]["code"] == "IDENTITY_REQUIRED" and _HEBREW.search(envelope["error"]["message"])


def test_the_arguments_own_language_wins() -> None:
    envelope = call("inventory_check", {"query": "Advil", "language": "en"}, "--language", "he")
    assert envelope["store"]["name"] == "Tel Aviv – Dizengoff"


def test_without_language_the_answer_is_english() -> None:
    assert call("inventory_check", {"query": "Advil"})["store"]["name"] == "Tel Aviv – Dizengoff"


def test_unknown_language_is_a_usage_error() -> None:
    result = runner.invoke(app, ["tools", "call", "inventory_check", "{}", "--language", "fr"])
    assert result.exit_code == 2


def test_bad_json_with_language_is_still_an_envelope() -> None:
    envelope = call("inventory_check", "{not json", "--language", "he")
    assert envelope["error"]["code"] == "VALIDATION_ERROR"


def test_readme_one_time_code_example_keeps_the_patient_in_the_conversation() -> None:
    sent = call("verify_customer_identity", {"identifier": "050-123-4567"}, "--conversation", "c1")
    assert sent["status"] == "code_sent"
    verified = call(
        "verify_customer_identity", {"identifier": "050-123-4567", "code": newest_code()}, "--conversation", "c1"
    )
    assert verified["status"] == "verified" and verified["user"]["user_id"] == "u002"
    mine = call("get_user_prescriptions", {}, "--conversation", "c1", "--language", "he")
    assert mine["ok"] is True and mine["user"] == {"user_id": "u002", "full_name": "דוד כהן"}
    refill = call("request_refill", {"presc_id": "p002"}, "--conversation", "c1")
    assert refill["error"]["code"] == "CONFIRMATION_REQUIRED"
    assert "Glucophage 850 mg" in refill["error"]["details"]["summary"]
    # Another conversation, or none, has nobody verified.
    assert call("get_user_prescriptions", {}, "--conversation", "c2")["error"]["code"] == "IDENTITY_REQUIRED"
    assert call("get_user_prescriptions", {})["error"]["code"] == "IDENTITY_REQUIRED"


def test_a_wrong_code_binds_nobody() -> None:
    call("verify_customer_identity", {"identifier": "050-123-4567"}, "--conversation", "c3")
    wrong = "000000" if newest_code() != "000000" else "111111"
    failed = call("verify_customer_identity", {"identifier": "050-123-4567", "code": wrong}, "--conversation", "c3")
    assert failed["error"]["code"] == "AUTH_FAILED"
    assert call("get_user_prescriptions", {}, "--conversation", "c3")["error"]["code"] == "IDENTITY_REQUIRED"


def test_user_option_acts_for_that_patient_and_is_not_remembered() -> None:
    assert call("get_user_prescriptions", {}, "--user", "u003", "--conversation", "c4")["user"]["user_id"] == "u003"
    assert call("get_user_prescriptions", {}, "--conversation", "c4")["error"]["code"] == "IDENTITY_REQUIRED"


def test_overlong_conversation_id_is_a_usage_error() -> None:
    result = runner.invoke(app, ["tools", "call", "list_medications", "{}", "--conversation", "c" * 65])
    assert result.exit_code == 2
