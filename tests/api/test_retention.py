"""Retention over HTTP: the cap on open conversations per client address, and the server's scheduled purge.

Time moves by pinning each app's clock to a day (``PHARMAI_TODAY``), never by sleeping.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import Conversation
from tests.api.conftest import AppFactory, open_conversation, say
from tests.conftest import TODAY

#: The per-address HTTP request limit is off, so every 429 here is the conversation cap's.
NO_HTTP_LIMIT = {"http_rate_limit": "off"}


def _conversations(db: Database) -> int:
    with db.session() as session:
        return int(session.scalar(select(func.count()).select_from(Conversation)) or 0)


def _open(client: TestClient, **headers: str) -> int:
    return client.post("/v1/conversations", json={"language": "en"}, headers=headers).status_code


def test_one_address_over_its_cap_gets_429_with_a_retry_hint_in_both_languages(
    make_client: AppFactory, db: Database
) -> None:
    client = make_client(open_conversations_per_client=3, conversation_idle_seconds=600, app_kwargs=NO_HTTP_LIMIT)
    assert [_open(client) for _ in range(3)] == [201, 201, 201]

    refused = client.post("/v1/conversations", json={"language": "en"})
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "RATE_LIMITED"
    retry = error["details"]["retry_after"]
    assert 1 <= retry <= 600 and refused.headers["retry-after"] == str(retry)
    assert error["message"] == f"Too many requests. Please try again in {retry} seconds."
    hebrew = client.post("/v1/conversations", json={}, headers={"Accept-Language": "he"}).json()["error"]
    assert hebrew["code"] == "RATE_LIMITED" and hebrew["message"].startswith("יותר מדי בקשות")
    assert _conversations(db) == 3  # refused opens store nothing

    # Another address has its own cap.
    elsewhere = TestClient(client.app, client=("198.51.100.7", 40000), raise_server_exceptions=False)
    assert _open(elsewhere) == 201
    assert _conversations(db) == 4


def test_idle_conversations_stop_counting_and_activity_keeps_one_open(make_client: AppFactory) -> None:
    cap = {"open_conversations_per_client": 2, "conversation_idle_seconds": 3600, "app_kwargs": NO_HTTP_LIMIT}
    first_day = make_client(**cap)
    first, first_headers = open_conversation(first_day, language="en")
    open_conversation(first_day, language="en")
    assert _open(first_day) == 429

    # A day later both are idle; a message makes the first one active (open) again.
    next_day = make_client(today=TODAY + timedelta(days=1), **cap)
    say(next_day, first, first_headers, "hello")
    assert _open(next_day) == 201
    refused = next_day.post("/v1/conversations", json={})
    assert refused.status_code == 429 and refused.json()["error"]["details"]["retry_after"] <= 3600


def test_concurrent_opens_from_one_address_never_pass_the_cap(make_client: AppFactory, db: Database) -> None:
    client = make_client(open_conversations_per_client=4, app_kwargs=NO_HTTP_LIMIT)
    with ThreadPoolExecutor(12) as pool:
        statuses = sorted(pool.map(lambda _: _open(client), range(12)))
    assert statuses == [201] * 4 + [429] * 8
    assert _conversations(db) == 4


def _gone(client: TestClient, cid: str, headers: dict[str, str], within: float = 15.0) -> bool:
    """Whether the conversation's transcript answers 404 within ``within`` seconds (the purge runs apart)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        status = client.get(f"/v1/conversations/{cid}", headers=headers).status_code
        if status == 404:
            return True
        assert status == 200
        time.sleep(0.05)
    return False


def test_the_server_purges_idle_conversations_when_it_starts_and_on_its_schedule(make_client: AppFactory) -> None:
    # Day 0: a demo customer asks for a refill and leaves it pending.
    then = make_client(identity_mode="demo", purge_interval_seconds=0)
    cid, headers = open_conversation(then, identity_mode="demo", user_id="u002", language="en")
    events = say(then, cid, headers, "I want to refill my Glucophage")
    confirmation = next(data for name, data in events if name == "confirmation.required")

    # Day 40: a server starting up purges it, its messages and its confirmation.
    now = make_client(identity_mode="demo", today=TODAY + timedelta(days=40), purge_interval_seconds=1)
    assert _gone(now, cid, headers)
    assert now.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers).status_code == 404

    # While it runs, it keeps purging: a conversation idle since day 0 goes on the next period, one in use
    # today stays.
    current, current_headers = open_conversation(now, language="en")
    stale, stale_headers = open_conversation(then, language="en")
    assert _gone(now, stale, stale_headers)
    transcript = now.get(f"/v1/conversations/{current}", headers=current_headers)
    assert transcript.status_code == 200 and transcript.json()["conversation_id"] == current
    assert say(now, current, current_headers, "hi")[-1][0] == "message.done"
