"""``pharmai mcp --language he``: tool results, messages, titles and the confirmation come in the server's
language when a call names none; a call's own ``language`` argument still wins."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mcp import Client, StdioServerParameters
from pharmai.db import Database
from tests.mcp.conftest import MODES, answering, envelope, run
from tests.mcp.test_stdio import _env

_HEBREW = re.compile(r"[\u0590-\u05FF]")
_PHARMAI = str(Path(sys.executable).with_name("pharmai"))


@pytest.mark.parametrize("mode", MODES)
def test_hebrew_server_answers_in_hebrew_when_the_call_names_no_language(
    db: Database, make_server: Callable[..., Any], mode: str
) -> None:
    async def body() -> tuple[Any, Any, Any, Any]:
        async with Client(make_server(language="he"), mode=mode) as client:
            listed = await client.list_tools()
            stock = await client.call_tool("inventory_check", {"med_id": "m001"})
            english = await client.call_tool("inventory_check", {"med_id": "m001", "language": "en"})
            refused = await client.call_tool("get_user_prescriptions", {})
            return listed, stock, english, refused

    listed, stock, english, refused = run(body)
    titles = {t.name: t.title for t in listed.tools}
    assert titles["inventory_check"] == "בדיקת מלאי" and titles["request_refill"] == "בקשת חידוש מרשם"
    payload = stock.structured_content
    assert payload["store"]["name"] == "תל אביב – דיזנגוף" and _HEBREW.search(payload["notes"])
    assert _HEBREW.search(payload["matches"][0]["display_name"])
    assert english.structured_content["store"]["name"] == "Tel Aviv – Dizengoff"
    error = envelope(refused)["error"]
    assert error["code"] == "IDENTITY_REQUIRED" and _HEBREW.search(error["message"])


@pytest.mark.parametrize("mode", MODES)
def test_english_server_lists_english_titles(make_server: Callable[..., Any], mode: str) -> None:
    async def body() -> Any:
        async with Client(make_server(), mode=mode) as client:
            return await client.list_tools()

    assert {t.name: t.title for t in run(body).tools}["inventory_check"] == "Check stock"


def test_hebrew_server_asks_confirmation_in_hebrew_plain_words(db: Database, make_server: Callable[..., Any]) -> None:
    seen: list[str] = []

    async def body() -> Any:
        server = make_server(patient="u002", language="he")
        async with Client(server, mode="legacy", elicitation_callback=answering("decline", seen=seen)) as client:
            return await client.call_tool("request_refill", {"presc_id": "p002"})

    run(body)
    assert seen and "גלוקופאז'" in seen[0] and "תל אביב – דיזנגוף" in seen[0]
    assert "p002" not in seen[0] and "s1" not in seen[0]


def test_stdio_command_with_language_he(tmp_path: Path) -> None:
    params = StdioServerParameters(command=_PHARMAI, args=["mcp", "--language", "he"], env=_env(tmp_path))

    async def body() -> Any:
        async with Client(params, mode="legacy") as client:
            return await client.call_tool("inventory_check", {"query": "Advil"})

    result = run(body)
    assert result.is_error is False and result.structured_content["store"]["name"] == "תל אביב – דיזנגוף"
