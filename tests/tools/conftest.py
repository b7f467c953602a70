"""Fixtures of the tool-runtime tests: the test toolset, an executor over the real database, contexts."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from prometheus_client import CollectorRegistry
from sqlalchemy import select

from pharmai.clock import FixedClock
from pharmai.db.engine import Database
from pharmai.db.models import AuditLog
from pharmai.db.tool_stores import tool_stores
from pharmai.settings import Settings
from pharmai.tools import Executor, Principal, RateLimiter, Registry, ToolContext, ToolMetrics
from pharmai.toolsets import register_profile
from tests.tools.toolset import PROFILE, Calls, build_registry

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="session", autouse=True)
def _test_profile() -> None:
    register_profile(PROFILE, build_registry, replace=True)


@pytest.fixture
def registry() -> Registry:
    return build_registry()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(START)


@pytest.fixture
def metrics() -> ToolMetrics:
    return ToolMetrics(CollectorRegistry())


@pytest.fixture(autouse=True)
def _reset_calls() -> None:
    Calls.reset()


def generous_limiter() -> RateLimiter:
    """Limits high enough that only the rate-limit tests ever hit them."""
    return RateLimiter(conversation="10000/minute", patient="10000/hour", everyone="100000/hour")


@pytest.fixture
def make_executor(db: Database, registry: Registry, metrics: ToolMetrics) -> Iterator[Callable[..., Executor]]:
    made: list[Executor] = []

    def make(**options: object) -> Executor:
        options.setdefault("rate_limiter", generous_limiter())
        options.setdefault("metrics", metrics)
        options.setdefault("settings", Settings(redis_url=None, confirmation_ttl_seconds=600))
        audit = options.pop("audit", "background")
        spill = getattr(options["settings"], "audit_spill_dir", None)
        stores = tool_stores(db, audit=audit, spill_dir=spill) if isinstance(audit, str) else {"audit": audit}
        stores.setdefault("confirmations", tool_stores(db)["confirmations"])
        executor = Executor(registry, db, **stores, **options)  # type: ignore[arg-type]
        made.append(executor)
        return executor

    yield make
    for executor in made:
        executor.close()


@pytest.fixture
def executor(make_executor: Callable[..., Executor]) -> Executor:
    return make_executor()


@pytest.fixture
def ctx(db: Database, clock: FixedClock) -> Callable[..., ToolContext]:
    def make(
        patient: str | None = None, conversation: str | None = "auto", language: str = "en", channel: str = "chat"
    ) -> ToolContext:
        return ToolContext(
            principal=Principal.patient(patient) if patient else Principal.anonymous(),
            conversation_id=f"conv-{uuid.uuid4().hex[:8]}" if conversation == "auto" else conversation,
            language=language,
            channel=channel,
            db=db,
            clock=clock,
        )

    return make


def audit_rows(db: Database, executor: Executor | None = None) -> list[AuditLog]:
    """Every audit row, oldest first (after flushing the executor's writer)."""
    if executor is not None:
        executor.flush()
    with db.session() as session:
        return list(session.scalars(select(AuditLog).order_by(AuditLog.id)))
