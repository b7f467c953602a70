"""Abuse benchmark: one client floods anonymous turns while verified customers sign in and read, every second.

For each backend (SQLite; PostgreSQL + Redis when reachable) it starts ``pharmai serve --workers 2`` on
loopback with a fresh database and the deployment's default limits (only the date is pinned), then runs
two clients at once for ``--seconds``:

- the **attacker**, from one loopback address: ``--attackers`` connections in a closed loop, each opening a new
  anonymous conversation (or, once the address may open no more, reusing one of its own) and asking about
  five medications (six tool calls a turn), as fast as the server answers, never waiting for
  ``Retry-After`` — the flood of issue #15, which once spent the deployment's whole hour in 2.5 s;
- the **customers**: every second one visit by a demo patient (the ten in turn, each from an address of
  its own): open a conversation, ask whether Advil is in stock (anonymous), ask to sign
  in, read the one-time code from the development outbox (as the tests do), send it, and ask for the
  prescriptions. A visit succeeds when every request answers 200/201 within 10 s, the stream ends in
  ``message.done`` and every tool call of the visit succeeds.

Prints, per backend, the customers' success rate (target ≥ 99 %) and visit latency, and the attacker's
requests and tool calls, accepted and refused (by HTTP status and by rate-limit tier), with the machine
and the date; writes ``benchmarks/results/abuse.json``. Exits 1 when a backend misses the target.

Run: ``.venv/bin/python benchmarks/bench_abuse.py [--seconds S] [--attackers N] [--backends sqlite,postgresql]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _backends import Backend, launch_server, pg_reachable, stop_server, wait_ready
from _loadgen import Connection, HttpError

from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code

RESULTS = Path(__file__).resolve().parent / "results" / "abuse.json"
WORKERS = 2
TARGET_SUCCESS = 0.99
VISIT_TIMEOUT_S = 10.0
#: Seconds the flood runs before the first customer arrives.
LEAD_S = 2.0
#: The run's loopback network (every 127.x address reaches the server): a fresh one per run, since the
#: per-address HTTP limit keeps its counts in Redis under a fixed prefix for a minute after a run.
NET = f"127.{random.randint(1, 254)}"
ATTACKER = f"{NET}.0.2"
FLOOD = "Tell me about Advil, Nurofen, Acamol, Zyrtec and Tylenol"
#: The demo world's patients, by the email they sign in with (docs/demo-world.md).
CUSTOMERS = (
    "noa.cohen@example.com",
    "david.cohen@example.com",
    "yossi.levi@example.com",
    "maya.shapiro@example.com",
    "dana.mizrahi@example.com",
    "amir.haddad@example.com",
    "rivka.friedman@example.com",
    "omer.katz@example.com",
    "lior.bendavid@example.com",
    "tamar.azulay@example.com",
)


def _launch(backend: Backend, workdir: Path) -> tuple[subprocess.Popen[bytes], str, Path]:
    """Start the server of ``backend`` (without waiting for it: several start at once, to keep the run short)."""
    # The deployment's defaults for every limit: only the engine, identity mode and date are pinned.
    settings = {
        "PHARMAI_ENGINE": "offline",
        "PHARMAI_IDENTITY_MODE": "otp",
        "PHARMAI_TODAY": "2026-03-01",
        "PHARMAI_AUDIT_SECRET": "bench",
    }
    return launch_server(backend, workdir, workers=WORKERS, settings=settings)


def _events(body: bytes) -> list[tuple[str, dict[str, Any]]]:
    """The ``(event, data)`` pairs of an SSE body."""
    events = []
    for frame in body.decode("utf-8", "replace").split("\n\n"):
        name, data = "message", []
        for line in frame.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


def _tool_results(events: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [data["result"] for name, data in events if name == "tool.result"]


class _Attacker:
    """One address's flood: counts of what the server accepted and refused."""

    def __init__(self, host: str, port: int, source: str) -> None:
        self.host, self.port, self.source = host, port, source
        self.http: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self.conversations: list[tuple[str, str]] = []
        self._next = 0

    async def _conversation(self, conn: Connection) -> tuple[str, str] | None:
        status, body = await conn.request("POST", "/v1/conversations", {"language": "en"})
        self.http[f"open {status}"] += 1
        if status == 201:
            created = json.loads(body)
            self.conversations.append((created["conversation_id"], created["token"]))
            return self.conversations[-1]
        if not self.conversations:
            return None
        # No new conversation for this address: keep flooding through the ones it has.
        self._next = (self._next + 1) % len(self.conversations)
        return self.conversations[self._next]

    async def run(self, stop_at: float) -> None:
        conn = Connection(self.host, self.port, source=self.source)
        try:
            while time.monotonic() < stop_at:
                try:
                    opened = await self._conversation(conn)
                    if opened is None:
                        continue
                    cid, token = opened
                    status, body = await conn.request(
                        "POST", f"/v1/conversations/{cid}/messages", {"content": FLOOD}, token
                    )
                except HttpError:
                    self.http["broken"] += 1
                    continue
                self.http[f"turn {status}"] += 1
                for result in _tool_results(_events(body)) if status == 200 else []:
                    error = result.get("error") or {}
                    if result.get("ok"):
                        self.calls["accepted"] += 1
                    elif error.get("code") == "RATE_LIMITED":
                        self.calls[f"refused: {(error.get('details') or {}).get('tier', '?')}"] += 1
                    else:
                        self.calls[f"failed: {error.get('code', '?')}"] += 1
        finally:
            await conn.close()


async def _visit(host: str, port: int, index: int, db: Database) -> tuple[bool, float, str]:
    """One customer visit; returns (succeeded, seconds, what failed)."""
    email = CUSTOMERS[index % len(CUSTOMERS)]
    conn = Connection(host, port, source=f"{NET}.1.{1 + index % len(CUSTOMERS)}")
    started = time.perf_counter()

    async def turn(cid: str, token: str, content: str) -> list[dict[str, Any]]:
        status, body = await conn.request("POST", f"/v1/conversations/{cid}/messages", {"content": content}, token)
        events = _events(body)
        if status != 200 or not events or events[-1][0] != "message.done":
            raise RuntimeError(f"turn answered {status} ({events[-1][0] if events else 'no events'})")
        return _tool_results(events)

    async def steps() -> None:
        status, body = await conn.request("POST", "/v1/conversations", {"language": "en"})
        if status != 201:
            raise RuntimeError(f"open answered {status}")
        created = json.loads(body)
        cid, token = created["conversation_id"], created["token"]
        results = await turn(cid, token, "Is Advil in stock?")
        results += await turn(cid, token, f"I want to sign in. My details: {email}")
        code = await asyncio.to_thread(_code, db, email)
        if not code:
            raise RuntimeError("no one-time code was sent")
        results += await turn(cid, token, code)
        prescriptions = await turn(cid, token, "Show me my prescriptions")
        results += prescriptions
        failed = [str((r.get("error") or {}).get("code")) for r in results if not r.get("ok")]
        if failed:
            raise RuntimeError("tool calls failed: " + ", ".join(failed))
        if not any("prescriptions" in r for r in prescriptions):
            raise RuntimeError("no prescriptions lookup")

    try:
        await asyncio.wait_for(steps(), VISIT_TIMEOUT_S)
        return True, time.perf_counter() - started, ""
    except (TimeoutError, HttpError, RuntimeError, ValueError) as exc:
        return False, time.perf_counter() - started, f"{type(exc).__name__}: {exc}"
    finally:
        await conn.close()


def _code(db: Database, email: str) -> str | None:
    with db.session() as session:
        return latest_outbox_code(session, email)


async def _attack(base: str, source: str, seconds: float, connections: int) -> dict[str, Any]:
    """The attacker's side, run in a process of its own (see ``--attack``)."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    attacker = _Attacker(host, int(port), source)
    stop_at = time.monotonic() + seconds
    tasks = [asyncio.create_task(attacker.run(stop_at)) for _ in range(connections)]
    print("flooding", flush=True)
    await asyncio.gather(*tasks)
    return {
        "address": source,
        "connections": connections,
        "conversations_opened": len(attacker.conversations),
        "http": dict(sorted(attacker.http.items())),
        "tool_calls": dict(sorted(attacker.calls.items())),
    }


async def _customers(base: str, backend: Backend, seconds: float) -> dict[str, Any]:
    """One visit due every second for ``seconds``; each visit waits for the one before."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    db = Database(backend.url)
    visits: list[tuple[bool, float, str]] = []
    start = time.monotonic()
    try:
        for k in range(int(seconds)):
            await asyncio.sleep(max(0.0, start + k - time.monotonic()))
            visits.append(await _visit(host, int(port), k, db))
    finally:
        db.dispose()
    latencies = sorted(v[1] * 1000.0 for v in visits)
    successes = sum(ok for ok, _, _ in visits)
    return {
        "visits": len(visits),
        "succeeded": successes,
        "success_rate": round(successes / len(visits), 4) if visits else 0.0,
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "max_ms": round(latencies[-1], 1) if latencies else None,
        "failures": sorted(Counter(why for ok, _, why in visits if not ok).items()),
    }


def _run(base: str, backend: Backend, seconds: float, attackers: int) -> dict[str, Any]:
    """The attacker (its own process, so its flood does not slow the customers' client) and the customers."""
    command = [sys.executable, __file__, "--attack", base, "--source", ATTACKER, "--seconds", str(seconds + LEAD_S)]
    command += ["--attackers", str(attackers)]
    attacker = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert attacker.stdout is not None
    if attacker.stdout.readline().strip() != "flooding":
        raise RuntimeError("the attacker did not start")
    time.sleep(LEAD_S)  # customers arrive while the flood is in full swing
    customer = asyncio.run(_customers(base, backend, seconds))
    out, _ = attacker.communicate(timeout=seconds + 60)
    return {"backend": backend.label, "seconds": seconds, "customer": customer, "attacker": json.loads(out)}


def _print(run: dict[str, Any]) -> None:
    customer, attacker = run["customer"], run["attacker"]
    print(
        f"{run['backend']:<17} customers: {customer['succeeded']}/{customer['visits']} visits succeeded "
        f"({customer['success_rate']:.1%}), p50 {customer['p50_ms']} ms, max {customer['max_ms']} ms"
    )
    for why, count in customer["failures"]:
        print(f"{'':<17}   failed {count}x: {why}")
    http = ", ".join(f"{k}: {v}" for k, v in attacker["http"].items())
    calls = ", ".join(f"{k}: {v}" for k, v in attacker["tool_calls"].items())
    print(f"{'':<17} attacker: {attacker['conversations_opened']} conversations opened; requests {http}")
    print(f"{'':<17} attacker tool calls: {calls}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0, help="Seconds per backend.")
    parser.add_argument("--attackers", type=int, default=4, help="The attacker's concurrent connections.")
    parser.add_argument("--backends", default="sqlite,postgresql", help="Comma-separated: sqlite, postgresql.")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--source", default=ATTACKER, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        print(json.dumps(asyncio.run(_attack(args.attack, args.source, args.seconds, args.attackers))))
        return 0
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if "postgresql" in backends and not pg_reachable():
        print("PostgreSQL or Redis unreachable: skipping the postgresql backend")
        backends.remove("postgresql")
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    when = datetime.now(UTC).isoformat(timespec="seconds")
    print(f"abuse benchmark on {machine} ({platform.node()}), {when}")
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pharmai-abuse-") as tmp:
        workdir = Path(tmp)
        servers: list[tuple[Backend, subprocess.Popen[bytes], str, Path]] = []
        try:
            for name in backends:
                backend = Backend(name, workdir, tag="abuse", own_redis_keys=True)
                servers.append((backend, *_launch(backend, workdir)))
            for _, process, base, log in servers:
                wait_ready(process, base, log)
            for backend, process, base, _ in servers:
                runs.append(_run(base, backend, args.seconds, args.attackers))
                stop_server(process)
                _print(runs[-1])
        finally:
            for backend, process, _, _ in servers:
                stop_server(process)
                backend.drop()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "benchmark": "abuse",
        "date": when,
        "machine": machine,
        "workers": WORKERS,
        "engine": "offline",
        "target": {"customer_success_rate": TARGET_SUCCESS},
        "runs": runs,
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    met = all(r["customer"]["success_rate"] >= TARGET_SUCCESS for r in runs)
    print(f"target (customer success ≥ {TARGET_SUCCESS:.0%}): {'met' if met else 'missed'}; results: {RESULTS}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
