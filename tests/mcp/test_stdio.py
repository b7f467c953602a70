"""``pharmai mcp`` as a subprocess, driven by the SDK's stdio client (a fresh SQLite demo database)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcp import Client, StdioServerParameters
from pharmai.db import Database
from tests.mcp.conftest import MODES, answering, envelope, newest_code, run

_PHARMAI = str(Path(sys.executable).with_name("pharmai"))


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
    env.update(
        PHARMAI_DATABASE_URL=f"sqlite:///{tmp_path / 'pharmai.db'}", PHARMAI_TODAY="2026-03-01", PHARMAI_REDIS_URL=""
    )
    env.pop("PHARMAI_REDIS_URL")
    return env


@pytest.mark.parametrize("mode", MODES)
def test_stdio_server_for_a_trusted_patient(tmp_path: Path, mode: str) -> None:
    params = StdioServerParameters(command=_PHARMAI, args=["mcp", "--user", "u002"], env=_env(tmp_path))

    async def body() -> tuple[list[str], Any, Any]:
        async with Client(params, mode=mode, elicitation_callback=answering("accept", approve=True)) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            mine = await client.call_tool("get_user_prescriptions", {"language": "he"})
            refill = await client.call_tool("request_refill", {"presc_id": "p002"})
            return names, mine, refill

    names, mine, refill = run(body)
    assert "request_refill" in names and len(names) == 11
    assert mine.structured_content["user"] == {"user_id": "u002", "full_name": "דוד כהן"}
    assert refill.is_error is False and refill.structured_content["refill"]["presc_id"] == "p002"


def test_stdio_server_without_a_patient_needs_identity(tmp_path: Path) -> None:
    params = StdioServerParameters(command=_PHARMAI, args=["mcp"], env=_env(tmp_path))

    async def body() -> Any:
        async with Client(params, mode="legacy") as client:
            return await client.call_tool("get_user_prescriptions", {})

    assert envelope(run(body))["error"]["code"] == "IDENTITY_REQUIRED"


@pytest.mark.parametrize("mode", MODES)
def test_stdio_client_signs_in_without_meta(tmp_path: Path, mode: str) -> None:
    """One process is one session: a client that never echoes ``_meta`` verifies and then reads."""
    params = StdioServerParameters(command=_PHARMAI, args=["mcp"], env=_env(tmp_path))
    db = Database(f"sqlite:///{tmp_path / 'pharmai.db'}")

    async def body() -> tuple[Any, Any]:
        async with Client(params, mode=mode) as client:
            await client.call_tool("verify_customer_identity", {"identifier": "050-123-4567"})
            code = newest_code(db)
            verified = await client.call_tool("verify_customer_identity", {"identifier": "050-123-4567", "code": code})
            mine = await client.call_tool("get_user_prescriptions", {})
            return verified, mine

    try:
        verified, mine = run(body)
    finally:
        db.engine.dispose()
    assert verified.is_error is False, envelope(verified)
    assert mine.is_error is False and mine.structured_content["user"]["user_id"] == "u002"


@pytest.mark.parametrize("user", ["u999", "david.cohen@example.com", "'; DROP TABLE patients; --", "x" * 10_000])
def test_unknown_trusted_patient_is_refused_at_start(tmp_path: Path, user: str) -> None:
    done = subprocess.run(
        [_PHARMAI, "mcp", "--user", user], env=_env(tmp_path), capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "unknown patient" in done.stderr and user not in done.stderr
