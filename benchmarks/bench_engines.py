"""LLM engine orchestration overhead per turn, against a zero-latency local stub of each provider.

For each engine (openai, chat, anthropic) the benchmark times, on the same stub and wire format:

- ``model``: time spent inside the official SDK (the request, and reading and parsing every SSE event),
  measured by wrapping the SDK's ``create`` and its stream: the model's own time, as a client sees it;
- ``engine``: ``engine.respond`` for a text-only turn minus ``model`` (prompt, tool export, accumulation);
- ``turn``: a whole text-only turn through the conversation loop (history, policy classifier and guard,
  persistence in SQLite) minus the SDK's time;
- ``loop alone``: the same turn with a scripted engine (no LLM engine, no model), for comparison;
- ``tool turn``: a turn with one tool call (two model requests) minus the SDK's time and the executor's
  own time for the call.

The stub runs in a process of its own, so its work never competes with the measured turn for the GIL.

It also prints the size of the tool definitions each engine sends (characters, and tokens estimated at
four characters a token) and of the system prompt in both languages. Results go to
``benchmarks/results/engines.json``. Target: a whole turn (``turn`` and ``tool turn``) adds ≤ 2 ms at p50
beyond the model's own time; p90 is printed too.
"""

from __future__ import annotations

import json
import multiprocessing
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

from tests.engines.stub_server import Call, Reply, StubServer

from pharmai.agent.base import HistoryItem, SessionInfo, ToolResult, TurnInput
from pharmai.agent.engines.llm._config import LLMConfig
from pharmai.agent.engines.llm._prompt import system_prompt
from pharmai.agent.engines.llm.anthropic_engine import AnthropicEngine
from pharmai.agent.engines.llm.chat_engine import ChatEngine
from pharmai.agent.engines.llm.openai_engine import OpenAIEngine
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.settings import Settings
from pharmai.testing import ScriptedEngine
from pharmai.tools import ToolSpec, to_anthropic, to_chat, to_openai
from pharmai.toolsets import registry_for

__all__ = ["main"]

N = 200
WARMUP = 20
TARGET_MS = 2.0
_TODAY = date(2026, 3, 1)
_ENGINES: dict[str, tuple[str, Any, Callable[[ToolSpec], dict[str, Any]]]] = {
    "openai": ("responses", OpenAIEngine, to_openai),
    "chat": ("chat", ChatEngine, to_chat),
    "anthropic": ("anthropic", AnthropicEngine, to_anthropic),
}
_SETTINGS = Settings(
    redis_url=None,
    rate_limit_conversation="1000000/minute",
    rate_limit_patient="1000000/hour",
    rate_limit_global="100000000/hour",
)
_TEXT = Reply(text=("Zyrtec ", "is in ", "stock at ", "Dizengoff."))
_TOOL = Reply(calls=(Call("inventory_check", {"query": "zyrtec", "store_id": "s1", "language": "en"}),))


def _serve_stub(dialect: str, conn: Any) -> None:
    # The child process: a stub server whose plan the benchmark feeds through the pipe.
    with StubServer(dialect) as stub:
        conn.send(stub.base_url)
        while (replies := conn.recv()) is not None:
            stub.plan(*replies)
            conn.send(True)


class _RemoteStub:
    """The stub server in a process of its own, so its work never competes with the measured turn for the
    GIL (in-process, its thread was still answering while the loop ran, and that time was billed to us)."""

    def __init__(self, dialect: str) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve_stub, args=(dialect, child), daemon=True)

    def __enter__(self) -> _RemoteStub:
        self._process.start()
        self.base_url: str = self._conn.recv()
        return self

    def plan(self, *replies: Reply) -> None:
        self._conn.send(replies)
        self._conn.recv()

    def __exit__(self, *exc: object) -> None:
        self._conn.send(None)
        self._process.join(timeout=10)


class _NoTools:
    """A runner for text-only turns: the engine exports the profile's tools but calls none."""

    def __init__(self, specs: list[ToolSpec]) -> None:
        self._specs = specs

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        raise AssertionError("a text-only turn calls no tool")

    def specs(self) -> list[ToolSpec]:
        return self._specs

    @property
    def results(self) -> list[ToolResult]:
        return []


def _p(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3), "p90": round(ordered[int(len(ordered) * 0.9) - 1], 3)}


class _SDKClock:
    """Wraps the engine's SDK ``create`` so time spent in the SDK (request and stream) is counted apart."""

    def __init__(self, owner: Any, attribute: str) -> None:
        self.ms = 0.0
        self._owner, self._attribute = owner, attribute
        self._create = getattr(owner, attribute)
        setattr(owner, attribute, self._timed_create)
        _ACTIVE.append(self)

    def _timed_create(self, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        stream = self._create(*args, **kwargs)
        self.ms += (time.perf_counter() - start) * 1000
        return _TimedStream(stream, self)


class _TimedStream:
    def __init__(self, stream: Any, clock: _SDKClock) -> None:
        self._stream, self._clock = stream, clock

    def __iter__(self) -> _TimedStream:
        return self

    def __next__(self) -> Any:
        start = time.perf_counter()
        try:
            return next(self._stream)
        finally:
            self._clock.ms += (time.perf_counter() - start) * 1000

    def close(self) -> None:
        self._stream.close()

    @property
    def response(self) -> Any:
        # The engines read the events of this response through the SDK's ``Stream`` class as plain JSON;
        # that iteration is timed by ``_time_sdk_streams``.
        return self._stream.response


#: The clock of the engine being measured (one at a time), for the SDK streams' iteration.
_ACTIVE: list[_SDKClock] = []


def _time_sdk_streams() -> None:
    """Count the time spent inside the SDKs' ``Stream`` iteration (reading, splitting, decoding events)."""
    import anthropic
    import openai

    for cls in (openai.Stream, anthropic.Stream):
        if getattr(cls, "_bench_timed", False):
            continue
        original = cls.__iter__

        def timed(self: Any, original: Any = original) -> Any:
            events = original(self)
            while True:
                start = time.perf_counter()
                try:
                    item = next(events)
                except StopIteration:
                    return
                finally:
                    if _ACTIVE:
                        _ACTIVE[-1].ms += (time.perf_counter() - start) * 1000
                yield item

        cls.__iter__ = timed  # type: ignore[method-assign]
        cls._bench_timed = True  # type: ignore[attr-defined]


def _sdk_clock(engine: Any, dialect: str) -> _SDKClock:
    _time_sdk_streams()
    _ACTIVE[:] = []
    if dialect == "responses":
        return _SDKClock(engine.client.responses, "create")
    if dialect == "chat":
        return _SDKClock(engine.client.chat.completions, "create")
    return _SDKClock(engine.client.messages, "create")


def _ms(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _measure(name: str, db: Database) -> dict[str, Any]:
    dialect, cls, _ = _ENGINES[name]
    specs = registry_for("canonical").specs()
    with _RemoteStub(dialect) as stub:
        config = LLMConfig(provider=name, model="bench-model", api_key="k", base_url=stub.base_url, max_retries=0)
        engine = cls(config)
        sdk = _sdk_clock(engine, dialect)
        session = SessionInfo("bench")
        history = [HistoryItem("user", "Hi"), HistoryItem("assistant", "Hello! How can I help?")]

        def engine_turn() -> None:
            state: dict[str, Any] = {}
            turn = TurnInput("Do you have Zyrtec?", "en", session, list(history), state, _NoTools(specs))
            "".join(engine.respond(turn))

        model, engine_only, loop_turn, tool_turn = [], [], [], []
        with ConversationLoop(db, engine, settings=_SETTINGS, clock=FixedClock(_TODAY), audit="background") as loop:
            for i in range(N + WARMUP):
                stub.plan(_TEXT)
                sdk.ms = 0.0
                e = _ms(engine_turn)
                m = sdk.ms
                stub.plan(_TEXT)
                cid = loop.open(SessionInfo(""), "en")
                sdk.ms = 0.0
                t = _ms(lambda cid=cid: list(loop.turn(cid, "Do you have Zyrtec?")))  # type: ignore[misc]
                t_model = sdk.ms
                stub.plan(_TOOL, _TEXT)
                sdk.ms = 0.0
                start = time.perf_counter()
                events = list(loop.turn(cid, "And Zyrtec again?"))
                tt = (time.perf_counter() - start) * 1000
                executor_ms = sum(float(ev.data["duration_ms"]) for ev in events if ev.type == "tool.result")
                if i >= WARMUP:
                    model.append(m)
                    engine_only.append(e - m)
                    loop_turn.append(t - t_model)
                    tool_turn.append(tt - sdk.ms - executor_ms)
    return {
        "model_ms": _p(model),
        "engine_overhead_ms": _p(engine_only),
        "turn_overhead_ms": _p(loop_turn),
        "tool_turn_overhead_ms": _p(tool_turn),
    }


def _loop_alone(db: Database) -> dict[str, float]:
    """The same text turn through the loop with a scripted engine: the loop's own share, without any LLM engine."""
    engine = ScriptedEngine([["Zyrtec is in stock at Dizengoff."]] * (N + WARMUP))
    samples = []
    with ConversationLoop(db, engine, settings=_SETTINGS, clock=FixedClock(_TODAY), audit="background") as loop:
        for i in range(N + WARMUP):
            cid = loop.open(SessionInfo(""), "en")
            ms = _ms(lambda cid=cid: list(loop.turn(cid, "Do you have Zyrtec?")))  # type: ignore[misc]
            if i >= WARMUP:
                samples.append(ms)
    return _p(samples)


def _sizes() -> dict[str, Any]:
    specs = registry_for("canonical").specs()
    sizes: dict[str, Any] = {}
    for name, (_, _, export) in _ENGINES.items():
        chars = len(json.dumps([export(spec) for spec in specs], ensure_ascii=False, separators=(",", ":")))
        sizes[name] = {"tools": len(specs), "chars": chars, "tokens_est": round(chars / 4)}
    for language in ("en", "he"):
        prompt = system_prompt(language, SessionInfo("bench"), specs)
        # Hebrew tokenises denser than English in current tokenizers: about 2.5 characters a token.
        sizes[f"system_prompt_{language}"] = {
            "chars": len(prompt),
            "tokens_est": round(len(prompt) / (4 if language == "en" else 2.5)),
        }
    return sizes


def main() -> int:
    """Run the benchmark, print the figures and write the JSON results."""
    results: dict[str, Any] = {
        "turns": N,
        "target_turn_overhead_p50_ms": TARGET_MS,
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "sizes": _sizes(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        upgrade(db)
        with db.session(write=True) as session:
            seed_demo_world(session, _TODAY)
        results["loop_alone_ms"] = _loop_alone(db)
        print(f"loop alone (scripted engine, no model) text turn p50 {results['loop_alone_ms']['p50']:.2f} ms")
        for name in _ENGINES:
            figures = _measure(name, db)
            results[name] = figures
            size = results["sizes"][name]
            print(
                f"{name:9s} model (stub, SDK only) p50 {figures['model_ms']['p50']:.2f} ms | overhead p50: engine "
                f"{figures['engine_overhead_ms']['p50']:.2f} ms, "
                f"text turn {figures['turn_overhead_ms']['p50']:.2f} ms, "
                f"tool turn {figures['tool_turn_overhead_ms']['p50']:.2f} ms "
                f"(p90 {figures['turn_overhead_ms']['p90']:.2f} / {figures['tool_turn_overhead_ms']['p90']:.2f}) "
                f"| tools {size['chars']} chars "
                f"≈ {size['tokens_est']} tokens"
            )
        db.dispose()
    for language in ("en", "he"):
        prompt = results["sizes"][f"system_prompt_{language}"]
        print(f"system prompt ({language}): {prompt['chars']} chars ≈ {prompt['tokens_est']} tokens")
    out = Path(__file__).parent / "results" / "engines.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    worst = max(results[name][key]["p50"] for name in _ENGINES for key in ("turn_overhead_ms", "tool_turn_overhead_ms"))
    worst_p90 = max(
        results[name][key]["p90"] for name in _ENGINES for key in ("turn_overhead_ms", "tool_turn_overhead_ms")
    )
    verdict = "meets" if worst <= TARGET_MS else "misses"
    print(
        f"worst whole-turn overhead beyond the model: p50 {worst:.2f} ms ({verdict} the {TARGET_MS:.0f} ms target), "
        f"p90 {worst_p90:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
