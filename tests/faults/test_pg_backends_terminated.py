"""Fault: the server's PostgreSQL sessions terminated again and again while it is under load.

``pharmai serve --workers 2`` runs on a fresh schema (with Redis for its limits, generous ones). A few
threads invoke read tools directly with the staff key (``POST /v1/tools/{name}/invoke``, one tool call per
request, seed 004's envelope back) for several seconds, while another thread runs
``pg_terminate_backend`` on every session of the server — found by the ``application_name`` its database
URL sets, so no other test's session is touched — every half second.

Asserted once the server has stopped gracefully (which flushes the audit queue): every call whose answer
reached the client (success or typed error) has exactly one audit row, found by its ``tool_call_id``; no
row is stored twice; rows of calls the client never heard back about are at most the number of such calls;
and the server was really hit (sessions were terminated, and some calls were answered).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests.faults._server import STAFF_KEY, FaultBackend, Server, fault_backend
from tests.faults.conftest import Probe, Report, needs_postgresql

pytestmark = [pytest.mark.xdist_group("faults"), needs_postgresql]

#: Seconds of load, client threads, and the pause each thread takes between calls (about 400 calls).
LOAD_S = 6.0
THREADS = 4
PACE_S = 0.05
TERMINATE_EVERY_S = 0.5
#: Read tools and arguments the threads take turns with (anonymous lookups of the demo catalogue).
CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("inventory_check", {"query": "Advil"}),
    ("get_medication_by_name", {"medication_name": "Nurofen"}),
    ("inventory_check", {"query": "Acamol"}),
    ("get_medication_by_name", {"medication_name": "Zyrtec"}),
)


class _Load:
    """The client side: calls sent, and the ``tool_call_id`` of every call answered."""

    def __init__(self) -> None:
        self.sent = 0
        self.answered: list[str] = []
        self.codes: dict[str, int] = {}
        self.lost: dict[str, int] = {}
        self._lock = threading.Lock()

    def _lose(self, why: str) -> None:
        with self._lock:
            self.lost[why] = self.lost.get(why, 0) + 1

    def run(self, base: str, index: int, stop_at: float) -> None:
        with httpx.Client(base_url=base, timeout=15, headers={"Authorization": f"Bearer {STAFF_KEY}"}) as http:
            k = index
            while time.monotonic() < stop_at:
                name, arguments = CALLS[k % len(CALLS)]
                k += 1
                with self._lock:
                    self.sent += 1
                try:
                    response = http.post(f"/v1/tools/{name}/invoke", json={"arguments": arguments, "language": "en"})
                except httpx.HTTPError as exc:
                    self._lose(type(exc).__name__)
                    time.sleep(PACE_S)
                    continue
                try:
                    body = response.json()
                    call_id = body["tool_call_id"]
                    code = "ok" if body["ok"] else str(body["error"]["code"])
                except (ValueError, KeyError, TypeError):
                    self._lose(f"HTTP {response.status_code} {response.text[:80]}")
                else:
                    with self._lock:
                        self.answered.append(str(call_id))
                        self.codes[code] = self.codes.get(code, 0) + 1
                time.sleep(PACE_S)


def _terminator(backend: FaultBackend, stop: threading.Event, terminated: list[int]) -> None:
    """Terminate every session of the server each ``TERMINATE_EVERY_S`` until ``stop``."""
    engine = create_engine(backend.url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    query = text(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE application_name = :app AND pid <> pg_backend_pid()"
    )
    try:
        with engine.connect() as conn:
            while not stop.wait(TERMINATE_EVERY_S):
                terminated.append(int(conn.execute(query, {"app": backend.app_name}).scalar() or 0))
    finally:
        engine.dispose()


def test_terminated_postgresql_sessions_lose_no_audit_row(
    tmp_path: Path, probe_factory: Callable[[FaultBackend], Probe], fault_report: Report
) -> None:
    """Every answered call has exactly one audit row after a graceful stop, however often sessions died."""
    record: dict[str, object] = {"scenario": "PG sessions terminated under load"}
    with fault_backend("postgresql", tmp_path, tag="faultpg") as backend:
        record["backend"] = backend.label
        server = Server(backend, workers=2)
        try:
            server.wait()
            probe = probe_factory(backend)
            load = _Load()
            stop = threading.Event()
            terminated: list[int] = []
            killer = threading.Thread(target=_terminator, args=(backend, stop, terminated), daemon=True)
            stop_at = time.monotonic() + LOAD_S
            threads = [threading.Thread(target=load.run, args=(server.base, i, stop_at)) for i in range(THREADS)]
            killer.start()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=LOAD_S + 30)
            stop.set()
            killer.join(timeout=10)
            assert not any(t.is_alive() for t in threads), "a client thread hung"
            server.stop()  # graceful: the workers flush their audit queues

            rows = probe.audit_ids()
            answered = set(load.answered)
            missing = sorted(answered - set(rows))
            doubled = sorted(i for i in answered if rows[i] > 1)
            unheard = sum(n for i, n in rows.items() if i not in answered)
            lost = load.sent - len(load.answered)
            checks = {
                "every answered call audited": not missing,
                "no row stored twice": not doubled,
                "rows of unanswered calls <= unanswered calls": unheard <= lost,
            }
            failed = [name for name, ok in checks.items() if not ok]
            record.update(
                calls=len(load.answered),
                audit_rows=sum(rows.values()),
                refills=None,  # no write tool is called
                approvals=None,
                verdict="ok" if not failed else "FAIL: " + ", ".join(failed),
                notes=[
                    f"sent {load.sent}, answered {len(load.answered)} {dict(sorted(load.codes.items()))}, "
                    f"unanswered {lost} {load.lost}; sessions terminated {sum(terminated)} in {len(terminated)} "
                    f"rounds; missing rows {len(missing)}, doubled {len(doubled)}; "
                    f"rows still in spill files {backend.spilled_rows()}"
                ],
            )
            assert sum(terminated) > 0, "no session of the server was terminated: the fault never happened"
            assert len(load.answered) >= 100, f"only {len(load.answered)} calls answered: {record['notes']}"
            assert not missing, f"{len(missing)} answered calls have no audit row: {record['notes']}"
            assert not doubled, f"{len(doubled)} calls have more than one audit row: {record['notes']}"
            assert unheard <= lost, f"{unheard} rows of calls nobody saw answered, > {lost} unanswered calls"
        finally:
            record.setdefault("verdict", "FAIL: did not finish")
            fault_report(**record)
            server.stop(seconds=5)
