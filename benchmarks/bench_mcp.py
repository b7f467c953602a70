"""Tool calls per second through an in-process MCP client, next to the executor called directly.

Both paths run ``inventory_check`` on the canonical profile over the demo world in a SQLite temp file,
with the default (background) audit writer and limits no run reaches. The MCP numbers include the SDK's
request handling, schema validation of the structured result, and the hop to a worker thread. Prints
calls/s per path and writes ``benchmarks/results/mcp.json``.
"""

from __future__ import annotations

import json
import platform
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

import anyio

from mcp import Client
from pharmai.clock import Clock
from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.db.tool_stores import tool_stores
from pharmai.mcp import Conversations, build_server
from pharmai.settings import Settings
from pharmai.tools import Executor, Principal, ToolCall, ToolContext
from pharmai.toolsets import registry_for

__all__ = ["main"]

N = 1000
WARMUP = 100
TODAY = date(2026, 3, 1)
_ARGS = {"med_id": "m002"}
_SETTINGS = Settings(
    redis_url=None,
    rate_limit_conversation="10000000/minute",
    rate_limit_patient="10000000/hour",
    rate_limit_global="10000000/hour",
)


def _direct(executor: Executor) -> float:
    context = ToolContext(Principal.patient("u002"), "bench-direct", "en", "bench", clock=Clock(TODAY))
    for _ in range(WARMUP):
        executor.execute(ToolCall("inventory_check", dict(_ARGS)), context)
    start = time.perf_counter()
    for _ in range(N):
        outcome = executor.execute(ToolCall("inventory_check", dict(_ARGS)), context)
        assert outcome.ok
    return N / (time.perf_counter() - start)


def _through_mcp(executor: Executor, mode: str) -> float:
    server = build_server(executor, conversations=Conversations(trusted_patient="u002"), clock=Clock(TODAY))

    async def body() -> float:
        async with Client(server, mode=mode) as client:
            await client.list_tools()
            for _ in range(WARMUP):
                await client.call_tool("inventory_check", dict(_ARGS))
            start = time.perf_counter()
            for _ in range(N):
                result = await client.call_tool("inventory_check", dict(_ARGS))
                assert not result.is_error
            return N / (time.perf_counter() - start)

    rate: float = anyio.run(body)
    return rate


def main() -> None:
    """Run the benchmark, print calls/s and write the JSON result."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        upgrade(db)
        with db.session(write=True) as session:
            seed_demo_world(session, TODAY)
        executor = Executor(registry_for("canonical"), db, settings=_SETTINGS, **tool_stores(db))
        try:
            results: dict[str, Any] = {"executor_direct": round(_direct(executor), 1)}
            for mode in ("legacy", "2026-07-28"):
                results[f"mcp_in_process_{mode}"] = round(_through_mcp(executor, mode), 1)
        finally:
            executor.close()
            db.dispose()
    for name, rate in results.items():
        print(f"{name:<32} {rate:>10.1f} calls/s")
    out = Path(__file__).parent / "results" / "mcp.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "tool": "inventory_check",
        "calls": N,
        "calls_per_second": results,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
    }
    out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
