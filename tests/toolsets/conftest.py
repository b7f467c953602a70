"""Fixtures of the toolset tests: executors per profile over the real database, sessions, snapshots.

Every call goes through the registry and the :class:`~pharmai.tools.Executor` (validation, authorization,
confirmation, audit), never through a handler directly.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import select

import pharmai.toolsets
from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import (
    IdentityChallenge,
    Inventory,
    OutboxMessage,
    Patient,
    Prescription,
    RefillRequest,
    Ticket,
)
from pharmai.db.tool_stores import tool_stores
from pharmai.settings import Settings
from pharmai.tools import Executor, Principal, ToolCall, ToolContext, ToolOutcome
from pharmai.toolsets import registry_for
from tests.conftest import TODAY

#: Limits no test reaches, so rate limiting never hides what a test checks.
GENEROUS = Settings(
    redis_url=None,
    rate_limit_conversation="100000/minute",
    rate_limit_patient="100000/hour",
    rate_limit_global="1000000/hour",
    confirmation_ttl_seconds=600,
)

#: Arguments no tool may accept as an id or a name.
HOSTILE: list[Any] = ["", " ", "x" * 10_000, "'; DROP TABLE products; --", "<script>alert(1)</script>", 42, None]


def profiles() -> tuple[str, ...]:
    """The registered tool profiles (canonical, and the seed profiles once registered)."""
    return tuple(pharmai.toolsets.PROFILES)


def dumps(envelope: Any) -> str:
    """The envelope as the client receives it (JSON text, non-ASCII kept for Hebrew checks)."""
    return json.dumps(envelope, ensure_ascii=False, default=str)


@dataclass
class Session:
    """One conversation on one profile: calls render in the profile's envelope.

    Attributes:
        executor: The profile's executor.
        context: The session context (its principal changes after a successful AUTH tool).
        last: The last outcome.
    """

    executor: Executor
    context: ToolContext
    last: ToolOutcome | None = field(default=None)

    def outcome(self, name: str, arguments: Any = None) -> ToolOutcome:
        """Execute ``name`` and keep the outcome."""
        self.last = self.executor.execute(ToolCall(name=name, arguments=arguments), self.context)
        return self.last

    def call(self, name: str, arguments: Any = None) -> dict[str, Any]:
        """Execute ``name`` and return the rendered envelope."""
        return self.executor.render(self.outcome(name, arguments))

    def approve(self, confirmation_id: str) -> dict[str, Any]:
        """Approve a pending confirmation and return the rendered envelope."""
        self.last = self.executor.approve(confirmation_id, self.context)
        return self.executor.render(self.last)

    def deny(self, confirmation_id: str) -> dict[str, Any]:
        """Deny a pending confirmation and return the rendered envelope."""
        self.last = self.executor.deny(confirmation_id, self.context)
        return self.executor.render(self.last)

    def call_confirmed(self, name: str, arguments: Any = None) -> dict[str, Any]:
        """Call a tool and, when it asks for confirmation, approve it; the final envelope."""
        envelope = self.call(name, arguments)
        assert self.last is not None
        confirmation = self.last.confirmation
        if confirmation is not None:
            return self.approve(confirmation["confirmation_id"])
        return envelope


@pytest.fixture
def make_executor(db: Database) -> Iterator[Callable[..., Executor]]:
    """``make_executor(profile="canonical")``: an executor with sync audit and generous limits."""
    made: list[Executor] = []

    def make(profile: str = "canonical") -> Executor:
        executor = Executor(registry_for(profile), db, settings=GENEROUS, **tool_stores(db, audit="sync"))
        made.append(executor)
        return executor

    yield make
    for executor in made:
        executor.close()


@pytest.fixture
def make_session(db: Database, make_executor: Callable[..., Executor]) -> Callable[..., Session]:
    """``make_session(user="u002", language="en", profile="canonical", **extras)``.

    ``user=None`` gives a session without a verified patient.
    """
    executors: dict[str, Executor] = {}

    def make(
        user: str | None = "u002",
        language: str = "en",
        profile: str = "canonical",
        conversation_id: str | None = None,
        **extras: Any,
    ) -> Session:
        if profile not in executors:
            executors[profile] = make_executor(profile)
        context = ToolContext(
            principal=Principal.patient(user) if user else Principal.anonymous(),
            conversation_id=conversation_id or f"conv-{uuid.uuid4().hex[:12]}",
            language=language,
            channel="test",
            db=db,
            clock=Clock(TODAY),
            extras=dict(extras),
        )
        return Session(executors[profile], context)

    return make


@pytest.fixture
def david(make_session: Callable[..., Session]) -> Session:
    """A canonical session verified as u002 (David Cohen), in English."""
    return make_session("u002")


def rows(db: Database) -> dict[str, Any]:
    """Every row the pharmacy tools can change, in a comparable form."""
    with db.session() as s:
        return {
            "patients": sorted((p.user_id, p.name_en, p.name_he, p.email, p.phone) for p in s.scalars(select(Patient))),
            "inventory": sorted((r.store_id, r.med_id, r.qty_on_hand) for r in s.scalars(select(Inventory))),
            "prescriptions": sorted(
                (r.presc_id, r.user_id, r.status, r.refills_left) for r in s.scalars(select(Prescription)).unique()
            ),
            "refills": sorted(
                (r.refill_id, r.presc_id, r.user_id, r.store_id, r.status) for r in s.scalars(select(RefillRequest))
            ),
            "tickets": sorted((r.ticket_id, r.user_id, r.status) for r in s.scalars(select(Ticket))),
            "challenges": sorted((r.challenge_id, r.status, r.attempts) for r in s.scalars(select(IdentityChallenge))),
            "outbox": sorted(r.id for r in s.scalars(select(OutboxMessage))),
        }


@pytest.fixture
def snapshot(db: Database) -> Callable[[], dict[str, Any]]:
    """A callable returning the current contents of every table the tools write."""
    return lambda: rows(db)
