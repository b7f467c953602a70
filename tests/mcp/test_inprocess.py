"""The MCP server through the SDK's in-process client, in each protocol mode it offers:
tool listing against the golden schemas, every read tool, bad arguments, identity, and confirmation by
elicitation (accepted, declined, dismissed, or impossible because the client has no form support)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from mcp import Client
from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import Confirmation, RefillRequest
from pharmai.mcp import CONVERSATION_META_KEY
from pharmai.tools import Executor, Principal, ToolContext, ToolKind, export_tools
from pharmai.toolsets import registry_for
from tests.conftest import TODAY
from tests.mcp.conftest import MODES, answering, audit_count, envelope, newest_code, run
from tests.toolsets.conftest import HOSTILE, rows

_GOLDEN = Path(__file__).parent / "golden" / "canonical.json"
_HEBREW = re.compile(r"[\u0590-\u05FF]")

#: One valid call per read tool, and a fact its structured content must show (English, Hebrew).
READ_CALLS: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], bool]]] = {
    "get_medication_by_name": (
        {"medication_name": "Ibuprofen"},
        lambda p: [x["med_id"] for x in p["medication"]["products"]] == ["m001", "m002", "m003"],
    ),
    "list_medications": ({"limit": 5}, lambda p: len(p["medications"]) == 5 and p["next_cursor"]),
    "inventory_check": (
        {"med_id": "m005"},
        lambda p: p["matches"][0]["qty_on_hand"] == 5 and p["matches"][0]["low_stock"] is True,
    ),
    "inventory_find_equivalent": (
        {"med_id": "m001"},
        lambda p: "m002" in [e["med_id"] for e in p["equivalents"]],
    ),
    "interaction_check": ({"med_ids": ["m010", "m001"]}, lambda p: p["interaction_level"] == "avoid"),
    "get_user_prescriptions": (
        {},
        lambda p: (
            p["user"]["user_id"] == "u002"
            and {"p001", "p002", "p003", "p004"} <= {x["presc_id"] for x in p["prescriptions"]}
        ),
    ),
    "prescription_verify": (
        {"presc_id": "p002", "intent": "refill"},
        lambda p: p["next_step"] == "allow_refill_request" and p["has_valid_rx"] is True,
    ),
}


def _refills(db: Database, presc_id: str) -> list[str]:
    with db.session() as session:
        return [r.refill_id for r in session.scalars(select(RefillRequest).where(RefillRequest.presc_id == presc_id))]


def test_golden_file_is_the_registry_export() -> None:
    exported = export_tools(registry_for("canonical"), "mcp")
    if os.environ.get("PHARMAI_UPDATE_GOLDENS"):
        _GOLDEN.write_text(json.dumps(exported, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert json.loads(_GOLDEN.read_text(encoding="utf-8")) == exported


@pytest.mark.parametrize("mode", MODES)
def test_listed_tools_match_the_golden_schemas(make_server: Callable[..., Any], mode: str) -> None:
    golden = json.loads(_GOLDEN.read_text(encoding="utf-8"))

    async def body() -> list[dict[str, Any]]:
        async with Client(make_server(), mode=mode) as client:
            listed = await client.list_tools()
            return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools]

    assert run(body) == golden
    read_only = {t["name"] for t in golden if t["annotations"]["readOnlyHint"]}
    assert "request_refill" not in read_only and "get_medication_by_name" in read_only


def test_every_read_tool_is_covered() -> None:
    reads = {s.name for s in registry_for("canonical").specs() if s.kind is ToolKind.READ}
    assert reads == set(READ_CALLS)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("language", ["en", "he"])
def test_every_read_tool_answers_with_structured_content(
    db: Database, make_server: Callable[..., Any], mode: str, language: str
) -> None:
    async def body() -> dict[str, Any]:
        async with Client(make_server(patient="u002"), mode=mode) as client:
            return {
                name: await client.call_tool(name, {**arguments, "language": language})
                for name, (arguments, _) in READ_CALLS.items()
            }

    before = audit_count(db)
    results = run(body)
    for name, result in results.items():
        assert result.is_error is False, (name, envelope(result))
        assert READ_CALLS[name][1](result.structured_content), name
        env = envelope(result)
        assert env["ok"] is True and env["error"] is None
        assert {k: v for k, v in env.items() if k not in ("ok", "error")} == result.structured_content
    medication = results["get_medication_by_name"].structured_content["medication"]
    assert bool(_HEBREW.search(medication["dosage"])) == (language == "he")
    # The same executor ran every call: one audit row each, on the mcp channel.
    assert audit_count(db) - before == len(READ_CALLS)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("language", ["en", "he"])
def test_bad_arguments_are_error_results_carrying_the_envelope(
    db: Database, make_server: Callable[..., Any], mode: str, language: str
) -> None:
    bad_calls: list[tuple[str, dict[str, Any], str]] = [
        ("inventory_check", {"med_id": 42}, "VALIDATION_ERROR"),
        ("interaction_check", {"med_ids": ["m001"]}, "VALIDATION_ERROR"),
        ("get_medication_by_name", {"medication_name": "x", "surprise": True}, "VALIDATION_ERROR"),
        ("no_such_tool", {}, "TOOL_NOT_FOUND"),
    ]
    bad_calls += [("request_refill", {"presc_id": value}, "VALIDATION_ERROR") for value in HOSTILE]
    bad_calls += [("inventory_check", {"med_id": "<script>alert(1)</script>"}, "VALIDATION_ERROR")]
    bad_calls += [("inventory_check", {"med_id": "m999"}, "MED_NOT_FOUND")]
    before = rows(db)

    async def body() -> list[Any]:
        async with Client(make_server(patient="u002"), mode=mode) as client:
            return [await client.call_tool(name, {**args, "language": language}) for name, args, _ in bad_calls]

    for (name, _, code), result in zip(bad_calls, run(body), strict=True):
        assert result.is_error is True, name
        env = envelope(result)
        assert env == result.structured_content
        assert env["ok"] is False and env["error"]["code"] == code, (name, env)
        assert bool(_HEBREW.search(env["error"]["message"])) == (language == "he")
    assert rows(db) == before


@pytest.mark.parametrize("mode", MODES)
def test_phi_tools_need_identity_and_otp_binds_the_patient(
    db: Database, make_server: Callable[..., Any], mode: str
) -> None:
    async def body() -> tuple[Any, Any, Any]:
        async with Client(make_server(), mode=mode) as client:
            denied = await client.call_tool("get_user_prescriptions", {})
            sent = await client.call_tool("verify_customer_identity", {"identifier": "050-123-4567"})
            # The 2026 protocol has no connection: the conversation token comes back in _meta.
            meta: Any = {CONVERSATION_META_KEY: (sent.meta or {})[CONVERSATION_META_KEY]}
            code = newest_code(db)
            await client.call_tool("verify_customer_identity", {"identifier": "050-123-4567", "code": code}, meta=meta)
            mine = await client.call_tool("get_user_prescriptions", {}, meta=meta)
            return denied, sent, mine

    denied, sent, mine = run(body)
    assert envelope(denied)["error"]["code"] == "IDENTITY_REQUIRED"
    assert sent.structured_content["status"] == "code_sent"
    assert mine.is_error is False and mine.structured_content["user"]["user_id"] == "u002"


@pytest.mark.parametrize("mode", MODES)
def test_unknown_conversation_token_starts_an_anonymous_conversation(
    db: Database, make_server: Callable[..., Any], mode: str
) -> None:
    async def body() -> Any:
        async with Client(make_server(), mode=mode) as client:
            forged: Any = {CONVERSATION_META_KEY: "mcp_" + "A" * 24}
            return await client.call_tool("get_user_prescriptions", {}, meta=forged)

    assert envelope(run(body))["error"]["code"] == "IDENTITY_REQUIRED"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("language", ["en", "he"])
def test_accepted_elicitation_creates_the_refill_once(
    db: Database, make_server: Callable[..., Any], mode: str, language: str
) -> None:
    seen: list[str] = []

    async def body() -> tuple[Any, Any]:
        callback = answering("accept", approve=True, seen=seen)
        async with Client(make_server(patient="u002"), mode=mode, elicitation_callback=callback) as client:
            first = await client.call_tool("request_refill", {"presc_id": "p002", "language": language})
            again = await client.call_tool("request_refill", {"presc_id": "p002", "language": language})
            return first, again

    first, again = run(body)
    assert first.is_error is False, envelope(first)
    refill = first.structured_content["refill"]
    assert refill["presc_id"] == "p002" and refill["status"] == "pending"
    # A second approved request returns the existing refill rather than a new one.
    assert again.structured_content["refill"]["refill_id"] == refill["refill_id"]
    assert _refills(db, "p002") == [refill["refill_id"]]
    assert len(seen) == 2 and ("Glucophage" if language == "en" else "גלוקופאז'") in seen[0] and "p002" not in seen[0]
    assert bool(_HEBREW.search(seen[0])) == (language == "he")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("action", "approve"), [("decline", None), ("accept", False)])
def test_declined_elicitation_creates_nothing(
    db: Database, make_server: Callable[..., Any], mode: str, action: str, approve: bool | None
) -> None:
    before = rows(db)

    async def body() -> Any:
        callback = answering(action, approve=approve)
        async with Client(make_server(patient="u002"), mode=mode, elicitation_callback=callback) as client:
            return await client.call_tool("request_refill", {"presc_id": "p002"})

    result = run(body)
    assert result.is_error is True
    error = envelope(result)["error"]
    assert error["code"] == "CONFIRMATION_DENIED" and error["details"]["reason"] == "denied"
    assert _refills(db, "p002") == [] and rows(db) == before


@pytest.mark.parametrize("mode", MODES)
def test_without_elicitation_the_id_is_approved_elsewhere(
    db: Database, executor: Executor, make_server: Callable[..., Any], mode: str
) -> None:
    server = make_server(patient="u002")

    async def body() -> Any:
        async with Client(server, mode=mode) as client:
            return await client.call_tool("request_refill", {"presc_id": "p002", "language": "he"})

    result = run(body)
    error = envelope(result)["error"]
    assert result.is_error is True and error["code"] == "CONFIRMATION_REQUIRED"
    assert _HEBREW.search(error["details"]["summary"]) and _refills(db, "p002") == []
    confirmation_id = error["details"]["confirmation_id"]
    with db.session() as session:
        row = session.get(Confirmation, confirmation_id)
        assert row is not None and row.status == "pending"
        conversation_id = row.conversation_id
    # Elsewhere (web or API) the same conversation and patient approve it, through the same executor.
    elsewhere = ToolContext(
        principal=Principal.patient("u002"), conversation_id=conversation_id, db=db, clock=Clock(TODAY)
    )
    approved = executor.approve(confirmation_id, elsewhere)
    assert approved.ok and _refills(db, "p002") == [approved.payload["refill"]["refill_id"]]  # type: ignore[index]


@pytest.mark.parametrize("mode", MODES)
def test_dismissed_elicitation_leaves_the_confirmation_pending(
    db: Database, make_server: Callable[..., Any], mode: str
) -> None:
    async def body() -> Any:
        async with Client(make_server(patient="u002"), mode=mode, elicitation_callback=answering("cancel")) as client:
            return await client.call_tool("request_refill", {"presc_id": "p002"})

    error = envelope(run(body))["error"]
    assert error["code"] == "CONFIRMATION_REQUIRED"
    with db.session() as session:
        row = session.get(Confirmation, error["details"]["confirmation_id"])
        assert row is not None and row.status == "pending"
    assert _refills(db, "p002") == []
