"""The staff tools from the terminal: ``pharmai tools list|export|call --profile staff`` (real executor,
real database file), and the default (customer) profile not answering them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.db import Database, upgrade
from pharmai.settings import get_settings
from pharmai.tools import check_strict
from tests import _staff as staff_support
from tests.toolsets._helpers import cli_call

runner = CliRunner()

CG = {
    "score": "renal_dosing",
    "parameters": {
        "age_years": 60,
        "sex": "male",
        "weight_kg": 80,
        "creatinine_unit": "mg/dL",
        "serum_creatinine": 1.2,
    },
}


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A database file with a technician's personal token in ``PHARMAI_STAFF_TOKEN`` (the tools need a role)."""
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    db = Database(url)
    upgrade(db)
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    staff_support.add(db, "tami", "technician", now)
    token, _ = staff_support.token_for(db, "tami", now, days=3650)
    db.dispose()
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    monkeypatch.setenv("PHARMAI_STAFF_TOKEN", token)
    monkeypatch.delenv("PHARMAI_TOOL_PROFILE", raising=False)
    monkeypatch.delenv("PHARMAI_REDIS_URL", raising=False)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


call = cli_call


def test_list_and_export_the_staff_profile() -> None:
    listed = runner.invoke(app, ["tools", "list", "--profile", "staff"])
    assert listed.exit_code == 0
    assert [line.split("\t")[:3] for line in listed.stdout.splitlines()] == [
        ["calculate_medical_score", "1.0.0", "READ"],
        ["list_interactions", "1.0.0", "READ"],
        ["search_pubmed", "1.0.0", "READ"],
        ["search_documents", "1.0.0", "READ"],
        ["retrieve_document", "1.0.0", "READ"],
        ["get_calendar_events", "1.0.0", "READ"],
        ["create_calendar_event", "1.0.0", "WRITE"],
        ["lookup_customer", "1.0.0", "READ"],
        ["create_support_ticket", "1.0.0", "WRITE"],
        ["update_ticket", "1.0.0", "WRITE"],
        ["list_tickets", "1.0.0", "READ"],
    ]
    exported = runner.invoke(app, ["tools", "export", "--format", "openai", "--profile", "staff"])
    assert exported.exit_code == 0
    for tool in json.loads(exported.stdout):
        check_strict(tool["parameters"])


def test_calculate_from_the_cli_in_english_and_hebrew(env: str) -> None:
    english = call("calculate_medical_score", CG, "--profile", "staff")
    assert english["ok"] is True and english["value"] == 74.1 and english["band"]["code"] == "mild"
    hebrew = call("calculate_medical_score", CG, "--profile", "staff", "--language", "he")
    assert hebrew["value"] == 74.1 and hebrew["band"]["label"] == 'ירידה קלה (60–89 מ"ל/דקה)'


def test_cli_validation_errors_are_envelopes(env: str) -> None:
    missing_unit = {"score": "renal_dosing", "parameters": {**CG["parameters"], "creatinine_unit": None}}
    err = call("calculate_medical_score", missing_unit, "--profile", "staff", "--language", "he")["error"]
    assert err["code"] == "VALIDATION_ERROR" and err["message"] == "חלק מהקלט אינו תקין: parameters.creatinine_unit."
    assert call("calculate_medical_score", "{not json", "--profile", "staff")["error"]["code"] == "VALIDATION_ERROR"


def test_list_interactions_from_the_cli(env: str) -> None:
    envelope = call("list_interactions", {"med_id": "m015"}, "--profile", "staff")
    assert envelope["ok"] is True and envelope["interaction_level"] == "avoid"
    assert [
        (i["interacts_with"]["ingredient_id"], [p["med_id"] for p in i["products"]]) for i in envelope["interactions"]
    ] == [("omeprazole", ["m014"])]
    assert call("list_interactions", {"med_id": "m999"}, "--profile", "staff")["error"]["code"] == "MED_NOT_FOUND"


def test_the_default_profile_does_not_have_staff_tools(env: str) -> None:
    assert call("calculate_medical_score", CG)["error"]["code"] == "TOOL_NOT_FOUND"
    assert call("list_interactions", {"med_id": "m010"})["error"]["code"] == "TOOL_NOT_FOUND"


def test_without_a_staff_token_the_staff_tools_are_refused(env: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PHARMAI_STAFF_TOKEN")
    get_settings.cache_clear()
    err = call("calculate_medical_score", CG, "--profile", "staff")["error"]
    assert err["code"] == "FORBIDDEN" and err["details"]["reason"] == "staff_only"
