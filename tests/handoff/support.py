"""Helpers of the handoff tests: staff tokens, a customer's conversation, SSE parsing."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from pharmai.clock import Clock
from pharmai.db import Database
from tests import _staff as staff_support
from tests.conftest import TODAY

__all__ = ["NOW", "bearer", "events_of", "open_conversation", "say"]

NOW = Clock(TODAY).now()


def bearer(db: Database, username: str, role: str) -> dict[str, str]:
    """A personal token of a new account of ``role``, as request headers."""
    staff_support.add(db, username, role, NOW)
    token, _ = staff_support.token_for(db, username, NOW)
    return {"Authorization": f"Bearer {token}"}


def events_of(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The ``(event, data)`` pairs of an SSE body (comments and ids left out)."""
    found = []
    for frame in text.split("\n\n"):
        name, data = "message", []
        for line in frame.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            found.append((name, json.loads("\n".join(data))))
    return found


def open_conversation(
    client: TestClient, language: str = "he", user_id: str | None = "u001"
) -> tuple[str, dict[str, str]]:
    """A demo-mode conversation: its id and the customer's headers."""
    body: dict[str, Any] = {"language": language, "identity_mode": "demo"}
    if user_id:
        body["user_id"] = user_id
    created = client.post("/v1/conversations", json=body)
    assert created.status_code == 201, created.text
    data = created.json()
    return data["conversation_id"], {"Authorization": f"Bearer {data['token']}"}


def say(client: TestClient, cid: str, headers: dict[str, str], text: str) -> list[tuple[str, dict[str, Any]]]:
    """Send a message and return the turn's events."""
    response = client.post(f"/v1/conversations/{cid}/messages", json={"content": text}, headers=headers)
    assert response.status_code == 200, response.text
    return events_of(response.text)
