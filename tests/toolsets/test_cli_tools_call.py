"""``pharmai tools call NAME 'JSON' [--user ID] [--profile P]`` for every tool of every registered profile:
exit 0 and the profile's JSON envelope on stdout, whatever the outcome."""

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
from pharmai.toolsets import registry_for
from tests.toolsets._helpers import cli_call
from tests.toolsets.conftest import profiles

runner = CliRunner()

#: One meaningful call per tool: (arguments, acting patient, a key the successful envelope must carry).
CALLS: dict[str, dict[str, tuple[dict[str, Any], str | None, str]]] = {
    "canonical": {
        "get_medication_by_name": ({"medication_name": "Ibuprofen"}, None, "medication"),
        "list_medications": ({"limit": 2}, None, "medications"),
        "inventory_check": ({"query": "Advil"}, None, "matches"),
        "inventory_find_equivalent": ({"med_id": "m001"}, None, "equivalents"),
        "interaction_check": ({"med_ids": ["m010", "m001"]}, None, "interaction_level"),
        "verify_customer_identity": ({"identifier": "david.cohen@example.com"}, None, "masked_destination"),
        "get_user_prescriptions": ({}, "u002", "prescriptions"),
        "prescription_verify": ({"presc_id": "p001"}, "u002", "next_step"),
        "request_refill": ({"presc_id": "p002"}, "u002", "CONFIRMATION_REQUIRED"),
        "transfer_to_pharmacist": ({"reason": "customer asks for a pharmacist"}, None, "ticket"),
        "schedule_callback": (
            {"requested_time": "2026-03-03T10:00", "reason": "a question about a refill"},
            "u002",
            "CONFIRMATION_REQUIRED",
        ),
    },
    "seed-000": {
        "inventory_check": ({"query": "Advil", "language": "en"}, None, "matches"),
        "inventory_find_equivalent": ({"med_id": "m001", "language": "en"}, None, "equivalents"),
        "prescription_verify": (
            {"patient_id": "u002", "med_id": "m007", "intent": "refill", "language": "en"},
            "u002",
            "next_step",
        ),
        "interaction_check": ({"med_ids": ["m010", "m001"], "language": "en"}, None, "interaction_level"),
    },
    "seed-001": {
        "get_medication_by_name": ({"medication_name": "Ibuprofen"}, None, "medication"),
        "check_inventory": ({"medication_id": 7}, None, "inventory"),
        "prescription_management": (
            {"action": "LIST", "user_identifier": "david.cohen@example.com"},
            "u002",
            "prescriptions",
        ),
    },
    "seed-002": {
        "get_medication": ({"query": "Advil"}, None, "med"),
        "get_user_prescriptions": ({}, "u002", "prescriptions"),
        "list_medications": ({"rx_filter": None, "stock_filter": None}, None, "medications"),
    },
}


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    monkeypatch.delenv("PHARMAI_TOOL_PROFILE", raising=False)
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


call = cli_call


def _ok(envelope: dict[str, Any]) -> bool:
    return bool(envelope["success"] if "success" in envelope else envelope["ok"])


def test_every_registered_profile_is_covered() -> None:
    assert set(profiles()) == set(CALLS)
    for profile in profiles():
        assert set(registry_for(profile).names()) == set(CALLS[profile]), profile


@pytest.mark.parametrize("profile", sorted(CALLS))
def test_every_tool_of_every_profile(env: str, profile: str) -> None:
    for tool, (arguments, user, key) in CALLS[profile].items():
        options = ["--profile", profile] + (["--user", user] if user else [])
        envelope = call(tool, arguments, *options)
        if key == "CONFIRMATION_REQUIRED":
            assert envelope["error"]["code"] == key and envelope["error"]["details"]["confirmation_id"]
        else:
            assert _ok(envelope) and key in envelope, (profile, tool, envelope)


def test_the_default_profile_is_canonical_and_hebrew_works(env: str) -> None:
    envelope = call("inventory_check", {"query": "טיילנול", "language": "he"}, "--language", "he")
    assert envelope["ok"] is True and envelope["matches"][0]["med_id"] == "m005"
    assert re.search(r"[\u0590-\u05FF]", envelope["notes"])


@pytest.mark.parametrize(
    ("profile", "tool", "arguments", "code"),
    [
        ("canonical", "get_user_prescriptions", {}, "IDENTITY_REQUIRED"),
        ("seed-002", "get_user_prescriptions", {}, "MISSING_USER_ID"),
        ("canonical", "prescription_verify", {"presc_id": "p001"}, "IDENTITY_REQUIRED"),
    ],
)
def test_phi_tools_without_user_answer_identity_required(
    env: str, profile: str, tool: str, arguments: Any, code: str
) -> None:
    envelope = call(tool, arguments, "--profile", profile)
    assert _ok(envelope) is False
    assert (envelope["error_code"] if "error_code" in envelope else envelope["error"]["code"]) == code


@pytest.mark.parametrize("arguments", ["{not json", "[1, 2]", '"Advil"', json.dumps({"medication_name": "x" * 10_000})])
def test_bad_json_is_an_envelope_not_a_crash(env: str, arguments: str) -> None:
    envelope = call("get_medication_by_name", arguments)
    assert envelope["ok"] is False and envelope["error"]["code"] == "VALIDATION_ERROR"


def test_unknown_tool_is_an_envelope(env: str) -> None:
    assert call("drop_everything", {})["error"]["code"] == "TOOL_NOT_FOUND"


def test_unknown_profile_fails_with_exit_2(env: str) -> None:
    result = runner.invoke(app, ["tools", "call", "inventory_check", "{}", "--profile", "seed-999"])
    assert result.exit_code == 2


def test_otp_flow_across_cli_calls(env: str) -> None:
    sent = call("verify_customer_identity", {"identifier": "050-123-4567"}, "--conversation", "cli-otp")
    assert sent["status"] == "code_sent"
    outbox = runner.invoke(app, ["outbox"])
    assert outbox.exit_code == 0
    code = re.findall(r"\b(\d{6})\b", outbox.stdout)[0]
    verified = call(
        "verify_customer_identity", {"identifier": "050-123-4567", "code": code}, "--conversation", "cli-otp"
    )
    assert verified["status"] == "verified" and verified["user"]["user_id"] == "u002"


def test_another_patients_prescription_answers_like_an_unknown_one_from_the_cli(env: str) -> None:
    foreign = call("prescription_verify", {"presc_id": "p101"}, "--user", "u002")
    unknown = call("prescription_verify", {"presc_id": "p999"}, "--user", "u002")
    assert foreign["error"]["code"] == "PRESCRIPTION_NOT_FOUND" and "Noa" not in json.dumps(foreign)
    assert foreign == unknown
