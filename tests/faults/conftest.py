"""Fixtures of the fault suite: the summary recorder and a read-only look into a server's database.

Every test of this folder starts real ``pharmai serve`` processes, so they all share one xdist group
(``faults``) and run one after another on one worker, whatever ``-n`` is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.pool import NullPool

from tests.faults import _summary
from tests.faults._server import PG_URL, FaultBackend

#: Parametrisation over the backends: SQLite always, PostgreSQL when the test settings name a server.
BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(not PG_URL, reason="PHARMAI_TEST_DATABASE_URL is not set (.ci/run always sets it)"),
    ),
]
needs_postgresql = pytest.mark.skipif(
    not PG_URL, reason="PHARMAI_TEST_DATABASE_URL is not set (.ci/run always sets it)"
)

Report = Callable[..., None]


@pytest.fixture
def fault_report(request: pytest.FixtureRequest) -> Report:
    """``fault_report(backend=…, scenario=…, calls=…, …)``: one line of the run's fault summary."""

    def report(**record: Any) -> None:
        _summary.append(request.config, test=request.node.nodeid, **record)

    return report


class Probe:
    """The test's own view of a server's database (never through the server under test).

    Args:
        backend: The backend the server runs on.
    """

    def __init__(self, backend: FaultBackend) -> None:
        self.engine: Engine = create_engine(backend.url, poolclass=NullPool)

    def scalar(self, sql: str, **params: Any) -> Any:
        """One value of a query."""
        with self.engine.connect() as conn:
            return conn.execute(text(sql), params).scalar()

    def audit_ids(self, tool: str | None = None) -> Counter[str]:
        """Audit rows per ``tool_call_id`` (of one tool, when named)."""
        sql = "SELECT tool_call_id FROM audit_log" + (" WHERE tool = :tool" if tool else "")
        with self.engine.connect() as conn:
            return Counter(str(row[0]) for row in conn.execute(text(sql), {"tool": tool}))

    def audit_rows(self, tool: str | None = None) -> int:
        """Audit rows in all (of one tool, when named)."""
        return sum(self.audit_ids(tool).values())

    def refills(self, presc_id: str) -> int:
        """Refill requests of a prescription, whatever their status."""
        return int(self.scalar("SELECT count(*) FROM refill_requests WHERE presc_id = :p", p=presc_id))

    def refills_left(self, presc_id: str) -> int:
        """The prescription's refills left."""
        return int(self.scalar("SELECT refills_left FROM prescriptions WHERE presc_id = :p", p=presc_id))

    def confirmation_status(self, confirmation_id: str) -> str | None:
        """A confirmation's status (``None``: no such row)."""
        return self.scalar("SELECT status FROM confirmations WHERE confirmation_id = :c", c=confirmation_id)

    def approvals(self) -> int:
        """Confirmations approved so far."""
        return int(self.scalar("SELECT count(*) FROM confirmations WHERE status = 'approved'"))

    def latest_code(self) -> str | None:
        """The newest one-time code of the development outbox."""
        return self.scalar("SELECT code FROM outbox WHERE code IS NOT NULL ORDER BY id DESC LIMIT 1")

    def close(self) -> None:
        """Release the engine."""
        self.engine.dispose()


@pytest.fixture
def probe_factory() -> Iterator[Callable[[FaultBackend], Probe]]:
    """``probe_factory(backend)`` → a :class:`Probe`, disposed after the test."""
    probes: list[Probe] = []

    def make(backend: FaultBackend) -> Probe:
        probes.append(Probe(backend))
        return probes[-1]

    yield make
    for probe in probes:
        probe.close()
