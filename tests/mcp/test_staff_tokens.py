"""MCP and staff: personal tokens over streamable HTTP, roles on tools, and sessions without staff.

Over HTTP a real uvicorn server serves the test profile (the canonical tools plus ``pharmacist_check``,
pharmacists only, and ``staff_lookup``, any staff; ``tests/_staff.py``), and the SDK's client sends a
personal token as its bearer credential. In process, a server without an actor stands for every
session that carries no staff (stdio without ``PHARMAI_STAFF_TOKEN``).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from mcp import Client
from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import AuditLog, StaffAccount
from pharmai.db.tool_stores import tool_stores
from pharmai.mcp import Conversations, build_server
from pharmai.pharmacy import staff
from pharmai.tools import Actor, Executor
from pharmai.toolsets import registry_for
from tests import _staff
from tests._staff import PROFILE
from tests.conftest import TODAY
from tests.mcp.conftest import MODES, envelope, run
from tests.mcp.test_http import _KEY, _client, _serve
from tests.toolsets.conftest import GENEROUS

NOW = Clock(TODAY).now()


@pytest.fixture(autouse=True)
def _profile() -> None:
    _staff.register()


@pytest.fixture
def staffed(db: Database) -> Database:
    _staff.add(db, "dana", "pharmacist", NOW)
    _staff.add(db, "tom", "technician", NOW)
    return db


def _staff_id(db: Database, username: str) -> str:
    with db.session() as session:
        return str(session.scalar(select(StaffAccount.staff_id).where(StaffAccount.username == username)))


def _calls(url: str, credential: str, mode: str, *names: str) -> list[Any]:
    async def body() -> list[Any]:
        async with _client(url, credential, mode) as client:
            return [await client.call_tool(name, {}) for name in names]

    result: list[Any] = run(body)
    return result


@pytest.mark.parametrize("mode", MODES)
def test_a_technician_token_cannot_call_a_pharmacist_only_tool(staffed: Database, mode: str) -> None:
    technician, _ = _staff.token_for(staffed, "tom", NOW)
    pharmacist, _ = _staff.token_for(staffed, "dana", NOW)
    with _serve(staffed, tool_profile=PROFILE) as served:
        refused, lookup = _calls(served.url, technician, mode, "pharmacist_check", "staff_lookup")
        allowed, listed = _calls(served.url, pharmacist, mode, "pharmacist_check", "list_medications")
        admin = _calls(served.url, _KEY, mode, "staff_lookup")[0]
    assert refused.is_error is True
    assert envelope(refused)["error"]["code"] == "FORBIDDEN"
    assert envelope(refused)["error"]["details"] == {"reason": "role", "roles": ["pharmacist"]}
    assert lookup.is_error is False and lookup.structured_content == {"role": "technician"}
    assert allowed.is_error is False and allowed.structured_content == {"role": "pharmacist"}
    assert listed.is_error is False and listed.structured_content["medications"]  # customer tools as before
    assert admin.structured_content == {"role": "admin"}  # the bootstrap key acts as an admin


def test_revoked_expired_and_disabled_tokens_are_refused(staffed: Database) -> None:
    revoked, revoked_id = _staff.token_for(staffed, "dana", NOW)
    expired, _ = _staff.token_for(staffed, "dana", NOW - timedelta(days=2), days=1)
    disabled, _ = _staff.token_for(staffed, "tom", NOW)
    with staffed.session(write=True) as session:
        staff.revoke_token(session, revoked_id, NOW)
        staff.set_disabled(session, "tom", True, NOW)
    live, _ = _staff.token_for(staffed, "dana", NOW)
    with _serve(staffed, tool_profile=PROFILE) as served:
        for token in (revoked, expired, disabled, "pst_unknown"):
            request = urllib.request.Request(served.url, data=b"{}", method="POST")
            request.add_header("Authorization", f"Bearer {token}")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 401
            assert token not in refused.value.read().decode()
        assert _calls(served.url, live, "legacy", "pharmacist_check")[0].structured_content == {"role": "pharmacist"}


def test_personal_tokens_work_without_a_bootstrap_key(staffed: Database) -> None:
    token, _ = _staff.token_for(staffed, "dana", NOW)
    with _serve(staffed, tool_profile=PROFILE, staff_api_key=None) as served:
        result = _calls(served.url, token, "2026-07-28", "staff_lookup")[0]
    assert result.structured_content == {"role": "pharmacist"}


def test_mcp_audit_rows_carry_the_actor_surrogate(staffed: Database) -> None:
    technician, _ = _staff.token_for(staffed, "tom", NOW)
    with _serve(staffed, tool_profile=PROFILE) as served:
        before = {row.id for row in _rows(staffed)}
        _calls(served.url, technician, "legacy", "pharmacist_check", "staff_lookup")
        served.app.executor.flush()
        refs = served.app.executor.refs
    rows = [row for row in _rows(staffed) if row.id not in before]
    tom = Actor(_staff_id(staffed, "tom"), "technician")
    assert [(r.tool, r.outcome, r.actor_ref) for r in rows] == [
        ("pharmacist_check", "refused", refs.actor(tom)),
        ("staff_lookup", "ok", refs.actor(tom)),
    ]
    assert all("tom" not in str(r.__dict__) and technician not in str(r.__dict__) for r in rows)


def _rows(db: Database) -> list[AuditLog]:
    with db.session() as session:
        return list(session.scalars(select(AuditLog).where(AuditLog.channel == "mcp").order_by(AuditLog.id)))


@pytest.mark.parametrize("mode", MODES)
def test_a_session_without_staff_cannot_call_a_staff_tool(staffed: Database, mode: str) -> None:
    executor = Executor(registry_for(PROFILE), staffed, settings=GENEROUS, **tool_stores(staffed, audit="sync"))

    def server(actor: Actor | None) -> Any:
        return build_server(executor, conversations=Conversations(single=True), clock=Clock(TODAY), actor=actor)

    async def body() -> list[Any]:
        async with Client(server(None), mode=mode) as customer:
            refused = [await customer.call_tool(name, {"note": "x"}) for name in ("pharmacist_check", "staff_lookup")]
        async with Client(server(Actor(_staff_id(staffed, "dana"), "pharmacist")), mode=mode) as pharmacist:
            allowed = await pharmacist.call_tool("pharmacist_check", {})
        return [*refused, allowed]

    try:
        first, second, allowed = run(body)
    finally:
        executor.close()
    for refused in (first, second):
        assert refused.is_error is True
        assert envelope(refused)["error"]["code"] == "FORBIDDEN"
        assert envelope(refused)["error"]["details"] == {"reason": "staff_only"}
    assert allowed.structured_content == {"role": "pharmacist"}
