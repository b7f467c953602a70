"""What the first customer of a fresh worker waits: start-up, then the first turns, each in a new process.

Run ``.venv/bin/python benchmarks/bench_first_turn.py [--runs N]``. Each run is a fresh Python process (nothing
imported or cached), on a fresh seeded SQLite file, with the HTTP app in process (Starlette's test client, the
same ASGI stack as ``pharmai serve``): the app's start-up (its lifespan, which warms the engine), then one
conversation's first three turns ("Is Advil in stock?", "Is Tylenol in stock?", «יש אקמול במלאי?»). It prints a
table (machine, date, median and worst of the runs) and writes ``benchmarks/results/first_turn.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["main"]

_RESULTS = Path(__file__).parent / "results" / "first_turn.json"
_TURNS = ("Is Advil in stock?", "Is Tylenol in stock?", "יש אקמול במלאי?")
# The measured part, run in a child process so that every run starts cold.
_CHILD = """
import json, sys, time
from fastapi.testclient import TestClient
from pharmai.api import create_app
started = time.perf_counter()
client = TestClient(create_app(audit="sync"))
client.__enter__()
figures = {"start_s": time.perf_counter() - started}
body = client.post("/v1/conversations", json={"language": "en"}).json()
headers = {"Authorization": "Bearer " + body["token"]}
for index, message in enumerate(json.loads(sys.argv[1])):
    started = time.perf_counter()
    response = client.post(
        "/v1/conversations/" + body["conversation_id"] + "/messages", json={"content": message}, headers=headers
    )
    assert response.status_code == 200 and "message.done" in response.text, response.text[:200]
    figures[f"turn_{index + 1}_s"] = time.perf_counter() - started
client.__exit__(None, None, None)
print(json.dumps(figures))
"""


def _run_once(python: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as workdir:
        env = {
            **os.environ,
            "PHARMAI_DATABASE_URL": f"sqlite:///{workdir}/bench.db",
            "PHARMAI_TODAY": "2026-03-01",
            "PHARMAI_HTTP_RATE_LIMIT": "off",
        }
        env.pop("PHARMAI_REDIS_URL", None)
        pharmai = str(Path(python).with_name("pharmai"))
        subprocess.run([pharmai, "db", "seed", "--reset"], env=env, check=True, capture_output=True)
        done = subprocess.run(
            [python, "-c", _CHILD, json.dumps(_TURNS)], env=env, check=True, capture_output=True, text=True
        )
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        return figures


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes to measure")
    args = parser.parse_args()
    runs = [_run_once(sys.executable) for _ in range(args.runs)]
    keys = list(runs[0])
    results = {
        key: {"median_ms": round(statistics.median(r[key] for r in runs) * 1000, 1),
              "worst_ms": round(max(r[key] for r in runs) * 1000, 1)}
        for key in keys
    }  # fmt: skip
    machine = f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    when = datetime.now(UTC).isoformat(timespec="seconds")
    print(f"machine: {machine}, {when}")
    print(f"{'step':<12} {'median ms':>10} {'worst ms':>10}   ({args.runs} fresh processes)")
    for key, figures in results.items():
        print(f"{key.removesuffix('_s'):<12} {figures['median_ms']:>10} {figures['worst_ms']:>10}")
    _RESULTS.parent.mkdir(parents=True, exist_ok=True)
    payload = {"machine": machine, "date": when, "runs": args.runs, "turns": list(_TURNS), "figures": results}
    _RESULTS.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
