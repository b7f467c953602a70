"""Fixtures of the HTTP API tests: an app over the real demo database (SQLite, and PostgreSQL when set)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from pharmai.api import create_app
from pharmai.db import Database
from pharmai.settings import Settings
from tests.conftest import TODAY

STAFF_KEY = "staff-test-key-0123456789"
STAFF = {"Authorization": f"Bearer {STAFF_KEY}"}


def make_settings(db: Database, **overrides: Any) -> Settings:
    """Settings for one test app: the fixture database, a pinned clock, the staff key set."""
    values: dict[str, Any] = {
        "database_url": db.url,
        "today": TODAY,
        "staff_api_key": STAFF_KEY,
        "identity_mode": "otp",
        "redis_url": None,
        "engine": "offline",
    }
    values.update(overrides)
    return Settings(**values)


AppFactory = Callable[..., TestClient]


@pytest.fixture
def make_client(db: Database) -> Iterator[AppFactory]:
    """``make_client(**settings_overrides, app_kwargs={...})`` → a started ``TestClient``."""
    clients: list[TestClient] = []

    def build(app_kwargs: dict[str, Any] | None = None, **overrides: Any) -> TestClient:
        app = create_app(make_settings(db, **overrides), db, audit="sync", **(app_kwargs or {}))
        client = TestClient(app, raise_server_exceptions=False)
        client.__enter__()
        clients.append(client)
        return client

    yield build
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: AppFactory) -> TestClient:
    """The app in ``otp`` mode (the API default) with staff endpoints on."""
    return make_client()


@pytest.fixture
def demo_client(make_client: AppFactory) -> TestClient:
    """The app in ``demo`` mode (the web demo)."""
    return make_client(identity_mode="demo")


def parse_sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The ``(event, data)`` pairs of an SSE body."""
    events = []
    for frame in text.split("\n\n"):
        if not frame.strip():
            continue
        name, data = "message", []
        for line in frame.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        events.append((name, json.loads("\n".join(data))))
    return events


def open_conversation(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    """Open a conversation; returns its id and the headers carrying its token."""
    response = client.post("/v1/conversations", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["conversation_id"], {"Authorization": f"Bearer {data['token']}"}


def say(client: TestClient, cid: str, headers: dict[str, str], content: str) -> list[tuple[str, dict[str, Any]]]:
    """Post one message and return the turn's events."""
    response = client.post(f"/v1/conversations/{cid}/messages", json={"content": content}, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    return parse_sse(response.text)


def response_json(response: httpx.Response) -> Any:
    """The JSON body (a helper so failures show the text)."""
    try:
        return response.json()
    except ValueError:
        pytest.fail(f"not JSON ({response.status_code}): {response.text[:300]}")
