"""Load test of the HTTP API: offline-engine turns per second and latency, from a separate process.

For each backend (SQLite; PostgreSQL + Redis when reachable) it starts ``pharmai serve --workers 2`` on
loopback with a fresh database, opens 16 and then 64 conversations, and runs two phases on each:

- ``saturation`` (closed loop): every conversation sends its next message as soon as the previous reply
  has ended; gives the most turns per second the server sustains (latency here is mostly queueing);
- ``paced`` (open loop): turns are due at ``--rate`` per second in all (default 300, the target), spread
  evenly over the conversations; latency counts from when a turn was due, so queueing behind a server
  that cannot keep up is counted (no coordinated omission).

Every turn is a POST and the whole SSE stream to its final event. Each phase is bounded (turn count,
seconds) and stops by itself. The client is a lean HTTP/1.1 one (``_loadgen.py``) so that it takes as
little of the shared CPUs as possible. Prints turns/s and p50 / p99 latency per phase and whether the
target holds (≥ 300 turns/s at saturation, p99 ≤ 100 ms at 300/s offered, no errors), and writes
``benchmarks/results/api.json``.

The tool rate-limit tiers and the per-client HTTP limit are raised for the run: the benchmark measures
throughput, and its single client address would otherwise be throttled (as it should be in production).

Run: ``.venv/bin/python benchmarks/bench_api.py [--turns N] [--seconds S] [--rate R] [--backends sqlite,postgresql]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _backends import UNLIMITED_SETTINGS, Backend, launch_server, pg_reachable, stop_server, wait_ready
from _loadgen import Connection, HttpError

RESULTS = Path(__file__).resolve().parent / "results" / "api.json"
CONCURRENCY = (16, 64)
TARGET_RATE = 300.0
TARGET_P99_MS = 100.0
WORKERS = 2
MESSAGES = (
    "Is Advil in stock?",
    "יש אקמול במלאי?",
    "What is Ibuprofen?",
    "Do you have Zyrtec?",
    "מה זה נורופן?",
    "Is Nurofen available in Jerusalem?",
)


def _start_server(backend: Backend, workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    process, base, log = launch_server(backend, workdir, workers=WORKERS, settings=UNLIMITED_SETTINGS)
    try:
        wait_ready(process, base, log)
    except RuntimeError:
        stop_server(process)
        raise
    return process, base


async def _turn(conn: Connection, cid: str, token: str, message: str) -> bool:
    """One turn: POST the message and read the whole SSE stream; True if it ended in ``message.done``."""
    status, body = await conn.request("POST", f"/v1/conversations/{cid}/messages", {"content": message}, token)
    return status == 200 and b"event: message.done" in body and b"event: error" not in body


def _summary(latencies: list[float], errors: int, elapsed: float) -> dict[str, Any]:
    latencies = sorted(latencies)
    return {
        "turns": len(latencies),
        "errors": errors,
        "seconds": round(elapsed, 2),
        "turns_per_s": round(len(latencies) / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 1) if latencies else None,
    }


async def _open(base: str, concurrency: int) -> list[tuple[Connection, str, str]]:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    sessions = []
    for i in range(concurrency):
        conn = Connection(host, int(port))
        status, body = await conn.request("POST", "/v1/conversations", {"language": "en"})
        if status != 201:
            raise RuntimeError(f"could not open a conversation: HTTP {status}")
        created = json.loads(body)
        sessions.append((conn, created["conversation_id"], created["token"]))
        await _turn(conn, created["conversation_id"], created["token"], MESSAGES[i % len(MESSAGES)])  # warm-up
    return sessions


async def _saturation(base: str, concurrency: int, turns: int, seconds: float) -> dict[str, Any]:
    """Closed loop: every conversation sends its next message as soon as the last reply ends."""
    sessions = await _open(base, concurrency)
    latencies: list[float] = []
    errors = 0
    remaining = turns
    stop_at = time.monotonic() + seconds

    async def user(index: int) -> None:
        nonlocal remaining, errors
        conn, cid, token = sessions[index]
        n = index
        while remaining > 0 and time.monotonic() < stop_at:
            remaining -= 1
            n += 1
            started = time.perf_counter()
            try:
                ok = await _turn(conn, cid, token, MESSAGES[n % len(MESSAGES)])
            except HttpError:
                ok = False
            latencies.append((time.perf_counter() - started) * 1000.0)
            errors += 0 if ok else 1

    started = time.perf_counter()
    await asyncio.gather(*(user(i) for i in range(concurrency)))
    elapsed = time.perf_counter() - started
    for conn, _, _ in sessions:
        await conn.close()
    return {"mode": "saturation", "concurrency": concurrency, **_summary(latencies, errors, elapsed)}


async def _paced(base: str, concurrency: int, rate: float, seconds: float) -> dict[str, Any]:
    """Open loop: turns are due at ``rate`` per second in all, spread evenly over the conversations.

    A conversation sends one message at a time; when a turn is due while its previous one still runs, it
    waits, and its latency counts from when it was due — so a slow server cannot hide its queueing by
    slowing the load down (no coordinated omission).
    """
    sessions = await _open(base, concurrency)
    latencies: list[float] = []
    errors = skipped = 0
    interval = concurrency / rate  # between two turns of one conversation
    start = time.perf_counter() + 0.05
    per_conversation = max(1, int(seconds * rate / concurrency))

    give_up = start + seconds * 2  # a server that cannot keep up must not keep the run going

    async def user(index: int) -> None:
        nonlocal errors, skipped
        conn, cid, token = sessions[index]
        for k in range(per_conversation):
            due = start + (index / rate) + k * interval
            if time.perf_counter() > give_up:
                skipped += per_conversation - k
                return
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            try:
                ok = await _turn(conn, cid, token, MESSAGES[(index + k) % len(MESSAGES)])
            except HttpError:
                ok = False
            latencies.append((time.perf_counter() - due) * 1000.0)
            errors += 0 if ok else 1

    await asyncio.gather(*(user(i) for i in range(concurrency)))
    elapsed = time.perf_counter() - start
    for conn, _, _ in sessions:
        await conn.close()
    summary = _summary(latencies, errors, elapsed)
    return {"mode": "paced", "offered_per_s": rate, "concurrency": concurrency, "not_sent": skipped, **summary}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3000, help="Turns per run at most.")
    parser.add_argument("--seconds", type=float, default=20.0, help="Seconds per run at most.")
    parser.add_argument("--rate", type=float, default=TARGET_RATE, help="Offered turns/s of the paced runs.")
    parser.add_argument("--backends", default="sqlite,postgresql", help="Comma-separated: sqlite, postgresql.")
    args = parser.parse_args()
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if "postgresql" in backends and not pg_reachable():
        print("PostgreSQL or Redis unreachable: skipping the postgresql backend")
        backends.remove("postgresql")
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="pharmai-bench-") as tmp:
        workdir = Path(tmp)
        for name in backends:
            backend = Backend(name, workdir, tag="bench")
            process, base = _start_server(backend, workdir)
            try:
                for concurrency in CONCURRENCY:
                    for result in (
                        asyncio.run(_saturation(base, concurrency, args.turns, args.seconds)),
                        asyncio.run(_paced(base, concurrency, args.rate, args.seconds)),
                    ):
                        result["backend"] = "postgresql+redis" if name == "postgresql" else name
                        runs.append(result)
                        print(
                            f"{result['backend']:<17} c={concurrency:<3} {result['mode']:<10} "
                            f"{result['turns_per_s']:>7} turns/s  p50 {result['p50_ms']} ms  p99 {result['p99_ms']} ms"
                            f"  ({result['turns']} turns, {result['errors']} errors, {result['seconds']} s)"
                        )
            finally:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                backend.drop()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "benchmark": "api",
        "workers": WORKERS,
        "engine": "offline",
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "target": {"turns_per_s": TARGET_RATE, "p99_ms": TARGET_P99_MS, "errors": 0},
        "runs": runs,
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for run in runs:
        if run["mode"] == "paced":
            throughput = next(
                r["turns_per_s"]
                for r in runs
                if r["mode"] == "saturation"
                and (r["backend"], r["concurrency"]) == (run["backend"], run["concurrency"])
            )
            verdict = (
                "meets"
                if throughput >= TARGET_RATE and run["p99_ms"] <= TARGET_P99_MS and run["errors"] == 0
                else "misses"
            )
            print(
                f"{run['backend']} c={run['concurrency']}: {throughput} turns/s at saturation, p99 {run['p99_ms']} ms "
                f"at {run['offered_per_s']:.0f}/s offered: {verdict} the target"
            )
    print(f"results: {RESULTS}")
    return 0 if all(r["errors"] == 0 for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
