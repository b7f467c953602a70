"""Two ``pharmai serve`` processes sharing PostgreSQL and Redis serve one conversation between them.

What a load balancer in front of stateless workers relies on (docs/deployment.md): each request of a
conversation may reach either instance. Here one customer's conversation alternates between instance A
and instance B on different ports — a question, the one-time code asked on one and typed on the other, a
refill proposed on one and approved on the other — and the per-conversation tool-call budget, spent
partly on each, admits exactly its limit in all before either instance refuses the next call.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests._serve import serving
from tests.api.conftest import parse_sse
from tests.conftest import TODAY

PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")

pytestmark = [
    # Like the fault suite, this starts real servers: the group runs them one after another under -n.
    pytest.mark.xdist_group("faults"),
    pytest.mark.skipif(
        not (PG_URL and REDIS_URL),
        reason="PHARMAI_TEST_DATABASE_URL and PHARMAI_TEST_REDIS_URL must both be set (.ci/run always sets "
        "them): the two instances share PostgreSQL and Redis",
    ),
]

EMAIL = "david.cohen@example.com"
#: David Cohen's Glucophage: active, 5 refills (shared/DEMO_WORLD.md).
PRESCRIPTION = "p002"
#: The conversation's tool-call budget: above what signing in and the refill take, so part of it is left
#: to spend on each instance afterwards.
CONVERSATION_LIMIT = 12
GENEROUS = "100000/hour"


@dataclass
class Conversation:
    """One customer's conversation, each request sent to the instance the test names."""

    http: httpx.Client
    conversation_id: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    #: Every tool result received, with the instance that sent it.
    results: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def open(self, base: str) -> None:
        response = self.http.post(base + "/v1/conversations", json={"language": "en"})
        assert response.status_code == 201, response.text
        body = response.json()
        self.conversation_id, self.headers = body["conversation_id"], {"Authorization": f"Bearer {body['token']}"}

    def _stream(self, base: str, path: str, body: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
        response = self.http.post(base + path, json=body, headers=self.headers)
        assert response.status_code == 200, response.text
        events = parse_sse(response.text)
        assert events and events[-1][0] == "message.done", events
        self.results += [(base, data) for name, data in events if name == "tool.result"]
        return events

    def say(self, base: str, content: str) -> list[tuple[str, dict[str, Any]]]:
        return self._stream(base, f"/v1/conversations/{self.conversation_id}/messages", {"content": content})

    def approve(self, base: str, confirmation_id: str) -> list[tuple[str, dict[str, Any]]]:
        return self._stream(base, f"/v1/confirmations/{confirmation_id}/approve", None)

    def transcript(self, base: str) -> dict[str, Any]:
        response = self.http.get(f"{base}/v1/conversations/{self.conversation_id}", headers=self.headers)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body


def _refused(result: dict[str, Any]) -> bool:
    return (result["result"].get("error") or {}).get("code") == "RATE_LIMITED"


def _reply(events: list[tuple[str, dict[str, Any]]]) -> str:
    return str(events[-1][1]["reply"])


@pytest.fixture
def backend(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """A fresh PostgreSQL schema and Redis key prefix; yields the test's database URL and the servers' settings."""
    from benchmarks._backends import Backend

    shared = Backend("postgresql", tmp_path, tag="multi", own_redis_keys=True)
    settings = {
        **shared.env,  # the schema's URL, the Redis URL and this run's own key prefix
        "PHARMAI_ENGINE": "offline",
        "PHARMAI_IDENTITY_MODE": "otp",
        "PHARMAI_TODAY": TODAY.isoformat(),
        "PHARMAI_AUDIT_SECRET": "multi-instance-test",
        "PHARMAI_PURGE_INTERVAL_SECONDS": "0",
        # The per-address HTTP limit counts under a key per address that every server of the machine shares.
        "PHARMAI_HTTP_RATE_LIMIT": "off",
        "PHARMAI_RATE_LIMIT_CONVERSATION": f"{CONVERSATION_LIMIT}/hour",
        "PHARMAI_RATE_LIMIT_PATIENT": GENEROUS,
        "PHARMAI_RATE_LIMIT_ANONYMOUS_CONVERSATION": GENEROUS,
        "PHARMAI_RATE_LIMIT_CLIENT": GENEROUS,
        "PHARMAI_RATE_LIMIT_CLIENT_SIGN_IN": GENEROUS,
        "PHARMAI_RATE_LIMIT_GLOBAL": GENEROUS,
        "PHARMAI_AUDIT_SPILL_DIR": str(tmp_path / "audit-spill"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    try:
        yield shared.url, settings
    finally:
        shared.drop()


def test_one_conversation_alternates_between_two_instances(tmp_path: Path, backend: tuple[str, dict[str, str]]) -> None:
    url, settings = backend
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    probe = create_engine(url, poolclass=NullPool)

    def scalar(sql: str) -> Any:
        with probe.connect() as conn:
            return conn.execute(text(sql), {"p": PRESCRIPTION}).scalar()

    # B starts once A has migrated and seeded the schema, as pods do after the migration Job.
    with (
        serving(tmp_path / "a", settings) as (a, _),
        serving(tmp_path / "b", settings) as (b, _),
        httpx.Client(timeout=30) as http,
    ):
        assert a != b
        chat = Conversation(http)
        chat.open(a)
        refills_left = scalar("SELECT refills_left FROM prescriptions WHERE presc_id = :p")

        # A question on A, the sign-in asked on B and the code typed on A.
        assert "in stock" in _reply(chat.say(a, "Is Nurofen in stock?"))
        assert "code" in _reply(chat.say(b, f"I want to sign in. My details: {EMAIL}"))
        code = scalar("SELECT code FROM outbox WHERE code IS NOT NULL ORDER BY id DESC LIMIT 1")
        assert code, "no one-time code reached the outbox"
        assert "verified" in _reply(chat.say(a, str(code)))

        # The refill proposed on B, approved on A: one refill, one refill taken off the prescription.
        proposed = chat.say(b, "I want to refill my Glucophage")
        confirmation = next((data for name, data in proposed if name == "confirmation.required"), None)
        assert confirmation is not None and confirmation["tool"] == "request_refill", proposed
        approved = chat.approve(a, confirmation["id"])
        refill = [data["result"] for name, data in approved if name == "tool.result"]
        assert [r["ok"] for r in refill] == [True], approved
        assert scalar("SELECT count(*) FROM refill_requests WHERE presc_id = :p") == 1
        assert scalar("SELECT refills_left FROM prescriptions WHERE presc_id = :p") == refills_left - 1

        # Both instances tell the same story: every turn, and the confirmation approved.
        story = chat.transcript(b)
        assert story == chat.transcript(a)
        said = [
            "Is Nurofen in stock?",
            f"I want to sign in. My details: {EMAIL}",
            str(code),
            "I want to refill my Glucophage",
        ]
        assert [t["user"] for t in story["turns"]][:4] == said
        assert {t["confirmation"]["status"] for t in story["turns"] if t["confirmation"]} == {"approved"}
        calls = [(c["name"], c["result"]["ok"]) for t in story["turns"] for c in t["tool_calls"]]
        assert calls[-1] == ("request_refill", True)

        # The budget, shared through Redis: spend part of what is left on A and the rest on B.
        spent_before = len(chat.results)
        assert not any(_refused(r) for _, r in chat.results)
        assert spent_before <= CONVERSATION_LIMIT - 2, f"the flow above took {spent_before} calls: raise the limit"
        while len(chat.results) < spent_before + (CONVERSATION_LIMIT - spent_before) // 2:
            chat.say(a, "Is Nurofen in stock?")
        while not any(_refused(r) for _, r in chat.results):
            chat.say(b, "Is Nurofen in stock?")
        admitted = [(base, r) for base, r in chat.results if not _refused(r)]
        assert len(admitted) == CONVERSATION_LIMIT, "the instances admitted more (or less) than the budget in all"
        spent_after = [base for base, _ in admitted[spent_before:]]
        assert a in spent_after and b in spent_after
        # The next call is refused on either instance, by the conversation's tier.
        for base in (a, b):
            turn = chat.say(base, "Is Nurofen in stock?")
            results = [data for name, data in turn if name == "tool.result"]
            assert results and all(_refused(r) for r in results), turn
            assert {r["result"]["error"]["details"]["tier"] for r in results} == {"conversation"}
        refusals = [r for _, r in chat.results if _refused(r)]
        assert {r["result"]["error"]["details"]["tier"] for r in refusals} == {"conversation"}
        assert all(1 <= r["result"]["error"]["details"]["retry_after"] <= 3600 for r in refusals)

    # Both servers have stopped (their audit writers flushed): one audit row per tool result received.
    try:
        assert scalar("SELECT count(*) FROM audit_log") == len(chat.results)
    finally:
        probe.dispose()
