"""The fault suite's summary: each fault test appends one JSON line; the controller prints them as a table.

With ``pytest -n 2`` the tests run in worker processes, which cannot write to the terminal: the controller
makes a file, hands its path to each worker (``workerinput``), and prints the table in its terminal
summary. ``tests/conftest.py`` calls the three hooks below.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

__all__ = ["append", "configure", "configure_node", "terminal_summary", "unconfigure"]

_PATH = pytest.StashKey[Path]()
_OWNED = pytest.StashKey[bool]()
_INPUT = "pharmai_fault_summary"
_COLUMNS = (
    ("backend", "backend"),
    ("scenario", "fault"),
    ("calls", "calls"),
    ("audit_rows", "audit rows"),
    ("refills", "refills"),
    ("approvals", "approvals"),
    ("max_turn_s", "max turn s"),
    ("verdict", "verdict"),
)
_INVARIANTS = (
    "audit rows = calls answered",
    "no approval lost (killed approvals stay pending and run once later)",
    "no double refill",
    "no turn over 2 s because of Redis",
)


def configure(config: pytest.Config) -> None:
    """Give the run its summary file: the controller's own, or the one the controller handed a worker."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and _INPUT in workerinput:
        config.stash[_PATH] = Path(workerinput[_INPUT])
        config.stash[_OWNED] = False
        return
    config.stash[_PATH] = Path(tempfile.mkdtemp(prefix="pharmai-faults-")) / "summary.jsonl"
    config.stash[_OWNED] = True


def configure_node(node: Any) -> None:
    """xdist: tell a worker where the controller's summary file is."""
    node.workerinput[_INPUT] = str(node.config.stash[_PATH])


def append(config: pytest.Config, **record: Any) -> None:
    """Append one test's numbers (one short line: appends of whole lines do not interleave)."""
    path = config.stash[_PATH]
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def terminal_summary(reporter: Any, config: pytest.Config) -> None:
    """Print the table of every fault test that ran (nothing when none did)."""
    if getattr(config, "workerinput", None) is not None or _PATH not in config.stash:
        return
    path = config.stash[_PATH]
    if not path.exists():
        return
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not records:
        return
    records.sort(key=lambda r: (str(r.get("scenario")), str(r.get("backend"))))
    rows = [[_cell(r.get(key)) for key, _ in _COLUMNS] for r in records]
    heads = [head for _, head in _COLUMNS]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(heads)]
    reporter.write_sep("=", "fault suite (issue #15)")
    reporter.write_line("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)))
    for row in rows:
        reporter.write_line("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    reporter.write_line("checked: " + "; ".join(_INVARIANTS))
    for record in records:
        for note in record.get("notes") or []:
            reporter.write_line(f"  {record.get('backend')} / {record.get('scenario')}: {note}")


def unconfigure(config: pytest.Config) -> None:
    """Remove the controller's summary file."""
    if config.stash.get(_OWNED, False):
        shutil.rmtree(config.stash[_PATH].parent, ignore_errors=True)
