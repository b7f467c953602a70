"""Fixtures of the policy tests: real tool envelopes from the executor over the demo database."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from pharmai.clock import FixedClock
from pharmai.db.engine import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.settings import Settings
from pharmai.tools import Executor, Principal, RateLimiter, ToolCall, ToolContext
from pharmai.toolsets import registry_for

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

CallTool = Callable[..., dict[str, Any]]


@pytest.fixture
def call_tool(db: Database) -> Iterator[CallTool]:
    """Run a tool through the real executor and return its envelope (the profile's shape)."""
    executors: dict[str, Executor] = {}
    conversation = f"policy-{uuid.uuid4().hex[:10]}"

    def call(
        name: str, arguments: dict[str, Any], *, profile: str = "canonical", user: str | None = None
    ) -> dict[str, Any]:
        if profile not in executors:
            executors[profile] = Executor(
                registry_for(profile),
                db,
                settings=Settings(redis_url=None),
                rate_limiter=RateLimiter(conversation="10000/minute", patient="10000/hour", everyone="100000/hour"),
                **tool_stores(db, audit="sync"),
            )
        executor = executors[profile]
        context = ToolContext(
            principal=Principal.patient(user) if user else Principal.anonymous(),
            conversation_id=conversation,
            language=str(arguments.get("language", "en")),
            channel="eval",
            db=db,
            clock=FixedClock(START),
        )
        return executor.render(executor.execute(ToolCall(name=name, arguments=arguments), context))

    yield call
    for executor in executors.values():
        executor.close()
