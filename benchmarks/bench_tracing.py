"""What traces and JSON logs cost: the HTTP benchmark side by side, plain and with both on, in one run.

``pharmai serve --workers 2`` servers run at once on loopback, each on a fresh SQLite database with the
offline engine (as ``bench_api.py`` serves it):

- ``plain``: no tracing, text logs at ``--log-level warning`` (``bench_api.py``'s server);
- ``traced+json``: ``OTEL_EXPORTER_OTLP_ENDPOINT`` pointing at an OTLP/HTTP receiver on loopback (a
  separate process that only stores the request bodies, and decodes them when the run is over) and
  ``PHARMAI_LOG_FORMAT=json`` at ``--log-level info``, so every request's access line and every tool's
  line is written as JSON; pharmai's default sampler (no ``OTEL_TRACES_SAMPLER``: one trace in ten);
- ``traced+json all``: the same recording every trace (``OTEL_TRACES_SAMPLER=parentbased_always_on``);
- with ``--split`` also ``traced`` (tracing alone, default sampler) and ``json`` (JSON logs alone).

The load moves from one server to the next (each round starts with another one): each round is a
closed-loop saturation phase of ``bench_api.py`` (16 conversations, the same messages), so all see the same
machine, one right after the other. Prints each round's turns/s and the server's CPU time per turn (its
processes' user + system time, less sensitive than throughput to the other work on a shared machine), the
medians per configuration and the cost in percent against ``plain`` (target: ≤ 5 %), the spans the
receiver got, and, for the off path, what the span sites a turn passes cost with tracing off (measured in
this process). Writes ``benchmarks/results/tracing.json``.

Run: ``.venv/bin/python benchmarks/bench_tracing.py [--rounds N] [--seconds S] [--concurrency C] [--split]``
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
import textwrap
import time
import timeit
from pathlib import Path
from typing import Any

from _backends import UNLIMITED_SETTINGS, Backend, free_port, stop_server, wait_ready
from bench_api import MESSAGES, _saturation

RESULTS = Path(__file__).resolve().parent / "results" / "tracing.json"
TARGET_COST_PCT = 5.0
WORKERS = 2

# The receiver: stores bodies while the load runs (so that it takes little CPU), decodes them on GET /stats.
_RECEIVER = textwrap.dedent(
    """
    import json, sys
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    bodies = []
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            bodies.append(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", "0")
            self.end_headers()
        def do_GET(self):
            from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
            names = {}
            for body in list(bodies):
                request = ExportTraceServiceRequest()
                request.ParseFromString(body)
                for rs in request.resource_spans:
                    for ss in rs.scope_spans:
                        for span in ss.spans:
                            key = span.name.split(" ")[0]
                            names[key] = names.get(key, 0) + 1
            data = json.dumps({"requests": len(bodies), "bytes": sum(map(len, bodies)), "spans": names}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        def log_message(self, *args):
            pass
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    print("ready", flush=True)
    server.serve_forever()
    """
)


def _launch(name: str, workdir: Path, settings: dict[str, str], log_level: str) -> tuple[subprocess.Popen[bytes], str]:
    backend = Backend("sqlite", workdir, tag=name)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not (k.startswith("PHARMAI_") or k.startswith("OTEL_"))}
    env.update(backend.env)
    env.update(UNLIMITED_SETTINGS)
    env.update(settings)
    log = workdir / f"server-{name}.log"
    command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(port)]
    command += ["--workers", str(WORKERS), "--log-level", log_level]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, cwd=workdir, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(process, base, log)
    except RuntimeError:
        stop_server(process)
        raise
    return process, base


def _tree(pid: int) -> list[int]:
    found = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return found
    for child in children:
        found += _tree(int(child))
    return found


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of the server: its supervisor and worker processes (Linux ``/proc``).

    Less sensitive to the other work on a shared machine than throughput: what a turn costs the server.
    """
    ticks = 0
    for member in _tree(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _receiver() -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", _RECEIVER, str(port)], stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline().strip() == b"ready"
    return process, f"http://127.0.0.1:{port}"


def _receiver_stats(url: str) -> dict[str, Any]:
    import httpx

    result: dict[str, Any] = httpx.get(url + "/stats", timeout=60).json()
    return result


# --- the off path, in this process ------------------------------------------------------------------------


def _off_path() -> dict[str, Any]:
    """Span sites a turn passes (counted with tracing on) × what one costs with tracing off."""
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from pharmai import tracing
    from pharmai.agent.base import SessionInfo
    from pharmai.agent.engines import mentions_for
    from pharmai.agent.engines.offline.engine import OfflineEngine
    from pharmai.agent.loop import ConversationLoop
    from pharmai.clock import FixedClock
    from pharmai.db import Database, seed_demo_world, upgrade
    from pharmai.settings import Settings

    with tempfile.TemporaryDirectory(prefix="pharmai-bench-tracing-") as tmp:
        db = Database(f"sqlite:///{tmp}/off.db")
        upgrade(db)
        clock = FixedClock(__import__("datetime").date(2026, 3, 1))
        with db.session(write=True) as session:
            seed_demo_world(session, clock.today())
        settings = Settings(
            redis_url=None,
            rate_limit_conversation="1000000/minute",
            rate_limit_global="100000000/hour",
            rate_limit_anonymous_conversation="100000000/hour",
            rate_limit_client="100000000/hour",
        )
        loop = ConversationLoop(db, OfflineEngine(mentions_for(db)), settings=settings, clock=clock, audit="sync")
        exporter = InMemorySpanExporter()

        def turns(n: int, *, on: bool) -> float:
            # A fresh conversation each time: a conversation's history grows with its turns.
            cid = loop.open(SessionInfo("", None, "otp", "s1"), "en")
            if on:
                tracing.install(exporter)
            try:
                started = time.perf_counter()
                for i in range(n):
                    list(loop.turn(cid, MESSAGES[i % len(MESSAGES)]))
                return (time.perf_counter() - started) / n
            finally:
                tracing.uninstall()

        turns(20, on=False)  # warm-up
        turns(len(MESSAGES), on=True)
        sites = len(exporter.get_finished_spans()) / len(MESSAGES)
        off_times, on_times = [], []
        for _ in range(3):
            off_times.append(turns(30, on=False))
            on_times.append(turns(30, on=True))
        off_turn, on_turn = statistics.median(off_times), statistics.median(on_times)
        loop.close()
        db.dispose()

    def site() -> None:
        # What every span site does with tracing off: the check, and (where a site does not check first)
        # the shared no-op context manager.
        if tracing.enabled():
            raise AssertionError
        with tracing.span("x"):
            pass

    per_site = min(timeit.repeat(site, number=100_000, repeat=5)) / 100_000
    return {
        "span_sites_per_turn": round(sites, 1),
        "off_cost_per_site_ns": round(per_site * 1e9, 1),
        "off_cost_per_turn_us": round(sites * per_site * 1e6, 2),
        "turn_ms_in_process_off": round(off_turn * 1000, 3),
        "turn_ms_in_process_on_memory_exporter": round(on_turn * 1000, 3),
        "off_cost_pct_of_turn": round(100 * sites * per_site / off_turn, 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="Rounds per configuration (they alternate).")
    parser.add_argument("--seconds", type=float, default=4.0, help="Seconds per round at most.")
    parser.add_argument("--turns", type=int, default=3000, help="Turns per round at most.")
    parser.add_argument("--concurrency", type=int, default=16, help="Conversations per round.")
    parser.add_argument("--split", action="store_true", help="Also run tracing alone and JSON logs alone.")
    args = parser.parse_args()
    print("note: the machine is shared; figures vary from run to run — compare the two columns, not runs")
    rounds: list[dict[str, Any]] = []
    load_at_start = os.getloadavg()[0]
    started_at = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with tempfile.TemporaryDirectory(prefix="pharmai-bench-tracing-") as tmp:
        workdir = Path(tmp)
        receiver, receiver_url = _receiver()
        servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
        try:
            otlp = {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver_url, "OTEL_SERVICE_NAME": "pharmai-bench"}
            json_logs = {"PHARMAI_LOG_FORMAT": "json"}
            configs = {
                "plain": ({}, "warning"),
                "traced+json": ({**otlp, **json_logs}, "info"),
                # The standard sampler variable: every trace recorded and exported.
                "traced+json all": ({**otlp, **json_logs, "OTEL_TRACES_SAMPLER": "parentbased_always_on"}, "info"),
                "traced": (otlp, "warning"),
                "json": (json_logs, "info"),
            }
            names = ["plain", "traced+json", "traced+json all", *(["traced", "json"] if args.split else [])]
            for name in names:
                servers[name] = _launch(
                    name.replace("+", "-").replace(" ", "-").replace("%", ""), workdir, *configs[name]
                )
            for n in range(args.rounds):
                # Each round in its own order: no configuration always runs first, or right after another.
                order = names[n % len(names) :] + names[: n % len(names)]
                for name in order:
                    process, base = servers[name]
                    cpu_before = _cpu_seconds(process.pid)
                    result = asyncio.run(_saturation(base, args.concurrency, args.turns, args.seconds))
                    # Opening the conversations and their warm-up turns count too: per turn, all of them.
                    turns = result["turns"] + 2 * args.concurrency
                    result.update(
                        config=name,
                        round=n + 1,
                        cpu_ms_per_turn=round(1000 * (_cpu_seconds(process.pid) - cpu_before) / turns, 2),
                    )
                    rounds.append(result)
                    print(
                        f"round {n + 1} {name:<15} {result['turns_per_s']:>7} turns/s  p50 {result['p50_ms']} ms  "
                        f"p99 {result['p99_ms']} ms  server CPU {result['cpu_ms_per_turn']} ms/turn  "
                        f"({result['turns']} turns, {result['errors']} errors)"
                    )
        finally:
            for process, _ in servers.values():
                stop_server(process)  # the traced server flushes its last spans on the way out
            time.sleep(0.5)
            stats = _receiver_stats(receiver_url)
            receiver.terminate()
            receiver.wait(timeout=10)
        json_lines = sum(
            1 for line in (workdir / "server-traced-json.log").read_text(errors="replace").splitlines() if line
        )
    median = {name: statistics.median(r["turns_per_s"] for r in rounds if r["config"] == name) for name in names}
    cost = 100.0 * (median["plain"] - median["traced+json"]) / median["plain"] if median["plain"] else 0.0
    # The same, round by round (the machine's load drifts over a run: a round's configurations ran minutes
    # apart at most, seconds apart mostly), then the median of those costs.
    paired = {
        name: round(
            statistics.median(
                100.0 * (p["turns_per_s"] - r["turns_per_s"]) / p["turns_per_s"]
                for p in rounds
                if p["config"] == "plain"
                for r in rounds
                if r["config"] == name and r["round"] == p["round"] and p["turns_per_s"]
            ),
            1,
        )
        for name in names[1:]
    }
    every = median["traced+json all"]
    cost_all = 100.0 * (median["plain"] - every) / median["plain"] if median["plain"] else 0.0
    cpu = {name: statistics.median(r["cpu_ms_per_turn"] for r in rounds if r["config"] == name) for name in names}
    off = _off_path()
    report = {
        "benchmark": "tracing",
        "workers": WORKERS,
        "engine": "offline",
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "started": started_at,
        "load_average_1m": [load_at_start, os.getloadavg()[0]],
        "default_sampler": "parentbased_traceidratio, ratio 0.1 (pharmai's default: OTEL_TRACES_SAMPLER unset)",
        "target_cost_pct": TARGET_COST_PCT,
        "rounds": rounds,
        "median_turns_per_s": median,
        "cost_pct": round(cost, 1),
        "cost_pct_every_trace": round(cost_all, 1),
        "median_cost_pct_per_round": paired,
        "median_server_cpu_ms_per_turn": cpu,
        "receiver": stats,
        "json_log_lines": json_lines,
        "off_path": off,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(
        f"median: plain {median['plain']} turns/s, traced+json {median['traced+json']} turns/s: "
        f"cost {cost:.1f}% ({'meets' if cost <= TARGET_COST_PCT else 'misses'} the ≤ {TARGET_COST_PCT:.0f}% target)"
    )
    for name in names[2:]:
        alone = 100.0 * (median["plain"] - median[name]) / median["plain"] if median["plain"] else 0.0
        print(f"{name}: {median[name]} turns/s, cost {alone:.1f}%")
    print("cost round by round (median): " + ", ".join(f"{name} {value}%" for name, value in paired.items()))
    for name in names:
        extra = 100.0 * (cpu[name] - cpu["plain"]) / cpu["plain"] if cpu["plain"] else 0.0
        print(f"server CPU per turn, {name}: {cpu[name]} ms ({extra:+.1f}% against plain)")
    print(f"receiver: {stats['requests']} OTLP requests, {stats['bytes']} bytes, spans {stats['spans']}")
    print(f"JSON log lines written: {json_lines}")
    print(
        f"off: {off['span_sites_per_turn']} span sites per turn × {off['off_cost_per_site_ns']} ns = "
        f"{off['off_cost_per_turn_us']} µs per turn ({off['off_cost_pct_of_turn']}% of an in-process turn of "
        f"{off['turn_ms_in_process_off']} ms; {off['turn_ms_in_process_on_memory_exporter']} ms with spans recorded)"
    )
    print(f"results: {RESULTS}")
    return 0 if all(r["errors"] == 0 for r in rounds) else 1


if __name__ == "__main__":
    sys.exit(main())
