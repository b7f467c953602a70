"""Fault: Redis hanging (accepting and never answering), and Redis refusing connections, behind a real server.

One ``pharmai serve`` runs on a fresh PostgreSQL schema with ``PHARMAI_REDIS_URL`` pointing at a loopback
port of the test's choosing: while the test holds a silent TCP server on that port, Redis hangs; once nothing
listens there, Redis refuses. The per-address HTTP limit stays on (generous), so it meets the fault too. The
circuit breaker's reset is short and elapses before every turn, so each turn also pays for a probe of
Redis, as turns do all through a long outage. In a conversation per fault, an anonymous customer asks
about stock in English and in Hebrew, and sends turns that need no tool.

Asserted: no turn takes 2 s or more; every tool call answers ``SERVICE_UNAVAILABLE`` (never ``INTERNAL``)
and the reply is the customer's apology in the turn's language; tool-free turns call nothing and take under
a second; ``/readyz`` answers 503 naming Redis while ``/healthz`` stays 200; and the audit log holds one row
per tool result the client received (read through ``/v1/audit``, which first stores every queued row).
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests._tcp import TcpStandIn
from tests.faults._server import GENEROUS, STAFF_KEY, Client, Server, fault_backend
from tests.faults.conftest import Report, needs_postgresql

pytestmark = [pytest.mark.xdist_group("faults"), needs_postgresql]

#: The longest a turn may take while Redis is down (issue #15).
TURN_LIMIT_S = 2.0
#: Tool-free turns do not wait on Redis at all.
TOOL_FREE_LIMIT_S = 1.0
#: Seconds before the open circuit lets one call probe Redis again (the default is 5).
BREAKER_RESET_S = 0.2
#: (message, language of the apology) of the turns that call tools.
TOOL_TURNS = (
    ("Is Advil in stock?", "en"),
    ("Is Tylenol in stock?", "en"),
    ("Do you have Nurofen?", "en"),
    ("יש אקמול במלאי?", "he"),
    ("Is Zyrtec in stock?", "en"),
)
TOOL_FREE_TURNS = ("hi", "thanks")
APOLOGY = {"en": "I'm sorry", "he": "סליחה"}


def _audited(base: str, conversation_id: str) -> int:
    """The conversation's audit rows, through the staff endpoint (it stores the queued rows first)."""
    response = httpx.get(
        base + "/v1/audit",
        params={"conversation_id": conversation_id, "limit": 1000},
        headers={"Authorization": f"Bearer {STAFF_KEY}"},
        timeout=10,
    )
    assert response.status_code == 200, response.text
    return int(response.json()["count"])


def _phase(fault: str, server: Server, label: str, report: Report) -> list[str]:
    """One anonymous conversation while Redis has ``fault``; reports its line, returns what went wrong."""
    record: dict[str, object] = {"backend": label, "scenario": f"Redis {fault}"}
    client = Client(server.base, timeout=30)
    problems: list[str] = []
    notes: list[str] = []
    try:
        client.open("en")
        codes: list[str] = []
        tool_free: list[tuple[str, int, float]] = []
        for message, language in TOOL_TURNS:
            time.sleep(BREAKER_RESET_S)  # the circuit half-opens: this turn's first call asks Redis again
            turn = client.say(message)
            if not (turn.status == 200 and turn.done):
                problems.append(f"{message!r} answered {turn.status} {turn.events[-1:]}")
            if turn.seconds >= TURN_LIMIT_S:
                problems.append(f"{message!r} took {turn.seconds:.2f} s (limit {TURN_LIMIT_S} s)")
            codes += [r["result"]["error"]["code"] if r["result"]["error"] else "ok" for r in turn.results]
            if not (turn.results and APOLOGY[language] in turn.reply):
                problems.append(f"{message!r}: no tool call, or no apology in the reply {turn.reply!r}")
        for message in TOOL_FREE_TURNS:
            turn = client.say(message)
            tool_free.append((message, len(turn.results), round(turn.seconds, 3)))
            if not (turn.status == 200 and turn.done) or turn.results or turn.seconds >= TOOL_FREE_LIMIT_S:
                problems.append(
                    f"tool-free turn {message!r}: {turn.status}, {len(turn.results)} calls, {turn.seconds:.2f} s"
                )
        if set(codes) != {"SERVICE_UNAVAILABLE"}:
            problems.append(f"tool answers {codes}, expected only SERVICE_UNAVAILABLE")
        ready = httpx.get(server.base + "/readyz", timeout=5)
        if ready.status_code != 503 or ready.json().get("redis") not in {"unreachable", "circuit_open"}:
            problems.append(f"/readyz answered {ready.status_code} {ready.text[:200]}")
        if (alive := httpx.get(server.base + "/healthz", timeout=5).status_code) != 200:
            problems.append(f"/healthz answered {alive}")
        calls, audit_rows = len(client.results()), _audited(server.base, client.conversation_id)
        if audit_rows != calls:
            problems.append(f"audit rows {audit_rows} != tool results received {calls}")
        record.update(
            calls=calls,
            audit_rows=audit_rows,
            max_turn_s=max(t.seconds for t in client.turns),
        )
        notes.append(f"codes {sorted(set(codes))}; tool-free turns {tool_free}; /readyz {ready.text[:120]}")
    finally:
        record["verdict"] = "ok" if not problems else f"FAIL: {len(problems)} problems (below)"
        if "calls" not in record:
            record["verdict"] = "FAIL: did not finish"
        record["notes"] = [*problems, *notes]
        report(**record)
        client.close()
    return problems


def test_redis_hanging_then_refusing_holds_no_turn_and_fails_tools_with_the_apology(
    tmp_path: Path, fault_report: Report
) -> None:
    """Turns stay under 2 s, tools answer SERVICE_UNAVAILABLE with the apology, /readyz is 503 — both faults.

    Hanging first, from a closed circuit (the costlier case: each call waits for its timeout until the
    circuit opens); then the same port stops listening, and Redis refuses.
    """
    silent = TcpStandIn()  # listening before the server starts: its circuit starts closed
    settings = {
        "PHARMAI_REDIS_URL": silent.url,
        "PHARMAI_REDIS_KEY_PREFIX": "pharmai-fault-redis",
        "PHARMAI_REDIS_BREAKER_RESET_SECONDS": str(BREAKER_RESET_S),
        "PHARMAI_HTTP_RATE_LIMIT": GENEROUS,  # on: it asks the broken Redis too (no shared counts there)
    }
    try:
        with fault_backend("postgresql", tmp_path, tag="faultredis", settings=settings) as backend:
            server = Server(backend, workers=1)
            try:
                server.wait(ready=False)  # /readyz is 503 for as long as Redis is down
                hanging = _phase("hanging", server, backend.label, fault_report)
                held = silent.accepted
                silent.close()  # nothing listens on the port any more: Redis refuses
                refusing = _phase("refusing", server, backend.label, fault_report)
            finally:
                server.stop(seconds=10)
    finally:
        silent.close()
    assert held > 0, "the server never connected to the silent Redis"
    assert not hanging, f"with Redis hanging ({held} connections held): {hanging}"
    assert not refusing, f"with Redis refusing: {refusing}"
