"""Fault: ``kill -9`` of the server while a customer's refill approval is in flight (SQLite and PostgreSQL).

A demo patient signs in with a one-time code and asks for a refill, so a ``request_refill`` confirmation
is pending. The test then makes the approval block inside the database: on PostgreSQL it holds the
prescription's row lock (``SELECT … FOR UPDATE`` from its own connection), on SQLite the file's write lock
(``BEGIN IMMEDIATE``). It sends the approval, waits until the server is stuck on that lock, kills the
server's whole process group with SIGKILL, releases the lock and starts a new server on the same database.

Asserted: the killed approval left nothing behind — the confirmation is still ``pending`` (in its table and
in the transcript), no refill exists and the prescription's refills are untouched; approving it twice at
once on the new server creates exactly one refill and takes exactly one refill off the prescription; and
the audit log holds one row per tool result the client received (``request_refill`` included).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests.faults._server import Client, FaultBackend, Server, fault_backend
from tests.faults.conftest import BACKENDS, Probe, Report

pytestmark = pytest.mark.xdist_group("faults")

EMAIL = "david.cohen@example.com"
#: David Cohen's Glucophage: active, 5 refills, in stock at s1 (shared/DEMO_WORLD.md).
PRESCRIPTION = "p002"


def _sign_in_and_propose(client: Client, probe: Probe) -> str:
    """Sign in with the one-time code and ask for the refill; returns the pending confirmation's id."""
    client.open("en")
    asked = client.say(f"I want to sign in. My details: {EMAIL}")
    assert asked.done, asked.events
    code = probe.latest_code()
    assert code, "no one-time code reached the outbox"
    verified = client.say(code)
    assert verified.done and "verified" in verified.reply, verified.reply
    proposed = client.say("I want to refill my Glucophage")
    confirmation = proposed.confirmation()
    assert proposed.done and confirmation is not None, proposed.events
    assert confirmation["tool"] == "request_refill"
    return str(confirmation["id"])


@contextlib.contextmanager
def _blocking_lock(backend: FaultBackend) -> Iterator[Callable[[], bool]]:
    """Hold the lock the approval's write needs; yields a check "is the server waiting for it now?"."""
    if backend.name == "postgresql":
        engine = create_engine(backend.url, poolclass=NullPool)
        try:
            with engine.connect() as holder, engine.execution_options(isolation_level="AUTOCOMMIT").connect() as watch:
                lock = "SELECT presc_id FROM prescriptions WHERE presc_id = :p FOR UPDATE"
                holder.execute(text(lock), {"p": PRESCRIPTION})
                query = text(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = :app AND wait_event_type = 'Lock'"
                )
                try:
                    yield lambda: bool(watch.execute(query, {"app": backend.app_name}).scalar())
                finally:
                    holder.rollback()
        finally:
            engine.dispose()
        return
    holder_db = sqlite3.connect(backend.sqlite_path, timeout=10, isolation_level=None)
    holder_db.execute("BEGIN IMMEDIATE")
    lock_file = Path(f"{backend.sqlite_path}-pharmai.lock")

    def queued() -> bool:
        # pharmai's writers take this file lock before SQLite's own: held by the server = it waits on us.
        if not lock_file.exists():
            return False
        fd = os.open(lock_file, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)  # closing the descriptor releases a lock taken through it
        return False

    try:
        yield queued
    finally:
        holder_db.rollback()
        holder_db.close()


def _wait_until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def _wait_in_flight(waiting: Callable[[], bool], *, strict: bool) -> bool:
    """Wait until the approval is stuck on the lock (at most 5 s); without ``strict``, at least 0.5 s."""
    started = time.monotonic()
    while time.monotonic() - started < 5:
        if waiting():
            time.sleep(0.1)  # let it settle on the lock
            return True
        if not strict and time.monotonic() - started >= 0.5:
            return False
        time.sleep(0.02)
    return False


def _wait_sessions_gone(backend: FaultBackend) -> None:
    """PostgreSQL: wait until the killed server's sessions are gone (they end once they see the socket closed)."""
    if backend.name != "postgresql":
        return
    engine = create_engine(backend.url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            deadline = time.monotonic() + 5
            query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = :app"
            while conn.execute(text(query), {"app": backend.app_name}).scalar() and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_kill_9_during_approval_loses_no_approval_and_refills_once(
    backend_name: str, tmp_path: Path, probe_factory: Callable[[FaultBackend], Probe], fault_report: Report
) -> None:
    """The killed approval leaves a pending confirmation and no refill; approving it later refills once."""
    record: dict[str, object] = {"scenario": "kill -9 during approval"}
    servers: list[Server] = []
    clients: list[Client] = []
    with fault_backend(backend_name, tmp_path, tag="faultkill") as backend:
        record["backend"] = backend.label
        try:
            probe = probe_factory(backend)
            servers.append(Server(backend, workers=1, tag="before-kill"))
            servers[0].wait()
            client = Client(servers[0].base)
            clients.append(client)
            confirmation_id = _sign_in_and_propose(client, probe)
            refills_before = probe.refills(PRESCRIPTION)
            left_before = probe.refills_left(PRESCRIPTION)
            # The rows of the calls so far leave the background queue within milliseconds; the SQLite lock
            # below would hold them in the killed worker's memory, which is not the fault under test.
            _wait_until(lambda: probe.audit_rows() >= len(client.results()))

            with _blocking_lock(backend) as waiting, ThreadPoolExecutor(1) as pool:
                killed = client.sibling(timeout=30)
                clients.append(killed)
                in_flight = pool.submit(killed.decide, confirmation_id)
                stuck = _wait_in_flight(waiting, strict=backend.name == "postgresql")
                assert not in_flight.done(), "the approval finished although the lock its write needs was held"
                servers[0].kill()
                with pytest.raises(httpx.TransportError):  # the server died mid-request
                    in_flight.result(timeout=10)
            assert stuck or backend.name == "sqlite", "the approval never waited on the prescription's row lock"
            if not stuck:
                record["notes"] = ["the SQLite writer's queue was not observed; killed 0.5 s into the approval"]
            _wait_sessions_gone(backend)
            status_after_kill = probe.confirmation_status(confirmation_id)
            refills_after_kill = probe.refills(PRESCRIPTION)
            left_after_kill = probe.refills_left(PRESCRIPTION)

            servers.append(Server(backend, workers=1, tag="after-kill"))
            servers[1].wait()
            client.reconnect(servers[1].base)
            pending = client.transcript()["pending_confirmation"]
            # Two approvals at once (a double click, or a retry racing the first): one refill at most.
            with ThreadPoolExecutor(2) as pool:
                racers = list(pool.map(lambda _: client.decide(confirmation_id), range(2)))
            servers[1].stop()  # graceful: every audit row is stored before the counts below

            approved = [r for t in racers for r in t.results if r["name"] == "request_refill" and r["result"]["ok"]]
            calls, refill_calls = len(client.results()), len(client.results("request_refill"))
            audit_rows, refill_rows = probe.audit_rows(), probe.audit_rows("request_refill")
            new_refills = probe.refills(PRESCRIPTION) - refills_before
            taken = left_before - probe.refills_left(PRESCRIPTION)
            final_status = probe.confirmation_status(confirmation_id)
            checks = {
                "confirmation pending after kill -9": status_after_kill == "pending",
                "no refill after kill -9": (refills_after_kill, left_after_kill) == (refills_before, left_before),
                "transcript shows it pending": bool(pending) and pending.get("id") == confirmation_id,
                "approved once after restart": len(approved) == 1 and final_status == "approved" and new_refills == 1,
                "no double refill": new_refills <= 1 and taken <= 1,
                "audit rows = calls": (audit_rows, refill_rows) == (calls, refill_calls),
            }
            record.update(
                calls=calls,
                audit_rows=audit_rows,
                refills=new_refills,
                approvals=probe.approvals(),
                max_turn_s=max(t.seconds for t in client.turns),
                verdict=_verdict(checks),
            )
            assert status_after_kill == "pending", f"after kill -9 the confirmation is {status_after_kill!r}"
            assert (refills_after_kill, left_after_kill) == (refills_before, left_before), "a refill survived"
            assert pending and pending.get("id") == confirmation_id, f"transcript's pending confirmation: {pending}"
            answers = [(t.status, [r["result"].get("error") for r in t.results]) for t in racers]
            assert len(approved) == 1 and final_status == "approved", f"approvals after restart: {answers}"
            assert (new_refills, taken) == (1, 1), f"refills created {new_refills}, refills taken {taken}"
            assert refill_rows == refill_calls, f"request_refill audit rows {refill_rows} != calls {refill_calls}"
            assert audit_rows == calls, f"audit rows {audit_rows} != tool results received {calls}"
        finally:
            record.setdefault("verdict", "FAIL: did not finish")
            fault_report(**record)
            for c in clients:
                c.close()
            for server in servers:
                server.stop(seconds=5)


def _verdict(checks: dict[str, bool]) -> str:
    failed = [name for name, ok in checks.items() if not ok]
    return "ok" if not failed else "FAIL: " + ", ".join(failed)
