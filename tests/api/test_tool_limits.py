"""Tool-call limits keep customers apart: one address, or anonymous traffic as a whole, cannot lock
verified customers or sign-ins out (issue 15, finding 1).

Everything goes through the HTTP API with the offline engine, on each database, with the windows in the
worker and in the real Redis server. Each client is a ``TestClient`` with its own source address.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code
from tests.api.conftest import AppFactory, open_conversation, say

REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")
WINDOWS = ["worker"] + (["redis"] if REDIS_URL else [])

ATTACKER = "203.0.113.7"
CUSTOMER = "198.51.100.23"
#: One message, six tool calls: five lookups and the interaction check.
FIVE_MEDICATIONS = "Tell me about Advil, Nurofen, Acamol, Zyrtec and Tylenol"


@pytest.fixture(params=WINDOWS)
def limits(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """Settings that put the tool-call windows in the worker, or in Redis under a prefix of this test."""
    if request.param == "worker":
        yield {"redis_url": None}
        return
    import redis

    prefix = f"pharmai-test-{uuid.uuid4().hex}"
    yield {"redis_url": REDIS_URL, "redis_key_prefix": prefix}
    server = redis.Redis.from_url(REDIS_URL or "")
    keys = list(server.scan_iter(match=prefix + ":*", count=1000))
    if keys:
        server.delete(*keys)
    server.close()


def _from(client: TestClient, address: str) -> TestClient:
    """Another client of the same app, connecting from ``address``."""
    return TestClient(client.app, raise_server_exceptions=False, client=(address, 40000))


def _results(events: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [data for name, data in events if name == "tool.result"]


def _refusals(events: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [
        r["result"]["error"]["details"]
        for r in _results(events)
        if (r["result"].get("error") or {}).get("code") == "RATE_LIMITED"
    ]


def _customer_signs_in_and_reads(client: TestClient, db: Database) -> list[dict[str, Any]]:
    """A customer opens a conversation, signs in with the emailed code, lists prescriptions, checks stock.

    Returns:
        The tool results of the whole visit, in order.
    """
    cid, headers = open_conversation(client, language="en")
    results = _results(say(client, cid, headers, "I want to sign in. My details: david.cohen@example.com"))
    with db.session() as session:
        code = latest_outbox_code(session, "david.cohen@example.com")
    assert code, "no one-time code was sent"
    results += _results(say(client, cid, headers, code))
    results += _results(say(client, cid, headers, "Show me my prescriptions"))
    # Zyrtec is in stock at the session's branch: one call (an out-of-stock answer also checks the other branch).
    results += _results(say(client, cid, headers, "Is Zyrtec in stock?"))
    return results


def _flood(client: TestClient, conversations: int) -> list[dict[str, Any]]:
    """Anonymous conversations from one address, each asking about five medications."""
    refusals: list[dict[str, Any]] = []
    for _ in range(conversations):
        cid, headers = open_conversation(client, language="en")
        refusals += _refusals(say(client, cid, headers, FIVE_MEDICATIONS))
    return refusals


def test_one_address_cannot_lock_a_customer_out(make_client: AppFactory, db: Database, limits: dict[str, Any]) -> None:
    """The attack of the issue, at a small scale: anonymous lookups from one address until it is refused.

    The address is stopped by its own budget; the ceiling (an hour long here, as in the report) keeps
    room, and a customer from another address signs in and reads everything.
    """
    app = make_client(
        app_kwargs={"http_rate_limit": "off"},
        rate_limit_global="60/hour",
        rate_limit_client="12/minute",
        **limits,
    )
    refusals = _flood(_from(app, ATTACKER), conversations=15)

    visit = _customer_signs_in_and_reads(_from(app, CUSTOMER), db)
    names = [r["name"] for r in visit]
    assert names.count("verify_customer_identity") == 2 and "get_user_prescriptions" in names
    assert "inventory_check" in names
    assert [r["result"]["error"] for r in visit] == [None] * len(visit)
    # The flood was refused, by its address's budget, for a minute at most.
    assert refusals and {r["tier"] for r in refusals} == {"client"}
    assert all(1 <= r["retry_after"] <= 60 for r in refusals)


def test_anonymous_traffic_from_many_addresses_leaves_customers_their_share(
    make_client: AppFactory, db: Database, limits: dict[str, Any]
) -> None:
    """Anonymous calls from every address together stop at their share of the ceiling.

    Sign-ins and verified customers keep the rest; a newcomer's anonymous lookup waits like the others.
    """
    app = make_client(
        app_kwargs={"http_rate_limit": "off"},
        rate_limit_global="40/hour",
        rate_limit_anonymous_share=0.5,
        rate_limit_sign_in_share=0.25,
        rate_limit_client="1000/minute",
        **limits,
    )
    refusals: list[dict[str, Any]] = []
    for n in range(6):
        refusals += _flood(_from(app, f"192.0.2.{n + 10}"), conversations=1)
    assert refusals and {r["tier"] for r in refusals} == {"anonymous"}

    visit = _customer_signs_in_and_reads(_from(app, CUSTOMER), db)
    by_name = {r["name"]: r["result"] for r in visit}
    assert [r["result"]["error"] for r in visit if r["name"] != "inventory_check"] == [None] * (len(visit) - 1)
    assert by_name["get_user_prescriptions"]["ok"] is True
    # Once verified, the customer's stock check is not anonymous traffic: it goes through.
    assert by_name["inventory_check"]["ok"] is True

    newcomer = _from(app, "192.0.2.99")
    cid, headers = open_conversation(newcomer, language="en")
    assert [r["tier"] for r in _refusals(say(newcomer, cid, headers, "Is Advil in stock?"))] == ["anonymous"]


def test_an_anonymous_conversation_has_its_own_budget_until_the_customer_signs_in(
    make_client: AppFactory, db: Database, limits: dict[str, Any]
) -> None:
    """One anonymous conversation cannot spend more than its budget; signing in is never counted in it."""
    app = make_client(
        app_kwargs={"http_rate_limit": "off"},
        rate_limit_conversation="100/minute",
        rate_limit_anonymous_conversation="4/hour",
        **limits,
    )
    client = _from(app, CUSTOMER)
    cid, headers = open_conversation(client, language="en")
    refusals = _refusals(say(client, cid, headers, FIVE_MEDICATIONS))
    assert [r["tier"] for r in refusals] == ["anonymous_conversation"] * 2
    assert 60 < refusals[0]["retry_after"] <= 3600

    asked = _results(say(client, cid, headers, "I want to sign in. My details: david.cohen@example.com"))
    assert [r["result"]["ok"] for r in asked] == [True]
    with db.session() as session:
        code = latest_outbox_code(session, "david.cohen@example.com")
    assert code
    signed_in = _results(say(client, cid, headers, code))
    assert signed_in[0]["name"] == "verify_customer_identity"
    assert [r["result"]["ok"] for r in signed_in] == [True] * len(signed_in)
    prescriptions = _results(say(client, cid, headers, "Show me my prescriptions"))
    assert [r["result"]["ok"] for r in prescriptions] == [True]
