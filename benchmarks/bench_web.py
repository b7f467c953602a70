"""Page load of the customer web chat: first paint and page weight, in headless Chromium over loopback.

Starts ``pharmai serve`` (offline engine, demo mode, a fresh SQLite file) and loads ``/`` in a new
browser context per run, so nothing is cached: the bytes counted are every response the page needs until
it is ready to type in (the HTML, its CSS, scripts and icon, and the API calls it makes on start:
configuration, demo patients, the new conversation). Reads the browser's own timings: first paint and
first contentful paint (Paint Timing), and ``pharmai-ready`` (a mark the page sets once a conversation is
open). Prints the median and worst of the runs against the targets (first paint ≤ 1 s, weight ≤ 150 KB)
and writes ``benchmarks/results/web.json``.

The browser test ``tests/web/test_performance.py`` calls :func:`measure` from this file, so ``make test``
and ``make bench`` measure the same way.

Run: ``.venv/bin/python benchmarks/bench_web.py [--runs N]`` (needs Debian's ``chromium``).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "TARGET_FIRST_PAINT_MS", "TARGET_WEIGHT_BYTES", "measure", "summarize"]

RESULTS = Path(__file__).resolve().parent / "results" / "web.json"
CHROMIUM = "/usr/bin/chromium"
TARGET_FIRST_PAINT_MS = 1000.0
TARGET_WEIGHT_BYTES = 150 * 1024
TODAY = "2026-03-01"

# Everything the page fetched (transferSize: headers and body as sent, nothing from a cache) and the
# browser's paint and ready marks, relative to the start of navigation.
_TIMINGS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = (name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; };
  const ready = performance.getEntriesByName('pharmai-ready')[0];
  const entries = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
    url: e.name, kind: e.initiatorType, transfer: e.transferSize, body: e.encodedBodySize }));
  return { first_paint: paint('first-paint'), first_contentful_paint: paint('first-contentful-paint'),
           ready: ready ? ready.startTime : null, dom_content_loaded: nav.domContentLoadedEventEnd, entries };
}"""


def measure(
    browser: Any, base_url: str, *, runs: int = 5, viewport: dict[str, int] | None = None
) -> list[dict[str, Any]]:
    """Load the chat ``runs`` times, each in a fresh context (empty cache), and read the browser's timings.

    Args:
        browser: A Playwright (sync) browser.
        base_url: The server, e.g. ``http://127.0.0.1:8000``.
        runs: How many loads.
        viewport: The window size (default 1280 × 900).

    Returns:
        One dict per load: ``first_paint``, ``first_contentful_paint``, ``ready`` (ms from navigation
        start), ``weight_bytes`` (everything fetched), ``static_bytes`` (the page's own files) and
        ``entries`` (per URL).
    """
    loads = []
    for _ in range(runs):
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(base_url + "/")
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)
            page.wait_for_load_state("load")
            timings: dict[str, Any] = page.evaluate(_TIMINGS)
        finally:
            context.close()
        entries = timings["entries"]
        timings["weight_bytes"] = sum(e["transfer"] for e in entries)
        timings["static_bytes"] = sum(e["transfer"] for e in entries if e["kind"] not in ("fetch", "xmlhttprequest"))
        loads.append(timings)
    return loads


def summarize(loads: list[dict[str, Any]]) -> dict[str, float]:
    """Median and worst first paint (ms), ready time (ms) and weight (bytes) of :func:`measure`'s loads."""

    def values(key: str) -> list[float]:
        return [float(load[key]) for load in loads if load[key] is not None]

    paint = values("first_contentful_paint") or values("first_paint")
    return {
        "first_paint_ms_median": round(statistics.median(paint), 1),
        "first_paint_ms_max": round(max(paint), 1),
        "ready_ms_median": round(statistics.median(values("ready")), 1),
        "weight_bytes_max": max(values("weight_bytes")),
        "static_bytes_max": max(values("static_bytes")),
    }


def main() -> int:
    """Start a server, measure, print and write the JSON result; 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="Page loads (each with an empty cache).")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium): web benchmark skipped")
        return 0
    from _backends import Backend, launch_server, stop_server, wait_ready
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="pharmai-bench-") as tmp:
        workdir = Path(tmp)
        backend = Backend("sqlite", workdir, tag="web")
        settings = {"PHARMAI_ENGINE": "offline", "PHARMAI_IDENTITY_MODE": "demo", "PHARMAI_TODAY": TODAY}
        process, base, log = launch_server(backend, workdir, workers=1, settings=settings)
        try:
            wait_ready(process, base, log)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
                try:
                    measure(browser, base, runs=1)  # warm the server (first imports, first queries)
                    desktop = measure(browser, base, runs=args.runs)
                    phone = measure(browser, base, runs=args.runs, viewport={"width": 375, "height": 740})
                finally:
                    browser.close()
        finally:
            stop_server(process)
    results = {"desktop": summarize(desktop), "phone_375": summarize(phone)}
    ok = True
    for name, summary in results.items():
        paint_ok = summary["first_paint_ms_median"] <= TARGET_FIRST_PAINT_MS
        weight_ok = summary["weight_bytes_max"] <= TARGET_WEIGHT_BYTES
        ok = ok and paint_ok and weight_ok
        print(
            f"{name:<10} first paint {summary['first_paint_ms_median']:>6.1f} ms median, "
            f"{summary['first_paint_ms_max']:>6.1f} ms worst ({'meets' if paint_ok else 'misses'} ≤ 1 s); "
            f"ready {summary['ready_ms_median']:>6.1f} ms; "
            f"weight {summary['weight_bytes_max'] / 1024:>5.1f} KB, of it the page's files "
            f"{summary['static_bytes_max'] / 1024:.1f} KB ({'meets' if weight_ok else 'misses'} ≤ 150 KB)"
        )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "benchmark": "web",
        "runs": args.runs,
        "target": {"first_paint_ms": TARGET_FIRST_PAINT_MS, "weight_bytes": TARGET_WEIGHT_BYTES},
        "results": results,
        "requests": [{k: e[k] for k in ("url", "kind", "transfer")} for e in desktop[-1]["entries"]],
        "python": platform.python_version(),
        "platform": platform.platform(),
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"results: {RESULTS}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
