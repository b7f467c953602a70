"""Cost of understanding one message: the trained model alone, and the policy's whole reading of it.

Run ``.venv/bin/python benchmarks/bench_nlu.py [--rounds R]``. It prints a table (with machine info and
date) and writes ``benchmarks/results/nlu.json``. The messages are the corpus's train and dev lines, both
languages (the frozen test split is not read). Every timing is of a message not seen before: the
per-process reading cache is cleared before each call. Figures:

- ``load``: reading the shipped model file and building its feature table (a fresh process does it once),
  with the file's size;
- ``model``: :meth:`pharmai.nlu.NluModel.read` — features, the linear model and the network, the three heads;
- ``understanding``: :func:`pharmai.policy.classify` — the advice rules, the red-flag rules and the model,
  everything the loop adds to a turn to understand its message (issue #14's budget: ≤ 1 ms p99).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

from pharmai import nlu
from pharmai.nlu import corpus
from pharmai.nlu.model import DEFAULT_MODEL_PATH, NluModel
from pharmai.policy import classify

__all__ = ["main"]

_RESULTS = Path(__file__).parent / "results" / "nlu.json"


def _figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)

    return {
        "calls": len(ordered),
        "p50_ms": at(0.50),
        "p90_ms": at(0.90),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 4),
    }


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="passes over the messages")
    args = parser.parse_args()
    texts = [e.text for e in corpus.load(splits=("train", "dev"))]
    loads = []
    for _ in range(3):
        started = time.perf_counter()
        model = NluModel.load()
        loads.append(time.perf_counter() - started)
    nlu.get_model()  # the process-wide model the policy uses
    classify("warm up", "en")
    model_times: list[float] = []
    policy_times: list[float] = []
    gc.collect()
    for _ in range(args.rounds):
        for text in texts:
            started = time.perf_counter()
            model.read(text)
            model_times.append(time.perf_counter() - started)
            nlu.clear_cache()
            started = time.perf_counter()
            classify(text, None)
            policy_times.append(time.perf_counter() - started)
    results = {
        "load": {"runs": len(loads), "best_s": round(min(loads), 3), "worst_s": round(max(loads), 3),
                 "features": model.size, "file_mb": round(DEFAULT_MODEL_PATH.stat().st_size / 1e6, 1)},
        "model": _figures(model_times),
        "understanding": _figures(policy_times),
    }  # fmt: skip
    machine = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "processor": platform.machine(),
        "cpu_count": os.cpu_count(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    print(f"machine: {machine['platform']}, {machine['cpu_count']} CPUs, Python {machine['python']}, {machine['date']}")
    print(f"model load: best {results['load']['best_s']} s, worst {results['load']['worst_s']} s "
          f"({results['load']['features']} features, file {results['load']['file_mb']} MB)")  # fmt: skip
    print(f"{'per message':<16}{'calls':>8}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for name in ("model", "understanding"):
        f = results[name]
        print(f"{name:<16}{f['calls']:>8}{f['p50_ms']:>9}{f['p90_ms']:>9}{f['p99_ms']:>9}{f['max_ms']:>9}")
    _RESULTS.parent.mkdir(parents=True, exist_ok=True)
    _RESULTS.write_text(json.dumps({"machine": machine, "results": results}, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
