"""The whole client-side cost of a model turn, the official SDK included, for each LLM engine.

The stub model (``tests/engines/stub_server.py``) runs in a process of its own and measures its own busy
time (from a request read to its reply flushed); only that is the model's. Everything the client process
does is pharmai's cost: building the request, the HTTP exchange, parsing every streamed event, the
conversation store, the executor, the policy checks. For each engine (openai, chat, anthropic) and for text
turns and tool turns (one tool call, then a text reply: two requests), streaming on, it prints p50 / p90 of:

- ``cpu``: the client process's CPU time per turn (``time.process_time``: every thread of the process);
- ``wall``: the turn's wall time, and ``wall - stub``: the same minus the stub's busy time.

Two scopes: ``engine`` (``engine.respond`` alone; a tool call answered by a canned result) and ``turn``
(a whole turn through the conversation loop, SQLite, real executor and tools, background audit writer).

Then the HTTP saturation rate with each model engine against the stub: ``pharmai serve`` with 2 workers
on SQLite, 16 conversations in a closed loop, every turn a tool turn; turns/s, and the server's CPU per
turn (its processes' user + system time over the run, from ``/proc``). The load average is recorded: the
machine is shared and the figures are noisy. Results go to ``benchmarks/results/llm_client.json``.

Run: ``.venv/bin/python benchmarks/bench_llm_client.py [--turns N] [--seconds S] [--engines a,b] [--no-http]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the stub server lives with the tests

from _backends import UNLIMITED_SETTINGS, Backend, launch_server, stop_server, wait_ready
from bench_api import _saturation
from tests.engines.stub_server import Call, Reply, StubServer

from pharmai.agent.base import HistoryItem, SessionInfo, ToolResult, TurnInput
from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm.anthropic_engine import AnthropicEngine
from pharmai.agent.engines.llm.chat_engine import ChatEngine
from pharmai.agent.engines.llm.openai_engine import OpenAIEngine
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.settings import Settings
from pharmai.tools import ToolSpec
from pharmai.toolsets import registry_for

__all__ = ["main"]

RESULTS = Path(__file__).resolve().parent / "results" / "llm_client.json"
WARMUP = 20
TARGET_TOOL_TURN_MS = 5.0
TARGET_TURNS_PER_S = 150.0
_TODAY = date(2026, 3, 1)
_ENGINES: dict[str, tuple[str, Any]] = {
    "openai": ("responses", OpenAIEngine),
    "chat": ("chat", ChatEngine),
    "anthropic": ("anthropic", AnthropicEngine),
}
_SETTINGS = Settings(
    redis_url=None,
    rate_limit_conversation="1000000/minute",
    rate_limit_patient="1000000/hour",
    rate_limit_global="100000000/hour",
)
_TEXT = Reply(text=("Zyrtec ", "is in ", "stock at ", "Dizengoff."))
_TOOL = Reply(calls=(Call("inventory_check", {"query": "zyrtec", "store_id": "s1", "language": "en"}),))


# --- the stub, in a process of its own -----------------------------------------------------------------


def _answered(body: dict[str, Any]) -> bool:
    # Whether the request already carries a tool's output: the turn's second request.
    if "input" in body:
        return any(item.get("type") == "function_call_output" for item in body["input"])
    for message in body.get("messages") or []:
        if message.get("role") == "tool":
            return True
        content = message.get("content")
        if isinstance(content, list) and any(b.get("type") == "tool_result" for b in content):
            return True
    return False


def _tool_then_text(body: dict[str, Any]) -> Reply:
    return _TEXT if _answered(body) else _TOOL


def _serve_stub(dialect: str, conn: Any) -> None:
    with StubServer(dialect) as stub:
        conn.send(stub.base_url)
        while (command := conn.recv()) is not None:
            if command == "busy":
                conn.send((stub.busy_seconds, stub.busy_cpu_seconds, len(stub.requests)))
            elif command == "endless":
                # Every request of a load test: a tool call, then the text once its output came back.
                stub.plan(*[_tool_then_text] * 1_000_000)
                conn.send(True)
            else:
                stub.plan(*command)
                conn.send(True)


class _RemoteStub:
    """The stub server in another process: its work is never billed to the measured client."""

    def __init__(self, dialect: str) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve_stub, args=(dialect, child), daemon=True)

    def __enter__(self) -> _RemoteStub:
        self._process.start()
        self.base_url: str = self._conn.recv()
        return self

    def send(self, command: Any) -> Any:
        self._conn.send(command)
        return self._conn.recv()

    def busy(self) -> tuple[float, float, int]:
        """``(busy wall seconds, busy CPU seconds, requests)`` so far."""
        result: tuple[float, float, int] = self.send("busy")
        return result

    def __exit__(self, *exc: object) -> None:
        self._conn.send(None)
        self._process.join(timeout=10)


# --- per-turn measurements ------------------------------------------------------------------------------


class _CannedTools:
    """A runner answering every call with one small envelope: the engine's cost without the executor's."""

    def __init__(self, specs: list[ToolSpec]) -> None:
        self._specs = specs

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        envelope = {"ok": True, "data": {"in_stock": True, "store": "Dizengoff"}}
        return ToolResult(call_id or "call", name, arguments, envelope, True)

    def specs(self) -> list[ToolSpec]:
        return self._specs

    @property
    def results(self) -> list[ToolResult]:
        return []


def _p(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3), "p90": round(ordered[int(len(ordered) * 0.9) - 1], 3)}


class _Samples:
    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.client_wall: list[float] = []
        self.stub: list[float] = []

    def summary(self) -> dict[str, Any]:
        return {
            "cpu_ms": _p(self.cpu),
            "wall_ms": _p(self.wall),
            "wall_minus_stub_ms": _p(self.client_wall),
            "stub_busy_ms": _p(self.stub),
        }


def _timed(stub: _RemoteStub, replies: tuple[Reply, ...], run: Callable[[], Any], into: _Samples | None) -> None:
    stub.send(replies)
    busy_before = stub.busy()[0]
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    stub_busy = stub.busy()[0] - busy_before
    if into is not None:
        into.cpu.append(cpu * 1000)
        into.wall.append(wall * 1000)
        into.client_wall.append((wall - stub_busy) * 1000)
        into.stub.append(stub_busy * 1000)


def _measure(name: str, db: Database, turns: int) -> dict[str, Any]:
    dialect, cls = _ENGINES[name]
    specs = registry_for("canonical").specs()
    runner = _CannedTools(specs)
    session = SessionInfo("bench")
    history = [HistoryItem("user", "Hi"), HistoryItem("assistant", "Hello! How can I help?")]
    kinds = ("engine_text", "engine_tool", "turn_text", "turn_tool")
    samples = {kind: _Samples() for kind in kinds}
    with _RemoteStub(dialect) as stub:
        config = LLMConfig(provider=name, model="bench-model", api_key="k", base_url=stub.base_url, max_retries=0)
        engine = cls(config)

        def engine_turn() -> None:
            turn = TurnInput("Do you have Zyrtec?", "en", session, list(history), {}, runner)
            "".join(engine.respond(turn))

        with ConversationLoop(db, engine, settings=_SETTINGS, clock=FixedClock(_TODAY), audit="background") as loop:
            for i in range(turns + WARMUP):
                keep = i >= WARMUP
                _timed(stub, (_TEXT,), engine_turn, samples["engine_text"] if keep else None)
                _timed(stub, (_TOOL, _TEXT), engine_turn, samples["engine_tool"] if keep else None)
                cid = loop.open(SessionInfo(""), "en")
                text = samples["turn_text"] if keep else None
                _timed(stub, (_TEXT,), lambda cid=cid: list(loop.turn(cid, "Do you have Zyrtec?")), text)  # type: ignore[misc]
                tool = samples["turn_tool"] if keep else None
                _timed(stub, (_TOOL, _TEXT), lambda cid=cid: list(loop.turn(cid, "And Zyrtec again?")), tool)  # type: ignore[misc]
    return {kind: samples[kind].summary() for kind in kinds}


# --- HTTP saturation ------------------------------------------------------------------------------------


def _tree_cpu_seconds(root: int) -> float:
    """User + system CPU seconds of ``root`` and every live descendant (from ``/proc``)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    total, stack = 0.0, [root]
    while stack:
        pid = stack.pop()
        total += times.get(pid, 0.0)
        stack.extend(child for child, parent in parents.items() if parent == pid)
    return total


def _http(name: str, workdir: Path, seconds: float) -> dict[str, Any]:
    dialect, _ = _ENGINES[name]
    with _RemoteStub(dialect) as stub:
        stub.send("endless")
        prefix = "ANTHROPIC" if name == "anthropic" else "OPENAI"
        settings = {
            **UNLIMITED_SETTINGS,
            "PHARMAI_ENGINE": name,
            "PHARMAI_MODEL": "bench-model",
            f"{prefix}_API_KEY": "k",
            f"{prefix}_BASE_URL": stub.base_url,
            "PHARMAI_LLM_MAX_RETRIES": "0",
        }
        backend = Backend("sqlite", workdir, tag=f"llm-{name}")
        process, base, log = launch_server(backend, workdir, workers=2, settings=settings)
        try:
            wait_ready(process, base, log)
            asyncio.run(_saturation(base, 16, 200, 5.0))  # warm-up: the workers load the engine and SDK
            cpu, requests = _tree_cpu_seconds(process.pid), stub.busy()[2]
            result = asyncio.run(_saturation(base, 16, 100_000, seconds))
            cpu, requests = _tree_cpu_seconds(process.pid) - cpu, stub.busy()[2] - requests
        finally:
            stop_server(process)
    result["server_cpu_ms_per_turn"] = round(cpu * 1000 / max(1, result["turns"]), 2)
    result["model_requests"] = requests
    return result


def main() -> int:
    """Run the benchmark, print the figures and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200, help="Measured turns of each kind per engine.")
    parser.add_argument("--seconds", type=float, default=15.0, help="Seconds of each HTTP saturation run.")
    parser.add_argument("--engines", default=",".join(_ENGINES), help="Comma-separated engine names.")
    parser.add_argument("--no-http", action="store_true", help="Skip the HTTP saturation runs.")
    parser.add_argument("--out", type=Path, default=RESULTS, help="Where to write the JSON results.")
    args = parser.parse_args()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    results: dict[str, Any] = {
        "benchmark": "llm_client",
        "turns": args.turns,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d"),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
        "targets": {"tool_turn_cpu_p50_ms": TARGET_TOOL_TURN_MS, "http_turns_per_s": TARGET_TURNS_PER_S},
        "engines": {},
        "http": {},
    }
    print(f"load average {results['load_average_start']}")
    with tempfile.TemporaryDirectory(prefix="pharmai-bench-") as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        upgrade(db)
        with db.session(write=True) as session:
            seed_demo_world(session, _TODAY)
        for name in engines:
            figures = results["engines"][name] = _measure(name, db, args.turns)
            for kind, f in figures.items():
                print(
                    f"{name:9s} {kind:11s} client CPU p50 {f['cpu_ms']['p50']:6.2f} p90 {f['cpu_ms']['p90']:6.2f} ms"
                    f" | wall p50 {f['wall_ms']['p50']:6.2f} p90 {f['wall_ms']['p90']:6.2f} ms"
                    f" | wall - stub p50 {f['wall_minus_stub_ms']['p50']:6.2f} ms"
                    f" (stub busy {f['stub_busy_ms']['p50']:.2f} ms)"
                )
        db.dispose()
        for name in [] if args.no_http else engines:
            run = results["http"][name] = _http(name, Path(tmp), args.seconds)
            print(
                f"HTTP {name:9s} 2 workers, 16 conversations, tool turns: {run['turns_per_s']} turns/s, "
                f"p50 {run['p50_ms']} ms, p99 {run['p99_ms']} ms, server CPU {run['server_cpu_ms_per_turn']} ms/turn "
                f"({run['turns']} turns, {run['model_requests']} model requests, {run['errors']} errors)"
            )
    for name, figures in results["engines"].items():
        p50 = figures["turn_tool"]["cpu_ms"]["p50"]
        verdict = "meets" if p50 <= TARGET_TOOL_TURN_MS else "misses"
        target = f"{TARGET_TOOL_TURN_MS:.0f} ms"
        print(f"{name}: whole tool turn, client CPU p50 {p50:.2f} ms ({verdict} the {target} target)")
    for name, run in results["http"].items():
        verdict = "meets" if run["turns_per_s"] >= TARGET_TURNS_PER_S else "misses"
        print(f"{name}: HTTP {run['turns_per_s']} turns/s ({verdict} the {TARGET_TURNS_PER_S:.0f} turns/s target)")
    results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    print(f"load average {results['load_average_end']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"results: {args.out}")
    return 0 if all(run["errors"] == 0 for run in results["http"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
