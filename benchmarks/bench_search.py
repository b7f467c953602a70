"""Latency of catalog search (:func:`pharmai.pharmacy.search.resolve`) on the demo and a 100,000-product catalog.

Run ``.venv/bin/python benchmarks/bench_search.py [--medications N] [--rounds R]``. It prints a table
(with machine info and date) and writes ``benchmarks/results/search.json``. The large catalog is made by
:func:`pharmai.db.generator.generate` in a temporary SQLite file; the index build time is reported apart
from the per-query latencies, which are measured with a warm index.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

from sqlalchemy import select

from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.db.generator import generate
from pharmai.db.models import Alias
from pharmai.pharmacy import _search_index
from pharmai.pharmacy.search import resolve

__all__ = ["main"]

_TODAY = date(2026, 3, 1)
_RESULTS = Path(__file__).parent / "results" / "search.json"
_DEMO_QUERIES = [
    "Advil", "nurofen 400", "Nurofen Forte", "Ibuprofen", "paracetamol", "acetaminophen", "amox",
    "amoxicillin", "ibuprofn", "acamoll", "amoxicilin", "אדוויל", "והאדוויל", "שהאקמול", "מהנורופן",
    "לאקמול", "גלוקופאז'", "אדויל", "נורופן פורטא", "יש לכם אדוויל?", "Is Ibuprofen in stock?",
    "do you have advil or nurofen 400", "אני צריך אקמול ואופטלגין", "zirtek", "xyzzy",
    "'; DROP TABLE products; --", "<script>alert(1)</script>",
]  # fmt: skip


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, max(2, len(word) - 1))
    return word[:i] + word[i + 1 :]  # drop one inner letter


def _generated_queries(db: Database, rng: random.Random, count: int) -> list[str]:
    with db.session() as session:
        rows = session.execute(select(Alias.target_kind, Alias.text, Alias.language)).all()
    rng.shuffle(rows)
    products = [r for r in rows if r.target_kind == "product"][:count]
    generics = [r for r in rows if r.target_kind != "product"][: count // 4]
    queries: list[str] = []
    for kind, text, language in products:
        he = language == "he"
        queries.append(text)
        queries.append(_typo(text, rng) if len(text) > 6 else text.lower())
        queries.append(("וה" + text) if he else f"do you have {text}?")
        queries.append(f"יש לכם {text}?" if he else f"Is {text} in stock?")
        del kind
    queries += [text for _k, text, _l in generics]
    queries += [f"qz{rng.randrange(10**6)}x", "'; DROP TABLE products; --", "<b>zzzqqq</b>"] * max(1, count // 20)
    rng.shuffle(queries)
    return queries


def _measure(db: Database, queries: list[str], rounds: int) -> dict[str, float]:
    latencies: list[float] = []
    kinds: dict[str, int] = {}
    with db.session() as session:
        started = time.perf_counter()
        resolve(session, "Advil")  # builds the index
        build = time.perf_counter() - started
        for _ in range(rounds):
            for query in queries:
                t0 = time.perf_counter()
                result = resolve(session, query)
                latencies.append((time.perf_counter() - t0) * 1000)
                kinds[result.kind] = kinds.get(result.kind, 0) + 1
    latencies.sort()
    return {
        "queries": len(latencies),
        "index_build_s": round(build, 3),
        "p50_ms": round(statistics.median(latencies), 3),
        "p90_ms": round(latencies[int(len(latencies) * 0.90) - 1], 3),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1], 3),
        "max_ms": round(latencies[-1], 3),
        "mean_ms": round(statistics.fmean(latencies), 3),
        **{f"kind_{k}": v for k, v in sorted(kinds.items())},
    }


def _database(directory: str, name: str) -> Database:
    db = Database(f"sqlite:///{directory}/{name}.db")
    upgrade(db)
    with db.session(write=True) as session:
        seed_demo_world(session, _TODAY)
    return db


def main() -> None:
    """Run the benchmark, print the table and write the JSON results."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--medications", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as directory:
        demo = _database(directory, "demo")
        results["demo (22 products)"] = _measure(demo, _DEMO_QUERIES, args.rounds)
        demo.dispose()
        large = _database(directory, "large")
        started = time.perf_counter()
        with large.session(write=True) as session:
            generate(session, medications=args.medications, seed=args.seed, today=_TODAY)
        generated_s = time.perf_counter() - started
        _search_index.invalidate()
        queries = _DEMO_QUERIES + _generated_queries(large, rng, 400)
        label = f"generated ({args.medications:,} products)"
        results[label] = {"generate_s": round(generated_s, 1), **_measure(large, queries, max(1, args.rounds // 4))}
        large.dispose()
    machine = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    print(f"pharmai search benchmark — {machine['date']}")
    print(f"{machine['platform']}, Python {machine['python']}, {machine['cpu_count']} CPUs")
    print(f"{'catalog':<32}{'queries':>9}{'build s':>9}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for name, row in results.items():
        print(
            f"{name:<32}{row['queries']:>9}{row['index_build_s']:>9}{row['p50_ms']:>9}{row['p90_ms']:>9}"
            f"{row['p99_ms']:>9}{row['max_ms']:>9}"
        )
    _RESULTS.parent.mkdir(parents=True, exist_ok=True)
    _RESULTS.write_text(json.dumps({"machine": machine, "results": results}, ensure_ascii=False, indent=2) + "\n")
    print(f"results written to {_RESULTS}")


if __name__ == "__main__":
    main()
