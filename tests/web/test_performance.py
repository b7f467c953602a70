"""First paint and page weight of the chat on loopback, measured in Chromium the way ``make bench`` does.

The measuring code is ``benchmarks/bench_web.py``'s :func:`measure` (loaded from its file), so the test
and the benchmark cannot drift apart. The numbers are kept in ``test-artifacts/web/performance.json``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.web.conftest import ARTIFACTS, Server
from tests.web.pages import PHONE

pytestmark = pytest.mark.xdist_group("browser")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_web", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_first_paint_and_page_weight(browser: Any, server: Server) -> None:
    bench = _bench()
    bench.measure(browser, server.base_url, runs=1)  # the server's first page load warms it up
    results = {
        "desktop": bench.summarize(bench.measure(browser, server.base_url, runs=3)),
        "phone_375": bench.summarize(bench.measure(browser, server.base_url, runs=3, viewport=PHONE)),
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "performance.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(results))
    for summary in results.values():
        assert summary["first_paint_ms_median"] <= bench.TARGET_FIRST_PAINT_MS, results
        assert summary["weight_bytes_max"] <= bench.TARGET_WEIGHT_BYTES, results


def test_every_request_of_the_page_stays_on_the_server(browser: Any, server: Server) -> None:
    bench = _bench()
    (load,) = bench.measure(browser, server.base_url, runs=1)
    assert load["entries"]
    assert all(entry["url"].startswith(server.base_url + "/") for entry in load["entries"]), load["entries"]
